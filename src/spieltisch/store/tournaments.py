"""The store's tournaments and live ratings: the part of the repository API over the
tables of revision 0002, mixed into `Store`.

A tournament keeps its settings and its schedule; a scheduled game links to the stored
game once it is played, in the same transaction that stores the game, so a tournament
resumed after a crash replays exactly the games that have no stored game yet. Live
ratings are updated once per finished game (the history is keyed by game and seat).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from spieltisch.core.errors import quote
from spieltisch.core.rating import NEW_PLAYER, LiveRating, RatingUpdate, Result, live_update
from spieltisch.core.record import GameRecord
from spieltisch.core.registry import load
from spieltisch.store.data import IMPORTED
from spieltisch.store.errors import ConflictError, NotFoundError, StoreError
from spieltisch.store.models import (
    PLAYER_NAME_LENGTH,
    GameRow,
    MoveRow,
    RatingChangeRow,
    RatingRow,
    TournamentGameRow,
    TournamentRow,
)
from spieltisch.store.transactions import Transactions

log = logging.getLogger(__name__)

TOURNAMENT_FORMATS = ("round-robin", "gauntlet", "swiss", "sprt")
#: The most games one tournament schedules.
MAX_SCHEDULE = 1_000_000


@dataclass(frozen=True)
class StoredTournament:
    """A tournament as stored: its settings (players with their specs, rounds, games per
    pair, seed, ...) as a JSON object."""

    id: int
    name: str
    game: str
    options: str
    format: str
    settings: dict[str, Any]
    status: str
    created: datetime
    updated: datetime
    finished: datetime | None


@dataclass(frozen=True)
class ScheduledGame:
    """One game of a tournament's schedule; `game_id` is None until it has been played.
    `winner` and `scores` are the stored game's (None and empty until finished)."""

    number: int
    round: int
    seats: tuple[int, int]
    deal: int
    game_id: int | None
    status: str | None = None
    winner: int | None = None
    scores: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())

    @property
    def played(self) -> bool:
        return self.game_id is not None

    @property
    def pair(self) -> tuple[int, int]:
        """The two players, lower index first."""
        a, b = self.seats
        return (a, b) if a < b else (b, a)


@dataclass(frozen=True)
class LeaderboardEntry:
    """A player's live rating in one game."""

    player: str
    kind: str
    rating: LiveRating
    games: int
    updated: datetime


@dataclass(frozen=True)
class RatingPoint:
    """A player's live rating right after the stored game `game_id`."""

    game_id: int
    rating: LiveRating
    at: datetime


def _now() -> datetime:
    return datetime.now(UTC)


