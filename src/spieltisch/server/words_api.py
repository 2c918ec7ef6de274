"""A game's own words over HTTP: `GET /api/games/{name}/words?lang=de|en` answers the
game's reasons, rule codes, pieces and phrases in that language (`Game.words`), for the
front end's `gameWords` (web/js/game-words.js). Words change only with a release, so the
answer may be cached for an hour by the browser."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from spieltisch.core.registry import game_class
from spieltisch.core.words import LANGUAGES
from spieltisch.server.api import game_name, guarded


async def game_words(request: Request) -> Response:
    name = game_name(request.path_params["name"])
    lang = request.query_params.get("lang", "en")
    if lang not in LANGUAGES:
        lang = "en"
    words = game_class(name).words(lang)
    return JSONResponse(
        {"game": name, "lang": lang, **words},
        headers={"cache-control": "public, max-age=3600", "content-language": lang},
    )


WORDS_ROUTES = [Route("/api/games/{name}/words", guarded(game_words))]
