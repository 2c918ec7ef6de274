"""One connection speaking the competition's XML protocol (ostseeschach-protocol.md,
hase-und-igel-protocol.md): joins, moves, the admin requests, and what the room sends.

What the server writes goes through `xml_writer.XStreamWriter`, byte for byte as the
official servers wrote it (two spaces inside `<protocol>`, the closing `</protocol>`).
The stream is cut into packets by `stream.PacketSplitter` (bounded), each packet read by
the hardened reader (`core.xml_reading`: no DTD, no entities). A fault from a player of a
running game (bad XML, a message too long, invalid UTF-8, an unreadable or illegal move,
a move when it is not its turn) loses that game with RULE_VIOLATION; any other fault is
answered with `<errorpacket message="…"/>` and the connection is closed.

A bot of an account joins the ladder with its token as the reservation code, a join
every official client can send unchanged (`joinPrepared`, docs/bots.md): it is seated
once the ladder pairs it, plays that one game, and is closed after it as every official
client expects; it connects again for the next.
"""

from __future__ import annotations

import asyncio
import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING, Any

from spieltisch.bots.admin import check_admin
from spieltisch.bots.identity import BotIdentity, is_token
from spieltisch.bots.ladder import admit
from spieltisch.bots.rooms import JoinError, Room
from spieltisch.bots.stream import PacketSplitter, StreamError
from spieltisch.bots.xml_writer import CLOSE_PACKETS, XStreamWriter
from spieltisch.core.errors import IllegalMoveError, NotationError, excerpt
from spieltisch.core.names import BadName, clean_name
from spieltisch.core.registry import load
from spieltisch.core.sc_xml import escape, escape_text, joined, left, room
from spieltisch.core.xml_reading import read_xml
from spieltisch.tables import Status

if TYPE_CHECKING:
    from spieltisch.bots.server import Connection

__all__ = ["XmlSession"]

_TRUE = ("true", "1", "yes")


