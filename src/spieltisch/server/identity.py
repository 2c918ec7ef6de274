"""Who is this request: the one place every front end asks (HTTP handlers and the table
WebSocket; bot tokens fit the same `Identity` later).

A browser carries up to two cookies, each a random session id (256 bits) of which the
store keeps only the SHA-256:
- `spieltisch`: the browser's guest session, made the first time the browser takes a
  seat or sets a guest name (never for a mere visit), with the guest's name. It is the
  cookie that named the browser before accounts, so a browser that held a seat before
  the upgrade still holds it (migration 0003 turned those seat tokens into guest keys).
- `spieltisch_session`: a signed-in session of an account, made at sign-in (always a
  new id) and deleted at sign-out.
Both are HttpOnly, SameSite=Lax, `Secure` when the request came over https, and live
until their expiry in the store (`Settings.session_days`, `guest_session_days`) since
last use. A cookie the store does not know, or knows as expired, names nobody: it is
never adopted as an identity, and taking a seat then makes a new guest session.

Seats belong to identity keys, never to a cookie value: `account:<id>` for an account
(the same on every device it signs in on), `guest:<SHA-256 of the guest session id>` for
a guest, and `bot:#<id>` for a bot of an account (proven by its token, which
`spieltisch.bots.identity` checks: the one place bot tokens are checked).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import secrets
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Literal

from starlette.requests import HTTPConnection
from starlette.responses import Response
from starlette.websockets import WebSocket

from spieltisch.core.names import clean_name
from spieltisch.core.settings import Settings
from spieltisch.store import Store
from spieltisch.store.accounts import StoredSession, account_kind

__all__ = [
    "ANONYMOUS",
    "GUEST_COOKIE",
    "SESSION_COOKIE",
    "Identity",
    "IdentityKind",
    "clear_session_cookie",
    "end_sockets",
    "finish",
    "identify",
    "name_for_seat",
    "new_session_id",
    "refresh_cookies",
    "seat_identity",
    "session_hash",
    "set_session_cookie",
    "stand_in_name",
    "track",
    "untrack",
]

#: The browser's guest session cookie (the name the seat cookie had before accounts).
GUEST_COOKIE = "spieltisch"
#: The signed-in session cookie.
SESSION_COOKIE = "spieltisch_session"
#: A session's expiry is pushed on when it is used, at most this often (a write).
TOUCH_EVERY = timedelta(hours=1)
#: Expired sessions are deleted at most this often (seconds), when a session is made.
PURGE_EVERY = 3600.0

IdentityKind = Literal["anonymous", "guest", "account", "bot"]


@dataclass(frozen=True)
class Identity:
    """Who a request comes from. `key` is what seats belong to (None: nobody, a
    spectator); `name` is the name to show (the username, the guest's or bot's name);
    `session` the hash of the session id that proved it (to end it)."""

    kind: IdentityKind
    key: str | None = None
    name: str | None = None
    account_id: int | None = None
    session: str | None = None

    @property
    def signed_in(self) -> bool:
        return self.kind == "account"

    @property
    def seat_kind(self) -> str:
        """The kind a seat held by this identity is stored with: `account:<id>` for an
        account (what ratings need), `bot:<name>` for a bot, `person` for a guest."""
        if self.kind == "account" and self.account_id is not None:
            return account_kind(self.account_id)
        if self.kind == "bot":
            return f"bot:{self.name or '?'}"
        return "person"


ANONYMOUS = Identity("anonymous")


def session_hash(session_id: str) -> str:
    """What the store keeps of a session id (a guest's seat key is made from it too)."""
    return hashlib.sha256(session_id.encode("utf-8")).hexdigest()


def new_session_id() -> str:
    return secrets.token_urlsafe(32)


def _readable(value: str | None) -> str | None:
    """A cookie value that can be a session id (URL-safe text of 16..100 characters)."""
    if value is None or not 16 <= len(value) <= 100:
        return None
    if not all(c.isascii() and (c.isalnum() or c in "-_") for c in value):
        return None
    return value


def _settings(conn: HTTPConnection) -> Settings:
    found = getattr(conn.app.state, "settings", None)
    return found if isinstance(found, Settings) else Settings()


def _store(conn: HTTPConnection) -> Store:
    store: Store = conn.app.state.hub.store
    return store


def _guest(found: StoredSession) -> Identity:
    return Identity("guest", f"guest:{found.id_hash}", found.name, None, found.id_hash)


def _account(found: StoredSession) -> Identity:
    assert found.account_id is not None
    return Identity(
        "account", f"account:{found.account_id}", found.username, found.account_id, found.id_hash
    )


def _lookup(
    store: Store, session_id: str | None, guest_id: str | None, settings: Settings
) -> Identity:
    """The identity of these cookie values (in a worker thread: it reads the store)."""
    now = datetime.now(UTC)
    if session_id is not None:
        found = store.session(session_hash(session_id), now=now)
        if found is not None and found.kind == "account":
            _touch(store, found, now, settings.session_days)
            return _account(found)
    if guest_id is not None:
        found = store.session(session_hash(guest_id), now=now)
        if found is not None and found.kind == "guest":
            _touch(store, found, now, settings.guest_session_days)
            return _guest(found)
    return ANONYMOUS


def _touch(store: Store, found: StoredSession, now: datetime, days: float) -> None:
    if now - found.seen >= TOUCH_EVERY:
        store.touch_session(found.id_hash, now + timedelta(days=days))


async def identify(conn: HTTPConnection, *, accounts: bool = True) -> Identity:
    """Who this request or WebSocket is: an account, a guest, or anonymous (with
    `accounts=False`, the browser's guest self, whatever session it is signed in to)."""
    session_id = _readable(conn.cookies.get(SESSION_COOKIE)) if accounts else None
    guest_id = _readable(conn.cookies.get(GUEST_COOKIE))
    if session_id is None and guest_id is None:
        return ANONYMOUS
    return await asyncio.to_thread(_lookup, _store(conn), session_id, guest_id, _settings(conn))


# --- cookies to set on the response ---------------------------------------------------


@dataclass
class _Outgoing:
    """Cookies a handler decided to set, applied by `finish`."""

    cookies: list[tuple[str, str, int]] = field(default_factory=list)


def _outgoing(conn: HTTPConnection) -> _Outgoing:
    found = getattr(conn.state, "identity_cookies", None)
    if not isinstance(found, _Outgoing):
        found = _Outgoing()
        conn.state.identity_cookies = found
    return found


def _secure(conn: HTTPConnection) -> bool:
    return conn.url.scheme in ("https", "wss")


def finish(conn: HTTPConnection, response: Response) -> Response:
    """`response` with the cookies this request's identity calls made set on it."""
    for name, value, max_age in _outgoing(conn).cookies:
        response.set_cookie(
            name,
            value,
            max_age=max_age,
            httponly=True,
            samesite="lax",
            secure=_secure(conn),
            path="/",
        )
    return response


def set_session_cookie(conn: HTTPConnection, session_id: str) -> None:
    days = _settings(conn).session_days
    _outgoing(conn).cookies.append((SESSION_COOKIE, session_id, int(days * 86400)))


def refresh_cookies(conn: HTTPConnection, identity: Identity) -> None:
    """Set the cookie that proved `identity` again with its full lifetime (the store
    pushes the session's expiry on as it is used; the browser's cookie follows)."""
    if identity.kind == "account":
        raw = _readable(conn.cookies.get(SESSION_COOKIE))
        if raw is not None:
            set_session_cookie(conn, raw)
    elif identity.kind == "guest":
        raw = _readable(conn.cookies.get(GUEST_COOKIE))
        if raw is not None:
            _set_guest_cookie(conn, raw)


def clear_session_cookie(conn: HTTPConnection) -> None:
    _outgoing(conn).cookies.append((SESSION_COOKIE, "", 0))


def _set_guest_cookie(conn: HTTPConnection, guest_id: str) -> None:
    days = _settings(conn).guest_session_days
    _outgoing(conn).cookies.append((GUEST_COOKIE, guest_id, int(days * 86400)))


_last_purge = 0.0


def _purge_now_and_then(store: Store) -> None:
    """Delete expired sessions, at most once per `PURGE_EVERY` in this process."""
    global _last_purge
    if time.monotonic() - _last_purge > PURGE_EVERY:
        _last_purge = time.monotonic()
        store.purge_sessions()


def _new_guest(store: Store, guest_id: str, name: str | None, days: float) -> Identity:
    now = datetime.now(UTC)
    _purge_now_and_then(store)
    id_hash = session_hash(guest_id)
    store.create_session(id_hash, expires=now + timedelta(days=days), name=name)
    return Identity("guest", f"guest:{id_hash}", name, None, id_hash)


async def seat_identity(conn: HTTPConnection, name: str | None = None) -> Identity:
    """The identity a seat taken by this request belongs to: the account or guest it
    comes from, or a new guest session (named `name`) whose cookie `finish` sets."""
    identity = await identify(conn)
    if identity.kind != "anonymous":
        return identity
    guest_id = new_session_id()
    days = _settings(conn).guest_session_days
    made = await asyncio.to_thread(_new_guest, _store(conn), guest_id, name, days)
    _set_guest_cookie(conn, guest_id)
    return made


async def new_account_session(conn: HTTPConnection, account_id: int, username: str) -> Identity:
    """Sign this browser in to the account: a new session (never a given id), whose
    cookie `finish` sets; a signed-in session the browser had before is ended."""
    store = _store(conn)
    old = _readable(conn.cookies.get(SESSION_COOKIE))
    session_id = new_session_id()
    id_hash = session_hash(session_id)
    expires = datetime.now(UTC) + timedelta(days=_settings(conn).session_days)

    def work() -> None:
        _purge_now_and_then(store)
        if old is not None:
            store.delete_session(session_hash(old))
        store.create_session(id_hash, expires=expires, account_id=account_id)

    await asyncio.to_thread(work)
    if old is not None:
        await end_sockets(conn, [session_hash(old)])
    set_session_cookie(conn, session_id)
    return Identity("account", f"account:{account_id}", username, account_id, id_hash)


# --- live sockets per session (ended with their session) -------------------------------


def _sockets(conn: HTTPConnection) -> dict[str, set[WebSocket]]:
    found: dict[str, set[WebSocket]] | None = getattr(conn.app.state, "identity_sockets", None)
    if found is None:
        found = {}
        conn.app.state.identity_sockets = found
    return found


def track(socket: WebSocket, identity: Identity) -> None:
    """Remember an open socket of a session, to close it when the session ends."""
    if identity.session is not None:
        _sockets(socket).setdefault(identity.session, set()).add(socket)


def untrack(socket: WebSocket, identity: Identity) -> None:
    if identity.session is not None:
        sockets = _sockets(socket)
        held = sockets.get(identity.session)
        if held is not None:
            held.discard(socket)
            if not held:
                del sockets[identity.session]


async def end_sockets(conn: HTTPConnection, hashes: list[str]) -> None:
    """Close this process's open sockets of the ended sessions `hashes` (code 4401:
    the page reconnects as whoever it is now)."""
    sockets = _sockets(conn)
    for id_hash in hashes:
        for socket in list(sockets.pop(id_hash, ())):
            with contextlib.suppress(RuntimeError, OSError):  # closed meanwhile
                await socket.close(code=4401)


def stand_in_name(identity: Identity) -> str:
    """The name a seat of a guest who gave none shows: `Guest-` and four characters of
    the guest's key, the same at every table (never a word such as "friend" or "you",
    which would name the wrong person on the other player's screen)."""
    digest = hashlib.sha256((identity.key or "").encode("utf-8")).hexdigest()
    return f"Guest-{digest[:4].upper()}"


async def name_for_seat(
    conn: HTTPConnection, identity: Identity, requested: object, default: str
) -> str:
    """The name a seat taken by `identity` shows: an account's username (never another
    name); for a guest the name asked for (checked by `clean_name`), else the guest's
    name, else `default`. A guest without a name keeps the first one it asks for."""
    if identity.signed_in and identity.name:
        return identity.name
    if isinstance(requested, str) and requested.strip():
        name = clean_name(requested, field="your name")
        if identity.kind == "guest" and identity.name is None and identity.session is not None:
            await asyncio.to_thread(_store(conn).set_session_name, identity.session, name)
        return name
    return identity.name or default
