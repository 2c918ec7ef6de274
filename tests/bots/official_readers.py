"""The reading rules of the competition's official client libraries, written anew for the
tests (from reading their sources; no code of theirs), and a player that uses one of them
to play a whole game against `spieltisch server` over a real socket.

- `RubyReader`: the Ruby client `software_challenge_client` (player_ruby, `network.rb`,
  `Network#readString`, the same in v1.2.1 of 2018 and v22.1.0.1 of 2022) reads the socket
  character by character into a token that is reset only on a space (its list
  `['\\n', ' ']` holds the two characters backslash-n in single quotes, never a line
  feed) and stops when the token is `</room>` or `</protocol>` (or at the end of the
  stream); it deletes `<protocol>` and `</protocol>` from what it read and stream-parses
  the rest, ignoring a missing end tag. On the result it disconnects: `</protocol>`, close.
- `JavaReader`: the Java clients (`XStreamClient.receiveThread`) read one XStream object
  stream: a `<protocol>` root, then one complete child element after the other
  (`ObjectInputStream.readObject` over a pull parser), until `</protocol>`. On `left`
  they stop: the CloseConnection packet (its class name, not registered as an alias),
  then `</protocol>`.
- `CutReader`: a reader many hand-written bots use: collect bytes until `</room>`, parse
  what came before it, keep the rest.
"""

from __future__ import annotations

import codecs
import socket
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from spieltisch.core.registry import load
from spieltisch.core.sc_xml import room

#: What the official Java clients send to close, per season's game type.
JAVA_CLOSE = {
    "swc_2018_hase_und_igel": "<sc.protocol.responses.CloseConnection/>",
    "swc_2022_ostseeschach": "<sc.protocol.CloseConnection/>",
}


class _Socket:
    """Bytes of a socket decoded as UTF-8 text, a piece at a time ('' at the end)."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.decoder = codecs.getincrementaldecoder("utf-8")()
        self.raw = b""

    def text(self) -> str:
        while True:
            data = self.sock.recv(65536)
            self.raw += data
            text = self.decoder.decode(data, final=not data)
            if text or not data:
                return text


def _events(parser: Any) -> Iterator[tuple[str, ET.Element]]:
    """The start and end events the parser has so far, with their elements."""
    for event, item in parser.read_events():
        if isinstance(item, ET.Element):
            yield event, item


def _elements(chunk: str) -> list[ET.Element]:
    """The complete top-level elements of `chunk` (what REXML's stream parse hands its
    listener; a missing end tag at the end is ignored, as the Ruby client does)."""
    parser: Any = ET.XMLPullParser(events=("start", "end"))
    parser.feed("<chunk>")
    parser.feed(chunk)
    found: list[ET.Element] = []
    depth = 0
    for event, element in _events(parser):
        if event == "start":
            depth += 1
        else:
            depth -= 1
            if depth == 1:
                found.append(element)
    return found


class RubyReader:
    """The Ruby client's `readString` (see the module)."""

    name = "ruby"

    def __init__(self, sock: socket.socket) -> None:
        self.source = _Socket(sock)
        self.pending = ""
        self.ended = False

    def read(self) -> list[ET.Element]:
        received = ""
        token = ""
        while True:
            if not self.pending:
                if self.ended:
                    break
                self.pending = self.source.text()
                if not self.pending:
                    self.ended = True
                    break
            char, self.pending = self.pending[0], self.pending[1:]
            token += char
            received += char
            if char in ("\\n", " "):  # sic: a space only (see the module)
                token = ""
            if token in ("</room>", "</protocol>"):
                break
        if not received:
            raise EOFError("the server closed the stream")
        return _elements(received.replace("<protocol>", "").replace("</protocol>", ""))


class JavaReader:
    """The Java clients' XStream object-stream reader (see the module)."""

    name = "java"

    def __init__(self, sock: socket.socket) -> None:
        self.source = _Socket(sock)
        self.parser: Any = ET.XMLPullParser(events=("start", "end"))
        self.depth = 0
        self.root_seen = False
        self.closed = False

    def read(self) -> list[ET.Element]:
        while True:
            found = []
            for event, element in _events(self.parser):
                if event == "start":
                    if self.depth == 0:
                        assert element.tag == "protocol", f"the stream's root is <{element.tag}>"
                        self.root_seen = True
                    self.depth += 1
                else:
                    self.depth -= 1
                    if self.depth == 1:
                        found.append(element)
                    elif self.depth == 0:
                        self.closed = True
            if found:
                return found
            if self.closed:
                raise EOFError("</protocol>")
            text = self.source.text()
            if not text:
                self.parser.close()  # raises unless the document was complete
                raise EOFError("the server closed the stream")
            self.parser.feed(text)


