"""What the hostile-client tests share: a legitimate player who keeps playing a game on
the side (from its own loopback address, 127.0.0.2, as a real player elsewhere would)
while a test attacks the server, and asserts that its game went on throughout.

Everything stays on the loopback interface and every loop is bounded.
"""

from __future__ import annotations

import http.client
import json
import random
import socket
import threading
import time
from typing import Any

from websockets.sync.client import ClientConnection, connect

from tests.serverproc import ServerProcess

#: The legitimate player's address (any 127.x.y.z reaches the server on 127.0.0.1).
PLAYER_ADDRESS = "127.0.0.2"
#: The attacker's address.
ATTACKER_ADDRESS = "127.0.0.1"


def request(
    server: ServerProcess,
    method: str,
    path: str,
    body: Any = None,
    *,
    headers: dict[str, str] | None = None,
    source: str = ATTACKER_ADDRESS,
    timeout: float = 20,
) -> tuple[int, dict[str, str], Any]:
    """One HTTP request from `source`: (status, headers in lower case, JSON answer or
    None)."""
    connection = http.client.HTTPConnection(
        "127.0.0.1", server.port, timeout=timeout, source_address=(source, 0)
    )
    try:
        data = None if body is None else json.dumps(body).encode("utf-8")
        sent = {"content-type": "application/json", **(headers or {})}
        connection.request(method, path, body=data, headers=sent)
        response = connection.getresponse()
        raw = response.read()
        answer = json.loads(raw) if raw and raw[:1] in (b"{", b"[") else None
        return response.status, {k.lower(): v for k, v in response.getheaders()}, answer
    finally:
        connection.close()


def xml_port(server: ServerProcess) -> int:
    """The bot port of a `serve` started with `--xml-port PORT`."""
    return int(server.extra[server.extra.index("--xml-port") + 1])


def open_socket(
    server: ServerProcess, path: str, *, source: str = ATTACKER_ADDRESS, **options: Any
) -> ClientConnection:
    """A WebSocket to `path` from `source` (options go to `websockets.sync.client.connect`)."""
    sock = socket.create_connection(
        ("127.0.0.1", server.port), timeout=10, source_address=(source, 0)
    )
    url = server.url.replace("http://", "ws://") + path
    connection: ClientConnection = connect(url, sock=sock, **options).__enter__()
    return connection


def silent_socket(server: ServerProcess, path: str, *, headers: str = "") -> socket.socket:
    """A WebSocket opened by hand that never reads what the server sends (its receive
    buffer is as small as the system allows): a watcher who stopped reading."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    sock.settimeout(10)
    sock.connect(("127.0.0.1", server.port))
    sock.sendall(
        (
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
            f"{headers}\r\n"
        ).encode("ascii")
    )
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)  # the handshake only: not one byte of the messages
    assert head.startswith(b"HTTP/1.1 101"), head
    return sock


class SideGame:
    """A player who plays both seats of a game (a friend on the same screen) as fast as
    the server answers, in a thread, from `PLAYER_ADDRESS`: a move, its take-back, a
    move, … Use as a context manager around the attack; `moves` counts the moves and
    take-backs the server confirmed, `table_id` is the table."""

    def __init__(self, server: ServerProcess, game: str = "ostseeschach") -> None:
        self.server = server
        self.game = game
        self.moves = 0
        self.failure: BaseException | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._random = random.Random(7)
        self._times: list[float] = []

    def __enter__(self) -> SideGame:
        self._thread.start()
        self.wait_for(3, timeout=60)  # the game is under way before the attack starts
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(30)

    def wait_for(self, moves: int, timeout: float = 60) -> None:
        """Wait until `moves` more moves were confirmed (AssertionError after `timeout`
        seconds: the game stopped going on)."""
        target = self.moves + moves
        deadline = time.monotonic() + timeout
        while self.moves < target:
            if self.failure is not None:
                raise AssertionError(f"the side game failed: {self.failure!r}")
            assert time.monotonic() < deadline, (
                f"the side game stalled at {self.moves} moves (wanted {target})"
            )
            time.sleep(0.02)

    def _new_table(self) -> tuple[int, str]:
        connection = http.client.HTTPConnection(
            "127.0.0.1", self.server.port, timeout=20, source_address=(PLAYER_ADDRESS, 0)
        )
        try:
            body = json.dumps({"game": self.game, "opponent": "here", "name": "side"})
            connection.request(
                "POST", "/api/tables", body=body, headers={"content-type": "application/json"}
            )
            response = connection.getresponse()
            answer = json.loads(response.read())
            assert response.status == 200, answer
            cookie = (response.getheader("set-cookie") or "").split(";", 1)[0]
            return int(answer["id"]), cookie
        finally:
            connection.close()

    def _run(self) -> None:
        try:
            while not self._stop.is_set():
                table_id, cookie = self._new_table()
                self.table_id = table_id
                with open_socket(
                    self.server,
                    f"/ws/tables/{table_id}",
                    source=PLAYER_ADDRESS,
                    additional_headers={"cookie": cookie},
                ) as sock:
                    self._play(sock)
        except BaseException as exc:  # reported by wait_for
            self.failure = exc

    def _play(self, sock: ClientConnection) -> None:
        """Play a move, take it back, play another, …: every action changes the table
        (each watcher is sent the whole table), and the game never ends, so an attack
        on this table stays on it."""
        table = self._next_table(sock)
        while not self._stop.is_set():
            if table["status"] != "running":
                return
            ply = table["ply"]
            if ply > 0:
                sock.send(json.dumps({"type": "takeback"}))
            else:
                moves = table["state"]["moves"]
                notation = self._random.choice(moves)["notation"]
                sock.send(json.dumps({"type": "move", "notation": notation}))
            while table["ply"] == ply and table["status"] == "running":
                table = self._next_table(sock)
            self.moves += 1

    def _next_table(self, sock: ClientConnection) -> dict[str, Any]:
        while True:
            data: dict[str, Any] = json.loads(sock.recv(30))
            if data["type"] == "table":
                return data
            if data["type"] == "error":
                raise AssertionError(f"the side game's move was refused: {data}")
