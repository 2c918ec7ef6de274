"""Identity across a restart: an account's seat is still its seat on a new device after
the server restarts, and a browser that held a seat before accounts existed (schema
revision 0002, its seat token the SHA-256 of its cookie) still holds it after the
upgrade."""

from __future__ import annotations

import hashlib
import json
import secrets
import sqlite3
from pathlib import Path

from tests.server.browser import Browser
from tests.server.client import TableClient
from tests.serverproc import ServerProcess


def test_an_accounts_seat_survives_a_restart(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "games.db")
    server.start()
    try:
        first = Browser(server)
        assert first.sign_up("Restarter", "a long password")[0] == 201
        table_id = first.new_table()
        server.restart()
        other = Browser(server)
        assert other.sign_in("restarter", "a long password")[0] == 200
        client = other.table(table_id)
        try:
            assert client.table["held"] == [0]
        finally:
            client.close()
        assert TableClient(server, table_id, first.cookie).table["held"] == [0]
    finally:
        server.stop()


def test_a_seat_held_before_accounts_is_still_held(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    server = ServerProcess(db)
    server.start()
    try:
        guest = Browser(server)
        table_id = guest.new_table(name="Old Timer")
    finally:
        server.stop()
    # the database as revision 0002 left it: no accounts, the seat token a bare SHA-256
    legacy = secrets.token_urlsafe(24)  # the cookie of those days
    token = hashlib.sha256(legacy.encode()).hexdigest()
    with sqlite3.connect(db) as connection:
        (meta,) = connection.execute("SELECT meta FROM games WHERE id = ?", (table_id,)).fetchone()
        data = json.loads(meta)
        data["holders"] = [token, None]
        connection.execute("UPDATE games SET meta = ? WHERE id = ?", (json.dumps(data), table_id))
        # the tables of revisions 0004 to 0006, built on 0003
        for later in ("leases", "analyses", "bots"):
            connection.execute(f"DROP TABLE IF EXISTS {later}")
        connection.execute("DROP TABLE sessions")
        connection.execute("DROP TABLE accounts")
        connection.execute("UPDATE alembic_version SET version_num = '0002'")
    server.start()
    try:
        client = TableClient(server, table_id, f"spieltisch={legacy}")
        try:
            assert client.table["held"] == [0]
        finally:
            client.close()
        old = Browser(server)
        old.cookies = {"spieltisch": legacy}
        me = old.me()
        assert me["kind"] == "guest" and [t["id"] for t in me["waiting"]] == [table_id]
        assert TableClient(server, table_id, guest.cookie).table["held"] == []
    finally:
        server.stop()
