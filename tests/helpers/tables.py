"""The games every table test runs on, and a clock the test moves by hand."""

from __future__ import annotations

GAMES = ("ostseeschach", "schachogi", "hase-und-igel", "okard")


class FakeClock:
    """A clock that moves only when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now
