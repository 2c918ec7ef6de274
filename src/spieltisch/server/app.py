"""The ASGI app: the JSON API, one WebSocket per table, the static front end; running
games of the store are rebuilt as live tables when the app starts."""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import AsyncIterator
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from spieltisch.bots.web import BOT_PATH, bot_socket, start_bots, stop_bots
from spieltisch.core.settings import Settings
from spieltisch.server.analysis import Analyst
from spieltisch.server.api import ROUTES, secret_of, with_cookie
from spieltisch.server.arena_api import ARENA_ROUTES
from spieltisch.server.hub import IDLE_GRACE, Hub
from spieltisch.server.ws import table_socket
from spieltisch.store import Store

log = logging.getLogger(__name__)

#: The static front end shipped in the package.
WEB = Path(__file__).resolve().parent.parent / "web"


async def index(request: Request) -> Response:
    """The page (one page; the front end routes by the URL's #fragment)."""
    secret, fresh = secret_of(request)
    response = FileResponse(WEB / "index.html", headers={"cache-control": "no-cache"})
    return with_cookie(response, secret, fresh)


async def stats(request: Request) -> Response:
    """The server's own seconds per move handled (for the load benchmark)."""
    hub: Hub = request.app.state.hub
    return JSONResponse({"move_seconds": hub.move_seconds, "tables": len(hub.tables)})


def create_app(
    db: str | Path,
    *,
    idle_grace: float = IDLE_GRACE,
    xml_port: int | None = None,
    host: str = "127.0.0.1",
    settings: Settings | None = None,
) -> Starlette:
    """The web app over the store at `db` (a SQLite path or an SQLAlchemy URL); with
    `xml_port`, the bot server's TCP listener (XML and JSON) on that port too."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store.open(db)
        hub = Hub(
            store,
            idle_grace=idle_grace,
            settings=settings if settings is not None else Settings.load(),
        )
        app.state.hub = hub
        app.state.analyst = Analyst()
        started = time.perf_counter()
        resumed = hub.restore()
        log.info("restore took %.3f s", time.perf_counter() - started)
        if resumed:
            log.info("resumed %d running games", resumed)
        hub.start()
        await start_bots(app, hub, xml_port=xml_port, host=host)
        try:
            yield
        finally:
            await stop_bots(app)
            await hub.stop()
            app.state.analyst.close()
            store.close()

    routes = [
        Route("/", index),
        Route("/api/stats", stats),
        *ROUTES,
        *ARENA_ROUTES,
        WebSocketRoute("/ws/tables/{id}", table_socket),
        WebSocketRoute(BOT_PATH, bot_socket),
        Mount("/static", StaticFiles(directory=WEB), name="static"),
    ]
    return Starlette(routes=routes, lifespan=lifespan)
