"""The bots pages in a real browser: the live ladder shows its leaderboard, a game in
progress to watch and a waiting bot to challenge; a bot's page its rating and games; the
account page makes a bot and shows its token once. Bots play over the web app's
WebSocket (`/ws/bot`) on a server of their own with a slow time control (a game in
progress must stay in progress while the browser looks)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from tests.serverproc import ServerProcess
from tests.web.conftest import PHONE, shot

SHOTS = Path("/tmp/shots-botacct")


class Bot(threading.Thread):
    """A JSON bot on the ladder over the WebSocket: it plays its first legal move until it
    has finished `answer` games, then leaves every move request unanswered."""

    def __init__(self, server: ServerProcess, token: str, answer: int) -> None:
        super().__init__(daemon=True)
        self.url = server.url.replace("http://", "ws://") + "/ws/bot"
        self.token = token
        self.answer = answer
        self.finished = 0
        self.queued = threading.Event()
        self.playing = threading.Event()
        self.stop = threading.Event()

    def run(self) -> None:
        with connect(self.url) as ws:
            ws.send(json.dumps({"type": "join", "token": self.token}))
            while not self.stop.is_set():
                try:
                    message = json.loads(ws.recv(timeout=0.5))
                except TimeoutError:
                    continue
                kind = message["type"]
                if kind == "queued":
                    self.queued.set()
                elif kind == "over":
                    self.finished += 1
                elif kind == "move_request":
                    if self.finished < self.answer:
                        ws.send(json.dumps({"type": "move", "move": message["legal"][0]}))
                    else:
                        self.playing.set()


@pytest.fixture(scope="module")
def ladder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(
        tmp_path_factory.mktemp("bots-web") / "games.db",
        env={
            "SPIELTISCH_LADDER_PAIR_SECONDS": "0.2",
            "SPIELTISCH_LADDER_HOUSE_SECONDS": "600",
            "SPIELTISCH_LADDER_MOVE_SECONDS": "600",
            "SPIELTISCH_LADDER_HARD_SECONDS": "1200",
        },
    )
    process.start()
    try:
        yield process
    finally:
        process.stop()


def _bot(server: ServerProcess, username: str, name: str) -> tuple[str, str]:
    status, _, cookie = server.post(
        "/api/account/signup", {"username": username, "password": "a long password"}
    )
    assert status == 201 and cookie is not None
    status, answer, _ = server.post(
        "/api/account/bots", {"name": name, "game": "ostseeschach"}, cookie
    )
    assert status == 201
    return cookie, answer["token"]


def _signed_in(context: Any, server: ServerProcess, cookie: str) -> None:
    name, value = cookie.split("=", 1)
    context.add_cookies([{"name": name, "value": value, "url": server.url}])


def test_the_bots_page_shows_the_leaderboard_and_a_game_in_progress(
    ladder: ServerProcess, context: Any
) -> None:
    server = ladder
    cookie, first = _bot(server, "ladderone", "Erster")
    _, second = _bot(server, "laddertwo", "Zweiter")
    bots = [Bot(server, first, answer=1), Bot(server, second, answer=1)]
    for bot in bots:
        bot.start()
    try:
        # the first game of the pair is played to its end and rated; in the return game
        # the bot to move does not answer: a game in progress to watch
        deadline = time.monotonic() + 60
        while not any(bot.playing.is_set() for bot in bots) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert any(bot.playing.is_set() for bot in bots)
        _, third = _bot(server, "ladderthree", "Dritter")
        waiting = Bot(server, third, answer=0)
        waiting.start()
        bots.append(waiting)
        assert waiting.queued.wait(20)

        page = context.new_page()
        page.goto(server.url + "/#/bots/ostseeschach")
        board = page.locator("#ladder-board tbody tr")
        board.first.wait_for()
        assert {row.split("\t")[1] for row in board.all_inner_texts()} == {"Erster", "Zweiter"}
        playing = page.locator("#ladder-playing .table-entry")
        playing.first.wait_for()
        assert "Erster" in playing.first.inner_text() and "Zweiter" in playing.first.inner_text()
        waiting_entry = page.locator("#ladder-waiting .table-entry")
        waiting_entry.first.wait_for()
        assert "Dritter" in waiting_entry.first.inner_text()
        assert page.locator("#ladder-recent .table-entry").count() == 1
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / "bots-desktop.png"), full_page=True)
        page.set_viewport_size(PHONE)
        page.screenshot(path=str(SHOTS / "bots-phone.png"))
        shot(page, "bots-ladder")
        page.evaluate("() => localStorage.setItem('spieltisch.lang', 'de')")
        page.reload()
        page.locator("#ladder-board tbody tr").first.wait_for()
        assert "Laufende Partien" in page.inner_text("main")
        assert "Herausfordern" in page.locator("#ladder-waiting").inner_text()
        page.screenshot(path=str(SHOTS / "bots-phone-de.png"), full_page=True)
        page.evaluate("() => localStorage.setItem('spieltisch.lang', 'en')")
        page.reload()
        page.set_viewport_size({"width": 1280, "height": 800})

        page.locator("#ladder-playing a.button").first.click()  # watch it
        page.wait_for_url("**/#/table/*")

        page.goto(server.url + "/#/bot/Erster")
        page.locator("#bot-games tbody tr").first.wait_for()
        assert page.locator("#bot-rating").inner_text().startswith("Rating")
        assert page.locator("#bot-games tbody tr").count() == 2  # the finished one, the live one
        page.screenshot(path=str(SHOTS / "bot-page.png"), full_page=True)

        # the account page: a new bot, its token shown once
        _signed_in(context, server, cookie)
        page.goto(server.url + "/#/account")
        page.locator("#my-bots-list .table-entry").first.wait_for()
        assert "Erster" in page.locator("#my-bots-list").inner_text()
        page.fill("#bot-name", "Noch einer")
        page.click("#create-bot")
        token = page.locator("#bot-token-value")
        token.wait_for()
        assert token.inner_text().startswith("stb_")
        page.locator("#my-bots-list [data-bot='Noch einer']").wait_for()
        page.set_viewport_size(PHONE)
        page.screenshot(path=str(SHOTS / "account-bots-phone.png"), full_page=True)
    finally:
        for bot in bots:
            bot.stop.set()
        for bot in bots:
            bot.join(5)
