"""Hostile clients against identity, through a real server process: forged, absent and
replayed session cookies, someone else's seat token or an old-style secret as a cookie,
a session after sign-out or after a password change, and usernames that only look
different. Each client must get nobody's identity (and no seat); a legitimate game
between two guests goes on throughout."""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.browser import Browser
from tests.server.client import TableClient
from tests.serverproc import ServerProcess

PASSWORD = "a fine password"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path_factory.mktemp("hostile-identity") / "games.db")
    process.start()
    try:
        yield process
    finally:
        process.stop()


@pytest.fixture(scope="module")
def game(server: ServerProcess) -> Iterator[tuple[int, TableClient, TableClient]]:
    """A legitimate game between two guests, kept going while the attacks run."""
    ann, bob = Browser(server), Browser(server)
    table_id = ann.new_table(name="Ann")
    assert bob.post(f"/api/tables/{table_id}/join", {"name": "Bob"})[0] == 200
    one, two = ann.table(table_id), bob.table(table_id)
    one.until(lambda t: t["status"] == "running")
    yield table_id, one, two
    one.close()
    two.close()


def _still_playing(game: tuple[int, TableClient, TableClient]) -> None:
    """The next move of the legitimate game is accepted and reaches the other side."""
    _, one, two = game
    mover, other = (one, two) if one.table["your_turn"] else (two, one)
    ply = mover.table["ply"]
    answer = mover.move(mover.table["state"]["moves"][0]["notation"])
    assert answer["type"] == "table" and answer["ply"] == ply + 1
    other.until(lambda t: t["ply"] == ply + 1)


def _no_seat(server: ServerProcess, table_id: int, cookie: str | None) -> None:
    """With `cookie`, the table's socket holds no seat and a move is refused."""
    client = TableClient(server, table_id, cookie)
    try:
        assert client.table["held"] == []
        notation = client.table["state"]["moves"][0]["notation"]
        answer = client.move(notation)
        assert answer["type"] == "error" and answer["rule"] == "NO_SEAT"
    finally:
        client.close()


def _me(server: ServerProcess, cookie: str | None) -> dict[str, object]:
    browser = Browser(server)
    if cookie:
        for part in cookie.split(";"):
            name, _, value = part.strip().partition("=")
            browser.cookies[name] = value
    return browser.me()


FORGED = [
    "spieltisch_session=" + secrets.token_urlsafe(32),
    "spieltisch=" + secrets.token_urlsafe(32),
    "spieltisch_session=" + "A" * 43,
    "spieltisch_session=account:1",
    "spieltisch=guest:" + "0" * 64,
    "spieltisch_session=" + "x" * 5000,
    "spieltisch_session=%00%ff; spieltisch=\u00e9t\u00e9",
]


def test_forged_cookies_are_nobody(
    server: ServerProcess, game: tuple[int, TableClient, TableClient]
) -> None:
    table_id = game[0]
    account = Browser(server)
    assert account.sign_up("victim1", PASSWORD)[0] == 201
    for cookie in FORGED:
        assert _me(server, cookie)["kind"] == "anonymous", cookie
        _no_seat(server, table_id, cookie)
        browser = Browser(server)
        browser.cookies = dict(p.strip().split("=", 1) for p in cookie.split(";"))
        status, answer = browser.post(
            "/api/account/password", {"old_password": PASSWORD, "new_password": "taken over!"}
        )
        assert (status, answer["code"]) == (401, "NOT_SIGNED_IN")
    _still_playing(game)


def test_a_forged_guest_cookie_is_not_adopted(server: ServerProcess) -> None:
    """Taking a seat with a cookie the server never issued gives a new guest session:
    the forged value never becomes anybody (no session fixation)."""
    forged = secrets.token_urlsafe(32)
    browser = Browser(server)
    browser.cookies = {"spieltisch": forged}
    table_id = browser.new_table(name="Mallory")
    assert browser.cookies["spieltisch"] != forged
    _no_seat(server, table_id, f"spieltisch={forged}")
    assert TableClient(server, table_id, browser.cookie).table["held"] == [0]


def test_absent_cookies_hold_nothing(
    server: ServerProcess, game: tuple[int, TableClient, TableClient]
) -> None:
    table_id = game[0]
    assert _me(server, None) == {
        "kind": "anonymous",
        "signed_in": False,
        "name": None,
        "username": None,
        "account_id": None,
        "running": [],
        "waiting": [],
        "recent": [],
    }
    _no_seat(server, table_id, None)
    status, _ = Browser(server).post(f"/api/tables/{table_id}/rematch")
    assert status == 403
    view = server.get(f"/api/tables/{table_id}")
    assert view["held"] == [] and view["you"] is None
    _still_playing(game)


