"""The JSON API of bots and the ladder: an account's bots (create, a new token, pause and
resume), a bot's public page (its rating history and games), the live ladder (games in
progress, waiting bots, latest results, the leaderboard per game) and a person's
challenge to a waiting bot.

A bot's token is answered once, when it is made (creating the bot or asking for a new
one), and never again: the store keeps only its hash (`bots.identity`). Refusals are
`{"error": message, "code": CODE}` as in the account API (401 not signed in, 404 no such
bot, 409 a name taken or too many bots, 400 bad input).
"""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from spieltisch.arena.ladder import Ladder
from spieltisch.bots.identity import new_token, token_hash
from spieltisch.bots.rooms import JoinError
from spieltisch.core.names import clean_name, username_key
from spieltisch.core.registry import game_names, load
from spieltisch.core.settings import Settings
from spieltisch.server.account_api import _json, _route
from spieltisch.server.accounts import AccountError
from spieltisch.server.api import _summary
from spieltisch.server.hub import Hub
from spieltisch.server.identity import Identity, identify, name_for_seat, seat_identity
from spieltisch.store import ConflictError, NotFoundError, Store
from spieltisch.store.bots import BOT_KIND, StoredBot

__all__ = ["BOTS_ROUTES"]

#: The name a house level has on the ladder's leaderboard (`House easy`).
_HOUSE = "House "


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def _ladder(request: Request) -> Ladder | None:
    found = getattr(request.app.state, "ladder", None)
    return found if isinstance(found, Ladder) else None


def _settings(request: Request) -> Settings:
    found = getattr(request.app.state, "settings", None)
    return found if isinstance(found, Settings) else Settings()


async def _owner(request: Request) -> Identity:
    identity = await identify(request)
    if not identity.signed_in or identity.account_id is None:
        raise AccountError("NOT_SIGNED_IN", "sign in to have bots", 401)
    return identity


def _bot_id(request: Request) -> int:
    raw = request.path_params["id"]
    if not (raw.isascii() and raw.isdigit() and 0 < len(raw) <= 9):
        raise AccountError("NO_SUCH_BOT", "no such bot", 404)
    return int(raw)


def _public(bot: StoredBot, ladder: Ladder | None) -> dict[str, Any]:
    """A bot as its owner and everyone may see it (never its token or hash)."""
    return {
        "id": bot.id,
        "name": bot.name,
        "owner": bot.owner,
        "game": bot.game,
        "title": load(bot.game).title,
        "paused": bot.paused,
        "status": "paused" if bot.paused else (ladder.status(bot.id) if ladder else "offline"),
        "created": bot.created.isoformat(),
        "token_created": bot.token_created.isoformat(),
        "url": f"/#/bot/{bot.name}",
    }


# --- an account's bots ---------------------------------------------------------------------


async def my_bots(request: Request) -> Response:
    owner = await _owner(request)
    assert owner.account_id is not None
    bots = await asyncio.to_thread(_hub(request).store.account_bots, owner.account_id)
    ladder = _ladder(request)
    return JSONResponse(
        {
            "bots": [_public(bot, ladder) for bot in bots],
            "most": _settings(request).bots_per_account,
            "games": game_names(),
        }
    )


async def create_bot(request: Request) -> Response:
    """A new bot of the signed-in account; its token, shown this once."""
    owner = await _owner(request)
    assert owner.account_id is not None
    data = await _json(request)
    name = clean_name(data.get("name"), field="the bot's name")
    game = data.get("game")
    if not isinstance(game, str) or game not in game_names():
        raise AccountError("NO_SUCH_GAME", f"the game is one of {', '.join(game_names())}")
    store = _hub(request).store
    most = _settings(request).bots_per_account
    account_id = owner.account_id

    def work() -> tuple[StoredBot, str]:
        # the token names the bot's id, known once the row is made: a placeholder hash
        # first (no token can match it), then the real one in a second write
        made = store.create_bot(account_id, name, username_key(name), game, "0" * 64, most=most)
        token = new_token(made.id)
        store.set_bot_token(made.id, account_id, token_hash(token))
        return store.bot(made.id), token

    try:
        bot, token = await asyncio.to_thread(work)
    except ConflictError as exc:
        raise AccountError("BOT_CONFLICT", str(exc), 409) from None
    return JSONResponse({"bot": _public(bot, _ladder(request)), "token": token}, status_code=201)


async def _mine(request: Request) -> tuple[Identity, int, Store]:
    owner = await _owner(request)
    bot_id = _bot_id(request)
    store = _hub(request).store
    try:
        bot = await asyncio.to_thread(store.bot, bot_id)
    except NotFoundError:
        raise AccountError("NO_SUCH_BOT", "no such bot", 404) from None
    if bot.account_id != owner.account_id:
        raise AccountError("NO_SUCH_BOT", "no such bot of yours", 404)
    return owner, bot_id, store


async def new_bot_token(request: Request) -> Response:
    """A new token for a bot of the signed-in account (the old one stops working, and a
    connection that came with it leaves the ladder after its game)."""
    await _json(request)
    owner, bot_id, store = await _mine(request)
    assert owner.account_id is not None
    token = new_token(bot_id)
    await asyncio.to_thread(store.set_bot_token, bot_id, owner.account_id, token_hash(token))
    ladder = _ladder(request)
    if ladder is not None:
        ladder.turn_away(bot_id, "NEW_TOKEN", "the bot's owner made a new token")
    bot = await asyncio.to_thread(store.bot, bot_id)
    return JSONResponse({"bot": _public(bot, ladder), "token": token})


