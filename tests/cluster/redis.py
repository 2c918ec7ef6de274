"""A throwaway Redis server (Debian's `redis-server`) on a free 127.0.0.1 port, for the
tests of several server processes joined by the broker: no persistence, no other
listener, stopped and removed after the test."""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path


class NoRedis(Exception):
    """No Redis server can be started here; the message says why."""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class RedisServer:
    """A running `redis-server`; `url` is its address for the `broker_url` setting."""

    process: subprocess.Popen[bytes]
    port: int
    folder: Path

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        shutil.rmtree(self.folder, ignore_errors=True)


def start_redis() -> RedisServer:
    """Start `redis-server` (on PATH or /usr/bin); `NoRedis` says why it cannot."""
    binary = shutil.which("redis-server") or (
        "/usr/bin/redis-server" if Path("/usr/bin/redis-server").exists() else None
    )
    if binary is None:
        raise NoRedis("no redis-server on PATH: install Debian's redis-server package")
    folder = Path(tempfile.mkdtemp(prefix="spieltisch-redis-"))
    for _ in range(3):
        port = _free_port()
        process = subprocess.Popen(
            [
                binary,
                "--port", str(port),
                "--bind", "127.0.0.1",
                "--save", "",
                "--appendonly", "no",
                "--dir", str(folder),
                "--daemonize", "no",
                "--loglevel", "warning",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )  # fmt: skip
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and process.poll() is None:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5) as probe:
                    probe.sendall(b"PING\r\n")
                    if probe.recv(16).startswith(b"+PONG"):
                        return RedisServer(process, port, folder)
            except OSError:
                time.sleep(0.05)
        process.kill()
        process.wait(5)
    shutil.rmtree(folder, ignore_errors=True)
    raise NoRedis("redis-server did not start")
