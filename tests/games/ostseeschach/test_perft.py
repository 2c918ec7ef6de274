"""Perft of the fast engine against a deliberately simple second engine."""

from __future__ import annotations

import random

import pytest

from spieltisch.core import perft
from spieltisch.games.ostseeschach import OstseeschachState

from . import simple_engine
from .support import game


def _random_positions(count: int, seed: int) -> list[OstseeschachState]:
    rng = random.Random(seed)
    positions = []
    for _ in range(count):
        state = game().new_state(rng.randrange(10_000))
        for _ in range(rng.randrange(0, 50)):
            if state.is_over():
                break
            state.push(rng.choice(state.legal_moves()))
        positions.append(game().parse(state.text()))
    return positions


@pytest.mark.parametrize("seed", range(3))
def test_start_positions_agree_to_depth_3(seed: int) -> None:
    state = game().new_state(seed)
    simple = simple_engine.from_text(state.text())
    for depth in range(4):
        assert perft(state, depth) == simple_engine.perft(simple, depth)


def test_one_start_position_agrees_to_depth_4() -> None:
    state = game().from_start_line("RHMSSMHR")
    assert perft(state, 4) == simple_engine.perft(simple_engine.from_text(state.text()), 4)


def test_random_positions_agree() -> None:
    for state in _random_positions(60, seed=11):
        simple = simple_engine.from_text(state.text())
        for depth in (1, 2, 3):
            assert perft(state, depth) == simple_engine.perft(simple, depth), state.text()


def test_positions_near_the_end_agree() -> None:
    """Near turn 60 and near two ambers, where the end cuts the tree."""
    rng = random.Random(5)
    checked = 0
    for state in _random_positions(200, seed=17):
        if state.turn < 40 and max(state.ambers) < 1:
            continue
        simple = simple_engine.from_text(state.text())
        depth = rng.choice((2, 3))
        assert perft(state, depth) == simple_engine.perft(simple, depth), state.text()
        checked += 1
    assert checked >= 10


def test_known_values_from_a_fixed_start() -> None:
    """Values of the start line RHMSSMHR; depth 4 is also checked against the simple
    engine above, depth 5 by `spieltisch perft` in the CLI tests."""
    state = game().from_start_line("RHMSSMHR")
    assert [perft(state, d) for d in range(5)] == [1, 16, 256, 4128, 66564]


def test_finished_game_has_no_moves() -> None:
    empty = "/".join(["........"] * 8)
    state = game().parse(f"{empty} 60 0:0 -")
    assert state.is_over()
    assert perft(state, 0) == 1
    assert perft(state, 3) == 0
