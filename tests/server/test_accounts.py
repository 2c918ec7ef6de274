"""Accounts through a real server process: sign up, sign in on a second device that then
holds the same seat, sign out, change the password (other sessions end, their sockets
close), guests with a name, rated games only between accounts, cookies' attributes, and
a password hash with old parameters replaced at sign-in."""

from __future__ import annotations

import itertools
import sqlite3
from typing import Any

import pytest
from argon2 import PasswordHasher
from websockets.exceptions import ConnectionClosed

from tests.server.browser import Browser
from tests.serverproc import ServerProcess

PASSWORD = "correct horse battery"
_numbers = itertools.count(1)


def username(prefix: str = "user") -> str:
    return f"{prefix}{next(_numbers)}"


def signed_up(server: ServerProcess, name: str | None = None) -> tuple[Browser, str]:
    browser = Browser(server)
    name = name or username()
    status, answer = browser.sign_up(name, PASSWORD)
    assert status == 201, answer
    return browser, name


def test_sign_up_sets_a_session_cookie(server: ServerProcess) -> None:
    browser = Browser(server)
    assert browser.me()["kind"] == "anonymous"
    name = username("Ann")
    status, answer = browser.sign_up(name, PASSWORD)
    assert status == 201
    assert (answer["kind"], answer["signed_in"], answer["username"]) == ("account", True, name)
    (header,) = [h for h in browser.set_cookie_headers if h.startswith("spieltisch_session=")]
    attributes = {part.strip().lower() for part in header.split(";")[1:]}
    assert {"httponly", "samesite=lax", "path=/"} <= attributes
    assert "secure" not in attributes  # plain http here
    assert any(a.startswith("max-age=") for a in attributes)
    assert browser.me()["username"] == name


def test_the_cookie_is_secure_behind_https(server: ServerProcess) -> None:
    """Behind a TLS proxy (X-Forwarded-Proto from a trusted address) the cookie is
    `Secure`."""
    import urllib.request

    request = urllib.request.Request(
        server.url + "/api/account/signup",
        data=b'{"username": "%s", "password": "%s"}' % (username().encode(), PASSWORD.encode()),
        method="POST",
    )
    request.add_header("content-type", "application/json")
    request.add_header("x-forwarded-proto", "https")
    with urllib.request.urlopen(request, timeout=30) as response:
        header = response.headers.get("set-cookie")
    assert "secure" in header.lower()


def test_sign_up_refusals(server: ServerProcess) -> None:
    _, name = signed_up(server)
    other = Browser(server)
    cases: list[tuple[Any, Any, int, str]] = [
        (name.upper(), PASSWORD, 409, "USERNAME_TAKEN"),
        ("admin", PASSWORD, 400, "USERNAME_RESERVED"),
        ("ab", PASSWORD, 400, "USERNAME_TOO_SHORT"),
        ("a b c", PASSWORD, 400, "USERNAME_BAD_CHARACTER"),
        ("m\ud800x", PASSWORD, 400, "USERNAME_BAD_CHARACTER"),
        (username(), "short", 400, "PASSWORD_TOO_SHORT"),
        (username(), "x" * 300, 400, "BAD_PASSWORD"),
        (username(), 12345678, 400, "BAD_PASSWORD"),
        (None, PASSWORD, 400, "USERNAME_NOT_TEXT"),
    ]
    for user, password, status, code in cases:
        got, answer = other.post("/api/account/signup", {"username": user, "password": password})
        assert (got, answer.get("code")) == (status, code), (user, answer)
        assert answer["error"]
    assert other.me()["kind"] == "anonymous"
    form = b"username=a&password=b"  # what a cross-site form could send
    got, answer = other.request("POST", "/api/account/signup", form, "text/plain")
    assert (got, answer["code"]) == (415, "NOT_JSON")
    got, answer = other.request("POST", "/api/account/signin", b"[1, 2]")
    assert (got, answer["code"]) == (400, "NOT_JSON")


