"""What the codecs give the server: the 2018 and 2022 result shapes, forfeits."""

from __future__ import annotations

from spieltisch.core.competition import Forfeit
from spieltisch.core.registry import load
from spieltisch.core.xml_reading import read_xml


def test_hase_und_igel_result_as_the_2018_server_prints_it() -> None:
    game = load("hase-und-igel")
    codec = game.competition()
    assert codec is not None
    state = game.new_state()
    state.play(state.legal_moves()[0])
    lines = codec.result_lines(state, ("Alice", "Bob"), Forfeit(1, "RULE_VIOLATION", "a\nb"))
    text = "\n".join(lines)
    assert '<score cause="RULE_VIOLATION" reason="a&#xa;b">' in text
    root = read_xml(text)
    assert [child.tag for child in root] == ["definition", "score", "score", "winner"]
    winner = root.find("winner")
    assert winner is not None and winner.get("class") == "player"
    assert (winner.get("displayName"), winner.get("color")) == ("Alice", "RED")
    assert [p.text for p in root.findall("score")[0]] == ["2", "1", str(state.player(0).carrots)]
    assert codec.teams == ("red", "blue")
    assert codec.move_request == "sc.framework.plugins.protocol.MoveRequest"


def test_ostseeschach_result_as_the_2022_server_prints_it() -> None:
    game = load("ostseeschach")
    codec = game.competition()
    assert codec is not None
    state = game.new_state(5)
    text = "\n".join(codec.result_lines(state, ("Alice", " "), Forfeit(0, "LEFT", "gone")))
    root = read_xml(text)
    entries = root.findall("scores/entry")
    assert entries[0].find("player").get("name") == "Alice"  # type: ignore[union-attr]
    # a blank name is left out
    assert entries[1].find("player").get("name") is None  # type: ignore[union-attr]
    assert [e.find("score").get("cause") for e in entries] == ["LEFT", "REGULAR"]  # type: ignore[union-attr]
    assert root.find("winner").get("team") == "TWO"  # type: ignore[union-attr]
    memento = "\n".join(codec.memento_lines(state, ("Alice", "Bob")))
    assert memento.startswith('<data class="memento">\n  <state class="state" turn="0">')
