"""Match scores and the Elo difference they imply, with a 95% confidence interval.

The interval comes from the normal approximation of the mean game score (wins 1, draws
1/2, losses 0) with its sample variance, mapped through the logistic Elo curve.
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
        """The 95% interval of the mean score, clipped to [0, 1]."""
        n = self.games
        if not n:
            return (0.0, 1.0)
        s = self.score
        variance = (
            self.wins * (1.0 - s) ** 2 + self.draws * (0.5 - s) ** 2 + self.losses * s**2
        ) / n
        half = Z95 * math.sqrt(variance / n)
        return (max(0.0, s - half), min(1.0, s + half))

    def elo(self) -> float:
        return elo_difference(self.score)

    def elo_interval(self) -> tuple[float, float]:
        low, high = self.score_interval()
        return (elo_difference(low), elo_difference(high))


def format_elo(value: float) -> str:
    if math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    return f"{value:+.0f}"
