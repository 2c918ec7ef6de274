"""Chat across two server processes: a table owned by process A, a player and a
spectator on each process. Every line reaches its room on both processes, in one order,
the rooms stay apart, and a history asked on the other process is the owner's."""

from __future__ import annotations

from typing import Any

from tests.cluster.players import table_across
from tests.server.client import TableClient
from tests.serverproc import ServerProcess


def _guest(server: ServerProcess, name: str) -> str:
    status, answer, cookie = server.post("/api/account/guest", {"name": name})
    assert status == 200 and cookie is not None, answer
    return cookie


def _line(client: TableClient) -> dict[str, Any]:
    data = client.receive("chat")
    assert data["history"] is False
    [line] = data["lines"]
    return dict(line)


def test_chat_lines_reach_both_processes(pair: list[ServerProcess]) -> None:
    a, b = pair
    table_id, cookie_a, cookie_b = table_across(a, b)  # owned by A, the second player joined on B
    player_a = TableClient(a, table_id, cookie_a)
    player_b = TableClient(b, table_id, cookie_b)
    watcher_a = TableClient(a, table_id, _guest(a, "carol"))
    watcher_b = TableClient(b, table_id, _guest(b, "dave"))
    clients = [player_a, player_b, watcher_a, watcher_b]
    try:
        for client in clients:
            client.send(type="chat_history")
        assert [c.receive("chat")["room"] for c in clients] == [
            "players",
            "players",
            "spectators",
            "spectators",
        ]
        # a player on B writes through the owner: both players read it, numbered there
        player_b.send(type="chat", text="hello from B")
        seen = [_line(player_a), _line(player_b)]
        assert seen[0] == seen[1]
        assert seen[0]["text"] == "hello from B" and seen[0]["name"] == "bea"
        assert seen[0]["seat"] == 1
        player_a.send(type="chat", text="hello from A")
        assert _line(player_b)["text"] == "hello from A"
        assert _line(player_a)["n"] > seen[0]["n"]
        # the spectators' room, from each side; the players never see it
        watcher_b.send(type="chat", text="dave here")
        assert _line(watcher_a)["text"] == "dave here"
        assert _line(watcher_b)["name"] == "dave"
        watcher_a.send(type="chat", text="carol here")
        assert _line(watcher_b)["text"] == "carol here"
        assert _line(watcher_a)["text"] == "carol here"
        # histories asked on B are the owner's, room by room
        player_b.send(type="chat_history")
        history = player_b.receive("chat")
        assert history["history"] is True
        assert [x["text"] for x in history["lines"]] == ["hello from B", "hello from A"]
        watcher_b.send(type="chat_history")
        texts = [x["text"] for x in watcher_b.receive("chat")["lines"]]
        assert texts == ["dave here", "carol here"]
        # the first message the players get after all that is the next players' line
        player_a.send(type="chat", text="last")
        assert _line(player_b)["text"] == "last"
        assert _line(player_a)["text"] == "last"
    finally:
        for client in clients:
            client.close()
