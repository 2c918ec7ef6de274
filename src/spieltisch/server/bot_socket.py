"""The bot server inside the web app (`spieltisch serve`): the JSON protocol over a
WebSocket (`bot_socket`, mounted at `/ws/bot`), the XML/JSON listener on `--xml-port`,
and bot tables that live in the web app's hub, so they show in the lobby (a person can
take a waiting bot's seat), can be watched live, and are stored like every table.

The web app calls `start_bots(app, hub, xml_port=…)` in its lifespan after the hub
started and `stop_bots(app)` before the hub stops.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from spieltisch.arena.ladder import Ladder
from spieltisch.bots.admin import check_admin
from spieltisch.bots.json_session import JsonSession
from spieltisch.bots.rooms import Lobby
from spieltisch.bots.server import BotServer
from spieltisch.core.guard import Guard
from spieltisch.core.settings import Settings
from spieltisch.server.socket_outbox import socket_outbox
from spieltisch.tables import Table
from spieltisch.tables.lifecycle import BOT_ROOM
from spieltisch.tables.recorder import Recorder

if TYPE_CHECKING:
    from spieltisch.server.hub import Hub

__all__ = ["BOT_PATH", "HubHost", "bot_socket", "start_bots", "stop_bots"]

log = logging.getLogger(__name__)

#: Where the web app mounts `bot_socket`.
BOT_PATH = "/ws/bot"


class HubHost:
    """Bot tables kept by the web app's hub: in its lobby and store from the start."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._ids: dict[int, int] = {}

    def open(self, table: Table) -> str:
        table.record.meta["room"] = BOT_ROOM  # a bot game: ended if the server restarts
        live = self.hub._open(table)  # the hub's own way in: store game, lobby
        live.room_ai = True  # the room plays its AI seats (a house level of the ladder)
        self._ids[id(table)] = live.id
        return str(live.id)

    def seated(self, table: Table) -> None:
        pass  # the hub's recorder stores the seats as they are taken

    def recorder(self, table: Table) -> Recorder | None:
        game_id = self._ids.get(id(table))
        live = self.hub.tables.get(game_id) if game_id is not None else None
        return live.recorder if live is not None else None

    def close(self, table: Table) -> None:
        self._ids.pop(id(table), None)

    def find(self, table_id: str) -> Table | None:
        if not (table_id.isascii() and table_id.isdigit() and len(table_id) <= 9):
            return None
        live = self.hub.tables.get(int(table_id))
        if live is None or not any(not seat.taken for seat in live.table.seats):
            return None
        self._ids[id(live.table)] = live.id
        return live.table


async def start_bots(
    app: Any,
    hub: Hub,
    *,
    xml_port: int | None = None,
    host: str = "127.0.0.1",
    settings: Settings | None = None,
    guard: Guard | None = None,
) -> Lobby:
    """Give the app its bot lobby (`app.state.bots`, with `settings.admin_password`:
    without one, admin requests are refused) and, with `xml_port`, the listener for the
    XML and JSON protocols over TCP, under the same limits and `guard` as the app."""
    settings = settings if settings is not None else Settings()
    guard = guard if guard is not None else Guard(settings)
    lobby = Lobby(HubHost(hub), password=settings.admin_password)
    lobby.ai = hub.ai  # AI seats of bot tables: the server's levels, in its AI service
    app.state.bots = lobby
    ladder = Ladder(lobby, hub.store, settings)  # bots of accounts, with their tokens
    ladder.start()
    app.state.ladder = ladder
    app.state.bot_server = None
    if xml_port is not None:
        server = BotServer(lobby, host=host, port=xml_port, settings=settings, guard=guard)
        await server.start()
        app.state.bot_server = server
    return lobby


async def stop_bots(app: Any) -> None:
    ladder: Ladder | None = getattr(app.state, "ladder", None)
    if ladder is not None:
        await ladder.stop()
    server: BotServer | None = getattr(app.state, "bot_server", None)
    if server is not None:
        await server.stop()


async def bot_socket(websocket: WebSocket) -> None:
    """The JSON bot protocol over a WebSocket: one JSON object per message.

    The same limits as on TCP: the first message within `first_message_seconds`, then,
    while the bot holds no seat and watches nothing, a message at least every
    `idle_seconds`; a bot that does not read its messages is dropped (`send_queue`,
    `send_timeout`); admin password guesses are limited per address (`core.guard`).
    """
    app = websocket.app
    lobby: Lobby = app.state.bots
    settings: Settings = getattr(app.state, "settings", None) or Settings()
    guard: Guard | None = getattr(app.state, "guard", None)
    client = websocket.client
    address = client.host if client is not None else "unknown"
    largest = settings.max_message_bytes
    handler = asyncio.current_task()
    await websocket.accept()

    def dropped() -> None:  # it does not read: stop waiting for its messages too
        if handler is not None:
            handler.cancel()

    outbox = socket_outbox(websocket, settings, dropped)

    def check(password: str | None, given: object) -> str | None:
        return check_admin(password, given, guard, address)

    session = JsonSession(
        lobby, lambda text: outbox.send(text.encode("utf-8")), outbox.close, check_admin=check
    )
    loop = asyncio.get_running_loop()
    deadline = loop.time() + settings.first_message_seconds
    was_free = True
    try:
        while not outbox.closing:
            free = session.room is None and not session.watching and not session.queued
            if not free or not was_free:  # seated, or a game just ended: idle from now
                deadline = loop.time() + settings.idle_seconds
            was_free = free
            try:
                message = await asyncio.wait_for(
                    websocket.receive(), None if not free else max(0.0, deadline - loop.time())
                )
            except TimeoutError:
                session.error("no message within the time limit", "TIMEOUT")
                outbox.close()
                break
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                raw = message.get("bytes") or b""
                if len(raw) > largest:
                    session.error(f"a message longer than {largest} bytes", "TOO_LONG")
                    continue
                try:
                    text = raw.decode("utf-8")
                except UnicodeDecodeError as exc:
                    session.error(f"not valid UTF-8 (byte {exc.start})", "BAD_UTF8")
                    continue
            if len(text) > largest:
                session.error(f"a message longer than {largest} bytes", "TOO_LONG")
                continue
            session.handle(text)
            deadline = loop.time() + settings.idle_seconds
    except WebSocketDisconnect:
        pass
    except asyncio.CancelledError:
        if not outbox.dropped or handler is None:
            raise
        handler.uncancel()  # dropped for not reading: this connection ends here
    finally:
        session.closed()
        outbox.close()
        with contextlib.suppress(TimeoutError):  # what is queued goes out first
            await asyncio.wait_for(outbox.done.wait(), 1.0)
