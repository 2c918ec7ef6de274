"""The live rating: Weng–Lin's Bayesian rating (OpenSkill, the Bradley–Terry "full
pairing" model of the `openskill` package), updated after every finished game, and the
result of one game between two named players.

It is chosen over Glicko-2 because it needs no rating periods (Glicko-2's volatility is
defined per period, which a server with games at any time lacks), it is the same
Bradley–Terry model as the arena's offline ratings (`arena.ratings.bradley_terry`), and its
sigma says how sure it is, so a new player or bot moves fast and a settled one slowly.

It lives in `core` because the store keeps it (`TournamentStore.rate_game` takes the
update as an argument, `live_update` by default) and the arena reads it: neither has to
import the other for it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Result:
    """One game between two named players: `score` is the first player's (1, 1/2, 0)."""

    first: str
    second: str
    score: float


@dataclass(frozen=True)
class LiveRating:
    """A player's live rating: Weng–Lin's mean `mu` and uncertainty `sigma`, and the
    conservative `mu - 3 sigma` shown on leaderboards."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3.0 * self.sigma

    @property
    def shown(self) -> float:
        """The rating people see, on the Elo scale: 1500 for a new player, and a
        difference of 400 where the stronger one scores 10 to 1 (`SHOWN_SCALE`)."""
        return SHOWN_BASE + (self.mu - NEW_MU) * SHOWN_SCALE

    @property
    def deviation(self) -> float:
        """`sigma` on the scale of `shown` (about 250 for a new player)."""
        return self.sigma * SHOWN_SCALE

    @property
    def provisional(self) -> bool:
        """Whether the rating is still unsure (shown with a "?"): its `sigma` at least
        `PROVISIONAL_SIGMA`, as lichess marks a Glicko rating with a deviation above 110."""
        return self.sigma >= PROVISIONAL_SIGMA


#: A new player's mean and uncertainty (OpenSkill's defaults), and the model's `beta`
#: (the spread of one game's performance, OpenSkill's default mu / 6).
NEW_MU = 25.0
NEW_SIGMA = NEW_MU / 3.0
BETA = NEW_MU / 6.0
#: A new player's live rating.
NEW_PLAYER = LiveRating(NEW_MU, NEW_SIGMA)

#: The shown rating of a new player, and its points per unit of `mu`: two settled
#: players (sigma near 0) with means d apart meet with a win chance of
#: 1 / (1 + exp(-d / (beta * sqrt 2))) in the model; the Elo curve says the same with
#: 400 / (ln 10 * beta * sqrt 2) points per unit (about 29.5).
SHOWN_BASE = 1500.0
SHOWN_SCALE = 400.0 / (math.log(10.0) * BETA * math.sqrt(2.0))
#: A rating is provisional while its sigma is at least this: a new player's sigma
#: (8.33) falls below it after about `PROVISIONAL_GAMES` games against settled players
#: (a deviation of about 148 on the shown scale).
PROVISIONAL_SIGMA = 5.0
PROVISIONAL_GAMES = 12


def live_update(
    first: LiveRating, second: LiveRating, score: float
) -> tuple[LiveRating, LiveRating]:
    """Both players' live ratings after a game that `first` scored `score` (1, 1/2, 0)."""
    from openskill.models import BradleyTerryFull  # only where live ratings are kept

    if score not in (0.0, 0.5, 1.0):
        raise ValueError(f"a game's score is 1, 1/2 or 0, not {score!r}")
    model = BradleyTerryFull()
    a = model.rating(mu=first.mu, sigma=first.sigma)
    b = model.rating(mu=second.mu, sigma=second.sigma)
    ranks = [0.0, 0.0] if score == 0.5 else ([0.0, 1.0] if score == 1.0 else [1.0, 0.0])
    [[a2], [b2]] = model.rate([[a], [b]], ranks=ranks)
    return LiveRating(a2.mu, a2.sigma), LiveRating(b2.mu, b2.sigma)


#: A rating update: both players' ratings before a game and the first one's score, to both
#: players' ratings after it (`live_update`).
RatingUpdate = Callable[[LiveRating, LiveRating, float], tuple[LiveRating, LiveRating]]
