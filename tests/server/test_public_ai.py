"""The AI of a public server, through a real `spieltisch serve` (issue 22): only the
server's levels ever run (finding 1), no more searches at once than the host allows,
long-lived workers instead of a process per move (finding 12), and no engine analysis
of a game in progress (finding 11)."""

from __future__ import annotations

import contextlib
import json
import os
import threading
import time
import urllib.error
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

import spieltisch
from spieltisch.store import Store
from tests.server.client import TableClient
from tests.serverproc import ServerProcess

#: The agent spec of finding 1: 8 threads, 2 GB of hash, 20 s.
BIG = "native:threads=8,hash=2048,time=20"


@contextlib.contextmanager
def environment(**values: str) -> Iterator[None]:
    """SPIELTISCH_* variables for a server started inside (its settings)."""
    saved = {key: os.environ.get(key) for key in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path / "games.db")
    with environment(SPIELTISCH_AI_WORKERS="1", SPIELTISCH_AI_MAX_SECONDS="3"):
        process.start()
    try:
        yield process
    finally:
        process.stop()


def status_of(server: ServerProcess, path: str) -> tuple[int, Any]:
    try:
        return 200, server.get(path)
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"null")


def first_move(game: str, seed: int) -> str:
    state = spieltisch.load(game).new_state(seed)
    return str(state.legal_moves()[0])


def hostile_record(seats: Any) -> str:
    """An unfinished Ostseeschach record whose AI seat (to move) names an agent spec,
    with a seat token so that the old server resumed it as a running table."""
    return json.dumps(
        {
            "format": "spieltisch-record/1",
            "game": "ostseeschach",
            "options": "",
            "start": "",
            "seed": 5,
            "players": ["me", "big"],
            "moves": [first_move("ostseeschach", 5)],
            "seconds": [],
            "winner": None,
            "reason": "",
            "scores": [[], []],
            "finished": False,
            "meta": {"seats": seats, "holders": ["a" * 64, None]},
        }
    )


def test_an_imported_record_never_runs_its_agent_spec(server: ServerProcess) -> None:
    """Finding 1: the imported seat's spec became a running table's AI (8 threads, 2 GB)."""
    seats = [
        {"kind": "person", "name": "me", "agent": None},
        {"kind": "ai", "name": "big", "agent": BIG},
    ]
    status, answer, _ = server.post("/api/records/import", hostile_record(seats))
    assert status == 200, answer
    game_id = answer["id"]
    code, table = status_of(server, f"/api/tables/{game_id}")
    assert code == 404 and "imported" in table["error"], table
    # nor can a bot take the imported game's free seat through the bot lobby
    with connect(server.url.replace("http://", "ws://") + "/ws/bot") as bot:
        bot.send(json.dumps({"type": "join", "table": str(game_id), "name": "robo"}))
        reply = json.loads(bot.recv(20))
        assert reply["type"] == "error", reply
    time.sleep(1.0)
    assert server.searches() == [], "no AI search runs for an imported record"
    stored = server.get(f"/api/records/{game_id}")
    assert stored["imported"] is True and stored["status"] == "abandoned"
    assert stored["players"] == [
        {"name": "me", "kind": "imported"},
        {"name": "big", "kind": "imported"},
    ]
    with __import__("urllib.request").request.urlopen(
        f"{server.url}/api/records/{game_id}/export"
    ) as response:
        meta = json.loads(response.read())["meta"]
    assert "seats" not in meta and BIG not in json.dumps(meta)


def test_malformed_seats_are_no_server_error(server: ServerProcess) -> None:
    """Finding 1: `meta.seats` of `[{}, {}]` gave a 500 on `GET /api/tables/ID`."""
    status, answer, _ = server.post("/api/records/import", hostile_record([{}, {}]))
    assert status == 200, answer
    code, table = status_of(server, f"/api/tables/{answer['id']}")
    assert code == 404 and table["error"]
    # a stored game (not an import) whose seats cannot be read: an answer, not a 500
    store = Store.open(server.db)
    try:
        game_id = store.create_game("ostseeschach", ["a", "b"], seed=2, meta={"seats": [{}, {}]})
    finally:
        store.close()
    code, table = status_of(server, f"/api/tables/{game_id}")
    assert code == 400 and "meta.seats" in table["error"], table


