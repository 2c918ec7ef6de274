"""Browser tests: one real server and one Debian Chromium (driven by Playwright) per
session; screenshots go to `artifacts/screens/` (not committed)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.web import SHORT
from tests.serverproc import ROOT, ServerProcess
from tests.web.play import finished_game

CHROMIUM = Path(os.environ.get("SPIELTISCH_CHROMIUM", "/usr/bin/chromium"))
SCREENS = ROOT / "artifacts" / "screens"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SIZES = {"desktop": DESKTOP, "phone": PHONE}


@pytest.fixture(scope="session")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path_factory.mktemp("web") / "games.db")
    process.start()
    try:
        yield process
    finally:
        process.stop()


@pytest.fixture(scope="session")
def finished(web: ServerProcess) -> Callable[[str], int]:
    """A finished game of a game from its near-end start (`SHORT`), made on first use and
    shared by the tests of the session; the same game whichever test asks first."""
    made: dict[str, int] = {}

    def get(game: str) -> int:
        if game not in made:
            options = {k: v for k, v in SHORT[game].items() if k != "position"}
            made[game] = finished_game(web, game, options, SHORT[game].get("position"))
        return made[game]

    return get


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (.ci/run installs Debian's chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    """A fresh browser context (its own cookies: its own player) at desktop size."""
    made = browser.new_context(viewport=DESKTOP)
    made.set_default_timeout(15_000)
    try:
        yield made
    finally:
        made.close()


def shot(page: Any, name: str, full: bool = True) -> None:
    """Keep a screenshot of the whole page (or the screen) as an artifact."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.evaluate("() => window.scrollTo(0, 0)")  # the sticky header at the top
    page.screenshot(path=str(SCREENS / f"{name}.png"), full_page=full)
