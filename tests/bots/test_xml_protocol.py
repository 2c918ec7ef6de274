"""The competition's XML protocol over real sockets on 127.0.0.1: the packets in the
official order and shape, joins, prepared games, admin requests, timeouts, violations."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from spieltisch.bots.rooms import HARD_TIMEOUT, SOFT_TIMEOUT
from spieltisch.core.xml_reading import read_xml
from spieltisch.store import Store
from tests.helpers.xml_bots import OSTSEE, answer, causes, play_out, prepared_pair

from .helpers import XmlClient, kind, running_server

HUI = "swc_2018_hase_und_igel"


def test_joined_comes_right_after_protocol_and_a_game_in_order(tmp_path: Path) -> None:
    with running_server(tmp_path / "games.db") as server:
        one = XmlClient(server.port)
        one.send(f'<join gameType="{OSTSEE}"/>')
        _, joined = one.packet()
        # the official stream: <protocol> comes with the first packet, two spaces inside
        assert one.raw.startswith(b'<protocol>\n  <joined roomId="')
        room_id = joined.get("roomId", "")
        two = XmlClient(server.port)
        two.send(f'<joinRoom roomId="{room_id}"/>')
        assert two.packet()[1].get("roomId") == room_id
        seen = play_out([one, two], "ostseeschach", room_id)
        for index, packets in seen.items():
            kinds = [kind(read_xml(text)) for text in packets]
            assert kinds[0] == "welcomeMessage"
            assert read_xml(packets[0]).find("data").get("color") == ("ONE", "TWO")[index]  # type: ignore[union-attr]
            assert kinds[1] == "memento"
            assert kinds[-2:] == ["result", "left"]
            mementos = [t for t, k in zip(packets, kinds, strict=True) if k == "memento"]
            assert "<lastMove>" not in mementos[0]
            assert '<state class="state" turn="0">' in mementos[0]
            assert all("<lastMove>" in text for text in mementos[1:])
        requests = sum(
            [kind(read_xml(text)) for text in packets].count("moveRequest")
            for packets in seen.values()
        )
        assert [kind(read_xml(text)) for text in seen[0]].count("memento") == requests + 1
        result = seen[0][-2]
        assert '<fragment name="Siegpunkte">' in result
        assert result.count("<part>") == 6
        assert one.closed() and two.closed()
        assert one.raw.endswith(b"/>\n</protocol>")  # <left …/>, then the stream's end
        # a client that cuts the stream at </room> finds one packet in every piece
        pieces = one.raw.decode().split("</room>")[:-1]
        for piece in pieces:
            read_xml(piece[piece.index("<room") :] + "</room>")
        assert len(pieces) == len(seen[0]) - 1
    store = Store.open(tmp_path / "games.db")
    (summary,) = store.list_games()
    assert summary.status == "finished" and summary.plies == requests
    assert summary.players[0].kind.startswith("bot:")
    store.close()


def test_hase_und_igel_packets_and_join_without_game_type(tmp_path: Path) -> None:
    with running_server() as server:
        server.lobby.default_game = "hase-und-igel"
        one, two = XmlClient(server.port), XmlClient(server.port)
        one.send('<join displayName="Alice"/>')
        room_id = one.packet()[1].get("roomId", "")
        two.send(f'<join gameType="{HUI}" displayName="Bob"/>')
        assert two.packet()[1].get("roomId") == room_id
        seen = play_out([one, two], "hase-und-igel", room_id)
        first = seen[0]
        assert '<data class="welcomeMessage" color="red"/>' in first[0]
        assert 'displayName="Alice"' in first[1]
        assert any('class="sc.framework.plugins.protocol.MoveRequest"' in t for t in first)
        result = first[-2]
        assert "<score cause=" in result and "<scores>" not in result
        assert '<fragment name="Gewinner">' in result


def test_prepared_game_with_reservations_observed_paused_and_stepped() -> None:
    with running_server() as server:
        admin = XmlClient(server.port)
        admin.send('<authenticate password="secret"/>')
        admin.send(
            f'<prepare gameType="{OSTSEE}" pause="true">'
            '<slot displayName="p1" canTimeout="true" reserved="true"/>'
            '<slot displayName="p2" canTimeout="true" reserved="true"/></prepare>'
        )
        text, prepared = admin.packet()
        room_id = prepared.get("roomId", "")
        codes = [r.text or "" for r in prepared.findall("reservation")]
        assert len(codes) == 2 and text.startswith(f'<prepared roomId="{room_id}">')
        admin.send(f'<observe roomId="{room_id}"/>')
        assert admin.packet()[1].tag == "observed"
        players = [XmlClient(server.port) for _ in codes]
        for client, code in zip(players, codes, strict=True):
            client.send(f'<joinPrepared reservationCode="{code}"/>')
            assert client.packet()[1].get("roomId") == room_id
        memento = players[0].until("memento")[-1][0]
        with pytest.raises(TimeoutError):  # paused: no move request yet
            players[0].until("moveRequest", timeout=0.3)
        admin.send(f'<step roomId="{room_id}"/>')
        players[0].until("moveRequest")
        admin.send(f'<pause roomId="{room_id}" pause="false"/>')
        answer(players[0], "ostseeschach", room_id, memento)
        seen = play_out(players, "ostseeschach", room_id)
        assert "Siegpunkte" in seen[0][-2]
        observed = admin.until("left")
        mementos = [t for t, e in observed if kind(e) == "memento"]
        plies = server.call(lambda: server.lobby.finished)
        assert plies == 1
        moves = sum(text.count('class="moveRequest"') for text in seen[0] + seen[1]) + 1
        assert len(mementos) == moves + 1  # the start and every move
        assert kind(observed[-2][1]) == "result"


def test_a_reservation_is_used_once_and_unknown_codes_are_refused() -> None:
    with running_server() as server:
        room_obj, codes = server.call(lambda: server.lobby.prepare(OSTSEE))
        one = XmlClient(server.port)
        one.send(f'<joinPrepared reservationCode="{codes[0]}"/>')
        assert one.packet()[1].tag == "joined"
        two = XmlClient(server.port)
        two.send(f'<joinPrepared reservationCode="{codes[0]}"/>')
        text, element = two.packet()
        assert element.tag == "errorpacket" and "no reservation" in text
        assert two.closed()
        del room_obj


def test_soft_timeout_loses_and_the_move_is_not_played() -> None:
    with running_server(soft=0.3, hard=5.0) as server:
        room_id, (one, two) = prepared_pair(server)
        memento = one.until("moveRequest")[1][0]
        time.sleep(0.45)
        answer(one, "ostseeschach", room_id, memento)
        seen = one.until("left")
        assert [kind(e) for _, e in seen] == ["result", "left"]  # no new memento
        assert causes(seen[0][0]) == ["SOFT_TIMEOUT", "REGULAR"]
        assert read_xml(seen[0][0]).find("data/winner").get("team") == "TWO"  # type: ignore[union-attr]
        other = two.until("left")
        assert causes(other[-2][0]) == ["SOFT_TIMEOUT", "REGULAR"]


def test_the_official_soft_timeout_of_two_seconds() -> None:
    with running_server(soft=SOFT_TIMEOUT, hard=HARD_TIMEOUT) as server:
        room_id, (one, two) = prepared_pair(server)
        memento = one.until("moveRequest")[1][0]
        time.sleep(1.0)
        answer(one, "ostseeschach", room_id, memento)  # in time
        two.until("moveRequest")
        time.sleep(2.1)
        two.send(
            f'<room roomId="{room_id}"><data class="move"><from x="0" y="0"/>'
            '<to x="0" y="0"/></data></room>'
        )
        assert causes(two.until("result")[-1][0]) == ["REGULAR", "SOFT_TIMEOUT"]


def test_hard_timeout_ends_the_game() -> None:
    with running_server(soft=0.2, hard=0.5) as server:
        _, (one, two) = prepared_pair(server, HUI)
        started = time.monotonic()
        result = two.until("result")[-1][0]
        assert time.monotonic() - started < 5
        assert causes(result) == ["HARD_TIMEOUT", "REGULAR"]
        assert one.until("left")


def test_illegal_move_is_a_rule_violation_for_both_to_see(tmp_path: Path) -> None:
    with running_server(tmp_path / "games.db") as server:
        room_id, (one, two) = prepared_pair(server)
        one.until("moveRequest")
        one.send(
            f'<room roomId="{room_id}"><data class="move"><from x="0" y="0"/>'
            '<to x="7" y="7"/></data></room>'
        )
        seen = one.until("left")
        _, error = seen[0]
        assert kind(error) == "error" and error.find("data").get("message")  # type: ignore[union-attr]
        original = error.find("data/originalMessage")
        assert original is not None and original.get("class") == "move"
        assert original.find("to").get("x") == "7"  # type: ignore[union-attr]
        assert causes(seen[1][0]) == ["RULE_VIOLATION", "REGULAR"]
        assert causes(two.until("result")[-1][0]) == ["RULE_VIOLATION", "REGULAR"]
    store = Store.open(tmp_path / "games.db")
    (summary,) = store.list_games()
    assert (summary.status, summary.winner, summary.reason) == ("finished", 1, "RULE_VIOLATION")
    store.close()


def test_a_move_when_it_is_not_your_turn_is_a_violation() -> None:
    with running_server() as server:
        room_id, (one, two) = prepared_pair(server)
        memento = two.until("memento")[-1][0]
        answer(two, "ostseeschach", room_id, memento)
        assert causes(two.until("result")[-1][0]) == ["REGULAR", "RULE_VIOLATION"]
        assert causes(one.until("result")[-1][0]) == ["REGULAR", "RULE_VIOLATION"]


def test_cancel_ends_the_game_without_a_result() -> None:
    with running_server() as server:
        room_id, (one, _two) = prepared_pair(server)
        admin = XmlClient(server.port)
        admin.send(f'<authenticate password="secret"/><cancel roomId="{room_id}"/>')
        seen = one.until("left")
        assert "result" not in [kind(e) for _, e in seen]


def test_admin_requests_need_the_password() -> None:
    with running_server() as server:
        client = XmlClient(server.port)
        client.send(f'<prepare gameType="{OSTSEE}"/>')
        assert client.packet()[1].tag == "errorpacket"
        assert client.closed()
        wrong = XmlClient(server.port)
        wrong.send('<authenticate password="guess"/>')
        assert "authentication failed" in wrong.packet()[0]


def test_an_xml_client_cannot_take_a_seat_of_a_game_without_xml() -> None:
    with running_server() as server:
        found, codes = server.call(lambda: server.lobby.prepare("okard"))
        client = XmlClient(server.port)
        client.send(f'<joinPrepared reservationCode="{codes[0]}"/>')
        text, element = client.packet()
        assert element.tag == "errorpacket" and "JSON protocol" in text
        assert codes[0] in server.lobby.reservations  # still there for a JSON bot
        other = XmlClient(server.port)
        other.send(f'<joinRoom roomId="{found.id}"/>')
        assert "JSON protocol" in other.packet()[0]
        assert not found.closed
