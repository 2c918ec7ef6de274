"""A game's own words, in English and German, for front ends (`Game.words(lang)`).

Every game keeps its vocabulary next to its view, in the module `words` of its package
(found as `view_builder` finds `view`): a `WORDS` mapping `{lang: {section: {code: ...}}}`
with the sections

- `reasons`: the outcome reasons (`Outcome.reason`, e.g. `DIFFERING_SCORES`) as a phrase
  that completes "… wins: <phrase>";
- `rules`: the rule codes of `IllegalMoveError.rule` (e.g. `INVALID_MOVEMENT`) as a
  sentence saying what the rule forbids;
- `pieces`: per piece kind of the view (`Piece.kind`, a hand item's kind or id) an object
  `{"name", "moves", "promoted"}` (how it moves; the promoted form's name and moves, or
  None when it has none), with `"kind": "card"` for a card played from the hand;
- `phrases`: everything else a page shows for the game, keyed `counter.<key>`,
  `button.<id>`, `hand.<label>`, `phase.<name>`, `player.<name>`, `score.<label>`,
  `field.<kind>`, `title`, `summary`.

The core adds the few codes every game can raise through the core (`COMMON`). A language
the game lacks falls back to English word by word, so a page never shows a raw code where
English words exist.
"""

from __future__ import annotations

import importlib
from typing import Any

#: The languages every game supplies.
LANGUAGES = ("en", "de")
#: The sections of a game's words.
SECTIONS = ("reasons", "rules", "pieces", "phrases")

Words = dict[str, dict[str, Any]]

#: Rule codes raised by the core for any game (core/game.py).
COMMON: dict[str, Words] = {
    "en": {
        "rules": {
            "NOT_A_CHANCE_NODE": "No chance event (a die, a draw) is due here.",
        },
    },
    "de": {
        "rules": {
            "NOT_A_CHANCE_NODE": "Hier ist kein Zufallsereignis (Würfeln, Ziehen) an der Reihe.",
        },
    },
}


class WordsError(Exception):
    """A game without words, or words of the wrong shape (a programming error)."""


def _module_words(game_type: type) -> dict[str, Words]:
    for cls in game_type.__mro__:
        package = cls.__module__.rpartition(".")[0]
        if not package or package == __name__.rpartition(".")[0]:
            continue
        try:
            module = importlib.import_module(package + ".words")
        except ModuleNotFoundError as exc:
            if exc.name != package + ".words":
                raise
            continue
        found = getattr(module, "WORDS", None)
        if isinstance(found, dict):
            return found
    raise WordsError(f"{game_type.__name__} has no words (no module words with WORDS)")


_CACHE: dict[tuple[type, str], Words] = {}


def game_words(game_type: type, lang: str = "en") -> Words:
    """The words of the game class `game_type` in `lang` (`en` for an unknown language):
    every section, the game's words over the core's, German falling back to English per
    word. The answer is shared: callers must not change it."""
    lang = lang if lang in LANGUAGES else "en"
    key = (game_type, lang)
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    own = _module_words(game_type)
    merged: Words = {}
    for section in SECTIONS:
        entries: dict[str, Any] = {}
        for source in (COMMON["en"], own.get("en", {}), COMMON[lang], own.get(lang, {})):
            entries.update(source.get(section, {}))
        merged[section] = entries
    _CACHE[key] = merged
    return merged
