"""Bradley–Terry ratings on synthetic results with known strengths, and the live rating."""

from __future__ import annotations

import math
import random

import pytest

from spieltisch.arena.ratings import (
    ELO_SCALE,
    NEW_PLAYER,
    LiveRating,
    Result,
    bradley_terry,
    expected_score,
    live_update,
)

STRENGTHS = {"a": 0.0, "b": 80.0, "c": 200.0, "d": 400.0}


def _games(rng: random.Random, per_pair: int, draws: float = 0.3) -> list[Result]:
    """Games between every pair with the expected score of the strength gap; a share of
    the decisive probability mass becomes draws (the mean score unchanged)."""
    results = []
    names = sorted(STRENGTHS)
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            p = expected_score(STRENGTHS[first] - STRENGTHS[second])
            d = draws * 2 * min(p, 1 - p)
            for k in range(per_pair):
                u = rng.random()
                score = 1.0 if u < p - d / 2 else (0.5 if u < p + d / 2 else 0.0)
                if k % 2:
                    results.append(Result(second, first, 1.0 - score))
                else:
                    results.append(Result(first, second, score))
    return results


def _centered() -> dict[str, float]:
    mean = sum(STRENGTHS.values()) / len(STRENGTHS)
    return {name: value - mean for name, value in STRENGTHS.items()}


def test_known_strengths_recovered_in_order_and_within_intervals() -> None:
    ratings = bradley_terry(_games(random.Random(11), 300))
    assert [r.name for r in ratings] == ["d", "c", "b", "a"]
    truth = _centered()
    for r in ratings:
        assert r.low < truth[r.name] < r.high, r
        assert r.games == 900
    assert sum(r.rating for r in ratings) == pytest.approx(0.0, abs=1e-6)


def test_intervals_cover_the_truth_about_95_percent_of_the_time() -> None:
    truth = _centered()
    rng = random.Random(3)
    hits = total = 0
    for _ in range(40):
        for r in bradley_terry(_games(rng, 60), prior=0.0):
            hits += r.low < truth[r.name] < r.high
            total += 1
    # draws make the intervals a little wide (see the module docstring): at least 90%
    assert hits / total >= 0.9


def test_two_players_match_the_closed_form() -> None:
    """Without a prior, 70 of 100 points give exactly the Elo of a 70% score, and the
    interval is ±z·sqrt(1 / (n p (1 - p))) in log-odds units."""
    results = [Result("x", "y", 1.0)] * 70 + [Result("x", "y", 0.0)] * 30
    x, y = bradley_terry(results, prior=0.0)
    gap = -400 * math.log10(1 / 0.7 - 1)
    assert x.rating - y.rating == pytest.approx(gap, abs=1e-6)
    spread = 1.959963984540054 * math.sqrt(1 / (100 * 0.21)) / 2 * ELO_SCALE
    assert x.error == pytest.approx(spread, rel=1e-6)


def test_a_perfect_score_stays_finite_with_the_prior() -> None:
    results = [Result("x", "y", 1.0)] * 10
    x, y = bradley_terry(results)
    assert math.isfinite(x.rating) and x.rating > 200
    assert y.rating == pytest.approx(-x.rating)


def test_bad_results_are_refused() -> None:
    with pytest.raises(ValueError, match="score"):
        bradley_terry([Result("x", "y", 0.3)])
    with pytest.raises(ValueError, match="himself"):
        bradley_terry([Result("x", "x", 1.0)])
    assert bradley_terry([]) == []


def test_live_rating() -> None:
    won, lost = live_update(NEW_PLAYER, NEW_PLAYER, 1.0)
    assert won.mu > NEW_PLAYER.mu > lost.mu
    assert won.sigma < NEW_PLAYER.sigma
    a, b = live_update(NEW_PLAYER, NEW_PLAYER, 0.5)
    assert a.mu == pytest.approx(NEW_PLAYER.mu) and b.mu == pytest.approx(NEW_PLAYER.mu)
    # an upset moves the ratings more than the expected result
    strong, weak = LiveRating(35.0, 3.0), LiveRating(15.0, 3.0)
    upset = live_update(strong, weak, 0.0)[0]
    expected = live_update(strong, weak, 1.0)[0]
    assert strong.mu - upset.mu > expected.mu - strong.mu
    assert LiveRating(30.0, 2.0).ordinal == 24.0
