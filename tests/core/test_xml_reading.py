"""Reading untrusted XML: one parser for every game, refusing DTDs and entity tricks,
finding the `<state>` and the move in the protocol's wrappers, short error messages."""

from __future__ import annotations

import pytest

import spieltisch
from spieltisch.core.errors import NotationError, PositionError
from spieltisch.core.sc_xml import escape, room
from spieltisch.core.xml_reading import (
    find_move,
    find_state,
    looks_like_xml,
    read_move_element,
    read_state_element,
    read_xml,
)
from spieltisch.games.haseundigel.xml import move_from_xml as hui_move_from_xml
from spieltisch.games.ostseeschach.xml import move_from_xml as ost_move_from_xml
from spieltisch.games.ostseeschach.xml import state_to_xml

BILLION_LAUGHS = (
    '<?xml version="1.0"?>\n<!DOCTYPE state [\n <!ENTITY a "aaaaaaaaaa">\n'
    + "".join(f' <!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">\n' for i in range(4))
    + ']>\n<state turn="0"><board/>&e;</state>'
)
EXTERNAL_ENTITY = (
    '<?xml version="1.0"?>\n<!DOCTYPE state [<!ENTITY secret SYSTEM "file:///etc/passwd">]>\n'
    '<state turn="0"><board/>&secret;</state>'
)
PARAMETER_ENTITY = (
    '<!DOCTYPE state [<!ENTITY % remote SYSTEM "http://127.0.0.1:9/x.dtd"> %remote;]>'
    '<state turn="0"><board/></state>'
)
EXTERNAL_DTD = '<!DOCTYPE state SYSTEM "file:///etc/passwd"><state turn="0"><board/></state>'
EXTERNAL_MOVE = (
    '<!DOCTYPE move [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
    '<move><from x="0" y="0"/><to x="&x;" y="1"/></move>'
)
HOSTILE = [BILLION_LAUGHS, EXTERNAL_ENTITY, PARAMETER_ENTITY, EXTERNAL_DTD]


@pytest.mark.parametrize("text", HOSTILE)
@pytest.mark.parametrize("name", ["ostseeschach", "hase-und-igel"])
def test_entity_tricks_are_refused_as_position_errors(name: str, text: str) -> None:
    with pytest.raises(PositionError, match="document type declaration") as caught:
        spieltisch.load(name).parse(text)
    assert "root:" not in str(caught.value)
    assert len(str(caught.value)) < 250


@pytest.mark.parametrize("reader", [ost_move_from_xml, hui_move_from_xml])
def test_entity_tricks_in_a_move_are_notation_errors(reader: object) -> None:
    assert callable(reader)
    with pytest.raises(NotationError, match="document type declaration") as caught:
        reader(EXTERNAL_MOVE)
    assert not isinstance(caught.value, PositionError)


def test_a_byte_order_mark_before_the_xml_is_fine() -> None:
    game = spieltisch.load("ostseeschach")
    state = game.new_state(5)
    for text in ("\ufeff" + state_to_xml(state), " \n\ufeff" + state_to_xml(state, True)):
        assert looks_like_xml(text)
        assert game.parse(text) == state
    assert read_xml('\ufeff<?xml version="1.0" encoding="UTF-8"?>\n<a/>').tag == "a"
    assert not looks_like_xml("\ufeffM......m/ 0 0:0 -")


def test_malformed_xml_names_the_place_and_quotes_little() -> None:
    with pytest.raises(PositionError) as caught:
        read_state_element('<state turn="0">\n  <board>\n</state>')
    message = str(caught.value)
    assert "not well-formed XML: mismatched tag (line 3, column 3)" in message
    assert caught.value.position == len('<state turn="0">\n  <board>\n  ')
    huge = "<state>" + "x" * 1_000_000 + "<"
    with pytest.raises(PositionError) as caught:
        read_state_element(huge)
    assert len(str(caught.value)) < 250


def test_lone_surrogates_are_a_notation_error() -> None:
    with pytest.raises(NotationError, match="no valid Unicode"):
        read_move_element("<move>\ud800</move>")


def test_the_state_is_found_in_every_wrapper() -> None:
    game = spieltisch.load("ostseeschach")
    state = game.new_state(2)
    inner = state_to_xml(state, memento=True).split("\n")
    memento = ['<data class="memento">', *("  " + line for line in inner), "</data>"]
    packet = "\n".join(room("R", memento))
    for text in (
        state_to_xml(state),
        "\n".join(memento),
        packet,
        "<protocol>\n" + packet + "\n</protocol>",
    ):
        element = read_state_element(text)
        assert element.tag == "state" and element.get("turn") == "0"
        assert game.parse(text) == state
    with pytest.raises(PositionError, match=r"no <state> element in the XML \(the root is <foo>"):
        find_state(read_xml("<foo><bar/></foo>"))


def test_the_move_is_found_in_its_wrappers_only() -> None:
    move = "<from x='0' y='0'/><to x='1' y='1'/>"
    for text in (
        f"<move>{move}</move>",
        f"<data class='move'>{move}</data>",
        f"<room roomId='r'><data class='move'>{move}</data></room>",
    ):
        assert read_move_element(text).find("from") is not None
    with pytest.raises(NotationError, match='the room packet holds no <data class="move">'):
        read_move_element("<room roomId='r'/>")
    with pytest.raises(NotationError, match=r'found <data class="memento">'):
        read_move_element("<room roomId='r'><data class='memento'/></room>")
    with pytest.raises(NotationError, match="found <lastMove>"):
        find_move(read_xml(f"<lastMove>{move}</lastMove>"))


def test_escape_keeps_line_breaks_in_attributes() -> None:
    value = 'a "b" <c> & d\ne\tf'
    written = f'<x v="{escape(value)}"/>'
    assert "&#xa;" in written
    assert read_xml(written).get("v") == value
