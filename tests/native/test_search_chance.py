"""Star1/Star2 pruning at chance nodes is exact: in plain mode (no table cutoffs, null
move, reductions or aspiration windows) the native search gives the same value at a fixed
depth with and without it, on Okard positions (a die roll before every turn), and it
searches fewer positions."""

from __future__ import annotations

import random
from typing import Any

import pytest

import spieltisch
from spieltisch import native
from spieltisch.core import State
from spieltisch.native.search import search

pytestmark = pytest.mark.skipif(not native.available("okard"), reason="no native Okard")


def positions(options: str, count: int, seed: int) -> list[State[Any]]:
    """Positions in play, a player to move, from random games past the set-up."""
    game = spieltisch.load("okard", options or None)
    rng = random.Random(seed)
    found: list[State[Any]] = []
    while len(found) < count:
        state = game.new_state(rng.randrange(1_000_000))
        for _ in range(rng.randrange(60, 160)):
            if state.is_over():
                break
            if state.is_chance():
                state.push(state.sample_chance(rng))
            else:
                state.push(rng.choice(state.legal_moves()))
        if not state.is_over() and not state.is_chance():
            found.append(state)
    return found


@pytest.mark.parametrize(("options", "seed"), [("", 5), ("ap=round", 6)])
def test_star_pruning_gives_the_expectimax_value(options: str, seed: int) -> None:
    nodes = {False: 0, True: 0}
    for state in positions(options, 12, seed):
        for depth in (2, 3):
            scores = {}
            for star in (False, True):
                result = search(state.game, state.text(), depth=depth, star=star, plain=True)
                scores[star] = result.score
                nodes[star] += result.nodes
            assert scores[True] == scores[False], (depth, state.text())
    assert nodes[True] < nodes[False]
