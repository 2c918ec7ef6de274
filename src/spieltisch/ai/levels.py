"""Named strength levels: each maps to an agent spec (agent and budget).

One table serves every game: the levels are budgets of the generic agents, and each was
measured on every registered game (`docs/ai.md`, "Strength levels"). A per-game table was
tried for Okard and not adopted, so the game API has no hook for one.
"""

from __future__ import annotations

from typing import Any

from spieltisch.core.game import Game

#: The table, tuned and measured on Ostseeschach (docs/ai.md). Iteration and depth
#: budgets make a level play the same for a given seed on any machine; the time limits
#: only cap slow positions (when one is reached, the move is no longer reproducible).
GENERIC: dict[str, str] = {
    "easy": "mcts:iterations=50,rollout=10",
    "medium": "alphabeta:depth=2,time=1",
    "hard": "alphabeta:depth=5,time=2",
    "max": "alphabeta:time=5",
}


def levels(game: Game[Any, Any] | None = None) -> dict[str, str]:
    """The level table in force for `game` (today the same for every game)."""
    return dict(GENERIC)


def level_spec(game: Game[Any, Any] | None, name: str) -> str:
    """The agent spec of level `name` for `game` (KeyError if there is none)."""
    return levels(game)[name]
