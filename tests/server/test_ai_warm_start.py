"""The AI's first worker starts with the server (`ai_workers_start = "at-start"`, the
default), so the first AI move after a restart does not wait seconds for a worker to
import the games; with "on-demand" no worker runs before the first question."""

from __future__ import annotations

import time
from pathlib import Path

from tests.server.client import TableClient
from tests.serverproc import ServerProcess


def _workers_within(server: ServerProcess, seconds: float) -> list[int]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = server.searches()
        if found:
            return found
        time.sleep(0.1)
    return []


def test_a_worker_is_started_with_the_server_and_answers_the_first_move(
    tmp_path: Path,
) -> None:
    server = ServerProcess(tmp_path / "games.db", env={"SPIELTISCH_AI_WORKERS_START": "at-start"})
    server.start()
    try:
        (worker,) = _workers_within(server, 20)  # before any table or question
        _, answer, me = server.post(
            "/api/tables", {"game": "schachogi", "opponent": "ai", "level": "easy", "seat": 1}
        )
        client = TableClient(server, answer["id"], me)
        table = client.until(lambda t: t["ply"] >= 1)
        assert table["status"] == "running"
        client.close()
        assert server.searches() == [worker]  # the same worker played it
    finally:
        server.stop()


def test_on_demand_starts_no_worker_before_the_first_question(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "games.db", env={"SPIELTISCH_AI_WORKERS_START": "on-demand"})
    server.start()
    try:
        assert _workers_within(server, 2) == []
    finally:
        server.stop()
