"""Hostile HTTP requests and cross-site pages (findings 4 and 10): bodies limited before
they are read (a huge body is never buffered), slow bodies refused, security headers on
every answer, cross-site POSTs and WebSockets from another site's page refused; the side
game goes on throughout."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.exceptions import InvalidStatus

from tests.hostile.side import SideGame, open_socket, request
from tests.serverproc import ServerProcess

MB = 1024 * 1024


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db: Path = tmp_path_factory.mktemp("requests") / "games.db"
    process = ServerProcess(db, env={"SPIELTISCH_BODY_SECONDS": "2"})
    process.start()
    try:
        yield process
    finally:
        process.stop()


def resident_peak(server: ServerProcess) -> int:
    """The server process's peak resident memory (bytes)."""
    assert server.process is not None
    for line in Path(f"/proc/{server.process.pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmHWM")


def raw_post(server: ServerProcess, head: str) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=20)
    sock.sendall(
        (
            f"POST /api/records/import HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
            f"Content-Type: application/json\r\n{head}\r\n"
        ).encode("ascii")
    )
    return sock


def status_of(sock: socket.socket) -> int:
    answer = b""
    while b"\r\n" not in answer:
        chunk = sock.recv(4096)
        if not chunk:
            break
        answer += chunk
    return int(answer.split(b" ", 2)[1])


def test_a_declared_huge_body_is_refused_before_it_is_read(server: ServerProcess) -> None:
    with SideGame(server) as side:
        sock = raw_post(server, f"Content-Length: {500 * MB}\r\n")
        try:
            assert status_of(sock) == 413  # answered at once: not one byte was sent
        finally:
            sock.close()
        side.wait_for(20)


def test_a_streamed_huge_body_is_never_buffered(server: ServerProcess) -> None:
    with SideGame(server) as side:
        before = resident_peak(server)
        sock = raw_post(server, "Transfer-Encoding: chunked\r\n")
        chunk = b"%x\r\n" % MB + b"x" * MB + b"\r\n"

        def flood() -> None:
            try:
                for _ in range(300):  # 300 MB, unless the server stops it first
                    sock.sendall(chunk)
                sock.sendall(b"0\r\n\r\n")
            except OSError:
                pass  # refused and closed: what we want

        sender = threading.Thread(target=flood)
        sender.start()
        try:
            assert status_of(sock) == 413
        finally:
            sender.join(60)
            sock.close()
        grown = resident_peak(server) - before
        # before the fix the server read the whole body first (1.1 GB peak for 500 MB)
        assert grown < 64 * MB, f"the server grew by {grown // MB} MB"
        side.wait_for(20)


def test_a_slow_body_is_refused(server: ServerProcess) -> None:
    with SideGame(server) as side:
        sock = raw_post(server, "Content-Length: 1000\r\n")
        try:
            sock.sendall(b'{"game"')
            # a client that sends a few bytes now and then holds a connection for ever
            # unless its body has a deadline (2 s here)
            sock.settimeout(15)
            started = time.monotonic()
            assert status_of(sock) == 408
            assert time.monotonic() - started < 14
        finally:
            sock.close()
        side.wait_for(20)


def test_every_answer_has_the_security_headers(server: ServerProcess) -> None:
    for path in ("/", "/static/js/app.js", "/api/games", "/api/tables/999999"):
        status, headers, _ = request(server, "GET", path)
        assert status in (200, 404)
        csp = headers["content-security-policy"]
        assert "script-src 'self'" in csp and "'unsafe-inline'" not in csp
        assert "frame-ancestors 'none'" in csp
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["x-frame-options"] == "DENY"
        assert headers["referrer-policy"] == "same-origin"
        assert "server" not in headers  # no versions advertised


def test_a_cross_site_post_is_refused(server: ServerProcess) -> None:
    body = {"game": "ostseeschach", "opponent": "ai", "level": "random"}
    with SideGame(server) as side:
        for headers in (
            {"origin": "https://evil.example"},
            {"origin": "null"},
            {"sec-fetch-site": "cross-site"},
            {"sec-fetch-site": "same-site"},
        ):
            status, _, answer = request(server, "POST", "/api/tables", body, headers=headers)
            assert status == 403 and "another site" in answer["error"], headers
        same = {"origin": server.url, "sec-fetch-site": "same-origin"}
        status, _, answer = request(server, "POST", "/api/tables", body, headers=same)
        assert status == 200, answer
        status, _, answer = request(server, "POST", "/api/tables", body)  # a script
        assert status == 200, answer
        side.wait_for(20)


def test_websockets_from_another_site_are_refused(server: ServerProcess) -> None:
    with SideGame(server) as side:
        for path in (f"/ws/tables/{side.table_id}", "/ws/bot"):
            with pytest.raises(InvalidStatus) as refused:
                open_socket(server, path, origin="https://evil.example")
            assert refused.value.response.status_code == 403
            same = open_socket(server, path, origin=server.url)
            same.close()
        bot = open_socket(server, "/ws/bot")  # a program sends no Origin: welcome
        bot.close()
        side.wait_for(20)
