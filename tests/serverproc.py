"""A real `spieltisch serve` process on a free 127.0.0.1 port with a SQLite file, for the
server and browser tests; it can be restarted on the same database."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


#: The limits of a test server: the tests play many games quickly from one address, so
#: the rates and connection caps are lifted unless a test sets them (`env`).
GENEROUS = {
    f"SPIELTISCH_{name}": "100000"
    for name in (
        "TABLES_PER_MINUTE",
        "JOINS_PER_MINUTE",
        "SIGN_INS_PER_MINUTE",
        "SIGN_UPS_PER_MINUTE",
        "ADMIN_ATTEMPTS_PER_MINUTE",
        "WEBSOCKETS_PER_MINUTE",
        "IMPORTS_PER_MINUTE",
        "ANALYSES_PER_MINUTE",
        "CONNECTIONS_PER_ADDRESS",
    )
}
#: The test servers start their AI workers at the first question (the tests count them).
GENEROUS["SPIELTISCH_AI_WORKERS_START"] = "on-demand"


class ServerProcess:
    """`spieltisch serve` in a child process; `url` is its address. `env`: settings for
    it (`SPIELTISCH_*` variables), over `GENEROUS`."""

    def __init__(self, db: Path | str, *extra: str, env: dict[str, str] | None = None) -> None:
        self.db = db
        self.extra = list(extra)
        self.env = {**GENEROUS, **(env or {})}
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        #: Keep the server's standard output in `process.stdout` (set before `start`).
        self.capture = False

    def start(self) -> None:
        env = {**os.environ, **self.env}
        env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
        command = [sys.executable, "-m", "spieltisch", "serve", "--port", str(self.port)]
        self.process = subprocess.Popen(
            [*command, "--db", str(self.db), *self.extra],
            env=env,
            stdout=subprocess.PIPE if self.capture else subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server ended: {self.process.stderr.read()!r}")  # type: ignore[union-attr]
            try:
                self.get("/api/games")
                return
            except (urllib.error.URLError, ConnectionError, OSError):
                time.sleep(0.1)
        self.stop()  # not left running behind the failed fixture (it has no finally yet)
        raise RuntimeError("the server did not start within 30 s")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        if self.process is not None and self.process.stderr is not None:
            self.process.stderr.close()
        if self.process is not None and self.process.stdout is not None:
            self.process.stdout.close()
        self.process = None

    def searches(self) -> list[int]:
        """The ids of the server's worker processes (AI searches, analyses), not counting
        multiprocessing's resource tracker."""
        assert self.process is not None
        pid = self.process.pid
        found: list[int] = []
        for task in Path(f"/proc/{pid}/task").iterdir():
            try:
                children = (task / "children").read_text().split()
            except OSError:  # the thread ended since the listing (its children are none)
                continue
            for part in children:
                try:
                    command = Path(f"/proc/{part}/cmdline").read_bytes()
                except OSError:  # gone meanwhile
                    continue
                if b"resource_tracker" not in command:
                    found.append(int(part))
        return found

    def kill(self) -> None:
        """End the server as a crash would (SIGKILL: no clean-up at all)."""
        if self.process is not None:
            self.process.kill()
            self.process.wait(10)
        self.stop()

    def restart(self) -> None:
        self.stop()
        self.start()

    def get(self, path: str, cookie: str | None = None) -> Any:
        request = urllib.request.Request(self.url + path)
        if cookie:
            request.add_header("cookie", cookie)
        with urllib.request.urlopen(request, timeout=20) as response:
            return json.loads(response.read())

    def post(self, path: str, body: Any, cookie: str | None = None) -> tuple[int, Any, str | None]:
        """(status, JSON answer, the cookie the server set or None)."""
        data = body.encode() if isinstance(body, str) else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method="POST")
        request.add_header("content-type", "application/json")
        if cookie:
            request.add_header("cookie", cookie)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                set_cookie = response.headers.get("set-cookie")
                return response.status, json.loads(response.read()), _cookie(set_cookie)
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read() or b"{}"), None


def _cookie(header: str | None) -> str | None:
    return header.split(";", 1)[0] if header else None
