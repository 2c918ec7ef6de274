"""The dark theme in a real Chromium: it follows `prefers-color-scheme`, the switch in the
header overrides the system either way and is remembered; the boards are drawn with it."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.serverproc import ServerProcess
from tests.web.conftest import DESKTOP, shot


def luminance(css: str) -> float:
    """Relative luminance (0 black .. 1 white) of an `rgb(…)`/`rgba(…)` colour."""
    r, g, b = (int(x) / 255 for x in re.findall(r"\d+", css)[:3])

    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def colours(page: Any) -> dict[str, float]:
    found = page.evaluate(
        """() => ({
            body: getComputedStyle(document.documentElement).backgroundColor,
            ink: getComputedStyle(document.body).color,
            card: getComputedStyle(
                document.querySelector('main .card') || document.body
            ).backgroundColor,
        })"""
    )
    return {key: luminance(value) for key, value in found.items()}


def open_page(browser: Any, url: str, scheme: str) -> tuple[Any, Any]:
    context = browser.new_context(viewport=DESKTOP, color_scheme=scheme)
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("main .card")
    return context, page


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_the_theme_follows_the_system(web: ServerProcess, browser: Any, scheme: str) -> None:
    context, page = open_page(browser, web.url + "/#/games", scheme)
    try:
        seen = colours(page)
        if scheme == "dark":
            assert seen["body"] < 0.05 and seen["card"] < 0.05 and seen["ink"] > 0.6, seen
        else:
            assert seen["body"] > 0.7 and seen["card"] > 0.8 and seen["ink"] < 0.1, seen
    finally:
        context.close()


def test_the_switch_overrides_the_system_and_is_remembered(
    web: ServerProcess, browser: Any
) -> None:
    context, page = open_page(browser, web.url + "/#/tournaments", "light")
    try:
        assert colours(page)["body"] > 0.7
        page.click("#settings-button")
        page.click("#theme-dark")
        page.wait_for_function("() => document.documentElement.dataset.theme === 'dark'")
        assert colours(page)["body"] < 0.05
        page.reload()
        page.wait_for_selector("main .card")
        assert colours(page)["body"] < 0.05  # remembered
        page.click("#settings-button")
        page.click("#theme-system")
        page.wait_for_function("() => document.documentElement.dataset.theme === undefined")
        assert colours(page)["body"] > 0.7  # the system's light again
    finally:
        context.close()
    context, page = open_page(browser, web.url + "/", "dark")
    try:
        assert colours(page)["body"] < 0.05
        page.click("#settings-button")
        page.click("#theme-light")
        page.wait_for_function("() => document.documentElement.dataset.theme === 'light'")
        assert colours(page)["body"] > 0.7  # light although the system is dark
    finally:
        context.close()


@pytest.mark.parametrize("game", ["schachogi", "hase-und-igel"])
def test_both_board_renderers_in_the_dark(web: ServerProcess, browser: Any, game: str) -> None:
    """A grid and a track board in the dark theme: the page is dark, the board's frame and
    squares keep their contrast (the track's ground follows the theme)."""
    context, page = open_page(browser, web.url + "/#/games", "dark")
    try:
        answer = page.request.post(f"{web.url}/api/tables", data={"game": game, "opponent": "here"})
        page.goto(f"{web.url}/#/table/{answer.json()['id']}")
        page.wait_for_selector(".board")
        page.wait_for_timeout(300)
        assert colours(page)["body"] < 0.05
        if game == "hase-und-igel":
            ground = page.evaluate(
                "() => getComputedStyle(document.querySelector('.track-frame')).fill"
            )
            assert luminance(ground) < 0.1, ground
        else:
            light = page.evaluate(
                "() => getComputedStyle(document.querySelector('.sq.light')).fill"
            )
            dark = page.evaluate("() => getComputedStyle(document.querySelector('.sq.dark')).fill")
            assert luminance(light) - luminance(dark) > 0.2, (light, dark)
        shot(page, f"words-dark-{game}")
    finally:
        context.close()
