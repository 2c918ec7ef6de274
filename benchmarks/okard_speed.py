"""Okard speed against python-chess, measured in the same run.

- random full games (pick, placement and play phases, dice drawn as chance outcomes),
  plies/s with the end check, `legal_moves`, a random choice and `push` at every ply,
  vs python-chess's random games;
- perft leaves/s from a play-phase middle game (chance nodes expand all six outcomes,
  every leaf played and taken back) vs python-chess's perft(4).

Run: `python -m benchmarks.okard_speed`.
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

#: A middle game on 9x9: both armies partly on the board, stones in hand, red to roll.
MIDDLE_GAME = "t,3,k,2,l,1/4,b,4/9/9/4,b,4/9/9/3,B,RI,4/SC,3,K,3,T B1/SP1 0:0 play r ? 0 s 0 -- -"


#: Floors for the ratios to python-chess, about a third of those measured when they were
#: set (6.0 and 3.2, on a busy 2-core machine): both sides run in the same process and
#: moment, so only a real slowdown of the engine (three times) falls below them.
PLAYOUT_TARGET = 2.0
PERFT_TARGET = 1.0


def measure() -> dict[str, float]:
    """Run the measurements, print the table, return the ratios to python-chess."""
    game = spieltisch.load("okard")
    rows = [
        Row(
            "random_games",
            "random games plies/s",
            random_games_rate("okard", 100),
            chess_random_games_rate(20),
            PLAYOUT_TARGET,
        ),
        Row(
            "perft",
            "perft leaves/s (play+undo leaves)",
            perft_rate([(game.parse(MIDDLE_GAME), 4)]),
            chess_perft_rate(4),
            PERFT_TARGET,
        ),
    ]
    return report("okard", rows)


if __name__ == "__main__":
    measure()
