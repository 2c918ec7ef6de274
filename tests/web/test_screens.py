"""Screenshots of every page of every game at 1280x800 and 390x844, kept as artifacts to
look at; each page is also checked for overlapping or overflowing parts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.helpers.web import OKARD, SHORT
from tests.serverproc import ServerProcess
from tests.web.conftest import SIZES, shot
from tests.web.play import TARGETS, click_and_wait, table_state

GAMES = list(SHORT)
#: A Schachogi position with promoted pieces of both sides.
PROMOTED = "4p2+r/1B6/1I3+w2/8/3+s4/2+R5/8/4P3 w 0 1"

#: No element may stick out of the page sideways (a phone would scroll horizontally).
OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


def check_fits(page: Any, name: str) -> None:
    assert page.evaluate(OVERFLOW) <= 1, f"{name}: the page is wider than the screen"
    board = page.locator(".board")
    if board.count():
        box = board.first.bounding_box()
        width = page.viewport_size["width"]
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 1, name


@pytest.mark.parametrize("size", list(SIZES))
def test_every_page_of_every_game(
    web: ServerProcess, browser: Any, finished: Callable[[str], int], size: str
) -> None:
    phone = size == "phone"
    context = browser.new_context(viewport=SIZES[size], has_touch=phone, is_mobile=phone)
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        for game in GAMES:
            page.goto(f"{web.url}/#/?game={game}")
            page.wait_for_selector(f".game-card.chosen[data-game={game}]")
            page.wait_for_selector("#play-ai")
            check_fits(page, f"lobby {game}")
            shot(page, f"lobby-{game}-{size}")
            page.click("details#advanced > summary")  # the advanced options, folded away
            page.wait_for_selector("form.new-table h2")
            page.check("input[name=opponent][value=here]")
            page.locator("form.new-table [name=seed]").fill("7")
            page.click("#create")
            page.wait_for_selector(".play[data-table] .board")
            for _ in range(3):  # a few clicks (taps) into the game: a selection shows targets
                click_and_wait(page, TARGETS, tap=phone)
            assert table_state(page)[0] == "running"
            check_fits(page, f"table {game}")
            shot(page, f"table-{game}-{size}")
            over = finished(game)
            page.goto(f"{web.url}/#/table/{over}")
            page.wait_for_selector(".outcome")
            check_fits(page, f"end {game}")
            shot(page, f"table-over-{game}-{size}")
            page.goto(f"{web.url}/#/replay/{over}/2")
            page.wait_for_selector("#ply")
            check_fits(page, f"replay {game}")
            shot(page, f"replay-{game}-{size}")
            page.goto(f"{web.url}/#/rules/{game}")
            page.wait_for_selector(".rules h1")
            check_fits(page, f"rules {game}")
            shot(page, f"rules-{game}-{size}", full=False)
        # Okard's play phase: action points, the sacrifice budget, the choices after a click
        made = page.request.post(
            f"{web.url}/api/tables",
            data={"game": "okard", "options": "board=8", "position": OKARD, "opponent": "here"},
        ).json()
        page.goto(f"{web.url}/#/table/{made['id']}")
        page.wait_for_selector(".play .board")
        click_and_wait(page, '.play [data-id="a8"]', tap=phone)
        page.wait_for_selector(".choice-bar .choice >> visible=true")
        check_fits(page, "okard play")
        shot(page, f"table-okard-play-{size}")
        page.goto(f"{web.url}/#/games")
        page.wait_for_selector(".games-table tbody tr[data-id]")
        check_fits(page, "games")
        shot(page, f"games-{size}")
        page.select_option("#position-game", "okard")
        page.fill("#position-options", "board=8")
        page.fill(
            "#position-text",
            "l,sp,5,g/5,g,k,1/8/8/8/8/B,2,L,4/K,4,SC,2 -/G1 0:0 play b 4 0 s 3 -- -",
        )
        page.click("#open-position")
        page.wait_for_selector(".replay .board")
        check_fits(page, "position")
        shot(page, f"position-okard-{size}")
        page.goto(f"{web.url}/#/games")
        page.select_option("#position-game", "schachogi")
        page.fill("#position-text", PROMOTED)
        page.click("#open-position")
        page.wait_for_selector(".replay .board .promoted")
        shot(page, f"position-schachogi-promoted-{size}")
        assert not errors
    finally:
        context.close()
