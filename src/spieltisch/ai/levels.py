"""Named strength levels: each maps to an agent spec (agent and budget).

A game can give its own table with `Game.ai_levels()` (budgets depend on how fast a
game's moves and evaluation are); names it does not give fall back to `GENERIC`. The
levels and their measured strength are documented in `docs/ai.md`.
"""

from __future__ import annotations

from typing import Any

from spieltisch.core.game import Game

#: The default table, tuned and measured on Ostseeschach (docs/ai.md). Iteration and depth
#: budgets make a level play the same for a given seed on any machine; the time limits
#: only cap slow positions (when one is reached, the move is no longer reproducible).
GENERIC: dict[str, str] = {
    "easy": "mcts:iterations=50,rollout=10",
    "medium": "alphabeta:depth=2,time=1",
    "hard": "alphabeta:depth=5,time=2",
    "max": "alphabeta:time=5",
}


def levels(game: Game[Any, Any] | None) -> dict[str, str]:
    """The level table for `game`: the game's own entries over the generic ones."""
    table = dict(GENERIC)
    if game is not None:
        table.update(game.ai_levels())
    return table


def level_spec(game: Game[Any, Any] | None, name: str) -> str:
    """The agent spec of level `name` for `game` (KeyError if there is none)."""
    return levels(game)[name]
