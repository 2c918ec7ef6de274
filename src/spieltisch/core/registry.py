"""The registry of games: names to game classes, imported lazily.

Adding a game is one entry here and a folder under `games/`; `core` imports no game
module at import time.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import Any

from spieltisch.core.errors import UnknownGameError
from spieltisch.core.game import Game
from spieltisch.core.options import GameOptions

#: name -> "module:ClassName" of every game spieltisch ships.
GAMES: dict[str, str] = {
    "ostseeschach": "spieltisch.games.ostseeschach.game:Ostseeschach",
    "schachogi": "spieltisch.games.schachogi.game:Schachogi",
    "hase-und-igel": "spieltisch.games.haseundigel.game:HaseUndIgel",
    "okard": "spieltisch.games.okard.game:Okard",
}

#: The game wherever none is named (a bot's plain `<join/>`): the first registered one.
DEFAULT_GAME: str = next(iter(GAMES))


def game_names() -> list[str]:
    """The names of all registered games, in registry order."""
    return list(GAMES)


def game_class(name: str) -> type[Game[Any, Any]]:
    """The Game class registered as `name`."""
    try:
        target = GAMES[name]
    except KeyError:
        known = ", ".join(GAMES)
        raise UnknownGameError(f"unknown game {name!r} (known games: {known})") from None
    module_name, _, class_name = target.partition(":")
    cls: type[Game[Any, Any]] = getattr(importlib.import_module(module_name), class_name)
    return cls


def load(
    name: str,
    options: GameOptions | str | Iterable[str] | None = None,
) -> Game[Any, Any]:
    """The game `name` with `options`: an options object, `key=value ...` text, or pairs."""
    cls = game_class(name)
    if options is None:
        return cls()
    if isinstance(options, GameOptions):
        return cls(options)
    if isinstance(options, str):
        return cls(cls.options_type.parse(options))
    return cls(cls.options_type.from_pairs(options))
