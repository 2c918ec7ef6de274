"""The analysis board in a real Chromium: the eval bar read from player 0's side (it
does not flip as the mover changes), three distinct engine lines, a best-move arrow on
the board, a forced win shown as #N, the phone layout, and no engine for a game in
progress."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.client import TableClient
from tests.serverproc import ServerProcess
from tests.web.analysis_games import (
    BLUNDER_MOVES,
    BLUNDER_START,
    MATE_LINE,
    MATE_START,
    import_record,
    record,
)

SHOTS = Path("/tmp/shots-analysis")


@pytest.fixture(scope="module")
def mate_game(web: ServerProcess) -> int:
    return import_record(web, record("schachogi", "", MATE_START, MATE_LINE))


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    made = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    made.set_default_timeout(15_000)
    try:
        yield made
    finally:
        made.close()


def bar(page: Any) -> tuple[float, str]:
    """(expected result from player 0's side, the score shown) of the eval bar."""
    element = page.locator("#evalbar")
    return float(element.get_attribute("data-expected")), str(element.get_attribute("data-score"))


def wait_for_lines(page: Any, ply: int) -> None:
    page.wait_for_function(
        f"() => document.querySelector('.play').dataset.ply === '{ply}'"
        " && document.querySelector('#evalbar[data-score]:not([data-score=\"\"])')"
        " && document.querySelector('.analysis-out .pv-lines')",
        timeout=30_000,
    )


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name))


def test_bar_lines_arrows_and_mate(web: ServerProcess, context: Any, mate_game: int) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on(  # the bar, the arrows and the lines need no inline style (the CSP)
        "console",
        lambda message: errors.append(message.text) if "Refused to" in message.text else None,
    )
    page.goto(f"{web.url}/#/replay/{mate_game}/0")
    page.wait_for_selector("#analyse:not([disabled])")
    assert page.locator("#evalbar").count() == 0  # no engine until asked
    page.click("#analyse")
    wait_for_lines(page, 0)
    # White (player 0) to move mates in three
    expected, score = bar(page)
    assert score == "#3" and expected == 1.0
    assert "by force in 3 moves" in page.locator(".eval-words").inner_text()
    assert "Best line" in page.locator(".analysis-out").inner_text()
    lines = page.locator(".pv-lines li")
    assert lines.count() == 3
    firsts = [lines.nth(i).locator(".pv-move").first.inner_text() for i in range(3)]
    # three moves mate in three here (the record's, the Rock's a1f1 and the Brrbrr's
    # h6g6): the three lines are those, best first in whichever order the search's
    # evaluation tried them
    assert len(firsts) == 3 and set(firsts) == {MATE_LINE[0], "a1f1", "h6g6"}
    assert page.locator("#engine-depth").inner_text().startswith("depth ")
    # the best move drawn as an arrow over the board, from the first cell to the last
    arrow = page.locator("svg.board .arrows .arrow.rank-0")
    assert arrow.count() == 1 and arrow.get_attribute("data-move") == firsts[0]
    assert page.locator("svg.board .arrows .arrow").count() == 3
    shot(page, "analysis-board-desktop.png")
    # one ply on: Black (player 1) to move; the bar still reads from White's side
    page.keyboard.press("ArrowRight")
    wait_for_lines(page, 1)
    expected, score = bar(page)
    assert score == "#2" and expected == 1.0, score
    assert "White wins by force in 2 moves" in page.locator(".eval-words").inner_text()
    # the bar's White part is at the bottom, the side of the board White plays from
    fill = page.locator("#evalbar .eb-fill")
    assert float(fill.get_attribute("y")) + float(fill.get_attribute("height")) == 1000
    page.keyboard.press("ArrowRight")
    wait_for_lines(page, 2)
    assert bar(page) == (1.0, "#2")
    page.keyboard.press("End")
    page.wait_for_function("() => document.querySelector('#evalbar')?.dataset.score === '1-0'")
    page.keyboard.press("Home")
    wait_for_lines(page, 0)
    assert bar(page)[1] == "#3"
    assert errors == []
    page.close()


