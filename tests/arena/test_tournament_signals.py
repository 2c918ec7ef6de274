"""Ctrl-C sent to a real `spieltisch tournament` with worker processes: it stops at once
with status 130, and `--resume` plays exactly the games that had not finished."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from spieltisch.store import Store
from tests.cli.run import run, start_job


def test_ctrl_c_then_resume(tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    process = start_job(
        *("tournament", "schachogi"),
        *("-p", "a=random", "-p", "b=ab:depth=1", "-p", "c=ab:depth=4"),
        *("--games-per-pair", "2", "--workers", "2", "--db", db),
    )
    try:
        assert process.stdout is not None
        assert "tournament 1:" in process.stdout.readline()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # until some but not all games are stored
            with Store.open(db) as store:
                if store.count_games() >= 2:
                    break
            time.sleep(0.2)
        os.killpg(process.pid, signal.SIGINT)
        sent = time.monotonic()
        _, stderr = process.communicate(timeout=20)
        elapsed = time.monotonic() - sent
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 130, stderr
    assert "interrupted" in stderr and "Traceback" not in stderr
    assert elapsed < 10
    with Store.open(db) as store:
        before = {g.number: g.game_id for g in store.scheduled_games(1) if g.played}
    assert 2 <= len(before) < 6
    resumed = run("tournament", "schachogi", "--resume", "1", "--db", db)
    assert resumed.returncode == 0, resumed.stderr
    assert f"{6 - len(before)} games in" in resumed.stdout
    with Store.open(db) as store:
        schedule = store.scheduled_games(1)
        assert all(g.played for g in schedule)
        assert {g.number: g.game_id for g in schedule if g.number in before} == before
        assert store.count_games() == 6
