"""Hase und Igel speed against python-chess, measured in the same run.

- random full games on random boards, moves/s (legal moves, choice, move, end check at
  every ply) vs python-chess's random games (`is_game_over()` at every ply);
- perft leaves/s from the canonical start (every leaf played and taken back, one move =
  one full action list) vs python-chess's perft(4).

Run: `python -m benchmarks.haseundigel_speed`.
"""

from __future__ import annotations

import random
import time

import spieltisch
from benchmarks.reference import Rate, chess_perft_rate, chess_random_games_rate
from spieltisch.core import perft


def haseundigel_random_games_rate(games: int = 1000, seed: int = 1) -> Rate:
    game = spieltisch.load("hase-und-igel")
    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    for index in range(games):
        state = game.new_state(index)
        while not state.is_over():
            state.push(rng.choice(state.legal_moves()))
            moves += 1
    return Rate(moves, time.perf_counter() - start)


def haseundigel_perft_rate(depth: int = 5) -> Rate:
    game = spieltisch.load("hase-und-igel")
    start = time.perf_counter()
    count = perft(game.new_state(), depth)
    return Rate(count, time.perf_counter() - start)


def measure() -> dict[str, float]:
    """Run the measurements; print a table and return the two ratios."""
    chess_games = chess_random_games_rate(20)
    ours_games = haseundigel_random_games_rate()
    chess_perft = chess_perft_rate(4)
    ours_perft = haseundigel_perft_rate()
    games_ratio = ours_games.per_second / chess_games.per_second
    perft_ratio = ours_perft.per_second / chess_perft.per_second
    print(f"{'measure':34} {'hase-und-igel':>14} {'python-chess':>14} {'ratio':>7}")
    print(
        f"{'random games moves/s':34} {ours_games.per_second:14,.0f} "
        f"{chess_games.per_second:14,.0f} {games_ratio:7.2f}"
    )
    print(
        f"{'perft leaves/s (play+undo leaves)':34} {ours_perft.per_second:14,.0f} "
        f"{chess_perft.per_second:14,.0f} {perft_ratio:7.2f}"
    )
    return {"random_games": games_ratio, "perft": perft_ratio}


if __name__ == "__main__":
    measure()
