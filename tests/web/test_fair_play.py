"""Fair play in the browser (issue 22, finding 11): the replay page and the table page of
a game in progress offer no engine analysis; once the game has ended they do."""

from __future__ import annotations

from typing import Any

from tests.server.client import TableClient
from tests.serverproc import ServerProcess


def test_no_analysis_button_for_a_game_in_progress(web: ServerProcess, context: Any) -> None:
    status, answer, cookie = web.post(
        "/api/tables", {"game": "ostseeschach", "opponent": "here", "seed": 31}
    )
    assert status == 200
    table_id = answer["id"]
    client = TableClient(web, table_id, cookie)
    for _ in range(3):
        client.move(client.table["state"]["moves"][0]["notation"])
    page = context.new_page()
    page.goto(f"{web.url}/#/replay/{table_id}/2")
    page.wait_for_selector("#analyse")
    assert page.locator("#analyse").is_disabled()
    assert "in progress" in (page.locator("#analyse").get_attribute("title") or "")
    page.goto(f"{web.url}/#/table/{table_id}")
    page.wait_for_selector(".play[data-table] #analyse")
    assert page.locator("#analyse").is_disabled()
    client.send(type="resign")
    client.until(lambda t: t["status"] == "over")
    client.close()
    page.goto(f"{web.url}/#/games")
    page.goto(f"{web.url}/#/replay/{table_id}/2")
    page.wait_for_selector("#analyse:not([disabled])")
    page.click("#analyse")
    page.wait_for_selector(".analysis-out .line", timeout=30_000)
    page.close()
