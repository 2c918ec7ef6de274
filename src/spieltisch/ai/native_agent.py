"""The native agent: the C++ search (`spieltisch.native.search`) for the games that have a
native engine. The position goes over as its text (where the rules look back over the
game, a repetition rule: the text the state began from and the moves since), the move
comes back in the game's notation; the Python state stays the referee of what is legal.
"""

from __future__ import annotations

import itertools
from typing import Any

from spieltisch import native
from spieltisch.ai.agent import TIME_MARGIN, Agent, Budget
from spieltisch.core.game import State
from spieltisch.native.search import game_line, search

#: Each agent's own number for the engine's table pool (`table_owner`): the agents of one
#: process (the two players of a match) each keep their own table between moves.
_TABLE_OWNERS = itertools.count(1)

#: The depth searched when no budget is given at all.
DEFAULT_DEPTH = 6


class NativeAgent(Agent):
    """Iterative deepening in C++. Budget: `depth` and/or `seconds` per move; `threads`
    (Lazy SMP), `hash_mb` (table size) and `randomness` (the share of moves played at
    random, for the easy level) on top. `history=False` gives the search the position
    alone, not the game's moves (the engine before it knew them: for measuring); `prune`
    turns the search's selectivity switches on or off over the game's defaults (`rfp`,
    `lmp`, `seeq`, `seep`, `mdp`: for measuring each); `evaluation` "nnue" or "classic" in a
    game with a learned evaluation (Schachogi's NNUE, docs/native.md), or the number of one
    of the engine's evaluation variants (`eval=N`, for measuring a candidate against the
    default); `unit` (above 0) the unit of the pruning margins in evaluation points in place
    of the game's own (`native.search.prune_unit`, for tuning them)."""

    def __init__(
        self,
        budget: Budget | None = None,
        *,
        threads: int = 1,
        hash_mb: int = 16,
        randomness: float = 0.0,
        seed: int | None = None,
        history: bool = True,
        prune: dict[str, bool] | None = None,
        evaluation: str | None = None,
        unit: int = 0,
    ) -> None:
        super().__init__(seed)
        budget = budget or Budget()
        if budget.depth is None and budget.seconds is None:
            budget = Budget(depth=DEFAULT_DEPTH)
        self.budget = budget
        self.threads = threads
        self.hash_mb = hash_mb
        self.randomness = randomness
        self.history = history
        self.evaluation = evaluation
        self.unit = max(0, unit)
        #: The selectivity switches set over the game's defaults (`native.search.PRUNE_SWITCHES`).
        self.prune = dict(prune or {})
        #: After the first move of a game the table of the earlier moves is kept.
        self._in_game = False
        self._table_owner = next(_TABLE_OWNERS)
        parts = []
        if budget.depth is not None:
            parts.append(f"depth={budget.depth}")
        if budget.seconds is not None:
            parts.append(f"time={budget.seconds:g}")
        if threads != 1:
            parts.append(f"threads={threads}")
        if hash_mb != 16:
            parts.append(f"hash={hash_mb}")
        if randomness:
            parts.append(f"random={randomness:g}")
        if seed is not None:
            parts.append(f"seed={seed}")
        if not history:
            parts.append("history=off")
        if evaluation is not None:
            parts.append(f"eval={evaluation}")
        if self.unit:
            parts.append(f"unit={self.unit}")
        for name, on in sorted(self.prune.items()):
            parts.append(f"{name}={'on' if on else 'off'}")
        self.spec = "native:" + ",".join(parts)

    def new_game(self) -> None:
        self._in_game = False

    def select(self, state: State[Any]) -> Any:
        if state.is_chance():
            return state.sample_chance(self.rng)
        moves = state.legal_moves()
        if not moves:
            raise ValueError("no legal move: the game is over")
        game = state.game
        if not native.available(game):
            raise native.NativeUnavailableError(
                f"{game.name!r} has no native engine for these options; use the Python agents "
                "(alphabeta, mcts)"
            )
        if self.randomness and self.rng.random() < self.randomness:
            self.stats = {"depth": 0, "nodes": 0, "value": 0, "seconds": 0.0, "random": True}
            return self.rng.choice(moves)
        seconds = self.budget.seconds
        text, played = game_line(state) if self.history else (state.text(), ())
        result = search(
            game,  # with its options: the native engine plays the same variant
            text,
            moves=played,
            time=None if seconds is None else seconds * (1.0 - TIME_MARGIN),
            depth=self.budget.depth,
            threads=self.threads,
            hash_mb=self.hash_mb,
            keep_table=self._in_game,
            table_owner=self._table_owner,
            prune=self.prune,
            evaluation=self.evaluation,
            unit=self.unit,
        )
        self._in_game = True
        self.stats = {
            "depth": result.depth,
            "nodes": result.nodes,
            "value": result.score,
            "seconds": result.seconds,
            "nps": result.nps,
            "pv": " ".join(result.pv),
        }
        if result.best is None:
            raise ValueError("the native engine found no move in a game in play")
        return state.parse_move(result.best)
