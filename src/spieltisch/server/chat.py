"""Chat per table, as lichess keeps it: two rooms per table, the players' and the
spectators'. A browser holding a seat reads and writes the players' room; every other
browser reads and writes the spectators' room, so spectators can neither write into nor
read the players' chat (nor advise them), and players are not distracted by the
spectators' talk.

A line is cleaned by `core.names.clean_text` (NFC, printable, at most `chat_longest`
characters), counted against the `chat` rate limit of `core.guard` per identity (a school
behind one address shares the address, not the limit), and kept in a bounded history
(`chat_history` lines per room, in memory: chat is talk, not the record of the game).
Writing needs a name: a seat's name for a player, the guest's or account's name for a
spectator (an anonymous spectator is asked for one: `NAME_NEEDED`). Refusals are
`{"type": "chat_error", "code": ...}` with a stable code the page translates.

Muting is the reader's choice and lives in the browser (`js/chat.js`, per table).

With several server processes (`server.cluster`) a table's rooms live at its owner: a
browser watching from another process writes through the owner (its line checked and
counted where it was written), the owner numbers the line, sends it to its own readers
and publishes it to the processes watching the table, and a history is asked of the
owner. If the owner cannot be reached the refusal is `UNAVAILABLE`.
"""

from __future__ import annotations

import json
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Literal

from spieltisch.bots.outbox import Outbox
from spieltisch.core.guard import Guard
from spieltisch.core.names import BadName, clean_text
from spieltisch.core.settings import Settings
from spieltisch.server.cluster import RemoteTable
from spieltisch.server.hub import Hub, LiveTable
from spieltisch.server.identity import Identity
from spieltisch.store import StoreUnavailable

__all__ = ["CHAT_KINDS", "PLAYERS", "SPECTATORS", "ChatError", "ChatRoom", "Chats", "Room"]

#: The table socket's message kinds for the chat: `{"type": "chat_history"}` asks for
#: the history of the browser's room (sent only when asked, so a client that does not
#: chat never sees a chat message), `{"type": "chat", "text": ...}` writes a line.
CHAT_KINDS = frozenset({"chat", "chat_history"})

Room = Literal["players", "spectators"]
PLAYERS: Room = "players"
SPECTATORS: Room = "spectators"


class ChatError(Exception):
    """A chat line refused: `code` is what the page translates, `wait` the seconds to
    wait when the rate limit was hit."""

    def __init__(self, code: str, wait: float | None = None) -> None:
        super().__init__(code)
        self.code = code
        self.wait = wait

    def message(self) -> bytes:
        answer: dict[str, Any] = {"type": "chat_error", "code": self.code}
        if self.wait is not None:
            answer["wait"] = self.wait
        return json.dumps(answer).encode("utf-8")


@dataclass
class ChatRoom:
    """The two rooms of one table, each its last `size` lines."""

    size: int
    lines: dict[Room, deque[dict[str, Any]]] = field(default_factory=dict)
    counter: int = 0

    def __post_init__(self) -> None:
        self.lines = {PLAYERS: deque(maxlen=self.size), SPECTATORS: deque(maxlen=self.size)}

    def add(self, room: Room, name: str, seat: int | None, text: str) -> dict[str, Any]:
        self.counter += 1
        line = {"n": self.counter, "name": name, "seat": seat, "text": text, "at": time.time()}
        self.lines[room].append(line)
        return line

    def history(self, room: Room) -> list[dict[str, Any]]:
        return list(self.lines[room])


#: A table as its chat sees it: owned here, or watched here and owned elsewhere.
Watched = LiveTable | RemoteTable


def room_of(live: Watched, token: str | None) -> Room:
    """The room a browser reads and writes: the players' if it holds a seat."""
    return PLAYERS if live.held(token) else SPECTATORS


def _message(room: Room, lines: list[dict[str, Any]], *, history: bool) -> bytes:
    data = {"type": "chat", "room": room, "lines": lines, "history": history}
    return json.dumps(data, separators=(",", ":")).encode("utf-8")


