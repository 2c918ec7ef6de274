"""The Schachogi options: the two draw rules, each of which can be changed or switched off."""

from __future__ import annotations

from dataclasses import dataclass

from spieltisch.core.errors import OptionError
from spieltisch.core.options import GameOptions


@dataclass(frozen=True)
class SchachogiOptions(GameOptions):
    """The draw rules (schachogi.md, "End of the game"); 0 switches a rule off.

    `repetitions`: the game is drawn when a position (with the same side to move) occurs
    for this many times. `quiet_plies`: drawn after this many plies in a row without a
    capture, a Brrbrr move or a promotion.
    """

    repetitions: int = 3
    quiet_plies: int = 100

    def __post_init__(self) -> None:
        if self.repetitions != 0 and not 2 <= self.repetitions <= 100:
            raise OptionError(f"option repetitions: {self.repetitions} is not 0 (off) or 2..100")
        if self.quiet_plies != 0 and not 1 <= self.quiet_plies <= 10_000:
            raise OptionError(f"option quiet_plies: {self.quiet_plies} is not 0 (off) or 1..10000")
