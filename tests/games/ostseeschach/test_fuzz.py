"""Fuzz tests of every Ostseeschach reader of outside input: position text, state XML,
move text and move XML. Whatever comes in, the reader answers with the project's own
error or with something that behaves (a state that passes the API checks from there, a
move whose notation reads back); never with a Python error."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spieltisch.core.errors import NotationError, PositionError
from spieltisch.games.ostseeschach import OstseeschachState
from spieltisch.games.ostseeschach.moves import Move, parse_move
from spieltisch.games.ostseeschach.xml import move_from_xml, move_to_xml, state_to_xml
from tests.games import fuzz
from tests.games.playout import check_from

from .support import game, played_states, reachable_positions

#: Troublemakers: the common ones (`fuzz.NASTY`), more blanks and separators, XML
#: specials, and numbers far too long for `int()`.
NASTY = [
    *fuzz.NASTY,
    ":",
    " ",
    "<",
    "&",
    '"',
    "0",
    "2",
    "9" * 19,
    "9" * 5000,
    "-" + "1" * 5000,
]
pieces_of_text = (
    st.sampled_from(NASTY)
    | st.sampled_from(list("HMSRhmsr.2 /:-"))
    | st.integers(0, 70).map(str)
    | st.text(max_size=3)
)


def mutate(draw: st.DrawFn, text: str) -> str:
    """`text` with up to three mutations drawn from this game's `pieces_of_text`."""
    return fuzz.mutate(draw, text, pieces_of_text)


@st.composite
def position_texts(draw: st.DrawFn) -> str:
    source = draw(st.sampled_from(("played", "free", "random")))
    if source == "random":
        return draw(st.text(alphabet="HMSRhmsr.2/ 0123456789:-(),abcdefgh²ıſ", max_size=90))
    if source == "played":
        text = draw(played_states()).text()
    else:
        text = OstseeschachState(game(), *draw(reachable_positions())).text()
    if draw(st.booleans()):  # a number field (turn, ambers) replaced
        fields = text.split(" ")
        index = draw(st.sampled_from((1, 2, 2)))
        value = draw(pieces_of_text)
        fields[index] = value if index == 1 else draw(st.sampled_from((f"{value}:0", f"0:{value}")))
        text = " ".join(fields)
    return mutate(draw, text)


_NUMBER = re.compile(r'(?<=")-?[0-9]+(?=")|(?<=>)[0-9]+(?=<)')


@st.composite
def state_xmls(draw: st.DrawFn) -> str:
    """State XML with a number replaced by a troublemaker, or with characters mutated."""
    state = draw(played_states())
    xml = state_to_xml(state, memento=draw(st.booleans()))
    if draw(st.booleans()):
        numbers = list(_NUMBER.finditer(xml))
        found = draw(st.sampled_from(numbers))
        value = draw(st.sampled_from(NASTY) | st.integers(-10, 70).map(str))
        return xml[: found.start()] + value + xml[found.end() :]
    return mutate(draw, xml)


def _accepts(text: str) -> None:
    try:
        state = game().parse(text)
    except PositionError:
        return
    check_from(game(), state)


@given(position_texts())
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_position_text_gives_an_error_or_a_sound_state(text: str) -> None:
    _accepts(text)


@given(state_xmls())
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_state_xml_gives_an_error_or_a_sound_state(xml: str) -> None:
    _accepts(xml)


@st.composite
def move_texts(draw: st.DrawFn) -> str:
    source = draw(st.sampled_from(("mutated", "random")))
    if source == "random":
        return draw(st.text(alphabet="abcdefgh12345678()-,> x:²ı٣9", max_size=30))
    start = draw(st.sampled_from(["a1b3", "h8g6", "(0,0)(1,2)", "(-3,17)(5,5)", " a1-b3 "]))
    return mutate(draw, start)


@given(move_texts())
@settings(max_examples=300, deadline=None)
def test_move_text_gives_an_error_or_a_move_that_reads_back(text: str) -> None:
    try:
        move = parse_move(text)
    except NotationError:
        return
    assert isinstance(move, Move)
    assert parse_move(str(move)) == move
    assert move_from_xml(move_to_xml(move)) == move


@st.composite
def move_xmls(draw: st.DrawFn) -> str:
    numbers = [draw(st.integers(-20, 20)) for _ in range(4)]
    xml = move_to_xml(Move(*numbers))
    if draw(st.booleans()):
        found = draw(st.sampled_from(list(_NUMBER.finditer(xml))))
        return xml[: found.start()] + draw(pieces_of_text) + xml[found.end() :]
    return mutate(draw, xml)


@given(move_xmls())
@settings(max_examples=200, deadline=None)
def test_move_xml_gives_an_error_or_a_move_that_reads_back(xml: str) -> None:
    try:
        move = move_from_xml(xml)
    except NotationError:
        return
    assert move_from_xml(move_to_xml(move)) == move
    assert parse_move(str(move)) == move
