"""Two evaluations of a native engine against each other, for the tuning log
(docs/measurements/tuning.md).

Every native engine reads an evaluation variant from its config (`eval=N`, for measurement
only: normal callers get variant 0; Okard's `eval=0` is the port of `evaluation.py`, its
default is 5, the fitted one, see okard/lookup.hpp). This plays paired games at a fixed
depth (or, with DEPTH written as `0.2s`, a fixed time a move: the budget the levels play
with) between variant TEST and variant BASE: in both games of a pair the same start
(`new_state(seed)` with the pair's seed: Ostseeschach's random set-up), the same chance
outcomes, the seats swapped, and the first OPENING moves played at random, the same moves
in both games (at a fixed depth the search plays the same game every time, so a random
opening varies the games). It prints TEST's wins, draws and losses, its score with the 95%
interval and the Elo difference. With `--sprt ELO0,ELO1` it prints each game as it ends and
feeds the pairs to a sequential probability ratio test (as `benchmarks.pruning_match`
does), stopping at its verdict, PAIRS being the most it plays.

    python -m benchmarks.evaluation_match GAME PAIRS DEPTH OPENING BASE TEST [OPTIONS [SEED]]
        [--sprt E0,E1]
    python -m benchmarks.evaluation_match okard 40 0.2s 6 1 2     # 0.2 s a move
    python -m benchmarks.evaluation_match schachogi 50 5 8 classic nnue  # Schachogi's NNUE
    python -m benchmarks.evaluation_match okard 400 0.05s 4 7 8 - 42 --sprt 0,30

BASE and TEST are variant numbers, or a named evaluation the engine reads (Schachogi's
`eval=classic` and `eval=nnue`, docs/native.md).

OPTIONS `-` is the default options; SEED (default 2026) draws the pairs' seeds, another
one gives an independent confirmation match.
"""

from __future__ import annotations

import sys
import time
from typing import Any

import spieltisch
from benchmarks.pairs import play_pairs, play_tallied, result_text, sprt_text, take_sprt
from spieltisch import native
from spieltisch.ai.agent import Agent
from spieltisch.arena.elo import MatchScore
from spieltisch.arena.sprt import SPRT
from spieltisch.core.game import Game, State
from spieltisch.native.search import MAX_DEPTH


class EvaluationAgent(Agent):
    """The native search to a fixed depth with one of the engine's evaluation variants."""

    def __init__(
        self,
        game: Game[Any, Any],
        depth: int,
        evaluation: int | str,
        seconds: float = 0.0,
    ) -> None:
        super().__init__(None)
        self.module, config = native._engine(game)
        self.config = " ".join(part for part in (config, f"eval={evaluation}") if part)
        self.depth = depth
        #: A time budget a move (then up to the deepest depth), or 0 for the fixed depth.
        self.seconds = seconds
        budget = f"time={seconds}" if seconds else f"depth={depth}"
        self.spec = f"native:{budget} (eval={evaluation})"

    def select(self, state: State[Any]) -> Any:
        if state.is_chance():
            return state.sample_chance(self.rng)
        best, *_ = self.module.search(
            state.text(), self.seconds, self.depth, 1, 16, False, None, None, self.config
        )
        return state.parse_move(best)


def measure(
    name: str,
    pairs: int,
    depth: int,
    opening: int,
    base: int | str,
    test: int | str,
    options: str | None = None,
    seed: int = 2026,
    seconds: float = 0.0,
    sprt: SPRT | None = None,
) -> MatchScore:
    """Variant `test`'s result against variant `base` over `pairs` game pairs at `depth`
    (or `seconds` a move when given; fewer pairs where `sprt` decides)."""
    game = spieltisch.load(name, options)
    limit = MAX_DEPTH if seconds else depth
    new = EvaluationAgent(game, limit, test, seconds)
    old = EvaluationAgent(game, limit, base, seconds)
    if sprt is None:
        return play_pairs(game, new, old, pairs=pairs, opening=opening, seed=seed)
    return play_tallied(game, new, old, pairs=pairs, opening=opening, seed=seed, sprt=sprt)


def report(
    name: str,
    limit: str,
    opening: int,
    base: int | str,
    test: int | str,
    options: str | None,
    seed: int,
    score: MatchScore,
    seconds: float,
) -> str:
    """One line for the tuning log: the match, W/D/L, score and Elo with their intervals."""
    return (
        f"{name} {options or 'default options'}, {limit}, {opening} random opening "
        f"moves: eval={test} against eval={base}, {score.games} games: "
        f"{result_text(score, 2)}, seed {seed}, {seconds:.0f} s"
    )


def main(argv: list[str]) -> None:
    sprt, argv = take_sprt(argv, __doc__ or "")
    if len(argv) < 6:
        raise SystemExit(__doc__)
    name = argv[0]
    budget = argv[2]
    move_seconds = float(budget[:-1]) if budget.endswith("s") else 0.0
    depth = 0 if move_seconds else int(budget)
    pairs, opening = int(argv[1]), int(argv[3])
    base, test = (int(value) if value.isdigit() else value for value in argv[4:6])
    options = argv[6] if len(argv) > 6 and argv[6] != "-" else None
    seed = int(argv[7]) if len(argv) > 7 else 2026
    start = time.perf_counter()
    score = measure(name, pairs, depth, opening, base, test, options, seed, move_seconds, sprt)
    seconds = time.perf_counter() - start
    limit = f"{move_seconds:g} s a move" if move_seconds else f"depth {depth}"
    print(report(name, limit, opening, base, test, options, seed, score, seconds))
    if sprt is not None:
        print(sprt_text(sprt))


if __name__ == "__main__":
    main(sys.argv[1:])
