"""The XML stream of `spieltisch server` (a real process, real TCP sockets) is the
official servers' stream byte for byte, and every official client's reading rule reads a
whole game from it.

Golden transcripts (tests/data/xml-transcripts/): every byte the first player of a
deterministic game receives, from its connect to the server's end of the stream, with the
room id the server chose written as ROOM. Where each detail of the format comes from
(backend = software-challenge/backend at tag 22.final for 2022, 18.2.6 for 2018; the same
code path in both, see `spieltisch.bots.xml_writer`):
- `<protocol>` is written with the first packet, `\\n  ` before every packet, two more
  spaces per level inside it, nothing after its last `>`: XStream's object stream over
  `PrettyPrintWriter` (`XStreamClient`: `createObjectOutputStream(out, "protocol")`);
  backend test `ClientXmlReadTest.clientSendPacketTest` pins `"<protocol>\\n  <example/>"`.
- the end: `\\n  <left roomId="ROOM"/>` (`GameRoom.kickAllClients`, `RemovedFromGame`,
  2018 `LeftGameEvent`) then `\\n</protocol>` (`XStreamClient.close` ends the object
  stream).
- packets and their attribute order: `RoomPacket` (`roomId`, then `data` with XStream's
  `class` first), `WelcomeMessage`, `MementoMessage`, `MoveRequest` (2018: the
  unregistered `sc.framework.plugins.protocol.MoveRequest`), `GameResult`
  (backend `RoomPacketTest`), the states as in the protocol notes under shared/rules.

Regenerate a transcript after a deliberate change of the format with
`SPIELTISCH_REGOLD=1` (and read the diff: it must still follow the sources above).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest

from spieltisch.bots.xml_writer import XStreamWriter
from spieltisch.core.registry import load
from spieltisch.core.sc_xml import escape, escape_text
from tests.serverproc import ROOT, free_port

from .official_readers import READERS, Played, play

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "xml-transcripts"
SEASONS = {"ostseeschach": "2022", "hase-und-igel": "2018"}
PASSWORD = "xml24-test-password"


class BotServerProcess:
    """`spieltisch server` in a child process on a free port (its rooms seeded by `seed`)."""

    def __init__(self, seed: int = 1) -> None:
        self.port = free_port()
        env = {**os.environ, "SPIELTISCH_CONNECTIONS_PER_ADDRESS": "1000"}
        env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
        command = [sys.executable, "-m", "spieltisch", "server", "--port", str(self.port)]
        command += ["--no-db", "--seed", str(seed), "--admin-password", PASSWORD]
        self.process = subprocess.Popen(
            command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()  # "bot server on …" once it listens
        if b"bot server on" not in line:
            self.stop()
            raise RuntimeError(f"the bot server did not start: {line!r}")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()


@pytest.fixture
def server() -> Iterator[BotServerProcess]:
    running = BotServerProcess()
    try:
        yield running
    finally:
        running.stop()


def play_pair(port: int, game: str, readers: tuple[str, str], drain: bool = False) -> list[Played]:
    """Two players, the first joins a new room, the second the same one (the first must be
    seated before the second joins, so each starts after the one before has its room)."""
    played: list[Played | BaseException | None] = [None, None]

    def run(index: int) -> None:
        try:
            played[index] = play(port, game, readers[index], drain=drain)
        except BaseException as exc:  # reported below, in the test's thread
            played[index] = exc

    threads = [threading.Thread(target=run, args=(i,), daemon=True) for i in (0, 1)]
    threads[0].start()
    time.sleep(0.3)  # the first one's join is served before the second connects
    threads[1].start()
    for thread in threads:
        thread.join(120)
    for found in played:
        if isinstance(found, BaseException):
            raise found
        assert isinstance(found, Played), "a player did not finish within 120 s"
    return played  # type: ignore[return-value]


@pytest.mark.parametrize("game", list(SEASONS))
def test_a_whole_game_is_the_golden_transcript_byte_for_byte(
    server: BotServerProcess, game: str
) -> None:
    one, two = play_pair(server.port, game, ("java", "java"), drain=True)
    assert one.room and one.room == two.room and one.result is not None
    stream = one.raw.replace(one.room.encode(), b"ROOM")
    path = GOLDEN / f"{game}-{SEASONS[game]}.xml"
    if os.environ.get("SPIELTISCH_REGOLD"):
        path.write_bytes(stream)
    golden = path.read_bytes()
    codec = load(game).competition()
    assert codec is not None
    # the details the sources fix, said once more apart from the file
    assert stream.startswith(
        b'<protocol>\n  <joined roomId="ROOM"/>\n  <room roomId="ROOM">\n'
        b'    <data class="welcomeMessage" color="' + codec.teams[0].encode() + b'"/>\n  </room>'
    )
    assert stream.endswith(b'\n  <left roomId="ROOM"/>\n</protocol>')
    lines = stream.split(b"\n")
    assert all(line.startswith(b"  <") or line.startswith(b"  ") for line in lines[1:-1])
    assert not any(line.endswith(b" ") for line in lines)
    assert stream.count(b"\n  <room ") == stream.count(b"\n  </room>")
    # and every byte as the committed transcript
    assert stream == golden, f"the stream differs from {path.name} (see the module)"


@pytest.mark.parametrize("reader", list(READERS))
@pytest.mark.parametrize("game", list(SEASONS))
def test_each_official_reading_rule_reads_a_whole_game(
    server: BotServerProcess, game: str, reader: str
) -> None:
    one, two = play_pair(server.port, game, (reader, reader), drain=True)
    codec = load(game).competition()
    assert codec is not None
    for played, team in zip((one, two), codec.teams, strict=True):
        assert played.team == team
        assert played.kinds[:3] == ["joined", "welcomeMessage", "memento"]
        assert played.result is not None and played.moves > 0
        assert played.kinds[-1] == ("result" if reader == "ruby" else "left")
        if reader != "ruby":
            assert played.kinds[-2] == "result"
    plies = one.moves + two.moves
    assert one.kinds.count("memento") == plies + 1  # the start and every move
    for played in (one, two):  # one document, as the XStream reader needs it
        assert ET.fromstring(played.raw).tag == "protocol"


@pytest.mark.parametrize(
    "close",
    ["<close/>", "<sc.protocol.CloseConnection/>", "<sc.protocol.responses.CloseConnection/>"],
)
def test_the_official_clients_close_packets_end_the_stream(
    server: BotServerProcess, close: str
) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(f'<protocol>\n  <join gameType="swc_2022_ostseeschach"/>\n  {close}'.encode())
        received = b""
        while data := sock.recv(65536):
            received += data
    assert received.startswith(b'<protocol>\n  <joined roomId="')
    assert received.endswith(b'"/>\n</protocol>') and b"errorpacket" not in received
    # the Ruby client's close is `</protocol>` alone; a stream closed with nothing sent
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(b"<protocol></protocol>")
        assert sock.recv(65536) == b"<protocol/>"


def test_the_writer_and_escaping_are_xstreams() -> None:
    writer = XStreamWriter()
    # the backend's ClientXmlReadTest.clientSendPacketTest
    assert writer.packet(["<example/>"]) == b"<protocol>\n  <example/>"
    assert writer.packet(["<a>", "  <b/>", "</a>"]) == b"\n  <a>\n    <b/>\n  </a>"
    assert writer.close() == b"\n</protocol>" and writer.close() == b""
    assert XStreamWriter().close() == b"<protocol/>"
    # PrettyPrintWriter.writeText: entities, controls as hex references, tab and line
    # feed kept in text only
    assert escape("a&<>\"'\r\n\t\x01\x85é") == (
        "a&amp;&lt;&gt;&quot;&apos;&#xd;&#xa;&#x9;&#x1;&#x85;é"
    )
    assert escape_text("x\ny\tz'") == "x\ny\tz&apos;"


@pytest.mark.parametrize(
    ("game_type", "close"),
    [
        ("swc_2022_ostseeschach", b"<sc.protocol.CloseConnection/>"),
        ("swc_2018_hase_und_igel", b"<sc.protocol.responses.CloseConnection/>"),
    ],
)
def test_a_stopping_server_says_goodbye_as_the_official_one(game_type: str, close: bytes) -> None:
    running = BotServerProcess()
    try:
        with socket.create_connection(("127.0.0.1", running.port), timeout=10) as sock:
            sock.sendall(f'<protocol><join gameType="{game_type}"/>'.encode())
            received = sock.recv(65536)
            assert received.startswith(b'<protocol>\n  <joined roomId="')
            running.process.terminate()  # waiting for an opponent when the server stops
            while data := sock.recv(65536):
                received += data
        assert received.endswith(b'"/>\n  ' + close + b"\n</protocol>")
    finally:
        running.stop()
