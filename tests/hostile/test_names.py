"""Lone surrogates and control characters in every name field (finding 3): the web
API's create and join, the bot protocols' names (XML `displayName` on join and in a
prepared slot, JSON `name` over TCP and /ws/bot, JSON `names` of prepare). Each is
refused with a clear error before anything is seated or stored; the lobby keeps
working; a bot waiting for an opponent is not left waiting; the side game goes on."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.hostile.side import SideGame, open_socket, request, xml_port
from tests.serverproc import ServerProcess, free_port

PASSWORD = "a-long-admin-password"
#: Names nobody may take: a lone surrogate, controls, a right-to-left override, an escape
#: sequence, a zero-width joiner, a line separator, and far too long.
BAD_NAMES = [
    "m\ud800",
    "a\x00b",
    "bob\u202egnp.exe",
    "\x1b[31mred",
    "a\u200db",
    "a\u2028b",
    "x" * 500,
]
#: The same, as XML attribute text (XML itself cannot carry a lone surrogate or a NUL).
BAD_XML_NAMES = ["bob&#x202E;gnp.exe", "a&#x85;b", "a&#x200D;b", "a&#x2028;b", "x" * 500]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db: Path = tmp_path_factory.mktemp("names") / "games.db"
    process = ServerProcess(
        db,
        "--xml-port",
        str(free_port()),
        "--admin-password",
        PASSWORD,
        env={"SPIELTISCH_FIRST_MESSAGE_SECONDS": "30"},
    )
    process.start()
    try:
        yield process
    finally:
        process.stop()


class JsonBot:
    """A bot over the JSON protocol on TCP."""

    def __init__(self, server: ServerProcess) -> None:
        self.sock = socket.create_connection(("127.0.0.1", xml_port(server)), timeout=20)
        self.buffer = b""

    def send(self, **message: Any) -> None:
        self.sock.sendall(json.dumps(message).encode("ascii") + b"\n")

    def receive(self, kind: str) -> dict[str, Any]:
        while True:
            while b"\n" in self.buffer:
                line, _, self.buffer = self.buffer.partition(b"\n")
                message: dict[str, Any] = json.loads(line)
                if message["type"] in (kind, "error"):
                    return message
            data = self.sock.recv(65536)
            assert data, "the server closed the connection"
            self.buffer += data

    def close(self) -> None:
        self.sock.close()


def xml_exchange(server: ServerProcess, text: str) -> str:
    """Send `text` on a fresh XML connection; everything the server says until it
    closes the connection."""
    sock = socket.create_connection(("127.0.0.1", xml_port(server)), timeout=20)
    try:
        sock.sendall(text.encode("utf-8"))
        received = b""
        while chunk := sock.recv(65536):
            received += chunk
        return received.decode("utf-8")
    finally:
        sock.close()


def test_web_names_are_refused_and_the_lobby_keeps_working(server: ServerProcess) -> None:
    with SideGame(server) as side:
        status, _, answer = request(
            server, "POST", "/api/tables", {"game": "okard", "opponent": "link", "name": "host"}
        )
        assert status == 200, answer
        table_id = answer["id"]
        for bad in BAD_NAMES:
            status, _, answer = request(
                server, "POST", "/api/tables", {"game": "okard", "opponent": "ai", "name": bad}
            )
            assert status == 400 and answer["code"] in ("BAD_CHARACTER", "TOO_LONG"), answer
            status, _, answer = request(
                server, "POST", f"/api/tables/{table_id}/join", {"name": bad}
            )
            assert status == 400 and answer["code"] in ("BAD_CHARACTER", "TOO_LONG"), answer
            # before the fix, a "m\ud800" join sat in memory and the lobby answered 400
            # to every visitor until a restart
            status, _, lobby = request(server, "GET", "/api/tables")
            assert status == 200, lobby
            waiting = [t for t in lobby["open"] if t["id"] == table_id]
            assert waiting and waiting[0]["players"] == ["host", ""]
        status, _, answer = request(
            server, "POST", f"/api/tables/{table_id}/join", {"name": "  Zoë  "}
        )
        assert status == 200 and answer["seat"] == 1, answer
        status, _, table = request(server, "GET", f"/api/tables/{table_id}")
        assert table["seats"][1]["name"] == "Zoë"  # NFC, outer spaces gone
        side.wait_for(20)


def test_json_bot_names_are_refused_and_the_opponent_is_not_left_waiting(
    server: ServerProcess,
) -> None:
    with SideGame(server) as side:
        waiter = JsonBot(server)
        waiter.send(type="join", game="hase-und-igel", name="waiter")
        joined = waiter.receive("joined")
        assert joined["type"] == "joined", joined
        for bad in BAD_NAMES:
            rogue = JsonBot(server)
            rogue.send(type="join", game="hase-und-igel", name=bad)
            refused = rogue.receive("joined")
            assert refused["type"] == "error" and refused["rule"] == "BAD_NAME", refused
            rogue.send(type="ping")  # the connection stays open: it may try again
            assert rogue.receive("pong")["type"] == "pong"
            rogue.close()
        fair = JsonBot(server)
        fair.send(type="join", game="hase-und-igel", name="fair")
        assert fair.receive("joined")["table"] == joined["table"]
        started = waiter.receive("started")
        assert started["type"] == "started" and "fair" in started["players"], started
        fair.close()
        waiter.close()
        side.wait_for(20)


def test_json_prepare_names_are_refused(server: ServerProcess) -> None:
    admin = JsonBot(server)
    try:
        for bad in BAD_NAMES:
            admin.send(type="prepare", password=PASSWORD, game="okard", names=["ok", bad])
            refused = admin.receive("prepared")
            assert refused["type"] == "error" and refused["rule"] == "BAD_NAME", refused
        admin.send(type="prepare", password=PASSWORD, game="okard", names=["ok", "fine"])
        assert admin.receive("prepared")["type"] == "prepared"
    finally:
        admin.close()


def test_websocket_bot_names_are_refused(server: ServerProcess) -> None:
    with SideGame(server) as side:
        bot = open_socket(server, "/ws/bot")
        try:
            for bad in BAD_NAMES:
                bot.send(json.dumps({"type": "join", "game": "okard", "name": bad}))
                refused = json.loads(bot.recv(10))
                assert refused["type"] == "error" and refused["rule"] == "BAD_NAME", refused
            bot.send(json.dumps({"type": "ping"}))
            assert json.loads(bot.recv(10))["type"] == "pong"
        finally:
            bot.close()
        side.wait_for(20)


def test_xml_display_names_are_refused(server: ServerProcess) -> None:
    with SideGame(server) as side:
        for bad in BAD_XML_NAMES:
            said = xml_exchange(
                server,
                f'<protocol><join gameType="swc_2018_hase_und_igel" displayName="{bad}"/>',
            )
            assert "<errorpacket" in said and "displayName" in said, said
            assert "<joined" not in said
            said = xml_exchange(
                server,
                f'<protocol><authenticate password="{PASSWORD}"/>'
                f'<prepare gameType="swc_2018_hase_und_igel"><slot displayName="ok"/>'
                f'<slot displayName="{bad}"/></prepare>',
            )
            assert "<errorpacket" in said and "displayName" in said, said
            assert "<prepared" not in said
        # nothing was left seated under a refused name
        lobby = request(server, "GET", "/api/tables")[2]
        assert all("\u202e" not in name for t in lobby["open"] for name in t["players"])
        side.wait_for(20)
