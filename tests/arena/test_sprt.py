"""The SPRT on synthetic paired results: a clearly stronger engine is accepted, an equal
one rejected, each within about the number of pairs Wald's approximation expects."""

from __future__ import annotations

import math
import random

import pytest

from spieltisch.arena.ratings import expected_score
from spieltisch.arena.sprt import SPRT, expected_pairs


def _game(rng: random.Random, elo: float, draws: float = 0.4) -> float:
    p = expected_score(elo)
    d = draws * 2 * min(p, 1 - p)
    u = rng.random()
    return 1.0 if u < p - d / 2 else (0.5 if u < p + d / 2 else 0.0)


def _run(rng: random.Random, elo: float, elo0: float, elo1: float) -> tuple[str, int]:
    sprt = SPRT(elo0, elo1)
    for _ in range(200_000):
        sprt.add_pair(_game(rng, elo), _game(rng, elo))
        verdict = sprt.verdict()
        if verdict is not None:
            return verdict, sprt.pairs
    raise AssertionError("the test never ended")


def _pair_variance(elo: float, rng: random.Random) -> float:
    samples = [(_game(rng, elo) + _game(rng, elo)) / 2 for _ in range(20_000)]
    mean = sum(samples) / len(samples)
    return sum((x - mean) ** 2 for x in samples) / len(samples)


def test_bounds() -> None:
    sprt = SPRT(0, 5, 0.05, 0.05)
    assert sprt.lower == pytest.approx(-2.944, abs=1e-3)
    assert sprt.upper == pytest.approx(2.944, abs=1e-3)
    assert SPRT(0, 5, 0.05, 0.1).lower == pytest.approx(math.log(0.1 / 0.95))


@pytest.mark.parametrize(
    ("elo", "expected"), [(80.0, "H1"), (0.0, "H0")], ids=["stronger", "equal"]
)
def test_verdicts_within_the_expected_number_of_pairs(elo: float, expected: str) -> None:
    rng = random.Random(7)
    elo0, elo1 = 0.0, 40.0
    runs = [_run(rng, elo, elo0, elo1) for _ in range(20)]
    verdicts = [v for v, _ in runs]
    assert verdicts.count(expected) >= 18  # the error rates are 5%
    mean_pairs = sum(n for _, n in runs) / len(runs)
    wald = expected_pairs(elo, _pair_variance(elo, rng), elo0, elo1, 0.05, 0.05)
    # Wald's figure ignores the overshoot and the errors: the mean lies near it
    assert 0.5 * wald < mean_pairs < 1.5 * wald, (mean_pairs, wald)


def test_llr_agrees_with_the_closed_form_for_balanced_results() -> None:
    sprt = SPRT(0, 5)
    sprt.bins = [100, 400, 600, 420, 110]
    assert sprt.llr() == pytest.approx(sprt.llr_approximation(), rel=0.02)
    elo, low, high = sprt.elo()
    assert low < elo < high
    assert elo == pytest.approx(-400 * math.log10(1 / (825 / 1630) - 1), abs=0.01)


def test_all_wins_move_the_llr_up_but_stay_finite() -> None:
    sprt = SPRT(0, 5)
    for _ in range(20):
        sprt.add_pair(1.0, 1.0)
    assert 0 < sprt.llr() < 10


def test_bad_input() -> None:
    with pytest.raises(ValueError):
        SPRT(5, 0)
    with pytest.raises(ValueError):
        SPRT(0, 5, alpha=0.7)
    with pytest.raises(ValueError):
        SPRT().add_pair(1.0, 0.25)
    assert SPRT().llr() == 0.0
