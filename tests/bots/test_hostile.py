"""Hostile input and faults, each against one running server that keeps serving other
games throughout (the last test plays a whole game on it)."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from spieltisch.arena.duel import ServerThread
from spieltisch.bots.outbox import Outbox
from spieltisch.store import Store
from tests.helpers.xml_bots import OSTSEE, causes, play_out, prepared_pair

from .helpers import XmlClient, kind, running_server

LAUGHS = (
    '<protocol><!DOCTYPE lolz [<!ENTITY lol "lol">'
    + "".join(f'<!ENTITY lol{i} "{("&lol" + str(i - 1) + ";") * 10}">' for i in range(1, 10))
    + ']><join gameType="&lol9;"/>'
).replace("&lol0;", "&lol;")
EXTERNAL = (
    '<protocol><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><join gameType="&xxe;"/>'
)


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("hostile") / "games.db"


@pytest.fixture(scope="module")
def server(db: Path) -> Iterator[ServerThread]:
    # the first complete message is due within join_timeout of connecting (bytes trickling
    # in do not extend it): long enough for the 10 MB flood to pass the size limit first
    with running_server(db, soft=2.0, hard=2.0, join_timeout=2.0) as running:
        yield running


def refused_and_closed(client: XmlClient, words: str) -> None:
    text, element = client.packet()
    assert element.tag == "errorpacket" and words in text, text
    assert client.closed()


@pytest.mark.parametrize(
    ("stream", "words"),
    [
        ("<join gameType='x'", "too"),  # cut off: see the silent client below
        ("<join gameType='x'></joinRoom>", "not well-formed"),
        ("<join><a></b></join>", "not well-formed"),
        ("<join gameType='&undefined;'/>", "not well-formed"),
        ("<hello/>", "unknown message"),
        ("</protocol2>", "unexpected closing tag"),
        ("<join a='1' <b/>", "inside a tag"),
    ],
)
def test_malformed_xml_before_joining(server: ServerThread, stream: str, words: str) -> None:
    client = XmlClient(server.port)
    client.send(stream)
    if words == "too":  # an incomplete tag and then silence: the join timeout
        refused_and_closed(client, "time limit")
    else:
        refused_and_closed(client, words)


@pytest.mark.parametrize("attack", [LAUGHS, EXTERNAL])
def test_entity_attacks_are_refused_without_expansion(server: ServerThread, attack: str) -> None:
    client = XmlClient(server.port, protocol=False)
    started = time.monotonic()
    client.send(attack)
    refused_and_closed(client, "document type")
    assert time.monotonic() - started < 2
    assert b"root:" not in client.raw and b"lollol" not in client.raw


def test_a_ten_megabyte_message_is_refused_and_closed(server: ServerThread) -> None:
    client = XmlClient(server.port)
    chunk = b"a" * 65536

    def flood() -> None:
        try:
            client.send(b'<join gameType="')
            for _ in range(160):
                client.send(chunk)
        except OSError:
            pass  # the server closed the connection: what we wanted

    sender = threading.Thread(target=flood)
    sender.start()
    refused_and_closed(client, "longer than")
    sender.join(10)


def test_a_silent_client_is_closed(server: ServerThread) -> None:
    client = XmlClient(server.port, protocol=False)
    refused_and_closed(client, "time limit")


def test_invalid_utf8_before_joining(server: ServerThread) -> None:
    client = XmlClient(server.port)
    client.send(b'<join gameType="\xff\xfe"/>')
    refused_and_closed(client, "UTF-8")


@pytest.mark.parametrize(
    "bad",
    [
        b'<room roomId="ROOM"><data class="move"><from x="\xff"/></data></room>',
        b'<room roomId="ROOM"><data class="move"><from x="0" y="0"></to></data></room>',
        b'<room roomId="ROOM"><data class="move"><from x="\xd9\xa3" y="0"/>'
        b'<to x="0" y="1"/></data></room>',
        b'<room roomId="ROOM"><data class="move"><from x="' + b"9" * 5000 + b'" y="0"/>'
        b'<to x="0" y="1"/></data></room>',
        b'<room roomId="ROOM"><data class="move"/></room>',
        b'<room roomId="OTHER"><data class="move"/></room>',
        b"<!DOCTYPE x>",
    ],
)
def test_a_bad_message_in_a_game_is_a_rule_violation(server: ServerThread, bad: bytes) -> None:
    room_id, (one, two) = prepared_pair(server)
    one.until("moveRequest")
    one.send(bad.replace(b"ROOM", room_id.encode()))
    packets = one.until("left")
    assert kind(packets[-2][1]) == "result"
    assert causes(packets[-2][0]) == ["RULE_VIOLATION", "REGULAR"]
    assert causes(two.until("result")[-1][0]) == ["RULE_VIOLATION", "REGULAR"]
    assert one.closed()


def test_a_client_that_disconnects_mid_game_loses_and_the_game_is_stored(
    server: ServerThread, db: Path
) -> None:
    _, (one, two) = prepared_pair(server)
    one.until("moveRequest")
    one.close()
    result = two.until("result")[-1][0]
    assert causes(result) == ["LEFT", "REGULAR"]
    assert 'winner team="TWO"' in result
    # The room tells the result at once, before the connection closes, as the protocol
    # wants; the store may write the game a moment later.
    deadline = time.monotonic() + 15.0
    while True:
        with Store.open(db) as store:
            found = [g for g in store.list_games(limit=1000) if g.reason == "LEFT"]
        if found or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert found and found[0].status == "finished" and found[0].winner == 1


def test_a_client_that_sends_faster_than_the_server_reads(server: ServerThread) -> None:
    room_id, (flooder, other) = prepared_pair(server)
    junk = f'<room roomId="{room_id}"><data class="sc.unknown"/></room>'.encode() * 2000

    def flood() -> None:
        try:
            for _ in range(6):
                flooder.send(junk)
        except OSError:
            pass

    sender = threading.Thread(target=flood)
    sender.start()
    # meanwhile two others play a whole game on the same server
    one, two = XmlClient(server.port), XmlClient(server.port)
    one.send(f'<join gameType="{OSTSEE}"/>')
    fresh = one.packet()[1].get("roomId", "")
    two.send(f'<joinRoom roomId="{fresh}"/>')
    two.packet()
    seen = play_out([one, two], "ostseeschach", fresh)
    assert "Siegpunkte" in seen[0][-2]
    sender.join(20)
    flooder.close()
    # the flooder never answered its move request: it lost, by time or by leaving
    assert causes(other.until("result")[-1][0])[0] in ("HARD_TIMEOUT", "LEFT")


def test_a_client_that_does_not_read_is_dropped() -> None:
    async def scenario() -> tuple[bool, bool]:
        stuck = asyncio.Event()
        closed = asyncio.Event()

        async def write(_data: bytes) -> None:
            await stuck.wait()  # never drains

        async def close() -> None:
            closed.set()

        outbox = Outbox(write, close, limit=8)
        for _ in range(20):
            outbox.send(b"<memento/>")
        await asyncio.wait_for(closed.wait(), 2)
        return outbox.overflowed, outbox.closing

    assert asyncio.run(scenario()) == (True, True)


def test_json_faults_are_answered_never_dropped(server: ServerThread) -> None:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    stream = sock.makefile("rwb")
    for line in [
        b"{not json",
        b"[1, 2]",
        b'{"type": "fly"}',
        b'{"type": "move", "move": "a1"}',
        b'{"type": "join", "game": "chess"}',
        b'{"type": "join", "table": "nope"}',
        b'{"type": "move"\xff}',
        b"{" * 100000,
    ]:
        stream.write(line + b"\n")
        stream.flush()
        answer = stream.readline()
        assert answer.startswith(b'{"type":"error"'), answer
    stream.write(b'{"type": "ping"}\n')
    stream.flush()
    assert stream.readline() == b'{"type":"pong"}\n'
    sock.close()


def test_the_server_still_serves_a_whole_game(server: ServerThread) -> None:
    one, two = XmlClient(server.port), XmlClient(server.port)
    one.send(f'<join gameType="{OSTSEE}"/>')
    room_id = one.packet()[1].get("roomId", "")
    two.send(f'<joinRoom roomId="{room_id}"/>')
    two.packet()
    seen = play_out([one, two], "ostseeschach", room_id)
    assert causes(seen[1][-2]) == ["REGULAR", "REGULAR"]