def test_someone_elses_seat_token_or_old_secret(
    server: ServerProcess, game: tuple[int, TableClient, TableClient]
) -> None:
    """The seat tokens a store keeps (identity keys, hashes of session ids) are no
    cookies: presenting them, or a pre-accounts secret of no running game, holds nothing."""
    table_id = game[0]
    with_hash = hashlib.sha256(b"whatever").hexdigest()
    stored = server.get(f"/api/records/{table_id}/export")  # holders never leave the server
    assert "holders" not in json.dumps(stored)
    keys = _holders(server.db, table_id)
    assert all(key.startswith("guest:") for key in keys)
    for key in keys:
        digest = key.removeprefix("guest:")
        for cookie in (f"spieltisch={digest}", f"spieltisch={key}", f"spieltisch_session={digest}"):
            _no_seat(server, table_id, cookie)
    old_style = secrets.token_urlsafe(24)  # the shape of the cookie before accounts
    _no_seat(server, table_id, f"spieltisch={old_style}")
    _no_seat(server, table_id, f"spieltisch={with_hash}")
    _still_playing(game)


def _holders(db: Path | str, table_id: int) -> list[str]:
    import sqlite3

    with sqlite3.connect(db) as connection:
        (meta,) = connection.execute("SELECT meta FROM games WHERE id = ?", (table_id,)).fetchone()
    holders: list[str] = json.loads(meta)["holders"]
    return holders


def test_a_session_after_sign_out(server: ServerProcess) -> None:
    browser = Browser(server)
    assert browser.sign_up("leaver", PASSWORD)[0] == 201
    table_id = browser.new_table()
    kept = browser.cookie
    assert TableClient(server, table_id, kept).table["held"] == [0]
    browser.post("/api/account/signout")
    assert _me(server, kept)["kind"] == "anonymous"
    _no_seat(server, table_id, kept)
    assert Browser(server).sign_in("leaver", PASSWORD)[0] == 200  # the account is fine


def test_a_password_change_ends_other_sessions(server: ServerProcess) -> None:
    mine, thief = Browser(server), Browser(server)
    assert mine.sign_up("owner", PASSWORD)[0] == 201
    assert thief.sign_in("owner", PASSWORD)[0] == 200  # a stolen password, in use
    table_id = mine.new_table()
    socket = thief.table(table_id)
    assert socket.table["held"] == [0]
    status, _ = mine.post(
        "/api/account/password", {"old_password": PASSWORD, "new_password": "changed password"}
    )
    assert status == 200
    with pytest.raises(ConnectionClosed):
        while True:
            socket.receive(timeout=10)
    assert thief.me()["kind"] == "anonymous"
    _no_seat(server, table_id, thief.cookie)
    assert thief.sign_in("owner", PASSWORD)[0] == 401
    status, answer = thief.post(
        "/api/account/password", {"old_password": PASSWORD, "new_password": "mine now!!"}
    )
    assert (status, answer["code"]) == (401, "NOT_SIGNED_IN")
    assert TableClient(server, table_id, mine.cookie).table["held"] == [0]


@pytest.mark.parametrize(
    ("taken", "lookalike"),
    [
        ("Alice", "alice"),
        ("Alice", "ALICE"),
        ("Straße", "STRASSE"),  # case folding, not just lower case
        ("Zoé", "Zoe\u0301"),  # NFC: the same letters, composed or not
        ("Zoe\u0301x", "zoéX"),
    ],
)
def test_username_lookalikes_are_duplicates(
    server: ServerProcess, taken: str, lookalike: str
) -> None:
    first = Browser(server)
    status, answer = first.sign_up(taken, PASSWORD)
    assert status == 201 or answer["code"] == "USERNAME_TAKEN"
    status, answer = Browser(server).sign_up(lookalike, PASSWORD)
    assert (status, answer["code"]) == (409, "USERNAME_TAKEN")


def test_compatibility_lookalikes_are_refused(server: ServerProcess) -> None:
    fullwidth = "\uff21\uff4c\uff49\uff43\uff45"  # Ａｌｉｃｅ
    status, answer = Browser(server).sign_up(fullwidth, PASSWORD)
    assert (status, answer["code"]) == (400, "USERNAME_LOOKALIKE")
    status, answer = Browser(server).sign_up("Admin", PASSWORD)
    assert (status, answer["code"]) == (400, "USERNAME_RESERVED")


def test_guessing_passwords_gets_one_answer(
    server: ServerProcess, game: tuple[int, TableClient, TableClient]
) -> None:
    Browser(server).sign_up("guessed", PASSWORD)
    answers = {
        json.dumps(Browser(server).sign_in(user, password))
        for user, password in [
            ("guessed", "password1"),
            ("guessed", ""),
            ("nosuchuser", PASSWORD),
            ("GUESSED", "x"),
            ("\ud800", "x"),
            ("a" * 5000, "x"),
        ]
    }
    assert answers == {
        json.dumps([401, {"error": "wrong username or password", "code": "BAD_CREDENTIALS"}])
    }
    _still_playing(game)
