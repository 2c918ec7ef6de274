"""The two updates a running table makes besides moves: a take-back drops the last moves
(`truncate_moves`), and a seat taken later changes the players and `meta` (`set_meta`);
on SQLite and on PostgreSQL."""

from __future__ import annotations

import pytest

from spieltisch.core import load
from spieltisch.core.record import replay_record
from spieltisch.store import ConflictError, NotFoundError, Player, Store, StoreError
from tests.store.helpers import play_random


def test_truncate_moves_takes_back_and_play_goes_on(store: Store) -> None:
    game_id, state = play_random(store, "ostseeschach", 3, 10, finish=False)
    before = store.game(game_id).updated
    store.truncate_moves(game_id, 7)
    game = store.game(game_id)
    assert game.status == "running" and game.plies == 7
    assert [m.ply for m in game.moves] == list(range(7))
    assert game.updated >= before
    for _ in range(3):
        state.undo()
    assert replay_record(store.record(game_id)) == state
    # the next move is ply 7 again, and a later take-back of everything works too
    with pytest.raises(ConflictError, match="the next is ply 7, not 10"):
        store.add_move(game_id, 10, "a1b2", 0.1, 0)
    move = state.legal_moves()[0]
    store.add_move(game_id, 7, str(move), 0.1, state.to_move)
    assert store.game(game_id).moves[-1].notation == str(move)
    store.truncate_moves(game_id, 0)
    assert store.game(game_id).moves == () and store.game(game_id).plies == 0
    store.truncate_moves(game_id, 0)  # keeping all there is: nothing changes
    assert store.game(game_id).plies == 0


def test_truncate_moves_refuses(store: Store) -> None:
    game_id, _ = play_random(store, "ostseeschach", 3, 4, finish=False)
    with pytest.raises(ConflictError, match="has 4 moves: cannot keep 5"):
        store.truncate_moves(game_id, 5)
    for bad in (-1, True, 1.5, "2", 2**31):
        with pytest.raises(StoreError, match="plies to keep"):
            store.truncate_moves(game_id, bad)  # type: ignore[arg-type]
    with pytest.raises(NotFoundError, match="no game with id 999"):
        store.truncate_moves(999, 0)
    store.abandon_game(game_id, "left")
    with pytest.raises(ConflictError, match="abandoned: its moves stay"):
        store.truncate_moves(game_id, 2)
    assert store.game(game_id).plies == 4 == len(store.game(game_id).moves)


def test_set_meta_replaces_meta_and_players(store: Store) -> None:
    start = load("schachogi").new_state(1).text()
    game_id = store.create_game("schachogi", ["ann", "?"], meta={"holders": ["t0", None]})
    store.add_move(game_id, 0, str(load("schachogi").parse(start).legal_moves()[0]), 0.2, 0)
    store.set_meta(game_id, {"holders": ["t0", "t1"], "table": 5}, [Player("ann"), "bob"])
    game = store.game(game_id)
    assert game.meta == {"holders": ["t0", "t1"], "table": 5}
    assert game.players == (Player("ann"), Player("bob"))
    assert game.plies == 1 and game.status == "running"
    store.set_meta(game_id, {"holders": ["t0", "t1"]})  # players unchanged
    game = store.game(game_id)
    assert game.meta == {"holders": ["t0", "t1"]}
    assert game.players == (Player("ann"), Player("bob"))
    assert store.record(game_id).players == ("ann", "bob")
    store.set_meta(game_id, None, [Player("ann"), Player("easy", "ai:easy")])
    game = store.game(game_id)
    assert game.meta == {} and game.players[1] == Player("easy", "ai:easy")


def test_set_meta_refuses(store: Store) -> None:
    game_id = store.create_game("okard", ["a", "b"])
    with pytest.raises(NotFoundError, match="no game with id 999"):
        store.set_meta(999, {})
    with pytest.raises(StoreError, match="kept by the store itself"):
        store.set_meta(game_id, {"kinds": ["person", "person"]})
    with pytest.raises(StoreError, match="meta: not storable"):
        store.set_meta(game_id, {"x": float("nan")})
    with pytest.raises(StoreError, match="exactly two"):
        store.set_meta(game_id, {}, ["only one"])
    with pytest.raises(StoreError, match="the kind of player 1"):
        store.set_meta(game_id, {}, [Player("a"), Player("b", "robot")])
    assert store.game(game_id).players == (Player("a"), Player("b"))
