"""The sequential probability ratio test of engine testing (fishtest, cutechess-cli).

Games come in pairs that share a start and the chance draws with the seats swapped; a
pair scores 0, 1/2, 1, 3/2 or 2 points for the test engine, so the results are counted
in five bins (the *pentanomial* model, which sees that the two games of a pair are not
independent and so needs fewer games than the trinomial win/draw/loss count).

The log-likelihood ratio is the generalised SPRT's (the GSPRT as fishtest runs it): the
observed bin frequencies are compared with the maximum-likelihood distributions on the
same five outcomes whose mean score is s0 and s1, the expected scores at the
hypotheses' logistic Elo differences elo0 and elo1. The distribution closest to the
observed frequencies f with mean s is p_i = f_i / (1 + λ (x_i - s)), λ the root of
Σ f_i (x_i - s) / (1 + λ (x_i - s)) = 0 (found by bisection); then
LLR = N Σ f_i log(p1_i / p0_i). (`llr_approximation` is the familiar closed form
N (s1 - s0) (2 s - s0 - s1) / (2 v), which agrees for small Elo differences but explodes
when nearly every pair ends alike.) The test stops when LLR ≤ log(β / (1 - α)) (H0: the
change is no better than elo0) or LLR ≥ log((1 - β) / α) (H1: at least elo1 better).
Empty bins count as 0.001 pairs, as fishtest regularises them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from spieltisch.arena.elo import Z95, elo_difference
from spieltisch.arena.ratings import expected_score

#: What an empty bin counts as (in pairs).
EMPTY_BIN = 1e-3


@dataclass
class SPRT:
    """A running test of `test` against `base`: add pairs, read the LLR and the verdict."""

    elo0: float = 0.0
    elo1: float = 5.0
    alpha: float = 0.05
    beta: float = 0.05
    #: pairs with 0, 1/2, 1, 3/2, 2 points for the test engine
    bins: list[int] = field(default_factory=lambda: [0, 0, 0, 0, 0])

    def __post_init__(self) -> None:
        if not (0.0 < self.alpha < 0.5 and 0.0 < self.beta < 0.5):
            raise ValueError("alpha and beta are error probabilities in 0..0.5")
        if not self.elo0 < self.elo1:
            raise ValueError("elo0 must be below elo1")

    @property
    def lower(self) -> float:
        """The LLR at which H0 is accepted."""
        return math.log(self.beta / (1.0 - self.alpha))

    @property
    def upper(self) -> float:
        """The LLR at which H1 is accepted."""
        return math.log((1.0 - self.beta) / self.alpha)

    def add_pair(self, first: float, second: float) -> None:
        """Count a pair of games by the test engine's scores (1, 1/2, 0) in each."""
        points = first + second
        slot = round(points * 2)
        if abs(points * 2 - slot) > 1e-9 or not 0 <= slot <= 4:
            raise ValueError(f"a pair scores 0, 1/2, ... 2 points, not {points!r}")
        self.bins[slot] += 1

    @property
    def pairs(self) -> int:
        return sum(self.bins)

    def _moments(self) -> tuple[float, float, float]:
        """(pairs counted with the regularised bins, mean score per game, variance of a
        pair's mean score)."""
        counts = [c if c else EMPTY_BIN for c in self.bins]
        total = sum(counts)
        values = [k / 4 for k in range(5)]
        mean = sum(c * x for c, x in zip(counts, values, strict=True)) / total
        square = sum(c * x * x for c, x in zip(counts, values, strict=True)) / total
        return total, mean, max(square - mean * mean, 1e-12)

    def llr(self) -> float:
        """The log-likelihood ratio of H1 against H0 so far (0 before the first pair)."""
        if not self.pairs:
            return 0.0
        counts = [c if c else EMPTY_BIN for c in self.bins]
        total = sum(counts)
        freqs = [c / total for c in counts]
        values = [k / 4 for k in range(5)]
        s0, s1 = expected_score(self.elo0), expected_score(self.elo1)
        lam0, lam1 = _lagrange(freqs, values, s0), _lagrange(freqs, values, s1)
        return self.pairs * sum(
            f * (math.log1p(lam0 * (x - s0)) - math.log1p(lam1 * (x - s1)))
            for f, x in zip(freqs, values, strict=True)
        )

    def llr_approximation(self) -> float:
        """The closed-form approximation of the LLR (see the module docstring)."""
        if not self.pairs:
            return 0.0
        total, mean, variance = self._moments()
        s0, s1 = expected_score(self.elo0), expected_score(self.elo1)
        return total * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)

    def verdict(self) -> str | None:
        """`"H1"` (the test engine is better), `"H0"` (it is not), or None (go on)."""
        value = self.llr()
        if value >= self.upper:
            return "H1"
        if value <= self.lower:
            return "H0"
        return None

    def elo(self) -> tuple[float, float, float]:
        """The test engine's logistic Elo advantage and its 95% interval, from the pairs
        (±inf where the score or a bound reaches 0 or 1)."""
        if not self.pairs:
            return (0.0, -math.inf, math.inf)
        total, mean, variance = self._moments()
        spread = Z95 * math.sqrt(variance / total)
        return (
            elo_difference(mean),
            elo_difference(mean - spread),
            elo_difference(mean + spread),
        )


def _lagrange(freqs: list[float], values: list[float], mean: float) -> float:
    """λ with Σ f_i (x_i - mean) / (1 + λ (x_i - mean)) = 0, all denominators positive:
    the maximum-likelihood distribution with this `mean` is f_i / (1 + λ (x_i - mean))."""
    shifted = [x - mean for x in values]
    # 1 + λ d > 0 for every d: λ in (-1 / max d, -1 / min d)
    high = -1.0 / min(shifted) if min(shifted) < 0 else 1e12
    low = -1.0 / max(shifted) if max(shifted) > 0 else -1e12

    def slope(lam: float) -> float:  # decreasing in λ
        return sum(f * d / (1.0 + lam * d) for f, d in zip(freqs, shifted, strict=True))

    low, high = low + 1e-12 * abs(low), high - 1e-12 * abs(high)
    for _ in range(64):  # halves the interval to double precision
        middle = (low + high) / 2
        if slope(middle) > 0:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def expected_pairs(
    elo: float, variance: float, elo0: float, elo1: float, alpha: float, beta: float
) -> float:
    """Wald's approximation of the number of pairs a test needs when the true Elo
    difference is `elo` and a pair's mean score has variance `variance`: the bound the LLR
    drifts to, divided by its drift per pair (overshoot ignored)."""
    s0, s1, s = expected_score(elo0), expected_score(elo1), expected_score(elo)
    drift = (s1 - s0) * (2 * s - s0 - s1) / (2 * variance)
    if drift == 0:
        return math.inf
    lower, upper = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
    return (upper if drift > 0 else lower) / drift
