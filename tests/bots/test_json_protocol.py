"""The JSON protocol over TCP (one object per line): joining, the view with the legal
moves in notation, moves, errors as messages, watching, and all four games."""

from __future__ import annotations

import json
import socket
import threading
from pathlib import Path
from typing import Any

import pytest

from spieltisch.bots.client import BotOutcome, agent_for, play_json, play_xml
from spieltisch.core.registry import load
from spieltisch.store import Store

from .helpers import running_server


class JsonClient:
    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.stream = self.sock.makefile("rwb")

    def send(self, **message: Any) -> None:
        self.stream.write(json.dumps(message).encode() + b"\n")
        self.stream.flush()

    def until(self, *kinds: str) -> list[dict[str, Any]]:
        seen = []
        while True:
            message = json.loads(self.stream.readline())
            seen.append(message)
            if message["type"] in kinds:
                return seen

    def close(self) -> None:
        self.stream.close()
        self.sock.close()


def test_a_json_game_with_errors_as_messages(tmp_path: Path) -> None:
    with running_server(tmp_path / "g.db") as server:
        white, black = JsonClient(server.port), JsonClient(server.port)
        white.send(type="join", game="schachogi", name="white bot")
        joined = white.until("joined")[-1]
        assert (joined["seat"], joined["game"]) == (0, "schachogi")
        black.send(type="join", table=joined["table"], name="black bot")
        assert black.until("joined")[-1]["seat"] == 1
        seen = white.until("move_request")
        view = [m for m in seen if m["type"] == "view"][-1]["view"]
        notations = {move["notation"] for move in view["state"]["moves"]}
        assert set(seen[-1]["legal"]) == notations and notations
        assert view["seats"][1]["name"] == "black bot" and view["your_turn"]
        black.send(type="move", move=sorted(notations)[0])
        assert black.until("error")[-1]["rule"] == "ILLEGAL_MOVE"  # not its turn
        white.send(type="move", move="zz9-zz10")
        error = white.until("error")[-1]
        assert error["rule"] == "ILLEGAL_MOVE"
        white.send(type="move", move=seen[-1]["legal"][0])  # the game goes on
        clients = [white, black]
        turn = 1
        while True:
            messages = clients[turn].until("move_request", "over")
            if messages[-1]["type"] == "over":
                break
            clients[turn].send(type="move", move=messages[-1]["legal"][0])
            turn = 1 - turn
            if len(messages) > 1000:
                pytest.fail("no end")
    with Store.open(tmp_path / "g.db") as store:
        (summary,) = store.list_games()
        assert summary.players[0].kind == "bot:white bot"


def play_pair(port: int, game: str, protocols: tuple[str, str]) -> list[BotOutcome]:
    outcomes: list[BotOutcome] = [BotOutcome(), BotOutcome()]
    options = "turns=15" if game == "okard" else ""

    def run(index: int) -> None:
        loaded = load(game, options or None)
        agent = agent_for(loaded, "random", index)
        if protocols[index] == "xml":
            outcomes[index] = play_xml(loaded, agent.select, port=port, name=f"x{index}")
        else:
            outcomes[index] = play_json(
                agent.select, game=game, options=options, port=port, name=f"j{index}"
            )

    threads = [threading.Thread(target=run, args=(i,)) for i in (0, 1)]
    threads[0].start()
    threads[0].join(0.3)
    threads[1].start()
    for thread in threads:
        thread.join(60)
    return outcomes


@pytest.mark.parametrize("game", ["ostseeschach", "hase-und-igel", "schachogi", "okard"])
def test_every_game_over_json(game: str) -> None:
    with running_server() as server:
        outcomes = play_pair(server.port, game, ("json", "json"))
    assert all(outcome.finished for outcome in outcomes)
    assert outcomes[0].room == outcomes[1].room
    assert {outcomes[0].seat, outcomes[1].seat} == {0, 1}


def test_an_xml_bot_and_a_json_bot_in_one_room() -> None:
    with running_server() as server:
        outcomes = play_pair(server.port, "hase-und-igel", ("xml", "json"))
    assert all(outcome.finished for outcome in outcomes)
    assert outcomes[0].winner == outcomes[1].winner


def test_watching_a_table() -> None:
    with running_server() as server:
        first = JsonClient(server.port)
        first.send(type="join", game="ostseeschach")
        table = first.until("joined")[-1]["table"]
        watcher = JsonClient(server.port)
        watcher.send(type="watch", table=table)
        assert watcher.until("watching")[-1]["table"] == table
        second = JsonClient(server.port)
        second.send(type="join", table=table)
        second.until("joined")
        first.until("move_request")
        first.close()  # leaves mid-game: the other wins
        seen = watcher.until("over")
        assert [m["type"] for m in seen][:1] == ["view"]
        over = seen[-1]
        assert over["winner"] == 1 and over["forfeit"]["cause"] == "LEFT"


def test_prepare_needs_the_password() -> None:
    with running_server() as server:
        admin = JsonClient(server.port)
        admin.send(type="prepare", password="nope", game="okard")
        assert admin.until("error")[-1]["rule"] == "NOT_ALLOWED"
        admin.send(type="prepare", password="secret", game="okard", names=["a", "b"])
        prepared = admin.until("prepared")[-1]
        assert len(prepared["reservations"]) == 2
        bot = JsonClient(server.port)
        bot.send(type="join", reservation=prepared["reservations"][1])
        joined = bot.until("joined")[-1]
        assert (joined["table"], joined["seat"]) == (prepared["table"], 1)