def test_the_bar_keeps_its_sign_as_the_mover_changes(web: ServerProcess, context: Any) -> None:
    """No forced result: after 1. a1a7 a8a7 Black is a rook up. With White to move (ply
    2) and with Black to move (ply 3) the bar reads from White's side: negative both
    times, where a score for the mover would flip its sign."""
    game_id = import_record(web, record("schachogi", "", BLUNDER_START, BLUNDER_MOVES))
    page = context.new_page()
    page.goto(f"{web.url}/#/replay/{game_id}/2")
    page.wait_for_selector("#analyse:not([disabled])")
    page.click("#analyse")
    wait_for_lines(page, 2)
    white_to_move = bar(page)
    page.keyboard.press("ArrowRight")
    wait_for_lines(page, 3)
    black_to_move = bar(page)
    for expected, score in (white_to_move, black_to_move):
        assert expected < -0.3 and score.startswith(("−", "#-")), (white_to_move, black_to_move)
    words = page.locator(".eval-words").inner_text()
    assert "Black" in words and "White" not in words, words
    # the API gives the same reading
    answer = web.post("/api/analysis", {"game_id": game_id, "ply": 3, "lines": 1})[1]
    assert answer["player"] == 1 and answer["evaluation"]["expected"] < -0.3
    page.close()


def test_the_analysis_board_in_german(web: ServerProcess, browser: Any, mate_game: int) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="de-DE")
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(f"{web.url}/#/replay/{mate_game}/0")
    page.wait_for_selector("#analyse:not([disabled])")
    assert page.locator("#analyse").inner_text() == "Computeranalyse: aus"
    assert page.locator("#request-analysis").inner_text() == "Computeranalyse anfordern"
    page.click("#analyse")
    wait_for_lines(page, 0)
    text = page.locator(".analysis-out").inner_text()
    assert "erzwungen in 3 Zügen" in text and "Beste Varianten" in text and "Tiefe" in text
    assert page.locator("#analyse").inner_text() == "Computeranalyse: an"
    context.close()


def test_the_phone_shows_bar_lines_and_board_above_the_fold(
    web: ServerProcess, phone: Any, mate_game: int
) -> None:
    page = phone.new_page()
    page.goto(f"{web.url}/#/replay/{mate_game}/0")
    page.wait_for_selector("#analyse:not([disabled])")
    page.tap("#analyse")
    wait_for_lines(page, 0)
    assert page.evaluate("window.scrollY") == 0
    for selector in ("#evalbar", "svg.board", ".pv-lines", "#next", "#analyse"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["y"] >= 0, selector
        assert box["y"] + box["height"] <= 844, (selector, box)
    assert page.locator("#evalbar").get_attribute("class").split()[1] == "horizontal"
    next_box = page.locator("#next").bounding_box()
    assert next_box is not None and next_box["height"] >= 40 and next_box["width"] >= 40
    shot(page, "analysis-board-phone.png")
    page.close()


def test_no_engine_for_a_game_in_progress(web: ServerProcess, context: Any) -> None:
    status, answer, cookie = web.post(
        "/api/tables", {"game": "schachogi", "opponent": "here", "seed": 3}
    )
    assert status == 200
    table_id = answer["id"]
    client = TableClient(web, table_id, cookie)
    client.move(client.table["state"]["moves"][0]["notation"])
    page = context.new_page()
    page.goto(f"{web.url}/#/replay/{table_id}/1")
    page.wait_for_selector("#analyse")
    assert page.locator("#analyse").is_disabled()
    assert "in progress" in (page.locator("#analyse").get_attribute("title") or "")
    assert page.locator("#request-analysis").count() == 0
    assert page.locator("#evalbar").count() == 0
    status, refused, _ = web.post(f"/api/records/{table_id}/analysis", {})
    assert status == 403, refused
    client.send(type="resign")
    client.until(lambda t: t["status"] == "over")
    client.close()
    page.close()


def test_stepping_on_a_phone_keeps_the_board_in_place(web: ServerProcess, phone: Any) -> None:
    """Issue 23: in the replay the board slid under the header after ~16 taps (the move
    list scrolled the page to its current move). Now the list scrolls, not the page."""
    game_id = import_record(web, record("schachogi", "", BLUNDER_START, BLUNDER_MOVES))
    page = phone.new_page()
    page.goto(f"{web.url}/#/replay/{game_id}/0")
    page.wait_for_selector("#next")
    top = page.locator("svg.board").bounding_box()
    assert top is not None
    for step in range(1, len(BLUNDER_MOVES) + 1):
        page.tap("#next")
        page.wait_for_function(f"() => document.querySelector('.play').dataset.ply === '{step}'")
    assert page.evaluate("window.scrollY") == 0
    box = page.locator("svg.board").bounding_box()
    assert box is not None and box["y"] == top["y"]
    page.close()
