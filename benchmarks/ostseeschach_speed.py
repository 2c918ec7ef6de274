"""Ostseeschach speed against python-chess, measured in the same run.

- perft leaves/s (every leaf played and taken back) vs python-chess's chess perft(4);
- random full games, moves/s (legal moves, choice, move, end check at every ply)
  vs python-chess's random games (`is_game_over()` at every ply).

Run: `python -m benchmarks.ostseeschach_speed` (or `make bench`).
Targets (issue 2): perft ≥ 2.0x, random games ≥ 4.0x.
"""

from __future__ import annotations

import random
import time

import spieltisch
from benchmarks.reference import Rate, chess_perft_rate, chess_random_games_rate
from spieltisch.core import perft

PERFT_TARGET = 2.0
PLAYOUT_TARGET = 4.0


def ostseeschach_perft_rate(depth: int = 5, seeds: tuple[int, ...] = (1, 2)) -> Rate:
    game = spieltisch.load("ostseeschach")
    count = 0
    start = time.perf_counter()
    for seed in seeds:
        count += perft(game.new_state(seed), depth)
    return Rate(count, time.perf_counter() - start)


def ostseeschach_random_games_rate(games: int = 2000, seed: int = 1) -> Rate:
    game = spieltisch.load("ostseeschach")
    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    for index in range(games):
        state = game.new_state(index)
        while not state.is_over():
            state.push(rng.choice(state.legal_moves()))
            moves += 1
    return Rate(moves, time.perf_counter() - start)


def measure() -> dict[str, float]:
    """Run all measurements; return the two ratios."""
    chess_perft = chess_perft_rate(4)
    ours_perft = ostseeschach_perft_rate()
    chess_games = chess_random_games_rate(20)
    ours_games = ostseeschach_random_games_rate()
    perft_ratio = ours_perft.per_second / chess_perft.per_second
    games_ratio = ours_games.per_second / chess_games.per_second
    print(f"{'measure':34} {'ostseeschach':>14} {'python-chess':>14} {'ratio':>7} target")
    print(
        f"{'perft leaves/s (play+undo leaves)':34} {ours_perft.per_second:14,.0f} "
        f"{chess_perft.per_second:14,.0f} {perft_ratio:7.2f} >= {PERFT_TARGET}"
    )
    print(
        f"{'random games moves/s':34} {ours_games.per_second:14,.0f} "
        f"{chess_games.per_second:14,.0f} {games_ratio:7.2f} >= {PLAYOUT_TARGET}"
    )
    return {"perft": perft_ratio, "random_games": games_ratio}


if __name__ == "__main__":
    measure()