def test_sign_in_one_answer_for_unknown_users_and_wrong_passwords(server: ServerProcess) -> None:
    _, name = signed_up(server)
    browser = Browser(server)
    wrong = browser.sign_in(name, "not the password")
    unknown = browser.sign_in(username("nobody"), PASSWORD)
    bad_name = browser.sign_in("ad", PASSWORD)
    assert (
        wrong
        == unknown
        == bad_name
        == (
            401,
            {"error": "wrong username or password", "code": "BAD_CREDENTIALS"},
        )
    )
    assert browser.cookies == {}
    status, answer = browser.sign_in(name.upper(), PASSWORD)  # any case
    assert status == 200 and answer["username"] == name


def test_two_devices_hold_the_same_seat(server: ServerProcess) -> None:
    laptop, name = signed_up(server)
    table_id = laptop.new_table(name="ignored for an account")
    phone = Browser(server)
    assert phone.sign_in(name, PASSWORD)[0] == 200
    assert [t["id"] for t in phone.me()["waiting"]] == [table_id]
    on_phone = phone.table(table_id)
    on_laptop = laptop.table(table_id)
    assert on_phone.table["held"] == on_laptop.table["held"] == [0]
    assert on_phone.table["seats"][0]["name"] == name  # the username, not the name sent
    friend = Browser(server)
    assert friend.post(f"/api/tables/{table_id}/join", {"name": "Friend"})[0] == 200
    on_phone.until(lambda t: t["status"] == "running")
    first = on_phone.table["state"]["moves"][0]["notation"]
    after = on_phone.move(first)
    assert after["type"] == "table" and after["ply"] == 1
    on_laptop.until(lambda t: t["ply"] == 1)
    stored = server.get(f"/api/records/{table_id}")
    assert stored["players"][0]["kind"].startswith("account:")
    assert stored["players"][1]["kind"] == "person"
    assert [t["id"] for t in laptop.me()["running"]] == [table_id]
    for client in (on_phone, on_laptop):
        client.close()


def test_sign_out_ends_the_session(server: ServerProcess) -> None:
    browser, _ = signed_up(server)
    old = dict(browser.cookies)
    status, answer = browser.post("/api/account/signout")
    assert status == 200 and answer["kind"] == "anonymous"
    assert "spieltisch_session" not in browser.cookies
    replay = Browser(server)
    replay.cookies = old
    assert replay.me()["kind"] == "anonymous"
    assert browser.post("/api/account/signout")[0] == 200  # again: nothing to end


def test_sign_out_returns_to_the_guest(server: ServerProcess) -> None:
    browser = Browser(server)
    status, answer = browser.post("/api/account/guest", {"name": "Gast Eins"})
    assert status == 200 and (answer["kind"], answer["name"]) == ("guest", "Gast Eins")
    guest_table = browser.new_table()
    name = username()
    assert browser.sign_up(name, PASSWORD)[0] == 201
    assert browser.me()["waiting"] == []  # the account holds no guest seat
    browser.post("/api/account/signout")
    me = browser.me()
    assert (me["kind"], me["name"]) == ("guest", "Gast Eins")
    assert [t["id"] for t in me["waiting"]] == [guest_table]


