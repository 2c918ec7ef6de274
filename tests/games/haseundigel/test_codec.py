"""Hase und Igel's competition codec (`Game.competition()`): the 2018 server's XML."""

from __future__ import annotations

import pytest

from spieltisch.core.competition import CompetitionCodec
from spieltisch.games.haseundigel.game import HaseUndIgel
from spieltisch.games.haseundigel.moves import Move
from spieltisch.games.haseundigel.state import HaseUndIgelState
from spieltisch.games.haseundigel.xml import memento_to_room_xml, move_to_room_xml, state_to_xml
from tests.games import codec_checks

GAME = HaseUndIgel()
GOAL_TEXT = "Das Spiel ist beendet.\nEin Spieler ist im Ziel"


def codec() -> CompetitionCodec[HaseUndIgelState, Move]:
    return GAME.competition()  # checked by mypy against the protocol


def finished(seed: int) -> HaseUndIgelState:
    return codec_checks.finished(GAME, seed)


def test_the_codec_reads_and_writes_states_and_moves() -> None:
    assert codec().game_type == "swc_2018_hase_und_igel"
    bad_move = "<move><jump order='0'/></move>"
    codec_checks.check_reads_and_writes(codec(), GAME.new_state(8), 8, state_to_xml, bad_move)


def test_room_packets_are_written_as_before() -> None:
    state = GAME.new_state()
    move = state.legal_moves()[0]
    assert move_to_room_xml(move, "ROOM").split("\n") == [
        '<room roomId="ROOM">',
        '  <data class="move">',
        *("  " + line for line in codec().move_to_xml(move).split("\n")[1:-1]),
        "  </data>",
        "</room>",
    ]
    packet = memento_to_room_xml(state, "ROOM").split("\n")
    assert packet[:3] == [
        '<room roomId="ROOM">',
        '  <data class="memento">',
        '    <state class="state" turn="0" startPlayer="RED" currentPlayer="RED">',
    ]
    assert packet[-2:] == ["  </data>", "</room>"]


def test_the_result_of_a_finished_game() -> None:

    for seed in range(8):
        state = finished(seed)
        outcome = state.outcome()
        assert outcome is not None
        names = ["Gewinner", "∅ Feldnummer", "∅ Karotten"]
        result = codec_checks.check_result_frame(codec(), state, names, ["RED", "BLUE"])
        assert result.winner_team == ("RED", "BLUE")[outcome.winner or 0]
        reason = result.scores[0].reason
        assert reason in (GOAL_TEXT, "Das Rundenlimit wurde erreicht.")
        assert (reason == GOAL_TEXT) == (outcome.reason == "GOAL_REACHED")


def test_no_result_while_the_game_goes_on() -> None:
    with pytest.raises(ValueError, match="not over"):
        codec().result(GAME.new_state())
