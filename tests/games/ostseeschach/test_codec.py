"""Ostseeschach's competition codec (`Game.competition()`): the 2022 server's XML."""

from __future__ import annotations

import random

import pytest

from spieltisch.core.competition import CompetitionCodec
from spieltisch.core.errors import NotationError
from spieltisch.games.ostseeschach.game import Ostseeschach
from spieltisch.games.ostseeschach.moves import Move
from spieltisch.games.ostseeschach.state import OstseeschachState
from spieltisch.games.ostseeschach.xml import result_to_room_xml, state_to_xml

GAME = Ostseeschach()


def codec() -> CompetitionCodec[OstseeschachState, Move]:
    return GAME.competition()  # checked by mypy against the protocol


def finished(seed: int) -> OstseeschachState:
    rng = random.Random(seed)
    state = GAME.new_state(seed)
    while not state.is_over():
        state.play(state.random_move(rng))
    return state


def test_the_codec_reads_and_writes_states_and_moves() -> None:
    xml = codec()
    assert xml.game_type == "swc_2022_ostseeschach"
    rng = random.Random(4)
    state = GAME.new_state(4)
    for _ in range(12):
        text = xml.state_to_xml(state)
        assert text == state_to_xml(state)
        assert xml.state_from_xml(text) == state
        assert xml.state_from_xml(xml.state_to_xml(state, memento=True)) == state
        move = state.random_move(rng)
        assert xml.move_from_xml(xml.move_to_xml(move)) == move
        state.play(move)
    with pytest.raises(NotationError):
        xml.move_from_xml("<move><from x='0' y='0'/></move>")


def test_the_result_of_a_finished_game() -> None:
    for seed in range(6):
        state = finished(seed)
        outcome = state.outcome()
        assert outcome is not None
        result = codec().result(state)
        assert [f.name for f in result.definition] == [
            "Siegpunkte",
            "Bernsteine",
            "Leichtfiguren Vorne",
        ]
        assert [f.aggregation for f in result.definition] == ["SUM", "AVERAGE", "AVERAGE"]
        assert [s.team for s in result.scores] == ["ONE", "TWO"]
        assert (result.scores[0].parts, result.scores[1].parts) == outcome.scores
        assert result.winner == outcome.winner
        assert result.winner_team == (
            None if outcome.winner is None else ("ONE", "TWO")[outcome.winner]
        )
        assert all(s.cause == "REGULAR" and s.reason == "" for s in result.scores)


def test_the_result_packet_has_the_protocol_shape() -> None:
    state = finished(1)
    result = codec().result(state)
    lines = result_to_room_xml(state, "R1", ("Alice", "")).split("\n")
    assert lines[:3] == ['<room roomId="R1">', '  <data class="result">', "    <definition>"]
    assert '        <player name="Alice" team="ONE"/>' in lines
    assert '        <player team="TWO"/>' in lines
    parts = [line.strip() for line in lines if line.strip().startswith("<part>")]
    assert parts == [f"<part>{p}</part>" for s in result.scores for p in s.parts]
    winner = [line.strip() for line in lines if "<winner" in line]
    assert winner == (
        [] if result.winner_team is None else [f'<winner team="{result.winner_team}"/>']
    )


def test_no_result_while_the_game_goes_on() -> None:
    with pytest.raises(ValueError, match="not over"):
        codec().result(GAME.new_state(0))
