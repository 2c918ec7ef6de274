"""Ratings as people see them: Bradley–Terry over players who never met (no intervals of
±10 million), and the live rating's shown value, deviation and provisional mark."""

from __future__ import annotations

import pytest

from spieltisch.arena.ratings import Result, bradley_terry
from spieltisch.core.rating import (
    NEW_PLAYER,
    PROVISIONAL_GAMES,
    SHOWN_SCALE,
    LiveRating,
    live_update,
)


def test_groups_that_never_met_are_fitted_apart() -> None:
    pair = [Result("a", "b", 1.0), Result("a", "b", 0.5)]
    other = [Result("c", "d", 1.0), Result("d", "e", 0.0), Result("c", "e", 0.5)]
    together = {r.name: r for r in bradley_terry(pair + other)}
    alone = {r.name: r for r in bradley_terry(pair) + bradley_terry(other)}
    assert set(together) == set(alone) == {"a", "b", "c", "d", "e"}
    for name, rating in together.items():
        assert rating.rating == pytest.approx(alone[name].rating, abs=1e-6)
        assert rating.low == pytest.approx(alone[name].low, abs=1e-6)
        assert rating.high == pytest.approx(alone[name].high, abs=1e-6)
        assert rating.error < 1000, (name, rating)


def test_one_game_each_in_two_pairs_gives_sane_intervals() -> None:
    ratings = bradley_terry([Result("a", "b", 1.0), Result("c", "d", 1.0)])
    assert all(r.high - r.low < 1000 for r in ratings), ratings
    assert sum(r.rating for r in ratings) == pytest.approx(0.0, abs=1e-6)


def test_shown_rating_and_its_provisional_mark() -> None:
    assert NEW_PLAYER.shown == pytest.approx(1500.0)
    assert NEW_PLAYER.provisional
    assert 240 < NEW_PLAYER.deviation < 260
    # two settled players 400 shown points apart: the stronger scores about 10 to 1
    assert 29 < SHOWN_SCALE < 30
    player, settled = NEW_PLAYER, LiveRating(25.0, 1.0)
    for game in range(1, 40):
        player, _ = live_update(player, settled, (1.0, 0.5, 0.0)[game % 3])
        if game < PROVISIONAL_GAMES - 3:
            assert player.provisional, game
        if game >= PROVISIONAL_GAMES + 3:
            assert not player.provisional, game
