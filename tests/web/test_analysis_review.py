"""The computer analysis of a whole finished game in a real Chromium: requested on the
replay page, its progress, then the evaluation graph with the blunder marked on its
move, the move list's marks, each player's accuracy, and a click in the graph that
jumps to a move. The server searches each position briefly (its own settings)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.serverproc import ServerProcess
from tests.web.analysis_games import BLUNDER_MOVES, BLUNDER_START, import_record, record

SHOTS = Path("/tmp/shots-analysis")


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    env = {"SPIELTISCH_ANALYSIS_PLY_SECONDS": "0.15"}
    process = ServerProcess(tmp_path_factory.mktemp("review") / "games.db", env=env)
    process.start()
    try:
        yield process
    finally:
        process.stop()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_whole_game_analysis_with_graph_marks_and_accuracy(
    quick: ServerProcess, browser: Any, size: str
) -> None:
    viewport = (
        {"width": 1280, "height": 800} if size == "desktop" else {"width": 390, "height": 844}
    )
    context = browser.new_context(viewport=viewport)
    context.set_default_timeout(15_000)
    game_id = import_record(quick, record("schachogi", "", BLUNDER_START, BLUNDER_MOVES))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{quick.url}/#/replay/{game_id}/0")
    if size == "desktop":
        page.click("#request-analysis")
        page.wait_for_selector("#review-progress, #eval-graph")
    else:  # the second run finds the stored result (the same game, asked again)
        page.wait_for_selector("#request-analysis, #eval-graph")
        if page.locator("#request-analysis").count():
            page.click("#request-analysis")
    page.wait_for_selector("#eval-graph", timeout=60_000)
    result = quick.get(f"/api/records/{game_id}/analysis")["result"]
    assert len(result["evaluations"]) == len(BLUNDER_MOVES) + 1
    # White's 1. a1a7 gives the rook away: a blunder, marked in the graph and the list
    blunder = page.locator("#eval-graph .g-mark.j-blunder[data-ply='1']")
    assert blunder.count() == 1
    assert "a1a7" in blunder.locator("title").text_content()
    glyph = page.locator("ol.moves .move-link[data-ply='1'] .glyph")
    assert glyph.inner_text() == "??"
    rows = page.locator("table.accuracy tr")
    assert rows.count() == 2
    white, black = (
        float(rows.nth(i).locator(".accuracy-value").inner_text().split()[0]) for i in (0, 1)
    )
    assert 0 <= white < black <= 100, (white, black)
    assert "1 blunder" in rows.nth(0).locator(".marks").inner_text()
    # the stored evaluations fill the bar without the live engine
    page.wait_for_selector("#evalbar[data-score]")
    # clicking a mark jumps to its move
    blunder.dispatch_event("click")
    page.wait_for_function("() => document.querySelector('.play').dataset.ply === '1'")
    assert page.locator("#ply").inner_text().startswith("1 /")
    expected_after = float(page.locator("#evalbar").get_attribute("data-expected"))
    assert expected_after < -0.3  # Black is far ahead after White's blunder
    note = page.locator("#judgement").inner_text()
    assert "?? blunder" in note and "best was" in note, note
    # a click on the graph's right end jumps to the end
    graph = page.locator("#eval-graph")
    box = graph.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] - 2, box["y"] + box["height"] / 2)
    page.wait_for_function(
        f"() => document.querySelector('.play').dataset.ply === '{len(BLUNDER_MOVES)}'"
    )
    page.locator("#review").scroll_into_view_if_needed()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"review-{size}.png"), full_page=True)
    assert errors == []
    context.close()
