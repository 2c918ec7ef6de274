"""The bot server inside `spieltisch serve --xml-port`: bots over the WebSocket and over
TCP, their tables in the lobby, a person taking a waiting bot's seat, their games in the
games list with the bots' names."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.sync.client import connect

from spieltisch.bots.client import BotOutcome, agent_for, play_xml
from spieltisch.core.registry import load
from tests.server.client import TableClient
from tests.serverproc import ServerProcess, free_port


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, int]]:
    xml_port = free_port()
    process = ServerProcess(
        tmp_path_factory.mktemp("web") / "games.db", "--xml-port", str(xml_port)
    )
    process.start()
    try:
        yield process, xml_port
    finally:
        process.stop()


class BotSocket:
    """A JSON bot over the web app's WebSocket."""

    def __init__(self, server: ServerProcess) -> None:
        self._connection = connect(server.url.replace("http://", "ws://") + "/ws/bot")
        self.socket = self._connection.__enter__()

    def send(self, **message: Any) -> None:
        self.socket.send(json.dumps(message))

    def until(self, *kinds: str) -> list[dict[str, Any]]:
        seen = []
        while True:
            message = json.loads(self.socket.recv(20))
            seen.append(message)
            if message["type"] in kinds:
                return seen

    def close(self) -> None:
        self._connection.__exit__(None, None, None)


def test_a_person_accepts_a_waiting_bots_game(web: tuple[ServerProcess, int]) -> None:
    server, _ = web
    bot = BotSocket(server)
    bot.send(type="join", game="schachogi", name="Robo")
    table_id = bot.until("joined")[-1]["table"]
    lobby = server.get("/api/tables")
    (entry,) = [t for t in lobby["open"] if str(t["id"]) == table_id]
    assert entry["players"][0] == "Robo"
    status, answer, cookie = server.post(f"/api/tables/{table_id}/join", {"name": "Ann"})
    assert status == 200 and answer["seat"] == 1
    person = TableClient(server, int(table_id), cookie)
    for _ in range(3):  # the bot (White) moves, then the person
        request = bot.until("move_request")[-1]
        bot.send(type="move", move=request["legal"][0])
        table = person.until(lambda t: t["your_turn"])
        person.move(table["state"]["moves"][0]["notation"])
    person.send(type="resign")
    over = bot.until("over")[-1]
    assert over["winner"] == 0 and over["reason"] == "RESIGNATION"
    person.close()
    bot.close()
    games = server.get("/api/records?player=Robo")["games"]
    assert games[0]["players"][0] == {"name": "Robo", "kind": "bot:Robo"}
    assert games[0]["players"][1] == {"name": "Ann", "kind": "person"}
    assert games[0]["status"] == "finished" and games[0]["plies"] == 6


def test_xml_bots_on_the_web_apps_port_are_watched_and_stored(
    web: tuple[ServerProcess, int],
) -> None:
    server, xml_port = web
    outcomes = [BotOutcome(), BotOutcome()]
    game = load("ostseeschach")

    def run(index: int) -> None:
        agent = agent_for(game, "random", index)
        outcomes[index] = play_xml(game, agent.select, port=xml_port, name=f"xml bot {index}")

    first = threading.Thread(target=run, args=(0,))
    first.start()
    first.join(0.5)
    running = [t for t in server.get("/api/tables")["open"] if t["players"][0] == "xml bot 0"]
    assert running
    watcher = TableClient(server, running[0]["id"], None)
    second = threading.Thread(target=run, args=(1,))
    second.start()
    first.join(60)
    second.join(60)
    assert outcomes[0].finished and outcomes[1].finished
    final = watcher.until(lambda t: t["status"] == "over")
    assert final["seats"][1]["name"] == "xml bot 1"
    watcher.close()
    games = server.get("/api/records?player=xml%20bot%201")["games"]
    assert games and games[0]["status"] == "finished"
    assert games[0]["players"][1]["kind"] == "bot:xml bot 1"


def test_json_over_the_websocket_answers_errors(web: tuple[ServerProcess, int]) -> None:
    server, _ = web
    bot = BotSocket(server)
    bot.socket.send("{nope")
    assert bot.until("error")[-1]["rule"] == "BAD_JSON"
    bot.send(type="move", move="e2e4")
    assert bot.until("error")[-1]["rule"] == "NOT_IN_GAME"
    bot.send(type="ping")
    assert bot.until("pong")
    bot.close()


def test_a_bot_joins_a_persons_table(web: tuple[ServerProcess, int]) -> None:
    server, _ = web
    status, made, cookie = server.post(
        "/api/tables",
        {"game": "okard", "opponent": "link", "seat": 0, "name": "Bea", "options": {"turns": "10"}},
    )
    assert status == 200, made
    bot = BotSocket(server)
    bot.send(type="join", table=str(made["id"]), name="Robo")
    joined = bot.until("joined")[-1]
    assert (joined["table"], joined["seat"]) == (str(made["id"]), 1)
    person = TableClient(server, made["id"], cookie)
    table = person.until(lambda t: t["status"] == "running" and t["seats"][1]["name"] == "Robo")
    assert table["seats"][1]["kind"] == "bot"
    person.send(type="resign")
    assert bot.until("over")[-1]["reason"] == "RESIGNATION"
    person.close()
    bot.close()
