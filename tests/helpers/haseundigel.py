"""Hase und Igel states reached by seeded random play."""

from __future__ import annotations

import random

from spieltisch.games.haseundigel import HaseUndIgel, HaseUndIgelState

GAME = HaseUndIgel()


def random_state(seed: int, plies: int) -> HaseUndIgelState:
    rng = random.Random(seed)
    state = GAME.new_state(seed)
    for _ in range(plies):
        if state.is_over():
            break
        state.play(rng.choice(state.legal_moves()))
    return state
