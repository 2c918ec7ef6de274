"""Leases on live tables (store/leases.py): one owner at a time, taken over only once
expired, renewed and given up, and a write fenced by its lease; on SQLite and on a real
PostgreSQL server."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from spieltisch.core.registry import load
from spieltisch.store import Player, Store, writes
from spieltisch.store.leases import LeaseLost
from tests.store.postgres import Server


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        target = str(tmp_path / "leases.db")
    else:
        server: Server = request.getfixturevalue("postgres")
        target = server.url()
    with Store.open(target) as opened:
        yield opened


def _game(store: Store) -> int:
    return store.create_game("okard", [Player("a", "person"), Player("b", "person")])


def _move(game_id: int, ply: int = 0) -> list[writes.Write]:
    state = load("okard").new_state()
    return [writes.Move(ply, str(state.legal_moves()[0]), 1.0, 0)]


def test_one_owner_at_a_time_until_the_lease_expires(store: Store) -> None:
    game_id = _game(store)
    assert store.take_lease(game_id, "a", 0.4)
    assert not store.take_lease(game_id, "b", 5.0)  # a's, not expired
    assert store.take_lease(game_id, "a", 0.4)  # a renews its own
    assert store.lease_owner(game_id) == "a"
    assert store.orphaned_tables() == []
    assert store.leased_tables() == {game_id}
    time.sleep(0.6)
    assert store.lease_owner(game_id) is None
    assert store.leased_tables() == set()
    assert store.orphaned_tables() == [game_id]  # a died: b may take the table over
    assert store.take_lease(game_id, "b", 5.0)
    assert store.lease_owner(game_id) == "b"
    assert store.renew_leases("a", 5.0) == set()  # a learns that it lost it
    assert store.renew_leases("b", 5.0) == {game_id}


def test_a_write_needs_the_lease(store: Store) -> None:
    game_id = _game(store)
    assert store.take_lease(game_id, "a", 0.3)
    store.apply(game_id, _move(game_id), lease=("a", 0.3))  # renews it too
    time.sleep(0.5)
    assert store.take_lease(game_id, "b", 5.0)
    with pytest.raises(LeaseLost):
        store.apply(game_id, _move(game_id, 1), lease=("a", 5.0))
    assert len(store.record(game_id).moves) == 1  # the old owner stored nothing more


def test_leases_are_given_up(store: Store) -> None:
    first, second = _game(store), _game(store)
    assert store.take_lease(first, "a", 5.0) and store.take_lease(second, "a", 5.0)
    assert store.release_leases("a", [first]) == 1
    assert store.take_lease(first, "b", 5.0)  # at once, not after the expiry
    assert store.release_leases("a") == 1
    assert store.lease_owner(second) is None
