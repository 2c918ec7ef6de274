"""The lobby's people API: "my games" (running, waiting and recent, of whoever asks: an
account or a guest, `server.identity`), a guest's name (asked once), and the invite QR
code of a table.

`POST /api/my/name` sets a guest's name as `POST /api/account/guest` does, and also
renames the guest's seats that show its stand-in name (`Guest-XXXX`, given to a guest
who sat down without a name, e.g. through an invite link): the name chosen once then
shows at the table where it was asked too. No other seat name ever changes.

`GET /api/my/games` answers an anonymous browser with empty lists (no session is made
for a visit). `GET /api/tables/ID/invite.svg` is the QR code (SVG, made by `segno`) of
the table's invite link on this host, for a friend's phone across the table.
"""

from __future__ import annotations

import asyncio
import io
from typing import Any

import segno
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from spieltisch.core.names import clean_name
from spieltisch.server.account_api import me, tables_of
from spieltisch.server.api import BadRequest, _summary, body, guarded, hub_of, path_id, query_int
from spieltisch.server.identity import (
    Identity,
    finish,
    identify,
    seat_identity,
    stand_in_name,
)
from spieltisch.store import GameSummary
from spieltisch.tables import SeatError, SeatKind

#: The most recent games "my games" lists.
RECENT = 20


def _seat_of(game: GameSummary, key: str) -> int | None:
    """The seat `key` held in a stored game (the holders its meta keeps, else the seat
    kind of an account), or None."""
    holders = game.meta.get("holders")
    if isinstance(holders, list):
        for index, holder in enumerate(holders[:2]):
            if holder == key:
                return index
    if key.startswith("account:"):
        for index, player in enumerate(game.players):
            if player.kind == key:
                return index
    return None


def _result(game: GameSummary, seat: int | None) -> str:
    """`won`, `lost`, `draw` from the seat's side, or the game's status."""
    if game.status != "finished":
        return str(game.status)
    if game.winner is None:
        return "draw"
    if seat is None:
        return f"seat{game.winner}"
    return "won" if game.winner == seat else "lost"


def recent_entry(game: GameSummary, key: str) -> dict[str, Any]:
    entry = _summary(game)
    seat = _seat_of(game, key)
    entry["seat"] = seat
    entry["result"] = _result(game, seat)
    entry["url"] = f"/#/replay/{game.id}"
    return entry


async def my_games(request: Request) -> Response:
    """The asker's live tables (running: continue; waiting: their challenges) and their
    recent finished or abandoned games (replay), newest first."""
    identity = await identify(request)
    hub = hub_of(request)
    key = identity.key
    tables = tables_of(hub, key)
    recent: list[dict[str, Any]] = []
    if key is not None:
        limit = query_int(request, "limit", 1, 100, RECENT)
        found = await asyncio.to_thread(hub.store.holder_games, key, limit=limit + 20)
        recent = [recent_entry(g, key) for g in found if g.status != "running"][:limit]
    return JSONResponse(
        {
            "kind": identity.kind,
            "signed_in": identity.signed_in,
            "name": identity.name,
            "running": [t for t in tables if t["status"] == "running"],
            "waiting": [t for t in tables if t["status"] == "waiting"],
            "recent": recent,
        },
        headers={"cache-control": "no-store"},
    )


async def my_name(request: Request) -> Response:
    """Set this browser's guest name (a guest session is made if there is none) and
    rename its seats that show its stand-in name; 409 for an account (it plays under
    its username)."""
    data = await body(request)
    name = clean_name(data.get("name"), field="your name")
    identity = await identify(request)
    if identity.signed_in:
        raise SeatError("SIGNED_IN", "an account plays under its username")
    hub = hub_of(request)
    if identity.kind == "anonymous":
        identity = await seat_identity(request, name)
    elif identity.session is not None:
        await asyncio.to_thread(hub.store.set_session_name, identity.session, name)
        identity = Identity(identity.kind, identity.key, name, None, identity.session)
    else:
        raise BadRequest("only a guest names itself")
    stand_in = stand_in_name(identity)
    renamed = 0
    for live in list(hub.tables.values()):
        for seat in live.held(identity.key):
            current = live.table.seats[seat]
            if current.kind is SeatKind.PERSON and current.name == stand_in:
                live.table.rename(seat, name)
                renamed += 1
                if live.recorder is not None:
                    await live.recorder.settle()  # the new name stored, then shown
                await live.flush()
    return finish(request, JSONResponse({**me(hub, identity), "renamed_seats": renamed}))


def invite_link(request: Request, table_id: int) -> str:
    """The invite link of a table on the host the request came to."""
    return f"{str(request.base_url).rstrip('/')}/#/table/{table_id}/join"


async def invite_qr(request: Request) -> Response:
    """The invite link of table ID as a QR code (SVG; 404 for no such table)."""
    table_id = path_id(request)
    await hub_of(request).get(table_id)  # NotFoundError (404) for no such table
    code = segno.make(invite_link(request, table_id), error="m", micro=False)
    out = io.BytesIO()
    code.save(out, kind="svg", scale=4, border=2, dark="#000", light="#fff", title="QR")
    return Response(
        out.getvalue(),
        media_type="image/svg+xml",
        headers={"cache-control": "private, max-age=3600"},
    )


PEOPLE_ROUTES = [
    Route("/api/my/games", guarded(my_games)),
    Route("/api/my/name", guarded(my_name), methods=["POST"]),
    Route("/api/tables/{id}/invite.svg", guarded(invite_qr)),
]
