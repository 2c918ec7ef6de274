"""The games every table test runs on, a clock the test moves by hand, and tables of two
people played at random."""

from __future__ import annotations

import random
from typing import Any

import spieltisch
from spieltisch.tables import ClockSettings, Seat, Table

GAMES = ("ostseeschach", "schachogi", "hase-und-igel", "okard")


class FakeClock:
    """A clock that moves only when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def people() -> list[Seat]:
    return [Seat.person("ann", "token-a"), Seat.person("bob", "token-b")]


def table_for(name: str = "ostseeschach", seed: int = 3, **kwargs: Any) -> Table:
    table = Table(spieltisch.load(name), kwargs.pop("seats", people()), seed=seed, **kwargs)
    table.start()
    return table


def random_moves(table: Table, rng: random.Random, limit: int = 2000) -> None:
    """Play uniformly random legal moves for whoever is to move."""
    while (seat := table.turn) is not None and table.ply < limit:
        table.play(seat, str(rng.choice(table.state.legal_moves())))


def clocked(initial: float = 60.0, increment: float = 0.0) -> tuple[Table, FakeClock]:
    """An Ostseeschach table of two people with clocks of `initial` seconds (and
    `increment`) on a clock the test moves by hand."""
    clock = FakeClock()
    table = table_for("ostseeschach", clocks=ClockSettings.both(initial, increment), clock=clock)
    return table, clock
