"""A player whose opponent left claims the win from the table page (lichess's "claim
victory"), in a real browser against a server whose claim time is one second."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.serverproc import ServerProcess
from tests.web.conftest import DESKTOP
from tests.web.play import TARGETS, click_and_wait, create_table, table_state


def _play_one(page: Any) -> None:
    ply = table_state(page)[1]
    while table_state(page)[1] == ply:
        click_and_wait(page, TARGETS)


def test_the_player_left_alone_claims_the_win(tmp_path: Path, browser: Any) -> None:
    server = ServerProcess(tmp_path / "games.db", env={"SPIELTISCH_CLAIM_SECONDS": "1"})
    server.start()
    contexts = [browser.new_context(viewport=DESKTOP) for _ in range(2)]
    try:
        alice, bob = (c.new_page() for c in contexts)
        table_id = create_table(alice, server.url, "schachogi", "link", name="alice")
        bob.goto(alice.locator("#invite-link").input_value())
        running = "() => document.querySelector('.play')?.dataset.status === 'running'"
        bob.wait_for_function(running)
        alice.wait_for_function(running)
        _play_one(alice)
        bob.wait_for_function("() => document.querySelector('.play')?.dataset.ply === '1'")
        _play_one(bob)
        assert alice.locator("#claim").count() == 0  # bob is still there
        contexts[1].close()  # bob leaves
        alice.wait_for_selector("#claim", timeout=20_000)
        alice.click("#claim")
        alice.wait_for_function("() => document.querySelector('.play')?.dataset.status === 'over'")
        stored = server.get(f"/api/records/{table_id}")
        assert (stored["status"], stored["winner"], stored["reason"]) == ("finished", 0, "LEFT")
    finally:
        for context in contexts:
            context.close()
        server.stop()
