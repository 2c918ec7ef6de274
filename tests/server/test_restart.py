"""Restarting the server loses no game: running tables come back from the store with
their seats, and play goes on (the AI's too)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from tests.server.client import TableClient
from tests.serverproc import ROOT, ServerProcess


def test_running_games_survive_a_restart(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "games.db")
    server.start()
    try:
        _, answer, me = server.post(
            "/api/tables", {"game": "schachogi", "opponent": "here", "seed": 1}
        )
        here = answer["id"]
        _, answer, _ = server.post(
            "/api/tables",
            {"game": "okard", "opponent": "ai", "level": "random", "options": {"board": "8"}},
            me,
        )
        versus_ai = answer["id"]
        client = TableClient(server, here, me)
        for _ in range(3):
            client.move(client.table["state"]["moves"][0]["notation"])
        moves = client.table["moves"]
        client.close()
        server.restart()
        assert {t["id"] for t in server.get("/api/tables")["running"]} >= {here, versus_ai}
        client = TableClient(server, here, me)
        assert client.table["moves"] == moves and client.table["held"] == [0, 1]
        answer = client.move(client.table["state"]["moves"][0]["notation"])
        assert answer["type"] == "table" and len(answer["moves"]) == 4
        client.close()
        # a stranger is still only a spectator, and the AI game plays on
        stranger = TableClient(server, versus_ai, None)
        assert stranger.table["held"] == []
        stranger.close()
        mine = TableClient(server, versus_ai, me)
        assert mine.table["held"] == [0] and mine.table["your_turn"]
        mine.move(mine.table["state"]["moves"][0]["notation"])
        mine.close()
    finally:
        server.stop()


def test_an_unwatched_tables_ai_stops_thinking(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "games.db", "--idle-grace", "0.5")
    server.start()
    try:
        before = set(server.searches())
        assert not before
        _, answer, me = server.post(
            "/api/tables", {"game": "schachogi", "opponent": "ai", "level": "max", "seat": 1}
        )
        client = TableClient(server, answer["id"], me)
        thinking = client.until(lambda t: t["thinking"])
        assert thinking["thinking_seat"] == 0
        searching = set(server.searches()) - before
        assert searching, "the AI searches in a process of its own"
        client.close()  # nobody watches: after the grace the search is cancelled
        deadline = time.monotonic() + 10
        while set(server.searches()) & searching and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not set(server.searches()) & searching
        assert not server.get(f"/api/tables/{answer['id']}")["thinking"]
        client = TableClient(server, answer["id"], me)  # back: the AI thinks again
        assert client.until(lambda t: t["thinking"])["thinking_seat"] == 0
        client.close()
    finally:
        server.stop()


def test_serve_with_a_store_it_cannot_open_is_one_error_line(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "spieltisch", "serve", "--db", str(tmp_path / "no" / "x.db")],
        capture_output=True,
        text=True,
        timeout=60,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 2
    assert done.stderr.startswith("error: the database") and done.stderr.count("\n") == 1
