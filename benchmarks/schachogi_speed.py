"""Schachogi speed against python-chess, measured in the same run.

- perft leaves/s (every leaf played and taken back, via `spieltisch.core.perft`) from the
  start position (depth 5) and a mid-game position (depth 4) vs python-chess's chess
  perft(4) from the chess start;
- random full games, moves/s (legal moves, choice, move, end check at every ply) vs
  python-chess's random games (`is_game_over()` at every ply), for information.

Run: `python -m benchmarks.schachogi_speed`. Target (issue 3): perft ratio ≥ 1.0.
"""

from __future__ import annotations

import random
import time

import spieltisch
from benchmarks.reference import Rate, chess_perft_rate, chess_random_games_rate
from spieltisch.core import perft

PERFT_TARGET = 1.0
MIDDLEGAME = "1rsi3r/bb1b1pbb/w3bb1w/2b5/1sS5/B3BB2/1BBB2BB/R1SIP1R1 w 2 13"


def schachogi_perft_rate() -> Rate:
    game = spieltisch.load("schachogi")
    start = time.perf_counter()
    count = perft(game.new_state(), 5) + perft(game.parse(MIDDLEGAME), 4)
    return Rate(count, time.perf_counter() - start)


def schachogi_random_games_rate(games: int = 100, seed: int = 1) -> Rate:
    game = spieltisch.load("schachogi")
    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_state()
        while not state.is_over():
            state.push(rng.choice(state.legal_moves()))
            moves += 1
    return Rate(moves, time.perf_counter() - start)


def measure() -> dict[str, float]:
    """Run the measurements; return the ratios to python-chess."""
    chess_perft = chess_perft_rate(4)
    ours_perft = schachogi_perft_rate()
    chess_games = chess_random_games_rate(20)
    ours_games = schachogi_random_games_rate()
    perft_ratio = ours_perft.per_second / chess_perft.per_second
    games_ratio = ours_games.per_second / chess_games.per_second
    print(f"{'measure':34} {'schachogi':>14} {'python-chess':>14} {'ratio':>7} target")
    print(
        f"{'perft leaves/s (play+undo leaves)':34} {ours_perft.per_second:14,.0f} "
        f"{chess_perft.per_second:14,.0f} {perft_ratio:7.2f} >= {PERFT_TARGET}"
    )
    print(
        f"{'random games moves/s':34} {ours_games.per_second:14,.0f} "
        f"{chess_games.per_second:14,.0f} {games_ratio:7.2f}"
    )
    return {"perft": perft_ratio, "random_games": games_ratio}


if __name__ == "__main__":
    measure()
