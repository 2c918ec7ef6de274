"""`show` and `perft` with `--setup`: a position set up by hand, read through
`Game.parse(reachable=False)`, in a real process."""

from __future__ import annotations

from pathlib import Path

from tests.cli.run import assert_one_error_line, run

#: The official tests' set-up: nobody has moved, yet red is on 63 and blue on 61.
HAND_MADE = "canonical 0 63/1/0/TEHF/- 61/0/0/TEHF/- -"


def test_perft_refuses_an_unreachable_position_without_setup() -> None:
    line = assert_one_error_line(run("perft", "hase-und-igel", "2", "--position", HAND_MADE))
    assert "NOT_MOVED" in line


def test_perft_and_show_read_it_with_setup(tmp_path: Path) -> None:
    result = run("perft", "hase-und-igel", "2", "--setup", "--position", HAND_MADE)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "5"
    path = tmp_path / "position.txt"
    path.write_text(HAND_MADE + "\n", encoding="utf-8")
    result = run("show", "hase-und-igel", "--setup", "--position-file", str(path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.rstrip().endswith(HAND_MADE.removeprefix("canonical"))


def test_setup_still_refuses_what_the_engine_cannot_play() -> None:
    two = "PP6/8/8/8/8/8/8/4p3 w 0 1"  # two White Pflöcks
    line = assert_one_error_line(run("show", "schachogi", "--setup", "--position", two))
    assert "Pflöcks" in line


def test_setup_needs_a_position() -> None:
    line = assert_one_error_line(run("show", "okard", "--setup"))
    assert "--setup" in line
