"""Seeded chance draws that undo cannot re-roll.

The outcome of the chance node at ply N (the number of moves, chance outcomes included,
made since the game's start) of a game with seed S is drawn from a `random.Random` seeded
from (S, N) alone, through a stable hash (SHA-256, the same in every process and Python
version). Undoing a roll and stepping forward again therefore gives the same roll: a
player cannot undo until the dice suit them. Front ends (the CLI's `play`, the tables)
draw every chance outcome through `draw_chance`; the game record holds every roll.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any, TypeVar

from spieltisch.core.game import State

__all__ = ["MAX_SEED", "chance_rng", "draw_chance"]

#: Seeds are whole numbers 0 .. MAX_SEED (they fit a signed 64-bit integer).
MAX_SEED = 2**63 - 1

M = TypeVar("M")


def chance_rng(seed: int, ply: int) -> random.Random:
    """The generator for the chance node at `ply` of the game with `seed`."""
    digest = hashlib.sha256(f"spieltisch-chance:{seed}:{ply}".encode("ascii")).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


def draw_chance(state: State[Any], seed: int, ply: int | None = None) -> Any:
    """The chance outcome due at this node, drawn with its probability from
    `chance_rng(seed, ply)`; `ply` defaults to the moves in the state's history, which
    counts from the game's start when the state was built from the start and its moves."""
    if ply is None:
        ply = len(state.history())
    return state.sample_chance(chance_rng(seed, ply))
