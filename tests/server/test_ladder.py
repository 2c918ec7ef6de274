"""The ladder on a real `spieltisch serve --xml-port` process with a real store: an XML
bot (an official client's join, `joinPrepared` with the token) and a JSON bot of two
different accounts are paired, play a pair of games (seats swapped, one seed) and both
games are rated; wrong tokens and paused bots are refused at every door; a waiting bot
can be challenged from the web."""

from __future__ import annotations

import json
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from spieltisch.store import Store
from tests.bots.official_readers import Played, play
from tests.server.client import TableClient
from tests.serverproc import ServerProcess, free_port

GAME = "ostseeschach"


@pytest.fixture(scope="module")
def ladder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, int]]:
    xml_port = free_port()
    process = ServerProcess(
        tmp_path_factory.mktemp("ladder") / "games.db",
        "--xml-port",
        str(xml_port),
        env={
            "SPIELTISCH_LADDER_PAIR_SECONDS": "0.2",
            # no house games unless a test waits for one: the bots meet each other
            "SPIELTISCH_LADDER_HOUSE_SECONDS": "600",
            # a busy test machine must not turn a slow answer into a timeout
            "SPIELTISCH_LADDER_MOVE_SECONDS": "30",
            "SPIELTISCH_LADDER_HARD_SECONDS": "60",
        },
    )
    process.start()
    try:
        yield process, xml_port
    finally:
        process.stop()


def account(server: ServerProcess, username: str) -> str:
    status, _, cookie = server.post(
        "/api/account/signup", {"username": username, "password": "a long password"}
    )
    assert status == 201 and cookie is not None
    return cookie


def new_bot(server: ServerProcess, cookie: str, name: str, game: str = GAME) -> tuple[int, str]:
    status, answer, _ = server.post("/api/account/bots", {"name": name, "game": game}, cookie)
    assert status == 201, answer
    return answer["bot"]["id"], answer["token"]


