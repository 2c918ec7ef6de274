"""Driving the pages like a player: create tables in the lobby, click targets, wait for
the server's answers."""

from __future__ import annotations

from typing import Any

TARGETS = ".cell.clickable, .hand-item.clickable, .choice-bar .choice"


def create_table(page: Any, base: str, game: str, opponent: str = "here", **fields: str) -> int:
    """Open the lobby, pick `game`, fill `fields` (input names), create; the table id."""
    page.goto(base + "/")
    page.click(f"[data-game={game}]")
    if not page.locator("details#advanced").evaluate("d => d.open"):  # folded away
        page.click("details#advanced > summary")
    page.check(f"input[name=opponent][value={opponent}]")
    for name, value in fields.items():
        element = page.locator(f"form.new-table [name={name}]")
        if element.evaluate("e => e.tagName") == "SELECT":
            element.select_option(value)
        else:
            element.fill(value)
    page.click("#create")
    page.wait_for_selector(".play[data-table] .board")
    return int(page.locator(".play").get_attribute("data-table"))


def table_state(page: Any) -> tuple[str, int]:
    root = page.locator(".play")
    return root.get_attribute("data-status") or "", int(root.get_attribute("data-ply") or 0)


def click_and_wait(page: Any, selector: str, tap: bool = False) -> None:
    """Click (or tap, on a touch screen) `selector`; when that completes a move, wait
    until the server's answer is drawn (a click that only extends the path shows the
    next targets at once)."""
    received = page.locator(".play").get_attribute("data-received")
    target = page.locator(selector).filter(visible=True).first
    target.tap() if tap else target.click()
    page.wait_for_function(
        """([received, targets]) => {
            const root = document.querySelector(".play");
            return root.dataset.received !== received || document.querySelector(targets);
        }""",
        arg=[received, TARGETS],
    )


def play_to_the_end(page: Any, limit: int = 3000) -> int:
    """Click the first highlighted target again and again until the game is over; the
    number of clicks."""
    clicks = 0
    while table_state(page)[0] == "running":
        assert clicks < limit, "the game did not end"
        click_and_wait(page, TARGETS)
        clicks += 1
    return clicks


def finished_game(server: Any, game: str, options: dict[str, str], position: str | None) -> int:
    """A game played to its end over the WebSocket (first moves); its id."""
    from tests.server.client import TableClient

    body: dict[str, Any] = {"game": game, "opponent": "here", "seed": 4, "options": options}
    if position:
        body["position"] = position
    _, answer, cookie = server.post("/api/tables", body)
    client = TableClient(server, answer["id"], cookie)
    while client.table["status"] == "running":
        client.move(client.table["state"]["moves"][0]["notation"])
    client.close()
    return int(answer["id"])
