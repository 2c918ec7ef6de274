"""The JSON API of tournaments and ratings: the tournaments list and page (crosstable,
standings, progress, links to every game's replay), the leaderboard of a game
(Bradley–Terry over all stored games and the live OpenSkill rating) and a player's page
(rating history and recent games). Each reads the store in a store thread, off the
event loop."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from spieltisch.arena.engine_test import sprt_of
from spieltisch.arena.ratings import bradley_terry
from spieltisch.arena.tournament import Tournament
from spieltisch.core.rating import PROVISIONAL_GAMES, PROVISIONAL_SIGMA, SHOWN_SCALE, LiveRating
from spieltisch.core.registry import load
from spieltisch.server.api import BadRequest, _summary, game_name, guarded, hub_of, path_id
from spieltisch.store.accounts import ACCOUNT_KIND
from spieltisch.tables.recorder import store_call


def in_store_thread(handler: Callable[[Request], Response], operation: str) -> Any:
    """The endpoint `handler` (which reads the store throughout) run in a store thread,
    so that a slow or locked database never holds the event loop."""

    async def endpoint(request: Request) -> Response:
        return await store_call(operation, handler, request)

    return endpoint


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None


def list_tournaments(request: Request) -> Response:
    game = request.query_params.get("game")
    store = hub_of(request).store
    found = store.tournaments(game=game_name(game) if game else None, limit=200)
    return JSONResponse(
        {
            "tournaments": [
                {
                    "id": t.id,
                    "name": t.name,
                    "game": t.game,
                    "format": t.format,
                    "status": t.status,
                    "players": [p["name"] for p in t.settings.get("players", [])],
                    "created": t.created.isoformat(),
                }
                for t in found
            ]
        }
    )


def tournament_detail(request: Request) -> Response:
    """Everything the tournament page shows; polled while the tournament runs."""
    store = hub_of(request).store
    tour = Tournament(store, path_id(request))
    schedule = tour.schedule()
    standings = tour.standings()
    table = tour.crosstable()
    ratings = {r.name: r for r in tour.ratings()} if any(g.played for g in schedule) else {}
    labels = list(tour.game.score_labels or tour.game.score_names)
    detail: dict[str, Any] = {
        "id": tour.id,
        "name": tour.info.name,
        "game": tour.info.game,
        "title": tour.game.title,
        "format": tour.format,
        "status": tour.info.status,
        "settings": tour.info.settings,
        "done": sum(1 for g in schedule if g.played),
        "total": tour.total_games() if tour.format != "sprt" else len(schedule),
        "score_labels": labels,
        "players": [{"name": e.name, "spec": e.spec} for e in tour.entrants],
        "standings": [
            {
                "player": s.player,
                "name": s.name,
                "games": s.games,
                "wins": s.wins,
                "draws": s.draws,
                "losses": s.losses,
                "points": s.points,
                "score_means": s.score_means,
                "elo": ratings[s.name].rating if s.name in ratings else None,
                "elo_error": ratings[s.name].error if s.name in ratings else None,
            }
            for s in standings
        ],
        "crosstable": [[{"points": p, "games": n} for p, n in row] for row in table],
        "games": [
            {
                "number": g.number,
                "round": g.round,
                "seats": list(g.seats),
                "game_id": g.game_id,
                "status": g.status,
                "winner": g.winner,
            }
            for g in schedule
        ],
    }
    if tour.format == "sprt":
        sprt = sprt_of(tour, schedule)
        elo, low, high = sprt.elo()
        detail["sprt"] = {
            "pairs": sprt.pairs,
            "llr": sprt.llr(),
            "lower": sprt.lower,
            "upper": sprt.upper,
            "elo": _finite(elo) if sprt.pairs else None,
            "low": _finite(low),
            "high": _finite(high),
            "bins": sprt.bins,
            "verdict": sprt.verdict(),
        }
    return JSONResponse(detail)


#: When a live rating is provisional (marked "?"), for the pages to say.
PROVISIONAL = {
    "provisional_games": PROVISIONAL_GAMES,
    "provisional_deviation": round(PROVISIONAL_SIGMA * SHOWN_SCALE),
}


def shown(rating: LiveRating) -> dict[str, Any]:
    """A live rating as people see it: on the Elo scale, its deviation, provisional."""
    return {
        "shown": round(rating.shown),
        "deviation": round(rating.deviation),
        "provisional": rating.provisional,
    }


def leaderboard(request: Request) -> Response:
    """The ratings of a game: Bradley–Terry over the rated games (played on this server,
    never imports or guests' games), and the live ones."""
    game = game_name(request.path_params["game"])
    store = hub_of(request).store
    fitted = bradley_terry(store.results(game, rated_only=True))  # never imports or guests
    live = store.leaderboard(game)
    return JSONResponse(
        {
            "game": game,
            "title": load(game).title,
            "bradley_terry": [
                {
                    "name": r.name,
                    "elo": r.rating,
                    "low": r.low,
                    "high": r.high,
                    "games": r.games,
                    "points": r.points,
                }
                for r in fitted
            ],
            "live": [
                {
                    "name": e.player,
                    "kind": "account" if e.kind.startswith(ACCOUNT_KIND) else e.kind,
                    "rating": e.rating.ordinal,
                    "mu": e.rating.mu,
                    "sigma": e.rating.sigma,
                    "games": e.games,
                    **shown(e.rating),
                }
                for e in live
            ],
            **PROVISIONAL,
        }
    )


def player_detail(request: Request) -> Response:
    """A player's live-rating history in a game and their recent games there."""
    game = game_name(request.path_params["game"])
    name = request.path_params["name"]
    if not name or len(name) > 200:
        raise BadRequest("a player's name has 1..200 characters")
    store = hub_of(request).store
    history = store.rating_history(game, name)
    recent = store.list_games(game=game, player=name, limit=30)
    return JSONResponse(
        {
            "game": game,
            "title": load(game).title,
            "name": name,
            "history": [
                {
                    "game_id": p.game_id,
                    "mu": p.rating.mu,
                    "sigma": p.rating.sigma,
                    "rating": p.rating.ordinal,
                    "at": p.at.isoformat(),
                    **shown(p.rating),
                }
                for p in history
            ],
            **PROVISIONAL,
            "games": [_summary(g) for g in recent],
        }
    )


ARENA_ROUTES = [
    Route("/api/tournaments", guarded(in_store_thread(list_tournaments, "tournaments"))),
    Route("/api/tournaments/{id}", guarded(in_store_thread(tournament_detail, "tournament"))),
    Route("/api/ratings/{game}", guarded(in_store_thread(leaderboard, "leaderboard"))),
    Route("/api/players/{game}/{name}", guarded(in_store_thread(player_detail, "player"))),
]
