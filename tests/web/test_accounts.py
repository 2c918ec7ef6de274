"""Accounts in a real browser: sign up in one browser, create a table, sign in in a
second browser (another device) which then holds the same seat and plays it; the
account menu, sign-out, the guest's name; screenshots at desktop and phone size."""

from __future__ import annotations

import itertools
from typing import Any

from tests.serverproc import ServerProcess
from tests.web.conftest import DESKTOP, PHONE, shot
from tests.web.play import TARGETS, click_and_wait, create_table, table_state

PASSWORD = "kiel harbour amber"
_numbers = itertools.count(1)


def sign_up(page: Any, base: str, name: str) -> None:
    page.goto(base + "/#/signup")
    page.fill("#username", name)
    page.fill("#password", PASSWORD)
    page.click("#account-submit")
    page.wait_for_selector("#account-name")


def sign_in(page: Any, base: str, name: str, password: str = PASSWORD) -> None:
    page.goto(base + "/#/signin")
    page.fill("#username", name)
    page.fill("#password", password)
    page.click("#account-submit")


def test_two_devices_hold_the_same_seat(web: ServerProcess, browser: Any) -> None:
    name = f"Kapitaen{next(_numbers)}"
    laptop = browser.new_context(viewport=DESKTOP)
    phone = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    friend = browser.new_context(viewport=DESKTOP)
    try:
        first = laptop.new_page()
        sign_up(first, web.url, name)
        assert first.locator("#account-name").inner_text().strip().endswith(name)
        shot(first, "account-signed-in-desktop", full=False)
        table_id = create_table(first, web.url, "schachogi", "link")
        assert first.locator("#invite-link").is_visible()  # the creator's seat
        invite = first.locator("#invite-link").input_value()

        second = phone.new_page()
        sign_in(second, web.url, name)
        second.wait_for_selector("#account-name")
        second.goto(f"{web.url}/#/account")
        second.wait_for_selector(f"a[href='#/table/{table_id}']")
        shot(second, "account-page-phone")
        second.goto(f"{web.url}/#/table/{table_id}")
        second.wait_for_selector(".play .board")
        assert second.locator("#invite-link").count() == 1  # held here too

        guest = friend.new_page()
        guest.goto(invite)
        for page in (first, second, guest):
            page.wait_for_function(
                "() => document.querySelector('.play')?.dataset.status === 'running'"
            )
        seats = web.get(f"/api/tables/{table_id}")["seats"]
        assert seats[0]["name"] == name
        # the phone plays the account's first move; the laptop sees it
        while table_state(second)[1] == 0:
            click_and_wait(second, TARGETS, tap=True)
        first.wait_for_function("() => document.querySelector('.play').dataset.ply === '1'")
        shot(second, "account-table-phone")
        stored = web.get(f"/api/records/{table_id}")
        assert stored["players"][0]["kind"].startswith("account:")
    finally:
        for made in (laptop, phone, friend):
            made.close()


def test_wrong_password_sign_out_and_guest_name(web: ServerProcess, browser: Any) -> None:
    name = f"Lotse{next(_numbers)}"
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        context = browser.new_context(viewport=viewport)
        try:
            page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda exc, errors=errors: errors.append(str(exc)))
            if size == "desktop":
                sign_up(page, web.url, name)
                page.click("#account-name")
                page.click("#sign-out")
                page.wait_for_selector("#sign-in-link")
            sign_in(page, web.url, name, "not the password")
            page.wait_for_selector("#account-status.error")
            assert "Wrong username or password." in page.locator("#account-status").inner_text()
            shot(page, f"account-sign-in-refused-{size}", full=False)
            page.goto(web.url + "/#/signup")
            page.wait_for_selector("#tab-signup.active")
            shot(page, f"account-sign-up-{size}", full=False)
            # a guest names themselves once; the name fills the lobby and the seat
            page.goto(web.url + "/#/")
            page.click("#guest-name-edit")
            page.fill("#guest-name", f"Gast {size}")
            shot(page, f"account-guest-name-{size}", full=False)
            page.click("#guest-name-ok")
            page.wait_for_function(
                f"() => document.querySelector('#guest-name-edit').textContent === 'Gast {size}'"
            )
            page.reload()
            page.wait_for_function(
                f"() => document.querySelector('#your-name')?.value === 'Gast {size}'"
            )
            table_id = create_table(page, web.url, "okard", "ai")
            assert web.get(f"/api/tables/{table_id}")["seats"][0]["name"] == f"Gast {size}"
            assert errors == []
        finally:
            context.close()
