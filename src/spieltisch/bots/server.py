"""The bot server: one asyncio TCP listener for the competition's XML protocol and the
JSON protocol (one object per line), told apart by the client's first byte (`<` or `{`).

Every connection gets a read loop and an `Outbox`; nothing a client does blocks the
event loop. Limits: a client must say something within `join_timeout` seconds, a message
is at most `max_packet` bytes, and a client that does not read its messages is dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from pathlib import Path

from spieltisch.bots.json_session import JsonSession
from spieltisch.bots.outbox import Outbox
from spieltisch.bots.rooms import HARD_TIMEOUT, SOFT_TIMEOUT, Lobby, StoreHost, TableHost
from spieltisch.bots.stream import MAX_PACKET
from spieltisch.bots.xml_session import XmlSession
from spieltisch.store import Store

__all__ = ["DEFAULT_PORT", "BotServer", "Connection"]

log = logging.getLogger(__name__)

#: The competition's port (ostseeschach-protocol.md).
DEFAULT_PORT = 13050
#: Seconds a new connection may stay silent before it is closed.
JOIN_TIMEOUT = 10.0
_READ = 65536


class Connection:
    """One client's socket: its outbox and the session that speaks its protocol."""

    def __init__(
        self, server: BotServer, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        self.server = server
        self.reader = reader
        self.writer = writer

        async def write(data: bytes) -> None:
            writer.write(data)
            await writer.drain()

        async def close() -> None:
            with contextlib.suppress(Exception):
                if writer.can_write_eof():
                    writer.write_eof()
            writer.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer.wait_closed(), 1.0)

        self.outbox = Outbox(write, close)

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
    ) -> None:
        self.lobby = lobby if lobby is not None else Lobby()
        self.host = host
        self.port = port
        self.join_timeout = join_timeout
        self.max_packet = max_packet
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
            for connection in list(self.connections):
                connection.abort()
            tasks = list(self._tasks)
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.server.wait_closed(), 2.0)

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        connection = Connection(self, reader, writer)
        self.connections.add(connection)
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        session: XmlSession | JsonSession | None = None
        try:
            session = await self._serve(connection)
        except (ConnectionError, OSError, asyncio.CancelledError):
            pass  # cancelled: the server stops, and this connection with it
        except Exception:
            log.exception("a bot connection failed")
        finally:
            self.connections.discard(connection)
            if session is not None:
                session.closed()
            connection.close()
            if task is not None:
                self._tasks.discard(task)
            try:
                await asyncio.wait_for(connection.outbox.done.wait(), 5.0)
            except (TimeoutError, asyncio.CancelledError):  # stopping: drop it now
                connection.abort()

    async def _serve(self, connection: Connection) -> XmlSession | JsonSession | None:
        first = b""
        while not first.strip().lstrip(b"\xef\xbb\xbf"):
            try:
                data = await asyncio.wait_for(connection.reader.read(_READ), self.join_timeout)
            except TimeoutError:
                connection.send(b'<errorpacket message="no message within the time limit"/>\n')
                return None
            if not data:
                return None
            first += data
            if len(first) > self.max_packet:
                return None
        head = first.strip().lstrip(b"\xef\xbb\xbf")[:1]
        if head == b"{":
            return await self._json(connection, first)
        if head != b"<":
            connection.send(
                b'{"type":"error","rule":"PROTOCOL","message":"start with <protocol> '
                b'(XML) or a JSON object"}\n'
            )
            return None
        session = XmlSession(connection)
        session.feed(first)
        while not connection.closing:
            timeout = self.join_timeout if session.room is None and not session.admin else None
            try:
                data = await asyncio.wait_for(connection.reader.read(_READ), timeout)
            except TimeoutError:
                session.fault("no message within the time limit")
                break
            if not data:
                break
            session.feed(data)
        return session

    async def _json(self, connection: Connection, first: bytes) -> JsonSession:
        session = JsonSession(
            self.lobby, lambda text: connection.send(text.encode("utf-8") + b"\n"), connection.close
        )
        buffer = bytearray(first)
        while not connection.closing:
            while b"\n" in buffer and not connection.closing:
                line, _, rest = bytes(buffer).partition(b"\n")
                buffer = bytearray(rest)
                self._json_line(session, line)
            if len(buffer) > self.max_packet:
                session.error(f"a message longer than {self.max_packet} bytes", "TOO_LONG")
                connection.close()
                break
            timeout = self.join_timeout if session.room is None and not session.watching else None
            try:
                data = await asyncio.wait_for(connection.reader.read(_READ), timeout)
            except TimeoutError:
                session.error("no message within the time limit", "TIMEOUT")
                connection.close()
                break
            if not data:
                if buffer.strip():
                    self._json_line(session, bytes(buffer))
                break
            buffer += data
        return session

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
    default_game: str = "ostseeschach",
    soft_timeout: float = SOFT_TIMEOUT,
    hard_timeout: float = HARD_TIMEOUT,
    password: str = "examplepassword",
) -> Lobby:
    """A lobby whose games go to the store at `db` (None: not stored)."""
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
    )
