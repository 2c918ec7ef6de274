"""Ratings people can read, in a real Chromium: after two games a live rating is shown on
the Elo scale with a "?" (provisional), with a deviation, never an interval of millions;
the player page draws the rating over time and lists the games."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from spieltisch.arena.jobs import LocalRunner
from spieltisch.arena.tournament import Entrant, Tournament
from spieltisch.store import Store
from tests.serverproc import ServerProcess
from tests.web.conftest import PHONE

SHOTS = Path("/tmp/shots-lobby")
PLAYERS = [Entrant("una", "random:seed=1"), Entrant("otto", "random:seed=2")]


@pytest.fixture(scope="module")
def rated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("rated") / "rated.db"
    with Store.open(db) as store:
        Tournament.create(store, "schachogi", PLAYERS, games_per_pair=2, seed=3).run(LocalRunner(1))
    process = ServerProcess(db)
    process.start()
    try:
        yield process
    finally:
        process.stop()


def test_provisional_ratings_are_marked(rated: ServerProcess, browser: Any) -> None:
    board = rated.get("/api/ratings/schachogi")
    assert board["provisional_games"] == 12
    for entry in board["live"]:
        assert entry["provisional"] and entry["games"] == 2
        assert 1000 < entry["shown"] < 2000 and 100 < entry["deviation"] < 300
    errors: list[str] = []
    for context_size in ({"width": 1280, "height": 800}, PHONE):
        context = browser.new_context(viewport=context_size)
        try:
            page = context.new_page()
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(f"{rated.url}/#/ratings/schachogi")
            page.wait_for_selector("#live-board [data-provisional]")
            cells = page.locator("#live-board [data-provisional]").all_inner_texts()
            assert len(cells) == 2 and all(re.fullmatch(r"\d{4}\?", c) for c in cells), cells
            text = page.locator(".ratings").inner_text()
            assert "?" in page.locator(".ratings .muted").first.inner_text()
            # no interval of millions anywhere (the leaderboard said ±10,766,942 before)
            assert not re.search(r"\d{1,3}(,\d{3}){2}", text), text
            SHOTS.mkdir(parents=True, exist_ok=True)
            size = "phone" if context_size == PHONE else "desktop"
            page.screenshot(path=str(SHOTS / f"leaderboard-{size}.png"), full_page=True)
            page.click("#live-board a >> text=una")
            page.wait_for_selector("#rating-graph")
            rating = page.locator("#player-rating").inner_text()
            assert re.fullmatch(r"\d{4}\?", rating), rating
            assert page.locator("#provisional-note").is_visible()
            assert page.locator("#rating-graph circle").count() == 2
            assert page.locator("#player-games tbody tr").count() == 2
            page.screenshot(path=str(SHOTS / f"player-{size}.png"), full_page=True)
            assert errors == []
        finally:
            context.close()