class XmlSession:
    """A player, observer or admin over the XML protocol (see the module)."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.lobby = connection.server.lobby
        self.splitter = PacketSplitter(connection.server.max_packet)
        self.name = ""
        self.room: Room | None = None
        self.seat: int | None = None
        self.admin = False
        self.observing: list[Room] = []
        #: Complete packets received so far (the server's deadlines count them).
        self.packets = 0
        #: The server's side of the `<protocol>` stream (its opening, packets, end).
        self.writer = XStreamWriter()
        #: The ladder holds this bot (waiting or playing); packets held while its token
        #: is checked (None: none is).
        self.queued = False
        self.xml = True
        self._held: list[bytes] | None = None
        self._door: asyncio.Task[None] | None = None

    # --- input ---------------------------------------------------------------------------

    def feed(self, data: bytes) -> None:
        """Bytes from the client: every complete packet is handled in order."""
        try:
            packets = self.splitter.feed(data)
        except StreamError as exc:
            self.fault(exc.reason)
            return
        for packet in packets:
            if self.connection.closing:
                return
            self.packets += 1
            if self._held is not None:  # the door is checking a token: after it
                self._held.append(packet)
                continue
            self.packet(packet)
        if self.splitter.closed and not self.connection.closing:
            self.goodbye()

    def packet(self, packet: bytes) -> None:
        try:
            text = packet.decode("utf-8")
        except UnicodeDecodeError as exc:
            self.fault(f"a message that is not valid UTF-8 (byte {exc.start})")
            return
        try:
            root = read_xml(text)
        except NotationError as exc:
            self.fault(str(exc))
            return
        tag = "close" if root.tag in CLOSE_PACKETS else root.tag
        handler = getattr(self, "_on_" + tag.replace("-", "_"), None)
        if handler is None or tag.startswith("_"):
            self.fault(f"an unknown message <{root.tag[:40]}>")
            return
        try:
            handler(root, text)
        except (JoinError, BadName) as exc:
            self.error_packet(str(exc))
            self.end()

    def fault(self, message: str) -> None:
        """The client broke the protocol: a player loses its running game; the
        connection is closed with the reason."""
        room = self.room
        if room is not None and room.table.status is Status.RUNNING:
            room.reject(self, message)
        else:
            self.error_packet(message)
        self.end()

    def goodbye(self) -> None:
        """The client closed its stream (`</protocol>`, or a CloseConnection packet:
        `CLOSE_PACKETS`)."""
        self.end()

    def shutdown(self) -> None:
        """The server stops: as the official `XStreamClient.stop`, the CloseConnection
        packet of the season of the client's room (else of the server's default game),
        then the end of the stream."""
        codec = self.room.codec if self.room is not None else None
        if codec is None:
            codec = load(self.lobby.default_game).competition()
        if codec is not None and not self.connection.closing:
            self.send([f"<{codec.close_connection}/>"])
        self.end()

    def end(self) -> None:
        """Close the stream as the official server does (`\n</protocol>`), then the
        connection."""
        self.connection.send(self.writer.close())
        self.connection.close()

    def closed(self) -> None:
        """The connection is gone: leave the ladder, the room and stop observing."""
        if self._door is not None:
            self._door.cancel()
        ladder = self.lobby.ladder
        if self.queued and ladder is not None:
            ladder.leave(self)
        if self.room is not None:
            room, self.room = self.room, None
            room.leave(self)
        for watched in self.observing:
            watched.leave(self)
        self.observing = []

    def error_packet(self, message: str) -> None:
        self.send([f'<errorpacket message="{escape(message[:500])}"/>'])

    # --- joining -------------------------------------------------------------------------

    def _in_room(self) -> bool:
        if self.room is not None:
            self.error_packet("you are in a room already")
            return True
        return False

    def _seated(self, found: tuple[Room, int]) -> None:
        room, seat = found
        if room.codec is None:
            room.leave(self)
            raise JoinError(f"{room.game.title} has no competition XML: use the JSON protocol")
        self.send([joined(room.id)])
        self.room, self.seat = room, seat
        room.schedule()

    def _on_join(self, element: ET.Element, _text: str) -> None:
        if self._in_room():
            return
        game = element.get("gameType") or None
        self._seated(self.lobby.join(self, game, name=self._display(element), xml=True))

    def _on_joinRoom(self, element: ET.Element, _text: str) -> None:
        if self._in_room():
            return
        room_id = element.get("roomId", "")
        self._seated(self.lobby.join_room(self, room_id, name=self._display(element), xml=True))

    def _on_joinPrepared(self, element: ET.Element, _text: str) -> None:
        if self._in_room() or self.queued or self._held is not None:
            return
        code = element.get("reservationCode", "")
        if is_token(code):
            ladder = self.lobby.ladder
            if ladder is None:
                raise JoinError("this server has no ladder: bot tokens are not taken here")
            self._held = []
            self._door = admit(ladder, self, code, 1)  # one game per connection
            return
        self._seated(self.lobby.join_prepared(self, code, name=self._display(element), xml=True))

    def _display(self, element: ET.Element) -> str:
        """The client's display name (checked by `clean_name`; `BadName` refuses the
        join before anything is seated)."""
        given = element.get("displayName")
        if given is not None and given.strip():
            self.name = clean_name(given, field="displayName")
        return self.name

    def _on_close(self, _element: ET.Element, _text: str) -> None:
        self.goodbye()

    # --- playing -------------------------------------------------------------------------

    def _on_room(self, element: ET.Element, text: str) -> None:
        room = self.room
        if room is None or element.get("roomId") != room.id:
            self.fault("a room message for a room you do not play in")
            return
        data = element.find("data")
        if data is None or data.get("class") != "move":
            return  # the official server ignores what it does not handle in a room
        codec = room.codec
        assert codec is not None
        try:
            move = codec.move_from_xml(text)
        except (NotationError, IllegalMoveError) as exc:
            room.reject(self, f"an unreadable move: {exc}")
            self.end()
            return
        problem = room.move(self, move)
        if problem is not None and room.slots[self.seat or 0].strict:
            self.end()

    # --- the ladder (`bots.ladder.LadderBot`) ----------------------------------------------

    def placed(self, room: Room, seat: int) -> None:
        self._seated((room, seat))

    def waiting(self, bot: BotIdentity) -> None:
        self.name = bot.name  # an official client waits in silence for its room

    def turned_away(self, code: str, message: str) -> None:
        self._held = None
        self.queued = False
        if not self.connection.closing:
            self.error_packet(message)
            self.end()

    def done(self, games: int) -> None:
        self.queued = False

    def resume(self) -> None:
        held, self._held = self._held or [], None
        self._door = None
        for packet in held:
            if self.connection.closing:
                return
            self.packet(packet)

    # --- admin ---------------------------------------------------------------------------

    def _on_authenticate(self, element: ET.Element, _text: str) -> None:
        given = element.get("password", element.get("passphrase"))
        connection = self.connection
        problem = check_admin(
            self.lobby.password, given, connection.server.guard, connection.address
        )
        if problem is not None:
            self.error_packet(f"authentication failed: {problem}")
            self.end()
            return
        self.admin = True

    def _admin(self) -> bool:
        if not self.admin:
            self.error_packet("authenticate first: this request is for administrators")
            self.end()
        return self.admin

    def _on_prepare(self, element: ET.Element, _text: str) -> None:
        if not self._admin():
            return
        slots = element.findall("slot")[:2]
        names = [_slot_name(slot.get("displayName")) for slot in slots] + ["", ""]
        timeouts = [slot.get("canTimeout", "true").lower() in _TRUE for slot in slots]
        timeouts += [True, True]
        paused = element.get("pause", "false").lower() in _TRUE or any(
            slot.get("shouldBePaused", "false").lower() in _TRUE for slot in slots
        )
        game = element.get("gameType") or self.lobby.default_game
        prepared, codes = self.lobby.prepare(
            game,
            (names[0], names[1]),
            can_timeout=(timeouts[0], timeouts[1]),
            paused=paused,
        )
        lines = [f'<prepared roomId="{escape(prepared.id)}">']
        lines += [f"  <reservation>{escape_text(code)}</reservation>" for code in codes]
        self.send([*lines, "</prepared>"])

    def _admin_room(self, element: ET.Element) -> Room | None:
        if not self._admin():
            return None
        found = self.lobby.rooms.get(element.get("roomId", ""))
        if found is None:
            self.error_packet(f"no room {excerpt(element.get('roomId', ''), None, 40)}")
        return found

    def _on_observe(self, element: ET.Element, _text: str) -> None:
        found = self._admin_room(element)
        if found is not None:
            self.send([f'<observed roomId="{escape(found.id)}"/>'])
            self.observing.append(found)
            found.observe(self)

    def _on_pause(self, element: ET.Element, _text: str) -> None:
        found = self._admin_room(element)
        if found is not None:
            found.set_paused(element.get("pause", "true").lower() in _TRUE)

    def _on_step(self, element: ET.Element, _text: str) -> None:
        found = self._admin_room(element)
        if found is not None:
            found.step()

    def _on_cancel(self, element: ET.Element, _text: str) -> None:
        found = self._admin_room(element)
        if found is not None:
            found.cancel()

    # --- output (the room's calls) -------------------------------------------------------

    def send(self, lines: list[str]) -> None:
        """One packet, given as its lines (`XStreamWriter.packet`)."""
        self.connection.send(self.writer.packet(lines))

    def _room(self, found: Room, inner: list[str]) -> None:
        self.send(room(found.id, inner))

    def started(self, found: Room, seat: int) -> None:
        codec = found.codec
        assert codec is not None
        self._room(found, [f'<data class="welcomeMessage" color="{codec.teams[seat]}"/>'])

    def update(self, found: Room) -> None:
        codec = found.codec
        if codec is not None:
            self._room(found, codec.memento_lines(found.table.state, found.display_names()))

    def request_move(self, found: Room, seat: int) -> None:
        codec = found.codec
        assert codec is not None
        self._room(found, [f'<data class="{codec.move_request}"/>'])

    def refused(self, found: Room, seat: int, message: str, move: Any) -> None:
        codec = found.codec
        assert codec is not None
        head = f'<data class="error" message="{escape(message[:1000])}"'
        if move is None:
            self._room(found, [head + "/>"])
            return
        original = codec.move_lines(move, codec.error_original, ' class="move"')
        self._room(found, [head + ">", *["  " + line for line in original], "</data>"])

    def finished(self, found: Room) -> None:
        codec = found.codec
        if codec is not None and found.table.status is Status.OVER:
            self._room(
                found, codec.result_lines(found.table.state, found.display_names(), found.forfeit)
            )
        self.send([left(found.id)])
        if found is self.room:
            self.room = None
            self.end()
        elif found in self.observing:
            self.observing.remove(found)


def _slot_name(given: str | None) -> str:
    """A prepared slot's display name: empty, or a clean name (`BadName` otherwise)."""
    if given is None or not given.strip():
        return ""
    return clean_name(given, field="displayName")
