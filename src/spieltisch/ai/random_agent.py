"""The random agent: a uniformly random legal move (the baseline of every strength figure)."""

from __future__ import annotations

from typing import Any

from spieltisch.ai.agent import Agent
from spieltisch.core.game import State


class RandomAgent(Agent):
    """Picks uniformly among the legal moves with its own seeded generator."""

    spec = "random"

    def select(self, state: State[Any]) -> Any:
        if state.is_chance():
            return state.sample_chance(self.rng)
        moves = state.legal_moves()
        if not moves:
            raise ValueError("no legal move: the game is over")
        self.stats = {"moves": len(moves)}
        return self.rng.choice(moves)
