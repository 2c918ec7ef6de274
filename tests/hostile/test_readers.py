"""Watchers and bots that stop reading (finding 5): a silent spectator of a table, a
bot on TCP and a bot on /ws/bot that read nothing are dropped without slowing anyone;
the side game goes on throughout."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.hostile.side import SideGame, open_socket, silent_socket, xml_port
from tests.serverproc import ServerProcess, free_port


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db: Path = tmp_path_factory.mktemp("readers") / "games.db"
    process = ServerProcess(
        db,
        "--xml-port",
        str(free_port()),
        env={"SPIELTISCH_SEND_QUEUE": "8", "SPIELTISCH_SEND_TIMEOUT": "2"},
    )
    process.start()
    try:
        yield process
    finally:
        process.stop()


def test_a_silent_spectator_does_not_slow_the_table(server: ServerProcess) -> None:
    with SideGame(server) as side:
        silent = [silent_socket(server, f"/ws/tables/{side.table_id}") for _ in range(2)]
        try:
            # every action sends each watcher the whole table (about 11 KB): the
            # buffers between the server and a silent watcher (the system's send
            # buffer grows to 4 MB) are full after some 400 actions, and before the
            # fix the players then waited on it (39 s in the report, until the
            # WebSocket ping timed out)
            side.wait_for(600, timeout=120)
        finally:
            for sock in silent:
                sock.close()


def _waiting_room(server: ServerProcess) -> tuple[socket.socket, str]:
    """A bot waiting for an opponent (its connection, its room's id)."""
    waiter = socket.create_connection(("127.0.0.1", xml_port(server)), timeout=10)
    waiter.sendall(b'{"type":"join","game":"okard","name":"waiter"}\n')
    buffer = b""
    while True:
        buffer += waiter.recv(65536)
        for line in buffer.split(b"\n")[:-1]:
            message = json.loads(line)
            if message["type"] == "joined":
                return waiter, str(message["table"])


def test_a_bot_that_does_not_read_is_dropped_on_tcp(server: ServerProcess) -> None:
    with SideGame(server) as side:
        waiter, room = _waiting_room(server)
        bot = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        bot.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        bot.settimeout(10)
        bot.connect(("127.0.0.1", xml_port(server)))
        try:
            # each `watch` is answered with the room's whole view (some 10 KB), none read
            watch = json.dumps({"type": "watch", "table": room}).encode() + b"\n"
            for _ in range(2000):
                try:
                    bot.sendall(watch)
                except OSError:
                    break  # dropped: the server cut the connection
            side.wait_for(50, timeout=60)
            assert _closed_by_server(bot)
        finally:
            bot.close()
            waiter.close()


def test_a_bot_that_does_not_read_is_dropped_on_websocket(server: ServerProcess) -> None:
    with SideGame(server) as side:
        waiter, room = _waiting_room(server)
        bot = silent_socket(server, "/ws/bot")
        try:
            frame = _masked_text(json.dumps({"type": "watch", "table": room}))
            for _ in range(2000):
                try:
                    bot.sendall(frame)
                except OSError:
                    break
            side.wait_for(50, timeout=60)
            assert _closed_by_server(bot)
        finally:
            bot.close()
            waiter.close()
        # the bot socket is there for others all the while
        other = open_socket(server, "/ws/bot")
        try:
            other.send(json.dumps({"type": "ping"}))
            assert json.loads(other.recv(10))["type"] == "pong"
        finally:
            other.close()


def _masked_text(text: str) -> bytes:
    """One client WebSocket text frame (masked with a zero mask, as allowed)."""
    data = text.encode("utf-8")
    assert len(data) < 126
    return bytes([0x81, 0x80 | len(data)]) + b"\0\0\0\0" + data


def _closed_by_server(sock: socket.socket) -> bool:
    """Whether the server closed the connection (read what is left until the end,
    within 15 seconds: far less than the 40 s a WebSocket's ping timeout takes)."""
    sock.settimeout(15)
    try:
        while sock.recv(65536):
            pass
    except TimeoutError:
        return False
    except OSError:
        return True
    return True
