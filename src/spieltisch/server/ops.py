"""The host's routes: `/healthz` (is this server fit to serve: its store answers) and
`/metrics` (the server's measurements in Prometheus's text format).

Both are cheap and need no sign-in: a load balancer or an orchestrator polls `/healthz`
every few seconds, Prometheus scrapes `/metrics`. Neither tells a stranger anything
private (counts and durations only); a host who wants them private blocks the paths at
the proxy (docs/hosting.md).
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from typing import Any

from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from sqlalchemy import text
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from spieltisch.core.metrics import REGISTRY, TABLES_LIVE
from spieltisch.server.hub import Hub
from spieltisch.store import Store
from spieltisch.tables import Status

__all__ = ["HEALTH_TIMEOUT", "OPS_ROUTES", "healthz", "metrics"]

#: Seconds the store has to answer the health check's query before it counts as down.
HEALTH_TIMEOUT = 5.0


def _ping(store: Store) -> None:
    """One trivial query on a connection of the store's pool (raises when it is down)."""
    with store.engine.connect() as connection:
        connection.execute(text("SELECT 1")).scalar_one()


async def healthz(request: Request) -> Response:
    """200 `{"status": "ok", ...}` when the store answers `SELECT 1` within
    `HEALTH_TIMEOUT`; 503 `{"status": "unavailable", "reason": ...}` when it does not.
    The query runs in a thread: a hanging database never blocks the event loop."""
    hub: Hub | None = getattr(request.app.state, "hub", None)
    headers = {"cache-control": "no-store"}
    if hub is None:
        return JSONResponse(
            {"status": "unavailable", "reason": "the server is starting"},
            status_code=503,
            headers=headers,
        )
    started = time.perf_counter()
    # one ping at a time per app: probes during a hanging outage share it instead of
    # filling the thread pool the store's own calls need
    ping: asyncio.Task[None] | None = getattr(request.app.state, "health_ping", None)
    if ping is None or ping.done():
        ping = asyncio.get_running_loop().create_task(asyncio.to_thread(_ping, hub.store))
        ping.add_done_callback(_retrieved)
        request.app.state.health_ping = ping
    try:
        await asyncio.wait_for(asyncio.shield(ping), HEALTH_TIMEOUT)
    except TimeoutError:
        reason = f"the store did not answer within {HEALTH_TIMEOUT:g} s"
    except Exception as exc:  # any failure of the database is the answer, not a 500
        reason = f"the store does not answer: {type(exc).__name__}: {_first_line(exc)}"
    else:
        body: dict[str, Any] = {
            "status": "ok",
            "store_ms": round((time.perf_counter() - started) * 1000, 2),
            "tables": len(hub.tables),
        }
        return JSONResponse(body, headers=headers)
    return JSONResponse(
        {"status": "unavailable", "reason": reason}, status_code=503, headers=headers
    )


def _retrieved(task: asyncio.Task[None]) -> None:
    """Take a finished ping's error (a probe that timed out no longer awaits it)."""
    if not task.cancelled():
        task.exception()


def _first_line(exc: BaseException) -> str:
    """The first line of an error's message, short (drivers add SQL and links below)."""
    line = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return line[:300]


def count_tables(hub: Hub) -> None:
    """Set `spieltisch_tables_live` from the hub's tables now (every status, zero too)."""
    counts = Counter(str(live.table.status) for live in list(hub.tables.values()))
    for status in Status:
        TABLES_LIVE.labels(status=str(status)).set(counts.get(str(status), 0))


async def metrics(request: Request) -> Response:
    """Every metric of `spieltisch.core.metrics.REGISTRY` in Prometheus's text format;
    the counts of live things are taken from the hub at scrape time."""
    hub: Hub | None = getattr(request.app.state, "hub", None)
    if hub is not None:
        count_tables(hub)
    return Response(
        generate_latest(REGISTRY),
        media_type=CONTENT_TYPE_LATEST,
        headers={"cache-control": "no-store"},
    )


OPS_ROUTES = [
    Route("/healthz", healthz, methods=["GET", "HEAD"]),
    Route("/metrics", metrics, methods=["GET"]),
]
