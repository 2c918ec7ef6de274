"""How a game's search scores read for people: the unit they are counted in and how a
score maps to an expected result.

A search reports a number for the player to move: a native engine in its own integer
units (Ostseeschach thousandths of a piece, Schachogi hundredths of a Brrbrr, ...), the
Python alpha-beta in hundredths of the game's evaluation. An analysis shows it in the
game's unit (one piece, one Brrbrr) where that means something to a player, and turns
every score into an expected result in [-1, 1] (+1: the player wins for sure): the
measure the eval bar, the evaluation graph and the judgement of each move (inaccuracy,
mistake, blunder by the loss in winning chances, as lichess) rest on. In a game with
dice (Okard) or a race (Hase und Igel) the expected result is the score itself.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = ["ScoreScale"]


@dataclass(frozen=True)
class ScoreScale:
    """A game's native score read for people.

    `unit` names what one shown unit is (a code the front end words: "piece",
    "brrbrr", "point"), or "" when the game is shown as an expected result only;
    `per_unit` is the native score of one unit; `spread` the units at which the expected
    result is tanh(1) (about 0.76), the scale of the game's own evaluation; 0 when the
    native score already is an expected result times `per_unit`."""

    unit: str
    per_unit: float
    spread: float = 0.0

    @property
    def expected_only(self) -> bool:
        """Whether the game shows expected results, not a unit (dice, a race)."""
        return not self.unit

    def units(self, score: float) -> float:
        """`score` (native) in shown units."""
        return score / self.per_unit

    def expected(self, score: float) -> float:
        """`score` (native, not a proven result) as an expected result in [-1, 1]."""
        shown = self.units(score)
        if self.spread > 0:
            return math.tanh(shown / self.spread)
        return max(-1.0, min(1.0, shown))
