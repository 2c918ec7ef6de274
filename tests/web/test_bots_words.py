"""The bots pages' words: every key the pages use is in the catalogue, in English and in
German alike (read from the source: `t("bots.…")` in the pages, the `en` and `de` blocks
of words/bots.js)."""

from __future__ import annotations

import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "src" / "spieltisch" / "web" / "js"
KEY = re.compile(r'^\s*"(bots\.[\w.]+)":', re.MULTILINE)


def _blocks() -> dict[str, set[str]]:
    text = (WEB / "words" / "bots.js").read_text(encoding="utf-8")
    english, german = text.split("\n  de: {", 1)
    return {"en": set(KEY.findall(english)), "de": set(KEY.findall(german))}


def test_english_and_german_have_the_same_words() -> None:
    blocks = _blocks()
    assert blocks["en"] and blocks["en"] == blocks["de"], blocks["en"] ^ blocks["de"]


def test_every_word_the_pages_use_is_there() -> None:
    used: set[str] = set()
    for page in (WEB / "pages" / "bots.js",):
        source = page.read_text(encoding="utf-8")
        used |= set(re.findall(r't\("(bots\.[\w.]+)"', source))
        # keys made from a code: `bots.status.${…}`, `bots.col.${…}`
        for prefix, codes in (
            ("bots.status.", ("waiting", "playing", "offline", "paused")),
            ("bots.col.", ("rank", "name", "owner", "rating", "games", "opponent", "result")),
        ):
            used |= {prefix + code for code in codes}
    missing = used - _blocks()["en"]
    assert not missing, missing
