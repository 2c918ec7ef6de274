"""The JSON API over HTTP: games and their options, tables (create, join, rematch, a past
position), stored games (list, replay, export, import), positions, analysis and rules.

Every error is a JSON object `{"error": message, "code": CODE, "params": {...}}` with a
4xx/5xx status: `error` is an English sentence for people reading logs and curl output,
`code` a stable constant the front end translates (`error.CODE` in its catalogue), and
`params` the values its words may use (docs/api.md, "Errors"). Outside input is read
through `read_int` and size limits, and quoted short in messages.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from spieltisch.ai.service import AIBusy, AIService
from spieltisch.core.chance import MAX_SEED
from spieltisch.core.errors import (
    IllegalMoveError,
    NotationError,
    OptionError,
    PositionError,
    SpieltischError,
    UnknownGameError,
    quote,
)
from spieltisch.core.names import BadName
from spieltisch.core.record import GameRecord, replay_record
from spieltisch.core.registry import game_names, load
from spieltisch.core.text import read_int
from spieltisch.core.words import LANGUAGES
from spieltisch.server.analysis import FairPlay, GameInProgress
from spieltisch.server.catalog import catalog, rules_html
from spieltisch.server.cluster import RemoteTable
from spieltisch.server.hub import Hub, LiveTable, NewTable
from spieltisch.server.identity import (
    finish,
    identify,
    name_for_seat,
    seat_identity,
    stand_in_name,
)
from spieltisch.server.imports import imported_record
from spieltisch.store import IMPORTED, NotFoundError, StoreError, StoreUnavailable
from spieltisch.tables import SeatError
from spieltisch.tables.recorder import NotSaved, store_call

#: The largest request body read (a record of a long game fits easily).
MAX_BODY = 4_000_000
MAX_TEXT = 100_000
#: The most best lines one analysis request gets (the analysis board shows three).
MAX_LINES = 3


class BadRequest(Exception):
    """Input the API refuses (400): the English message, a stable `code` and the
    `params` the front end's words for that code may use."""

    def __init__(self, message: str, code: str = "BAD_REQUEST", **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


def error(
    message: str, status: int = 400, code: str = "BAD_REQUEST", params: dict[str, Any] | None = None
) -> JSONResponse:
    """A JSON error answer: the English text, the stable code and its parameters."""
    return JSONResponse(
        {"error": message, "code": code, "params": params or {}}, status_code=status
    )


def _error_code(exc: Exception) -> tuple[str, dict[str, Any]]:
    """The stable code (and parameters) of one of the project's errors."""
    if isinstance(exc, IllegalMoveError):
        return "ILLEGAL_MOVE", {"rule": exc.rule}
    if isinstance(exc, PositionError):
        return "BAD_POSITION", {}
    if isinstance(exc, NotationError):
        return "BAD_NOTATION", {}
    if isinstance(exc, OptionError):
        return "BAD_OPTION", {}
    if isinstance(exc, UnknownGameError):
        return "UNKNOWN_GAME", {}
    if isinstance(exc, StoreError):
        return "STORE_ERROR", {}
    return "BAD_REQUEST", {}


def hub_of(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


async def body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise BadRequest(
            f"the request is larger than {MAX_BODY} bytes", "TOO_LARGE", limit=MAX_BODY
        )
    try:
        data = json.loads(raw.decode("utf-8") or "{}")
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise BadRequest("the request is not JSON", "NOT_JSON") from None
    if not isinstance(data, dict):
        raise BadRequest("the request is a JSON object", "NOT_JSON")
    return data


def text_field(data: dict[str, Any], key: str, default: str = "", longest: int = 200) -> str:
    value = data.get(key, default)
    if value is None:
        return default
    if not isinstance(value, str):
        raise BadRequest(f"{key} is text", "BAD_FIELD", field=key)
    if len(value) > longest:
        raise BadRequest(
            f"{key} has at most {longest} characters", "TOO_LONG", field=key, limit=longest
        )
    return value


def int_field(
    data: dict[str, Any], key: str, low: int, high: int, default: int | None = None
) -> int | None:
    """A whole number from a JSON field (a number or its ASCII digits) in low..high."""
    value = data.get(key)
    if value is None or value == "":
        return default
    if isinstance(value, bool):
        raise BadRequest(f"{key} is a whole number", "BAD_FIELD", field=key)
    if isinstance(value, int):
        value = str(value)
    if not isinstance(value, str):
        raise BadRequest(f"{key} is a whole number", "BAD_FIELD", field=key)
    return read_int(value, key, low=low, high=high)


def query_int(request: Request, key: str, low: int, high: int, default: int) -> int:
    raw = request.query_params.get(key)
    if raw is None or raw == "":
        return default
    return read_int(raw, key, low=low, high=high)


def path_id(request: Request) -> int:
    return read_int(request.path_params["id"], "the id", low=1, high=MAX_SEED)


def game_name(raw: object) -> str:
    if not isinstance(raw, str) or raw not in game_names():
        shown = quote(raw if isinstance(raw, str) else str(type(raw).__name__), 40)
        raise BadRequest(f"unknown game {shown} (games: {', '.join(game_names())})", "UNKNOWN_GAME")
    return raw


def guarded(handler: Any) -> Any:
    """The endpoint with the project's errors turned into JSON error answers."""

    async def endpoint(request: Request) -> Response:
        try:
            response: Response = await handler(request)
            return response
        except BadRequest as exc:
            return error(str(exc), 400, exc.code, exc.params)
        except BadName as exc:
            return error(str(exc), 400, exc.code)
        except NotFoundError as exc:
            return error(str(exc), 404, "NOT_FOUND")
        except StoreUnavailable as exc:  # an outage or a lock: nothing changed, try again
            response = error(f"{exc}; try again shortly", 503, "STORE_UNAVAILABLE")
            response.headers["retry-after"] = "5"
            return response
        except NotSaved as exc:
            response = error(str(exc), 503, "NOT_SAVED")
            response.headers["retry-after"] = "5"
            return response
        except SeatError as exc:
            if exc.rule == "TOO_MANY_OPEN_TABLES":
                return error(exc.detail, 429, exc.rule)
            return error(exc.detail, 403 if exc.rule in ("NO_SEAT",) else 409, exc.rule)
        except GameInProgress as exc:
            return error(str(exc), 403, "GAME_IN_PROGRESS")
        except (SpieltischError, StoreError, ValueError) as exc:
            code, params = _error_code(exc)
            return error(str(exc), 400, code, params)

    return endpoint


# --- games and rules -----------------------------------------------------------------


async def list_games_catalog(request: Request) -> Response:
    """The games; `?lang=de` gives their titles and summaries in German."""
    lang = request.query_params.get("lang", "en")
    return JSONResponse({"games": catalog(lang if lang in ("en", "de") else "en")})


async def rules(request: Request) -> Response:
    name = game_name(request.path_params["game"])
    wanted = request.query_params.get("lang", "en")
    try:
        title, html, lang = rules_html(name, wanted if wanted in LANGUAGES else "en")
    except KeyError:
        return error(f"no rules for {name}", 404, "NOT_FOUND")
    return JSONResponse({"game": name, "title": title, "html": html, "lang": lang})


# --- tables ----------------------------------------------------------------------------


def _options(data: dict[str, Any], name: str) -> str:
    """The options as `key=value` text from an object or text (checked by the game)."""
    raw = data.get("options") or ""
    if isinstance(raw, dict):
        pairs = []
        for key, value in raw.items():
            if not isinstance(key, str) or not isinstance(value, str | int) or value == "":
                continue
            value = str(value)
            if len(key) > 40 or len(value) > 400 or " " in value or " " in key:
                raise BadRequest(
                    f"option {quote(key, 40)}: a short value without spaces", "BAD_OPTION"
                )
            pairs.append(f"{key}={value}")
        raw = " ".join(pairs)
    if not isinstance(raw, str) or len(raw) > 2000:
        raise BadRequest("options are key=value text", "BAD_OPTION")
    text: str = load(name, raw or None).options.text()
    return text


async def create_table(request: Request) -> Response:
    data = await body(request)
    name = game_name(data.get("game"))
    options = _options(data, name)
    position = text_field(data, "position", longest=MAX_TEXT).strip() or None
    from_game = int_field(data, "from_game", 1, MAX_SEED)
    hub = hub_of(request)
    if from_game is not None:
        record = await store_call("record", hub.store.record, from_game)
        ply = int_field(data, "ply", 0, len(record.moves), len(record.moves))
        name, options = record.game, record.options
        position = replay_record(record, ply).text()
    clock = None
    minutes = int_field(data, "clock_minutes", 0, 600, 0)
    # `clock_seconds`: an initial time under a minute (lichess's ¼ and ½ minute games)
    seconds = int_field(data, "clock_seconds", 0, 59, 0)
    if minutes or seconds:
        initial = float(minutes or 0) + (seconds or 0) / 60.0
        clock = (initial, float(int_field(data, "clock_increment", 0, 600, 0) or 0))
    new = NewTable(
        game=name,
        options=options,
        seed=int_field(data, "seed", 0, MAX_SEED),
        position=position,
        opponent=text_field(data, "opponent", "ai", 10),
        level=text_field(data, "level", "easy", 40),
        seat=int_field(data, "seat", 0, 1, 0) or 0,
        name="you",
        clock=clock,
    )
    identity = await seat_identity(request)
    stand_in = stand_in_name(identity)
    new = replace(new, name=await name_for_seat(request, identity, data.get("name"), stand_in))
    assert identity.key is not None
    live = await hub.create(new, identity.key)
    return finish(request, JSONResponse(_created(live)))


def _created(live: LiveTable | RemoteTable) -> dict[str, Any]:
    return {"id": live.id, "url": f"/#/table/{live.id}", "invite": f"/#/table/{live.id}/join"}


async def lobby(request: Request) -> Response:
    return JSONResponse(hub_of(request).lobby())


async def join_table(request: Request) -> Response:
    data = await body(request)
    hub = hub_of(request)
    live = await hub.reach(path_id(request))
    identity = await seat_identity(request)
    name = await name_for_seat(request, identity, data.get("name"), stand_in_name(identity))
    assert identity.key is not None
    seat = await hub.join(live, identity.key, name)
    return finish(request, JSONResponse({"id": live.id, "seat": seat}))


async def rematch(request: Request) -> Response:
    hub = hub_of(request)
    live = await hub.reach(path_id(request))
    identity = await identify(request)
    fresh = await hub.rematch(live, identity.key or "")
    if fresh is None:  # offered: made once the other player accepts
        return JSONResponse({"offered": True, "id": None})
    return JSONResponse(_created(fresh))


async def table_view(request: Request) -> Response:
    """The table as this browser sees it now (the WebSocket sends the same)."""
    hub = hub_of(request)
    live = await hub.reach(path_id(request))
    token = (await identify(request)).key
    return Response(live.message([token])[token], media_type="application/json")


# --- stored games and positions ------------------------------------------------------------


def _summary(entry: Any) -> dict[str, Any]:
    return {
        "imported": any(p.kind == IMPORTED for p in entry.players),
        "id": entry.id,
        "game": entry.game,
        "options": entry.options,
        "players": [{"name": p.name, "kind": p.kind} for p in entry.players],
        "status": entry.status,
        "plies": entry.plies,
        "winner": entry.winner,
        "reason": entry.reason,
        "scores": [list(entry.scores[0]), list(entry.scores[1])],
        "created": entry.created.isoformat(),
        "finished": entry.finished.isoformat() if entry.finished else None,
    }


async def list_records(request: Request) -> Response:
    params = request.query_params
    store = hub_of(request).store
    filters: dict[str, Any] = {}
    if params.get("game"):
        filters["game"] = game_name(params["game"])
    if params.get("player"):
        filters["player"] = params["player"][:200]
    if params.get("result"):
        filters["result"] = params["result"][:10]
    if params.get("status"):
        filters["status"] = params["status"][:20]
    limit = query_int(request, "limit", 1, 200, 50)
    offset = query_int(request, "offset", 0, 10**9, 0)
    found = await store_call("list_games", store.list_games, **filters, limit=limit, offset=offset)
    total = await store_call("count_games", store.count_games, **filters)
    return JSONResponse({"games": [_summary(g) for g in found], "total": total})


async def record_detail(request: Request) -> Response:
    store = hub_of(request).store
    stored = await store_call("game", store.game, path_id(request))
    detail = _summary(stored)
    detail["moves"] = [
        {"notation": m.notation, "seat": m.seat, "seconds": m.seconds} for m in stored.moves
    ]
    detail["title"] = load(stored.game).title
    return JSONResponse(detail)


async def record_view(request: Request) -> Response:
    """The view of the position after `ply` moves of a stored game."""
    store = hub_of(request).store
    record = await store_call("record", store.record, path_id(request))
    ply = query_int(request, "ply", 0, len(record.moves), len(record.moves))
    state = replay_record(record, ply)
    return JSONResponse({"ply": ply, "plies": len(record.moves), "view": state.view().to_json()})


async def export_record(request: Request) -> Response:
    game_id = path_id(request)
    store = hub_of(request).store
    record = await store_call("record", store.record, game_id)
    record.meta.pop("holders", None)  # who held the seats stays on this server
    name = f"{record.game}-{game_id}.json"
    return Response(
        record.to_json() + "\n",
        media_type="application/json",
        headers={"content-disposition": f'attachment; filename="{name}"'},
    )


async def import_record(request: Request) -> Response:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise BadRequest(f"a record has at most {MAX_BODY} bytes", "TOO_LARGE", limit=MAX_BODY)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadRequest("a record is UTF-8 text", "NOT_UTF8") from None
    uploaded = GameRecord.from_json(text)
    record = imported_record(uploaded)  # replayed, result checked, seats plain names
    store = hub_of(request).store
    game_id = await store_call("import_record", store.import_record, record)
    answer: dict[str, Any] = {"id": game_id, "url": f"/#/replay/{game_id}", "imported": True}
    if uploaded.finished and not record.finished:
        answer["note"] = (
            f"the result ({uploaded.reason}) cannot be checked from the moves: "
            "the game is kept without a result"
        )
    return JSONResponse(answer)


async def position_view(request: Request) -> Response:
    """The view of a position given as text (to look at an imported position)."""
    data = await body(request)
    name = game_name(data.get("game"))
    options = _options(data, name)
    text = text_field(data, "position", longest=MAX_TEXT)
    state = load(name, options or None).parse(text)
    return JSONResponse({"view": state.view().to_json()})


async def analysis(request: Request) -> Response:
    """The AI's evaluation and up to `lines` (1..3) best lines: of a stored game at a
    ply, or of a position (`spieltisch.ai.questions.analyse` says what comes back).

    Never of a game in progress (fair play, `spieltisch.server.analysis`): 403 for any
    position of a running game; 503 when the AI service's queue is full."""
    data = await body(request)
    hub = hub_of(request)
    lines = int_field(data, "lines", 1, MAX_LINES, 1) or 1
    game_id = int_field(data, "game_id", 1, MAX_SEED)
    if game_id is not None:
        stored = await store_call("game", hub.store.game, game_id)
        FairPlay.check_stored(game_id, stored.status)
        record = stored.to_record()
        ply = int_field(data, "ply", 0, len(record.moves), len(record.moves)) or 0
        state = replay_record(record, ply)  # checked before the worker sees it
        start, start_seed, moves = record.start, record.seed, tuple(record.moves[:ply])
    else:
        name = game_name(data.get("game"))
        options = _options(data, name)
        text = text_field(data, "position", longest=MAX_TEXT)
        state = load(name, options or None).parse(text)
        start, start_seed, moves = state.text(), None, ()
    fair: FairPlay | None = getattr(request.app.state, "fairplay", None)
    if fair is None:
        fair = request.app.state.fairplay = FairPlay()
    try:
        await fair.check(hub.tables, state)
    except GameInProgress as exc:
        return error(str(exc), 403, "GAME_IN_PROGRESS")
    service: AIService = request.app.state.ai
    try:
        result = await service.analyse(
            state.game, start=start, start_seed=start_seed, moves=moves, lines=lines
        )
    except AIBusy as exc:
        response = error(str(exc), 503, "AI_BUSY")
        response.headers["retry-after"] = "5"
        return response
    return JSONResponse(result)


ROUTES = [
    Route("/api/games", guarded(list_games_catalog)),
    Route("/api/rules/{game}", guarded(rules)),
    Route("/api/tables", guarded(lobby), methods=["GET"]),
    Route("/api/tables", guarded(create_table), methods=["POST"]),
    Route("/api/tables/{id}", guarded(table_view)),
    Route("/api/tables/{id}/join", guarded(join_table), methods=["POST"]),
    Route("/api/tables/{id}/rematch", guarded(rematch), methods=["POST"]),
    Route("/api/records", guarded(list_records)),
    Route("/api/records/import", guarded(import_record), methods=["POST"]),
    Route("/api/records/{id}", guarded(record_detail)),
    Route("/api/records/{id}/view", guarded(record_view)),
    Route("/api/records/{id}/export", guarded(export_record)),
    Route("/api/positions/view", guarded(position_view), methods=["POST"]),
    Route("/api/analysis", guarded(analysis), methods=["POST"]),
]
