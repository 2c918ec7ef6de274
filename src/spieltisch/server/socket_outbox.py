"""The outbox of a browser's or bot's WebSocket: everything sent to the socket goes
through a bounded queue with its own writer task (`bots.outbox.Outbox`), so a table or a
bot room never waits for a reader; one that stops reading is dropped and counted."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

from starlette.websockets import WebSocket, WebSocketDisconnect

from spieltisch.bots.outbox import Outbox
from spieltisch.core.metrics import WEBSOCKETS_DROPPED
from spieltisch.core.settings import Settings

__all__ = ["socket_outbox"]


def socket_outbox(socket: WebSocket, settings: Settings, dropped: Callable[[], None]) -> Outbox:
    """An outbox writing text frames to `socket` (`send_queue` messages at most, each
    send within `send_timeout`); `dropped` is called (after the drop is counted) when the
    socket did not keep up."""

    async def write(data: bytes) -> None:
        try:
            await socket.send_text(data.decode("utf-8"))
        except (RuntimeError, WebSocketDisconnect) as exc:  # closed meanwhile
            raise ConnectionError(str(exc)) from None

    async def close() -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(socket.close(), 1.0)

    def on_drop() -> None:
        WEBSOCKETS_DROPPED.inc()
        dropped()

    return Outbox(
        write,
        close,
        limit=settings.send_queue,
        drain_timeout=settings.send_timeout,
        on_drop=on_drop,
    )
