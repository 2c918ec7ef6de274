"""Bad input through the real command: one line `error: …`, status 2, a short quote."""

from __future__ import annotations

import codecs
import json
from pathlib import Path

import pytest

import spieltisch
from spieltisch.games.ostseeschach.xml import state_to_xml
from tests.cli.run import assert_one_error_line, run


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["play", "ostseeschach", "--seat", "2"], "'--seat': 2 is out of range (0..1)"),
        (["match", "ostseeschach", "random", "random", "--games", "0"], "(1..1000000)"),
        (["perft", "ostseeschach", "-1"], "'DEPTH'"),
        (["perft", "ostseeschach", "1" + "0" * 5000], "'DEPTH'"),
        (["show", "ostseeschach", "--seed", "9" * 100], "'--seed'"),
        (["show", "ostseeschach", "--nosuch"], "No such option"),
        (["nosuchcommand"], "No such command"),
        (["show"], "Missing argument"),
        (["match", "ostseeschach", "alphabeta:depth=10**100", "random"], "1..64"),
        (["match", "ostseeschach", "mcts:c=nan", "random"], "0..100"),
        (["match", "ostseeschach", "mcts:time=inf", "random"], "0.001..86400"),
        (["match", "ostseeschach", "random", "random", "--time-per-move", "nan"], "0.001..86400"),
        (["match", "ostseeschach", "random", "random", "--time-per-move", "1e400"], "86400"),
        (["play", "ostseeschach", "--ai", "x" * 100_000], "at most 200 characters"),
        (["show", "ostseeschach", "--position", "M" * 100_000], "error: "),
    ],
)
def test_usage_and_value_errors_are_one_line(args: list[str], expected: str) -> None:
    assert expected in assert_one_error_line(run(*args))


def test_position_files_in_any_marked_encoding(tmp_path: Path) -> None:
    state = spieltisch.load("ostseeschach").new_state(12)
    xml = state_to_xml(state, memento=True)
    bom_xml = tmp_path / "bom.xml"
    bom_xml.write_bytes(codecs.BOM_UTF8 + xml.encode("utf-8"))
    utf16 = tmp_path / "utf16.txt"
    utf16.write_bytes(state.text().encode("utf-16"))
    for path in (bom_xml, utf16):
        result = run("show", "ostseeschach", "--position-file", str(path))
        assert result.returncode == 0, result.stderr
        assert f"position: {state.text()}" in result.stdout


def test_bad_position_files(tmp_path: Path) -> None:
    latin = tmp_path / "latin1.txt"
    latin.write_bytes("M......m ü".encode("latin-1"))
    line = assert_one_error_line(run("show", "ostseeschach", "--position-file", str(latin)))
    assert "not UTF-8" in line and "byte 10 (0xfc)" in line
    line = assert_one_error_line(run("show", "ostseeschach", "--position-file", str(tmp_path)))
    assert "is a directory" in line
    huge = tmp_path / "huge.txt"
    huge.write_text("M" * 50_000_000, encoding="utf-8")
    assert_one_error_line(run("perft", "ostseeschach", "1", "--position-file", str(huge)))


def _record(tmp_path: Path) -> dict[str, object]:
    path = tmp_path / "game.json"
    result = run(
        "play", "okard", "--seed", "2", "--save", str(path), stdin="PI K\nPI -\nPL K e1\nquit\n"
    )
    assert result.returncode == 0, result.stderr
    data: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_replay_of_malformed_records(tmp_path: Path) -> None:
    good = _record(tmp_path)
    moves = good["moves"]
    assert isinstance(moves, list) and moves
    cases = {
        "moves-not-strings": {**good, "moves": [1, 2]},
        "moves-null": {**good, "moves": None},
        "one-player": {**good, "players": ["human"]},
        "bad-seconds": {**good, "seconds": [-1] * len(moves)},
        "huge-seed": {**good, "seed": 10**40},
        "huge-move": {**good, "moves": ["PI " + "K" * 1_000_000]},
    }
    for name, data in cases.items():
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        line = assert_one_error_line(run("replay", str(path), "--to-end"))
        assert "record" in line, name
    utf16 = tmp_path / "utf16.json"
    utf16.write_bytes(json.dumps(good).encode("utf-16"))
    shown = run("replay", str(utf16), "--to-end")
    assert shown.returncode == 0, shown.stderr
    assert "is a directory" in assert_one_error_line(run("replay", str(tmp_path)))


def test_a_huge_move_in_play_is_not_repeated(tmp_path: Path) -> None:
    result = run(
        "play", "ostseeschach", "--seed", "1", stdin="a" * 1_000_000 + "\nquit\n", cwd=tmp_path
    )
    assert result.returncode == 0
    assert "not read: a line has at most 1000 characters" in result.stdout
    assert "a" * 200 not in result.stdout
