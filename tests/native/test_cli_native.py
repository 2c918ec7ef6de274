"""`spieltisch perft GAME DEPTH --engine native|python`, run as a real process."""

from __future__ import annotations

import subprocess
import sys

import spieltisch
from spieltisch.core import divide


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "spieltisch", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_native_perft_prints_the_count_last() -> None:
    text = "R......r/H......h/M......m/S......s/S......s/M......m/H......h/R......r 0 0:0 -"
    result = run("perft", "ostseeschach", "5", "--position", text, "--engine", "native")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "1133652"


def test_native_divide_matches_the_python_engine() -> None:
    native = run("perft", "ostseeschach", "3", "--seed", "2", "--divide", "--engine", "native")
    python = run("perft", "ostseeschach", "3", "--seed", "2", "--divide", "--engine", "python")
    assert native.returncode == 0, native.stderr
    assert native.stdout == python.stdout
    state = spieltisch.load("ostseeschach").new_state(2)
    assert native.stdout.splitlines()[:-1] == [f"{m}: {n}" for m, n in divide(state, 3)]


def test_options_without_native_engine_are_one_error_line() -> None:
    result = run("perft", "schachogi", "1", "-o", "repetitions=0", "--engine", "native")
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("error: ") and "does not play these options" in lines[0]


def test_native_okard_perft_with_options_matches_the_python_engine() -> None:
    args = ("perft", "okard", "4", "-o", "board=8", "-o", "ap=round", "--divide")
    native = run(*args, "--engine", "native")
    python = run(*args, "--engine", "python")
    assert native.returncode == 0, native.stderr
    assert native.stdout == python.stdout


def test_bad_position_is_one_error_line() -> None:
    result = run("perft", "ostseeschach", "2", "--position", "x y", "--engine", "native")
    assert result.returncode == 2
    assert result.stderr.startswith("error: ")
