"""Native Schachogi against the Python engine: perft on every position the Python perft
tests use (tests/games/schachogi/test_perft.py), and the legal moves, the position after
every legal move and the result at every ply of random games."""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch import native
from spieltisch.core import IllegalMoveError, PositionError, perft

# The Python engine's perft positions and counts: one table that both engines must meet.
from tests.helpers.schachogi_perft import (
    POSITIONS,
    START,
    random_game_positions,
    random_scatter,
)

from .support import compare_children, random_games

NAME = "schachogi"


@pytest.mark.parametrize("name", list(POSITIONS))
def test_perft_counts(name: str) -> None:
    text, counts = POSITIONS[name]
    assert [native.perft(NAME, text, d) for d in range(1, len(counts) + 1)] == list(counts)


@pytest.mark.parametrize("name", ["start", "middlegame", "cornered", "quiet98"])
def test_perft_agrees_with_the_python_engine(name: str) -> None:
    text = POSITIONS[name][0]
    state = spieltisch.load(NAME).parse(text, reachable=False)  # composed by hand
    for depth in (1, 2, 3):
        assert native.perft(NAME, text, depth) == perft(state, depth)


def test_start_perft_depth_5() -> None:
    assert native.perft(NAME, START, 5) == 392274


def test_random_positions_perft_3() -> None:
    rng = random.Random(3)
    played = [(text, True) for text in random_game_positions(6, seed=5)]
    scattered = [(random_scatter(rng), False) for _ in range(6)]  # set up by hand
    for text, reachable in played + scattered:
        state = spieltisch.load(NAME).parse(text, reachable=reachable)
        assert native.perft(NAME, text, 3) == perft(state, 3), text


def test_random_game_and_scattered_positions_agree() -> None:
    game = spieltisch.load(NAME)
    rng = random.Random(11)
    for text in random_game_positions(40, seed=7):
        compare_children(NAME, game.parse(text))
    for _ in range(150):
        scattered = game.parse(random_scatter(rng), reachable=False)  # set up by hand
        compare_children(NAME, scattered, reachable=False)


def test_repeated_positions_and_the_draw_counters() -> None:
    """Two Pflöcks in their corners, deep enough for the third occurrence inside the tree:
    the rN field, the repetition draw, the 100-ply counter."""
    game = spieltisch.load(NAME)
    base = "p7/8/8/8/8/8/8/7P"
    for text in (
        f"{base} w 4 9 r2",
        f"{base} w 4 9",
        f"{base} b 3 9 r2",
        f"{base} w 0 9 r2",
        f"{base} w 97 60",
        f"{base} w 99 60 r2",
        f"{base} w 100 60",
    ):
        state = game.parse(text, reachable=False)  # set up by hand
        compare_children(NAME, state, reachable=False)
        for depth in (4, 5, 6):
            assert native.perft(NAME, text, depth) == perft(state, depth), (text, depth)


def test_random_games_agree() -> None:
    assert random_games(NAME, 50, seed=1) > 50 * 20


@pytest.mark.slow
def test_many_random_games_agree() -> None:
    random_games(NAME, 600, seed=2)


def test_errors_are_the_python_engine_s() -> None:
    with pytest.raises(PositionError):
        native.perft(NAME, "rwsipswr/bbbbbbbb/8/8/8/8/BBBBBBBB/RWSIPSWR w 0 0", 1)
    with pytest.raises(PositionError):
        native.perft(NAME, "8/8/8/8/8/8/8/8 w 0 1", 1)
    with pytest.raises(IllegalMoveError) as error:
        native.play(NAME, START, "e2e4")
    assert error.value.rule == "INVALID_MOVEMENT"
    assert native.play(NAME, START, "e2e3") == (
        "rwsipswr/bbbbbbbb/8/8/8/4B3/BBBB1BBB/RWSIPSWR b 0 1"
    )
