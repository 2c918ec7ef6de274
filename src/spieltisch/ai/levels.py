"""Named strength levels: each maps to an agent spec (agent and budget).

Games with a native engine for their options (`spieltisch.native.available(game)`) play
the native table: the C++ search at every level. Every other game (or variant the native
engine cannot play) plays the generic table of the Python agents. The choice rests on the
native build alone, not on game names, so a game that gains a native engine gains the
native levels.
"""

from __future__ import annotations

import os
from typing import Any

from spieltisch import native
from spieltisch.core.game import Game

#: The generic table, tuned and measured on Ostseeschach (docs/ai.md). Iteration and
#: depth budgets make a level play the same for a given seed on any machine; the time
#: limits only cap slow positions (when one is reached, the move is no longer reproducible).
GENERIC: dict[str, str] = {
    "easy": "mcts:iterations=50,rollout=10",
    "medium": "alphabeta:depth=2,time=1",
    "hard": "alphabeta:depth=5,time=2",
    "max": "alphabeta:time=5",
}

#: The native table: `easy` shallow with a share of random moves (beatable by a
#: beginner), `medium` five plies, `hard` a fifth of a second, `max` every core for five
#: (25 times `hard`'s time, so that each level is clearly above the one below; docs/ai.md).
NATIVE: dict[str, str] = {
    "easy": "native:depth=2,random=0.25",
    "medium": "native:depth=5,time=1",
    "hard": "native:time=0.2",
    "max": f"native:time=5,threads={max(1, min(os.cpu_count() or 1, 64))},hash=256",
}


#: Levels a server offers besides the table's own (the weakest first): `random`.
EXTRA_LEVELS: tuple[str, ...] = ("random",)


def levels(game: Game[Any, Any] | None = None) -> dict[str, str]:
    """The level table in force for `game`: native where it has a native engine for the
    game's options (Okard's variants included; Schachogi's other draw rules not)."""
    if game is not None and native.available(game):
        return {**NATIVE, **game.native_levels}
    return dict(GENERIC)


def level_spec(game: Game[Any, Any] | None, name: str) -> str:
    """The agent spec of level `name` for `game` (KeyError if there is none)."""
    return levels(game)[name]
