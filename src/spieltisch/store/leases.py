"""Leases on live tables, for a server of several processes on one database: the part of
the repository API over the `leases` table (revision 0006), mixed into `Store`.

Each live table has at most one owner process at a time. The owner takes the lease when
it makes or rebuilds the table and renews all its leases every few seconds in one
statement; a lease not renewed for its `seconds` has expired and any process may take it
(after a crash of the owner: `kill -9`, a lost machine). Every write of a table's moves
checks the lease in the same transaction (`lease_fence`), so a process that lost its
lease (paused, cut off) cannot store a move after the new owner read the game: each move
is stored once, by the one owner, and the new owner rebuilds the table from what is
stored. Times are the database's clock (`now()` on PostgreSQL), so the processes'
clocks need not agree.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, delete, func, literal, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from spieltisch.store.errors import ConflictError, StoreError
from spieltisch.store.models import OWNER_LENGTH, GameRow, LeaseRow
from spieltisch.store.transactions import Transactions

__all__ = ["LeaseLost", "LeaseStore"]


class LeaseLost(ConflictError):
    """A write by a process whose lease on the table is gone: another process owns the
    table now (the write was not made)."""


def _moment(session: Session, seconds: float = 0.0) -> ColumnElement[datetime] | datetime:
    """The database's now plus `seconds` (PostgreSQL's clock; SQLite has no shared
    clock worth the name across machines, so this process's)."""
    if session.get_bind().dialect.name == "postgresql":
        return func.now() + literal(timedelta(seconds=seconds))
    moment = datetime.now(UTC) + timedelta(seconds=seconds)
    return moment


def _owner(owner: str) -> str:
    if not isinstance(owner, str) or not owner or len(owner) > OWNER_LENGTH:
        raise StoreError(f"a lease owner is a name of 1 to {OWNER_LENGTH} characters")
    return owner


class LeaseStore(Transactions):
    """Leases on live tables (mixed into `Store`, which gives the transactions)."""

    def take_lease(self, game_id: int, owner: str, seconds: float) -> bool:
        """Make `owner` the owner of game `game_id`'s table for `seconds`, if nobody else
        holds an unexpired lease on it (renewing `owner`'s own); whether it is `owner`'s."""
        owner = _owner(owner)
        with self._write() as session:
            dialect = session.get_bind().dialect.name
            maker: Any = postgresql.insert if dialect == "postgresql" else sqlite.insert
            table = LeaseRow.__table__
            statement = maker(table).values(
                game_id=game_id, owner=owner, expires_at=_moment(session, seconds)
            )
            statement = statement.on_conflict_do_update(
                index_elements=[table.c.game_id],
                set_={
                    "owner": statement.excluded.owner,
                    "expires_at": statement.excluded.expires_at,
                },
                where=(table.c.owner == owner) | (table.c.expires_at < _moment(session)),
            ).returning(table.c.owner)
            row = session.execute(statement).first()
            return row is not None and row[0] == owner

    def renew_leases(self, owner: str, seconds: float) -> set[int]:
        """Renew every lease `owner` holds for `seconds` more (expired ones too, when no
        one took them meanwhile); the ids of the games whose tables `owner` owns now."""
        owner = _owner(owner)
        with self._write() as session:
            rows = session.execute(
                update(LeaseRow)
                .where(LeaseRow.owner == owner)
                .values(expires_at=_moment(session, seconds))
                .returning(LeaseRow.game_id)
            )
            return {game_id for (game_id,) in rows}

    def release_leases(self, owner: str, game_ids: list[int] | None = None) -> int:
        """Give up `owner`'s leases (all, or those on `game_ids`): they expire now, so
        another process may take the tables at once (and the running ones are taken
        over by the first process to look for orphans); how many were given up."""
        owner = _owner(owner)
        with self._write() as session:
            statement = (
                update(LeaseRow)
                .where(LeaseRow.owner == owner)
                .values(expires_at=_moment(session, -1.0))
            )
            if game_ids is not None:
                statement = statement.where(LeaseRow.game_id.in_(game_ids))
            done = session.execute(statement)
            return int(done.rowcount)  # type: ignore[attr-defined]

    def lease_owner(self, game_id: int) -> str | None:
        """The process whose unexpired lease holds game `game_id`'s table, or None."""
        with self._read() as session:
            found = session.execute(
                select(LeaseRow.owner).where(
                    LeaseRow.game_id == game_id, LeaseRow.expires_at >= _moment(session)
                )
            ).first()
            return None if found is None else str(found[0])

    def leased_tables(self) -> set[int]:
        """The games whose table some process holds an unexpired lease on."""
        with self._read() as session:
            rows = session.execute(
                select(LeaseRow.game_id).where(LeaseRow.expires_at >= _moment(session))
            )
            return {game_id for (game_id,) in rows}

    def orphaned_tables(self, limit: int = 20) -> list[int]:
        """Running games whose table's lease has expired (their owner died): the oldest
        expired first, at most `limit`."""
        with self._read() as session:
            rows = session.execute(
                select(LeaseRow.game_id)
                .join(GameRow, GameRow.id == LeaseRow.game_id)
                .where(LeaseRow.expires_at < _moment(session), GameRow.status == "running")
                .order_by(LeaseRow.expires_at)
                .limit(limit)
            )
            return [game_id for (game_id,) in rows]

    def drop_expired_leases(self) -> int:
        """Forget expired leases of games that are no longer running; how many."""
        with self._write() as session:
            ended = select(GameRow.id).where(GameRow.status != "running")
            done = session.execute(
                delete(LeaseRow).where(
                    LeaseRow.expires_at < _moment(session), LeaseRow.game_id.in_(ended)
                )
            )
            return int(done.rowcount)  # type: ignore[attr-defined]

    @staticmethod
    def lease_fence(session: Session, game_id: int, owner: str, seconds: float) -> None:
        """In a write's transaction: renew `owner`'s lease on `game_id` (locking its row
        until the commit), or `LeaseLost` when `owner` holds it no more."""
        done = session.execute(
            update(LeaseRow)
            .where(LeaseRow.game_id == game_id, LeaseRow.owner == owner)
            .values(expires_at=_moment(session, seconds))
        )
        if done.rowcount != 1:  # type: ignore[attr-defined]
            raise LeaseLost(f"table {game_id} is owned by another server process now: not stored")