class TournamentStore(Transactions):
    """Tournaments and ratings (mixed into `Store`, which gives the transactions)."""

    # --- tournaments ---------------------------------------------------------------------

    def create_tournament(
        self, name: str, game: str, options: str, format: str, settings: Mapping[str, Any]
    ) -> int:
        """A new running tournament; its id. `settings` must be JSON."""
        if format not in TOURNAMENT_FORMATS:
            raise StoreError(f"a tournament's format is one of {', '.join(TOURNAMENT_FORMATS)}")
        load(game, options or None)  # an unknown game or bad options: the game's error
        if not isinstance(name, str) or len(name) > PLAYER_NAME_LENGTH or "\x00" in name:
            raise StoreError(f"a tournament's name: text of at most {PLAYER_NAME_LENGTH} chars")
        try:
            data = json.loads(json.dumps(dict(settings), allow_nan=False))
        except (TypeError, ValueError) as exc:
            raise StoreError(f"tournament settings: not storable as JSON ({exc})") from None
        now = _now()
        row = TournamentRow(
            name=name,
            game=game,
            options=options,
            format=format,
            settings=data,
            status="running",
            created_at=now,
            updated_at=now,
            finished_at=None,
        )
        with self._write() as session:
            session.add(row)
            session.flush()
            return row.id

    def tournament(self, tournament_id: int) -> StoredTournament:
        with self._read() as session:
            row = session.get(TournamentRow, _id(tournament_id))
            if row is None:
                raise NotFoundError(f"no tournament with id {tournament_id}")
            return _tournament(row)

    def tournaments(self, *, game: str | None = None, limit: int = 50) -> list[StoredTournament]:
        """Tournaments, newest first, optionally of one game."""
        query = select(TournamentRow)
        if game is not None:
            query = query.where(TournamentRow.game == game)
        query = query.order_by(TournamentRow.created_at.desc(), TournamentRow.id.desc())
        with self._read() as session:
            return [_tournament(row) for row in session.scalars(query.limit(max(0, limit)))]

    def schedule(self, tournament_id: int, games: Sequence[tuple[int, int, int, int, int]]) -> None:
        """Add games (number, round, seat-0 player, seat-1 player, deal) to the schedule;
        a number already scheduled is a `ConflictError`."""
        tournament_id = _id(tournament_id)
        with self._write() as session:
            if session.get(TournamentRow, tournament_id) is None:
                raise NotFoundError(f"no tournament with id {tournament_id}")
            taken = set(
                session.scalars(
                    select(TournamentGameRow.number).where(
                        TournamentGameRow.tournament_id == tournament_id
                    )
                )
            )
            if len(taken) + len(games) > MAX_SCHEDULE:
                raise StoreError(f"a tournament schedules at most {MAX_SCHEDULE} games")
            for number, round_number, seat0, seat1, deal in games:
                if number in taken:
                    raise ConflictError(f"tournament {tournament_id} already has game {number}")
                taken.add(number)
                session.add(
                    TournamentGameRow(
                        tournament_id=tournament_id,
                        number=number,
                        round=round_number,
                        seat0=seat0,
                        seat1=seat1,
                        deal=deal,
                        game_id=None,
                    )
                )

    def scheduled_games(self, tournament_id: int) -> list[ScheduledGame]:
        """The schedule in game order, with the result of every game played."""
        tournament_id = _id(tournament_id)
        query = (
            select(TournamentGameRow, GameRow)
            .outerjoin(GameRow, GameRow.id == TournamentGameRow.game_id)
            .where(TournamentGameRow.tournament_id == tournament_id)
            .order_by(TournamentGameRow.number)
        )
        with self._read() as session:
            found = []
            for planned, game in session.execute(query).all():
                scores = (game.scores or [[], []]) if game is not None else [[], []]
                found.append(
                    ScheduledGame(
                        planned.number,
                        planned.round,
                        (planned.seat0, planned.seat1),
                        planned.deal,
                        planned.game_id,
                        game.status if game is not None else None,
                        game.winner if game is not None else None,
                        (tuple(scores[0]), tuple(scores[1])),
                    )
                )
            return found

    def store_tournament_game(self, tournament_id: int, number: int, record: GameRecord) -> int:
        """Store the played game `record` as game `number` of the tournament and link it,
        in one transaction; the stored game's id. A game already linked is a
        `ConflictError` (and nothing is stored), so no game is kept twice."""
        from spieltisch.store.repository import _add_imported, _imported_rows

        tournament_id = _id(tournament_id)
        row, moves = _imported_rows(record)
        with self._write() as session:
            planned = session.get(TournamentGameRow, (tournament_id, number))
            if planned is None:
                raise NotFoundError(f"tournament {tournament_id} has no game {number}")
            if planned.game_id is not None:
                raise ConflictError(
                    f"game {number} of tournament {tournament_id} is already stored "
                    f"(game {planned.game_id})"
                )
            game_id = _add_imported(session, row, moves)
            planned.game_id = game_id
            session.execute(
                update(TournamentRow)
                .where(TournamentRow.id == tournament_id)
                .values(updated_at=_now())
            )
            return game_id

    def finish_tournament(self, tournament_id: int) -> None:
        now = _now()
        with self._write() as session:
            done = session.execute(
                update(TournamentRow)
                .where(TournamentRow.id == _id(tournament_id))
                .values(status="finished", finished_at=now, updated_at=now)
            )
            if done.rowcount != 1:  # type: ignore[attr-defined]
                raise NotFoundError(f"no tournament with id {tournament_id}")

    # --- ratings -------------------------------------------------------------------------

    def results(self, game: str, *, rated_only: bool = False) -> list[Result]:
        """Every finished game of `game` as a result between its players' names (for
        Bradley–Terry ratings); games of a player against himself and imported games
        (results not played here) are left out. With `rated_only`, only the games that
        updated the live ratings (`rate_game`): games played on this server between rated
        players, never guests' games."""
        query = (
            select(GameRow.player0, GameRow.player1, GameRow.winner)
            .where(
                GameRow.game == game,
                GameRow.status == "finished",
                GameRow.kind0 != IMPORTED,
                GameRow.kind1 != IMPORTED,
            )
            .order_by(GameRow.id)
        )
        if rated_only:
            query = query.where(
                select(RatingChangeRow.game_id)
                .where(RatingChangeRow.game_id == GameRow.id)
                .exists()
            )
        with self._read() as session:
            rows = session.execute(query).all()
        return [
            Result(p0, p1, 0.5 if winner is None else (1.0 if winner == 0 else 0.0))
            for p0, p1, winner in rows
            if p0 != p1
        ]

    def rate_game(self, game_id: int, rating_update: RatingUpdate = live_update) -> bool:
        """Update both players' live ratings with the finished game `game_id` by
        `rating_update` (the store keeps ratings, the caller may choose how they move); False
        (and nothing changed) if it is not finished, is a self-play, was imported (not played
        here), is not a rated pair of seats, or was rated already."""
        game_id = _id(game_id)
        with self._write() as session:
            game = session.get(GameRow, game_id)
            if game is None:
                raise NotFoundError(f"no game with id {game_id}")
            if game.status != "finished" or (game.player0, game.kind0) == (
                game.player1,
                game.kind1,
            ):
                return False
            if IMPORTED in (game.kind0, game.kind1) or not _rated(session, game):
                return False
            if session.get(RatingChangeRow, (game_id, 0)) is not None:
                return False
            seats = [(game.player0, game.kind0), (game.player1, game.kind1)]
            rows = [
                session.get(RatingRow, (game.game, name, kind))
                or RatingRow(
                    game=game.game,
                    player=name,
                    kind=kind,
                    mu=NEW_PLAYER.mu,
                    sigma=NEW_PLAYER.sigma,
                    games=0,
                    updated_at=_now(),
                )
                for name, kind in seats
            ]
            score = 0.5 if game.winner is None else (1.0 if game.winner == 0 else 0.0)
            new = rating_update(
                LiveRating(rows[0].mu, rows[0].sigma), LiveRating(rows[1].mu, rows[1].sigma), score
            )
            now = _now()
            for seat, (row, rating) in enumerate(zip(rows, new, strict=True)):
                row.mu, row.sigma = rating.mu, rating.sigma
                row.games += 1
                row.updated_at = now
                session.add(row)
                session.add(
                    RatingChangeRow(
                        game_id=game_id,
                        seat=seat,
                        game=game.game,
                        player=row.player,
                        kind=row.kind,
                        mu=rating.mu,
                        sigma=rating.sigma,
                        rated_at=now,
                    )
                )
            return True

    def leaderboard(self, game: str, *, limit: int = 100) -> list[LeaderboardEntry]:
        """The live ratings of `game`, best (highest mu - 3 sigma) first."""
        query = select(RatingRow).where(RatingRow.game == game)
        with self._read() as session:
            rows = list(session.scalars(query))
        entries = [
            LeaderboardEntry(r.player, r.kind, LiveRating(r.mu, r.sigma), r.games, r.updated_at)
            for r in rows
        ]
        entries.sort(key=lambda e: (-e.rating.ordinal, e.player))
        return entries[: max(0, limit)]

    def rating_history(self, game: str, player: str) -> list[RatingPoint]:
        """A player's live rating after each rated game of `game`, oldest first."""
        query = (
            select(RatingChangeRow)
            .where(RatingChangeRow.game == game, RatingChangeRow.player == player)
            .order_by(RatingChangeRow.rated_at, RatingChangeRow.game_id)
        )
        with self._read() as session:
            return [
                RatingPoint(r.game_id, LiveRating(r.mu, r.sigma), r.rated_at)
                for r in session.scalars(query)
            ]


