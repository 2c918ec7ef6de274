"""Schachogi speed against python-chess, measured in the same run.

- perft leaves/s (every leaf played and taken back) from the start position (depth 5)
  and a middle game (depth 4) vs python-chess's chess perft(4) from the chess start;
- random full games, moves/s (end check, legal moves, choice, move at every ply) vs
  python-chess's random games (`is_game_over()` at every ply), for information.

Run: `python -m benchmarks.schachogi_speed`. Target (issue 3): perft ratio ≥ 1.0.
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

PERFT_TARGET = 1.0
MIDDLEGAME = "1rsi3r/bb1b1pbb/w3bb1w/2b5/1sS5/B3BB2/1BBB2BB/R1SIP1R1 w 2 13"


def measure() -> dict[str, float]:
    """Run the measurements, print the table, return the ratios to python-chess."""
    game = spieltisch.load("schachogi")
    rows = [
        Row(
            "perft",
            "perft leaves/s (play+undo leaves)",
            perft_rate([(game.new_state(), 5), (game.parse(MIDDLEGAME), 4)]),
            chess_perft_rate(4),
            PERFT_TARGET,
        ),
        Row(
            "random_games",
            "random games moves/s",
            random_games_rate("schachogi", 100, seeded_start=False),
            chess_random_games_rate(20),
        ),
    ]
    return report("schachogi", rows)


if __name__ == "__main__":
    measure()