async def pause_bot(request: Request) -> Response:
    """Pause (`{"paused": true}`) or resume a bot of the signed-in account."""
    data = await _json(request)
    paused = data.get("paused", True)
    if not isinstance(paused, bool):
        raise AccountError("BAD_INPUT", "'paused' is true or false")
    owner, bot_id, store = await _mine(request)
    assert owner.account_id is not None
    await asyncio.to_thread(store.set_bot_paused, bot_id, owner.account_id, paused)
    ladder = _ladder(request)
    if ladder is not None and paused:
        ladder.turn_away(bot_id, "PAUSED", "the bot's owner paused it")
    bot = await asyncio.to_thread(store.bot, bot_id)
    return JSONResponse({"bot": _public(bot, ladder)})


# --- a bot's page ----------------------------------------------------------------------------


async def bot_page(request: Request) -> Response:
    """A bot's public page: who it is, its live rating history and its games."""
    name = request.path_params["name"]
    store = _hub(request).store

    def work() -> dict[str, Any] | None:
        bot = store.bot_by_key(username_key(name)) if len(name) <= 200 else None
        if bot is None:
            return None
        history = store.kind_rating_history(bot.game, bot.kind)
        games = store.bot_games(bot.id, limit=50)
        return {
            "bot": _public(bot, _ladder(request)),
            "history": [
                {
                    "game_id": game_id,
                    "mu": rating.mu,
                    "sigma": rating.sigma,
                    "rating": rating.ordinal,
                    "at": at.isoformat(),
                }
                for game_id, rating, at in history
            ],
            "games": [
                {**_summary(game), "seat": _seat_of(game, bot.kind), "reason": game.reason}
                for game in games
            ],
        }

    found = await asyncio.to_thread(work)
    if found is None:
        raise AccountError("NO_SUCH_BOT", "no such bot", 404)
    return JSONResponse(found)


def _seat_of(game: Any, kind: str) -> int | None:
    for seat, player in enumerate(game.players):
        if player.kind == kind:
            return seat
    return None


# --- the ladder ------------------------------------------------------------------------------


def _leaderboard(store: Store, game: str) -> list[dict[str, Any]]:
    """The ladder's players of `game` (bots of accounts and the house levels), best
    first, with each bot's owner."""
    entries = [
        e
        for e in store.leaderboard(game, limit=10_000)
        if e.kind.startswith(BOT_KIND) or (e.kind.startswith("ai:") and e.player.startswith(_HOUSE))
    ][:100]
    ids = [int(e.kind[len(BOT_KIND) :]) for e in entries if e.kind[len(BOT_KIND) :].isdigit()]
    bots = {bot.kind: bot for bot in store.bots(ids)}
    board = []
    for entry in entries:
        bot = bots.get(entry.kind)
        board.append(
            {
                "name": bot.name if bot is not None else entry.player,
                "bot": bot is not None,
                "owner": bot.owner if bot is not None else None,
                "rating": entry.rating.ordinal,
                "mu": entry.rating.mu,
                "sigma": entry.rating.sigma,
                "games": entry.games,
            }
        )
    return board


async def ladder_page(request: Request) -> Response:
    """The live ladder: per game its waiting bots, games in progress, latest results and
    leaderboard, and the ladder's rules in force (time control, house wait)."""
    ladder = _ladder(request)
    live = ladder.snapshot() if ladder is not None else {}
    store = _hub(request).store
    names = game_names()
    boards = await asyncio.to_thread(lambda: {game: _leaderboard(store, game) for game in names})
    settings = _settings(request)
    return JSONResponse(
        {
            "games": [
                {
                    "name": game,
                    "title": load(game).title,
                    "xml": load(game).competition() is not None,
                    **live.get(game, {"waiting": [], "playing": [], "recent": []}),
                    "leaderboard": boards[game],
                }
                for game in names
            ],
            "rules": {
                "move_seconds": settings.ladder_move_seconds,
                "hard_seconds": settings.ladder_hard_seconds,
                "house_seconds": settings.ladder_house_seconds,
                "house_levels": ladder.house(names[0]) if ladder is not None else [],
            },
        }
    )


async def challenge(request: Request) -> Response:
    """A person challenges a bot waiting on the ladder: a table where the person plays
    the bot (`{"bot": NAME, "seat": 0|1}`; without a seat, drawn)."""
    data = await _json(request)
    ladder = _ladder(request)
    if ladder is None:
        raise AccountError("NO_LADDER", "this server has no ladder", 409)
    bot = data.get("bot")
    if not isinstance(bot, str) or not bot.strip() or len(bot) > 200:
        raise AccountError("BAD_INPUT", "'bot' is the name of a waiting bot")
    seat = data.get("seat")
    if seat is not None and seat not in (0, 1):
        raise AccountError("BAD_INPUT", "'seat' is 0 or 1")
    identity = await seat_identity(request)
    assert identity.key is not None
    name = await name_for_seat(request, identity, data.get("name"), "guest")
    try:
        table = ladder.challenge(bot, identity.key, name, seat)
    except JoinError as exc:
        raise AccountError("NOT_WAITING", str(exc), 409) from None
    return JSONResponse({"table": int(table), "url": f"/#/table/{table}"}, status_code=201)


BOTS_ROUTES = [
    Route("/api/account/bots", _route(my_bots), methods=["GET"]),
    Route("/api/account/bots", _route(create_bot), methods=["POST"]),
    Route("/api/account/bots/{id}/token", _route(new_bot_token), methods=["POST"]),
    Route("/api/account/bots/{id}/pause", _route(pause_bot), methods=["POST"]),
    Route("/api/bots/{name:path}", _route(bot_page), methods=["GET"]),
    Route("/api/ladder", _route(ladder_page), methods=["GET"]),
    Route("/api/ladder/challenge", _route(challenge), methods=["POST"]),
]
