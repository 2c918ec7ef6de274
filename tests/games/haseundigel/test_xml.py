"""The competition's XML: the protocol notes' samples, and round trips of random states."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spieltisch.core.errors import IllegalMoveError, NotationError, PositionError
from spieltisch.games.haseundigel.board import CANONICAL_2018, FIELD_NAMES
from spieltisch.games.haseundigel.moves import (
    ADVANCE,
    CARD_TAKE,
    EAT_BIT,
    FALL_BIT,
    HURRY_BIT,
    Action,
    Move,
    parse_move,
)
from spieltisch.games.haseundigel.xml import (
    memento_to_room_xml,
    move_from_xml,
    move_to_room_xml,
    move_to_xml,
    state_from_xml,
    state_to_xml,
)
from tests.helpers.haseundigel import random_state

from .helpers import GAME

CARDS = "".join(
    f"<type>{c}</type>" for c in ("TAKE_OR_DROP_CARROTS", "EAT_SALAD", "HURRY_AHEAD", "FALL_BACK")
)
BOARD = "".join(
    f'<fields index="{i}" type="{FIELD_NAMES[k]}"/>' for i, k in enumerate(CANONICAL_2018)
)
INITIAL = f"""<room roomId="ROOM">
  <data class="memento">
    <state class="state" turn="0" startPlayer="RED" currentPlayer="RED">
      <red displayName="Alice" color="RED" index="0" carrots="68" salads="5">
        <cards>{CARDS}</cards>
      </red>
      <blue displayName="Bob" color="BLUE" index="0" carrots="68" salads="5">
        <cards>{CARDS}</cards>
      </blue>
      <board>{BOARD}</board>
    </state>
  </data>
</room>"""
AFTER_RED_LINES = [
    '<red displayName="Alice" color="RED" index="2" carrots="85" salads="5">',
    "  <cards>",
    "    <type>EAT_SALAD</type>",
    "    <type>HURRY_AHEAD</type>",
    "    <type>FALL_BACK</type>",
    "  </cards>",
    '  <lastNonSkipAction class="card" order="1" type="TAKE_OR_DROP_CARROTS" value="20"/>',
    "</red>",
]
LAST_MOVE_LINES = [
    "<lastMove>",
    '  <advance order="0" distance="2"/>',
    '  <card order="1" type="TAKE_OR_DROP_CARROTS" value="20"/>',
    "</lastMove>",
]


def test_initial_memento_sample_reads_as_the_start() -> None:
    state = GAME.parse(INITIAL)
    assert state == GAME.new_state()
    assert state_from_xml(GAME, INITIAL) == state


def test_state_after_a_move_matches_the_sample_lines() -> None:
    # red: advance 2 onto a hare field (board with a hare on 2), TAKE_OR_DROP_CARROTS +20
    fields = list(CANONICAL_2018)
    fields[2] = FIELD_NAMES.index("HARE")
    state = GAME.state_on(tuple(fields))
    state.play(parse_move("advance 2, card TAKE_OR_DROP_CARROTS 20"))
    assert state.player(0).carrots == 85
    text = state_to_xml(state, memento=True, names=("Alice", "Bob"))
    lines = [line[2:] for line in text.splitlines()]
    start = lines.index(AFTER_RED_LINES[0])
    assert lines[start : start + len(AFTER_RED_LINES)] == AFTER_RED_LINES
    end = lines.index(LAST_MOVE_LINES[0])
    assert lines[end : end + len(LAST_MOVE_LINES)] == LAST_MOVE_LINES
    assert (
        text.splitlines()[0]
        == '<state class="state" turn="1" startPlayer="RED" currentPlayer="BLUE">'
    )
    order = [
        next(i for i, x in enumerate(lines) if x.startswith(tag))
        for tag in ("<red", "<blue", "<board>", "<lastMove>")
    ]
    assert order == sorted(order)
    # the hint of a sample lastMove is read and dropped
    with_hint = text.replace("</lastMove>", '  <hint content="a hint"/>\n  </lastMove>')
    assert state_from_xml(GAME, with_hint) == state


def test_move_samples() -> None:
    sample = """<room roomId="ROOM">
  <data class="move">
    <advance order="0" distance="2"/>
    <card order="1" type="TAKE_OR_DROP_CARROTS" value="20"/>
    <hint content="a hint"/>
  </data>
</room>"""
    move = move_from_xml(sample)
    assert move == Move((Action(ADVANCE, 2), Action(CARD_TAKE, 20)))
    assert move_from_xml(move_to_xml(move)) == move
    assert move_from_xml(move_to_room_xml(move, "ROOM")) == move
    assert '<card order="1" type="TAKE_OR_DROP_CARROTS" value="20"/>' in move_to_xml(move)
    for text, xml in (
        ("exchange -10", '<exchangeCarrots order="0" value="-10"/>'),
        ("eat", '<eatSalad order="0"/>'),
        ("fallback", '<fallBack order="0"/>'),
        ("skip", '<skip order="0"/>'),
        ("advance 1, card FALL_BACK", '<card order="1" type="FALL_BACK" value="0"/>'),
    ):
        assert xml in move_to_xml(parse_move(text))
        assert move_from_xml(move_to_xml(parse_move(text))) == parse_move(text)


def test_move_orders_are_sorted_and_must_be_contiguous() -> None:
    shuffled = (
        '<move><card order="1" type="EAT_SALAD" value="0"/><advance order="0" distance="1"/></move>'
    )
    assert str(move_from_xml(shuffled)) == "advance 1, card EAT_SALAD"
    gap = '<move><advance order="0" distance="1"/><card order="2" type="EAT_SALAD"/></move>'
    with pytest.raises(IllegalMoveError) as info:
        move_from_xml(gap)
    assert info.value.rule == "BAD_ORDER"


def test_bad_xml_is_a_position_or_notation_error() -> None:
    with pytest.raises(PositionError):
        GAME.parse("<state turn='0'><board/></state>")
    with pytest.raises(PositionError):
        GAME.parse("<state")
    with pytest.raises(PositionError):
        GAME.parse(INITIAL.replace('type="GOAL"', 'type="MOON"'))
    with pytest.raises(NotationError):
        move_from_xml("<move><jump order='0'/></move>")


@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=0, max_value=60))
@settings(max_examples=150, deadline=None)
def test_xml_round_trip_of_random_states(seed: int, plies: int) -> None:
    state = random_state(seed, plies)
    for text in (
        state_to_xml(state),
        state_to_xml(state, memento=True, names=("Alice", "Bob")),
        memento_to_room_xml(state, "r1"),
    ):
        again = GAME.parse(text)
        assert again == state
        assert state_to_xml(again) == state_to_xml(state)
    for move in state.legal_moves():
        assert move_from_xml(move_to_xml(move)) == move


def test_hand_order_is_the_official_one() -> None:
    # at turn 2: a player that has not moved yet holds all four cards (NOT_MOVED)
    text = INITIAL.replace(CARDS, "<type>FALL_BACK</type><type>EAT_SALAD</type>", 1)
    state = GAME.parse(text.replace('turn="0"', 'turn="2"', 1))
    assert state.player(0).cards == FALL_BIT | EAT_BIT
    assert "<type>EAT_SALAD</type>\n      <type>FALL_BACK</type>" in state_to_xml(state)
    assert not state.player(0).cards & HURRY_BIT
