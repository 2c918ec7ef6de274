"""Match scores and the Elo difference they imply, with a 95% confidence interval.

The interval of the mean game score (wins 1, draws 1/2, losses 0) is a Wilson score
interval extended to draws: the true score p is kept where |s - p| <= z * sqrt(v(p) / n),
with v(p) = p (1 - p) - d / 4 the variance of one game's score at mean p and the observed
draw share d. Without draws it is the Wilson interval; unlike the plain normal
approximation it does not shrink to a point at 100% or 0% (10 wins out of 10 do not prove
an infinite Elo difference). The score bounds are mapped through the logistic Elo curve.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: The two-sided 95% quantile of the normal distribution.
Z95 = 1.959963984540054


def elo_difference(score: float) -> float:
    """The Elo difference of a player with expected score `score` (±inf at 1 and 0)."""
    if score >= 1.0:
        return math.inf
    if score <= 0.0:
        return -math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


@dataclass(frozen=True)
class MatchScore:
    """Wins, draws and losses of the first agent."""

    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """The first agent's mean score per game (0.5 with no games)."""
        if not self.games:
            return 0.5
        return (self.wins + 0.5 * self.draws) / self.games

    def score_interval(self) -> tuple[float, float]:
        """The 95% interval of the mean score (see the module's docstring)."""
        n = self.games
        if not n:
            return (0.0, 1.0)
        s = self.score
        d = self.draws / n
        z2 = Z95 * Z95
        # (n + z2) p^2 - (2 n s + z2) p + (n s^2 + z2 d / 4) = 0
        a = n + z2
        b = 2 * n * s + z2
        c = n * s * s + z2 * d / 4
        root = math.sqrt(max(0.0, b * b - 4 * a * c))
        low = 2 * c / (b + root)  # the smaller root, without cancellation
        high = 1.0 if s == 1.0 else min(1.0, (b + root) / (2 * a))
        return (0.0 if s == 0.0 else max(0.0, low), high)

    def elo(self) -> float:
        return elo_difference(self.score)

    def elo_interval(self) -> tuple[float, float]:
        low, high = self.score_interval()
        return (elo_difference(low), elo_difference(high))


def format_elo(value: float) -> str:
    if math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    return f"{round(value):+d}"  # an even score is +0, never -0
