"""What the starter-kit tests share: a real `spieltisch server` process on a free port of
127.0.0.1, games prepared on it through the JSON protocol's admin messages (as
`spieltisch duel --host` does), and a kit played against the house's own bot client."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spieltisch.arena.duel import RemoteServer

from ..bots.helpers import bot_env
from ..serverproc import free_port

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
PASSWORD = "kits-admin-password"
#: Seconds one game of a kit against the random mover may take on a busy machine.
GAME_SECONDS = 90.0


@contextmanager
def bot_server(db: Path) -> Iterator[RemoteServer]:
    """`spieltisch server` in a child process, keeping its games in `db`."""
    port = free_port()
    command = [sys.executable, "-m", "spieltisch", "server", "--port", str(port)]
    command += ["--db", str(db), "--admin-password", PASSWORD]
    process = subprocess.Popen(
        command, env=bot_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"the server ended: {process.stderr.read()!r}")  # type: ignore[union-attr]
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("the server did not start within 30 s") from None
                time.sleep(0.1)
        yield RemoteServer("127.0.0.1", port, PASSWORD)
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)
        if process.stderr is not None:
            process.stderr.close()


def house_bot(game: str, *flags: str) -> list[str]:
    """The house's own bot client playing random legal moves (the fastest opponent)."""
    return [sys.executable, "-m", "spieltisch", "bot", game, "--level", "random", *flags]


@dataclass
class Played:
    """A finished game: the server's `over` message and each program's output."""

    over: dict[str, Any]
    outputs: list[str]
    codes: list[int | None]


def play_prepared(
    server: RemoteServer, game: str, kit: Sequence[str], cwd: Path | None = None
) -> Played:
    """One prepared game: the kit (its argv) in seat 0, the house's random bot in seat 1,
    both started with the official clients' flags; the game watched to its end."""
    sock, stream, _table, codes = server.prepare(game, ("kit", "house"), "", 7, False)
    flags = ["-h", server.host, "-p", str(server.port)]
    programs = [
        subprocess.Popen(
            [*kit, *flags, "-r", codes[0]],
            cwd=cwd,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        ),
        subprocess.Popen(
            house_bot(game, *flags, "-r", codes[1]),
            env=bot_env(),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        ),
    ]
    over: dict[str, Any] = {}
    try:
        sock.settimeout(GAME_SECONDS)
        for line in stream:
            message = json.loads(line)
            if message.get("type") == "over":
                over = message
                break
        outputs = [program.communicate(timeout=30)[0] for program in programs]
    finally:
        sock.close()
        for program in programs:
            if program.poll() is None:
                program.kill()
                program.communicate()
    return Played(over, outputs, [program.returncode for program in programs])
