"""`spieltisch duel` through the real command, with no spieltisch on PATH (as when it is
run as `.venv/bin/spieltisch` without the virtual environment activated)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.cli.run import assert_one_error_line, child_env


def _without_spieltisch_on_path() -> dict[str, str]:
    """The child's environment with PATH cut to folders that hold no `spieltisch`."""
    folders = [
        folder
        for folder in os.environ.get("PATH", os.defpath).split(os.pathsep)
        if folder and not (Path(folder) / "spieltisch").exists()
    ]
    env = {**child_env(), "PATH": os.pathsep.join(folders)}
    assert shutil.which("spieltisch", path=env["PATH"]) is None
    return env


def _duel(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "spieltisch", "duel", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=cwd,
        env=_without_spieltisch_on_path(),
    )


def test_a_duel_finds_its_own_spieltisch_without_path(tmp_path: Path) -> None:
    bot = "spieltisch bot okard --level random --quiet"
    result = _duel(
        "okard", "--player1", bot, "--player2", bot, "--games", "1", "--db", "d.db", cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert "game 1: player1 moved first:" in result.stdout
    assert "no result" not in result.stdout
    assert (tmp_path / "d.db").is_file()


def test_a_bot_program_that_does_not_exist_is_one_error_line(tmp_path: Path) -> None:
    result = _duel(
        "okard",
        "--player1",
        "no-such-bot-program --fast",
        "--player2",
        "spieltisch bot okard --level random",
        "--db",
        "d.db",
        cwd=tmp_path,
    )
    line = assert_one_error_line(result)
    assert "'no-such-bot-program'" in line and "not on PATH" in line


def test_a_bot_command_that_cannot_be_read_is_one_error_line(tmp_path: Path) -> None:
    result = _duel(
        "okard", "--player1", "python 'unclosed", "--player2", "x", "--db", "d.db", cwd=tmp_path
    )
    assert "cannot be read" in assert_one_error_line(result)
