"""Fischer clocks: each seat starts with some seconds and gains an increment per turn.

A table keeps no running clock state of its own: a seat's time is derived from the
settings and the seconds of the moves in the record, so a take-back or a rebuild from
the record gives the clocks back as they were.

As on lichess, a seat's clock starts with its own first move: the time a player takes
for their first move is recorded but not charged (until then the game can be aborted,
see `Table.abort`). `LagQuota` is the bounded lag compensation per move.
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
    every turn it finished: a move after which the next seat to move is another. A
    seat's first move is free: its clock starts with it.
    """
    left = [settings.initial[0], settings.initial[1]]
    first = {mover: index for index, mover in reversed(list(enumerate(movers)))}
    after = next_mover
    for index in range(len(movers) - 1, -1, -1):
        mover = movers[index]
        if mover == NOBODY:
            continue
        if first.get(mover) != index:
            left[mover] -= seconds[index]
        if after != mover:
            left[mover] += settings.increment[mover]
        after = mover
    return left


class LagQuota:
    """Lag compensation for one seat, bounded as lichess bounds it: a move is credited
    the lag measured for it, at most the quota; the quota grows by `gain` per move up to
    `7 * gain` and starts at `3 * gain`. `gain` follows the time control (longer games
    allow more, at most one second per move), so a player on a slow line is not
    charged the network's time, and nobody can claim more than a bounded share."""

    def __init__(self, settings: ClockSettings, seat: int) -> None:
        total = settings.initial[seat] + 40 * settings.increment[seat]
        self.gain = min(1.0, 0.15 + total * 0.004)
        self.quota = 3 * self.gain
        self.most = 7 * self.gain

    def credit(self, lag: float) -> float:
        """The seconds credited for a move with `lag` seconds of measured lag."""
        credited = min(max(0.0, lag), self.quota)
        self.quota = min(self.most, self.quota + self.gain - credited)
        return credited


def _number(value: object) -> bool:
    """A finite int or float (not a bool, not an int too large for a float)."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:
        return False
