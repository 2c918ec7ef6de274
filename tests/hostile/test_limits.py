"""Rate limits, connection caps, admin password guessing and bot deadlines (findings 6
and 7's rates): each answered as a host expects (429 with Retry-After, a refused
connection, a closed trickler), per client address, while the side game (from its own
address) goes on."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from tests.hostile.side import SideGame, open_socket, request, xml_port
from tests.serverproc import ServerProcess, free_port

PASSWORD = "the-real-admin-password"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db: Path = tmp_path_factory.mktemp("limits") / "games.db"
    limits = {
        "TABLES_PER_MINUTE": "3",
        "JOINS_PER_MINUTE": "3",
        "SIGN_INS_PER_MINUTE": "2",
        "SIGN_UPS_PER_MINUTE": "2",
        "IMPORTS_PER_MINUTE": "2",
        "ANALYSES_PER_MINUTE": "2",
        "WEBSOCKETS_PER_MINUTE": "6",
        "CONNECTIONS_PER_ADDRESS": "4",
        "ADMIN_ATTEMPTS_PER_MINUTE": "3",
        "FIRST_MESSAGE_SECONDS": "1",
        "IDLE_SECONDS": "2",
    }
    process = ServerProcess(
        db,
        "--xml-port",
        str(free_port()),
        "--admin-password",
        PASSWORD,
        env={f"SPIELTISCH_{key}": value for key, value in limits.items()},
    )
    process.start()
    try:
        yield process
    finally:
        process.stop()


@pytest.fixture(scope="module")
def side(server: ServerProcess) -> Iterator[SideGame]:
    """One side game for the whole module (its own table and socket stay within the
    limits of its address)."""
    with SideGame(server) as game:
        yield game


def tcp(server: ServerProcess, source: str) -> socket.socket:
    return socket.create_connection(
        ("127.0.0.1", xml_port(server)), timeout=20, source_address=(source, 0)
    )


def until_closed(sock: socket.socket, timeout: float) -> tuple[bytes, float]:
    """Everything the server sends until it closes the connection, and how long that
    took (AssertionError when it is still open after `timeout` seconds)."""
    started = time.monotonic()
    sock.settimeout(timeout)
    received = b""
    try:
        while chunk := sock.recv(65536):
            received += chunk
    except TimeoutError:
        raise AssertionError(f"still open after {timeout} s: {received!r}") from None
    except ConnectionResetError:
        pass
    return received, time.monotonic() - started


def test_rates_are_limited_per_address_and_path(server: ServerProcess, side: SideGame) -> None:
    source = "127.0.0.3"
    table = {"game": "okard", "opponent": "link"}
    cases = [
        ("/api/tables", table, 3),
        ("/api/tables/1/join", {"name": "x"}, 3),
        ("/api/account/signin", {"username": "x", "password": "y"}, 2),
        ("/api/account/signup", {"username": "x", "password": "y"}, 2),
        ("/api/records/import", {"game": "okard"}, 2),
        ("/api/analysis", {"game": "okard", "position": "?"}, 2),
    ]
    for path, body, allowed in cases:
        for _ in range(allowed):
            status, _, answer = request(server, "POST", path, body, source=source)
            assert status != 429, (path, answer)
        status, headers, answer = request(server, "POST", path, body, source=source)
        assert status == 429, (path, status, answer)
        assert 1 <= int(headers["retry-after"]) <= 60
        assert "too many" in answer["error"]
    # another address is not held back by this one
    status, _, answer = request(server, "POST", "/api/tables", table, source="127.0.0.7")
    assert status == 200, answer
    side.wait_for(20)


def test_websocket_connections_are_rate_limited(server: ServerProcess, side: SideGame) -> None:
    source = "127.0.0.4"
    for _ in range(6):
        open_socket(server, "/ws/bot", source=source).close()
    with pytest.raises(InvalidStatus) as refused:
        open_socket(server, "/ws/bot", source=source)
    response = refused.value.response
    assert response.status_code == 429
    assert 1 <= int(response.headers["retry-after"]) <= 60
    side.wait_for(20)


def test_open_connections_are_capped_per_address(server: ServerProcess, side: SideGame) -> None:
    source = "127.0.0.5"
    sockets = [open_socket(server, "/ws/bot", source=source) for _ in range(3)]
    bot = tcp(server, source)  # the fourth: WebSockets and bot TCP count together
    try:
        bot.sendall(b'{"type":"ping"}\n')
        assert b"pong" in bot.recv(1000)
        refused = tcp(server, source)
        said, _ = until_closed(refused, 10)
        assert b"too many connections" in said
        with pytest.raises(InvalidStatus) as denied:
            open_socket(server, "/ws/bot", source=source)
        assert denied.value.response.status_code == 429
        sockets.pop().close()
        time.sleep(0.5)  # the server sees the close
        again = open_socket(server, "/ws/bot", source=source)
        again.close()
    finally:
        bot.close()
        for sock in sockets:
            sock.close()
    side.wait_for(20)


def test_admin_password_guessing_is_limited(server: ServerProcess, side: SideGame) -> None:
    for guess in ("examplepassword", "password", "123456"):
        sock = tcp(server, "127.0.0.6")
        sock.sendall(f'<protocol><authenticate password="{guess}"/>'.encode())
        said, _ = until_closed(sock, 10)
        assert b"authentication failed: wrong password" in said
        sock.close()
    # past the limit even the right password is refused from that address
    sock = tcp(server, "127.0.0.6")
    sock.sendall(f'<protocol><authenticate password="{PASSWORD}"/>'.encode())
    said, _ = until_closed(sock, 10)
    assert b"too many wrong passwords" in said
    sock.close()
    # JSON admin requests count against the same limit
    sock = tcp(server, "127.0.0.6")
    sock.sendall(json.dumps({"type": "stats", "password": PASSWORD}).encode() + b"\n")
    assert b"too many wrong passwords" in sock.recv(1000)
    sock.close()
    # from elsewhere the admin gets in
    sock = tcp(server, "127.0.0.8")
    sock.sendall(json.dumps({"type": "stats", "password": PASSWORD}).encode() + b"\n")
    assert json.loads(sock.recv(1000))["type"] == "stats"
    sock.close()
    side.wait_for(20)


def test_tricklers_and_silent_bots_are_dropped(server: ServerProcess, side: SideGame) -> None:
    """A client that sends a byte now and then but never a whole message is closed after
    `first_message_seconds` (1 s here) on every bot transport; before the fix each byte
    restarted the clock and /ws/bot had no deadline at all."""
    for opening, spaces in ((b"<protocol>", b" "), (b'{"type":', b" ")):
        sock = tcp(server, "127.0.0.9")
        sock.sendall(opening)
        started = time.monotonic()
        sock.settimeout(0.3)
        closed = False
        while time.monotonic() - started < 12:
            try:
                sock.sendall(spaces)
                if sock.recv(65536) == b"":
                    closed = True
                    break
            except TimeoutError:
                continue
            except OSError:
                closed = True
                break
        assert closed, f"a trickler ({opening!r}) was never dropped"
        sock.close()
    bot = open_socket(server, "/ws/bot", source="127.0.0.10")
    try:
        message = json.loads(bot.recv(10))
        assert message["type"] == "error" and message["rule"] == "TIMEOUT"
        with pytest.raises(ConnectionClosed):
            bot.recv(10)
    finally:
        bot.close()
    # idle after a message: closed `idle_seconds` (2 s) after the last one
    bot = open_socket(server, "/ws/bot", source="127.0.0.10")
    try:
        bot.send(json.dumps({"type": "ping"}))
        assert json.loads(bot.recv(10))["type"] == "pong"
        message = json.loads(bot.recv(10))
        assert message["type"] == "error" and message["rule"] == "TIMEOUT"
    finally:
        bot.close()
    side.wait_for(20)
