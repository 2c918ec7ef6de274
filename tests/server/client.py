"""A table's WebSocket from a test: send actions, read the next table or error message."""

from __future__ import annotations

import json
from typing import Any

from websockets.sync.client import ClientConnection, connect

from tests.serverproc import ServerProcess


class TableClient:
    """One browser's socket to table `table_id` (with its cookie, or none: a spectator)."""

    def __init__(self, server: ServerProcess, table_id: int, cookie: str | None) -> None:
        url = server.url.replace("http://", "ws://") + f"/ws/tables/{table_id}"
        headers = {"cookie": cookie} if cookie else None
        self._connection = connect(url, additional_headers=headers)
        self.socket: ClientConnection = self._connection.__enter__()
        self.table = self.receive("table")

    def receive(self, kind: str | None = None, timeout: float = 20) -> dict[str, Any]:
        """The next message (of `kind`, skipping others)."""
        while True:
            data: dict[str, Any] = json.loads(self.socket.recv(timeout))
            if data["type"] == "table":
                self.table = data
            if kind is None or data["type"] == kind:
                return data

    def until(self, check: Any, timeout: float = 30) -> dict[str, Any]:
        """Table messages until `check(table)` holds."""
        while not check(self.table):
            self.receive("table", timeout)
        return self.table

    def send(self, **message: Any) -> None:
        self.socket.send(json.dumps(message))

    def move(self, notation: str) -> dict[str, Any]:
        """Play `notation`; the answer: the table after it, or the error."""
        before = self.table["ply"]
        self.send(type="move", notation=notation)
        while True:
            data = self.receive()
            if data["type"] == "error" or data["ply"] != before:
                return data

    def close(self) -> None:
        self._connection.__exit__(None, None, None)
