"""Perft counts, checked against hand counts, and the move tree at every phase."""

from __future__ import annotations

import pytest

from spieltisch.core import perft
from tests.helpers.okard_perft import AP_MODE_CASES, KINGS_ONLY, REGRESSION

from .support import game, position


def test_perft_from_the_start_of_the_pick_phase() -> None:
    # Each pick: 8 stones (the König is still missing, so no pass): 8, 64, 512.
    state = game().new_state()
    assert [perft(state, d) for d in range(4)] == [1, 8, 64, 512]


def test_perft_kings_only_by_hand() -> None:
    # Red König e1 with 2 AP: N, NE, NW, E, W two squares each = 10 line moves, plus END.
    # After a line move only END; after END blue rolls (6 outcomes). Blue König on e9 with
    # v AP: S min(v,7), SE/SW/E/W min(v,4) each, plus END: 6, 11, 16, 21, 22, 23 = 99.
    state = position(KINGS_ONLY)
    assert perft(state, 1) == 11
    assert perft(state, 2) == 10 + 6
    assert perft(state, 3) == 10 * 6 + 99


@pytest.mark.parametrize(("options", "text", "depth", "count"), AP_MODE_CASES)
def test_perft_by_ap_mode(options: str, text: str, depth: int, count: int) -> None:
    assert perft(position(text, options), depth) == count


def test_perft_regression_values() -> None:
    """Counts computed by this implementation (not verified independently)."""
    state = position(
        "t,3,k,2,l,1/4,b,4/9/9/4,b,4/9/9/3,B,RI,4/SC,3,K,3,T B1/SP1 0:0 play r ? 0 s 0 -- -"
    )
    assert [perft(state, d) for d in range(1, 4)] == REGRESSION