def test_change_password_ends_the_other_sessions(server: ServerProcess) -> None:
    first, name = signed_up(server)
    second = Browser(server)
    assert second.sign_in(name, PASSWORD)[0] == 200
    table_id = first.new_table()
    watching = second.table(table_id)
    assert watching.table["held"] == [0]
    status, answer = first.post(
        "/api/account/password", {"old_password": "wrong password", "new_password": "x" * 10}
    )
    assert (status, answer["code"]) == (403, "WRONG_PASSWORD")
    new = "a new password 2"
    status, answer = first.post(
        "/api/account/password", {"old_password": PASSWORD, "new_password": new}
    )
    assert status == 200 and answer["ended_sessions"] == 1
    assert first.me()["username"] == name  # this session goes on
    assert second.me()["kind"] == "anonymous"
    with pytest.raises(ConnectionClosed) as closed:  # its open socket is closed
        while True:
            watching.receive(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
    assert Browser(server).sign_in(name, PASSWORD)[0] == 401
    assert Browser(server).sign_in(name, new)[0] == 200
    anonymous = Browser(server)
    status, answer = anonymous.post(
        "/api/account/password", {"old_password": new, "new_password": "whatever123"}
    )
    assert (status, answer["code"]) == (401, "NOT_SIGNED_IN")


def test_a_guest_name_is_kept_and_used(server: ServerProcess) -> None:
    browser = Browser(server)
    status, answer = browser.post("/api/account/guest", {"name": " Zoe\u0301  Q "})
    assert status == 200 and answer["name"] == "Zoé Q"  # NFC, spaces folded
    assert "spieltisch" in browser.cookies
    table_id = browser.new_table()
    assert server.get(f"/api/tables/{table_id}")["seats"][0]["name"] == "Zoé Q"
    assert browser.post("/api/account/guest", {"name": "Neuer Name"})[1]["name"] == "Neuer Name"
    for bad in ("", "a\u202eb", "x" * 41, 5):
        status, answer = browser.post("/api/account/guest", {"name": bad})
        assert status == 400 and answer["code"].startswith("BAD_NAME_"), bad
    # a guest who never set a name keeps the first one a table asks for
    other = Browser(server)
    other.new_table(name="Erster")
    assert other.me()["name"] == "Erster"
    account, _ = signed_up(server)
    status, answer = account.post("/api/account/guest", {"name": "Other"})
    assert (status, answer["code"]) == (409, "SIGNED_IN")


def _play_to_the_end(server: ServerProcess, first: Browser, second: Browser) -> int:
    table_id = first.new_table()
    assert second.post(f"/api/tables/{table_id}/join", {})[0] == 200
    one, two = first.table(table_id), second.table(table_id)
    one.until(lambda t: t["status"] == "running")
    assert one.move(one.table["state"]["moves"][0]["notation"])["ply"] == 1
    two.until(lambda t: t["your_turn"])
    assert two.move(two.table["state"]["moves"][0]["notation"])["ply"] == 2
    one.until(lambda t: t["ply"] == 2)
    one.send(type="resign")
    one.until(lambda t: t["status"] == "over")
    one.close()
    two.close()
    return table_id


def test_rated_only_between_accounts(server: ServerProcess) -> None:
    (ann, ann_name), (bob, bob_name) = signed_up(server), signed_up(server)
    played = _play_to_the_end(server, ann, bob)
    (recent,) = bob.me()["recent"]  # an account's finished games, on any device
    assert (recent["id"], recent["status"], recent["winner"]) == (played, "finished", 1)
    guest = Browser(server)
    guest.post("/api/account/guest", {"name": "guest player"})
    _play_to_the_end(server, ann, guest)
    board = server.get("/api/ratings/schachogi")
    live = {e["name"]: e for e in board["live"]}
    assert live[ann_name]["games"] == 1 and live[bob_name]["games"] == 1
    assert live[ann_name]["kind"] == "account"
    assert "guest player" not in live
    assert all(r["name"] != "guest player" for r in board["bradley_terry"])


def test_an_old_hash_is_replaced_at_sign_in(server: ServerProcess) -> None:
    _, name = signed_up(server)
    weak = PasswordHasher(time_cost=1, memory_cost=8192, parallelism=1).hash(PASSWORD)
    with sqlite3.connect(server.db) as connection:
        connection.execute("UPDATE accounts SET password_hash = ? WHERE username = ?", (weak, name))
    assert Browser(server).sign_in(name, PASSWORD)[0] == 200
    with sqlite3.connect(server.db) as connection:
        (stored,) = connection.execute(
            "SELECT password_hash FROM accounts WHERE username = ?", (name,)
        ).fetchone()
    assert stored != weak and stored.startswith("$argon2id$")
    assert not PasswordHasher().check_needs_rehash(stored)
    assert Browser(server).sign_in(name, PASSWORD)[0] == 200
