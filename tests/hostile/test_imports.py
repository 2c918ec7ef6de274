"""Doctored game records against a real server (issue 22, finding 8 and the hostile
suite): an import is replayed through the rules, its result must be the one its moves
reach, its seats are plain names, and it is never rated, never on a leaderboard and
never a live table; a legitimate game goes on at the same time, undisturbed."""

from __future__ import annotations

import json
import urllib.error
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

import spieltisch
from spieltisch.tables import Seat, Table
from tests.server.client import TableClient
from tests.serverproc import ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path_factory.mktemp("imports") / "games.db")
    process.start()
    try:
        yield process
    finally:
        process.stop()


def played(game: str = "ostseeschach", seed: int = 4) -> dict[str, Any]:
    """A game played to its end by the rules (first legal moves), as a record."""
    table = Table(
        spieltisch.load(game), [Seat.person("Mallory", "a"), Seat.person("Trent", "b")], seed=seed
    )
    table.start()
    while table.turn is not None:
        table.play(table.turn, str(table.state.legal_moves()[0]))
    assert table.record.finished
    data: dict[str, Any] = json.loads(table.record.to_json())
    return data


def post(server: ServerProcess, record: dict[str, Any] | str) -> tuple[int, Any]:
    status, answer, _ = server.post(
        "/api/records/import", record if isinstance(record, str) else json.dumps(record)
    )
    return status, answer


def rated_names(server: ServerProcess, game: str = "ostseeschach") -> set[str]:
    board = server.get(f"/api/ratings/{game}")
    return {r["name"] for r in board["bradley_terry"]} | {r["name"] for r in board["live"]}


class Bystander:
    """A legitimate game on the same server, a move after every hostile request."""

    def __init__(self, server: ServerProcess) -> None:
        status, answer, cookie = server.post(
            "/api/tables", {"game": "okard", "opponent": "here", "options": {"board": "8"}}
        )
        assert status == 200
        self.client = TableClient(server, answer["id"], cookie)
        self.moves: list[str] = []

    def move(self) -> None:
        table = self.client.table
        if table["status"] != "running":
            return
        notation = table["state"]["moves"][0]["notation"]
        answer = self.client.move(notation)
        assert answer["type"] == "table", answer
        self.moves = answer["moves"]

    def close(self) -> None:
        self.client.close()


def test_a_claimed_result_without_the_moves_is_refused(server: ServerProcess) -> None:
    """Finding 8: a "finished" record with no moves and any winner counted on the
    public leaderboard."""
    record = played()
    record.update(moves=[], seconds=[], winner=0, reason="CHECKMATE", players=["Eve", "Bob"])
    status, answer = post(server, record)
    assert status == 400 and "do not end the game" in answer["error"], answer
    assert "Eve" not in rated_names(server)


def test_doctored_results_are_refused_with_the_reason(server: ServerProcess) -> None:
    bystander = Bystander(server)
    genuine = played()
    winner = genuine["winner"]
    doctored: list[tuple[dict[str, Any], str]] = [
        ({"winner": None if winner is not None else 0}, "moves reach"),
        ({"winner": 1 - winner if winner is not None else 1}, "moves reach"),
        ({"reason": "TIME_FORFEIT_OF_THE_MOON"}, "end the game by"),
        ({"scores": [[99], [0]]}, "scores"),
        ({"moves": [*genuine["moves"][:-1], "zz9"], "seconds": []}, "move"),
        ({"finished": False}, "not finished"),
        ({"finished": True, "moves": genuine["moves"][:3], "seconds": []}, "do not end"),
    ]
    for change, reason in doctored:
        status, answer = post(server, {**genuine, **change})
        assert status == 400 and reason in answer["error"], (change, answer)
        bystander.move()
    for name in ("m\ud800", "a\x00b", "\u202eevil", "x" * 500):
        status, answer = post(server, {**genuine, "players": [name, "Trent"]})
        assert status == 400 and "players" in answer["error"], (name, answer)
        bystander.move()
    assert len(bystander.moves) >= 10
    bystander.close()


def test_a_genuine_import_is_kept_but_never_rated_nor_a_table(server: ServerProcess) -> None:
    bystander = Bystander(server)
    genuine = played(seed=8)
    genuine["players"] = ["  Ann   Smith ", "Zed"]
    genuine["meta"] = {
        "kinds": ["ai:native:threads=8,hash=2048,time=20", "bot:x"],
        "seats": [{}, {}],
        "holders": ["a" * 64, "b" * 64],
        "chance_seed": 3,
        "abandoned": "no",
    }
    status, answer = post(server, genuine)
    assert status == 200 and answer["imported"] is True, answer
    game_id = answer["id"]
    bystander.move()
    stored = server.get(f"/api/records/{game_id}")
    assert stored["imported"] is True and stored["status"] == "finished"
    assert stored["winner"] == genuine["winner"] and stored["reason"] == genuine["reason"]
    assert stored["players"] == [
        {"name": "Ann Smith", "kind": "imported"},
        {"name": "Zed", "kind": "imported"},
    ]
    assert [m["notation"] for m in stored["moves"]] == genuine["moves"]
    assert not {"Ann Smith", "Zed"} & rated_names(server)
    with pytest.raises(urllib.error.HTTPError) as refused:
        server.get(f"/api/tables/{game_id}")
    assert refused.value.code == 404
    url = server.url.replace("http://", "ws://") + f"/ws/tables/{game_id}"
    with pytest.raises((InvalidStatus, ConnectionClosed)), connect(url) as sock:  # no table
        sock.recv(10)
    # it can be replayed and analysed
    assert server.get(f"/api/records/{game_id}/view?ply=2")["ply"] == 2
    status, result, _ = server.post("/api/analysis", {"game_id": game_id, "ply": 2})
    assert status == 200 and result["line"], result
    bystander.move()
    bystander.close()


def test_a_resignation_is_kept_without_its_result(server: ServerProcess) -> None:
    record = played()
    record.update(moves=record["moves"][:4], seconds=[], winner=1, reason="RESIGNATION")
    record["scores"] = [[], []]
    status, answer = post(server, record)
    assert status == 200 and "cannot be checked" in answer["note"], answer
    stored = server.get(f"/api/records/{answer['id']}")
    assert stored["status"] == "abandoned" and stored["winner"] is None
    assert stored["reason"] == "imported without a result"


def test_unreadable_uploads_are_refused(server: ServerProcess) -> None:
    for body in ("", "[]", "{", '{"format": "spieltisch-record/1"}', "\udcff", "9" * 5000):
        try:
            status, answer = post(server, body.encode("utf-8", "surrogatepass").decode("latin-1"))
        except UnicodeEncodeError:
            continue
        assert status == 400 and answer["error"], (body[:20], answer)


def test_a_restart_never_resumes_an_import(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "games.db")
    server.start()
    try:
        record = played()
        record.update(moves=record["moves"][:3], seconds=[], winner=None, reason="")
        record["finished"] = False
        record["scores"] = [[], []]
        status, answer = post(server, record)
        assert status == 200
        server.restart()
        assert answer["id"] not in [t["id"] for t in server.get("/api/tables")["running"]]
        assert server.get(f"/api/records/{answer['id']}")["status"] == "abandoned"
    finally:
        server.stop()
