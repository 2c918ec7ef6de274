"""Positions of any game reached by random play."""

from __future__ import annotations

import random
from typing import Any

from spieltisch.core.game import State


def random_positions(game: Any, count: int, seed: int) -> list[State[Any]]:
    """Positions reached by random play (chance events drawn), at a player to move."""
    rng = random.Random(seed)
    found: list[State[Any]] = []
    attempt = 0
    while len(found) < count:
        state = game.new_state(seed + attempt)
        attempt += 1
        plies = rng.randrange(0, 80)
        for _ in range(plies):
            if state.is_over():
                break
            state.push(state.random_move(rng))
        while state.is_chance():
            state.push(state.sample_chance(rng))
        if not state.is_over():
            found.append(state)
    return found
