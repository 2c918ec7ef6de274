"""Okard's commuting steps (sacrifices, promotions and drops of one turn) searched in one
order only give the same values: in plain mode (no table cutoffs, reductions or aspiration
windows) the native search finds the same value at a fixed depth with and without the
ordering, and it searches fewer positions."""

from __future__ import annotations

import pytest

from spieltisch import native
from spieltisch.native.search import search

from .test_search_chance import positions

pytestmark = pytest.mark.skipif(not native.available("okard"), reason="no native Okard")


@pytest.mark.parametrize(("options", "seed"), [("", 8), ("drops=anywhere", 9)])
def test_one_order_of_commuting_steps_gives_the_same_values(options: str, seed: int) -> None:
    nodes = {False: 0, True: 0}
    for state in positions(options, 12, seed):
        for depth in (2, 3):
            scores = {}
            for ordered in (False, True):
                result = search(state.game, state.text(), depth=depth, ordered=ordered, plain=True)
                scores[ordered] = result.score
                nodes[ordered] += result.nodes
            assert scores[True] == scores[False], (depth, state.text())
    assert nodes[True] < nodes[False]
