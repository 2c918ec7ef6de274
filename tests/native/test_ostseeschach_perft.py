"""Native Ostseeschach perft on every position tests/games/ostseeschach/test_perft.py uses,
against the Python engine's perft (the referee) at the same depths."""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch import native
from spieltisch.core import perft
from spieltisch.games.ostseeschach import Ostseeschach, OstseeschachState

NAME = "ostseeschach"


def _game() -> Ostseeschach:
    game = spieltisch.load(NAME)
    assert isinstance(game, Ostseeschach)
    return game


def _random_positions(count: int, seed: int) -> list[OstseeschachState]:
    """The same positions as test_perft.py's helper of that name."""
    rng = random.Random(seed)
    positions = []
    for _ in range(count):
        state = _game().new_state(rng.randrange(10_000))
        for _ in range(rng.randrange(0, 50)):
            if state.is_over():
                break
            state.push(rng.choice(state.legal_moves()))
        positions.append(_game().parse(state.text()))
    return positions


@pytest.mark.parametrize("seed", range(3))
def test_start_positions_to_depth_3(seed: int) -> None:
    state = _game().new_state(seed)
    for depth in range(4):
        assert native.perft(NAME, state.text(), depth) == perft(state, depth)


def test_known_values_from_a_fixed_start() -> None:
    text = _game().from_start_line("RHMSSMHR").text()
    assert [native.perft(NAME, text, d) for d in range(6)] == [
        1,
        16,
        256,
        4128,
        66564,
        1133652,
    ]


def test_one_start_position_to_depth_4() -> None:
    state = _game().from_start_line("RHMSSMHR")
    assert native.perft(NAME, state.text(), 4) == perft(state, 4)


def test_random_positions() -> None:
    for state in _random_positions(60, seed=11):
        for depth in (1, 2, 3):
            assert native.perft(NAME, state.text(), depth) == perft(state, depth), state.text()


def test_positions_near_the_end() -> None:
    rng = random.Random(5)
    checked = 0
    for state in _random_positions(200, seed=17):
        if state.turn < 40 and max(state.ambers) < 1:
            continue
        depth = rng.choice((2, 3))
        assert native.perft(NAME, state.text(), depth) == perft(state, depth), state.text()
        checked += 1
    assert checked >= 10


def test_finished_game_has_no_moves() -> None:
    text = "/".join(["........"] * 8) + " 60 0:0 -"
    assert native.perft(NAME, text, 0) == 1
    assert native.perft(NAME, text, 3) == 0
    assert native.outcome(NAME, text) == (None, "EQUAL_SCORE", ((1, 0, 0), (1, 0, 0)))


def test_divide_matches_python() -> None:
    state = _game().new_state(4)
    expected = [(str(move), perft_below) for move, perft_below in _python_divide(state, 3)]
    assert native.divide(NAME, state.text(), 3) == expected


def _python_divide(state: OstseeschachState, depth: int) -> list[tuple[object, int]]:
    from spieltisch.core import divide

    return divide(state, depth)
