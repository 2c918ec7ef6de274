"""Playing people in a real Chromium: a challenge link with its copy button and QR code,
accepted from a second browser's lobby; both names shown (never "friend"); chat between
the two players and a spectator, kept apart, with a mute that is remembered."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.serverproc import ServerProcess
from tests.web.conftest import DESKTOP, PHONE

SHOTS = Path("/tmp/shots-lobby")


def look(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def name_once(page: Any, name: str) -> None:
    page.wait_for_selector("#name-dialog")
    page.fill("#guest-name", name)
    page.click("#guest-name-ok")


def say(page: Any, text: str) -> None:
    page.fill("#chat .chat-input", text)
    page.click("#chat .chat-send")


def lines(page: Any) -> list[str]:
    found: list[str] = page.evaluate(
        """() => [...document.querySelectorAll('#chat .chat-line')].map((line) =>
            line.querySelector('.chat-name').textContent + ': '
            + line.querySelector('.chat-text').textContent)"""
    )
    return found


def wait_line(page: Any, text: str) -> None:
    page.wait_for_function(
        """(text) => [...document.querySelectorAll('#chat .chat-text')]
            .some((e) => e.textContent === text)""",
        arg=text,
    )


def test_challenge_names_chat_and_mute(web: ServerProcess, browser: Any) -> None:
    contexts = [
        browser.new_context(viewport=DESKTOP),
        browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True),
        browser.new_context(viewport=DESKTOP),
    ]
    errors: list[str] = []
    try:
        alice, bob, carol = (c.new_page() for c in contexts)
        for page in (alice, bob, carol):
            page.on("pageerror", lambda exc: errors.append(str(exc)))
        contexts[0].grant_permissions(["clipboard-read", "clipboard-write"])
        # alice challenges a friend with 5+3 from the lobby
        alice.goto(f"{web.url}/#/?game=ostseeschach")
        alice.click(".clock-choice[data-clock='5+3']")
        name_once(alice, "alice")
        alice.wait_for_selector("#invite:not([hidden])")
        table_id = int(alice.locator(".play").get_attribute("data-table"))
        link = alice.locator("#invite-url").input_value()
        assert link.endswith(f"#/table/{table_id}/join")
        alice.click("#invite-copy")
        alice.wait_for_function("() => document.querySelector('.invite-done').textContent !== ''")
        assert alice.evaluate("navigator.clipboard.readText()") == link
        alice.wait_for_function("() => document.querySelector('#invite-qr').naturalWidth > 0")
        assert web.get(f"/api/tables/{table_id}")["clocks"][0]["remaining"] == 300
        # bob accepts the open challenge from his lobby (asked his name once)
        bob.goto(f"{web.url}/#/")
        accept = bob.locator(f"#open-challenges .table-entry[data-id='{table_id}'] button")
        accept.tap()
        name_once(bob, "bob")
        bob.wait_for_function("() => document.querySelector('.play')?.dataset.status === 'running'")
        alice.wait_for_function(
            "() => document.querySelector('.play')?.dataset.status === 'running'"
        )
        alice.wait_for_selector("#invite", state="hidden")  # the invite goes once taken
        for page in (alice, bob):
            bars = " ".join(page.locator(".seat-bar").all_inner_texts())
            assert "alice" in bars and "bob" in bars, bars
            assert "friend" not in page.locator("main").inner_text().lower()
        # carol watches, anonymous: she is asked for a name to chat
        carol.goto(f"{web.url}/#/table/{table_id}")
        carol.wait_for_selector(".play .board")
        # the players talk; carol never reads them
        say(alice, "good luck, bob")
        wait_line(bob, "good luck, bob")
        say(bob, "thanks!")
        wait_line(alice, "thanks!")
        assert lines(alice) == ["alice: good luck, bob", "bob: thanks!"]
        say(carol, "hi")
        carol.wait_for_selector("#chat .chat-naming input")
        carol.fill("#chat .chat-naming input", "carol")
        carol.click("#chat .chat-naming button")
        carol.wait_for_selector("#chat .chat-naming", state="detached")
        carol.wait_for_function("() => document.querySelector('.play').dataset.received > '1'")
        say(carol, "go alice!")
        wait_line(carol, "go alice!")
        assert carol.locator("#chat .chat-title").inner_text() == "SPECTATORS' CHAT"
        assert lines(carol) == ["carol: go alice!"]
        say(alice, "still here")
        wait_line(bob, "still here")
        assert "go alice!" not in " ".join(lines(alice) + lines(bob))
        look(alice, "table-chat-desktop")
        look(bob, "table-chat-phone")
        # bob mutes the chat: it stays muted after a reload, and alice's lines are hidden
        bob.click("#chat .chat-mute")
        assert not bob.locator("#chat .chat-lines").is_visible()
        bob.reload()
        bob.wait_for_selector("#chat.muted-chat")
        say(alice, "are you there?")
        wait_line(alice, "are you there?")
        assert not bob.locator("#chat .chat-body").is_visible()
        bob.click("#chat .chat-mute")
        wait_line(bob, "are you there?")
        assert bob.locator("#chat .chat-lines").is_visible()
        assert errors == []
    finally:
        for context in contexts:
            context.close()


def test_a_joiner_by_link_is_asked_its_name_once(web: ServerProcess, browser: Any) -> None:
    contexts = [browser.new_context(viewport=DESKTOP), browser.new_context(viewport=PHONE)]
    try:
        host, guest = (c.new_page() for c in contexts)
        host.goto(f"{web.url}/#/?game=schachogi")
        host.click(".clock-choice[data-clock='0+0']")
        name_once(host, "hosta")
        host.wait_for_selector("#invite:not([hidden])")
        guest.goto(host.locator("#invite-url").input_value())  # no name yet: a stand-in
        guest.wait_for_function(
            "() => document.querySelector('.play')?.dataset.status === 'running'"
        )
        guest.wait_for_selector("#chat .chat-naming input")
        note = guest.locator("#chat .chat-note").inner_text()
        assert re.search(r"Guest-[0-9A-F]{4}", note), note
        guest.fill("#chat .chat-naming input", "Jo")
        guest.click("#chat .chat-naming button")
        host.wait_for_function(
            """() => [...document.querySelectorAll('.seat-bar')]
                .some((bar) => bar.textContent.includes('Jo'))"""
        )
        assert "Guest-" not in " ".join(host.locator(".seat-bar").all_inner_texts())
        guest.reload()  # asked once: named now, never asked again
        guest.wait_for_selector(".play .board")
        guest.wait_for_selector("#chat")
        assert guest.locator("#chat .chat-naming").count() == 0
        say(guest, "hello")
        wait_line(host, "hello")
        assert lines(host)[-1] == "Jo: hello"
    finally:
        for context in contexts:
            context.close()
