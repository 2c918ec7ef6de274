"""The names the server gives when a person gave none (the friend on this screen, a
guest's stand-in, an AI seat) and why a game ended without a result are shown in the
reader's language, while the stored names and notes stay as they were."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.serverproc import ServerProcess
from tests.web.conftest import DESKTOP


@pytest.fixture
def german(browser: Any) -> Iterator[Any]:
    made = browser.new_context(
        viewport=DESKTOP, locale="de-DE", extra_http_headers={"Accept-Language": "de"}
    )
    made.set_default_timeout(15_000)
    try:
        yield made
    finally:
        made.close()


def test_a_friend_and_a_guest_in_german_and_an_abort_in_words(
    web: ServerProcess, german: Any
) -> None:
    page = german.new_page()
    page.goto(web.url + "/")
    answer = page.request.post(
        f"{web.url}/api/tables", data={"game": "schachogi", "opponent": "here"}
    ).json()
    table = answer["id"]
    stored = [seat["name"] for seat in web.get(f"/api/tables/{table}")["seats"]]
    assert stored[1] == "friend" and re.fullmatch(r"Guest-[0-9A-F]{4}", stored[0]), stored
    page.goto(f"{web.url}/#/table/{table}")
    page.wait_for_selector(".play .board")
    names = page.locator(".seat-name").all_inner_texts()
    assert "Mitspieler" in names, names
    assert any(re.fullmatch(r"Gast-[0-9A-F]{4}", n) for n in names), names
    page.click("#abort")
    page.wait_for_selector("#abandoned-reason")
    reason = page.locator("#abandoned-reason").inner_text()
    assert "von einem Spieler abgebrochen" in reason, reason
    assert web.get(f"/api/tables/{table}")["abandoned"] == "aborted: by a player"
    page.goto(f"{web.url}/#/games")
    page.wait_for_selector(".games-table tbody tr[data-id]")
    listed = page.locator(".games-table").inner_text()
    assert "Mitspieler" in listed and "friend" not in listed and "Guest-" not in listed


def test_an_ai_seat_in_german(web: ServerProcess, german: Any) -> None:
    page = german.new_page()
    page.goto(web.url + "/")
    answer = page.request.post(
        f"{web.url}/api/tables",
        data={"game": "ostseeschach", "opponent": "ai", "level": "random", "seat": 0},
    ).json()
    page.goto(f"{web.url}/#/table/{answer['id']}")
    page.wait_for_selector(".play .board")
    names = page.locator(".seat-name").all_inner_texts()
    assert "KI (Zufall)" in names, names
