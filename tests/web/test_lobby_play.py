"""The lobby in a real Chromium: one click to play the computer at the remembered level
(the middle one at first), a guest's name asked once, "my games" to continue, the
advanced options folded away, and on a phone every main action inside the screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.serverproc import ServerProcess
from tests.web.conftest import PHONE, shot

SHOTS = Path("/tmp/shots-lobby")


def look(page: Any, name: str) -> None:
    """A screenshot of the screen for a person to look at (and the artifacts)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))
    shot(page, name, full=False)


def name_once(page: Any, name: str) -> None:
    page.wait_for_selector("#name-dialog")
    page.fill("#guest-name", name)
    page.click("#guest-name-ok")


def test_one_click_play_against_the_computer(web: ServerProcess, context: Any) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{web.url}/#/?game=schachogi")
    page.wait_for_selector("#play-ai")
    # the middle level is chosen at first, not the easiest; the advanced form is folded
    assert page.locator(".level.chosen").get_attribute("data-level") == "medium"
    for main_action in ("#play-ai", ".clock-choice[data-clock='30+20']"):  # above the fold
        box = page.locator(main_action).bounding_box()
        assert box is not None and box["y"] + box["height"] <= 800, main_action
    assert not page.locator("details#advanced").evaluate("d => d.open")
    assert not page.locator("form.new-table [name=seed]").is_visible()
    page.click(".level[data-level=hard]")
    page.reload()
    page.wait_for_selector("#play-ai")
    assert page.locator(".level.chosen").get_attribute("data-level") == "hard"  # remembered
    page.click("#play-ai")
    name_once(page, "Ada")  # a guest without a name is asked once
    page.wait_for_selector(".play[data-table] .board")
    table_id = int(page.locator(".play").get_attribute("data-table"))
    seats = web.get(f"/api/tables/{table_id}")["seats"]
    assert seats[0]["name"] == "Ada" and seats[1]["name"] == "AI (hard)"
    assert web.get(f"/api/tables/{table_id}")["game"] == "schachogi"
    # back in the lobby: the game is in "my games", to continue; no name asked again
    page.goto(f"{web.url}/#/")
    entry = page.locator(f"#my-games .table-entry[data-id='{table_id}']")
    entry.wait_for()
    assert entry.locator("a", has_text="Continue").get_attribute("href") == f"#/table/{table_id}"
    page.click(".level[data-level=random]")
    page.click("#play-ai")
    page.wait_for_function(f"() => !location.hash.endsWith('/{table_id}')")
    page.wait_for_selector(".play[data-table] .board")
    assert page.locator("#name-dialog").count() == 0
    assert (
        web.get(f"/api/tables/{page.locator('.play').get_attribute('data-table')}")["seats"][0][
            "name"
        ]
        == "Ada"
    )
    assert errors == []


def test_the_main_actions_fit_a_phone(web: ServerProcess, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        page.goto(f"{web.url}/#/?game=hase-und-igel")
        page.wait_for_selector("#play-ai")
        header = page.locator("header.top").bounding_box()
        assert header is not None
        actions = [
            *page.locator(".game-card").all(),
            *page.locator(".level").all(),
            page.locator("#play-ai"),
            *page.locator(".clock-choice").all(),
        ]
        assert len(actions) >= 4 + 5 + 1 + 6
        for action in actions:
            box = action.bounding_box()
            assert box is not None
            what = action.inner_text()
            assert box["y"] >= header["y"] + header["height"] - 1, what  # not under the header
            assert box["y"] + box["height"] <= PHONE["height"], what  # inside the screen
            assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], what
            assert box["height"] >= 40, what  # a tap target
        look(page, "lobby-phone")
        page.tap(".clock-choice[data-clock='10+5']")
        name_once(page, "Phone")
        page.wait_for_selector("#invite:not([hidden])")
        look(page, "table-waiting-phone")
    finally:
        context.close()


def test_german_lobby(web: ServerProcess, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="de-DE")
    try:
        page = context.new_page()
        page.goto(f"{web.url}/#/")
        page.wait_for_selector("#play-ai")
        assert page.locator("#play-computer h2").inner_text() == "Gegen den Computer"
        assert page.locator("#challenge-friend h2").inner_text() == "Freund herausfordern"
        assert page.locator(".level[data-level=medium]").inner_text() == "Mittel"
        assert page.locator("#my-games h2").inner_text() == "Meine Partien"
        look(page, "lobby-desktop-de")
    finally:
        context.close()
