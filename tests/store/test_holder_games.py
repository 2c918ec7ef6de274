"""A player's games by identity (`holder_games`, the lobby's "my games"), on SQLite and
PostgreSQL: a guest's by the holders kept in each game's meta, an account's by its seat
kind; nobody else's, whatever their names."""

from __future__ import annotations

import pytest

from spieltisch.store import Player, Store, StoreError
from spieltisch.store.accounts import account_kind

ANN = "guest:" + "a" * 64
BEN = "guest:" + "b" * 64


def _game(store: Store, kinds: tuple[str, str], holders: list[str | None]) -> int:
    players = [Player("same name", kinds[0]), Player("same name", kinds[1])]
    return store.create_game("okard", players, seed=1, meta={"holders": holders})


def test_games_by_holder(store: Store) -> None:
    account = store.create_account("holder1", "holder1", "hash")
    mine = [
        _game(store, ("person", "ai:easy"), [ANN, None]),
        _game(store, ("person", "person"), [BEN, ANN]),
    ]
    theirs = _game(store, ("person", "person"), [BEN, BEN])
    accounts = _game(store, (account_kind(account.id), "person"), [f"account:{account.id}", BEN])
    assert [g.id for g in store.holder_games(ANN)] == mine[::-1]
    assert [g.id for g in store.holder_games(BEN)] == [accounts, theirs, mine[1]]
    assert [g.id for g in store.holder_games(f"account:{account.id}")] == [accounts]
    assert store.holder_games(ANN, limit=1)[0].id == mine[1]
    assert store.holder_games("guest:" + "c" * 64) == []
    for bad in ("guest:%", "guest:" + "A" * 64, "somebody", 'guest:"' + "a" * 63):
        with pytest.raises(StoreError):
            store.holder_games(bad)
