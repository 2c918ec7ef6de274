"""The replay page stepped through with the keyboard; export and continue from a position."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.serverproc import ServerProcess
from tests.web.play import finished_game


def ply(page: Any) -> str:
    return str(page.locator("#ply").inner_text())


def test_replay_with_the_keyboard(web: ServerProcess, context: Any) -> None:
    game_id = finished_game(web, "ostseeschach", {}, None)
    total = web.get(f"/api/records/{game_id}")["plies"]
    page = context.new_page()
    page.goto(f"{web.url}/#/replay/{game_id}")
    page.wait_for_selector("#ply")
    assert ply(page) == f"0 / {total}"
    for step in range(1, 4):
        page.keyboard.press("ArrowRight")
        page.wait_for_function(
            f"() => document.querySelector('#ply').innerText === '{step} / {total}'"
        )
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(f"() => document.querySelector('#ply').innerText === '2 / {total}'")
    assert (
        page.locator("ol.moves li.current").inner_text()
        == page.locator("ol.moves li").nth(1).inner_text()
    )
    page.keyboard.press("End")
    page.wait_for_function(
        f"() => document.querySelector('#ply').innerText === '{total} / {total}'"
    )
    assert page.locator(".outcome").is_visible()
    page.keyboard.press("Home")
    page.wait_for_function(f"() => document.querySelector('#ply').innerText === '0 / {total}'")
    page.click("#next")
    page.click("#next")
    page.wait_for_function(f"() => document.querySelector('#ply').innerText === '2 / {total}'")
    page.click("#analyse")
    page.wait_for_selector(".analysis-out .line", timeout=30_000)
    assert "Best line" in page.locator(".analysis-out").inner_text()
    with page.expect_download() as download:
        page.click("#export-record")
    assert download.value.suggested_filename == f"ostseeschach-{game_id}.json"
    with page.expect_download() as download:
        page.click("#export-position")
    position = Path(download.value.path()).read_text(encoding="utf-8").strip()
    assert position == web.get(f"/api/records/{game_id}/view?ply=2")["view"]["position"]
    page.click("#continue-here")
    page.wait_for_selector(".play[data-table] .board")
    table_id = int(page.locator(".play").get_attribute("data-table"))
    assert web.get(f"/api/tables/{table_id}")["position"] == position
