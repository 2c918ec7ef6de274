"""Whole-game computer analysis over HTTP on a real server: a finished game is analysed
in the background (progress, then the stored result with its review), a game in
progress is refused, the queue of analyses is bounded, and the result outlives a
restart."""

from __future__ import annotations

import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.web import SHORT
from tests.server.client import TableClient
from tests.serverproc import ServerProcess
from tests.web.play import finished_game

FAST = {"SPIELTISCH_ANALYSIS_PLY_SECONDS": "0.05"}


@pytest.fixture(scope="module")
def fast(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path_factory.mktemp("analysis") / "games.db", env=FAST)
    process.start()
    try:
        yield process
    finally:
        process.stop()


def short_game(server: ServerProcess, game: str = "ostseeschach") -> int:
    options = {k: v for k, v in SHORT[game].items() if k != "position"}
    return finished_game(server, game, options, SHORT[game].get("position"))


def metrics(server: ServerProcess) -> str:
    with urllib.request.urlopen(server.url + "/metrics", timeout=10) as response:
        return str(response.read().decode())


def wait_done(server: ServerProcess, game_id: int, limit: float = 60.0) -> dict[str, Any]:
    """Poll the analysis of `game_id` until it is done (or failed); its last answer."""
    seen: list[int] = []
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        answer: dict[str, Any] = server.get(f"/api/records/{game_id}/analysis")
        if answer["status"] in ("done", "failed"):
            answer["seen"] = seen
            return answer
        seen.append(answer["done"])
        time.sleep(0.05)
    raise AssertionError(f"the analysis of game {game_id} did not end")


def test_a_finished_game_is_analysed_and_stored(fast: ServerProcess) -> None:
    game_id = short_game(fast)
    plies = fast.get(f"/api/records/{game_id}")["plies"]
    assert fast.get(f"/api/records/{game_id}/analysis")["status"] == "none"
    status, answer, _ = fast.post(f"/api/records/{game_id}/analysis", {})
    assert status == 202, answer
    assert answer["status"] in ("queued", "running") and answer["total"] == plies + 1
    done = wait_done(fast, game_id)
    assert done["status"] == "done", done
    result = done["result"]
    assert len(result["evaluations"]) == plies + 1
    assert result["unit"] == "piece" and result["expected_only"] is False
    for evaluation in result["evaluations"]:
        assert -1.0 <= evaluation["expected"] <= 1.0
    final = result["evaluations"][-1]
    record = fast.get(f"/api/records/{game_id}")
    winner = record.get("winner")
    if winner is not None:  # the result itself, from player 0's side
        assert final["expected"] == (1.0 if winner == 0 else -1.0)
    assert [m["ply"] for m in result["moves"]] == list(range(1, plies + 1))
    assert {m["player"] for m in result["moves"]} == {0, 1}
    for move in result["moves"]:
        assert move["judgement"] in (None, "inaccuracy", "mistake", "blunder")
        assert 0 <= move["accuracy"] <= 100
    for player in result["players"]:
        assert 0 <= player["accuracy"] <= 100
        assert set(player) == {"accuracy", "inaccuracy", "mistake", "blunder"}
    # asked again: the stored result at once
    status, again, _ = fast.post(f"/api/records/{game_id}/analysis", {})
    assert status == 200 and again["result"] == result


def test_a_game_in_progress_is_refused(fast: ServerProcess) -> None:
    status, answer, cookie = fast.post(
        "/api/tables", {"game": "ostseeschach", "opponent": "here", "seed": 5}
    )
    assert status == 200
    table_id = answer["id"]
    client = TableClient(fast, table_id, cookie)
    client.move(client.table["state"]["moves"][0]["notation"])
    status, refused, _ = fast.post(f"/api/records/{table_id}/analysis", {})
    assert status == 403 and "in progress" in refused["error"], refused
    assert fast.get(f"/api/records/{table_id}/analysis")["status"] == "none"
    client.send(type="resign")
    client.until(lambda t: t["status"] == "over")
    client.close()
    status, answer, _ = fast.post(f"/api/records/{table_id}/analysis", {})
    assert status == 202, answer
    assert wait_done(fast, table_id)["status"] == "done"


def test_no_such_game(fast: ServerProcess) -> None:
    status, answer, _ = fast.post("/api/records/987654/analysis", {})
    assert status == 404, answer
    with pytest.raises(urllib.error.HTTPError) as refused:
        fast.get("/api/records/987654/analysis")
    assert refused.value.code == 404


def test_the_queue_is_bounded_and_the_result_outlives_a_restart(tmp_path: Path) -> None:
    env = {"SPIELTISCH_ANALYSIS_JOBS": "1", "SPIELTISCH_ANALYSIS_PLY_SECONDS": "0.3"}
    server = ServerProcess(tmp_path / "games.db", env=env)
    server.start()
    try:
        first, second = short_game(server), short_game(server, "schachogi")
        status, answer, _ = server.post(f"/api/records/{first}/analysis", {})
        assert status == 202, answer
        status, busy, _ = server.post(f"/api/records/{second}/analysis", {})
        assert status == 503 and busy["code"] == "ANALYSIS_BUSY", busy
        assert "spieltisch_analysis_jobs 1.0" in metrics(server)
        done = wait_done(server, first)
        assert done["status"] == "done"
        assert "spieltisch_analysis_jobs 0.0" in metrics(server)
        assert any(0 < seen < done["total"] for seen in done["seen"]), "no progress shown"
        status, answer, _ = server.post(f"/api/records/{second}/analysis", {})
        assert status == 202, answer  # the queue has room again
        server.restart()
        again = server.get(f"/api/records/{first}/analysis")
        assert again["status"] == "done" and again["result"] == done["result"]
        # the second, cut off by the restart, is taken up again when asked about
        assert wait_done(server, second)["status"] == "done"
    finally:
        server.stop()