class JsonBot:
    """A JSON bot over TCP that answers every move request with its first legal move."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=60)
        self.lines = self.sock.makefile("r", encoding="utf-8")
        self.seen: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.sock.sendall(json.dumps(message).encode() + b"\n")

    def read(self) -> dict[str, Any]:
        line = self.lines.readline()
        if not line:
            raise EOFError("the server closed the connection")
        message: dict[str, Any] = json.loads(line)
        if message["type"] != "view":
            self.seen.append(message)
        return message

    def play(self, until: str) -> dict[str, Any]:
        while True:
            message = self.read()
            if message["type"] == "move_request":
                self.send({"type": "move", "move": message["legal"][0]})
            if message["type"] in (until, "error"):
                return message

    def close(self) -> None:
        self.lines.close()
        self.sock.close()


def test_an_xml_bot_and_a_json_bot_of_two_accounts_play_a_rated_pair(
    ladder: tuple[ServerProcess, int],
) -> None:
    server, port = ladder
    xml_id, xml_token = new_bot(server, account(server, "xmlwriter"), "Kieler Sprotte")
    json_id, json_token = new_bot(server, account(server, "jsonwriter"), "Jason")
    played: list[Played] = []

    def xml_bot() -> None:  # an official client's bytes, its reservation option: the token
        for reader in ("java", "ruby"):  # an official client plays one game per connection
            played.append(play(port, GAME, reader, timeout=60, reservation=xml_token))

    thread = threading.Thread(target=xml_bot)
    thread.start()
    bot = JsonBot(port)
    try:
        bot.send({"type": "join", "token": json_token, "games": 2})
        done = bot.play("ladder_done")
    finally:
        bot.close()
        thread.join(90)
    assert done == {"type": "ladder_done", "games": 2}
    assert [p.result is not None for p in played] == [True, True]
    assert all(p.kinds[0] == "joined" and "welcomeMessage" in p.kinds for p in played)
    overs = [m for m in bot.seen if m["type"] == "over"]
    assert [o["status"] for o in overs] == ["over", "over"]
    assert [m["type"] for m in bot.seen].count("queued") == 2  # at the door, after game 1

    with Store.open(server.db) as store:
        games = sorted(store.bot_games(json_id), key=lambda g: g.id)
        assert len(games) == 2 and all(g.status == "finished" for g in games)
        kinds = [tuple(p.kind for p in g.players) for g in games]
        assert kinds[0] == (kinds[1][1], kinds[1][0])  # seats swapped
        assert set(kinds[0]) == {f"bot:#{xml_id}", f"bot:#{json_id}"}
        assert len({store.game(g.id).seed for g in games}) == 1  # one seed for the pair
        for bot_id in (xml_id, json_id):  # both games rated for both bots
            rated = store.kind_rating_history(GAME, f"bot:#{bot_id}")
            assert [game_id for game_id, _, _ in rated] == [g.id for g in games]

    page = server.get("/api/ladder")
    board = next(g for g in page["games"] if g["name"] == GAME)["leaderboard"]
    assert {"Kieler Sprotte", "Jason"} <= {e["name"] for e in board}
    assert [r["leg"] for r in next(g for g in page["games"] if g["name"] == GAME)["recent"]][
        :2
    ] == [2, 1]
    mine = server.get("/api/bots/kieler%20sprotte")
    assert [h["game_id"] for h in mine["history"]] == [g.id for g in games]
    with urllib.request.urlopen(server.url + "/metrics", timeout=20) as response:
        metrics = response.read().decode()
    ended = [
        line
        for line in metrics.splitlines()
        if line.startswith("spieltisch_ladder_games_total{") and f'game="{GAME}"' in line
    ]
    assert sum(float(line.rsplit(" ", 1)[1]) for line in ended) == 2


def test_wrong_tokens_and_paused_bots_are_refused_at_every_door(
    ladder: tuple[ServerProcess, int],
) -> None:
    server, port = ladder
    cookie = account(server, "pauser")
    bot_id, token = new_bot(server, cookie, "Schläfer")
    wrong = token[:-1] + ("A" if token[-1] != "A" else "B")

    bot = JsonBot(port)  # JSON over TCP
    bot.send({"type": "join", "token": wrong})
    assert bot.read() == {
        "type": "error",
        "rule": "BAD_TOKEN",
        "message": "this bot token is not valid",
    }
    bot.close()

    with connect(server.url.replace("http://", "ws://") + "/ws/bot") as ws:  # WebSocket
        ws.send(json.dumps({"type": "join", "token": wrong}))
        assert json.loads(ws.recv(timeout=10))["rule"] == "BAD_TOKEN"

    # XML, as an official client sends its reservation code
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(f'<protocol>\n  <joinPrepared reservationCode="{wrong}"/>'.encode())
        answer = b""
        while b"</protocol>" not in answer:
            chunk = sock.recv(65536)
            if not chunk:
                break
            answer += chunk
        assert b'<errorpacket message="this bot token is not valid"/>' in answer

    # a waiting bot paused by its owner is sent away; it cannot come back while paused
    waiting = JsonBot(port)
    waiting.send({"type": "join", "token": token})
    assert waiting.read()["type"] == "queued"
    status, answer, _ = server.post(f"/api/account/bots/{bot_id}/pause", {"paused": True}, cookie)
    assert status == 200 and answer["bot"]["status"] == "paused"
    assert waiting.read() == {
        "type": "error",
        "rule": "PAUSED",
        "message": "the bot's owner paused it",
    }
    waiting.close()
    again = JsonBot(port)
    again.send({"type": "join", "token": token})
    refused = again.read()
    assert refused["rule"] == "PAUSED" and "Schläfer" in refused["message"]
    again.close()
    status, _, _ = server.post(f"/api/account/bots/{bot_id}/pause", {"paused": False}, cookie)
    assert status == 200

    # a name with a slash has its page too
    new_bot(server, cookie, "A/B Tester")
    assert server.get("/api/bots/a%2Fb%20tester")["bot"]["name"] == "A/B Tester"

    # someone else may not pause it, nor make it a token
    other = account(server, "meddler")
    status, answer, _ = server.post(f"/api/account/bots/{bot_id}/pause", {"paused": True}, other)
    assert status == 404
    status, answer, _ = server.post(f"/api/account/bots/{bot_id}/token", {}, other)
    assert status == 404 and "token" not in answer

    # a new token: the old one no longer opens the door
    status, answer, _ = server.post(f"/api/account/bots/{bot_id}/token", {}, cookie)
    assert status == 200 and answer["token"] != token
    stale = JsonBot(port)
    stale.send({"type": "join", "token": token})
    assert stale.read()["rule"] == "BAD_TOKEN"
    stale.close()
    listed = server.get("/api/account/bots", cookie)
    assert [b["name"] for b in listed["bots"]] == ["Schläfer", "A/B Tester"]
    assert "token" not in json.dumps(listed).replace("token_created", "")


def test_a_person_challenges_a_waiting_bot_from_the_web(
    ladder: tuple[ServerProcess, int],
) -> None:
    server, port = ladder
    _, token = new_bot(server, account(server, "challenged"), "Herausgeforderter")
    bot = JsonBot(port)
    try:
        bot.send({"type": "join", "token": token, "games": 1})
        assert bot.read()["type"] == "queued"
        person = account(server, "challenger")
        status, answer, _ = server.post(
            "/api/ladder/challenge", {"bot": "herausgeforderter", "seat": 1}, person
        )
        assert status == 201, answer
        table = answer["table"]
        joined = bot.read()
        assert joined["type"] == "joined" and joined["seat"] == 0
        assert joined["table"] == str(table)
        view = server.get(f"/api/tables/{table}", person)
        assert view["status"] == "running" and view["you"] == 1
        assert view["seats"][1]["name"] == "challenger"
        web = TableClient(server, table, person)  # the person plays from the web page
        try:
            for _ in range(2):  # the bot moves first, then the person, and so on
                bot.play("move_request")
                seen = web.until(lambda t: t["your_turn"])
                web.move(seen["state"]["moves"][0]["notation"])
            bot.play("move_request")
            web.until(lambda t: t["your_turn"])  # the bot has moved: the person resigns
            web.send(type="resign")
            over = bot.play("over")
            assert over["reason"] == "RESIGNATION" and over["winner"] == 0
            assert bot.read() == {"type": "ladder_done", "games": 1}
        finally:
            web.close()
        status, answer, _ = server.post("/api/ladder/challenge", {"bot": "nobody"}, person)
        assert status == 409 and answer["code"] == "NOT_WAITING"
    finally:
        bot.close()


def test_a_rule_violation_loses_with_its_reason_and_a_gone_bot_leaves_the_queue(
    ladder: tuple[ServerProcess, int],
) -> None:
    server, port = ladder
    _, first = new_bot(server, account(server, "violator"), "Regelbrecher")
    _, second = new_bot(server, account(server, "patient"), "Geduldig")
    bots = [JsonBot(port), JsonBot(port)]
    try:
        for bot, token in zip(bots, (first, second), strict=True):
            bot.send({"type": "join", "token": token, "games": 1})
            assert bot.read()["type"] == "queued"
        joined = [bot.play("joined") for bot in bots]
        mover = next(i for i, j in enumerate(joined) if j["seat"] == 0)
        # the bot to move sends what is no move: on the ladder that loses at once
        while bots[mover].read()["type"] != "move_request":
            pass
        bots[mover].send({"type": "move", "move": "nonsense"})
        overs = [bot.play("over") for bot in bots]
        for over in overs:
            assert over["status"] == "over" and over["winner"] == 1
            assert over["forfeit"]["cause"] == "RULE_VIOLATION" and over["forfeit"]["seat"] == 0
        page = server.get("/api/ladder")
        recent = next(g for g in page["games"] if g["name"] == GAME)["recent"][0]
        assert recent["forfeit"]["cause"] == "RULE_VIOLATION"
        assert recent["forfeit"]["message"]  # the rule broken, shown on the bots page
    finally:
        for bot in bots:
            bot.close()

    # a bot that disconnects while it waits is out of the queue
    gone = JsonBot(port)
    gone.send({"type": "join", "token": first})
    assert gone.read()["type"] == "queued"
    names = [w["name"] for g in server.get("/api/ladder")["games"] for w in g["waiting"]]
    assert "Regelbrecher" in names
    gone.close()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        names = [w["name"] for g in server.get("/api/ladder")["games"] for w in g["waiting"]]
        if "Regelbrecher" not in names:
            break
        time.sleep(0.1)
    assert "Regelbrecher" not in names


def test_a_2018_hase_und_igel_client_joins_the_ladder_with_its_token(
    ladder: tuple[ServerProcess, int],
) -> None:
    """The 2018 season's clients send the same `joinPrepared`: a Hase und Igel bot plays
    a ladder game over XML against a JSON bot, and it is stored and rated."""
    server, port = ladder
    xml_id, xml_token = new_bot(server, account(server, "hasewriter"), "Hase", "hase-und-igel")
    _, json_token = new_bot(server, account(server, "igelwriter"), "Igel", "hase-und-igel")
    played: list[Played] = []
    thread = threading.Thread(
        target=lambda: played.append(
            play(port, "hase-und-igel", "ruby", timeout=60, reservation=xml_token)
        )
    )
    thread.start()
    bot = JsonBot(port)
    try:
        bot.send({"type": "join", "token": json_token, "games": 1})
        assert bot.play("ladder_done") == {"type": "ladder_done", "games": 1}
    finally:
        bot.close()
        thread.join(90)
    assert played and played[0].result is not None and played[0].kinds[0] == "joined"
    with Store.open(server.db) as store:
        (game,) = store.bot_games(xml_id)
        assert game.status == "finished" and game.game == "hase-und-igel"
        assert len(store.kind_rating_history("hase-und-igel", f"bot:#{xml_id}")) == 1


def test_a_bot_alone_plays_the_house_levels_in_pairs(tmp_path: Path) -> None:
    xml_port = free_port()
    server = ServerProcess(
        tmp_path / "games.db",
        "--xml-port",
        str(xml_port),
        env={
            "SPIELTISCH_LADDER_PAIR_SECONDS": "0.2",
            "SPIELTISCH_LADDER_HOUSE_SECONDS": "0.5",
            "SPIELTISCH_LADDER_MOVE_SECONDS": "30",
            "SPIELTISCH_LADDER_HARD_SECONDS": "60",
        },
    )
    server.start()
    try:
        bot_id, token = new_bot(server, account(server, "loner"), "Einsam")
        bot = JsonBot(xml_port)
        try:
            bot.send({"type": "join", "token": token, "games": 2})
            assert bot.play("ladder_done") == {"type": "ladder_done", "games": 2}
        finally:
            bot.close()
        started = [m for m in bot.seen if m["type"] == "started"]
        assert [s["players"] for s in started] == [
            started[0]["players"],
            started[0]["players"][::-1],
        ]
        assert "House random" in started[0]["players"]  # the weakest level first
        with Store.open(server.db) as store:
            games = store.bot_games(bot_id)
            assert len(games) == 2 and all(g.status == "finished" for g in games)
            assert len({store.game(g.id).seed for g in games}) == 1
            assert len(store.kind_rating_history(GAME, f"bot:#{bot_id}")) == 2
        board = next(g for g in server.get("/api/ladder")["games"] if g["name"] == GAME)
        assert {e["name"] for e in board["leaderboard"]} == {"Einsam", "House random"}
    finally:
        server.stop()
