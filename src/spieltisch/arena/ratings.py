"""Ratings: Bradley–Terry maximum likelihood over many games, and a live rating per game.

**Bradley–Terry** (`bradley_terry`), as Ordo computes it: player i beats player j with
probability 1 / (1 + 10^((r_j - r_i) / 400)), a draw counts as half a win for each (the
likelihood is then a quasi-likelihood, as in Ordo; Davidson's draw model would add a draw
parameter, which a handful of games cannot pin down). The ratings maximise it by Newton's
method with their mean fixed at 0 within each group of players connected by games (two
groups that never met cannot be compared: each is fitted on its own). A weak prior of
`prior` virtual draws between every pair that met (as BayesElo's prior) keeps a player
with only wins finite. The 95% intervals come from the inverse of the observed Fisher
information (the Hessian of the log-likelihood) under the mean-zero constraint; with
draws they are slightly wide, since a draw-rich score varies less than p (1 - p).

The **live rating** (`LiveRating`, `live_update`) is in `spieltisch.core.rating`: the store
keeps it, so it lives below the store; it is imported here too, for the arena's users.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from spieltisch.arena.elo import Z95
from spieltisch.core.rating import NEW_PLAYER, LiveRating, Result, live_update

__all__ = [
    "ELO_SCALE",
    "NEW_PLAYER",
    "LiveRating",
    "Rating",
    "Result",
    "bradley_terry",
    "expected_score",
    "live_update",
]

#: Elo points per natural-log unit of odds.
ELO_SCALE = 400.0 / math.log(10.0)


@dataclass(frozen=True)
class Rating:
    """A player's Bradley–Terry rating (Elo scale, mean 0) with its 95% interval."""

    name: str
    rating: float
    low: float
    high: float
    games: int
    points: float

    @property
    def error(self) -> float:
        """Half the width of the 95% interval."""
        return (self.high - self.low) / 2


def bradley_terry(
    results: Iterable[Result], *, prior: float = 1.0, iterations: int = 100
) -> list[Rating]:
    """The ratings of every player in `results`, best first (see the module docstring)."""
    games = list(results)
    names = sorted({r.first for r in games} | {r.second for r in games})
    index = {name: i for i, name in enumerate(names)}
    n = len(names)
    if n == 0:
        return []
    # wins[i][j]: points of i against j (draws as halves); count[i][j]: games between them
    wins = [[0.0] * n for _ in range(n)]
    count = [[0.0] * n for _ in range(n)]
    played = [0] * n
    points = [0.0] * n
    for r in games:
        if r.score not in (0.0, 0.5, 1.0):
            raise ValueError(f"a game's score is 1, 1/2 or 0, not {r.score!r}")
        if r.first == r.second:
            raise ValueError(f"a player does not play himself: {r.first!r}")
        i, j = index[r.first], index[r.second]
        wins[i][j] += r.score
        wins[j][i] += 1.0 - r.score
        count[i][j] += 1.0
        count[j][i] += 1.0
        played[i] += 1
        played[j] += 1
        points[i] += r.score
        points[j] += 1.0 - r.score
    for i in range(n):
        for j in range(n):
            if count[i][j]:
                wins[i][j] += prior / 2
                count[i][j] += prior
    ratings = []
    for group in _groups(count):
        sub_wins = [[wins[i][j] for j in group] for i in group]
        sub_count = [[count[i][j] for j in group] for i in group]
        x, covariance = _fit(sub_wins, sub_count, iterations)
        for k, i in enumerate(group):
            spread = Z95 * math.sqrt(max(0.0, covariance[k][k])) * ELO_SCALE
            value = x[k] * ELO_SCALE
            ratings.append(
                Rating(names[i], value, value - spread, value + spread, played[i], points[i])
            )
    return sorted(ratings, key=lambda r: (-r.rating, r.name))


