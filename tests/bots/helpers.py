"""What the bot-server tests share: a server in a thread over a fresh store, and a raw
XML client that reads the server's stream packet by packet."""

from __future__ import annotations

import os
import socket
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import spieltisch
from spieltisch.arena.duel import ServerThread
from spieltisch.bots.rooms import Lobby, StoreHost
from spieltisch.bots.stream import PacketSplitter
from spieltisch.core.xml_reading import read_xml
from spieltisch.store import Store

SOURCE = str(Path(spieltisch.__file__).resolve().parents[1])


def bot_env() -> dict[str, str]:
    """The environment of a `spieltisch` child process: this source tree first."""
    env = dict(os.environ)
    env["PYTHONPATH"] = SOURCE + os.pathsep + env.get("PYTHONPATH", "")
    return env


def spieltisch_command(*args: str) -> str:
    """A shell-quoted `python -m spieltisch …` command line for the duel runner."""
    return " ".join([sys.executable, "-m", "spieltisch", *args])


@contextmanager
def running_server(
    db: Path | None = None, *, soft: float = 30.0, hard: float = 60.0, join_timeout: float = 10.0
) -> Iterator[ServerThread]:
    """A server in a thread; the timeouts are long unless a test is about them (a busy
    machine must not turn a slow test client into a timeout)."""
    store = Store.open(db) if db is not None else None
    lobby = Lobby(StoreHost(store), soft_timeout=soft, hard_timeout=hard, password="secret")
    server = ServerThread(lobby)
    server.server.join_timeout = join_timeout
    try:
        yield server
    finally:
        server.stop()
        if store is not None:
            store.close()


class XmlClient:
    """A raw client of the XML protocol: send text, read packets (as text and parsed)."""

    def __init__(self, port: int, *, protocol: bool = True) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.splitter = PacketSplitter()
        self.raw = b""
        self.pending: list[bytes] = []
        if protocol:
            self.send("<protocol>")

    def send(self, text: str | bytes) -> None:
        self.sock.sendall(text.encode() if isinstance(text, str) else text)

    def packet(self, timeout: float = 10.0) -> tuple[str, ET.Element]:
        """The next packet from the server (`TimeoutError` if none comes in time)."""
        deadline = time.monotonic() + timeout
        while not self.pending:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no packet from the server")
            self.sock.settimeout(left)
            data = self.sock.recv(65536)
            if not data:
                raise EOFError("the server closed the connection")
            self.raw += data
            self.pending += self.splitter.feed(data)
        text = self.pending.pop(0).decode("utf-8")
        return text, read_xml(text)

    def until(self, what: str, timeout: float = 10.0) -> list[tuple[str, ET.Element]]:
        """Packets up to and including the first whose tag or data class is `what`."""
        seen = []
        while True:
            text, element = self.packet(timeout)
            seen.append((text, element))
            if kind(element) == what:
                return seen

    def closed(self, timeout: float = 5.0) -> bool:
        """True when the server closes the connection within `timeout` seconds."""
        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline:
                self.sock.settimeout(max(0.01, deadline - time.monotonic()))
                data = self.sock.recv(65536)
                if not data:
                    return True
                self.raw += data
                self.pending += self.splitter.feed(data)
        except TimeoutError:
            return False
        except ConnectionResetError:
            return True
        return False

    def close(self) -> None:
        self.sock.close()


def kind(element: ET.Element) -> str:
    """A packet's tag, or for a room packet the class of its data."""
    if element.tag == "room":
        data = element.find("data")
        return "" if data is None else data.get("class", "")
    return element.tag
