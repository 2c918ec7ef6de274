"""Messages to one client, written in order by a task of their own.

Whoever sends never waits: `send` queues the bytes and returns. The writer task writes
and waits for the transport to drain, so a slow client slows only its own queue; a
client that stops reading fills its queue and is dropped (`overflowed`), as is one whose
writes do not drain within `drain_timeout` seconds; `on_drop` is then called (to count
it, and to cut a connection whose transport no longer drains).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

__all__ = ["OUT_LIMIT", "Outbox"]

log = logging.getLogger(__name__)

#: The most messages waiting for one client before it counts as not reading.
OUT_LIMIT = 512
#: Seconds one write may take to drain before the client counts as not reading.
DRAIN_TIMEOUT = 30.0

_CLOSE = b""


class Outbox:
    """The outgoing queue of one connection (see the module)."""

    def __init__(
        self,
        write: Callable[[bytes], Awaitable[None]],
        close: Callable[[], Awaitable[None]],
        *,
        limit: int = OUT_LIMIT,
        drain_timeout: float = DRAIN_TIMEOUT,
        on_drop: Callable[[], None] | None = None,
    ) -> None:
        self._write = write
        self._close = close
        self._queue: asyncio.Queue[bytes] = asyncio.Queue(limit + 1)
        self.limit = limit
        self.drain_timeout = drain_timeout
        self.overflowed = False
        #: True once the client was dropped for not reading (overflow or drain timeout).
        self.dropped = False
        self._on_drop = on_drop
        self.closing = False
        self.done = asyncio.Event()
        self._closed = False
        self._aborted = False
        self.task = asyncio.get_running_loop().create_task(self._run())
        self.task.add_done_callback(self._ended)

    def send(self, data: bytes) -> None:
        """Queue `data` (no-op once closing); a full queue drops the client."""
        if self.closing or not data:
            return
        if self._queue.qsize() >= self.limit:
            self.overflowed = True
            self._drop()
            return
        self._queue.put_nowait(data)

    def close(self) -> None:
        """Close after what is queued has been written."""
        if not self.closing:
            self.closing = True
            self._queue.put_nowait(_CLOSE)

    def abort(self) -> None:
        """Close now, dropping what is queued."""
        self.closing = True
        self._aborted = True
        while not self._queue.empty():  # the sentinel ends the writer even if a
            self._queue.get_nowait()  # cancellation were lost in a finishing write
        self._queue.put_nowait(_CLOSE)
        self.task.cancel()

    def _drop(self) -> None:
        """The client does not read: drop it now and say so."""
        if not self.dropped:
            self.dropped = True
            self.abort()
            if self._on_drop is not None:
                try:
                    self._on_drop()
                except Exception:  # a fault in the hook must not keep the client
                    log.exception("dropping a client failed")

    async def _run(self) -> None:
        try:
            while True:
                data = await self._queue.get()
                if data is _CLOSE or not data or self._aborted:
                    break
                try:
                    await asyncio.wait_for(self._write(data), self.drain_timeout)
                except TimeoutError:
                    asyncio.get_running_loop().call_soon(self._drop)
                    raise
        except (ConnectionError, OSError, TimeoutError, asyncio.CancelledError):
            pass
        except Exception:  # a transport fault must not take the server down
            log.exception("writing to a client failed")
        finally:
            self.closing = True
            if not self._closed:
                self._closed = True
                with contextlib.suppress(Exception):
                    await asyncio.shield(self._close())
            self.done.set()

    def _ended(self, task: asyncio.Task[None]) -> None:
        """The writer task ended; if it was cancelled before it ran, close here."""
        if not self._closed:
            self._closed = True
            self.closing = True
            closing = asyncio.ensure_future(self._close())
            closing.add_done_callback(lambda _f: self.done.set())
        else:
            self.done.set()  # cancelled while closing: nothing more will be written
