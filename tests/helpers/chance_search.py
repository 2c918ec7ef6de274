"""Okard positions in play and the check that a pruning at chance nodes is exact and
cheaper (tests/native/test_search_chance.py, test_search_ordered.py)."""

from __future__ import annotations

import random
from typing import Any

import spieltisch
from spieltisch.core import State
from spieltisch.native.search import search


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
