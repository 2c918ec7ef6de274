"""The store's tournaments and live ratings on SQLite and PostgreSQL: schedules, a game
stored and linked once, results for Bradley–Terry, ratings updated once per game."""

from __future__ import annotations

import pytest

from spieltisch.store import ConflictError, NotFoundError, Store, StoreError
from tests.store.helpers import random_record


def test_a_tournament_schedule_and_its_games(store: Store) -> None:
    settings = {"players": [{"name": "a", "spec": "random"}], "seed": 1, "x": [1.5, None]}
    tid = store.create_tournament("cup", "schachogi", "", "round-robin", settings)
    assert store.tournament(tid).settings == settings
    assert store.tournament(tid).status == "running"
    store.schedule(tid, [(0, 0, 0, 1, 0), (1, 0, 1, 0, 0)])
    with pytest.raises(ConflictError, match="already has game 1"):
        store.schedule(tid, [(1, 0, 0, 1, 1)])
    record, _ = random_record("schachogi", 3, 40)
    record.players = ("a", "b")
    game_id = store.store_tournament_game(tid, 0, record)
    with pytest.raises(ConflictError, match="already stored"):
        store.store_tournament_game(tid, 0, record)
    with pytest.raises(NotFoundError):
        store.store_tournament_game(tid, 7, record)
    first, second = store.scheduled_games(tid)
    assert (first.game_id, first.played, first.status) == (game_id, True, "running")
    assert (second.game_id, second.played, second.pair) == (None, False, (0, 1))
    assert store.count_games() == 1
    store.finish_tournament(tid)
    assert store.tournament(tid).finished is not None
    assert [t.id for t in store.tournaments(game="schachogi")] == [tid]
    assert store.tournaments(game="okard") == []
    with pytest.raises(StoreError):
        store.create_tournament("bad", "schachogi", "", "knockout", {})
    with pytest.raises(StoreError):
        store.create_tournament("bad", "schachogi", "", "swiss", {"x": float("nan")})
    with pytest.raises(NotFoundError):
        store.tournament(2**40)
    store.delete_game(game_id)
    assert store.scheduled_games(tid)[0].game_id is None  # the link is dropped with it


def _finished(store: Store, winner: int | None, names: tuple[str, str]) -> int:
    from spieltisch.core.game import Outcome
    from spieltisch.store import Player

    game_id = store.create_game("okard", [Player(name, f"bot:{name}") for name in names])
    store.finish_game(game_id, Outcome(winner, "test", ((), ())))
    return game_id


def test_live_ratings_once_per_game(store: Store) -> None:
    first = _finished(store, 0, ("ann", "bob"))
    assert store.rate_game(first)
    assert not store.rate_game(first)  # never twice
    second = _finished(store, None, ("bob", "ann"))
    assert store.rate_game(second)
    running = store.create_game("okard", ["ann", "bob"])
    assert not store.rate_game(running)
    board = store.leaderboard("okard")
    assert [e.player for e in board] == ["ann", "bob"]
    assert [e.games for e in board] == [2, 2]
    assert board[0].rating.mu > 25 > board[1].rating.mu
    history = store.rating_history("okard", "ann")
    assert [p.game_id for p in history] == [first, second]
    assert history[-1].rating == board[0].rating
    results = store.results("okard")
    assert [(r.first, r.second, r.score) for r in results] == [
        ("ann", "bob", 1.0),
        ("bob", "ann", 0.5),
    ]
    assert store.leaderboard("schachogi") == []


def test_the_rating_update_is_the_callers(store: Store) -> None:
    """The store keeps ratings but takes the rule that moves them from its caller."""
    from spieltisch.core.rating import LiveRating

    seen: list[tuple[LiveRating, LiveRating, float]] = []

    def fixed(first: LiveRating, second: LiveRating, score: float) -> tuple[LiveRating, LiveRating]:
        seen.append((first, second, score))
        return LiveRating(30.0, 1.0), LiveRating(20.0, 2.0)

    game_id = _finished(store, 1, ("cid", "dan"))
    assert store.rate_game(game_id, fixed)
    assert [score for _, _, score in seen] == [0.0]
    board = store.leaderboard("okard")
    assert [(e.player, e.rating) for e in board] == [
        ("cid", LiveRating(30.0, 1.0)),
        ("dan", LiveRating(20.0, 2.0)),
    ]
