"""The HTTP API of whole-game computer analysis (`spieltisch.server.analysis_jobs`).

- `POST /api/records/{id}/analysis` asks for the analysis of stored game `id`: 202 with
  its progress (`{"status": "queued"|"running", "done", "total"}`), or 200 with the
  result when it is done; 403 for a game in progress (fair play), 503 with Retry-After
  when the queue of analyses is full, 404 for no such game.
- `GET /api/records/{id}/analysis` says where it is: `status` `none`, `queued`,
  `running` (with `done` of `total` positions), `done` (with `result`) or `failed` (with
  `error`; asking again starts it anew).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from spieltisch.server.analysis_jobs import AnalysisBusy, GameAnalyses
from spieltisch.server.api import guarded, hub_of, path_id

__all__ = ["ROUTES", "analyses_of"]


def analyses_of(request: Request) -> GameAnalyses:
    """The app's analysis jobs, made on first use (on the app's event loop)."""
    jobs: GameAnalyses | None = getattr(request.app.state, "analyses", None)
    if jobs is None:
        jobs = GameAnalyses(hub_of(request).store, request.app.state.ai, request.app.state.settings)
        request.app.state.analyses = jobs
    return jobs


async def request_analysis(request: Request) -> Response:
    game_id = path_id(request)
    try:
        answer = await analyses_of(request).request(game_id)
    except AnalysisBusy as exc:
        return JSONResponse(
            {"error": str(exc), "code": "ANALYSIS_BUSY"},
            status_code=503,
            headers={"retry-after": "30"},
        )
    return JSONResponse(answer, status_code=200 if answer["status"] == "done" else 202)


async def analysis_status(request: Request) -> Response:
    return JSONResponse(await analyses_of(request).status(path_id(request)))


ROUTES = [
    Route("/api/records/{id}/analysis", guarded(request_analysis), methods=["POST"]),
    Route("/api/records/{id}/analysis", guarded(analysis_status), methods=["GET"]),
]
