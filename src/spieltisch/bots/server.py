"""The bot server: one asyncio TCP listener for the competition's XML protocol and the
JSON protocol (one object per line), told apart by the client's first byte (`<` or `{`).

Every connection gets a read loop and an `Outbox`; nothing a client does blocks the
event loop. Limits (from `Settings` when the server is given them): a client must send
its first complete message within `join_timeout` seconds (`first_message_seconds`), and,
while it holds no seat, watches nothing and is no admin, a complete message at least
every `idle_timeout` seconds (`idle_seconds`): bytes trickling in do not count, so a
client sending a space every few seconds is dropped. A message is at most `max_packet`
bytes (`max_message_bytes`); a client that does not read its messages is dropped
(`send_queue`, `send_timeout`); one address holds at most `connections_per_address`
connections (counted with the web app's WebSockets when both run in one process).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from pathlib import Path
from typing import Any

from spieltisch.bots.admin import check_admin
from spieltisch.bots.json_session import JsonSession
from spieltisch.bots.outbox import DRAIN_TIMEOUT, OUT_LIMIT, Outbox
from spieltisch.bots.rooms import HARD_TIMEOUT, SOFT_TIMEOUT, Lobby, StoreHost, TableHost
from spieltisch.bots.stream import MAX_PACKET
from spieltisch.bots.xml_session import XmlSession
from spieltisch.core.guard import Guard
from spieltisch.core.registry import DEFAULT_GAME
from spieltisch.core.settings import Settings
from spieltisch.store import Store
from spieltisch.tables.recorder import settle_all

__all__ = ["DEFAULT_PORT", "BotServer", "Connection"]

log = logging.getLogger(__name__)

#: The competition's port (ostseeschach-protocol.md).
DEFAULT_PORT = 13050
#: Seconds a new connection has for its first complete message.
JOIN_TIMEOUT = 10.0
#: Seconds a connection without a seat may go without a complete message.
IDLE_TIMEOUT = 300.0
#: Seconds the server keeps a connection it ended open for the client's own goodbye.
LINGER = 2.0
_READ = 65536


class Connection:
    """One client's socket: its outbox and the session that speaks its protocol."""

    def __init__(
        self, server: BotServer, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        self.server = server
        self.reader = reader
        self.writer = writer
        peer: Any = writer.get_extra_info("peername")
        #: The client's address (the key of its rate limits and connection count).
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else "unknown"

        async def write(data: bytes) -> None:
            writer.write(data)
            await writer.drain()

        async def close() -> None:
            # Half-close only: the official servers never closed first, and a client's
            # goodbye after the end of our stream (the Java clients' CloseConnection,
            # then their `</protocol>` in a write of its own) must find the socket open,
            # not reset. The socket goes once the client closed (`finish`), or after
            # LINGER seconds.
            with contextlib.suppress(Exception):
                if writer.can_write_eof():
                    writer.write_eof()
                    asyncio.get_running_loop().call_later(LINGER, self._shut)
                    return
            self._shut()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer.wait_closed(), 1.0)

        def dropped() -> None:  # it does not read: cut the transport, its buffer too
            with contextlib.suppress(Exception):
                writer.transport.abort()

        #: The session speaking the client's protocol, once it is known.
        self.session: XmlSession | JsonSession | None = None
        self.outbox = Outbox(
            write,
            close,
            limit=server.send_queue,
            drain_timeout=server.send_timeout,
            on_drop=dropped,
        )

    def _shut(self) -> None:
        with contextlib.suppress(Exception):
            self.writer.close()

    async def finish(self) -> None:
        """After our side is closed: read (and drop) what the client still sends until it
        closes its side, at most LINGER seconds, then close the socket."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + LINGER
        with contextlib.suppress(Exception):
            while not self.reader.at_eof() and (left := deadline - loop.time()) > 0:
                if not await asyncio.wait_for(self.reader.read(_READ), left):
                    break
        self._shut()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.writer.wait_closed(), 1.0)

    def abort(self) -> None:
        """Drop the connection now (the server stops)."""
        self.outbox.abort()
        with contextlib.suppress(Exception):
            self.writer.transport.abort()

    @property
    def closing(self) -> bool:
        return self.outbox.closing

    def send(self, data: bytes) -> None:
        self.outbox.send(data)

    def close(self) -> None:
        self.outbox.close()


class BotServer:
    """The listener and its lobby (see the module). `start()` inside a running loop."""

    def __init__(
        self,
        lobby: Lobby | None = None,
        *,
        host: str = "127.0.0.1",
        port: int = DEFAULT_PORT,
        join_timeout: float = JOIN_TIMEOUT,
        max_packet: int = MAX_PACKET,
        settings: Settings | None = None,
        guard: Guard | None = None,
    ) -> None:
        """With `settings`, its limits replace `join_timeout` and `max_packet`; with
        `guard` (or `settings`), connections per address are capped and admin password
        guessing is limited (a server for programs on one trusted machine, such as a
        duel or a tournament, runs without)."""
        self.lobby = lobby if lobby is not None else Lobby()
        self.host = host
        self.port = port
        self.join_timeout = join_timeout
        self.idle_timeout = IDLE_TIMEOUT
        self.max_packet = max_packet
        self.send_queue = OUT_LIMIT
        self.send_timeout = DRAIN_TIMEOUT
        if guard is None and settings is not None:
            guard = Guard(settings)
        if settings is None and guard is not None:
            settings = guard.settings
        if settings is not None:
            self.join_timeout = settings.first_message_seconds
            self.idle_timeout = settings.idle_seconds
            self.max_packet = settings.max_message_bytes
            self.send_queue = settings.send_queue
            self.send_timeout = settings.send_timeout
        self.guard = guard
        self.server: asyncio.Server | None = None
        self.connections: set[Connection] = set()
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> int:
        """Listen; the port (the one chosen by the system when `port` is 0)."""
        self.server = await asyncio.start_server(self._client, self.host, self.port)
        self.port = self.server.sockets[0].getsockname()[1]
        return self.port

    async def stop(self) -> None:
        if self.server is not None:
            self.server.close()
            closing = []
            for connection in list(self.connections):  # XML: the official goodbye first
                if isinstance(connection.session, XmlSession):
                    connection.session.shutdown()
                    closing.append(asyncio.ensure_future(connection.outbox.done.wait()))
            if closing:
                await asyncio.wait(closing, timeout=1.0)
                for waiting in closing:
                    waiting.cancel()
            for connection in list(self.connections):
                connection.abort()
            tasks = list(self._tasks)
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.server.wait_closed(), 2.0)
        await settle_all()  # the ends of the games just played are stored before we go

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        connection = Connection(self, reader, writer)
        guard = self.guard
        if guard is not None and not guard.connect(connection.address):
            connection.send(b'<errorpacket message="too many connections from your address"/>\n')
            connection.close()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(connection.outbox.done.wait(), 2.0)
            connection.abort()
            return
        try:
            await self._counted(connection)
        finally:
            if guard is not None:
                guard.disconnect(connection.address)

    async def _counted(self, connection: Connection) -> None:
        self.connections.add(connection)
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        try:
            await self._serve(connection)
        except (ConnectionError, OSError, asyncio.CancelledError):
            pass  # cancelled: the server stops, and this connection with it
        except Exception:
            log.exception("a bot connection failed")
        finally:
            self.connections.discard(connection)
            if connection.session is not None:  # its seat is given up, whatever happened
                connection.session.closed()
            connection.close()
            if task is not None:
                self._tasks.discard(task)
            try:
                await asyncio.wait_for(connection.outbox.done.wait(), 5.0)
                await connection.finish()
            except (TimeoutError, asyncio.CancelledError):  # stopping: drop it now
                connection.abort()

    async def _read(self, connection: Connection, deadline: float | None) -> bytes | None:
        """The next bytes of the client (b"" at its end), or None when `deadline` (the
        loop's time) passed first."""
        if deadline is None:
            return await connection.reader.read(_READ)
        left = deadline - asyncio.get_running_loop().time()
        if left <= 0:
            return None
        try:
            return await asyncio.wait_for(connection.reader.read(_READ), left)
        except TimeoutError:
            return None

    def _deadline(self, free: bool, heard: bool, deadline: float) -> float | None:
        """The time by which the next complete message must have come: none while the
        client holds a seat, watches or is an admin; else `idle_timeout` after its last
        message (or, before its first, the `join_timeout` deadline it had from the start)."""
        now = asyncio.get_running_loop().time()
        if not free:
            return None
        if heard:
            return now + self.idle_timeout
        return deadline

    async def _serve(self, connection: Connection) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.join_timeout
        first = b""
        while not first.strip().lstrip(b"\xef\xbb\xbf"):
            data = await self._read(connection, deadline)
            if data is None:
                connection.send(b'<errorpacket message="no message within the time limit"/>\n')
                return
            if not data:
                return
            first += data
            if len(first) > self.max_packet:
                return
        head = first.strip().lstrip(b"\xef\xbb\xbf")[:1]
        if head == b"{":
            await self._json(connection, first, deadline)
            return
        if head != b"<":
            connection.send(
                b'{"type":"error","rule":"PROTOCOL","message":"start with <protocol> '
                b'(XML) or a JSON object"}\n'
            )
            return
        session = XmlSession(connection)
        connection.session = session
        session.feed(first)
        heard = 0
        seated_before = False
        while not connection.closing:
            free = (
                session.room is None
                and not session.admin
                and not session.observing
                and not session.queued
            )
            fresh = session.packets != heard or (free and seated_before)
            heard, seated_before = session.packets, not free
            due = self._deadline(free, fresh, deadline)
            deadline = due if due is not None else deadline
            data = await self._read(connection, due)
            if data is None:
                session.fault("no complete message within the time limit")
                break
            if not data:
                break
            session.feed(data)
        session.end()  # `\n</protocol>`, as the official server closes its stream

    async def _json(self, connection: Connection, first: bytes, deadline: float) -> None:
        guard = self.guard

        def check(password: str | None, given: object) -> str | None:
            return check_admin(password, given, guard, connection.address)

        session = JsonSession(
            self.lobby,
            lambda text: connection.send(text.encode("utf-8") + b"\n"),
            connection.close,
            check_admin=check,
        )
        connection.session = session
        buffer = bytearray(first)
        heard = 0
        seated_before = False
        while not connection.closing:
            while b"\n" in buffer and not connection.closing:
                line, _, rest = bytes(buffer).partition(b"\n")
                buffer = bytearray(rest)
                self._json_line(session, line)
            if len(buffer) > self.max_packet:
                session.error(f"a message longer than {self.max_packet} bytes", "TOO_LONG")
                connection.close()
                break
            free = session.room is None and not session.watching and not session.queued
            fresh = session.messages != heard or (free and seated_before)
            heard, seated_before = session.messages, not free
            due = self._deadline(free, fresh, deadline)
            deadline = due if due is not None else deadline
            data = await self._read(connection, due)
            if data is None:
                session.error("no complete message within the time limit", "TIMEOUT")
                connection.close()
                break
            if not data:
                if buffer.strip():
                    self._json_line(session, bytes(buffer))
                break
            buffer += data

    def _json_line(self, session: JsonSession, line: bytes) -> None:
        if len(line) > self.max_packet:
            session.error(f"a message longer than {self.max_packet} bytes", "TOO_LONG")
            session._close()
            return
        if not line.strip():
            return
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError as exc:
            session.error(f"a message that is not valid UTF-8 (byte {exc.start})", "BAD_UTF8")
            return
        session.handle(text)


def make_lobby(
    db: str | Path | None,
    *,
    host: TableHost | None = None,
    default_game: str = DEFAULT_GAME,
    soft_timeout: float = SOFT_TIMEOUT,
    hard_timeout: float = HARD_TIMEOUT,
    password: str | None = None,
    seed: int | None = None,
) -> Lobby:
    """A lobby whose games go to the store at `db` (None: not stored); `seed`: see
    `Lobby`."""
    if host is None:
        stored = StoreHost(Store.open(db) if db is not None else None)
        stored.recover()  # the games a crashed server left running end now
        host = stored
    return Lobby(
        host,
        default_game=default_game,
        soft_timeout=soft_timeout,
        hard_timeout=hard_timeout,
        password=password,
        seed=seed,
    )
