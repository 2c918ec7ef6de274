"""Star1/Star2 pruning at chance nodes is exact: in plain mode (no table cutoffs, null
move, reductions or aspiration windows) the native search gives the same value at a fixed
depth with and without it, on Okard positions (a die roll before every turn), and it
searches fewer positions."""

from __future__ import annotations

import pytest

from spieltisch import native
from spieltisch.native.search import PROVEN, search
from tests.helpers.chance_search import assert_exact_and_cheaper, positions

pytestmark = pytest.mark.skipif(not native.available("okard"), reason="no native Okard")


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