def _groups(count: Sequence[Sequence[float]]) -> list[list[int]]:
    """The players in groups connected by games (each sorted, in the order of their
    first player). Ratings compare only within a group: between two groups that never
    met, the games say nothing, and one fit over both had an information matrix of rank
    n - 2, whose "inverse" gave intervals of ±10 million Elo."""
    n = len(count)
    group = list(range(n))

    def root(i: int) -> int:
        while group[i] != i:
            group[i] = group[group[i]]
            i = group[i]
        return i

    for i in range(n):
        for j in range(i + 1, n):
            if count[i][j]:
                group[root(i)] = root(j)
    found: dict[int, list[int]] = {}
    for i in range(n):
        found.setdefault(root(i), []).append(i)
    return list(found.values())


def _fit(
    wins: Sequence[Sequence[float]], count: Sequence[Sequence[float]], iterations: int
) -> tuple[list[float], list[list[float]]]:
    """The ratings (natural-log odds units, mean 0) of one connected group of players
    and their covariance, by Newton's method."""
    n = len(wins)
    x = [0.0] * n
    for _ in range(iterations):
        gradient, information = _derivatives(x, wins, count)
        step = _solve_centered(information, gradient)
        x = [xi + si for xi, si in zip(x, step, strict=True)]
        mean = sum(x) / n
        x = [xi - mean for xi in x]
        if max((abs(s) for s in step), default=0.0) < 1e-10:
            break
    _, information = _derivatives(x, wins, count)
    return x, _centered_inverse(information)


def _derivatives(
    x: Sequence[float], wins: Sequence[Sequence[float]], count: Sequence[Sequence[float]]
) -> tuple[list[float], list[list[float]]]:
    """The gradient of the log-likelihood and the information matrix (minus its Hessian)."""
    n = len(x)
    gradient = [0.0] * n
    information = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            games = count[i][j]
            if not games:
                continue
            p = 1.0 / (1.0 + math.exp(x[j] - x[i]))
            gradient[i] += wins[i][j] - games * p
            gradient[j] -= wins[i][j] - games * p
            w = games * p * (1.0 - p)
            information[i][i] += w
            information[j][j] += w
            information[i][j] -= w
            information[j][i] -= w
    return gradient, information


def _solve_centered(matrix: Sequence[Sequence[float]], vector: Sequence[float]) -> list[float]:
    """The solution with mean 0 of `matrix` y = `vector` for an information matrix whose
    rows sum to 0 (solved as (M + J/n) y = v, J the all-ones matrix)."""
    n = len(vector)
    shifted = [[matrix[i][j] + 1.0 / n for j in range(n)] for i in range(n)]
    return _gauss(shifted, [list(vector)])[0]


def _centered_inverse(matrix: Sequence[Sequence[float]]) -> list[list[float]]:
    """The pseudo-inverse of an information matrix with zero row sums: the covariance of
    the ratings under the mean-zero constraint, (M + J/n)^-1 - J/n."""
    n = len(matrix)
    shifted = [[matrix[i][j] + 1.0 / n for j in range(n)] for i in range(n)]
    identity = [[1.0 if i == j else 0.0 for i in range(n)] for j in range(n)]
    columns = _gauss(shifted, identity)
    return [[columns[j][i] - 1.0 / n for j in range(n)] for i in range(n)]


def _gauss(matrix: Sequence[Sequence[float]], rights: list[list[float]]) -> list[list[float]]:
    """Solve matrix · y = r for every right-hand side r (Gaussian elimination with partial
    pivoting); a singular matrix (players not connected by games) gets a tiny ridge."""
    n = len(matrix)
    a = [list(row) + [r[i] for r in rights] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda row: abs(a[row][col]))
        a[col], a[pivot] = a[pivot], a[col]
        if abs(a[col][col]) < 1e-12:
            a[col][col] = 1e-9
        for row in range(n):
            if row != col and a[row][col]:
                factor = a[row][col] / a[col][col]
                a[row] = [v - factor * p for v, p in zip(a[row], a[col], strict=True)]
    return [[a[i][n + k] / a[i][i] for i in range(n)] for k in range(len(rights))]


def expected_score(difference: float) -> float:
    """The expected score of a player `difference` Elo points stronger."""
    return 1.0 / (1.0 + math.pow(10.0, -difference / 400.0))
