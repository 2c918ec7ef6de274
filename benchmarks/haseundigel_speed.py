"""Hase und Igel speed against python-chess, measured in the same run.

- random full games on random boards, moves/s (end check, legal moves, choice, move at
  every ply) vs python-chess's random games (`is_game_over()` at every ply);
- perft leaves/s from the canonical start, depth 5 (every leaf played and taken back,
  one move = one full action list) vs python-chess's perft(4).

Run: `python -m benchmarks.haseundigel_speed`.
"""

from __future__ import annotations

import spieltisch
from benchmarks.reference import (
    Row,
    chess_perft_rate,
    chess_random_games_rate,
    perft_rate,
    random_games_rate,
    report,
)

#: Floors for the ratios to python-chess, about a third of those measured when they were
#: set (10.0 and 3.1, on a busy 2-core machine): both sides run in the same process and
#: moment, so only a real slowdown of the engine (three times) falls below them.
PLAYOUT_TARGET = 3.0
PERFT_TARGET = 1.0


def measure() -> dict[str, float]:
    """Run the measurements, print the table, return the ratios to python-chess."""
    game = spieltisch.load("hase-und-igel")
    rows = [
        Row(
            "random_games",
            "random games moves/s",
            random_games_rate("hase-und-igel", 1000),
            chess_random_games_rate(20),
            PLAYOUT_TARGET,
        ),
        Row(
            "perft",
            "perft leaves/s (play+undo leaves)",
            perft_rate([(game.new_state(), 5)]),
            chess_perft_rate(4),
            PERFT_TARGET,
        ),
    ]
    return report("hase-und-igel", rows)


if __name__ == "__main__":
    measure()
