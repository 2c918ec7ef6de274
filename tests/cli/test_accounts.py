"""`spieltisch accounts`: a host lists the accounts, sets a new password (the old one
stops working, every session ends) and signs a user out everywhere, on the store a
server uses."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from argon2 import PasswordHasher

from spieltisch.store import Store
from tests.cli.run import run


def test_list_reset_and_sign_out(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    hasher = PasswordHasher()
    later = datetime.now(UTC) + timedelta(days=1)
    with Store.open(db) as store:
        ann = store.create_account("Ann", "ann", hasher.hash("old password"))
        store.create_session("a" * 64, expires=later, account_id=ann.id)
    assert run("accounts", "list", "--db", str(tmp_path / "empty.db")).stdout == "no accounts\n"
    listed = run("accounts", "list", "--db", str(db))
    assert listed.returncode == 0 and " Ann " in listed.stdout
    done = run(
        "accounts",
        "password",
        "ANN",
        "--password-file",
        "-",
        "--db",
        str(db),
        stdin="new password\n",
    )
    assert done.returncode == 0, done.stderr
    assert "1 session(s) ended" in done.stdout
    with Store.open(db) as store:
        stored = store.account(ann.id).password_hash
        assert hasher.verify(stored, "new password")
        assert store.session("a" * 64) is None
        store.create_session("b" * 64, expires=later, account_id=ann.id)
    short = run(
        "accounts", "password", "ann", "--password-file", "-", "--db", str(db), stdin="short\n"
    )
    assert short.returncode == 2 and "at least 8" in short.stderr
    missing = run("accounts", "sign-out", "nobody", "--db", str(db))
    assert missing.returncode == 2 and "no account named 'nobody'" in missing.stderr
    out = run("accounts", "sign-out", "Ann", "--db", str(db))
    assert out.returncode == 0 and "1 session(s) ended" in out.stdout
    with Store.open(db) as store:
        assert store.session("b" * 64) is None
