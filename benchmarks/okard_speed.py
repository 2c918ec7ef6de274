"""Okard speed against python-chess, measured in the same run.

- random full games (pick, placement and play phases, dice drawn as chance outcomes),
  plies/s with `legal_moves`, a random choice and `push` at every ply, vs python-chess's
  random games;
- perft leaves/s from a play-phase middle game (chance nodes expand all six outcomes,
  every leaf played and taken back) vs python-chess's perft(4).

Run: `python -m benchmarks.okard_speed`.
"""

from __future__ import annotations

import random
import time

import spieltisch
from benchmarks.reference import Rate, chess_perft_rate, chess_random_games_rate
from spieltisch.core import perft

#: A middle game on 9x9: both armies partly on the board, stones in hand, red to roll.
MIDDLE_GAME = "t,3,k,2,l,1/4,b,4/9/9/4,b,4/9/9/3,B,RI,4/SC,3,K,3,T B1/SP1 0:0 play r ? 0 s 0 -- -"


def okard_random_games_rate(games: int = 100, seed: int = 1) -> Rate:
    game = spieltisch.load("okard")
    rng = random.Random(seed)
    plies = 0
    start = time.perf_counter()
    for index in range(games):
        state = game.new_state(index)
        while not state.is_over():
            if state.is_chance():
                state.push(state.sample_chance(rng))
            else:
                state.push(rng.choice(state.legal_moves()))
            plies += 1
    return Rate(plies, time.perf_counter() - start)


def okard_perft_rate(depth: int = 4) -> Rate:
    game = spieltisch.load("okard")
    state = game.parse(MIDDLE_GAME)
    start = time.perf_counter()
    count = perft(state, depth)
    return Rate(count, time.perf_counter() - start)


def measure() -> dict[str, float]:
    """Run the measurements; print a table and return the two ratios."""
    chess_games = chess_random_games_rate(20)
    ours_games = okard_random_games_rate()
    chess_perft = chess_perft_rate(4)
    ours_perft = okard_perft_rate()
    games_ratio = ours_games.per_second / chess_games.per_second
    perft_ratio = ours_perft.per_second / chess_perft.per_second
    print(f"{'measure':34} {'okard':>14} {'python-chess':>14} {'ratio':>7}")
    print(
        f"{'random games plies/s':34} {ours_games.per_second:14,.0f} "
        f"{chess_games.per_second:14,.0f} {games_ratio:7.2f}"
    )
    print(
        f"{'perft leaves/s (play+undo leaves)':34} {ours_perft.per_second:14,.0f} "
        f"{chess_perft.per_second:14,.0f} {perft_ratio:7.2f}"
    )
    return {"random_games": games_ratio, "perft": perft_ratio}


if __name__ == "__main__":
    measure()
