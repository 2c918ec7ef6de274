"""Ctrl-C and a closed output pipe, sent to a real `spieltisch` process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.cli.run import child_env, start_job


def test_ctrl_c_stops_a_match_with_workers_at_once(tmp_path: Path) -> None:
    process = start_job(
        *("match", "ostseeschach"),
        *("alphabeta:depth=6", "alphabeta:depth=6", "--games", "4", "--workers", "2"),
        *("--out", str(tmp_path / "m")),
    )
    try:
        assert process.stdout is not None
        header = process.stdout.readline()  # printed just before the workers start
        assert "4 games" in header
        time.sleep(1.0)
        assert process.poll() is None
        os.killpg(process.pid, signal.SIGINT)  # what Ctrl-C sends: the whole group
        sent = time.monotonic()
        _, stderr = process.communicate(timeout=10)
        elapsed = time.monotonic() - sent
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 130, stderr
    assert stderr.strip().splitlines()[-1] == "interrupted"
    assert "Traceback" not in stderr
    assert elapsed < 2.5


def test_a_closed_pipe_ends_quietly() -> None:
    result = subprocess.run(
        f"{sys.executable} -m spieltisch perft ostseeschach 2 --seed 1 --divide | head -1",
        shell=True,
        capture_output=True,
        text=True,
        env=child_env(),
        timeout=60,
        check=False,
    )
    assert result.stderr == ""
    assert result.stdout.count("\n") == 1
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the first line is written
    try:
        closed = subprocess.run(
            [sys.executable, "-m", "spieltisch", "show", "okard"],
            stdout=write,
            stderr=subprocess.PIPE,
            env=child_env(),
            timeout=60,
            check=False,
        )
    finally:
        os.close(write)
    assert closed.stderr == b""
    assert closed.returncode == 141
