"""The JSON API of accounts: sign up, sign in, sign out, change the password, who am I,
and a guest's name.

Every route takes and gives JSON; a refusal is `{"error": message, "code": CODE}` with
its status (400 bad input, 401 wrong credentials or not signed in, 403 wrong old
password, 409 taken or not for an account, 415 not JSON, 503 busy or store down).
State-changing routes accept only `application/json` bodies, which a cross-site form
cannot send (no login CSRF). The edge rate-limits these paths.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from spieltisch.core.names import BadName, clean_name
from spieltisch.core.settings import Settings
from spieltisch.server.accounts import AccountError, Passwords, change_password, sign_in, sign_up
from spieltisch.server.api import _summary
from spieltisch.server.hub import Hub
from spieltisch.server.identity import (
    SESSION_COOKIE,
    Identity,
    clear_session_cookie,
    end_sockets,
    finish,
    identify,
    new_account_session,
    refresh_cookies,
    seat_identity,
    session_hash,
)
from spieltisch.store import GameSummary, StoreError
from spieltisch.tables import Status

#: The largest body an account route reads.
MAX_ACCOUNT_BODY = 8_192


def _error(code: str, message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": message, "code": code}, status_code=status)


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def passwords_of(request: Request) -> Passwords:
    """The app's password hasher (made on first use, with the host's hashing limit)."""
    found = getattr(request.app.state, "passwords", None)
    if not isinstance(found, Passwords):
        settings = getattr(request.app.state, "settings", None)
        at_once = settings.password_hashes_at_once if isinstance(settings, Settings) else 2
        found = Passwords(at_once)
        request.app.state.passwords = found
    return found


async def _json(request: Request) -> dict[str, Any]:
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise AccountError("NOT_JSON", "send a JSON body (content-type: application/json)", 415)
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_ACCOUNT_BODY:
            raise AccountError("TOO_LARGE", f"at most {MAX_ACCOUNT_BODY} bytes", 413)
    try:
        data = json.loads(raw.decode("utf-8") or "{}")
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise AccountError("NOT_JSON", "the request is not JSON") from None
    if not isinstance(data, dict):
        raise AccountError("NOT_JSON", "the request is a JSON object")
    return data


def _route(
    handler: Callable[[Request], Awaitable[Response]],
) -> Callable[[Request], Awaitable[Response]]:
    async def endpoint(request: Request) -> Response:
        try:
            return finish(request, await handler(request))
        except AccountError as exc:
            return finish(request, _error(exc.code, str(exc), exc.status))
        except BadName as exc:
            return finish(request, _error(f"BAD_NAME_{exc.code}", str(exc), 400))
        except (StoreError, SQLAlchemyError):
            return _error("STORE_UNAVAILABLE", "the store cannot answer: try again soon", 503)

    return endpoint


def tables_of(hub: Hub, key: str | None) -> list[dict[str, Any]]:
    """The live tables where `key` holds a seat (running and waiting), newest first."""
    if key is None:
        return []
    found = []
    for live in sorted(hub.tables.values(), key=lambda t: -t.id):
        held = live.held(key)
        table = live.table
        if not held or table.status not in (Status.WAITING, Status.RUNNING):
            continue
        found.append(
            {
                "id": live.id,
                "game": table.game.name,
                "title": table.game.title,
                "status": str(table.status.value),
                "players": [seat.name for seat in table.seats],
                "seats": held,
                "ply": table.ply,
                "your_turn": table.status is Status.RUNNING and table.turn in held,
                "url": f"/#/table/{live.id}",
            }
        )
    return found[:100]


def me(hub: Hub, identity: Identity, recent: list[GameSummary] | None = None) -> dict[str, Any]:
    """Who am I, for the page: the identity, its live tables and (for an account) its
    recent games."""
    tables = tables_of(hub, identity.key)
    return {
        "kind": identity.kind,
        "signed_in": identity.signed_in,
        "name": identity.name,
        "username": identity.name if identity.signed_in else None,
        "account_id": identity.account_id,
        "running": [t for t in tables if t["status"] == "running"],
        "waiting": [t for t in tables if t["status"] == "waiting"],
        "recent": [_summary(game) for game in recent or [] if game.status != "running"],
    }


async def whoami(request: Request) -> Response:
    identity = await identify(request)
    refresh_cookies(request, identity)  # the page asks at every load: sliding expiry
    recent = None
    if identity.account_id is not None:
        store = _hub(request).store
        recent = await asyncio.to_thread(store.account_games, identity.account_id, limit=20)
    return JSONResponse(me(_hub(request), identity, recent))


async def signup(request: Request) -> Response:
    data = await _json(request)
    store = _hub(request).store
    account = await sign_up(
        store, passwords_of(request), data.get("username"), data.get("password")
    )
    identity = await new_account_session(request, account.id, account.username)
    return JSONResponse(me(_hub(request), identity), status_code=201)


async def signin(request: Request) -> Response:
    data = await _json(request)
    store = _hub(request).store
    account = await sign_in(
        store, passwords_of(request), data.get("username"), data.get("password")
    )
    identity = await new_account_session(request, account.id, account.username)
    return JSONResponse(me(_hub(request), identity))


async def signout(request: Request) -> Response:
    await _json(request)
    raw = request.cookies.get(SESSION_COOKIE)
    if raw:
        id_hash = session_hash(raw)
        await asyncio.to_thread(_hub(request).store.delete_session, id_hash)
        await end_sockets(request, [id_hash])
        clear_session_cookie(request)
    # back to the browser's guest self (if it has one)
    identity = await identify(request, accounts=False)
    return JSONResponse(me(_hub(request), identity))


async def password(request: Request) -> Response:
    data = await _json(request)
    identity = await identify(request)
    if not identity.signed_in or identity.account_id is None:
        raise AccountError("NOT_SIGNED_IN", "sign in to change your password", 401)
    store = _hub(request).store
    await change_password(
        store,
        passwords_of(request),
        identity.account_id,
        data.get("old_password"),
        data.get("new_password"),
    )
    ended = await asyncio.to_thread(
        store.delete_account_sessions, identity.account_id, keep=identity.session
    )
    await end_sockets(request, ended)
    return JSONResponse({**me(_hub(request), identity), "ended_sessions": len(ended)})


async def guest_name(request: Request) -> Response:
    """Set this browser's guest name (a guest session is made if there is none)."""
    data = await _json(request)
    name = clean_name(data.get("name"), field="your name")
    identity = await identify(request)
    if identity.signed_in:
        raise AccountError("SIGNED_IN", "an account plays under its username", 409)
    if identity.kind == "anonymous":
        identity = await seat_identity(request, name)
    else:
        assert identity.session is not None
        await asyncio.to_thread(_hub(request).store.set_session_name, identity.session, name)
        identity = Identity(identity.kind, identity.key, name, None, identity.session)
    return JSONResponse(me(_hub(request), identity))


ACCOUNT_ROUTES = [
    Route("/api/account", _route(whoami), methods=["GET"]),
    Route("/api/account/signup", _route(signup), methods=["POST"]),
    Route("/api/account/signin", _route(signin), methods=["POST"]),
    Route("/api/account/signout", _route(signout), methods=["POST"]),
    Route("/api/account/password", _route(password), methods=["POST"]),
    Route("/api/account/guest", _route(guest_name), methods=["POST"]),
]
