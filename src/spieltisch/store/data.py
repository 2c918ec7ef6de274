"""The plain values the store hands out: seats, moves, games and saved positions.

They are frozen dataclasses detached from any database session, so a web server may pass
them between threads and keep them after the transaction that read them is over.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal, cast

from spieltisch.core.game import Outcome
from spieltisch.core.record import GameRecord, RecordMeta

Status = Literal["running", "finished", "abandoned"]
STATUSES: tuple[Status, ...] = ("running", "finished", "abandoned")
#: `list_games(result=...)`: seat 0 or 1 won, a draw, or (with a player) won or lost.
RESULTS = ("0", "1", "draw", "won", "lost")
#: The kind of a seat whose kind is not known (games imported from plain records).
UNKNOWN = "unknown"
#: The kind of both seats of a game imported from a record (`POST /api/records/import`):
#: its players are plain names, and it is never rated nor counted in a leaderboard.
IMPORTED = "imported"


@dataclass(frozen=True)
class Player:
    """Who sits in a seat: a name and a kind, `person`, `ai:LEVEL`, `bot:NAME` (or
    `unknown` for imported games that do not say)."""

    name: str
    kind: str = "person"


@dataclass(frozen=True)
class StoredMove:
    """One stored move. `ply` counts the moves before it (0 for the first); `seat` is
    0 or 1, or -1 (`core.game.CHANCE`) for a chance outcome; `seconds` and `played_at`
    are None where not known (imported records without times)."""

    ply: int
    notation: str
    seat: int
    seconds: float | None
    played_at: datetime | None


@dataclass(frozen=True)
class GameSummary:
    """A stored game without its moves (one row of the games list)."""

    id: int
    game: str
    options: str
    seed: int | None
    chance_seed: int | None
    start: str
    players: tuple[Player, Player]
    status: Status
    plies: int
    winner: int | None
    reason: str
    scores: tuple[tuple[int, ...], tuple[int, ...]]
    meta: dict[str, Any]
    created: datetime
    updated: datetime
    finished: datetime | None

    @property
    def result(self) -> str | None:
        """`"0"` or `"1"` (the seat that won), `"draw"`, or None unless finished."""
        if self.status != "finished":
            return None
        return "draw" if self.winner is None else str(self.winner)

    def outcome(self) -> Outcome | None:
        """The outcome of a finished game, None otherwise."""
        if self.status != "finished":
            return None
        return Outcome(self.winner, self.reason, self.scores)


@dataclass(frozen=True)
class StoredGame(GameSummary):
    """A stored game with every move played so far, oldest first."""

    moves: tuple[StoredMove, ...] = field(default=())

    def to_record(self) -> GameRecord:
        """The game as a record file holds it (see `Store.record`)."""
        meta = cast(RecordMeta, dict(self.meta))
        if self.chance_seed is not None:
            meta["chance_seed"] = self.chance_seed
        kinds = [player.kind for player in self.players]
        if kinds != [UNKNOWN, UNKNOWN]:
            meta["kinds"] = kinds
        meta["created"] = self.created.isoformat()
        if self.finished is not None:
            meta["ended"] = self.finished.isoformat()
        if self.status == "abandoned":
            meta["abandoned"] = self.reason
        times = [move.seconds for move in self.moves]
        finished = self.status == "finished"
        return GameRecord(
            game=self.game,
            options=self.options,
            start=self.start,
            seed=self.seed,
            players=(self.players[0].name, self.players[1].name),
            moves=[move.notation for move in self.moves],
            # no times at all (an untimed record) stay none; a missing one counts as 0
            seconds=[] if all(t is None for t in times) else [t or 0.0 for t in times],
            winner=self.winner if finished else None,
            reason=self.reason if finished else "",
            scores=self.scores,
            finished=finished,
            meta=meta,
        )


@dataclass(frozen=True)
class StoredPosition:
    """A position saved for analysis; `game_id` and `ply` say where it came from."""

    id: int
    game: str
    options: str
    text: str
    note: str
    game_id: int | None
    ply: int | None
    created: datetime
