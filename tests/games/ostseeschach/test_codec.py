"""Ostseeschach's competition codec (`Game.competition()`): the 2022 server's XML."""

from __future__ import annotations

import pytest

from spieltisch.core.competition import CompetitionCodec
from spieltisch.games.ostseeschach.game import Ostseeschach
from spieltisch.games.ostseeschach.moves import Move
from spieltisch.games.ostseeschach.state import OstseeschachState
from spieltisch.games.ostseeschach.xml import result_to_room_xml, state_to_xml
from tests.games import codec_checks

GAME = Ostseeschach()


def codec() -> CompetitionCodec[OstseeschachState, Move]:
    return GAME.competition()  # checked by mypy against the protocol


def finished(seed: int) -> OstseeschachState:
    return codec_checks.finished(GAME, seed)


def test_the_codec_reads_and_writes_states_and_moves() -> None:
    assert codec().game_type == "swc_2022_ostseeschach"
    bad_move = "<move><from x='0' y='0'/></move>"
    codec_checks.check_reads_and_writes(codec(), GAME.new_state(4), 4, state_to_xml, bad_move)


def test_the_result_of_a_finished_game() -> None:
    for seed in range(6):
        state = finished(seed)
        outcome = state.outcome()
        assert outcome is not None
        names = ["Siegpunkte", "Bernsteine", "Leichtfiguren Vorne"]
        result = codec_checks.check_result_frame(codec(), state, names, ["ONE", "TWO"])
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
