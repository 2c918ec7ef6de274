"""Ostseeschach speed against python-chess, measured in the same run.

- perft leaves/s (every leaf played and taken back) from two random starts, depth 5,
  vs python-chess's chess perft(4);
- random full games, moves/s (end check, legal moves, choice, move at every ply)
  vs python-chess's random games (`is_game_over()` at every ply).

Run: `python -m benchmarks.ostseeschach_speed` (or `make bench`).
Targets (issue 2): perft ≥ 2.0x, random games ≥ 4.0x.
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

PERFT_TARGET = 2.0
PLAYOUT_TARGET = 4.0


def measure() -> dict[str, float]:
    """Run all measurements, print the table, return the ratios."""
    game = spieltisch.load("ostseeschach")
    rows = [
        Row(
            "perft",
            "perft leaves/s (play+undo leaves)",
            perft_rate([(game.new_state(1), 5), (game.new_state(2), 5)]),
            chess_perft_rate(4),
            PERFT_TARGET,
        ),
        Row(
            "random_games",
            "random games moves/s",
            random_games_rate("ostseeschach", 2000),
            chess_random_games_rate(20),
            PLAYOUT_TARGET,
        ),
    ]
    return report("ostseeschach", rows)


if __name__ == "__main__":
    measure()
