"""What the lobby and the rules pages show about the games: titles, players, every option
with its kind, default and choices (read from the options dataclass, so a new game needs
nothing here), the AI levels, and the player rules rendered from `docs/rules/`."""

from __future__ import annotations

import dataclasses
import enum
import functools
import re
import types
import typing
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt

from spieltisch.core.registry import game_class, game_names, load
from spieltisch.server.hub import level_names

#: Where the player rules are: next to the package in a source checkout.
RULES_DIRS = (
    Path(__file__).resolve().parent.parent / "web" / "rules",
    Path(__file__).resolve().parents[3] / "docs" / "rules",
)


def _field(field: dataclasses.Field[Any], hint: Any, default: Any) -> dict[str, Any]:
    """One option: its name, kind (int, choice, list, text), default and choices."""
    base = hint
    optional = False
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        args = typing.get_args(hint)
        optional = type(None) in args
        base = next(a for a in args if a is not type(None))
    entry: dict[str, Any] = {"name": field.name, "optional": optional}
    value = getattr(default, field.name)
    if isinstance(base, type) and issubclass(base, enum.Enum):
        entry.update(kind="choice", choices=[m.value for m in base], default=value.value)
    elif base is bool:
        entry.update(kind="choice", choices=["true", "false"], default=str(value).lower())
    elif base is int:
        entry.update(kind="int", default=value)
    elif typing.get_origin(base) is tuple:
        entry.update(kind="list", default=",".join(map(str, value)))
    else:
        entry.update(kind="text", default=None if value is None else str(value))
    return entry


@functools.cache
def catalog(lang: str = "en") -> list[dict[str, Any]]:
    """Every game with its options and AI levels (JSON-ready); the title and summary in
    `lang` (the game's own words; English for a language it has none in)."""
    found = []
    for name in game_names():
        cls = game_class(name)
        options_type = cls.options_type
        default = options_type()
        hints = typing.get_type_hints(options_type)
        phrases = cls.words(lang).get("phrases", {})
        found.append(
            {
                "name": name,
                "title": phrases.get("title", cls.title),
                "summary": phrases.get("summary", cls.summary),
                "players": list(cls.player_names),
                "options": [_field(f, hints[f.name], default) for f in dataclasses.fields(default)],
                "levels": level_names(load(name)),
                "doc": (options_type.__doc__ or "").strip(),
            }
        )
    return found


_ALIGNED = re.compile(r'style="text-align:(left|right|center)"')


@functools.cache
def rules_html(game: str, lang: str = "en") -> tuple[str, str, str]:
    """(title, HTML, language) of the player rules of `game` in `lang` (`<game>.de.md` for
    German), in English where that language has no page (KeyError when there are none)."""
    cls = game_class(game)
    names = [f"{game}.{lang}.md"] if lang != "en" else []
    names.append(f"{game}.md")
    for name in names:
        for folder in RULES_DIRS:
            path = folder / name
            if path.is_file():
                text = path.read_text(encoding="utf-8")
                html = MarkdownIt("commonmark", {"html": False}).enable("table").render(text)
                # a column's alignment as a class, not an inline style: the server's
                # Content-Security-Policy allows no inline style (style.css has the classes)
                found = lang if name != f"{game}.md" else "en"
                return cls.title, _ALIGNED.sub(r'class="align-\1"', html), found
    raise KeyError(game)
