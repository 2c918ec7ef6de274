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
from spieltisch.native.search import PROVEN, search

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


def assert_exact_and_cheaper(options: str, seed: int, switch: str) -> None:
    """A pruning the keyword `switch` of `search` turns off changes no value: in plain mode
    the search gives the same value at depths 2 and 3 with and without it, on a dozen Okard
    positions, and searches fewer positions with it."""
    nodes = {False: 0, True: 0}
    for state in positions(options, 12, seed):
        for depth in (2, 3):
            scores = {}
            for on in (False, True):
                flags = {"star": True, "ordered": True, switch: on}
                result = search(
                    state.game,
                    state.text(),
                    depth=depth,
                    plain=True,
                    star=flags["star"],
                    ordered=flags["ordered"],
                )
                scores[on] = result.score
                nodes[on] += result.nodes
            assert scores[True] == scores[False], (depth, state.text())
    assert nodes[True] < nodes[False]


@pytest.mark.parametrize(("options", "seed"), [("", 5), ("ap=round", 6)])
def test_star_pruning_gives_the_expectimax_value(options: str, seed: int) -> None:
    assert_exact_and_cheaper(options, seed, "star")


def test_a_chance_root_is_valued_for_the_player_who_moves_after_the_roll() -> None:
    for state in positions("", 6, 7):
        state.push(next(m for m in state.legal_moves() if str(m) == "END"))
        assert state.is_chance()
        text = state.text()
        outcomes = state.chance_outcomes()
        total = 0.0
        for move, probability in outcomes:
            state.push(move)
            value = search(state.game, state.text(), depth=2, plain=True).score
            # A proven result one ply further from the root is worth one less.
            if abs(value) >= PROVEN:
                value -= 1 if value > 0 else -1
            total += probability * value
            state.undo()
        result = search(state.game, text, depth=2, plain=True)
        assert result.score == int(total)
        assert result.best is None  # nobody chooses the roll
