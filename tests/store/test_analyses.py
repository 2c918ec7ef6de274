"""The store's whole-game analyses (revision 0005): written and read back with their JSON
result, progress overwritten in place, unfinished ones listed, refused for a game the
store does not have or a state it does not know, deleted with their game."""

from __future__ import annotations

import pytest

from spieltisch.store import NotFoundError, Store, StoreError


def test_an_analysis_is_kept_and_updated(store: Store) -> None:
    game_id = store.create_game("ostseeschach", ["a", "b"])
    assert store.analysis(game_id) is None
    queued = store.save_analysis(game_id, "queued", done=0, total=11, seconds=0.5)
    assert queued.status == "queued" and queued.finished is None and queued.result is None
    store.save_analysis(game_id, "running", done=5, total=11, seconds=0.5)
    assert store.unfinished_analyses() == [game_id]
    result = {"evaluations": [{"expected": 0.25, "mate": None}], "players": [{"accuracy": 91.5}]}
    done = store.save_analysis(game_id, "done", done=11, total=11, seconds=0.5, result=result)
    assert done.created == queued.created and done.finished is not None
    again = store.analysis(game_id)
    assert again is not None and again.status == "done" and again.result == result
    assert (again.done, again.total, again.seconds) == (11, 11, 0.5)
    assert store.unfinished_analyses() == []


def test_a_failed_analysis_keeps_its_error(store: Store) -> None:
    game_id = store.create_game("schachogi", ["a", "b"])
    store.save_analysis(game_id, "failed", done=3, total=9, seconds=0.2, error="x" * 900)
    failed = store.analysis(game_id)
    assert failed is not None and failed.status == "failed" and len(failed.error) == 500


def test_refusals(store: Store) -> None:
    with pytest.raises(NotFoundError):
        store.save_analysis(4242, "queued", done=0, total=1, seconds=0.1)
    game_id = store.create_game("ostseeschach", ["a", "b"])
    with pytest.raises(StoreError):
        store.save_analysis(game_id, "paused", done=0, total=1, seconds=0.1)
    with pytest.raises(StoreError):
        store.save_analysis(game_id, "queued", done=-1, total=1, seconds=0.1)


def test_deleted_with_its_game(store: Store) -> None:
    game_id = store.create_game("ostseeschach", ["a", "b"])
    store.save_analysis(game_id, "queued", done=0, total=1, seconds=0.1)
    store.delete_game(game_id)
    assert store.analysis(game_id) is None
