"""Hase und Igel's competition codec (`Game.competition()`): the 2018 server's XML."""

from __future__ import annotations

import random

import pytest

from spieltisch.core.competition import CompetitionCodec
from spieltisch.core.errors import NotationError
from spieltisch.games.haseundigel.game import HaseUndIgel
from spieltisch.games.haseundigel.moves import Move
from spieltisch.games.haseundigel.state import HaseUndIgelState
from spieltisch.games.haseundigel.xml import memento_to_room_xml, move_to_room_xml, state_to_xml

GAME = HaseUndIgel()
GOAL_TEXT = "Das Spiel ist beendet.\nEin Spieler ist im Ziel"


def codec() -> CompetitionCodec[HaseUndIgelState, Move]:
    return GAME.competition()  # checked by mypy against the protocol


def finished(seed: int) -> HaseUndIgelState:
    rng = random.Random(seed)
    state = GAME.new_state(seed)
    while not state.is_over():
        state.play(state.random_move(rng))
    return state


def test_the_codec_reads_and_writes_states_and_moves() -> None:
    xml = codec()
    assert xml.game_type == "swc_2018_hase_und_igel"
    rng = random.Random(8)
    state = GAME.new_state(8)
    for _ in range(12):
        text = xml.state_to_xml(state)
        assert text == state_to_xml(state)
        assert xml.state_from_xml(text) == state
        assert xml.state_from_xml(xml.state_to_xml(state, memento=True)) == state
        move = state.random_move(rng)
        assert xml.move_from_xml(xml.move_to_xml(move)) == move
        state.play(move)
    with pytest.raises(NotationError):
        xml.move_from_xml("<move><jump order='0'/></move>")


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
        result = codec().result(state)
        assert [f.name for f in result.definition] == ["Gewinner", "∅ Feldnummer", "∅ Karotten"]
        assert [f.aggregation for f in result.definition] == ["SUM", "AVERAGE", "AVERAGE"]
        assert [s.team for s in result.scores] == ["RED", "BLUE"]
        assert (result.scores[0].parts, result.scores[1].parts) == outcome.scores
        assert result.winner == outcome.winner
        assert result.winner_team == ("RED", "BLUE")[outcome.winner or 0]
        reason = result.scores[0].reason
        assert reason in (GOAL_TEXT, "Das Rundenlimit wurde erreicht.")
        assert (reason == GOAL_TEXT) == (outcome.reason == "GOAL_REACHED")


def test_no_result_while_the_game_goes_on() -> None:
    with pytest.raises(ValueError, match="not over"):
        codec().result(GAME.new_state())
