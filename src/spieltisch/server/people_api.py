"""The lobby's people API: "my games" (running, waiting and recent, of whoever asks: an
account or a guest, `server.identity`) and the invite QR code of a table.

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

from spieltisch.server.account_api import tables_of
from spieltisch.server.api import _summary, guarded, hub_of, path_id, query_int
from spieltisch.server.identity import identify
from spieltisch.store import GameSummary

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
    Route("/api/tables/{id}/invite.svg", guarded(invite_qr)),
]
