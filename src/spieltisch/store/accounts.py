"""The store's accounts and sessions: the part of the repository API over the tables of
revision 0003, mixed into `Store`.

The store keeps what identity needs and nothing it must not: a username with its
case-insensitive key (unique, so two accounts never differ only by case), the password's
hash (hashing is the server's business, `spieltisch.server.accounts`), and sessions keyed
by the SHA-256 of their random id, never the id itself. A session is signed in to an
account or a guest's; it ends at its expiry, at sign-out, or (for an account's other
sessions) when the password changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Literal

from sqlalchemy import Text, cast, delete, func, or_, select, update
from sqlalchemy.exc import IntegrityError

from spieltisch.store.data import GameSummary
from spieltisch.store.errors import ConflictError, NotFoundError, StoreError
from spieltisch.store.models import (
    PASSWORD_HASH_LENGTH,
    PLAYER_NAME_LENGTH,
    SESSION_HASH_LENGTH,
    USERNAME_KEY_LENGTH,
    USERNAME_LENGTH,
    AccountRow,
    GameRow,
    SessionRow,
)
from spieltisch.store.transactions import Transactions

SessionKind = Literal["account", "guest"]
#: How many of the newest games with a guest's seat `holder_games` looks through.
GUEST_SCAN = 5000
#: The kind prefix of a stored seat held by an account (`account:17`).
ACCOUNT_KIND = "account:"


@dataclass(frozen=True)
class StoredAccount:
    """An account as stored (with its password hash: never hand it to a client)."""

    id: int
    username: str
    username_key: str
    password_hash: str
    created: datetime
    password_changed: datetime


@dataclass(frozen=True)
class StoredSession:
    """A live session: the hash of its id, its kind, the account (with its username)
    for a signed-in session, the guest's name for a guest session, and its times."""

    id_hash: str
    kind: SessionKind
    account_id: int | None
    username: str | None
    name: str | None
    created: datetime
    seen: datetime
    expires: datetime


def account_kind(account_id: int) -> str:
    """The stored seat kind of a seat held by account `account_id`."""
    return f"{ACCOUNT_KIND}{account_id}"


def _now() -> datetime:
    return datetime.now(UTC)


def _hash(value: object) -> str:
    if not (
        isinstance(value, str)
        and len(value) == SESSION_HASH_LENGTH
        and all(c in "0123456789abcdef" for c in value)
    ):
        raise StoreError("a session is named by the hex SHA-256 of its id")
    return value


