"""Running the `spieltisch` command as a real process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import spieltisch

#: The sources under test, first on the child's path whatever its working directory.
SOURCES = str(Path(spieltisch.__file__).resolve().parents[1])


def child_env() -> dict[str, str]:
    """The environment of a child process that imports the spieltisch under test."""
    path = os.environ.get("PYTHONPATH", "")
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (SOURCES, path) if p)}


def run(*args: str, stdin: str = "", cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """`python -m spieltisch ARGS` with `stdin` piped in, its output captured."""
    return subprocess.run(
        [sys.executable, "-m", "spieltisch", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=cwd,
        env=child_env(),
    )


def _as_a_foreground_job() -> None:
    """In the child before it runs: SIGINT as a terminal's foreground job has it (its
    default action, not blocked), whatever the test process had set for itself."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def start_job(*args: str) -> subprocess.Popen[str]:
    """`python -m spieltisch ARGS` started in a process group of its own, as a terminal's
    foreground job (so a test can send it Ctrl-C), its output piped."""
    return subprocess.Popen(
        [sys.executable, "-m", "spieltisch", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=child_env(),
        start_new_session=True,
        preexec_fn=_as_a_foreground_job,
    )


def last_moves_game(game: str, seed: int) -> list[str]:
    """The moves of a game of `game` with `seed` in which every player plays its last legal
    move, to the end: a whole game a test can type in."""
    state = spieltisch.load(game).new_state(seed)
    moves = []
    while not state.is_over():
        move = state.legal_moves()[-1]
        moves.append(str(move))
        state.play(move)
    return moves


def assert_one_error_line(result: subprocess.CompletedProcess[str]) -> str:
    """The single `error:` line of a refused command (status 2, nothing on stdout)."""
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    assert result.stdout == ""
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert len(lines[0]) <= 310
    return lines[0]
