"""Okard's commuting steps (sacrifices, promotions and drops of one turn) searched in one
order only give the same values: in plain mode (no table cutoffs, reductions or aspiration
windows) the native search finds the same value at a fixed depth with and without the
ordering, and it searches fewer positions."""

from __future__ import annotations

import pytest

from spieltisch import native
from tests.helpers.chance_search import assert_exact_and_cheaper

pytestmark = pytest.mark.skipif(not native.available("okard"), reason="no native Okard")


@pytest.mark.parametrize(("options", "seed"), [("", 8), ("drops=anywhere", 9)])
def test_one_order_of_commuting_steps_gives_the_same_values(options: str, seed: int) -> None:
    assert_exact_and_cheaper(options, seed, "ordered")