#: Seat kinds of people with an account, of the server's AI levels and of bots.
_ACCOUNT, _MACHINES = "account:", ("ai:", "bot:")


def rated_pair(kind0: str, kind1: str) -> bool:
    """Whether a game between seats of these kinds is rated: between two accounts, an
    account and a bot, or two machines (AI levels and bots, as tournaments and the bot
    server play them). A guest's seat (`person`) or an unknown one (imports) is never
    rated, nor an account against the house AI (whose take-backs are free)."""
    kinds = (kind0, kind1)
    if any(not kind.startswith((_ACCOUNT, *_MACHINES)) for kind in kinds):
        return False
    accounts = sum(kind.startswith(_ACCOUNT) for kind in kinds)
    ai = sum(kind.startswith("ai:") for kind in kinds)
    return not (accounts and ai)


def _rated(session: Session, game: GameRow) -> bool:
    """Whether the finished game `game` counts for the live ratings: seats that may be
    rated (`rated_pair`), not imported (`meta.imported`, set where records are imported),
    and, where an account sits, played on this server: each player moved at least once
    and every move has the time it was played (imported moves have none)."""
    if not rated_pair(game.kind0, game.kind1):
        return False
    if game.kind0 == game.kind1 and game.kind0.startswith(_ACCOUNT):
        return False  # one account in both seats (a game on one screen), whatever the names
    meta = game.meta if isinstance(game.meta, dict) else {}
    if meta.get("imported"):
        return False
    if game.kind0.startswith(_ACCOUNT) or game.kind1.startswith(_ACCOUNT):
        moves = session.execute(
            select(MoveRow.seat, MoveRow.played_at).where(MoveRow.game_id == game.id)
        ).all()
        if any(played is None for _, played in moves):
            return False
        if not {0, 1} <= {seat for seat, _ in moves}:
            return False
    return True


def rate_quietly(store: TournamentStore, game_id: int) -> None:
    """Update the live ratings with a game that just finished on a server; a failure is
    logged, never passed on (a rating must not stop a game's table)."""
    try:
        store.rate_game(game_id)
    except (StoreError, SQLAlchemyError, ValueError):
        log.exception("the live ratings of game %s could not be updated", game_id)


def _id(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise StoreError(f"an id is a whole number, not {quote(repr(value))}")
    if not 1 <= value <= 2**31 - 1:
        raise NotFoundError(f"no row with id {value}")
    return value


def _tournament(row: TournamentRow) -> StoredTournament:
    return StoredTournament(
        row.id,
        row.name,
        row.game,
        row.options,
        row.format,
        dict(row.settings or {}),
        row.status,
        row.created_at,
        row.updated_at,
        row.finished_at,
    )
