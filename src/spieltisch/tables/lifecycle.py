"""When a table ends without its players: the lifecycle rules of a public server, as
lichess has them.

- A waiting table (a seat free) expires after `waiting_seconds`.
- A started game in which a player has not moved yet is aborted after `abort_seconds`
  without a move (no result, nobody rated).
- A player who is gone (no move, no connection) for `claim_seconds` while the game runs
  lets the other claim the win (reason `LEFT`).
- A game with no move for `stale_game_seconds` is abandoned.

`Lifecycle` follows one live table (times from `time.time()`, so a restart can seed them
from the store); `stale_reason` sorts a stored running game at a restart: end it (the
reason) or rebuild it (None). Bot games end at a restart (`RESTART`): their connections
are gone with the old process.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from spieltisch.core.settings import Settings
from spieltisch.store import GameSummary
from spieltisch.tables.events import (
    Abandoned,
    Event,
    GameOver,
    MovePlayed,
    Reverted,
    Started,
    TookBack,
)
from spieltisch.tables.seats import SeatError, SeatKind
from spieltisch.tables.table import Status, Table

__all__ = [
    "ABORTED",
    "EXPIRED",
    "LEFT",
    "RESTART",
    "STALE",
    "Lifecycle",
    "is_bot_game",
    "stale_reason",
]

#: The reasons of the ends decided here.
EXPIRED = "expired: nobody took the free seat"
ABORTED = "aborted: no move"
STALE = "abandoned: no move for a long time"
RESTART = "aborted: server restart"
#: The outcome reason of a win claimed because the other player left.
LEFT = "LEFT"
#: `meta.room` of a table the bot server opened.
BOT_ROOM = "bots"

Now = Callable[[], float]


def is_bot_game(kinds: tuple[str, str], meta: dict[str, Any]) -> bool:
    """A game of the bot server (a bot's seat, or a room the bot server opened)."""
    return meta.get("room") == BOT_ROOM or any(kind.startswith("bot:") for kind in kinds)


def stale_reason(game: GameSummary, settings: Settings, now: datetime) -> str | None:
    """Why the stored running `game` is ended at a restart, or None to rebuild it."""
    kinds = (game.players[0].kind, game.players[1].kind)
    if is_bot_game(kinds, game.meta):
        return RESTART
    idle = (now - game.updated).total_seconds()
    if _waiting(game) and game.plies == 0:
        return EXPIRED if idle > settings.waiting_seconds else None
    if game.plies < 2 and idle > settings.abort_seconds:
        return ABORTED  # not both players can have moved
    if idle > settings.stale_game_seconds:
        return STALE
    return None


def _waiting(game: GameSummary) -> bool:
    holders = game.meta.get("holders")
    seats = game.meta.get("seats")
    if not (isinstance(holders, list) and isinstance(seats, list) and len(seats) == 2):
        return False
    for index, entry in enumerate(seats):
        kind = entry.get("kind") if isinstance(entry, dict) else None
        holder = holders[index] if index < len(holders) else None
        if kind != str(SeatKind.AI) and holder is None:
            return True
    return False


@dataclass
class Lifecycle:
    """The times that decide a live table's end without its players (see the module)."""

    table: Table
    settings: Settings
    now: Now = time.time
    #: When the table opened (waiting) and when something last happened in its game
    #: (a move, a take-back, the end).
    opened: float = 0.0
    active: float = 0.0
    #: Since when each seat's player is gone (None: there, or not a person).
    away: list[float | None] = field(default_factory=lambda: [None, None])

    def __post_init__(self) -> None:
        moment = self.now()
        self.opened = self.opened or moment
        self.active = self.active or moment
        self.table.subscribe(self._heard)

    def _heard(self, event: Event) -> None:
        if isinstance(event, Started | MovePlayed | TookBack | Reverted | GameOver | Abandoned):
            self.active = self.now()

    def present(self, seat: int, here: bool) -> None:
        """The player of `seat` came (a connection) or went (its last one closed)."""
        self.away[seat] = None if here else (self.away[seat] or self.now())

    def moved(self, seat: int) -> bool:
        return seat in self.table.movers()

    def due(self) -> str | None:
        """The reason to end the table now (expired, aborted, stale), or None."""
        table, settings, now = self.table, self.settings, self.now()
        if table.status is Status.WAITING:
            return EXPIRED if now - self.opened > settings.waiting_seconds else None
        if table.status is not Status.RUNNING:
            return None
        idle = now - self.active
        if not (self.moved(0) and self.moved(1)) and idle > settings.abort_seconds:
            return ABORTED
        if idle > settings.stale_game_seconds:
            return STALE
        return None

    def claimable(self, seat: int) -> bool:
        """Whether the player of `seat` may claim the win: the game runs, both have
        moved, and the other player (a person) is gone for `claim_seconds`."""
        table = self.table
        other = 1 - seat
        if table.status is not Status.RUNNING or table.seats[other].kind is not SeatKind.PERSON:
            return False
        if not (self.moved(0) and self.moved(1)):
            return False
        gone = self.away[other]
        return gone is not None and self.now() - gone > self.settings.claim_seconds

    def claim(self, seat: int) -> None:
        """`seat` claims the win over a player who left (`SeatError` if it may not)."""
        if not self.claimable(seat):
            raise SeatError(
                "NO_CLAIM",
                "you can claim the win only when your opponent has been gone for "
                f"{self.settings.claim_seconds:g} s in a game you both moved in",
            )
        self.table.forfeit(1 - seat, LEFT)
