"""The analysis board's words (web/js/words/analysis.js): every key in English and in
German, with the same placeholders, and every key the analysis modules use is there."""

from __future__ import annotations

import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "src" / "spieltisch" / "web" / "js"
WORDS = WEB / "words" / "analysis.js"
USERS = [
    WEB / "evalbar.js",
    WEB / "graph.js",
    WEB / "arrows.js",
    WEB / "pages" / "analysis.js",
    WEB / "pages" / "replay.js",
]
ENTRY = re.compile(r'^\s*"(analysis\.[\w.]+)":\s*(.+?),?$', re.MULTILINE)


def blocks() -> dict[str, dict[str, str]]:
    text = WORDS.read_text(encoding="utf-8")
    en, de = text.split("\n  de: {", 1)
    return {"en": dict(ENTRY.findall(en)), "de": dict(ENTRY.findall(de))}


def test_every_word_in_both_languages_with_the_same_holes() -> None:
    words = blocks()
    assert words["en"] and set(words["en"]) == set(words["de"])
    for key, english in words["en"].items():
        holes = set(re.findall(r"\{(\w+)\}", english))
        assert holes == set(re.findall(r"\{(\w+)\}", words["de"][key])), key
        assert words["de"][key] != english or key.endswith(("unit.brrbrr",)), key


def test_every_key_used_is_there() -> None:
    known = set(blocks()["en"])
    for path in USERS:
        source = path.read_text(encoding="utf-8")
        for key in re.findall(r't\("(analysis\.[\w.]+)"', source):
            assert key in known, f"{path.name}: {key}"
        for prefix in re.findall(r"t\(`(analysis\.[\w.]*)\$\{", source):
            assert any(k.startswith(prefix) for k in known), f"{path.name}: {prefix}"
