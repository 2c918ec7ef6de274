"""The store is the truth (issue 22, findings 2, 7 and 9), shown on real `spieltisch serve`
and `spieltisch server` processes with a real PostgreSQL server and real SQLite files:
a move is acknowledged only once stored, a store outage or lock refuses moves with a
clear error (JSON 503 over HTTP) while the server keeps answering, and it recovers by
itself; `kill -9` loses no acknowledged move; crashed bot games end with their reason
and are never open tables; a restart rebuilds only the live games."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update
from websockets.sync.client import connect

from spieltisch.store import Player, Store
from spieltisch.store.models import GameRow
from tests.server.client import TableClient
from tests.serverproc import ROOT, ServerProcess, free_port
from tests.store.conftest import new_database
from tests.store.postgres import Server


def _first(client: TableClient) -> str:
    notation: str = client.table["state"]["moves"][0]["notation"]
    return notation


def _stored(server: ServerProcess, game_id: int) -> list[str]:
    detail = server.get(f"/api/records/{game_id}")
    return [move["notation"] for move in detail["moves"]]


def _play(client: TableClient, count: int, acknowledged: list[str]) -> None:
    for _ in range(count):
        notation = _first(client)
        answer = client.move(notation)
        assert answer["type"] == "table", answer
        acknowledged.append(notation)


def test_a_postgresql_outage_refuses_moves_and_the_server_recovers(postgres: Server) -> None:
    server = ServerProcess(new_database(postgres.url()))
    server.start()
    try:
        _, answer, me = server.post("/api/tables", {"game": "schachogi", "opponent": "here"})
        game_id = answer["id"]
        client = TableClient(server, game_id, me)
        acknowledged: list[str] = []
        _play(client, 3, acknowledged)
        _, answer, _ = server.post(
            "/api/tables", {"game": "schachogi", "level": "random", "seed": 3}, me
        )
        ai_id = answer["id"]
        versus_ai = TableClient(server, ai_id, me)
        versus_ai.move(_first(versus_ai))
        versus_ai.until(lambda t: t["your_turn"])  # the AI answered

        postgres.pause()
        refused = client.move(_first(client))
        assert refused["type"] == "error" and refused["rule"] == "NOT_SAVED"
        assert "database is unavailable" in refused["message"]
        # the table is its stored game: the refused move is not on it
        assert server.get(f"/api/tables/{game_id}")["moves"] == acknowledged
        status, created, _ = server.post("/api/tables", {"game": "schachogi"}, me)
        assert status == 503 and "database is unavailable" in created["error"]
        assert server.get("/api/tables")["running"]  # what needs no database still answers
        second = client.move(_first(client))
        assert second["type"] == "error" and second["rule"] == "NOT_SAVED"
        assert versus_ai.move(_first(versus_ai)).get("rule") == "NOT_SAVED"

        postgres.resume()
        deadline = time.monotonic() + 30
        while True:  # no restart of spieltisch: it reconnects by itself
            notation = _first(client)
            answer = client.move(notation)
            if answer["type"] == "table":
                acknowledged.append(notation)
                break
            assert time.monotonic() < deadline, answer
            time.sleep(0.5)
        _play(client, 2, acknowledged)
        client.close()
        assert _stored(server, game_id) == acknowledged
        status, _, _ = server.post("/api/tables", {"game": "schachogi"}, me)
        assert status == 200
        # the game against the AI goes on too, the table equal to its stored game
        assert versus_ai.move(_first(versus_ai))["type"] == "table"
        played = versus_ai.until(lambda t: t["your_turn"] and t["ply"] >= 4)["moves"]
        versus_ai.close()
        assert _stored(server, ai_id) == played
    finally:
        server.stop()


LOCKER = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=0)
connection.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
sys.stdin.read()
connection.execute("ROLLBACK")
"""


