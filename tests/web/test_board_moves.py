"""The game page's moves: drag and drop with a real mouse, click-click, premoves while
the opponent is to move (played when legal, dropped with a note when not, Esc cancels),
keyboard steps through the moves, `f` flips, and the typed-move box with completion."""

from __future__ import annotations

from typing import Any

import pytest

from spieltisch.core.registry import load
from tests.serverproc import ServerProcess
from tests.web.board import api_table, drag, new_table, two_move_path, wait_ply, wait_status
from tests.web.conftest import DESKTOP, shot

GRID = ["ostseeschach", "schachogi"]


@pytest.mark.parametrize("game", GRID)
def test_drag_and_drop_and_click_click(web: ServerProcess, context: Any, game: str) -> None:
    page = context.new_page()
    table_id = new_table(page, web, game)
    first = two_move_path(api_table(page, web, table_id)["state"]["moves"])
    source, target = first["path"]
    drag(page, source, target)
    wait_ply(page, 1)
    assert api_table(page, web, table_id)["moves"] == [first["notation"]]
    assert page.locator(f'.play .cell[data-id="{target}"] .last-move').count() == 1
    second = two_move_path(api_table(page, web, table_id)["state"]["moves"])
    page.click(f'.play .cell[data-id="{second["path"][0]}"]')  # click-click
    assert page.locator(".play .cell.clickable").count() >= 1  # the legal targets shown
    page.click(f'.play .cell[data-id="{second["path"][1]}"]')
    wait_ply(page, 2)
    assert api_table(page, web, table_id)["moves"][1] == second["notation"]
    # a drop on a cell that is no target moves nothing
    third = two_move_path(api_table(page, web, table_id)["state"]["moves"])
    legal = {m["path"][1] for m in api_table(page, web, table_id)["state"]["moves"]}
    nowhere = next(
        c["id"]
        for c in api_table(page, web, table_id)["state"]["cells"]
        if c["id"] not in legal and c["id"] != third["path"][0]
    )
    drag(page, third["path"][0], nowhere)
    page.wait_for_timeout(300)
    assert api_table(page, web, table_id)["ply"] == 2
    shot(page, f"board-drag-{game}-desktop")


def premove_plan(game: str, seed: int) -> tuple[str, list[str]]:
    """The first player's first move and a premove of the second player that is legal
    after it."""
    state = load(game).new_state(seed)
    first = str(state.legal_moves()[0])
    state.play(state.parse_move(first))
    return first, two_move_path(state.view().to_json()["moves"])["path"]


@pytest.mark.parametrize("game", GRID)
def test_premoves(web: ServerProcess, browser: Any, game: str) -> None:
    contexts = [browser.new_context(viewport=DESKTOP) for _ in range(2)]
    try:
        alice, bob = (c.new_page() for c in contexts)
        first, good = premove_plan(game, 3)
        table_id = new_table(alice, web, game, opponent="link")
        bob.goto(f"{web.url}/#/table/{table_id}/join")
        wait_status(bob, "running")
        wait_status(alice, "running")
        # bob queues a move by dragging while alice is to move; Esc cancels it
        drag(bob, good[0], good[1])
        bob.wait_for_selector(f'.play[data-premove="{good[0]} {good[1]}"]')
        assert bob.locator(".play .cell.premove").count() == 2
        bob.keyboard.press("Escape")
        bob.wait_for_selector('.play[data-premove=""]')
        # queued again by click-click, then played the moment alice has moved
        bob.click(f'.play .cell[data-id="{good[0]}"]')
        bob.click(f'.play .cell[data-id="{good[1]}"]')
        bob.wait_for_selector(f'.play[data-premove="{good[0]} {good[1]}"]')
        shot(bob, f"board-premove-{game}-desktop")
        alice.locator(".play .notation input").fill(first)
        alice.keyboard.press("Enter")
        wait_ply(alice, 2)
        moves = api_table(alice, web, table_id)["moves"]
        assert moves[0] == first
        state = load(game).new_state(3)
        state.play(state.parse_move(first))
        expected = next(m["notation"] for m in state.view().to_json()["moves"] if m["path"] == good)
        assert moves[1] == expected
        # a premove that is not legal when the turn comes is dropped, with a note
        third = two_move_path(api_table(alice, web, table_id)["state"]["moves"])
        after = load(game).new_state(3)
        for text in moves:
            after.play(after.parse_move(text))
        after.play(after.parse_move(third["notation"]))
        view = after.view().to_json()
        piece = two_move_path(view["moves"])["path"][0]
        reached = {m["path"][1] for m in view["moves"] if m["path"][0] == piece}
        own = {p["cell"] for p in view["pieces"]}
        nowhere = next(c["id"] for c in view["cells"] if c["id"] not in reached | own)
        bob.click(f'.play .cell[data-id="{piece}"]')
        bob.click(f'.play .cell[data-id="{nowhere}"]')
        bob.wait_for_selector(f'.play[data-premove="{piece} {nowhere}"]')
        alice.click(f'.play .cell[data-id="{third["path"][0]}"]')
        alice.click(f'.play .cell[data-id="{third["path"][1]}"]')
        wait_ply(bob, 3)
        bob.wait_for_selector("#board-note")
        assert bob.locator("#board-note").is_visible()
        assert bob.locator('.play[data-premove=""]').count() == 1
        assert api_table(bob, web, table_id)["ply"] == 3  # nothing sent
    finally:
        for context in contexts:
            context.close()