def test_no_more_searches_at_once_than_the_host_allows(server: ServerProcess) -> None:
    """Finding 1: nothing capped how many AI searches ran at once (here: one worker)."""
    for _ in range(3):
        status, answer, _ = server.post(
            "/api/tables", {"game": "schachogi", "opponent": "ai", "level": "max", "seat": 1}
        )
        assert status == 200, answer
    most = 0
    deadline = time.monotonic() + 4
    while time.monotonic() < deadline:
        most = max(most, len(server.searches()))
        time.sleep(0.05)
    assert most == 1


def test_ai_moves_come_from_one_long_lived_worker(server: ServerProcess) -> None:
    """Finding 12: each AI move started a new interpreter."""
    status, answer, me = server.post(
        "/api/tables",
        {"game": "okard", "opponent": "ai", "level": "random", "options": {"board": "8"}},
    )
    assert status == 200
    client = TableClient(server, answer["id"], me)
    workers: list[list[int]] = []
    for _ in range(4):
        table = client.until(lambda t: t["your_turn"] or t["status"] != "running")
        if table["status"] != "running":
            break
        client.move(table["state"]["moves"][0]["notation"])
        client.until(lambda t: t["your_turn"] or t["status"] != "running")
        workers.append(server.searches())
    client.close()
    assert len(workers) >= 3
    assert all(found == workers[0] for found in workers) and len(workers[0]) == 1, workers


def test_no_engine_analysis_of_a_game_in_progress(server: ServerProcess) -> None:
    """Finding 11: `POST /api/analysis` gave the best line of a live game's position."""
    status, answer, me = server.post(
        "/api/tables", {"game": "ostseeschach", "opponent": "here", "seed": 21}
    )
    table_id = answer["id"]
    client = TableClient(server, table_id, me)
    for _ in range(2):
        client.move(client.table["state"]["moves"][0]["notation"])
    position = client.table["position"]
    game = spieltisch.load("ostseeschach")
    state = game.parse(position)
    state.play(state.legal_moves()[-1])
    ahead = state.text()  # a candidate move of the player to move
    questions: list[dict[str, Any]] = [
        {"game_id": table_id},
        {"game_id": table_id, "ply": 0},
        {"game": "ostseeschach", "position": position},
        {"game": "ostseeschach", "position": ahead},
        {"game": "ostseeschach", "position": game.new_state(21).text()},  # an earlier one
    ]
    for question in questions:
        status, refused, _ = server.post("/api/analysis", question)
        assert status == 403 and "in progress" in refused["error"], (question, refused)
    # a position of no running game is open
    other = game.new_state(22).text()
    status, result, _ = server.post("/api/analysis", {"game": "ostseeschach", "position": other})
    assert status == 200 and result["line"], result
    client.send(type="resign")  # the game ends: its analysis opens
    client.until(lambda t: t["status"] == "over")
    client.close()
    for question in questions[:3]:
        status, result, _ = server.post("/api/analysis", question)
        assert status == 200 and result["line"], (question, result)


def test_a_full_ai_queue_is_a_json_503(tmp_path: Path) -> None:
    """Past the AI service's queue an analysis is refused at once, not queued forever."""
    process = ServerProcess(tmp_path / "games.db")
    with environment(SPIELTISCH_AI_WORKERS="1", SPIELTISCH_AI_QUEUE="1"):
        process.start()
    try:
        game = spieltisch.load("ostseeschach")
        bodies = [{"game": "ostseeschach", "position": game.new_state(s).text()} for s in range(5)]
        answers: list[tuple[int, Any]] = []

        def ask(body: dict[str, Any]) -> None:
            status, answer, _ = process.post("/api/analysis", body)
            answers.append((status, answer))

        threads = [threading.Thread(target=ask, args=(body,)) for body in bodies]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        statuses = sorted(status for status, _ in answers)
        assert len(statuses) == 5 and 200 in statuses and 503 in statuses, answers
        assert all("busy" in answer["error"] for status, answer in answers if status == 503)
    finally:
        process.stop()