def test_a_sqlite_file_locked_by_another_process_refuses_the_move_not_the_server(
    tmp_path: Path,
) -> None:
    db = tmp_path / "games.db"
    server = ServerProcess(db)
    server.start()
    try:
        _, answer, me = server.post("/api/tables", {"game": "schachogi", "opponent": "here"})
        game_id = answer["id"]
        client = TableClient(server, game_id, me)
        acknowledged: list[str] = []
        _play(client, 2, acknowledged)
        locker = subprocess.Popen(
            [sys.executable, "-c", LOCKER, str(db)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        try:
            assert locker.stdout is not None and locker.stdout.readline() == b"locked\n"
            client.send(type="move", notation=_first(client))
            # the server answers others while the move waits for the lock, off the loop
            assert server.get("/api/tables")["running"]
            assert server.get(f"/api/records/{game_id}")["plies"] == 2
            with pytest.raises(TimeoutError):
                client.socket.recv(0)  # the move is not acknowledged meanwhile
            refused = client.receive("error")
            assert refused["rule"] == "NOT_SAVED" and "locked" in refused["message"]
            assert server.get(f"/api/tables/{game_id}")["moves"] == acknowledged
        finally:
            assert locker.stdin is not None
            locker.stdin.close()
            locker.wait(10)
        _play(client, 2, acknowledged)  # the lock is gone: moves are stored again
        client.close()
        assert _stored(server, game_id) == acknowledged
    finally:
        server.stop()


class LineClient:
    """A JSON bot over TCP (one object per line)."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=20)
        self.stream = self.sock.makefile("rwb")

    def send(self, **message: Any) -> None:
        self.stream.write(json.dumps(message).encode() + b"\n")
        self.stream.flush()

    def until(self, *kinds: str) -> dict[str, Any]:
        while True:
            line = self.stream.readline()
            if not line:
                raise EOFError("the server closed the connection")
            message: dict[str, Any] = json.loads(line)
            if message["type"] in kinds:
                return message

    def close(self) -> None:
        self.stream.close()
        self.sock.close()


def _bot_server(db: Path, port: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "spieltisch", "server", "--port", str(port), "--db", str(db)]
    process = subprocess.Popen(
        [*command, "--soft-timeout", "60", "--hard-timeout", "120"],
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the bot server did not start")


def _seated_pair(port: int) -> tuple[LineClient, LineClient]:
    """Two JSON bots at one new Schachogi table of the bot server on `port`."""
    white, black = LineClient(port), LineClient(port)
    white.send(type="join", game="schachogi", name="white")
    joined = white.until("joined")
    black.send(type="join", table=joined["table"], name="black")
    black.until("joined")
    return white, black


def test_kill_9_of_the_bot_server_mid_game(tmp_path: Path) -> None:
    db = tmp_path / "bots.db"
    port = free_port()
    process = _bot_server(db, port)
    try:
        white, black = _seated_pair(port)
        clients, turn, acknowledged = [white, black], 0, []
        request = white.until("move_request")
        for _ in range(4):
            move = request["legal"][0]
            clients[turn].send(type="move", move=move)
            turn = 1 - turn
            request = clients[turn].until("move_request")  # the move is acknowledged
            acknowledged.append(move)
        process.kill()
        process.wait(10)
        white.close()
        black.close()
        process = _bot_server(db, port)  # the restart ends the crashed game
        with Store.open(db) as store:
            (game,) = store.list_games()
            stored = store.game(game.id)
        assert (stored.status, stored.reason) == ("abandoned", "aborted: server restart")
        assert [move.notation for move in stored.moves] == acknowledged
    finally:
        process.kill()
        process.wait(10)


def test_kill_9_of_serve_mid_game_and_its_bot_games(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "games.db")
    server.start()
    try:
        _, answer, me = server.post("/api/tables", {"game": "okard", "opponent": "here"})
        game_id = answer["id"]
        client = TableClient(server, game_id, me)
        acknowledged: list[str] = []
        _play(client, 5, acknowledged)
        bot_url = server.url.replace("http://", "ws://") + "/ws/bot"
        with connect(bot_url) as waiting:
            waiting.send(json.dumps({"type": "join", "game": "schachogi", "name": "lonely bot"}))
            while (message := json.loads(waiting.recv(20)))["type"] != "joined":
                pass
            bot_table = int(message["table"])
            assert bot_table in [t["id"] for t in server.get("/api/tables")["open"]]
            server.kill()
        server.start()
        lobby = server.get("/api/tables")
        assert bot_table not in [t["id"] for t in lobby["open"] + lobby["running"]]
        crashed = server.get(f"/api/records/{bot_table}")
        assert (crashed["status"], crashed["reason"]) == ("abandoned", "aborted: server restart")
        assert _stored(server, game_id) == acknowledged
        client = TableClient(server, game_id, me)
        assert client.table["moves"] == acknowledged and client.table["status"] == "running"
        _play(client, 1, acknowledged)
        client.close()
    finally:
        server.stop()


def _stale_games(db: Path, count: int) -> tuple[list[int], int]:
    """`count` waiting tables from two hours ago and one live game, as the hub stores
    them; (the stale ids, the live id)."""
    with Store.open(db) as store:
        meta = {
            "seats": [
                {"kind": "person", "name": "you", "agent": None},
                {"kind": "person", "name": "", "agent": None},
            ],
            "holders": ["token", None],
        }
        players = [Player("you", "person"), Player("?", "person")]
        stale = [store.create_game("schachogi", players, seed=n, meta=meta) for n in range(count)]
        meta = {**meta, "holders": ["token", "other"]}
        live = store.create_game("schachogi", players, seed=1, meta=meta)
        with store.engine.begin() as connection:
            old = datetime.now(UTC) - timedelta(hours=2)
            connection.execute(update(GameRow).where(GameRow.id.in_(stale)).values(updated_at=old))
    return stale, live


def test_a_restart_rebuilds_only_the_live_games(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    stale, live = _stale_games(db, 120)
    server = ServerProcess(db)
    server.start()
    try:
        assert server.get("/api/stats")["tables"] == 1
        lobby = server.get("/api/tables")
        assert [t["id"] for t in lobby["open"]] == [] and [t["id"] for t in lobby["running"]] == [
            live
        ]
        ended = server.get(f"/api/records/{stale[0]}")
        assert (ended["status"], ended["reason"]) == (
            "abandoned",
            "expired: nobody took the free seat",
        )
    finally:
        server.stop()


def test_waiting_tables_expire_and_games_nobody_moves_in_are_aborted(tmp_path: Path) -> None:
    env = {"SPIELTISCH_WAITING_SECONDS": "1", "SPIELTISCH_ABORT_SECONDS": "2"}
    server = ServerProcess(tmp_path / "games.db", env=env)
    server.start()
    try:
        _, waiting, me = server.post("/api/tables", {"game": "schachogi", "opponent": "link"})
        _, idle, _ = server.post("/api/tables", {"game": "schachogi", "opponent": "here"}, me)
        assert waiting["id"] in [t["id"] for t in server.get("/api/tables")["open"]]
        deadline = time.monotonic() + 20
        while server.get(f"/api/records/{idle['id']}")["status"] == "running":
            assert time.monotonic() < deadline
            time.sleep(0.3)
        assert server.get(f"/api/records/{idle['id']}")["reason"] == "aborted: no move"
        expired = server.get(f"/api/records/{waiting['id']}")
        assert (expired["status"], expired["reason"]) == (
            "abandoned",
            "expired: nobody took the free seat",
        )
        assert server.get("/api/tables")["open"] == []
    finally:
        server.stop()


def test_the_player_still_there_can_claim_the_win(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "games.db", env={"SPIELTISCH_CLAIM_SECONDS": "1"})
    server.start()
    try:
        _, answer, ann = server.post("/api/tables", {"game": "schachogi", "opponent": "link"})
        game_id = answer["id"]
        _, _, bob = server.post(f"/api/tables/{game_id}/join", {"name": "bob"})
        first, second = TableClient(server, game_id, ann), TableClient(server, game_id, bob)
        first.until(lambda t: t["status"] == "running")
        assert first.move(_first(first))["type"] == "table"
        second.until(lambda t: t["your_turn"])
        assert second.move(_first(second))["type"] == "table"
        first.send(type="claim")
        assert first.receive("error")["rule"] == "NO_CLAIM"  # bob is still there
        second.close()
        assert first.until(lambda t: t["can_claim"])["status"] == "running"
        first.send(type="claim")
        over = first.until(lambda t: t["status"] == "over")
        assert over["outcome"]["winner"] == 0 and over["outcome"]["reason"] == "LEFT"
        first.close()
        stored = server.get(f"/api/records/{game_id}")
        assert (stored["status"], stored["winner"], stored["reason"]) == ("finished", 0, "LEFT")
    finally:
        server.stop()


def test_a_player_has_a_bounded_number_of_open_tables(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "games.db", env={"SPIELTISCH_OPEN_TABLES_PER_PLAYER": "3"})
    server.start()
    try:
        _, _, me = server.post("/api/tables", {"game": "schachogi", "opponent": "link"})
        for _ in range(2):
            status, _, _ = server.post("/api/tables", {"game": "schachogi", "opponent": "link"}, me)
            assert status == 200
        status, answer, _ = server.post("/api/tables", {"game": "okard", "opponent": "link"}, me)
        assert status == 429 and "at most 3" in answer["error"]
        # a game against the AI is not an open table; another player is not limited
        status, _, _ = server.post("/api/tables", {"game": "okard", "level": "random"}, me)
        assert status == 200
        status, _, _ = server.post("/api/tables", {"game": "okard", "opponent": "link"})
        assert status == 200
        assert len(server.get("/api/tables")["open"]) == 4
    finally:
        server.stop()


def test_a_bot_move_the_store_cannot_keep_is_asked_for_again(tmp_path: Path) -> None:
    db = tmp_path / "bots.db"
    port = free_port()
    process = _bot_server(db, port)
    try:
        white, black = _seated_pair(port)
        request = white.until("move_request")
        first = request["legal"][0]
        white.send(type="move", move=first)
        request = black.until("move_request")
        locker = subprocess.Popen(
            [sys.executable, "-c", LOCKER, str(db)], stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )
        try:
            assert locker.stdout is not None and locker.stdout.readline() == b"locked\n"
            black.send(type="move", move=request["legal"][0])
            error = black.until("error")
            assert error["rule"] == "NOT_SAVED" and "locked" in error["message"]
            again = black.until("move_request")
            assert again["ply"] == request["ply"]  # the same move is asked for again
        finally:
            assert locker.stdin is not None
            locker.stdin.close()
            locker.wait(10)
        second = again["legal"][-1]
        black.send(type="move", move=second)
        white.until("move_request")
        white.close()
        black.close()
        with Store.open(db) as store:
            (game,) = store.list_games()
            assert [move.notation for move in store.game(game.id).moves] == [first, second]
    finally:
        process.kill()
        process.wait(10)
