"""A complete game of every game, played in the browser by clicking from the start
(both seats at one screen) to its end with the result shown: Ostseeschach by the first
highlighted target each time, Schachogi by a short real line that captures the Pflöck,
Hase und Igel by seeded random moves each clicked as its whole click path (cards and
buttons included), Okard from the pick phase on a small board with few turns."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import pytest

from tests.serverproc import ServerProcess
from tests.web.conftest import shot
from tests.web.play import click_and_wait, create_table, play_to_the_end, table_state

#: The options of the whole games below (Okard's keep its game short).
OPTIONS: dict[str, dict[str, str]] = {
    "ostseeschach": {},
    "schachogi": {},
    "hase-und-igel": {},
    "okard": {"board": "8", "turns": "4"},
}

#: Schachogi: the white Wieher jumps b1-c3-d5, takes on e7 (it must promote there) and,
#: promoted (one step forward like a gold general), takes the Pflöck on e8.
SCHACHOGI_LINE = ["b1c3", "h7h6", "c3d5", "h6h5", "d5e7+", "h5h4", "e7e8"]


def table_moves(page: Any, base: str, table_id: int) -> list[dict[str, Any]]:
    """The legal moves (notation and click path) the server offers this page's player."""
    data: dict[str, Any] = page.request.get(f"{base}/api/tables/{table_id}").json()
    moves: list[dict[str, Any]] = data["state"]["moves"]
    return moves


def click_move(page: Any, path: list[str]) -> None:
    """Click a move's whole click path and wait until the server has played it."""
    _, ply = table_state(page)
    for target in path:
        click_and_wait(page, f'.play [data-id="{target}"]')
    page.wait_for_function(
        f"() => Number(document.querySelector('.play').dataset.ply) > {ply}"
        " || document.querySelector('.play').dataset.status !== 'running'"
    )


def by_first_targets(page: Any, base: str, table_id: int) -> int:
    return play_to_the_end(page)


def by_the_schachogi_line(page: Any, base: str, table_id: int) -> int:
    clicks = 0
    for notation in SCHACHOGI_LINE:
        move = next(m for m in table_moves(page, base, table_id) if m["notation"] == notation)
        click_move(page, move["path"])
        clicks += len(move["path"])
        if notation == SCHACHOGI_LINE[0]:
            lobby = page.context.new_page()  # a running table in the lobby: "1 move"
            lobby.goto(base + "/")
            entry = lobby.locator(".table-entry", has_text=f"#{table_id} ")
            assert "· 1 move" in entry.inner_text() and "1 moves" not in entry.inner_text()
            lobby.close()
    return clicks


def by_random_paths(page: Any, base: str, table_id: int) -> int:
    chooser = random.Random(4)
    clicks = 0
    kinds: set[str] = set()
    while table_state(page)[0] == "running":
        assert clicks < 1000, "the game did not end"
        move = chooser.choice(table_moves(page, base, table_id))
        kinds.update(t.partition(":")[0] for t in move["path"] if ":" in t)
        click_move(page, move["path"])
        clicks += len(move["path"])
    assert {"hand", "button"} <= kinds  # cards played and buttons pressed on the way
    return clicks


PLAYERS: dict[str, Callable[[Any, str, int], int]] = {
    "ostseeschach": by_first_targets,
    "schachogi": by_the_schachogi_line,
    "hase-und-igel": by_random_paths,
    "okard": by_first_targets,
}


@pytest.mark.parametrize("game", list(PLAYERS))
def test_a_whole_game_by_clicking(web: ServerProcess, context: Any, game: str) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    started = time.monotonic()
    table_id = create_table(page, web.url, game, "here", seed="4", **OPTIONS[game])
    assert table_state(page) == ("running", 0)
    clicks = PLAYERS[game](page, web.url, table_id)
    status, ply = table_state(page)
    assert status == "over" and ply > 0
    if game == "ostseeschach":
        assert ply <= 60
    if game == "schachogi":
        assert ply == len(SCHACHOGI_LINE)
        assert "White wins: the Pflöck was captured" in page.locator(".outcome").inner_text()
    outcome = page.locator(".outcome")
    assert outcome.is_visible()
    stored = web.get(f"/api/records/{table_id}")
    assert stored["status"] == "finished" and stored["plies"] == ply
    # the end says why, in the game's own words for the stored reason code
    reasons = web.get(f"/api/games/{game}/words?lang=en")["reasons"]
    assert reasons[stored["reason"]] in outcome.inner_text()
    assert not errors
    print(f"{game}: {clicks} clicks, {ply} plies in {time.monotonic() - started:.1f}s")
    shot(page, f"table-over-{game}-desktop")
