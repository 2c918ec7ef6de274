"""Okard's native evaluation against the one it replaced, for the tuning log in docs/ai.md.

The native Okard engine keeps the port of `games/okard/evaluation.py` selectable
(`eval=0` in its options config) beside the evaluation as built (captures weighed by the
chance that the action points pay for them). This plays paired games at a fixed depth
(the same start and dice, seats swapped) between the two and prints the new evaluation's
wins, draws and losses, its score with the 95% interval and the Elo difference. At a fixed
depth the picks and placements are the same in every game (only the dice differ), so the
first OPENING moves of each pair are played at random (the same moves in both games of
the pair) to vary the armies.

    python -m benchmarks.okard_evaluation [PAIRS] [DEPTH] [OPENING] [OPTIONS]
"""

from __future__ import annotations

import random
import sys
from typing import Any

import spieltisch
from spieltisch import native
from spieltisch.ai.agent import Agent
from spieltisch.arena.elo import MatchScore, format_elo
from spieltisch.arena.match import play_game
from spieltisch.core.game import Game, State


class EvaluationAgent(Agent):
    """The native search to a fixed depth with one of the engine's Okard evaluations."""

    def __init__(self, game: Game[Any, Any], depth: int, evaluation: int, opening: int) -> None:
        super().__init__(None)
        self.opening = opening
        #: Set for each game pair: the seed of its random opening moves.
        self.pair_seed = 0
        self.module, config = native._engine(game)
        self.config = f"{config} eval={evaluation}"
        self.depth = depth
        self.spec = f"native:depth={depth} (eval={evaluation})"

    def select(self, state: State[Any]) -> Any:
        if state.is_chance():
            return state.sample_chance(self.rng)
        ply = len(state.history())
        if ply < self.opening:
            return random.Random(self.pair_seed * 1000 + ply).choice(state.legal_moves())
        best, *_ = self.module.search(
            state.text(), 0.0, self.depth, 1, 16, False, None, None, self.config
        )
        return state.parse_move(best)


def measure(
    pairs: int, depth: int, opening: int = 0, options: str | None = None, seed: int = 2026
) -> MatchScore:
    """The new evaluation's result over `pairs` game pairs at `depth`."""
    game = spieltisch.load("okard", options)
    new, old = EvaluationAgent(game, depth, 1, opening), EvaluationAgent(game, depth, 0, opening)
    seeds = random.Random(seed)
    wins = draws = losses = 0
    for _ in range(pairs):
        chance_seed = seeds.randrange(2**62)
        new.pair_seed = old.pair_seed = seeds.randrange(2**30)
        for seat in (0, 1):
            agents = (new, old) if seat == 0 else (old, new)
            record = play_game(game, agents, chance_seed=chance_seed)
            if record.winner is None:
                draws += 1
            elif record.winner == seat:
                wins += 1
            else:
                losses += 1
    return MatchScore(wins, draws, losses)


def main(argv: list[str]) -> None:
    pairs = int(argv[0]) if argv else 200
    depth = int(argv[1]) if len(argv) > 1 else 3
    opening = int(argv[2]) if len(argv) > 2 else 0
    options = argv[3] if len(argv) > 3 else None
    score = measure(pairs, depth, opening, options)
    low, high = score.score_interval()
    elo_low, elo_high = score.elo_interval()
    print(
        f"okard {options or 'default options'}, depth {depth}, {opening} random opening "
        f"moves: new evaluation against the "
        f"old, {score.games} games: {score.wins} / {score.draws} / {score.losses}, "
        f"score {score.score:.1%} ({low:.1%}..{high:.1%}), Elo {format_elo(score.elo())} "
        f"({format_elo(elo_low)} .. {format_elo(elo_high)})"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
