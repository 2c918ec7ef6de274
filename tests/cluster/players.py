"""Browsers of the multi-process tests: each a WebSocket to a table on one server process
that reconnects, as the web client does (web/js/api.js TableSocket), when its connection
ends, to the process it is told to use (a reverse proxy's choice, made by the test)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from tests.serverproc import ServerProcess

#: A short game: Okard on a small board ends after about twenty plies.
GAME = {"game": "okard", "options": {"board": "8", "turns": "12"}, "seed": 5}


def table_across(a: ServerProcess, b: ServerProcess) -> tuple[int, str, str]:
    """A table made on A (its owner) by one browser and joined on B by another: its id
    and both browsers' cookies."""
    status, made, cookie_a = a.post("/api/tables", {**GAME, "opponent": "link", "seat": 0})
    assert status == 200, made
    status, joined, cookie_b = b.post(f"/api/tables/{made['id']}/join", {"name": "bea"})
    assert status == 200, joined
    assert joined["seat"] == 1
    assert cookie_a and cookie_b
    return made["id"], cookie_a, cookie_b


@dataclass
class Browser:
    """One browser at table `table_id`, connected to `server` (a player with `cookie`, or
    a spectator without). `seen[ply]` is when it first saw the table at that ply."""

    server: ServerProcess
    table_id: int
    cookie: str | None = None
    table: dict[str, Any] = field(default_factory=dict)
    seen: dict[int, float] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    connections: int = 0
    _socket: ClientConnection | None = None
    _changed: asyncio.Event = field(default_factory=asyncio.Event)
    _task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._socket is not None:
            await self._socket.close()

    async def _run(self) -> None:
        while True:
            url = self.server.url.replace("http://", "ws://") + f"/ws/tables/{self.table_id}"
            headers = {"cookie": self.cookie} if self.cookie else None
            try:
                async with connect(url, additional_headers=headers, open_timeout=5) as socket:
                    self._socket = socket
                    self.connections += 1
                    async for raw in socket:
                        data = json.loads(raw)
                        if data["type"] == "error":
                            self.errors.append(data["message"])
                        elif data["type"] == "table":
                            self.table = data
                            self.seen.setdefault(data["ply"], time.perf_counter())
                        self._changed.set()
            except (OSError, ConnectionClosed, InvalidStatus, TimeoutError):
                pass
            self._socket = None
            await asyncio.sleep(0.3)  # the web client waits 0.7 s; the test less

    async def until(self, check: Any, timeout: float = 20.0) -> dict[str, Any]:
        """The table once `check(table)` holds."""
        deadline = time.monotonic() + timeout
        while not (self.table and check(self.table)):
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"table {self.table_id}: not as expected: {self.table}")
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), min(left, 0.5))
        return self.table

    async def send(self, **message: Any) -> bool:
        """Send an action; False when not connected now."""
        if self._socket is None:
            return False
        try:
            await self._socket.send(json.dumps(message))
        except ConnectionClosed:
            return False
        return True
