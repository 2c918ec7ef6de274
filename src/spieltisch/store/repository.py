"""`Store`: the repository API of the game store over SQLAlchemy.

Every call is one short transaction of its own (a sessionmaker per store), so one `Store`
serves the threads of a web server, and several processes may open the same SQLite file.
Moves are written one at a time as they are played: a crash loses nothing already
played, and `running_games` gives a restarted server what it needs to rebuild its tables.
Values going in are checked (lengths, ranges, the game, its options and start); the
rules of a move are the table's business, but `import_record` replays a record before
it keeps it.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast

from sqlalchemy import (
    ColumnElement,
    Engine,
    Table,
    and_,
    bindparam,
    delete,
    func,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.exc import (
    IntegrityError,
    InterfaceError,
    OperationalError,
    SQLAlchemyError,
)
from sqlalchemy.exc import TimeoutError as PoolTimeoutError
from sqlalchemy.orm import Session, sessionmaker

from spieltisch.core.chance import MAX_SEED
from spieltisch.core.errors import NotationError, quote
from spieltisch.core.game import CHANCE, Outcome
from spieltisch.core.record import MAX_MOVE_LENGTH, GameRecord, replay_record
from spieltisch.core.registry import load
from spieltisch.store import engine as engines
from spieltisch.store import writes
from spieltisch.store.accounts import AccountStore
from spieltisch.store.analyses import AnalysisStore
from spieltisch.store.bots import BotStore
from spieltisch.store.data import (
    IMPORTED,
    RESULTS,
    STATUSES,
    UNKNOWN,
    GameSummary,
    Player,
    Status,
    StoredGame,
    StoredMove,
    StoredPosition,
)
from spieltisch.store.errors import ConflictError, NotFoundError, StoreError, StoreUnavailable
from spieltisch.store.leases import LeaseStore
from spieltisch.store.models import (
    KIND_LENGTH,
    NOTATION_LENGTH,
    PLAYER_NAME_LENGTH,
    AnalysisRow,
    GameRow,
    MoveRow,
    PositionRow,
)
from spieltisch.store.tournaments import TournamentStore

#: The longest note, position text and reason the store keeps.
MAX_NOTE_LENGTH = 10_000
MAX_TEXT_LENGTH = 100_000
#: The largest id a row can have (the id columns are 32-bit integers).
MAX_ID = 2**31 - 1
#: The most rows one `list_games` / `positions` call returns.
MAX_LIMIT = 1000
_KIND_PREFIXES = ("ai:", "bot:", "account:")
#: Keys of a record's `meta` that the store keeps in columns of its own.
_META_KEYS = ("chance_seed", "kinds", "created", "ended", "abandoned")


#: A move's two statements (`Store._insert_move`): the game's move count goes up by one
#: only from the expected ply of a running game, then the move's row.
_GAMES = cast(Table, GameRow.__table__)
_BUMP_PLIES = (
    update(_GAMES)
    .where(
        _GAMES.c.id == bindparam("game_id"),
        _GAMES.c.status == "running",
        _GAMES.c.plies == bindparam("ply"),
    )
    .values(plies=_GAMES.c.plies + 1, updated_at=bindparam("now"))
)
_INSERT_MOVE = insert(cast(Table, MoveRow.__table__))


def _now() -> datetime:
    return datetime.now(UTC)


class Store(TournamentStore, AccountStore, AnalysisStore, BotStore, LeaseStore):
    """The game store on one database (see the module docstring)."""

    def __init__(self, engine: Engine) -> None:
        """Use `engine` as it is; `Store.open` is the usual way in (it upgrades)."""
        self.engine = engine
        self._sessions = sessionmaker(engine, expire_on_commit=False)

    @classmethod
    def open(cls, target: str | Path, *, upgrade: bool = True) -> Store:
        """The store in `target` (a SQLite file path, or an SQLAlchemy URL), its schema
        brought to the newest revision first; with `upgrade=False` a database not at the
        newest revision is refused instead (`StoreError`)."""
        url = engines.store_url(target)
        engine = engines.create_store_engine(url)
        try:
            if upgrade:
                engines.upgrade(engine)
            else:
                engines.check_revision(engine)
        except SQLAlchemyError as exc:
            engine.dispose()
            detail = str(getattr(exc, "orig", None) or exc).splitlines()[0]
            raise StoreError(
                f"the database {quote(engines.shown(url))} cannot be opened: {quote(detail)}"
            ) from None
        except BaseException:
            engine.dispose()
            raise
        return cls(engine)

    def close(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<Store {engines.shown(self.engine.url)}>"

    @contextmanager
    def _read(self) -> Iterator[Session]:
        with _unavailable(), self._sessions() as session, session.begin():
            yield session

    @contextmanager
    def _write(self) -> Iterator[Session]:
        with _unavailable(), self._sessions() as session, session.begin():
            session.connection(execution_options={engines.WRITE: True})
            yield session

    # --- games -------------------------------------------------------------------------

    def create_game(
        self,
        game: str,
        players: Sequence[Player | str],
        *,
        options: str = "",
        seed: int | None = None,
        chance_seed: int | None = None,
        start: str | None = None,
        meta: Mapping[str, Any] | None = None,
    ) -> int:
        """A new running game; its id. The start is `new_state(seed)` unless a position
        text `start` is given (which must then match the seed's start, if both are).
        Options and start are checked and kept in the game's own text form."""
        loaded = load(game, options or None)
        seed = _seed(seed, "seed")
        chance_seed = _seed(chance_seed, "chance seed")
        if start is None:
            start_text = loaded.new_state(seed).text()
        else:
            _text(start, "the start position", MAX_TEXT_LENGTH)
            start_text = loaded.parse(start).text()
            if seed is not None and start_text != loaded.new_state(seed).text():
                raise StoreError(f"the start position is not the start of seed {seed}")
        seats = _players(players)
        reserved = sorted(set(meta or {}) & set(_META_KEYS))
        if reserved:
            raise StoreError(f"meta: {reserved[0]!r} is kept by the store itself")
        now = _now()
        row = GameRow(
            game=loaded.name,
            options=loaded.options.text(),
            seed=seed,
            chance_seed=chance_seed,
            start=start_text,
            player0=seats[0].name,
            kind0=seats[0].kind,
            player1=seats[1].name,
            kind1=seats[1].kind,
            status="running",
            plies=0,
            winner=None,
            reason="",
            scores=[[], []],
            meta=_meta(meta),
            created_at=now,
            updated_at=now,
            finished_at=None,
        )
        with self._write() as session:
            session.add(row)
            session.flush()
            return row.id

    def add_move(
        self,
        game_id: int,
        ply: int,
        notation: str,
        seconds: float | None,
        seat: int,
        *,
        played_at: datetime | None = None,
    ) -> None:
        """Keep the move `notation` as move number `ply` (0-based) of a running game.

        `ply` must be the number of moves stored so far (`ConflictError` otherwise), so
        a move is never stored twice or out of order, whichever writers race; `seat` is
        0 or 1, or `CHANCE` (-1) for a chance outcome."""
        self.apply(game_id, [writes.Move(ply, notation, seconds, seat)], played_at=played_at)

    def apply(
        self,
        game_id: int,
        changes: Sequence[writes.Write],
        *,
        played_at: datetime | None = None,
        lease: tuple[str, float] | None = None,
    ) -> None:
        """Make `changes` to the running game `game_id` in one transaction: all of them
        are stored, or (an error) none. Each is checked as its own method checks it
        (`add_move`, `truncate_moves`, `set_meta`, `finish_game`, `abandon_game`).
        With `lease` (owner, seconds), only while that owner holds the table's lease
        (renewed by the same transaction; `LeaseLost` otherwise)."""
        game_id = _id(game_id)
        checked = [_checked(change) for change in changes]
        if not checked:
            return
        with self._write() as session:
            if lease is not None:
                self.lease_fence(session, game_id, *lease)
            for change in checked:
                self._apply_one(session, game_id, change, played_at)

    def _apply_one(
        self,
        session: Session,
        game_id: int,
        change: writes.Write,
        played_at: datetime | None,
    ) -> None:
        if isinstance(change, writes.Move):
            self._insert_move(session, game_id, change, played_at or _now())
        elif isinstance(change, writes.Truncate):
            self._truncate(session, game_id, change.plies)
        elif isinstance(change, writes.SetMeta):
            self._set_meta(session, game_id, change)
        elif isinstance(change, writes.Finish):
            outcome, now = change.outcome, _now()
            self._end(
                session,
                game_id,
                status="finished",
                winner=outcome.winner,
                reason=outcome.reason,
                scores=_scores(outcome.scores),
                finished_at=now,
                updated_at=now,
            )
        else:
            now = _now()
            self._end(
                session,
                game_id,
                status="abandoned",
                reason=change.reason,
                finished_at=now,
                updated_at=now,
            )

    def _insert_move(
        self, session: Session, game_id: int, move: writes.Move, moment: datetime
    ) -> None:
        # The hot path of every server (one call a move): statements built once, run on
        # the session's connection, past the ORM's own statement handling.
        ply = move.ply
        connection = session.connection()
        bumped = connection.execute(_BUMP_PLIES, {"game_id": game_id, "ply": ply, "now": _now()})
        if bumped.rowcount != 1:
            self._refuse_move(session, game_id, ply)
        try:
            connection.execute(
                _INSERT_MOVE,
                {
                    "game_id": game_id,
                    "ply": ply,
                    "notation": move.notation,
                    "seat": move.seat,
                    "seconds": None if move.seconds is None else float(move.seconds),
                    "played_at": moment,
                },
            )
        except IntegrityError:  # a row left by a writer that bypassed `plies`
            raise ConflictError(f"game {game_id} already has a move {ply}") from None

    @staticmethod
    def _refuse_move(session: Session, game_id: int, ply: int) -> None:
        row = session.get(GameRow, game_id)
        if row is None:
            raise NotFoundError(f"no game with id {game_id}")
        if row.status != "running":
            raise ConflictError(f"game {game_id} is {row.status}: no more moves")
        raise ConflictError(
            f"game {game_id} has {row.plies} moves: the next is ply {row.plies}, not {ply}"
        )

    def finish_game(self, game_id: int, outcome: Outcome) -> None:
        """Mark a running game finished with `outcome` (winner, reason, score parts)."""
        self.apply(game_id, [writes.Finish(outcome)])

    def abandon_game(self, game_id: int, reason: str = "") -> None:
        """Mark a running game abandoned (nobody will finish it); `reason` says why."""
        self.apply(game_id, [writes.Abandon(reason)])

    def abandon_games(self, game_ids: Sequence[int], reason: str) -> int:
        """Mark those of `game_ids` that are still running abandoned with `reason`, in a
        few statements (a restart ending hundreds of stale games); how many were."""
        _text(reason, "the reason", MAX_NOTE_LENGTH)
        ids = [_id(game_id) for game_id in game_ids]
        done = 0
        now = _now()
        with self._write() as session:
            for chunk in range(0, len(ids), 500):
                result = session.execute(
                    update(GameRow)
                    .where(GameRow.id.in_(ids[chunk : chunk + 500]), GameRow.status == "running")
                    .values(status="abandoned", reason=reason, finished_at=now, updated_at=now)
                    .execution_options(synchronize_session=False)
                )
                done += int(result.rowcount or 0)  # type: ignore[attr-defined]
        return done

    @staticmethod
    def _end(session: Session, game_id: int, **values: Any) -> None:
        done = session.execute(
            update(GameRow)
            .where(GameRow.id == game_id, GameRow.status == "running")
            .values(**values)
            .execution_options(synchronize_session=False)
        )
        if done.rowcount != 1:  # type: ignore[attr-defined]
            row = session.get(GameRow, game_id)
            if row is None:
                raise NotFoundError(f"no game with id {game_id}")
            raise ConflictError(f"game {game_id} is already {row.status}")

    def truncate_moves(self, game_id: int, plies: int) -> None:
        """Keep only the first `plies` moves of a running game (a take-back): the later
        moves are deleted and the next move stored is ply `plies`."""
        self.apply(game_id, [writes.Truncate(plies)])

    @staticmethod
    def _truncate(session: Session, game_id: int, plies: int) -> None:
        row = session.get(GameRow, game_id, with_for_update=True)
        if row is None:
            raise NotFoundError(f"no game with id {game_id}")
        if row.status != "running":
            raise ConflictError(f"game {game_id} is {row.status}: its moves stay")
        if plies > row.plies:
            raise ConflictError(
                f"game {game_id} has {row.plies} moves: cannot keep {plies} of them"
            )
        session.execute(delete(MoveRow).where(MoveRow.game_id == game_id, MoveRow.ply >= plies))
        row.plies = plies
        row.updated_at = _now()
        session.flush()

    def set_meta(
        self,
        game_id: int,
        meta: Mapping[str, Any] | None,
        players: Sequence[Player | str] | None = None,
    ) -> None:
        """Replace the `meta` of game `game_id` and, when given, its two players (names
        and kinds), e.g. when a friend takes the second seat after the game began."""
        seats = None if players is None else list(_players(players))
        change = writes.SetMeta(meta or {}, seats)
        game_id = _id(game_id)
        checked = _checked(change)
        assert isinstance(checked, writes.SetMeta)
        with self._write() as session:
            self._set_meta(session, game_id, checked)

    @staticmethod
    def _set_meta(session: Session, game_id: int, change: writes.SetMeta) -> None:
        values: dict[str, Any] = {"meta": dict(change.meta), "updated_at": _now()}
        if change.players is not None:
            seats = change.players
            values.update(
                player0=seats[0].name,
                kind0=seats[0].kind,
                player1=seats[1].name,
                kind1=seats[1].kind,
            )
        done = session.execute(
            update(GameRow)
            .where(GameRow.id == game_id)
            .values(**values)
            .execution_options(synchronize_session=False)
        )
        if done.rowcount != 1:  # type: ignore[attr-defined]
            raise NotFoundError(f"no game with id {game_id}")

    def delete_game(self, game_id: int) -> None:
        """Remove a game and its moves (saved positions keep their text)."""
        game_id = _id(game_id)
        with self._write() as session:
            if session.get(GameRow, game_id) is None:
                raise NotFoundError(f"no game with id {game_id}")
            session.execute(delete(MoveRow).where(MoveRow.game_id == game_id))
            session.execute(delete(AnalysisRow).where(AnalysisRow.game_id == game_id))
            session.execute(delete(GameRow).where(GameRow.id == game_id))

    def game(self, game_id: int) -> StoredGame:
        """The game `game_id` with all its moves."""
        game_id = _id(game_id)
        with self._read() as session:
            row = session.get(GameRow, game_id)
            if row is None:
                raise NotFoundError(f"no game with id {game_id}")
            return _stored(row, _moves(session, [game_id])[game_id])

    def record(self, game_id: int) -> GameRecord:
        """The game as a record (`GameRecord`, the file format of `spieltisch replay`).

        The record's `meta` carries what the store knows beyond the record's own fields:
        `chance_seed`, the seats' `kinds`, the `created` and `ended` times and, for an
        abandoned game, `abandoned` with the reason; `import_record` reads them back."""
        return self.game(game_id).to_record()

    def import_record(self, record: GameRecord) -> int:
        """Keep a game record as a new game; its id. The record is replayed first (an
        unreadable or illegal move raises `NotationError` naming it). A finished record
        becomes a finished game, one with `meta.abandoned` an abandoned one, any other a
        running game that can be resumed."""
        row, moves = _imported_rows(record)
        with self._write() as session:
            return _add_imported(session, row, moves)

    def list_games(
        self,
        *,
        game: str | None = None,
        player: str | None = None,
        result: str | None = None,
        status: Status | None = None,
        limit: int = 50,
        offset: int = 0,
    ) -> list[GameSummary]:
        """Games, newest first, filtered by game name, a player's name (either seat),
        result (`"0"`/`"1"`: that seat won, `"draw"`, or with a player `"won"`/`"lost"`)
        and status; `limit` rows from `offset`."""
        if not (_is_int(limit) and 0 <= limit <= MAX_LIMIT):
            raise StoreError(f"limit: a whole number 0..{MAX_LIMIT}, not {limit!r}")
        if not (_is_int(offset) and 0 <= offset <= MAX_ID):
            raise StoreError(f"offset: a whole number from 0, not {offset!r}")
        query = (
            select(GameRow)
            .where(*self._filters(game, player, result, status))
            .order_by(GameRow.created_at.desc(), GameRow.id.desc())
            .limit(limit)
            .offset(offset)
        )
        with self._read() as session:
            return [_summary(row) for row in session.scalars(query)]

    def count_games(
        self,
        *,
        game: str | None = None,
        player: str | None = None,
        result: str | None = None,
        status: Status | None = None,
    ) -> int:
        """How many games `list_games` with these filters finds in all."""
        query = select(func.count(GameRow.id)).where(*self._filters(game, player, result, status))
        with self._read() as session:
            return int(session.scalar(query) or 0)

    @staticmethod
    def _filters(
        game: str | None, player: str | None, result: str | None, status: str | None
    ) -> list[ColumnElement[bool]]:
        where: list[ColumnElement[bool]] = []
        if game is not None:
            _text(game, "game", MAX_NOTE_LENGTH)
            where.append(GameRow.game == game)
        if player is not None:
            _text(player, "player", MAX_NOTE_LENGTH)
            where.append(or_(GameRow.player0 == player, GameRow.player1 == player))
        if status is not None:
            if status not in STATUSES:
                raise StoreError(f"status: one of {', '.join(STATUSES)}, not {quote(str(status))}")
            where.append(GameRow.status == status)
        if result is not None:
            if result not in RESULTS:
                raise StoreError(f"result: one of {', '.join(RESULTS)}, not {quote(str(result))}")
            where.append(GameRow.status == "finished")
            if result == "draw":
                where.append(GameRow.winner.is_(None))
            elif result in ("0", "1"):
                where.append(GameRow.winner == int(result))
            else:
                if player is None:
                    raise StoreError(f"result {result!r} needs a player")
                seat_won = 0 if result == "won" else 1
                where.append(
                    or_(
                        and_(GameRow.player0 == player, GameRow.winner == seat_won),
                        and_(GameRow.player1 == player, GameRow.winner == 1 - seat_won),
                    )
                )
        return where

    def running_summaries(self) -> list[GameSummary]:
        """Every running game without its moves, oldest first (cheap: what a restarted
        server sorts into live games to rebuild and stale ones to end)."""
        query = (
            select(GameRow)
            .where(GameRow.status == "running")
            .order_by(GameRow.created_at, GameRow.id)
        )
        with self._read() as session:
            return [_summary(row) for row in session.scalars(query)]

    def games(self, game_ids: Sequence[int]) -> list[StoredGame]:
        """The games `game_ids` with their moves, in that order (unknown ids left out)."""
        ids = [_id(game_id) for game_id in game_ids]
        with self._read() as session:
            rows: dict[int, GameRow] = {}
            for chunk in range(0, len(ids), 500):
                query = select(GameRow).where(GameRow.id.in_(ids[chunk : chunk + 500]))
                rows.update((row.id, row) for row in session.scalars(query))
            moves = _moves(session, [game_id for game_id in ids if game_id in rows])
            return [_stored(rows[game_id], moves[game_id]) for game_id in ids if game_id in rows]

    def running_games(self) -> list[StoredGame]:
        """Every running game with its moves, oldest first: what a restarted server
        rebuilds its tables from."""
        query = (
            select(GameRow)
            .where(GameRow.status == "running")
            .order_by(GameRow.created_at, GameRow.id)
        )
        with self._read() as session:
            rows = list(session.scalars(query))
            moves = _moves(session, [row.id for row in rows])
            return [_stored(row, moves[row.id]) for row in rows]

    # --- positions ---------------------------------------------------------------------

    def save_position(
        self,
        game: str,
        text: str,
        *,
        options: str = "",
        note: str = "",
        game_id: int | None = None,
        ply: int | None = None,
    ) -> int:
        """Save a position for analysis (checked, kept in the game's own text form); its
        id. `game_id` and `ply` may say which stored game and move it comes from."""
        loaded = load(game, options or None)
        _text(text, "the position", MAX_TEXT_LENGTH)
        _text(note, "the note", MAX_NOTE_LENGTH)
        if ply is not None and not (_is_int(ply) and 0 <= ply <= MAX_ID):
            raise StoreError(f"a position's ply is a whole number from 0, not {ply!r}")
        if game_id is not None:
            game_id = _id(game_id)
        row = PositionRow(
            game=loaded.name,
            options=loaded.options.text(),
            text=loaded.parse(text).text(),
            note=note,
            game_id=game_id,
            ply=ply,
            created_at=_now(),
        )
        with self._write() as session:
            if game_id is not None and session.get(GameRow, game_id) is None:
                raise NotFoundError(f"no game with id {game_id}")
            session.add(row)
            session.flush()
            return row.id

    def position(self, position_id: int) -> StoredPosition:
        """The saved position `position_id`."""
        position_id = _id(position_id, "position")
        with self._read() as session:
            row = session.get(PositionRow, position_id)
            if row is None:
                raise NotFoundError(f"no position with id {position_id}")
            return _position(row)

    def positions(
        self,
        *,
        game: str | None = None,
        game_id: int | None = None,
        limit: int = 100,
        offset: int = 0,
    ) -> list[StoredPosition]:
        """Saved positions, newest first, of a game name and/or from a stored game."""
        if not (_is_int(limit) and 0 <= limit <= MAX_LIMIT):
            raise StoreError(f"limit: a whole number 0..{MAX_LIMIT}, not {limit!r}")
        if not (_is_int(offset) and 0 <= offset <= MAX_ID):
            raise StoreError(f"offset: a whole number from 0, not {offset!r}")
        query = select(PositionRow)
        if game is not None:
            query = query.where(PositionRow.game == _text(game, "game", MAX_NOTE_LENGTH))
        if game_id is not None:
            try:
                query = query.where(PositionRow.game_id == _id(game_id))
            except NotFoundError:
                return []
        query = query.order_by(PositionRow.created_at.desc(), PositionRow.id.desc())
        with self._read() as session:
            rows = session.scalars(query.limit(limit).offset(offset))
            return [_position(row) for row in rows]

    def delete_position(self, position_id: int) -> None:
        """Remove a saved position."""
        position_id = _id(position_id, "position")
        with self._write() as session:
            gone = session.execute(delete(PositionRow).where(PositionRow.id == position_id))
            if gone.rowcount != 1:  # type: ignore[attr-defined]
                raise NotFoundError(f"no position with id {position_id}")


# --- checks and conversions ------------------------------------------------------------


@contextmanager
def _unavailable() -> Iterator[None]:
    """Turn the database's "not now" errors (no server, a dropped connection, a lock held
    too long, no pooled connection free) into `StoreUnavailable`."""
    try:
        yield
    except (OperationalError, InterfaceError, PoolTimeoutError) as exc:
        detail = str(getattr(exc, "orig", None) or exc).strip().splitlines()
        shown = detail[0][:200] if detail else type(exc).__name__
        raise StoreUnavailable(f"the database is unavailable: {shown}") from None


def _checked(change: writes.Write) -> writes.Write:
    """`change` checked as the store's single-change methods check their arguments."""
    if isinstance(change, writes.Move):
        ply, seconds, seat = change.ply, change.seconds, change.seat
        if not (_is_int(ply) and 0 <= ply <= MAX_ID):
            raise StoreError(f"a move's ply is a whole number from 0, not {ply!r}")
        _text(change.notation, "a move", min(NOTATION_LENGTH, MAX_MOVE_LENGTH))
        if not change.notation:
            raise StoreError("a move is not empty")
        if seconds is not None and not _is_seconds(seconds):
            raise StoreError(f"a move's seconds are a number from 0, not {seconds!r}")
        if not (_is_int(seat) and seat in (0, 1, CHANCE)):
            raise StoreError(f"a move's seat is 0, 1 or {CHANCE} (chance), not {seat!r}")
    elif isinstance(change, writes.Truncate):
        plies = change.plies
        if not (_is_int(plies) and 0 <= plies <= MAX_ID):
            raise StoreError(f"plies to keep: a whole number from 0, not {plies!r}")
    elif isinstance(change, writes.SetMeta):
        reserved = sorted(set(change.meta) & set(_META_KEYS))
        if reserved:
            raise StoreError(f"meta: {reserved[0]!r} is kept by the store itself")
        players = None if change.players is None else list(_players(change.players))
        return writes.SetMeta(_meta(change.meta), players)
    elif isinstance(change, writes.Finish):
        outcome = change.outcome
        if outcome.winner not in (None, 0, 1):
            raise StoreError(f"a winner is 0, 1 or None, not {outcome.winner!r}")
        _text(outcome.reason, "the reason", MAX_NOTE_LENGTH)
        _scores(outcome.scores)
    else:
        _text(change.reason, "the reason", MAX_NOTE_LENGTH)
    return change


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_seconds(value: object) -> bool:
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and value >= 0
    )


