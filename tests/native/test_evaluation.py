"""The native evaluation of Hase und Igel's race formula (`eval=6`; the default counts the
turns to the goal on the board instead, tests/native/test_finish.py) is evaluation.py's, in
ten-thousandths."""

from __future__ import annotations

import random

import spieltisch
from spieltisch import _native


def test_hase_und_igel_evaluation_matches_the_python_one() -> None:
    game = spieltisch.load("hase-und-igel")
    rng = random.Random(3)
    compared = 0
    for seed in range(150):
        state = game.new_state(seed)
        for _ in range(rng.randrange(0, 59)):
            if state.is_over():
                break
            state.push(state.random_move(rng))
        if state.is_over():
            continue
        for player in (0, 1):
            expected = state.evaluate(player) * 10_000
            got = _native.haseundigel.evaluate(state.text(), player, "eval=6")
            assert abs(got - expected) <= 0.5 + 1e-6, state.text()
            compared += 1
    assert compared >= 200