class Chats:
    """The chat rooms of the hub's live tables (one per table, made on first use and
    forgotten with the table)."""

    def __init__(self, hub: Hub, settings: Settings, guard: Guard) -> None:
        self.hub = hub
        self.settings = settings
        self.guard = guard
        self.rooms: dict[int, ChatRoom] = {}
        if hub.cluster is not None:  # the owner of a table answers for its rooms
            hub.cluster.chats = self

    def room(self, live: LiveTable) -> ChatRoom:
        found = self.rooms.get(live.id)
        if found is None:
            for gone in [i for i in self.rooms if i not in self.hub.tables]:
                del self.rooms[gone]  # the hub forgot these tables (ended, unwatched)
            found = self.rooms[live.id] = ChatRoom(self.settings.chat_history)
        return found

    async def handle(
        self, live: Watched, identity: Identity, outbox: Outbox, data: dict[str, Any]
    ) -> None:
        """One chat message of a table socket (`CHAT_KINDS`); a refusal is answered on
        the socket."""
        try:
            if data.get("type") == "chat_history":
                await self.greet(live, outbox, identity.key)
            else:
                await self.say(live, identity, data.get("text"))
        except ChatError as exc:
            outbox.send(exc.message())
        except StoreUnavailable:  # the owner process of the table did not answer
            outbox.send(ChatError("UNAVAILABLE").message())

    async def greet(self, live: Watched, outbox: Outbox, token: str | None) -> None:
        """Send a watcher the history of its room (and which room it is)."""
        room = room_of(live, token)
        if isinstance(live, RemoteTable):
            lines = await live.cluster.request(live.id, "chat_history", room=room)
        else:
            lines = self.history(live, room)
        outbox.send(_message(room, lines, history=True))

    def history(self, live: LiveTable, room: Room) -> list[dict[str, Any]]:
        """The lines of `room` of a table owned here."""
        return self.room(live).history(room)

    async def say(self, live: Watched, identity: Identity, raw: object) -> None:
        """Add the line `raw` from `identity` to its room and send it to that room's
        readers (`ChatError` when refused)."""
        token = identity.key
        held = live.held(token)
        room = room_of(live, token)
        if held:
            name: str | None = _seat_name(live, held[0])
            seat: int | None = held[0] if len(held) == 1 else None
        else:
            name, seat = identity.name, None
        if token is None or not name:
            raise ChatError("NAME_NEEDED")
        try:
            text = clean_text(raw, field="a chat line", longest=self.settings.chat_longest)
        except BadName as exc:
            codes = ("TOO_LONG", "EMPTY")
            raise ChatError(exc.code if exc.code in codes else "BAD_TEXT") from None
        text = text.strip()
        if not text:
            raise ChatError("EMPTY")
        wait = self.guard.hit("chat", token)
        if wait is not None:
            raise ChatError("TOO_FAST", wait)
        if isinstance(live, RemoteTable):  # the owner numbers it and sends it to everyone
            await live.cluster.request(live.id, "chat", room=room, name=name, seat=seat, text=text)
        else:
            self.post(live, room, name, seat, text)

    def post(
        self, live: LiveTable, room: Room, name: str, seat: int | None, text: str
    ) -> dict[str, Any]:
        """Add a checked line to a room of a table owned here and send it to the room's
        readers, here and on the processes that watch the table."""
        line = self.room(live).add(room, name, seat, text)
        self.deliver(live, room, line)
        cluster = self.hub.cluster
        if cluster is not None and cluster.watched_elsewhere(live):
            cluster.publish_chat(live, room, line)
        return line

    @staticmethod
    def deliver(live: Watched, room: Room, line: dict[str, Any]) -> None:
        """Send `line` to the readers of `room` among the table's sockets on this process."""
        encoded = _message(room, [line], history=False)
        for outbox, reader in list(live.sockets.items()):
            if room_of(live, reader) == room:
                outbox.send(encoded)


def _seat_name(live: Watched, seat: int) -> str | None:
    """The name on `seat` (a remote table knows it from its owner's last frame)."""
    if isinstance(live, RemoteTable):
        return live.seat_name(seat)
    return live.table.seats[seat].name


def chats_of(app: Any) -> Chats:
    """The app's chats (made on first use, over its hub, settings and guard)."""
    found = getattr(app.state, "chats", None)
    if not isinstance(found, Chats) or found.hub is not app.state.hub:
        settings = getattr(app.state, "settings", None)
        settings = settings if isinstance(settings, Settings) else Settings()
        guard = getattr(app.state, "guard", None)
        guard = guard if isinstance(guard, Guard) else Guard(settings)
        found = Chats(app.state.hub, settings, guard)
        app.state.chats = found
    return found
