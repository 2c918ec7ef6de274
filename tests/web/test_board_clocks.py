"""Clocks, abort and offers on the game page, with the API agreeing: each clock starts
with its owner's first move, abort until both moved (the game leaves the lobby), a flag
shows 0:00 (tenths under ten seconds), draw and rematch offers accepted or declined with
the asker told."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.serverproc import ServerProcess
from tests.web.board import api_table, new_table, two_move_path, wait_ply, wait_status
from tests.web.conftest import DESKTOP, PHONE, shot


@pytest.fixture
def pair(browser: Any) -> Iterator[tuple[Any, Any]]:
    """Alice at a desktop, Bob on a phone: two players, two cookies."""
    contexts = [
        browser.new_context(viewport=DESKTOP),
        browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True),
    ]
    for made in contexts:
        made.set_default_timeout(15_000)
    try:
        yield contexts[0].new_page(), contexts[1].new_page()
    finally:
        for made in contexts:
            made.close()


def seated(web: ServerProcess, alice: Any, bob: Any, game: str, **fields: Any) -> int:
    table_id = new_table(alice, web, game, opponent="link", **fields)
    bob.goto(f"{web.url}/#/table/{table_id}/join")
    wait_status(bob, "running")
    wait_status(alice, "running")
    return table_id


def play_first(page: Any, web: ServerProcess, table_id: int) -> None:
    ply = api_table(page, web, table_id)["ply"]
    move = two_move_path(api_table(page, web, table_id)["state"]["moves"])
    page.click(f'.play .cell[data-id="{move["path"][0]}"]')
    page.click(f'.play .cell[data-id="{move["path"][1]}"]')
    wait_ply(page, ply + 1)


def test_clocks_start_with_the_first_move_and_abort(
    web: ServerProcess, pair: tuple[Any, Any]
) -> None:
    alice, bob = pair
    table_id = seated(web, alice, bob, "ostseeschach", clock_minutes=1)
    time.sleep(1.2)  # the friend joined: no clock runs before its owner's first move
    clocks = api_table(alice, web, table_id)["clocks"]
    assert [c["remaining"] for c in clocks] == [60.0, 60.0]
    assert not any(c["ticking"] for c in clocks)
    assert alice.locator('[data-clock="0"]').inner_text() == "1:00"
    assert alice.locator("#abort").is_visible() and alice.locator("#resign").count() == 0
    play_first(alice, web, table_id)
    time.sleep(1.2)
    clocks = api_table(alice, web, table_id)["clocks"]
    assert clocks[0]["remaining"] == 60.0 and clocks[1]["remaining"] == 60.0
    assert clocks[1]["running"] and not clocks[1]["ticking"]  # bob's starts with his move
    wait_ply(bob, 1)
    bob.locator("#abort").tap()  # until both have moved, either may abort
    wait_status(bob, "abandoned")
    wait_status(alice, "abandoned")
    assert "aborted" in alice.locator("#abandoned-reason").inner_text()
    view = api_table(alice, web, table_id)
    assert view["status"] == "abandoned" and view["outcome"] is None  # not rated
    lobby = alice.request.get(f"{web.url}/api/tables").json()
    assert table_id not in [t["id"] for t in lobby["open"] + lobby["running"]]
    shot(bob, "board-aborted-ostseeschach-phone", full=False)


def test_a_flag_shows_zero_and_the_api_agrees(web: ServerProcess, pair: tuple[Any, Any]) -> None:
    alice, bob = pair
    table_id = seated(web, alice, bob, "schachogi", clock_seconds=4)
    play_first(alice, web, table_id)
    wait_ply(bob, 1)
    play_first(bob, web, table_id)
    wait_ply(alice, 2)
    assert alice.locator("#abort").count() == 0 and alice.locator("#resign").is_visible()
    alice.wait_for_function(  # tenths under ten seconds, low-time colour
        "() => /^0:0\\d\\.\\d$/.test(document.querySelector('[data-clock=\"0\"]').textContent)"
    )
    assert "low" in (alice.locator('[data-clock="0"]').get_attribute("class") or "")
    wait_status(alice, "over")
    wait_status(bob, "over")
    assert alice.locator('[data-clock="0"]').inner_text() == "0:00.0"
    assert bob.locator('[data-clock="0"]').inner_text() == "0:00.0"
    view = api_table(alice, web, table_id)
    assert view["clocks"][0]["remaining"] == 0.0
    assert view["outcome"]["reason"] == "TIME" and view["outcome"]["winner"] == 1
    assert "time" in alice.locator(".outcome").inner_text().lower()
    shot(bob, "board-flag-schachogi-phone", full=False)


def test_offers_are_accepted_or_declined_and_the_asker_sees_it(
    web: ServerProcess, pair: tuple[Any, Any]
) -> None:
    alice, bob = pair
    table_id = seated(web, alice, bob, "ostseeschach")
    play_first(alice, web, table_id)
    wait_ply(bob, 1)
    alice.click("#offer-draw")
    alice.wait_for_selector("#draw-pending")
    bob.wait_for_selector("#accept-draw")
    for selector in ("#accept-draw", "#decline-draw"):  # in sight on the phone, big enough
        box = bob.locator(selector).bounding_box()
        assert box is not None and box["y"] + box["height"] <= PHONE["height"]
        assert box["height"] >= 40
    shot(bob, "board-draw-offer-ostseeschach-phone", full=False)
    bob.locator("#decline-draw").tap()
    alice.wait_for_selector("#offer-declined")
    assert "declined" in alice.locator("#offer-declined").inner_text()
    play_first(bob, web, table_id)
    alice.wait_for_selector("#offer-declined", state="detached")  # until the next move
    alice.once("dialog", lambda dialog: dialog.accept())
    alice.click("#resign")
    wait_status(bob, "over")
    # a rematch is offered, not made: declined, the asker is told; accepted, both go
    alice.click("#rematch")
    alice.wait_for_selector("#rematch-pending")
    bob.wait_for_selector("#accept-rematch")
    assert api_table(alice, web, table_id)["rematch"] is None
    bob.locator("#decline-rematch").tap()
    alice.wait_for_selector("#rematch-declined")
    alice.click("#rematch")
    bob.wait_for_selector("#accept-rematch")
    bob.locator("#accept-rematch").tap()
    for page in (alice, bob):
        page.wait_for_function(
            "old => { const p = document.querySelector('.play');"
            " return p && p.dataset.table !== String(old) && p.dataset.status === 'running'; }",
            arg=table_id,
        )
    fresh = int(alice.locator(".play").get_attribute("data-table") or 0)
    seats = api_table(alice, web, fresh)
    assert seats["held"] == [1]  # colours swapped
