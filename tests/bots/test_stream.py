"""The XML stream splitter: packets whatever the chunks, bounded, no DTD."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spieltisch.bots.stream import PacketSplitter, StreamError

STREAM = (
    b'<?xml version="1.0" encoding="UTF-8"?>\n<protocol>\n'
    b'<join gameType="swc_2022_ostseeschach"/>\n'
    b"<!-- a comment with <tags> inside -->\n"
    b'<room roomId="r1">\n  <data class="move">\n    <from x="0" y="1"/>\n'
    b'    <to x="1" y="2"/>\n  </data>\n</room>\n'
    b'<room roomId="r&gt;1"><data class="x" a="a &gt; b / c"><![CDATA[ </room> ]]></data></room>'
    b"</protocol>"
)


def test_packets_of_a_stream() -> None:
    splitter = PacketSplitter()
    packets = splitter.feed(STREAM)
    assert [p[:6] for p in packets] == [b"<join ", b"<room ", b"<room "]
    assert packets[1].endswith(b"</room>")
    assert b"CDATA" in packets[2]
    assert splitter.closed


@settings(max_examples=40)
@given(st.lists(st.integers(1, len(STREAM)), max_size=12))
def test_packets_whatever_the_chunks(cuts: list[int]) -> None:
    splitter = PacketSplitter()
    packets = []
    last = 0
    for cut in sorted(cuts):
        packets += splitter.feed(STREAM[last:cut])
        last = cut
    packets += splitter.feed(STREAM[last:])
    assert packets == PacketSplitter().feed(STREAM)


def test_a_packet_beyond_the_limit() -> None:
    splitter = PacketSplitter(limit=1000)
    splitter.feed(b"<protocol><room>")
    with pytest.raises(StreamError, match="longer than 1000 bytes"):
        for _ in range(20):
            splitter.feed(b"<a/>" * 20)


def test_a_doctype_is_refused() -> None:
    with pytest.raises(StreamError, match="document type"):
        PacketSplitter().feed(b'<protocol><!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>')


def test_a_packet_without_protocol() -> None:
    assert PacketSplitter().feed(b"<join/><joinRoom roomId='1'/>") == [
        b"<join/>",
        b"<joinRoom roomId='1'/>",
    ]