def _account_id(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise StoreError(f"an account id is a whole number, not {type(value).__name__}")
    if not 1 <= value <= 2**31 - 1:
        raise NotFoundError(f"no account with id {value}")
    return value


def _aware(moment: datetime, what: str) -> datetime:
    if not isinstance(moment, datetime) or moment.tzinfo is None:
        raise StoreError(f"{what}: an aware datetime")
    return moment


def _account(row: AccountRow) -> StoredAccount:
    return StoredAccount(
        row.id,
        row.username,
        row.username_key,
        row.password_hash,
        row.created_at,
        row.password_changed_at,
    )


class AccountStore(Transactions):
    """Accounts and sessions (mixed into `Store`, which gives the transactions)."""

    # --- accounts ------------------------------------------------------------------------

    def create_account(self, username: str, username_key: str, password_hash: str) -> StoredAccount:
        """A new account; `ConflictError` if an account with the same key exists.
        `username` must already be clean (`core.names.clean_username`) and
        `username_key` its `username_key`."""
        for value, what, longest in (
            (username, "a username", USERNAME_LENGTH),
            (username_key, "a username key", USERNAME_KEY_LENGTH),
            (password_hash, "a password hash", PASSWORD_HASH_LENGTH),
        ):
            if not isinstance(value, str) or not value or len(value) > longest:
                raise StoreError(f"{what}: text of 1..{longest} characters")
        now = _now()
        row = AccountRow(
            username=username,
            username_key=username_key,
            password_hash=password_hash,
            created_at=now,
            password_changed_at=now,
        )
        try:
            with self._write() as session:
                taken = session.scalar(
                    select(AccountRow.id).where(AccountRow.username_key == username_key)
                )
                if taken is not None:
                    raise ConflictError("this username is taken")
                session.add(row)
                session.flush()
                return _account(row)
        except IntegrityError:  # a racing sign-up with the same key won
            raise ConflictError("this username is taken") from None

    def account(self, account_id: int) -> StoredAccount:
        """The account `account_id` (`NotFoundError` if there is none)."""
        account_id = _account_id(account_id)
        with self._read() as session:
            row = session.get(AccountRow, account_id)
            if row is None:
                raise NotFoundError(f"no account with id {account_id}")
            return _account(row)

    def account_by_key(self, username_key: str) -> StoredAccount | None:
        """The account whose username has the key `username_key`, or None."""
        if not isinstance(username_key, str) or len(username_key) > USERNAME_KEY_LENGTH:
            return None
        with self._read() as session:
            row = session.scalar(select(AccountRow).where(AccountRow.username_key == username_key))
            return None if row is None else _account(row)

    def set_password_hash(
        self, account_id: int, password_hash: str, *, changed: bool = True
    ) -> None:
        """Keep a new hash of the account's password; `changed=False` for a rehash of
        the same password (new parameters), which keeps the time it was last changed."""
        account_id = _account_id(account_id)
        if not isinstance(password_hash, str) or not 0 < len(password_hash) <= PASSWORD_HASH_LENGTH:
            raise StoreError("a password hash: text of at most 255 characters")
        values: dict[str, object] = {"password_hash": password_hash}
        if changed:
            values["password_changed_at"] = _now()
        with self._write() as session:
            done = session.execute(
                update(AccountRow).where(AccountRow.id == account_id).values(**values)
            )
            if done.rowcount != 1:  # type: ignore[attr-defined]
                raise NotFoundError(f"no account with id {account_id}")

    def list_accounts(self, *, limit: int = 100, offset: int = 0) -> list[StoredAccount]:
        """Accounts, oldest first."""
        query = (
            select(AccountRow)
            .order_by(AccountRow.id)
            .limit(max(0, min(limit, 10_000)))
            .offset(max(0, offset))
        )
        with self._read() as session:
            return [_account(row) for row in session.scalars(query)]

    def count_accounts(self) -> int:
        with self._read() as session:
            return int(session.scalar(select(func.count()).select_from(AccountRow)) or 0)

    def account_games(self, account_id: int, *, limit: int = 20) -> list[GameSummary]:
        """The account's games (any status), newest first."""
        from spieltisch.store.repository import _summary

        kind = account_kind(_account_id(account_id))
        query = (
            select(GameRow)
            .where(or_(GameRow.kind0 == kind, GameRow.kind1 == kind))
            .order_by(GameRow.created_at.desc(), GameRow.id.desc())
            .limit(max(0, min(limit, 200)))
        )
        with self._read() as session:
            return [_summary(row) for row in session.scalars(query)]

    def holder_games(self, key: str, *, limit: int = 20) -> list[GameSummary]:
        """The games (any status) whose seat the identity `key` held, newest first: an
        account's (`account:<id>`) by the seat's kind, a guest's (`guest:<hash>`) by the
        seat holders each game keeps in its meta, among the newest `GUEST_SCAN` games with
        a guest's seat (a guest's seats are of kind `person`; their holders have no index)."""
        if key.startswith(ACCOUNT_KIND):
            return self.account_games(int(key.removeprefix(ACCOUNT_KIND)), limit=limit)
        kind, _, digest = key.partition(":")
        if kind != "guest" or len(digest) != 64 or not all(c in "0123456789abcdef" for c in digest):
            raise StoreError("a seat holder is account:<id> or guest:<SHA-256 in hex>")
        newest = (
            select(GameRow.id)
            .where(or_(GameRow.kind0 == "person", GameRow.kind1 == "person"))
            .order_by(GameRow.id.desc())
            .limit(GUEST_SCAN)
        )
        query = (
            select(GameRow)
            .where(GameRow.id.in_(newest.scalar_subquery()))
            .where(cast(GameRow.meta, Text).like(f'%"{key}"%'))
            .order_by(GameRow.created_at.desc(), GameRow.id.desc())
            .limit(max(0, min(limit, 200)))
        )
        from spieltisch.store.repository import _summary

        with self._read() as session:
            return [_summary(row) for row in session.scalars(query)]

    # --- sessions ------------------------------------------------------------------------

    def create_session(
        self,
        id_hash: str,
        *,
        expires: datetime,
        account_id: int | None = None,
        name: str | None = None,
    ) -> None:
        """Keep a new session: signed in to `account_id`, or a guest's (with `name`)."""
        id_hash = _hash(id_hash)
        _aware(expires, "a session's expiry")
        if account_id is not None:
            account_id = _account_id(account_id)
        if name is not None and (not isinstance(name, str) or len(name) > PLAYER_NAME_LENGTH):
            raise StoreError(f"a guest's name: text of at most {PLAYER_NAME_LENGTH} characters")
        now = _now()
        row = SessionRow(
            id_hash=id_hash,
            kind="account" if account_id is not None else "guest",
            account_id=account_id,
            name=name if account_id is None else None,
            created_at=now,
            seen_at=now,
            expires_at=expires,
        )
        try:
            with self._write() as session:
                if account_id is not None and session.get(AccountRow, account_id) is None:
                    raise NotFoundError(f"no account with id {account_id}")
                session.add(row)
        except IntegrityError:
            raise ConflictError("this session exists already") from None

    def session(self, id_hash: str, *, now: datetime | None = None) -> StoredSession | None:
        """The live session with this id hash, or None (none, or expired)."""
        try:
            id_hash = _hash(id_hash)
        except StoreError:
            return None
        moment = now or _now()
        query = (
            select(SessionRow, AccountRow.username)
            .outerjoin(AccountRow, AccountRow.id == SessionRow.account_id)
            .where(SessionRow.id_hash == id_hash)
        )
        with self._read() as session:
            found = session.execute(query).first()
        if found is None:
            return None
        row, username = found
        if row.expires_at <= moment or (row.kind == "account" and username is None):
            return None
        kind: SessionKind = "account" if row.kind == "account" else "guest"
        return StoredSession(
            row.id_hash,
            kind,
            row.account_id,
            username,
            row.name,
            row.created_at,
            row.seen_at,
            row.expires_at,
        )

    def touch_session(self, id_hash: str, expires: datetime) -> None:
        """Mark the session used now, and let it live until `expires`."""
        id_hash = _hash(id_hash)
        _aware(expires, "a session's expiry")
        with self._write() as session:
            session.execute(
                update(SessionRow)
                .where(SessionRow.id_hash == id_hash)
                .values(seen_at=_now(), expires_at=expires)
            )

    def set_session_name(self, id_hash: str, name: str | None) -> None:
        """Set a guest session's name (`NotFoundError` if there is no such guest)."""
        id_hash = _hash(id_hash)
        if name is not None and (not isinstance(name, str) or len(name) > PLAYER_NAME_LENGTH):
            raise StoreError(f"a guest's name: text of at most {PLAYER_NAME_LENGTH} characters")
        with self._write() as session:
            done = session.execute(
                update(SessionRow)
                .where(SessionRow.id_hash == id_hash, SessionRow.kind == "guest")
                .values(name=name)
            )
            if done.rowcount != 1:  # type: ignore[attr-defined]
                raise NotFoundError("no such guest session")

    def delete_session(self, id_hash: str) -> bool:
        """End a session; whether there was one."""
        try:
            id_hash = _hash(id_hash)
        except StoreError:
            return False
        with self._write() as session:
            gone = session.execute(delete(SessionRow).where(SessionRow.id_hash == id_hash))
            return bool(gone.rowcount)  # type: ignore[attr-defined]

    def delete_account_sessions(self, account_id: int, *, keep: str | None = None) -> list[str]:
        """End every session of the account except `keep`; the hashes ended."""
        account_id = _account_id(account_id)
        with self._write() as session:
            query = select(SessionRow.id_hash).where(SessionRow.account_id == account_id)
            if keep is not None:
                query = query.where(SessionRow.id_hash != keep)
            ended = list(session.scalars(query))
            if ended:
                session.execute(delete(SessionRow).where(SessionRow.id_hash.in_(ended)))
            return ended

    def purge_sessions(self, *, now: datetime | None = None) -> int:
        """Delete every expired session; how many."""
        moment = _aware(now or _now(), "now")
        with self._write() as session:
            gone = session.execute(delete(SessionRow).where(SessionRow.expires_at <= moment))
            return int(gone.rowcount or 0)  # type: ignore[attr-defined]
