"""Chat per table through a real server: the players' and the spectators' rooms kept
apart, the text cleaned, the rate limit per identity, the bounded history, and a chat
that never disturbs a client that does not chat."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.client import TableClient
from tests.serverproc import ServerProcess

LIMITS = {
    "SPIELTISCH_CHAT_PER_MINUTE": "6",
    "SPIELTISCH_CHAT_HISTORY": "4",
    "SPIELTISCH_CHAT_LONGEST": "40",
}


@pytest.fixture(scope="module")
def chat_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(Path(tmp_path_factory.mktemp("chat")) / "games.db", env=LIMITS)
    process.start()
    try:
        yield process
    finally:
        process.stop()


def guest(server: ServerProcess, name: str | None) -> str:
    """A guest session (named `name`, or nameless when None): its cookie."""
    body = {"name": name or "nameless"}
    status, answer, cookie = server.post("/api/account/guest", body)
    assert status == 200 and cookie is not None, answer
    return cookie


def table(server: ServerProcess) -> tuple[int, str, str]:
    """A running table of two guests, alice and bob: its id and their cookies."""
    status, made, alice = server.post(
        "/api/tables", {"game": "schachogi", "opponent": "link", "name": "alice"}
    )
    assert status == 200 and alice is not None
    status, _, bob = server.post(f"/api/tables/{made['id']}/join", {"name": "bob"})
    assert status == 200 and bob is not None
    return made["id"], alice, bob


def chat(client: TableClient, text: Any) -> None:
    client.send(type="chat", text=text)


def lines(client: TableClient) -> list[dict[str, Any]]:
    data = client.receive("chat")
    assert isinstance(data["lines"], list)
    return list(data["lines"])


def refusal(client: TableClient) -> dict[str, Any]:
    return client.receive("chat_error")


def test_players_and_spectators_talk_in_separate_rooms(chat_server: ServerProcess) -> None:
    table_id, alice_cookie, bob_cookie = table(chat_server)
    alice = TableClient(chat_server, table_id, alice_cookie)
    bob = TableClient(chat_server, table_id, bob_cookie)
    carol = TableClient(chat_server, table_id, guest(chat_server, "carol"))
    dave = TableClient(chat_server, table_id, guest(chat_server, "dave"))
    try:
        for client in (alice, bob, carol, dave):
            client.send(type="chat_history")
        assert alice.receive("chat")["room"] == "players"
        assert bob.receive("chat")["room"] == "players"
        assert carol.receive("chat")["room"] == "spectators"
        assert dave.receive("chat")["room"] == "spectators"
        chat(alice, "  good luck  ")
        for client in (alice, bob):
            [line] = lines(client)
            assert line["name"] == "alice" and line["seat"] == 0 and line["text"] == "good luck"
        chat(carol, "bob will win")
        for client in (carol, dave):
            [line] = lines(client)
            assert line["name"] == "carol" and line["seat"] is None
        chat(bob, "thanks")
        assert lines(bob)[0]["text"] == "thanks"  # the writer sees the line as sent
        [line] = lines(alice)
        assert line["text"] == "thanks"  # alice never saw carol's line: the next is bob's
        chat(dave, "hi")
        [line] = lines(carol)
        assert line["text"] == "hi"  # carol never saw the players' lines
        # a spectator's history holds the spectators' room only, a player's the players'
        carol.send(type="chat_history")
        assert [x["text"] for x in carol.receive("chat")["lines"]] == ["bob will win", "hi"]
        bob.send(type="chat_history")
        assert [x["text"] for x in bob.receive("chat")["lines"]] == ["good luck", "thanks"]
        # moves still work for a chatting player
        first = alice.table["state"]["moves"][0]["notation"]
        played = alice.move(first)
        assert played["type"] == "table" and played["ply"] == 1
    finally:
        for client in (alice, bob, carol, dave):
            client.close()


def test_an_anonymous_spectator_is_asked_for_a_name(chat_server: ServerProcess) -> None:
    table_id, alice_cookie, _ = table(chat_server)
    anonymous = TableClient(chat_server, table_id, None)
    alice = TableClient(chat_server, table_id, alice_cookie)
    try:
        chat(anonymous, "hello")
        assert refusal(anonymous)["code"] == "NAME_NEEDED"
        chat(alice, "x" * 41)
        assert refusal(alice)["code"] == "TOO_LONG"
        chat(alice, "   ")
        assert refusal(alice)["code"] == "EMPTY"
        chat(alice, {"not": "text"})
        assert refusal(alice)["code"] == "BAD_TEXT"
        chat(alice, "bad\x00byte")
        assert refusal(alice)["code"] == "BAD_TEXT"
    finally:
        anonymous.close()
        alice.close()


def test_rate_limit_per_identity_and_bounded_history(chat_server: ServerProcess) -> None:
    table_id, alice_cookie, bob_cookie = table(chat_server)
    alice = TableClient(chat_server, table_id, alice_cookie)
    bob = TableClient(chat_server, table_id, bob_cookie)
    try:
        for k in range(6):
            chat(alice, f"line {k}")
            assert lines(alice)[0]["text"] == f"line {k}"
        chat(alice, "one too many")
        refused = refusal(alice)
        assert refused["code"] == "TOO_FAST" and refused["wait"] >= 1
        # the limit is alice's, not the address's: bob (same address) still writes
        chat(bob, "my turn")
        seen = [lines(bob)[0]["text"] for _ in range(7)]  # alice's six lines, then bob's
        assert seen == [f"line {k}" for k in range(6)] + ["my turn"]
        bob.send(type="chat_history")
        history = bob.receive("chat")
        assert history["history"] is True
        assert [x["text"] for x in history["lines"]] == ["line 3", "line 4", "line 5", "my turn"]
    finally:
        alice.close()
        bob.close()


def test_a_client_that_does_not_chat_sees_no_chat(chat_server: ServerProcess) -> None:
    table_id, alice_cookie, bob_cookie = table(chat_server)
    alice = TableClient(chat_server, table_id, alice_cookie)
    bob = TableClient(chat_server, table_id, bob_cookie)
    try:
        first = alice.table["state"]["moves"][0]["notation"]
        played = alice.move(first)  # the first message after connecting is the table's
        assert played["type"] == "table" and played["ply"] == 1
        answer = bob.until(lambda t: t["ply"] == 1)
        assert answer["type"] == "table"
    finally:
        alice.close()
        bob.close()


def test_odd_chat_messages_leave_the_socket_open(chat_server: ServerProcess) -> None:
    table_id, alice_cookie, _ = table(chat_server)
    alice = TableClient(chat_server, table_id, alice_cookie)
    try:
        # an unhashable type once ended the socket (a TypeError in the chat's dispatch)
        for odd in ([], ["chat"], {"chat": 1}, None, 7):
            alice.send(type=odd, text="x")
            assert alice.receive("error")["rule"] == "NO_SUCH_ACTION"
        for text in (None, 3, ["a"], {"a": 1}, True):
            chat(alice, text)
            assert refusal(alice)["code"] in ("BAD_TEXT", "EMPTY")
        alice.send(type="chat_history", extra=[1, 2])
        assert alice.receive("chat")["room"] == "players"
    finally:
        alice.close()
