"""Native engines against the Python engines and python-chess, measured in the same run.

For each game with a native engine: perft leaves/s (every leaf made and unmade, in both
engines) from the same positions, next to python-chess's chess perft(4), and random
games (bulk simulation) plies/s next to the Python engine's and python-chess's random
games, as ratios. The search's positions/s join when the native search exists.

Run: `python -m benchmarks.native_speed [GAME ...]` (or `make bench`).
Target (the native-core issue), one core: native perft ≥ 30x the Python engine's perft.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

import spieltisch
from benchmarks.reference import (
    Rate,
    chess_perft_rate,
    chess_random_games_rate,
    perft_rate,
    random_games_rate,
)
from spieltisch import native
from spieltisch.core import State

NATIVE_VS_PYTHON_TARGET = 30.0
#: A mid-game of tests/games/schachogi/test_perft.py.
SCHACHOGI_MIDDLEGAME = "1rsi3r/bb1b1pbb/w3bb1w/2b5/1sS5/B3BB2/1BBB2BB/R1SIP1R1 w 2 13"
#: Okard: the regression position of tests/games/okard/test_perft.py, and a random game's
#: turn 3 (blue to roll), both with the dice as chance nodes.
OKARD_REGRESSION = (
    "t,3,k,2,l,1/4,b,4/9/9/4,b,4/9/9/3,B,RI,4/SC,3,K,3,T B1/SP1 0:0 play r ? 0 s 0 -- -"
)
OKARD_MIDGAME = (
    "5,k,3/4,b+,1,sp,2/2,t,6/9/9/9/L+,8/5,SP,RI,1,K/1,B,5,SC,1 -/T1 0:0 play b ? 0 s 3 -- -"
)


@dataclass(frozen=True)
class Setup:
    """The perft positions of one game: (state maker, Python depth, native depth)."""

    positions: list[tuple[Callable[[], State[Any]], int, int]]


SETUPS: dict[str, Setup] = {
    "ostseeschach": Setup(
        [
            (lambda: spieltisch.load("ostseeschach").new_state(1), 5, 6),
            (lambda: spieltisch.load("ostseeschach").new_state(2), 5, 6),
        ]
    ),
    "schachogi": Setup(
        [
            (lambda: spieltisch.load("schachogi").new_state(), 4, 5),
            (lambda: spieltisch.load("schachogi").parse(SCHACHOGI_MIDDLEGAME), 4, 5),
        ]
    ),
    "hase-und-igel": Setup(
        [
            (lambda: spieltisch.load("hase-und-igel").new_state(), 4, 5),
            (lambda: spieltisch.load("hase-und-igel").new_state(3), 4, 5),
        ]
    ),
    "okard": Setup(
        [
            (lambda: spieltisch.load("okard").parse(OKARD_REGRESSION), 4, 5),
            (lambda: spieltisch.load("okard").parse(OKARD_MIDGAME, reachable=False), 4, 6),
        ]
    ),
}


def native_perft_rate(name: str, positions: list[tuple[str, int]]) -> Rate:
    """Native perft over (position text, depth) pairs: leaves per second."""
    start = time.perf_counter()
    count = sum(native.perft(name, text, depth) for text, depth in positions)
    return Rate(count, time.perf_counter() - start)


def native_playout_rate(name: str, games: int, starts: int = 4) -> Rate:
    """Native random games from `starts` seeded starts: plies per second."""
    game = spieltisch.load(name)
    texts = [game.new_state(seed).text() for seed in range(starts)]
    start = time.perf_counter()
    plies = sum(native.random_playouts(name, text, games // starts, seed=1)[1] for text in texts)
    return Rate(plies, time.perf_counter() - start)


def measure(only: Collection[str] | None = None) -> dict[str, float]:
    """Run all measurements (of the games in `only`, default all), print the table, return
    the ratios by `game.measure` key."""
    chess = chess_perft_rate(4)
    print(
        f"{'game':14} {'native leaves/s':>16} {'python leaves/s':>16} {'python-chess':>14} "
        f"{'nat/py':>7} {'nat/chess':>9} target"
    )
    ratios: dict[str, float] = {}
    games = [name for name in native.engines() if only is None or name in only]
    for name in games:
        setup = SETUPS.get(name)
        if setup is None:
            continue
        states = [(make(), py_depth, nat_depth) for make, py_depth, nat_depth in setup.positions]
        python = perft_rate([(state, py_depth) for state, py_depth, _ in states])
        fast = native_perft_rate(name, [(state.text(), depth) for state, _, depth in states])
        ratios[f"{name}.native_vs_python"] = fast.per_second / python.per_second
        ratios[f"{name}.native_vs_chess"] = fast.per_second / chess.per_second
        print(
            f"{name:14} {fast.per_second:16,.0f} {python.per_second:16,.0f} "
            f"{chess.per_second:14,.0f} {ratios[f'{name}.native_vs_python']:7.1f} "
            f"{ratios[f'{name}.native_vs_chess']:9.1f} >= {NATIVE_VS_PYTHON_TARGET}"
        )
    chess_games = chess_random_games_rate(20)
    print(
        f"\n{'game':14} {'native plies/s':>16} {'python plies/s':>16} {'python-chess':>14} "
        f"{'nat/py':>7} {'nat/chess':>9}"
    )
    for name in games:
        python = random_games_rate(name, 150)
        fast = native_playout_rate(name, 20_000)
        ratios[f"{name}.playouts_vs_python"] = fast.per_second / python.per_second
        ratios[f"{name}.playouts_vs_chess"] = fast.per_second / chess_games.per_second
        print(
            f"{name:14} {fast.per_second:16,.0f} {python.per_second:16,.0f} "
            f"{chess_games.per_second:14,.0f} {ratios[f'{name}.playouts_vs_python']:7.1f} "
            f"{ratios[f'{name}.playouts_vs_chess']:9.1f}"
        )
    return ratios


if __name__ == "__main__":
    measure(sys.argv[1:] or None)
