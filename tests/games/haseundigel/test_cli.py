"""The generic CLI on Hase und Igel: show, perft (also from the official XML), play."""

from __future__ import annotations

from click.testing import CliRunner

from spieltisch.cli import main
from spieltisch.games.haseundigel.moves import parse_move
from spieltisch.games.haseundigel.xml import memento_to_room_xml

from .helpers import GAME


def test_show_prints_board_and_position() -> None:
    result = CliRunner().invoke(main, ["show", "hase-und-igel", "--seed", "3"])
    assert result.exit_code == 0
    last = result.output.strip().splitlines()[-1]
    assert last == f"position: {GAME.new_state(3).text()}"


def test_perft_from_official_xml() -> None:
    state = GAME.new_state()
    state.play(parse_move("advance 2"))
    state.play(parse_move("advance 1, card TAKE_OR_DROP_CARROTS 20"))
    xml = memento_to_room_xml(state, "ROOM", ("Alice", "Bob"))
    result = CliRunner().invoke(main, ["perft", "hase-und-igel", "3", "--position", xml])
    assert result.exit_code == 0
    assert result.output.strip().splitlines()[-1] == "2428"
    text = CliRunner().invoke(main, ["perft", "hase-und-igel", "3", "--position", state.text()])
    assert text.output.strip().splitlines()[-1] == "2428"


def test_bad_position_is_one_error_line_and_status_2() -> None:
    for bad in ("nonsense", "<state", "canonical 0 0/68/5/TEHF/- 0/68/5/TEHF/-"):
        result = CliRunner().invoke(main, ["perft", "hase-und-igel", "1", "--position", bad])
        assert result.exit_code == 2
        assert result.output.strip().startswith("error: ")
        assert len(result.output.strip().splitlines()) == 1


def test_play_reads_moves_from_stdin() -> None:
    lines = "moves\nadvance 2\nadvance 1\nquit\n"
    start = GAME.new_state().text()
    result = CliRunner().invoke(
        main,
        ["play", "hase-und-igel", "--position", start, "--opponent", "human"],
        input=lines,
    )
    assert result.exit_code == 0
    assert "advance 1, card EAT_SALAD" in result.output  # the `moves` listing
    assert "red: field 2 (carrot), carrots 65" in result.output
    assert "not played: MUST_PLAY_CARD" in result.output  # blue onto hare 1 without a card
    assert result.output.strip().endswith("bye")
