"""The ASGI app: the JSON API, one WebSocket per table, the static front end; running
games of the store are rebuilt as live tables when the app starts.

The app runs under one `Settings` (`app.state.settings`: limits, rates, timeouts, the
admin password) and one `Guard` (`app.state.guard`: rate limits and connection counts,
shared with the bot server); every request and WebSocket passes the `Edge` middleware
(headers, cross-site checks, body limits, rate limits) first."""

from __future__ import annotations

import contextlib
import logging
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute

from spieltisch.ai.service import AIService
from spieltisch.core.guard import Guard
from spieltisch.core.settings import Settings
from spieltisch.server.account_api import ACCOUNT_ROUTES
from spieltisch.server.analysis_api import ROUTES as ANALYSIS_ROUTES
from spieltisch.server.api import ROUTES
from spieltisch.server.arena_api import ARENA_ROUTES
from spieltisch.server.bot_socket import BOT_PATH, bot_socket, start_bots, stop_bots
from spieltisch.server.bots_api import BOTS_ROUTES
from spieltisch.server.chat import chats_of
from spieltisch.server.cluster import Cluster
from spieltisch.server.edge import Edge
from spieltisch.server.hub import IDLE_GRACE, Hub
from spieltisch.server.logs import RequestLog
from spieltisch.server.ops import OPS_ROUTES
from spieltisch.server.people_api import PEOPLE_ROUTES
from spieltisch.server.web_assets import WebAssets
from spieltisch.server.words_api import WORDS_ROUTES
from spieltisch.server.ws import table_socket
from spieltisch.store import Store

log = logging.getLogger(__name__)

#: Seconds a thread may hold the interpreter before another one gets it (the server's).
SWITCH_INTERVAL = 0.0005

#: The static front end shipped in the package.
WEB = Path(__file__).resolve().parent.parent / "web"


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
    `xml_port`, the bot server's TCP listener (XML and JSON) on that port too. `settings`
    are the host's limits (default: read from the SPIELTISCH_* environment variables)."""
    settings = settings if settings is not None else Settings.load()
    guard = Guard(settings)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        # The store's threads hand a move's commit back to the event loop; with Python's
        # default of 5 ms between switches, a busy loop held each of them that long at
        # every database call (a move waited 21 ms median for its commit at 53 moves/s,
        # 7 ms with 0.5 ms; benchmarks/server_load.py, docs/measurements/load.md).
        sys.setswitchinterval(SWITCH_INTERVAL)
        store = Store.open(db)
        ai = AIService(settings)  # every AI move and analysis, bounded by the settings
        ai.warm()  # the Ray backend connects in the background; the local one starts a worker
        app.state.ai = ai
        hub = Hub(store, idle_grace=idle_grace, ai=ai, settings=settings)
        app.state.hub = hub
        if settings.broker_url is not None:  # one of several processes on one database
            hub.cluster = Cluster(hub, settings)
            chats_of(app)  # the chat rooms of the tables it owns, for every process
            await hub.cluster.start()
        started = time.perf_counter()
        resumed = hub.restore()
        log.info("restore took %.3f s", time.perf_counter() - started)
        if resumed:
            log.info("resumed %d running games", resumed)
        hub.start()
        await start_bots(app, hub, xml_port=xml_port, host=host, settings=settings, guard=guard)
        try:
            yield
        finally:
            await stop_bots(app)
            if getattr(app.state, "analyses", None) is not None:
                await app.state.analyses.close()  # whole-game analyses: taken up again later
            await hub.stop()
            await ai.close()
            store.close()

    assets = WebAssets(WEB)  # the page (one page; the front end routes by the #fragment)
    routes = [
        Route("/", assets.index),
        Route("/api/stats", stats),
        *OPS_ROUTES,
        *PEOPLE_ROUTES,  # before ROUTES: /api/tables/ID/invite.svg
        *ROUTES,
        *ANALYSIS_ROUTES,
        *WORDS_ROUTES,
        *ACCOUNT_ROUTES,
        *ARENA_ROUTES,
        *BOTS_ROUTES,
        WebSocketRoute("/ws/tables/{id}", table_socket),
        WebSocketRoute(BOT_PATH, bot_socket),
        Mount("/static/v", app=assets.versioned),
        Mount("/static", app=assets.plain, name="static"),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        # the request log outermost: it sees every answer, the edge's refusals too
        middleware=[Middleware(RequestLog), Middleware(Edge, settings=settings, guard=guard)],
    )
    app.state.settings = settings
    app.state.assets = assets
    app.state.guard = guard
    return app