def test_no_premove_where_turns_depend_on_chance(web: ServerProcess, browser: Any) -> None:
    contexts = [browser.new_context(viewport=DESKTOP) for _ in range(2)]
    try:
        alice, bob = (c.new_page() for c in contexts)
        table_id = new_table(alice, web, "hase-und-igel", opponent="link")
        bob.goto(f"{web.url}/#/table/{table_id}/join")
        wait_status(bob, "running")
        bob.click('.play .cell[data-id="3"]')
        bob.wait_for_selector(".toast.show")
        assert "premove" in bob.locator(".toast").inner_text().lower()
        assert bob.locator('.play[data-premove=""]').count() == 1
    finally:
        for context in contexts:
            context.close()


def test_keyboard_steps_flips_and_typed_moves(web: ServerProcess, context: Any) -> None:
    page = context.new_page()
    table_id = new_table(page, web, "ostseeschach")
    for ply in range(1, 4):
        moves = api_table(page, web, table_id)["state"]["moves"]
        notation = moves[0]["notation"]
        page.locator(".play .notation input").fill(notation[:2])  # completion from the moves
        options = page.locator("datalist option").evaluate_all("os => os.map(o => o.value)")
        assert notation in options and all(o.startswith(notation[:2]) for o in options)
        page.locator(".play .notation input").fill(notation)
        page.keyboard.press("Enter")
        wait_ply(page, ply)
    page.locator("body").click(position={"x": 5, "y": 5})  # focus out of the box
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector('.play[data-looking="2"]')
    assert page.locator(".status.looking").is_visible()
    assert page.locator(".play .cell.clickable").count() == 0  # read-only
    page.keyboard.press("Home")
    page.wait_for_selector('.play[data-looking="0"]')
    assert page.locator(".play .last-move").count() == 0  # the start position
    page.keyboard.press("ArrowRight")
    page.wait_for_selector('.play[data-looking="1"]')
    assert page.locator('.move-link.current[data-ply="1"]').count() == 1
    page.keyboard.press("End")
    page.wait_for_selector('.play[data-looking=""]')
    before = page.locator('.play .cell[data-id="a1"]').bounding_box()
    page.keyboard.press("f")
    page.wait_for_timeout(100)
    after = page.locator('.play .cell[data-id="a1"]').bounding_box()
    assert before is not None and after is not None
    assert after["y"] < before["y"] and after["x"] > before["x"]  # a1 went to the top right
    # the move list is by full move: both players' moves on one numbered row
    rows = page.locator(".play ol.moves li")
    assert rows.count() == 2
    assert rows.nth(0).locator(".move-link").count() == 2


def test_sounds_and_the_tab_title(web: ServerProcess, browser: Any) -> None:
    contexts = [browser.new_context(viewport=DESKTOP) for _ in range(2)]
    try:
        alice, bob = (c.new_page() for c in contexts)
        table_id = new_table(alice, web, "ostseeschach", opponent="link")
        bob.goto(f"{web.url}/#/table/{table_id}/join")
        wait_status(alice, "running")
        alice.wait_for_function("() => (window.spieltischSounds || []).includes('start')")
        assert alice.title().startswith("● Your turn — Ostseeschach")
        assert not bob.title().startswith("●")
        move = two_move_path(api_table(alice, web, table_id)["state"]["moves"])
        drag(alice, *move["path"])
        wait_ply(bob, 1)
        bob.wait_for_function("() => (window.spieltischSounds || []).includes('move')")
        slid = "-".join(move["path"])  # the opponent's piece slides; the dropped one did not
        bob.wait_for_function("s => (window.spieltischSlides || []).includes(s)", arg=slid)
        assert alice.evaluate("() => (window.spieltischSlides || []).length") == 0
        bob.wait_for_function("() => document.title.startsWith('● Your turn')")
        alice.wait_for_function("() => !document.title.startsWith('●')")
        # the mute switch is remembered
        alice.click("#sound")
        alice.reload()
        alice.wait_for_selector(".play .board")
        pressed = alice.locator("#sound").get_attribute("aria-pressed")
        alice.click("#sound")
        assert pressed in ("true", "false")
        assert alice.locator("#sound").get_attribute("aria-pressed") != pressed
    finally:
        for context in contexts:
            context.close()
