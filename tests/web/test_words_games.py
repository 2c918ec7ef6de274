"""Readable games in a real Chromium: the piece legend next to an Okard board (drawn from
the game's words and the view's own pieces) and through an Okard turn; Hase und Igel's
carrot cost of each reachable field shown on the track before the move is made, then
paid; Okard's army points against their limit."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.serverproc import ServerProcess
from tests.web.board import new_table
from tests.web.conftest import shot


def moves(page: Any, base: str, table: int) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.request.get(f"{base}/api/tables/{table}").json()["state"][
        "moves"
    ]
    return found


def click(page: Any, target: str) -> None:
    """Click a target (a cell or a button) and wait until the server's answer is drawn
    when the click completes a move."""
    received = page.locator(".play").get_attribute("data-received")
    cell = page.locator(f".board [data-id='{target}']")
    if cell.count():
        cell.first.click()
    else:
        page.locator(f"[data-id='{target}'], [data-target='{target}']").first.click()
    page.wait_for_timeout(150)
    if page.locator(".play").get_attribute("data-received") == received:
        page.wait_for_function(
            "(before) => document.querySelector('.play').dataset.received !== before",
            arg=received,
            timeout=10_000,
        )


def test_the_okard_legend_next_to_the_board_through_a_turn(
    web: ServerProcess, context: Any
) -> None:
    page = context.new_page()
    table = new_table(page, web, "okard", options={"board": "8", "turns": "4"})
    legend = page.locator("#piece-legend")
    legend.wait_for()
    assert legend.is_visible()
    # in the pick phase every stone of the list, with its back side where it has one
    names = legend.locator(".legend-piece .legend-name").all_inner_texts()
    assert names[:8] == [
        "Bauer",
        "Späher",
        "Schild",
        "Ritter",
        "Läufer",
        "Turm",
        "General",
        "König",
    ]
    bauer = legend.locator(".legend-piece[data-kind='B']")
    assert "Strength 1" not in bauer.inner_text() and "strength 1" in bauer.inner_text()
    assert bauer.locator(".legend-promoted svg").count() == 1  # the back side drawn
    assert legend.locator(".legend-piece[data-kind='K'] .legend-promoted").count() == 0
    # the army points against the army size of an 8x8 board
    army = page.locator(".seat-bar[data-player='0'] .c-army_points b")
    assert army.inner_text() == "0 / 100"
    # a turn of the pick phase: red picks its König; the legend stays beside the board
    pick = next(m for m in moves(page, web.url, table) if m["notation"] == "PI K")
    for step in pick["path"]:
        click(page, step)
    page.wait_for_function("() => document.querySelector('.play').dataset.ply === '1'")
    assert army.inner_text() == "19 / 100"
    assert page.locator("#piece-legend .legend-piece[data-kind='K']").is_visible()
    box = page.locator("#piece-legend").bounding_box()
    board = page.locator(".board").bounding_box()
    assert (
        box is not None and board is not None and box["x"] >= board["x"] + board["width"] - 1
    )  # beside it
    shot(page, "words-okard-legend")


# Seed 3 draws a track whose third field may be entered with no card; seed 11 one where
# it is a hare field (only moves that play a card go there).
@pytest.mark.parametrize("seed", [3, 11])
def test_a_hase_und_igel_move_shows_its_carrot_cost_before_it_is_made(
    web: ServerProcess, context: Any, seed: int
) -> None:
    page = context.new_page()
    table = new_table(page, web, "hase-und-igel", seed=seed)
    page.wait_for_selector(".board .cost-tag")
    carrots = page.locator(".seat-bar[data-player='0'] .c-carrots b")
    assert carrots.inner_text() == "68"
    # every reachable field shows what the advance costs: n(n+1)/2 carrots from field 0
    tags = page.locator(".board .field .cost-tag")
    shown = {
        int(tags.nth(i).locator("xpath=..").get_attribute("data-id") or -1): int(
            tags.nth(i).get_attribute("data-cost") or 0
        )
        for i in range(tags.count())
    }
    assert shown and all(cost == n * (n + 1) // 2 for n, cost in shown.items()), shown
    # The track depends on the seed: take the nearest plain advance (no card) of three
    # fields or more, whose cost n(n+1)/2 cannot be mistaken for its distance n.
    advances = {
        int(found.group(1)): m["path"]
        for m in moves(page, web.url, table)
        if (found := re.fullmatch(r"(?:advance |a)(\d+)", m["notation"]))
    }
    distance = min((n for n in advances if n >= 3), default=min(advances))
    cost = distance * (distance + 1) // 2
    target = advances[distance]
    field = target[0]
    tag = page.locator(f".board .field[data-id='{field}'] .cost-tag")
    assert tag.is_visible() and tag.get_attribute("data-cost") == str(cost)
    assert tag.locator("text").text_content() == f"−{cost}"
    assert str(cost) in (tag.locator("title").text_content() or "")
    shot(page, "words-hase-und-igel-cost")
    for step in target:
        click(page, step)
    page.wait_for_function("() => document.querySelector('.play').dataset.ply === '1'")
    assert carrots.inner_text() == str(68 - cost)  # the carrots shown were paid
