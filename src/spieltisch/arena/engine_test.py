"""Engine testing: paired games of a test engine against its base until the SPRT decides.

Pairs are played in batches (one pair per worker); after each batch the test is checked,
as fishtest does between its workers' batches. The games are stored as a tournament of
format `sprt` (player 0 the base, player 1 the test), so the test can be resumed and
every game replayed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from spieltisch.arena.jobs import Runner
from spieltisch.arena.sprt import SPRT
from spieltisch.arena.tournament import Entrant, Tournament

if TYPE_CHECKING:
    from spieltisch.store import Store
    from spieltisch.store.tournaments import ScheduledGame


@dataclass(frozen=True)
class SPRTReport:
    """The state of a test after a batch."""

    pairs: int
    llr: float
    lower: float
    upper: float
    elo: tuple[float, float, float]
    bins: tuple[int, ...]
    verdict: str | None


def create_test(
    store: Store,
    game: str,
    base: str,
    test: str,
    *,
    elo0: float,
    elo1: float,
    alpha: float = 0.05,
    beta: float = 0.05,
    seed: int = 0,
    time_per_move: float | None = None,
    options: str = "",
) -> Tournament:
    """A new SPRT of `test` against `base` in `store` (nothing scheduled yet)."""
    SPRT(elo0, elo1, alpha, beta)  # checks the bounds
    tournament = Tournament.create_empty(
        store,
        game,
        [Entrant("base", base), Entrant("test", test)],
        format="sprt",
        seed=seed,
        time_per_move=time_per_move,
        options=options,
        extra={"elo0": elo0, "elo1": elo1, "alpha": alpha, "beta": beta},
    )
    return tournament


def sprt_of(tournament: Tournament, schedule: list[ScheduledGame]) -> SPRT:
    """The test's SPRT over the complete pairs played so far."""
    settings = tournament.info.settings
    sprt = SPRT(settings["elo0"], settings["elo1"], settings["alpha"], settings["beta"])
    pairs: dict[int, list[float]] = {}
    for g in schedule:
        if g.status not in ("finished", "abandoned"):
            continue
        seat_of_test = g.seats.index(1)
        if g.status == "finished" and g.winner is not None:
            score = 1.0 if g.winner == seat_of_test else 0.0
        else:
            score = 0.5
        pairs.setdefault(g.deal, []).append(score)
    for scores in pairs.values():
        if len(scores) == 2:
            sprt.add_pair(scores[0], scores[1])
    return sprt


def run_test(
    tournament: Tournament,
    runner: Runner,
    *,
    batch: int = 1,
    max_pairs: int = 100_000,
    on_batch: Callable[[SPRTReport], None] | None = None,
) -> SPRTReport:
    """Play batches of `batch` pairs until the SPRT decides or `max_pairs` are played."""
    while True:
        schedule = tournament.schedule()
        sprt = sprt_of(tournament, schedule)
        report = SPRTReport(
            sprt.pairs,
            sprt.llr(),
            sprt.lower,
            sprt.upper,
            sprt.elo(),
            tuple(sprt.bins),
            sprt.verdict(),
        )
        waiting = [g for g in schedule if not g.played]
        if not waiting:
            if on_batch is not None and sprt.pairs:
                on_batch(report)
            if report.verdict is not None or len(schedule) // 2 >= max_pairs:
                break
            first_deal = max((g.deal for g in schedule), default=-1) + 1
            count = min(batch, max_pairs - len(schedule) // 2)
            plan = []
            for k in range(count):
                deal = first_deal + k
                number = len(schedule) + 2 * k
                plan.append((number, deal, 1, 0, deal))  # the test engine in seat 0
                plan.append((number + 1, deal, 0, 1, deal))
            tournament.store.schedule(tournament.id, plan)
            continue
        for job, record in runner.play([tournament.job(g) for g in waiting]):
            game_id = tournament.store_game(job, record)
            tournament.store.rate_game(game_id)
    tournament.store.finish_tournament(tournament.id)
    return report