class CutReader:
    """Cut the stream at every `</room>` (see the module)."""

    name = "cut"

    def __init__(self, sock: socket.socket) -> None:
        self.source = _Socket(sock)
        self.buffer = ""

    def read(self) -> list[ET.Element]:
        while "</room>" not in self.buffer:
            text = self.source.text()
            if not text:
                rest, self.buffer = self.buffer, ""
                found = _elements(rest.replace("<protocol>", "").replace("</protocol>", ""))
                if not found:
                    raise EOFError("the server closed the stream")
                return found
            self.buffer += text
        cut = self.buffer.index("</room>") + len("</room>")
        chunk, self.buffer = self.buffer[:cut], self.buffer[cut:]
        return _elements(chunk.replace("<protocol>", ""))


READERS: dict[str, Callable[[socket.socket], Any]] = {
    "ruby": RubyReader,
    "java": JavaReader,
    "cut": CutReader,
}


def pick(state: Any, count: int) -> Any:
    """The deterministic players' move: one of the legal moves, by how many it made."""
    moves = state.legal_moves()
    return moves[(count * 5 + 3) % len(moves)]


@dataclass
class Played:
    """What one player saw: its room, team, every element, the result, the raw bytes."""

    room: str = ""
    team: str = ""
    kinds: list[str] = field(default_factory=list)
    moves: int = 0
    result: ET.Element | None = None
    left: bool = False
    raw: bytes = b""


def play(
    port: int,
    game: str,
    reader_name: str,
    *,
    timeout: float = 20.0,
    drain: bool = False,
    reservation: str | None = None,
) -> Played:
    """Join a game of `game` and play it to its end, reading with one official client's
    rule and sending what that client sends; a reader that never gets a message times
    out (`TimeoutError`). `drain`: keep every byte up to the server's end of the stream.
    `reservation`: join with this reservation code (`joinPrepared`, as the clients'
    `--reservation` option does; a bot token for the ladder) instead of by game type."""
    codec = load(game).competition()
    assert codec is not None
    played = Played()
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        reader = READERS[reader_name](sock)
        join = f'join gameType="{codec.game_type}"'
        if reservation is not None:
            join = f'joinPrepared reservationCode="{reservation}"'
        if reader_name == "ruby":  # REXML writes single quotes
            sock.sendall(b"<protocol>")
            sock.sendall(f"<{join.replace(chr(34), chr(39))}/>".encode())
        else:
            sock.sendall(f"<protocol>\n  <{join}/>".encode())
        state = None
        try:
            while not played.left:
                for element in reader.read():
                    kind = element.tag
                    data = element.find("data")
                    if kind == "room":
                        kind = "" if data is None else data.get("class", "")
                    played.kinds.append(kind)
                    if kind == "joined":
                        played.room = element.get("roomId", "")
                    elif kind == "welcomeMessage" and data is not None:
                        played.team = data.get("color", "")
                    elif kind == "memento":
                        state = codec.state_from_xml(ET.tostring(element, encoding="unicode"))
                    elif kind == codec.move_request:
                        assert state is not None
                        move = pick(state, played.moves)
                        lines = room(played.room, codec.move_lines(move, "data", ' class="move"'))
                        sock.sendall("\n".join(lines).encode())
                        played.moves += 1
                    elif kind == "result":
                        played.result = element
                        if reader_name == "ruby":  # `Network#disconnect`
                            sock.sendall(b"</protocol>")
                            played.left = True
                            break
                    elif kind == "left":
                        played.left = True
                        if reader_name == "java":  # `XStreamClient.stop`
                            sock.sendall(f"\n  {JAVA_CLOSE[codec.game_type]}\n</protocol>".encode())
                        break
            while drain and reader.source.text():
                pass
        finally:
            played.raw = reader.source.raw
    return played
