"""Servers on a port another program holds: one `error:` line (status 2) through the real
command, and no address announced that would lead to the other program."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.run import assert_one_error_line, run


@pytest.fixture
def busy_port() -> Iterator[int]:
    """A port of 127.0.0.1 on which another program listens."""
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        yield holder.getsockname()[1]


def test_serve_on_a_busy_port(busy_port: int, tmp_path: Path) -> None:
    result = run("serve", "--port", str(busy_port), "--db", str(tmp_path / "s.db"))
    line = assert_one_error_line(result)  # nothing on stdout: no "spieltisch is at …"
    assert line == f"error: cannot listen on 127.0.0.1:{busy_port}: Address already in use"


def test_serve_with_a_busy_bot_port(busy_port: int, tmp_path: Path) -> None:
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        web_port = free.getsockname()[1]
    result = run(
        "serve",
        "--port",
        str(web_port),
        "--xml-port",
        str(busy_port),
        "--db",
        str(tmp_path / "s.db"),
    )
    assert f"127.0.0.1:{busy_port}: Address already in use" in assert_one_error_line(result)


def test_the_bot_server_on_a_busy_port(busy_port: int) -> None:
    result = run("server", "--port", str(busy_port), "--no-db")
    assert f"127.0.0.1:{busy_port}: Address already in use" in assert_one_error_line(result)


def test_an_address_that_is_not_this_machines(tmp_path: Path) -> None:
    result = run("serve", "--host", "192.0.2.1", "--port", "8000", "--db", str(tmp_path / "s.db"))
    assert "cannot listen on 192.0.2.1:8000" in assert_one_error_line(result)
