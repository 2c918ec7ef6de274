"""Every board the terminal shows fits 100 columns, from either side, in every phase."""

from __future__ import annotations

import random

import pytest

import spieltisch

WIDTH = 100


@pytest.mark.parametrize("name", spieltisch.game_names())
def test_boards_fit_100_columns(name: str) -> None:
    game = spieltisch.load(name)
    widest = 0
    for seed in range(6):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while True:
            for viewer in (None, 0, 1):
                widest = max(widest, *(len(line) for line in state.render(viewer).splitlines()))
            if state.is_over():
                break
            state.push(state.random_move(rng))
    assert 40 < widest <= WIDTH
