"""The `spieltisch` command, run as a real process."""

from __future__ import annotations

from pathlib import Path

import pytest

import spieltisch
from spieltisch.core import perft
from spieltisch.games.ostseeschach.xml import state_to_xml
from tests.cli.run import last_moves_game, run


def test_games_lists_every_registered_game() -> None:
    result = run("games")
    assert result.returncode == 0
    listed = [line.split()[0] for line in result.stdout.splitlines() if line and line[0] != " "]
    assert listed == spieltisch.game_names()


@pytest.mark.parametrize("command", [[], ["games"], ["show"], ["play"], ["perft"]])
def test_help_everywhere(command: list[str]) -> None:
    result = run(*command, "--help")
    assert result.returncode == 0
    assert "Usage:" in result.stdout


def test_show_prints_board_and_position() -> None:
    result = run("show", "ostseeschach", "--seed", "4")
    assert result.returncode == 0
    state = spieltisch.load("ostseeschach").new_state(4)
    assert state.render() in result.stdout
    assert f"position: {state.text()}" in result.stdout


def test_perft_on_an_official_start_state_xml(tmp_path: Path) -> None:
    state = spieltisch.load("ostseeschach").new_state(12)
    path = tmp_path / "state.xml"
    path.write_text(state_to_xml(state, memento=True), encoding="utf-8")
    result = run("perft", "ostseeschach", "5", "--position-file", str(path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == str(perft(state, 5))


def test_perft_depth_5_of_a_fixed_start_line() -> None:
    text = spieltisch.load("ostseeschach").from_start_line("RHMSSMHR").text()  # type: ignore[attr-defined]
    result = run("perft", "ostseeschach", "5", "--position", text)
    assert result.returncode == 0
    assert result.stdout.splitlines()[-1] == "1133652"


def test_perft_divide_sums_to_the_last_line() -> None:
    result = run("perft", "ostseeschach", "3", "--seed", "2", "--divide")
    lines = result.stdout.splitlines()
    rows = dict(line.rsplit(": ", 1) for line in lines[:-1])
    state = spieltisch.load("ostseeschach").new_state(2)
    assert sorted(rows) == sorted(str(move) for move in state.legal_moves())
    for move in state.legal_moves():
        state.push(move)
        assert int(rows[str(move)]) == perft(state, 2)
        state.undo()
    assert sum(int(count) for count in rows.values()) == int(lines[-1])


@pytest.mark.parametrize(
    "args",
    [
        ["perft", "ostseeschach", "2", "--position", "not a position"],
        ["perft", "ostseeschach", "2", "--position", "<state turn='1'>"],
        ["show", "ostseeschach", "--position", "<state/>"],
        ["perft", "ostseeschach", "2", "--position-file", "/nonexistent/state.xml"],
        ["perft", "nosuchgame", "2"],
        ["show", "ostseeschach", "-o", "nosuch=1"],
    ],
)
def test_bad_input_gives_one_error_line_and_status_2(args: list[str]) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stdout == ""
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: ")


def test_play_against_random_with_piped_moves(tmp_path: Path) -> None:
    state = spieltisch.load("ostseeschach").new_state(3)
    first = state.legal_moves()[0]
    result = run(
        *("play", "ostseeschach", "--seed", "3", "--save", str(tmp_path / "g.json")),
        stdin=f"moves\nz9z9\n{first}\nundo\nquit\n",
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert str(first) in out
    assert "not played:" in out
    assert "blue plays" in out
    assert out.rstrip().endswith("bye")


def test_play_human_against_human_to_the_end(tmp_path: Path) -> None:
    moves = last_moves_game("ostseeschach", 8)
    result = run(
        *("play", "ostseeschach", "--seed", "8", "--opponent", "human"),
        *("--save", str(tmp_path / "g.json"), "--db", str(tmp_path / "s.db")),
        stdin="\n".join(moves) + "\n",
    )
    assert result.returncode == 0, result.stderr
    assert "game over:" in result.stdout
