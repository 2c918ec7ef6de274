"""The store's accounts and sessions, on SQLite and PostgreSQL: unique usernames by key,
sessions by the hash of their id with expiry, the end of an account's other sessions,
the rule of which finished games are rated, and migration 0003 turning the seat tokens
of running games into guest sessions."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from alembic import command
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from spieltisch.core.game import Outcome
from spieltisch.core.names import username_key
from spieltisch.store import ConflictError, NotFoundError, Player, Store, StoreError
from spieltisch.store.accounts import account_kind
from spieltisch.store.engine import alembic_config, create_store_engine, store_url
from spieltisch.store.tournaments import rated_pair

HOUR = timedelta(hours=1)


@pytest.fixture
def accounts(store: Store) -> Iterator[Store]:
    """The store with no accounts or sessions (the PostgreSQL one is shared)."""
    with store.engine.begin() as connection:
        connection.execute(text("DELETE FROM sessions"))
        connection.execute(text("DELETE FROM accounts"))
    yield store


def _hash(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


def test_usernames_are_unique_by_key(accounts: Store) -> None:
    made = accounts.create_account("Alice", username_key("Alice"), "h1")
    assert accounts.account(made.id).username == "Alice"
    assert accounts.account_by_key("alice") == made
    for lookalike in ("alice", "ALICE", "AlIcE"):
        with pytest.raises(ConflictError, match="taken"):
            accounts.create_account(lookalike, username_key(lookalike), "h2")
    # NFC: "é" typed as e + combining accent is the same name as the composed "é"
    accounts.create_account("Zoé", username_key("Zoé"), "h3")
    with pytest.raises(ConflictError):
        accounts.create_account("Zoe\u0301", username_key("Zoe\u0301"), "h4")
    assert accounts.count_accounts() == 2
    assert accounts.account_by_key("nobody") is None
    with pytest.raises(NotFoundError):
        accounts.account(2**40)


def test_the_database_refuses_a_duplicate_key_too(accounts: Store) -> None:
    """Two racing sign-ups cannot both win: the key column is unique."""
    accounts.create_account("Bob", "bob", "h")
    with (
        pytest.raises(IntegrityError, match=r"(?i)unique|duplicate"),
        accounts.engine.begin() as connection,
    ):
        connection.execute(
            text(
                "INSERT INTO accounts (username, username_key, password_hash, created_at,"
                " password_changed_at) VALUES ('BOB', 'bob', 'h', :t, :t)"
            ),
            {"t": datetime.now(UTC).replace(tzinfo=None)},
        )


def test_sessions_by_hash_with_expiry(accounts: Store) -> None:
    account = accounts.create_account("Carol", "carol", "h")
    now = datetime.now(UTC)
    accounts.create_session(_hash("s1"), expires=now + HOUR, account_id=account.id)
    accounts.create_session(_hash("g1"), expires=now + HOUR, name="Gast")
    accounts.create_session(_hash("old"), expires=now - HOUR, name="gone")
    found = accounts.session(_hash("s1"))
    assert found is not None and found.kind == "account" and found.username == "Carol"
    guest = accounts.session(_hash("g1"))
    assert guest is not None
    assert (guest.kind, guest.name, guest.account_id) == ("guest", "Gast", None)
    assert accounts.session(_hash("old")) is None  # expired
    assert accounts.session(_hash("never")) is None
    assert accounts.session("not a hash") is None
    assert accounts.session(_hash("s1"), now=now + 2 * HOUR) is None
    accounts.touch_session(_hash("s1"), now + 3 * HOUR)
    assert accounts.session(_hash("s1"), now=now + 2 * HOUR) is not None
    accounts.set_session_name(_hash("g1"), "Neu")
    assert accounts.session(_hash("g1")).name == "Neu"  # type: ignore[union-attr]
    with pytest.raises(NotFoundError):
        accounts.set_session_name(_hash("s1"), "not for accounts")
    with pytest.raises(ConflictError):
        accounts.create_session(_hash("g1"), expires=now + HOUR)
    with pytest.raises(StoreError):
        accounts.create_session("raw-session-id", expires=now + HOUR)
    assert accounts.purge_sessions() == 1
    assert accounts.delete_session(_hash("g1"))
    assert not accounts.delete_session(_hash("g1"))
    assert accounts.session(_hash("g1")) is None


def test_ending_an_accounts_other_sessions(accounts: Store) -> None:
    dave = accounts.create_account("Dave", "dave", "h")
    erin = accounts.create_account("Erin", "erin", "h")
    later = datetime.now(UTC) + HOUR
    for name in ("d1", "d2", "d3"):
        accounts.create_session(_hash(name), expires=later, account_id=dave.id)
    accounts.create_session(_hash("e1"), expires=later, account_id=erin.id)
    ended = accounts.delete_account_sessions(dave.id, keep=_hash("d2"))
    assert sorted(ended) == sorted([_hash("d1"), _hash("d3")])
    assert accounts.session(_hash("d2")) is not None
    assert accounts.session(_hash("d1")) is None
    assert accounts.session(_hash("e1")) is not None  # another account's stay
    accounts.set_password_hash(dave.id, "new")
    assert accounts.account(dave.id).password_hash == "new"
    with pytest.raises(NotFoundError):
        accounts.create_session(_hash("x"), expires=later, account_id=2**30)


def _finished(store: Store, kinds: tuple[str, str], moves: int = 2, **meta: object) -> int:
    game_id = store.create_game(
        "schachogi", [Player("p0", kinds[0]), Player("p1", kinds[1])], seed=1, meta=meta
    )
    state = store.record(game_id).start_state()
    for ply in range(moves):
        move = state.legal_moves()[0]
        store.add_move(game_id, ply, str(move), 1.0, state.to_move)
        state.play(move)
    store.finish_game(game_id, Outcome(0, "test", ((), ())))
    return game_id


def test_which_games_are_rated(accounts: Store) -> None:
    a, b = account_kind(1), account_kind(2)
    assert accounts.rate_game(_finished(accounts, (a, b)))
    assert accounts.rate_game(_finished(accounts, (a, "bot:x")))
    assert accounts.rate_game(_finished(accounts, ("ai:easy", "bot:y")))
    assert not accounts.rate_game(_finished(accounts, (a, "person")))  # a guest
    assert not accounts.rate_game(_finished(accounts, ("person", "person")))
    assert not accounts.rate_game(_finished(accounts, (a, "ai:easy")))  # free take-backs
    assert not accounts.rate_game(_finished(accounts, (a, "unknown")))
    assert not accounts.rate_game(_finished(accounts, (a, b), imported=True))
    assert not accounts.rate_game(_finished(accounts, (a, b), moves=1))  # one side never moved
    assert not accounts.rate_game(_finished(accounts, (a, a)))  # one account, both seats
    assert not rated_pair("person", "bot:x")
    names = {(e.player, e.kind) for e in accounts.leaderboard("schachogi")}
    assert names == {("p0", a), ("p1", b), ("p1", "bot:x"), ("p0", "ai:easy"), ("p1", "bot:y")}
    # the leaderboard's Bradley–Terry counts the rated games only
    assert len(accounts.results("schachogi", rated_only=True)) == 3
    assert len(accounts.results("schachogi")) == 10


def test_an_imported_account_game_is_never_rated(accounts: Store) -> None:
    """A record claiming two accounts and a result, imported: its seats become plain
    names; and an account game whose moves have no time of play on this server (as
    imported moves have none) is not rated even with account seats."""
    from spieltisch.core.record import GameRecord

    game_id = _finished(accounts, (account_kind(1), account_kind(2)))
    doctored = GameRecord.from_json(accounts.record(game_id).to_json())
    assert doctored.meta["kinds"] == [account_kind(1), account_kind(2)]
    imported = accounts.import_record(doctored)
    assert [p.kind for p in accounts.game(imported).players] == ["unknown", "unknown"]
    assert not accounts.rate_game(imported)
    copied = _finished(accounts, (account_kind(1), account_kind(2)))
    with accounts.engine.begin() as connection:
        connection.execute(
            text("UPDATE moves SET played_at = NULL WHERE game_id = :id"), {"id": copied}
        )
    assert not accounts.rate_game(copied)
    assert accounts.rate_game(game_id)


def test_migration_0003_keeps_old_seats(fresh_url: str) -> None:
    """A running game of revision 0002 held by a browser's secret cookie: after the
    upgrade its seat belongs to the guest session of that cookie."""
    url = store_url(fresh_url)
    command.upgrade(alembic_config(url), "0002")
    secret = "legacy-cookie-secret-abcdefghijklmnop"
    token = _hash(secret)
    with Store(create_store_engine(url)) as old:
        game_id = old.create_game(
            "okard", ["ann", "bob"], meta={"holders": [token, None], "seats": "kept"}
        )
        done = old.create_game("okard", ["ann", "bob"], meta={"holders": [token, token]})
        old.abandon_game(done, "gone")
    with Store.open(fresh_url) as store:
        assert store.game(game_id).meta == {"holders": [f"guest:{token}", None], "seats": "kept"}
        assert store.game(done).meta == {"holders": [token, token]}  # not running: left
        found = store.session(token)
        assert found is not None and found.kind == "guest"
        assert found.expires > datetime.now(UTC) + timedelta(days=300)
    command.downgrade(alembic_config(url), "0002")
    with Store(create_store_engine(url)) as old:
        assert old.game(game_id).meta["holders"] == [token, None]
