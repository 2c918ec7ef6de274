"""German and English in a real Chromium: `Accept-Language: de` (and the browser's
locale) with nothing stored gives German; the switch in the header changes the language
and is remembered; no English words of the message catalogue are left on a German page.

The check for English reads the page's own catalogue (`entries("en")` of js/i18n.js, the
module instance the page runs) and the games' words from the server, and looks for every
English text that differs from its German one in the visible text, as whole words. So it
grows with every area that registers its words."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.serverproc import ServerProcess
from tests.web.board import new_table
from tests.web.conftest import DESKTOP, PHONE, shot

GAMES = ("ostseeschach", "schachogi", "hase-und-igel", "okard")


@pytest.fixture
def german(browser: Any) -> Iterator[Any]:
    """A browser context whose language is German (as a German user's Chromium sends it)."""
    made = browser.new_context(
        viewport=DESKTOP, locale="de-DE", extra_http_headers={"Accept-Language": "de-DE,de;q=0.9"}
    )
    made.set_default_timeout(15_000)
    try:
        yield made
    finally:
        made.close()


def catalogue(page: Any, lang: str) -> dict[str, Any]:
    """The front end's registered words in `lang`, from the page's own i18n module."""
    return dict(
        page.evaluate(
            """async (lang) => {
                const link = document.querySelector('link[rel=modulepreload][href$="/js/i18n.js"]');
                const module = await import(link ? link.href : "/static/js/i18n.js");
                return module.entries(lang);
            }""",
            lang,
        )
    )


def _texts(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for part in value.values() for text in _texts(part)]
    return []


def english_phrases(english: dict[str, Any], german: dict[str, Any]) -> set[str]:
    """The fragments of English texts (between `{holes}`) that a German page must not
    show: at least four characters with a letter, and not also part of the German text."""
    found: set[str] = set()
    for key, value in english.items():
        other = " ".join(_texts(german.get(key, "")))
        for text in _texts(value):
            for fragment in re.split(r"\{\w+\}", text):
                fragment = fragment.strip(" .,:;·()—–-…")
                if (
                    len(fragment) >= 4
                    and re.search(r"[A-Za-z]{3}", fragment)
                    and fragment not in other
                ):
                    found.add(fragment)
    return found


def game_phrases(page: Any, base: str, game: str) -> set[str]:
    english = page.request.get(f"{base}/api/games/{game}/words?lang=en").json()
    german = page.request.get(f"{base}/api/games/{game}/words?lang=de").json()
    found: set[str] = set()
    for section in ("reasons", "rules", "pieces", "phrases"):
        found |= english_phrases(english[section], german[section])
    return found


def english_left(text: str, phrases: set[str]) -> list[str]:
    """The phrases that occur in `text` as whole words."""
    return sorted(p for p in phrases if re.search(rf"(?<![\w]){re.escape(p)}(?![\w])", text))


def visible(page: Any, selector: str = "body") -> str:
    """The visible text of `selector`, without code (notation and commands are no words)."""
    return str(
        page.locator(selector).first.evaluate(
            """(root) => {
                const hidden = [...root.querySelectorAll("code, pre, kbd")];
                hidden.forEach((el) => el.setAttribute("data-was", el.style.display || ""));
                hidden.forEach((el) => { el.style.display = "none"; });
                const text = root.innerText;
                hidden.forEach((el) => {
                    el.style.display = el.getAttribute("data-was");
                    el.removeAttribute("data-was");
                });
                return text;
            }"""
        )
    )


def test_accept_language_de_gives_german_and_the_switch_changes_it(
    web: ServerProcess, german: Any
) -> None:
    page = german.new_page()
    page.goto(web.url + "/")
    page.wait_for_selector("nav a[href='#/games']")
    assert page.evaluate("() => document.documentElement.lang") == "de"
    assert page.locator("nav a[href='#/']").inner_text() == "Spielen"
    assert page.locator("nav a[href='#/games']").inner_text() == "Partien"
    # the switch: English, remembered over a reload, and back
    page.click("#settings-button")
    page.click("#lang-en")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert page.locator("nav a[href='#/games']").inner_text() == "Games"
    page.reload()
    page.wait_for_selector("nav a[href='#/games']")
    assert page.locator("nav a[href='#/games']").inner_text() == "Games"
    page.goto(web.url + "/#/tournaments")
    page.wait_for_selector(".tournaments h1")
    assert page.locator(".tournaments h1").inner_text() == "Tournaments"
    page.click("#settings-button")
    page.click("#lang-de")
    # the page is redrawn in German at once, without a reload
    page.wait_for_function(
        "() => document.querySelector('.tournaments h1')?.textContent === 'Turniere'"
    )
    assert page.evaluate("() => localStorage.getItem('spieltisch.lang')") == "de"


def test_an_english_browser_gets_english(web: ServerProcess, context: Any) -> None:
    page = context.new_page()
    page.goto(web.url + "/")
    page.wait_for_selector("nav a[href='#/games']")
    assert page.locator("nav a[href='#/games']").inner_text() == "Games"
    assert page.evaluate("() => document.documentElement.lang") == "en"


@pytest.mark.parametrize(
    "route", ["#/games", "#/rules/okard", "#/signin", "#/signup", "#/account", "#/tournaments"]
)
def test_the_frame_and_the_pages_of_words_show_no_english_in_german(
    web: ServerProcess, german: Any, route: str
) -> None:
    page = german.new_page()
    page.goto(f"{web.url}/{route}")
    page.wait_for_selector("main .card")
    page.wait_for_timeout(400)  # the lists arrive from the API
    phrases = english_phrases(catalogue(page, "en"), catalogue(page, "de"))
    assert len(phrases) > 100  # the catalogue is there, the check is not vacuous
    text = visible(page, "header") + "\n" + visible(page, "main")
    assert not english_left(text, phrases), english_left(text, phrases)
    if route == "#/rules/okard":
        assert (
            "Aufstellungsreihen" in text
            and page.locator("article.rules").get_attribute("lang") == "de"
        )


def test_the_check_finds_english_words(web: ServerProcess, context: Any) -> None:
    """The same check on an English page finds its words: it can fail."""
    page = context.new_page()
    page.goto(web.url + "/#/games")
    page.wait_for_selector("main .card")
    phrases = english_phrases(catalogue(page, "en"), catalogue(page, "de"))
    left = english_left(visible(page, "body"), phrases)
    assert "Import record" in left and "Tournaments" in left


@pytest.mark.parametrize("game", ["okard", "hase-und-igel", "schachogi", "ostseeschach"])
def test_a_german_game_page_has_a_german_header_and_legend(
    web: ServerProcess, german: Any, game: str
) -> None:
    page = german.new_page()
    new_table(page, web, game, options={"board": "8"} if game == "okard" else {})
    page.wait_for_selector("#piece-legend .legend-piece")
    phrases = english_phrases(catalogue(page, "en"), catalogue(page, "de")) | game_phrases(
        page, web.url, game
    )
    text = visible(page, "header") + "\n" + visible(page, "#piece-legend")
    assert not english_left(text, phrases), english_left(text, phrases)
    shot(page, f"words-{game}-de")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_german_lobby_and_game_page_have_no_english_left(
    web: ServerProcess, browser: Any, size: str
) -> None:
    made = browser.new_context(
        viewport=DESKTOP if size == "desktop" else PHONE,
        locale="de-DE",
        extra_http_headers={"Accept-Language": "de"},
    )
    try:
        page = made.new_page()
        page.goto(web.url + "/")
        page.wait_for_selector("main .card")
        phrases = english_phrases(catalogue(page, "en"), catalogue(page, "de"))
        left = english_left(visible(page), phrases)
        for game in GAMES:
            new_table(page, web, game)
            page.wait_for_selector(".board")
            page.wait_for_timeout(300)
            left += english_left(visible(page), phrases | game_phrases(page, web.url, game))
        assert not left, left
    finally:
        made.close()
