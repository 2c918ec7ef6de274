"""A complete game of every game, played in the browser by clicking (both seats at one
screen), to its end with the result shown: Okard from the pick phase on, the others from
positions near their end (the whole suite must stay quick; the server tests and the
screenshot test play whole games from the start)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.serverproc import ServerProcess
from tests.web.conftest import shot
from tests.web.play import create_table, play_to_the_end, table_state

#: Variants that end soon, so the whole browser suite stays quick.
SHORT = {
    # turn 48 of 60 of a random game, towers on the board
    "ostseeschach": {
        "position": "..M....h/......../.Mh2.rRs./.S2....../.S.....s/......../.H..R..m/..m....."
        " 48 0:0 g5h4"
    },
    "schachogi": {"quiet_plies": "6", "position": "r3p3/8/8/8/8/8/8/R3P3 w 0 1"},
    # round 25 of 30: the race's last rounds
    "hase-und-igel": {
        "position": "SCH12CHHCCLICHCI1C2IC2LCICHCC2I2HC1CHIH2CCLI2CC1CHIC2HCCILCCHH1CG"
        " 50 47/35/3/-/a4 51/49/4/-/a7 a7"
    },
    "okard": {"board": "8", "turns": "4"},
}

FINISHED: dict[str, int] = {}


@pytest.mark.parametrize("game", list(SHORT))
def test_a_whole_game_by_clicking(web: ServerProcess, context: Any, game: str) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    started = time.monotonic()
    table_id = create_table(page, web.url, game, "here", seed="4", **SHORT[game])
    clicks = play_to_the_end(page)
    status, ply = table_state(page)
    assert status == "over" and ply > 0
    outcome = page.locator(".outcome")
    assert outcome.is_visible()
    assert "reason" in outcome.inner_text()
    stored = web.get(f"/api/records/{table_id}")
    assert stored["status"] == "finished" and stored["plies"] == ply
    assert not errors
    FINISHED[game] = table_id
    print(f"{game}: {clicks} clicks, {ply} plies in {time.monotonic() - started:.1f}s")
    shot(page, f"table-over-{game}-desktop")
