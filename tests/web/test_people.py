"""Two browsers play each other while a third watches; a move for the other seat is
refused by the server; the server restarted mid-game and the game resumed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.serverproc import ServerProcess
from tests.web.conftest import DESKTOP, shot
from tests.web.play import TARGETS, click_and_wait, create_table, table_state


def wait_ply(page: Any, ply: int) -> None:
    page.wait_for_function(f"() => document.querySelector('.play')?.dataset.ply === '{ply}'")


def play_one(page: Any) -> None:
    """Click the first target until a move is made."""
    ply = table_state(page)[1]
    while table_state(page)[1] == ply:
        click_and_wait(page, TARGETS)


SEND_FOR_OTHER_SEAT = """async ([id, notation]) => {
    const ws = new WebSocket(`ws://${location.host}/ws/tables/${id}`);
    return await new Promise((done) => {
        ws.onmessage = (event) => {
            const data = JSON.parse(event.data);
            if (data.type === "table" && !ws.sent) {
                ws.sent = true;
                ws.send(JSON.stringify({type: "move", notation}));
            }
            else if (data.type === "error") { ws.close(); done(data.rule); }
        };
        setTimeout(() => done("no answer"), 5000);
    });
}"""


def test_two_browsers_play_while_a_third_watches(web: ServerProcess, browser: Any) -> None:
    contexts = [browser.new_context(viewport=DESKTOP) for _ in range(3)]
    try:
        alice, bob, carol = (c.new_page() for c in contexts)
        table_id = create_table(alice, web.url, "schachogi", "link", name="alice")
        invite = alice.locator("#invite-link").input_value()
        assert invite.endswith(f"#/table/{table_id}/join")
        shot(alice, "table-waiting-schachogi-desktop")
        bob.goto(invite)
        bob.wait_for_function("() => document.querySelector('.play')?.dataset.status === 'running'")
        carol.goto(alice.locator("#watch-link").input_value())
        carol.wait_for_selector(".play .board")
        alice.wait_for_function(
            "() => document.querySelector('.play').dataset.status === 'running'"
        )
        # bob (Black) clicks during White's turn: nothing to click, and the server refuses
        # a move sent for White from bob's browser
        assert bob.locator(TARGETS).count() == 0
        white_move = web.get(f"/api/tables/{table_id}")["state"]["moves"][0]["notation"]
        rule = bob.evaluate(SEND_FOR_OTHER_SEAT, [table_id, white_move])
        assert rule == "NOT_YOUR_TURN"
        assert carol.evaluate(SEND_FOR_OTHER_SEAT, [table_id, white_move]) == "NO_SEAT"
        for ply in range(1, 5):
            mover = alice if ply % 2 else bob
            play_one(mover)
            for page in (alice, bob, carol):
                wait_ply(page, ply)
        assert carol.locator("ol.moves .move-link").count() == 4
        assert carol.locator("ol.moves li").count() == 2  # by full move: two rows
        carol.click('ol.moves .move-link[data-ply="2"]')  # look at an earlier position
        carol.wait_for_selector(".status.looking")
        assert "after move 2" in carol.locator(".status.looking").inner_text()
        carol.click(".status.looking button")
        carol.wait_for_selector(".status.looking", state="detached")
        assert carol.locator(TARGETS).count() == 0
        assert "watching" in carol.locator(".side").inner_text()
        shot(carol, "table-watching-schachogi-desktop")
        shot(bob, "table-black-view-schachogi-desktop")
    finally:
        for context in contexts:
            context.close()


def test_server_restarted_mid_game(browser: Any, tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "games.db")
    server.start()
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        create_table(page, server.url, "ostseeschach", "here", seed="9")
        play_one(page)
        play_one(page)
        moves = [b.inner_text() for b in page.locator("ol.moves .move-link").all()]
        server.restart()
        page.wait_for_function(
            "() => !document.querySelector('.play').classList.contains('offline')"
        )
        play_one(page)  # the page reconnected by itself and the game goes on
        wait_ply(page, 3)
        assert [b.inner_text() for b in page.locator("ol.moves .move-link").all()][:2] == moves
        page.reload()
        wait_ply(page, 3)
        assert page.locator(TARGETS).count() > 0
    finally:
        context.close()
        server.stop()


def test_against_the_ai_it_thinks_and_takes_back(web: ServerProcess, context: Any) -> None:
    page = context.new_page()
    # `hard` thinks a fifth of a second: long enough to be seen (`easy` answers within
    # milliseconds from the AI service's warm workers, before any view could show it)
    create_table(page, web.url, "ostseeschach", "ai", level="hard", seed="5")
    play_one(page)
    page.wait_for_selector(".seat-bar .thinking")  # shown while the AI's process searches
    wait_ply(page, 2)
    assert page.locator(".seat-bar .thinking").count() == 0
    assert page.locator(TARGETS).count() > 0  # our turn again
    page.click("#takeback")
    wait_ply(page, 0)
    assert page.locator("#abort").is_visible()  # until both have moved: abort, not resign
    play_one(page)
    wait_ply(page, 2)
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#resign")
    page.wait_for_selector(".outcome")
    assert "resignation" in page.locator(".outcome").inner_text()
    first = page.locator(".play").get_attribute("data-table")
    page.click("#rematch")
    page.wait_for_function(
        f"() => {{ const p = document.querySelector('.play[data-status=running]');"
        f" return p !== null && p.dataset.table !== '{first}'; }}"
    )
    rematch = page.locator(".play").get_attribute("data-table")
    seats = page.request.get(f"{web.url}/api/tables/{rematch}").json()
    assert seats["held"] == [1] and seats["seats"][0]["kind"] == "ai"  # colours swapped
    wait_ply(page, 1)  # the AI, now red, opened
    shot(page, "table-rematch-ostseeschach-desktop")
