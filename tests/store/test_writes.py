"""`Store.apply` (one action's changes in one transaction), `abandon_games` and
`running_summaries` (a fast restart), and `StoreUnavailable` for a database that is down,
on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from spieltisch.core.game import Outcome
from spieltisch.store import ConflictError, Player, Store, StoreError, StoreUnavailable, writes
from tests.store.conftest import new_database
from tests.store.postgres import Server

PEOPLE = [Player("ann"), Player("bob")]


def _moves(store: Store, game_id: int) -> list[str]:
    return [move.notation for move in store.game(game_id).moves]


def test_apply_stores_all_changes_or_none(store: Store) -> None:
    game_id = store.create_game("schachogi", PEOPLE, seed=1)
    state = store.game(game_id).to_record().start_state()
    first = state.legal_moves()[0]
    state.play(first)
    second = state.legal_moves()[0]
    with pytest.raises(ConflictError):  # the second move at a wrong ply: neither is kept
        store.apply(game_id, [writes.Move(0, str(first), 1.0, 0), writes.Move(5, "x", 1.0, 1)])
    assert _moves(store, game_id) == [] and store.game(game_id).plies == 0
    with pytest.raises(StoreError):  # checked before anything is written
        store.apply(game_id, [writes.Move(0, str(first), 1.0, 0), writes.Move(1, "", 1.0, 1)])
    store.apply(
        game_id,
        [
            writes.Move(0, str(first), 1.0, 0),
            writes.Move(1, str(second), 2.0, 1),
            writes.Finish(Outcome(0, "RESIGNATION")),
        ],
    )
    stored = store.game(game_id)
    assert _moves(store, game_id) == [str(first), str(second)]
    assert (stored.status, stored.winner, stored.reason) == ("finished", 0, "RESIGNATION")


def test_abandon_games_ends_only_running_ones(store: Store) -> None:
    ids = [store.create_game("okard", PEOPLE, seed=n) for n in range(5)]
    store.finish_game(ids[0], Outcome(None, "AGREED_DRAW"))
    assert [game.id for game in store.running_summaries()] == ids[1:]
    assert store.abandon_games(ids[:3], "expired") == 2
    assert [game.id for game in store.running_summaries()] == ids[3:]
    assert store.game(ids[1]).reason == "expired" and store.game(ids[0]).status == "finished"
    assert [game.id for game in store.games([ids[4], ids[2], 10**6])] == [ids[4], ids[2]]


def test_a_database_that_is_down_is_unavailable_until_it_is_back(postgres: Server) -> None:
    store = Store.open(new_database(postgres.url()))
    try:
        game_id = store.create_game("schachogi", PEOPLE, seed=1)
        postgres.pause()
        with pytest.raises(StoreUnavailable, match="database is unavailable"):
            store.game(game_id)
        with pytest.raises(StoreUnavailable):
            store.create_game("schachogi", PEOPLE, seed=2)
        postgres.resume()
        assert store.game(game_id).id == game_id  # the same Store, reconnected
        assert [game.id for game in store.running_summaries()] == [game_id]
    finally:
        store.close()
