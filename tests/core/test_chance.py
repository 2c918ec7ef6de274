"""core.chance: a chance outcome depends on the game's seed and the ply only."""

from __future__ import annotations

import random
from typing import Any

import spieltisch
from spieltisch.core.chance import chance_rng, draw_chance


def test_the_generator_depends_on_seed_and_ply_only() -> None:
    assert chance_rng(7, 3).random() == chance_rng(7, 3).random()
    draws = {chance_rng(seed, ply).random() for seed in range(5) for ply in range(5)}
    assert len(draws) == 25


def _okard_at_a_roll() -> spieltisch.State[Any]:
    state: spieltisch.State[Any] = spieltisch.load("okard").new_state(3)
    rng = random.Random(1)
    while not state.is_chance():
        state.push(state.random_move(rng))
    return state


def test_undo_and_the_same_step_again_roll_the_same() -> None:
    state = _okard_at_a_roll()
    rolls = set()
    for _ in range(20):
        roll = draw_chance(state, 99)
        state.push(roll)
        state.undo()
        rolls.add(roll)
    assert len(rolls) == 1


def test_other_seeds_roll_every_face() -> None:
    state = _okard_at_a_roll()
    faces = {draw_chance(state, seed) for seed in range(60)}
    assert faces == {move for move, _ in state.chance_outcomes()}