def _id(value: object, what: str = "game") -> int:
    """`value` as a row id; one no row can have (beyond 32 bits) is simply not found."""
    if not _is_int(value):
        raise StoreError(f"a {what} id is a whole number, not {type(value).__name__}")
    assert isinstance(value, int)
    if not 1 <= value <= MAX_ID:
        raise NotFoundError(f"no {what} with id {value}")
    return value


def _text(value: object, what: str, longest: int) -> str:
    """`value` if it is a string the databases keep: at most `longest` characters, no NUL
    (PostgreSQL refuses it)."""
    if not isinstance(value, str):
        raise StoreError(f"{what}: expected a string, not {type(value).__name__}")
    if len(value) > longest:
        raise StoreError(f"{what}: at most {longest} characters, not {len(value)}")
    if "\x00" in value:
        raise StoreError(f"{what}: a NUL character at {value.index(chr(0)) + 1}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise StoreError(f"{what}: not text (a lone surrogate at {exc.start + 1})") from None
    return value


def _seed(value: int | None, what: str) -> int | None:
    if value is not None and not (_is_int(value) and 0 <= value <= MAX_SEED):
        raise StoreError(f"{what}: a whole number 0..{MAX_SEED} or None, not {value!r}")
    return value


def _players(players: Sequence[Player | str]) -> tuple[Player, Player]:
    if isinstance(players, str) or len(players) != 2:
        raise StoreError("players: expected exactly two, one per seat")
    seats = tuple(p if isinstance(p, Player) else Player(p) for p in players)
    for seat, player in enumerate(seats):
        _text(player.name, f"the name of player {seat}", PLAYER_NAME_LENGTH)
        kind = _text(player.kind, f"the kind of player {seat}", KIND_LENGTH)
        if not (
            kind in ("person", UNKNOWN, IMPORTED)
            or (kind.startswith(_KIND_PREFIXES) and kind.partition(":")[2].strip())
        ):
            raise StoreError(
                f"the kind of player {seat}: person, ai:LEVEL, bot:NAME, account:ID or imported, "
                f"not {quote(kind)}"
            )
    return (seats[0], seats[1])


def _scores(scores: object) -> list[list[int]]:
    if not (isinstance(scores, tuple | list) and len(scores) == 2):
        raise StoreError("scores: expected two lists of whole numbers")
    checked: list[list[int]] = []
    for part in scores:
        if not (
            isinstance(part, tuple | list)
            and len(part) <= 16
            and all(_is_int(v) and abs(v) <= MAX_SEED for v in part)
        ):
            raise StoreError(f"scores: up to 16 whole numbers within ±{MAX_SEED} per player")
        checked.append(list(part))
    return checked


def _meta(meta: Mapping[str, Any] | None) -> dict[str, Any]:
    """`meta` as the JSON object both databases keep and give back (no NaN or infinity,
    which PostgreSQL refuses; keys as strings, tuples as lists)."""
    try:
        text = json.dumps(dict(meta or {}), allow_nan=False, ensure_ascii=False)
        text.encode("utf-8")  # lone surrogates, which PostgreSQL refuses
        if len(text) > MAX_TEXT_LENGTH:
            raise ValueError(f"more than {MAX_TEXT_LENGTH} characters as JSON")
        data: dict[str, Any] = json.loads(text)
    except (TypeError, ValueError, RecursionError) as exc:
        raise StoreError(f"meta: not storable as JSON ({exc})") from None
    return data


def _moment(value: object, what: str) -> datetime | None:
    if value is None:
        return None
    if isinstance(value, str) and len(value) <= 40:
        try:
            moment = datetime.fromisoformat(value)
            if moment.tzinfo is not None:
                return moment.astimezone(UTC)
        except (ValueError, OverflowError):
            pass
    raise NotationError(f"record field 'meta.{what}': expected an ISO 8601 time with time zone")


def _moves(session: Session, game_ids: list[int]) -> dict[int, tuple[StoredMove, ...]]:
    found: dict[int, list[StoredMove]] = {game_id: [] for game_id in game_ids}
    for chunk in range(0, len(game_ids), 500):
        query = (
            select(MoveRow)
            .where(MoveRow.game_id.in_(game_ids[chunk : chunk + 500]))
            .order_by(MoveRow.game_id, MoveRow.ply)
        )
        for row in session.scalars(query):
            found[row.game_id].append(
                StoredMove(row.ply, row.notation, row.seat, row.seconds, row.played_at)
            )
    return {game_id: tuple(moves) for game_id, moves in found.items()}


def _summary_fields(row: GameRow) -> dict[str, Any]:
    scores = row.scores or [[], []]
    return {
        "id": row.id,
        "game": row.game,
        "options": row.options,
        "seed": row.seed,
        "chance_seed": row.chance_seed,
        "start": row.start,
        "players": (Player(row.player0, row.kind0), Player(row.player1, row.kind1)),
        "status": row.status,
        "plies": row.plies,
        "winner": row.winner,
        "reason": row.reason,
        "scores": (tuple(scores[0]), tuple(scores[1])),
        "meta": dict(row.meta or {}),
        "created": row.created_at,
        "updated": row.updated_at,
        "finished": row.finished_at,
    }


def _summary(row: GameRow) -> GameSummary:
    return GameSummary(**_summary_fields(row))


def _stored(row: GameRow, moves: tuple[StoredMove, ...]) -> StoredGame:
    return StoredGame(**_summary_fields(row), moves=moves)


def _position(row: PositionRow) -> StoredPosition:
    return StoredPosition(
        row.id, row.game, row.options, row.text, row.note, row.game_id, row.ply, row.created_at
    )


def _imported_rows(record: GameRecord) -> tuple[GameRow, list[MoveRow]]:
    """The rows `import_record` writes for `record`, checked (the game's id is set
    when they are added: `_add_imported`); tournaments add them in the transaction
    that links the game to their schedule."""
    replay_record(record)  # the game, options, start and every move checked
    state = record.start_state()
    seats: list[int] = []
    for text in record.moves:
        move = state.parse_move(text)
        seats.append(state.to_move)
        state.play(move)
    meta: dict[str, Any] = dict(record.meta)
    chance_seed = meta.pop("chance_seed", None)
    kinds = meta.pop("kinds", [UNKNOWN, UNKNOWN])
    created = _moment(meta.pop("created", None), "created") or _now()
    ended = _moment(meta.pop("ended", None), "ended")
    abandoned = meta.pop("abandoned", None)
    if chance_seed is not None and not (_is_int(chance_seed) and 0 <= chance_seed <= MAX_SEED):
        raise NotationError(f"record field 'meta.chance_seed': a whole number 0..{MAX_SEED}")
    if not (isinstance(kinds, list) and len(kinds) == 2 and all(isinstance(k, str) for k in kinds)):
        raise NotationError("record field 'meta.kinds': a list of two seat kinds")
    # an account's seat is this server's word, never a record's: imported, it is a name
    kinds = [UNKNOWN if kind.startswith("account:") else kind for kind in kinds]
    players = _players([Player(record.players[i], kinds[i]) for i in (0, 1)])
    status: Status = "running"
    reason = ""
    if record.finished:
        status, reason = "finished", record.reason
    elif abandoned is not None:
        if not isinstance(abandoned, str):
            raise NotationError("record field 'meta.abandoned': expected a string")
        status, reason = "abandoned", abandoned
    _text(reason, "the reason", MAX_NOTE_LENGTH)
    _text(record.start, "the start position", MAX_TEXT_LENGTH)
    _text(record.options, "the options", MAX_TEXT_LENGTH)
    for text in record.moves:
        _text(text, "a move", NOTATION_LENGTH)
    if record.seconds and len(record.seconds) != len(record.moves):
        raise NotationError("record field 'seconds': one time per move, or none")
    if not all(_is_seconds(spent) for spent in record.seconds):
        raise NotationError("record field 'seconds': non-negative numbers of seconds")
    updated = ended or created
    row = GameRow(
        game=record.game,
        options=record.options,
        seed=_seed(record.seed, "seed"),
        chance_seed=chance_seed,
        start=record.start,
        player0=players[0].name,
        kind0=players[0].kind,
        player1=players[1].name,
        kind1=players[1].kind,
        status=status,
        plies=len(record.moves),
        winner=record.winner if status == "finished" else None,
        reason=reason,
        scores=_scores(record.scores),
        meta=_meta(meta),
        created_at=created,
        updated_at=updated,
        finished_at=(ended or created) if status != "running" else None,
    )
    if row.winner not in (None, 0, 1):
        raise NotationError("record field 'winner': expected null, 0 or 1")
    moves = [
        MoveRow(
            ply=ply,
            notation=text,
            seat=seats[ply],
            seconds=record.seconds[ply] if record.seconds else None,
            played_at=None,
        )
        for ply, text in enumerate(record.moves)
    ]
    return row, moves


def _add_imported(session: Session, row: GameRow, moves: list[MoveRow]) -> int:
    """Add the rows of an imported game in `session`; the game's id."""
    session.add(row)
    session.flush()
    for move in moves:
        move.game_id = row.id
    session.add_all(moves)
    return row.id
