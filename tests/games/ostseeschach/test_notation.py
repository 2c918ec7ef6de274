"""Round trips of position text, XML and move notation (hypothesis), and bad input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spieltisch.core import NotationError, PositionError
from spieltisch.games.ostseeschach import OstseeschachState
from spieltisch.games.ostseeschach.moves import MOVES, Move, parse_move
from spieltisch.games.ostseeschach.xml import (
    memento_to_room_xml,
    move_from_xml,
    move_to_room_xml,
    move_to_xml,
    state_from_xml,
    state_to_xml,
)

from .support import game, played_states, reachable_positions

on_board_moves = st.builds(lambda s, d: MOVES[s][d], st.integers(0, 63), st.integers(0, 63))
any_moves = st.one_of(on_board_moves, st.builds(Move, *[st.integers(-20, 20) for _ in range(4)]))


@st.composite
def states(draw: st.DrawFn) -> OstseeschachState:
    """Free positions that the position readers accept (`support.reachable_positions`:
    random boards within the piece counts, ambers the turn allows, a fitting last move)."""
    return OstseeschachState(game(), *draw(reachable_positions()))


@given(states() | played_states())
@settings(max_examples=300)
def test_position_text_round_trips(state: OstseeschachState) -> None:
    text = state.text()
    again = game().parse(text)
    assert again == state and again.text() == text
    assert again.legal_moves() == state.legal_moves()


@given(states() | played_states(), st.booleans())
@settings(max_examples=300)
def test_state_xml_round_trips(state: OstseeschachState, memento: bool) -> None:
    xml = state_to_xml(state, memento=memento)
    again = state_from_xml(game(), xml)
    assert again.board == state.board
    assert (again.turn, again.ambers, again.last_move) == (
        state.turn,
        state.ambers,
        state.last_move,
    )
    assert game().parse(xml) == state
    assert state_to_xml(again, memento=memento) == xml


@given(played_states())
@settings(max_examples=50)
def test_memento_room_packet_parses(state: OstseeschachState) -> None:
    assert game().parse(memento_to_room_xml(state, "room-1")) == state


@given(any_moves)
def test_move_notation_round_trips(move: Move) -> None:
    assert parse_move(str(move)) == move
    assert move_from_xml(move_to_xml(move)) == move
    assert move_from_xml(move_to_room_xml(move, "r")) == move


def test_move_notation_forms() -> None:
    assert str(parse_move("a1b3")) == "a1b3"
    assert parse_move("a1-b3") == parse_move("(0,0)(1,2)") == parse_move(" (0, 0) -> (1, 2) ")
    assert str(Move(0, 7, 17, 5)) == "(0,7)(17,5)"


@pytest.mark.parametrize("text", ["", "a9b3", "a1", "z1a1", "(0,0)", "(a,b)(1,2)"])
def test_bad_move_text(text: str) -> None:
    with pytest.raises(NotationError):
        parse_move(text)


START = game().from_start_line("RHMSSMHR").text()


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "4 fields"),
        ("R......r 0 0:0 -", "8 ranks"),
        (START.replace("R......r", "R.....r", 1), "7 squares"),
        (START.replace("R......r", "R.......r", 1), "more than 8"),
        (START.replace("R......r", "X......r", 1), "unknown piece letter 'X'"),
        (START.replace("R......r", "R3.....r", 1), "tower height 3"),
        (START.replace(" 0 0:0 -", " x 0:0 -"), "turn"),
        (START.replace(" 0 0:0 -", " 0 1-0 -"), "ambers"),
        (START.replace(" 0 0:0 -", " 0 0:0 zz"), "last move"),
    ],
)
def test_bad_position_text(text: str, fragment: str) -> None:
    with pytest.raises(PositionError) as caught:
        game().parse(text)
    assert fragment in str(caught.value)


def test_bad_position_text_names_the_character() -> None:
    text = START.replace("S......s", "S..?...s", 1)
    with pytest.raises(PositionError) as caught:
        game().parse(text)
    assert caught.value.position == text.index("?")
    assert f"character {text.index('?') + 1}" in str(caught.value)


@pytest.mark.parametrize(
    ("xml", "fragment"),
    [
        ("<state", "not well-formed"),
        ("<foo/>", "no <state>"),
        ('<state turn="x"><board/></state>', "whole number"),
        ("<state><board/></state>", "lacks the attribute turn"),
        ('<state turn="0"></state>', "no <board>"),
        (
            '<state turn="0"><board><pieces><entry><coordinates x="9" y="0"/>'
            '<piece type="Robbe" team="ONE" count="1"/></entry></pieces></board></state>',
            "off the board",
        ),
        (
            '<state turn="0"><board><pieces><entry><coordinates x="1" y="0"/>'
            '<piece type="Wal" team="ONE" count="1"/></entry></pieces></board></state>',
            "unknown piece type",
        ),
        (
            '<state turn="0"><board><pieces><entry><coordinates x="1" y="0"/>'
            '<piece type="Robbe" team="ONE" count="3"/></entry></pieces></board></state>',
            "stack of 3",
        ),
        (
            '<state turn="0"><startTeam class="team">TWO</startTeam><board/></state>',
            "start team",
        ),
    ],
)
def test_bad_state_xml(xml: str, fragment: str) -> None:
    with pytest.raises(PositionError) as caught:
        game().parse(xml)
    assert fragment in str(caught.value)


@given(played_states())
@settings(max_examples=100)
def test_hash_key_matches_a_fresh_one_along_a_game(state: OstseeschachState) -> None:
    assert state.hash_key() == game().parse(state.text()).hash_key()
    keys = []
    while state.history():
        keys.append(state.hash_key())
        state.undo()
        assert state.hash_key() == game().parse(state.text()).hash_key()
    assert len(set(keys)) == len(keys)  # no collision along one game
