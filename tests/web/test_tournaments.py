"""The tournament page (progress live while it runs, crosstable, standings, replay links),
the leaderboard and a player's page with the rating plot, in a real browser, over a store
that a tournament run in this process writes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from spieltisch.arena.jobs import LocalRunner
from spieltisch.arena.tournament import Entrant, Tournament
from spieltisch.store import Store
from tests.serverproc import ServerProcess
from tests.web.conftest import shot

PLAYERS = [Entrant("ann", "random"), Entrant("bob", "random:seed=4"), Entrant("cat", "ab:depth=1")]


@pytest.fixture(scope="module")
def arena(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, Path]]:
    db = tmp_path_factory.mktemp("arena") / "arena.db"
    with Store.open(db) as store:
        Tournament.create(store, "schachogi", PLAYERS, games_per_pair=2, seed=2).run(LocalRunner(1))
    process = ServerProcess(db)
    process.start()
    try:
        yield process, db
    finally:
        process.stop()


def test_the_api(arena: tuple[ServerProcess, Path]) -> None:
    server, _ = arena
    listed = server.get("/api/tournaments")["tournaments"]
    assert [t["format"] for t in listed] == ["round-robin"]
    detail = server.get(f"/api/tournaments/{listed[0]['id']}")
    assert detail["done"] == detail["total"] == 6
    assert sum(s["points"] for s in detail["standings"]) == 6
    assert all(g["game_id"] for g in detail["games"])
    board = server.get("/api/ratings/schachogi")
    assert {e["name"] for e in board["live"]} == {"ann", "bob", "cat"}
    assert {e["name"] for e in board["bradley_terry"]} == {"ann", "bob", "cat"}
    player = server.get("/api/players/schachogi/cat")
    assert len(player["history"]) == 4 and len(player["games"]) == 4


def test_a_tournament_page_follows_a_running_tournament(
    arena: tuple[ServerProcess, Path], context: Any
) -> None:
    server, db = arena
    with Store.open(db) as store:
        tour = Tournament.create(store, "schachogi", PLAYERS[:2], games_per_pair=4, seed=3)
        page = context.new_page()
        page.goto(f"{server.url}/#/tournament/{tour.id}")
        page.wait_for_selector("#tournament-progress")
        assert page.locator("#tournament-progress").get_attribute("value") == "0"
        tour.run(LocalRunner(1))
    page.wait_for_function(
        "() => document.querySelector('#tournament-progress').getAttribute('value') === '4'",
        timeout=20_000,
    )
    assert page.locator("table.crosstable tbody tr").count() == 2
    assert "finished" in page.locator(".progress").inner_text()
    shot(page, "tournament")
    page.locator("a.button", has_text="Replay").first.click()
    page.wait_for_selector("#ply")


def test_leaderboard_and_player_page(arena: tuple[ServerProcess, Path], context: Any) -> None:
    server, _ = arena
    page = context.new_page()
    page.goto(f"{server.url}/#/ratings/schachogi")
    page.wait_for_selector("#live-board tbody tr td a")
    assert page.locator("#bt-board tbody tr").count() == 3
    shot(page, "leaderboard")
    page.locator("#live-board a", has_text="cat").click()
    page.wait_for_selector("svg.rating-plot polyline")
    assert page.locator("#player-games tbody tr").count() >= 4
    shot(page, "player")
    page.goto(f"{server.url}/#/tournaments")
    page.wait_for_selector("table.games-table tbody tr td a")


def test_people_on_the_server_are_rated(arena: tuple[ServerProcess, Path]) -> None:
    """Accounts that both moved are rated; the same game between guests is not (issue
    22: rated games only between accounts)."""
    from tests.server.browser import Browser

    server, _ = arena
    alice, bob = Browser(server), Browser(server)
    assert alice.sign_up("alice", "alice's password")[0] == 201
    assert bob.sign_up("bob", "bob's password")[0] == 201
    guests = (Browser(server), Browser(server))
    rated = _resigned_after_both_moved(alice, bob)
    _resigned_after_both_moved(*guests, names=("carl", "dora"))
    live = {e["name"]: e for e in server.get("/api/ratings/okard")["live"]}
    assert live["alice"]["kind"] == "account" and live["alice"]["games"] == 1
    assert live["alice"]["mu"] > 25 > live["bob"]["mu"]
    assert "carl" not in live and "dora" not in live
    history = server.get("/api/players/okard/alice")["history"]
    assert [p["game_id"] for p in history] == [rated]


def _resigned_after_both_moved(first: Any, second: Any, names: tuple[str, str] = ("", "")) -> int:
    """An Okard game of `first` and `second` (browsers), each moving, then the second
    resigns; its id."""
    status, made = first.post(
        "/api/tables", {"game": "okard", "opponent": "link", "name": names[0]}
    )
    assert status == 200, made
    assert second.post(f"/api/tables/{made['id']}/join", {"name": names[1]})[0] == 200
    a, b = first.table(made["id"]), second.table(made["id"])
    try:
        a.until(lambda t: t["status"] == "running")
        while not {0, 1} <= set(a.table["movers"]):
            mover = a if a.table["your_turn"] else b
            if not mover.table["your_turn"]:
                a.receive("table")
                continue
            ply = mover.table["ply"]
            mover.move(mover.table["state"]["moves"][0]["notation"])
            a.until(lambda t, ply=ply: t["ply"] > ply)
            b.until(lambda t, ply=ply: t["ply"] > ply)
        b.send(type="resign")
        a.until(lambda t: t["status"] == "over")
    finally:
        a.close()
        b.close()
    return int(made["id"])


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/api/tournaments/abc", 400),
        ("/api/tournaments/99999", 404),
        ("/api/tournaments/99999999999999999999999", 400),
        ("/api/tournaments?game=chess", 400),
        ("/api/ratings/chess", 400),
        ("/api/players/chess/ann", 400),
        ("/api/players/okard/" + "x" * 300, 400),
    ],
)
def test_bad_requests(arena: tuple[ServerProcess, Path], path: str, status: int) -> None:
    import urllib.error

    server, _ = arena
    with pytest.raises(urllib.error.HTTPError) as refused:
        server.get(path)
    assert refused.value.code == status
    assert "error" in json.loads(refused.value.read())
