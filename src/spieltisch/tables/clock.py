"""Fischer clocks: each seat starts with some seconds and gains an increment per turn.

A table keeps no running clock state of its own: a seat's time is derived from the
settings and the seconds of the moves in the record, so a take-back or a rebuild from
the record gives the clocks back as they were.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from spieltisch.core.errors import NotationError

#: The longest initial time (a week) and increment (an hour) a clock takes, in seconds.
MAX_INITIAL = 7 * 86_400.0
MAX_INCREMENT = 3_600.0
#: `movers` entry of a chance outcome (no seat moved).
NOBODY = -1


@dataclass(frozen=True)
class ClockSettings:
    """Initial seconds and increment per turn, for seat 0 and seat 1."""

    initial: tuple[float, float]
    increment: tuple[float, float] = (0.0, 0.0)

    def __post_init__(self) -> None:
        for value in self.initial:
            if not (_number(value) and 0 < value <= MAX_INITIAL):
                raise ValueError(f"a clock's initial time is 0..{MAX_INITIAL:g} seconds")
        for value in self.increment:
            if not (_number(value) and 0 <= value <= MAX_INCREMENT):
                raise ValueError(f"a clock's increment is 0..{MAX_INCREMENT:g} seconds")

    @classmethod
    def both(cls, initial: float, increment: float = 0.0) -> ClockSettings:
        """The same clock for both seats."""
        return cls((initial, initial), (increment, increment))

    def to_json(self) -> dict[str, Any]:
        return {"initial": list(self.initial), "increment": list(self.increment)}

    @classmethod
    def from_json(cls, data: object) -> ClockSettings:
        """The settings from a record's `meta.clock`; anything else is a `NotationError`."""
        if not isinstance(data, dict) or set(data) != {"initial", "increment"}:
            raise NotationError("record field 'meta.clock': expected initial and increment")
        pairs = []
        for key in ("initial", "increment"):
            pair = data[key]
            if not (isinstance(pair, list) and len(pair) == 2 and all(_number(v) for v in pair)):
                raise NotationError(f"record field 'meta.clock.{key}': expected two numbers")
            pairs.append((float(pair[0]), float(pair[1])))
        try:
            return cls(pairs[0], pairs[1])
        except ValueError as exc:
            raise NotationError(f"record field 'meta.clock': {exc}") from None


def clock_times(
    settings: ClockSettings,
    movers: Sequence[int],
    seconds: Sequence[float],
    next_mover: int | None,
) -> list[float]:
    """Each seat's time left after the recorded moves, not counting the turn under way.

    `movers[i]` is the seat that made move i (`NOBODY` for a chance outcome) and
    `next_mover` the seat to move now (None at the end). A seat gains its increment for
    every turn it finished: a move after which the next seat to move is another.
    """
    left = [settings.initial[0], settings.initial[1]]
    after = next_mover
    for mover, spent in zip(reversed(movers), reversed(seconds), strict=True):
        if mover == NOBODY:
            continue
        left[mover] -= spent
        if after != mover:
            left[mover] += settings.increment[mover]
        after = mover
    return left


def _number(value: object) -> bool:
    """A finite int or float (not a bool, not an int too large for a float)."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:
        return False
