"""No default admin password (finding 6): `serve --xml-port` and `server` without one
generate a strong one and print it once; `examplepassword` opens nothing, so a stranger
cannot cancel a person-vs-bot table; a password from a file or the environment works."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.hostile.side import request
from tests.serverproc import ROOT, ServerProcess, free_port


def xml_session(port: int, text: str) -> bytes:
    """Send `text` to the bot server; what it says within a moment (or until it closes)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    try:
        sock.sendall(text.encode())
        sock.settimeout(2)
        said = b""
        try:
            while chunk := sock.recv(65536):
                said += chunk
        except TimeoutError:
            pass
        return said
    finally:
        sock.close()


@pytest.fixture
def web(tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path / "games.db", "--xml-port", str(free_port()))
    process.capture = True
    process.start()
    try:
        yield process
    finally:
        process.stop()


def test_serve_has_no_default_admin_password(web: ServerProcess) -> None:
    assert web.process is not None and web.process.stdout is not None
    port = int(web.extra[1])
    # a person waits for a bot at a table of the web app
    status, _, table = request(web, "POST", "/api/tables", {"game": "okard", "opponent": "link"})
    assert status == 200
    said = xml_session(
        port,
        f'<protocol><authenticate password="examplepassword"/><cancel roomId="{table["id"]}"/>',
    )
    assert b"authentication failed" in said
    status, _, view = request(web, "GET", f"/api/tables/{table['id']}")
    assert view["status"] == "waiting"  # not cancelled by a stranger
    # the generated password was printed once, and it is the admin's
    printed = b""
    deadline = time.monotonic() + 10
    while b"admin password" not in printed and time.monotonic() < deadline:
        printed += os.read(web.process.stdout.fileno(), 4096)
    found = re.search(rb"admin password \(generated, shown only now\): (\S+)", printed)
    assert found is not None, printed
    password = found.group(1).decode()
    assert len(password) >= 20 and password != "examplepassword"
    said = xml_session(port, f'<protocol><authenticate password="{password}"/>')
    assert b"errorpacket" not in said


def test_the_bot_server_takes_its_password_from_a_file_or_the_environment(tmp_path: Path) -> None:
    secret = tmp_path / "admin-password"
    secret.write_text("from-a-file-1234\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    for extra, extra_env, password in (
        (["--admin-password-file", str(secret)], {}, "from-a-file-1234"),
        ([], {"SPIELTISCH_ADMIN_PASSWORD": "from-the-environment"}, "from-the-environment"),
    ):
        port = free_port()
        process = subprocess.Popen(
            [sys.executable, "-m", "spieltisch", "server", "--no-db", "--port", str(port), *extra],
            env={**env, **extra_env},
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        try:
            assert process.stdout is not None
            line = process.stdout.readline()
            assert b"bot server on" in line
            refused = xml_session(port, '<protocol><authenticate password="examplepassword"/>')
            assert b"authentication failed" in refused
            said = xml_session(port, f'<protocol><authenticate password="{password}"/>')
            assert b"errorpacket" not in said
        finally:
            process.terminate()
            process.wait(10)
            if process.stdout is not None:
                process.stdout.close()


def test_a_bad_settings_file_stops_the_server_before_it_starts(tmp_path: Path) -> None:
    config = tmp_path / "spieltisch.toml"
    config.write_text("tables_per_minute = 0\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    for command in ("serve", "server"):
        done = subprocess.run(
            [sys.executable, "-m", "spieltisch", command, "--config", str(config), "--port", "0"],
            env=env,
            capture_output=True,
            timeout=60,
            cwd=tmp_path,
        )
        assert done.returncode != 0
        assert b"tables_per_minute: must be positive" in done.stderr, done.stderr
