"""Native random playouts (bulk simulation): reproducible by seed, consistent counts, and
the same statistics as random games of the Python engine (fixed seeds: deterministic)."""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch import native

GAMES = ["ostseeschach", "schachogi", "hase-und-igel"]


@pytest.mark.parametrize("name", GAMES)
def test_playouts_are_reproducible_and_add_up(name: str) -> None:
    text = spieltisch.load(name).new_state(1).text()
    stats = native.random_playouts(name, text, 200, seed=5)
    assert stats == native.random_playouts(name, text, 200, seed=5)
    assert stats != native.random_playouts(name, text, 200, seed=6)
    games, plies, red, blue, draws = stats
    assert games == 200 and red + blue + draws == 200 and plies > 200


@pytest.mark.parametrize("name", GAMES)
def test_playouts_match_python_random_games(name: str) -> None:
    """Mean game length and the first player's share of wins, native against Python."""
    game = spieltisch.load(name)
    text = game.new_state(1).text()
    games, plies, red, _, _ = native.random_playouts(name, text, 2_000, seed=7)
    rng = random.Random(3)
    python_plies = python_red = 0
    python_games = 150
    for _ in range(python_games):
        state = game.parse(text)
        while not state.is_over():
            state.push(rng.choice(state.legal_moves()))
            python_plies += 1
        outcome = state.outcome()
        python_red += outcome is not None and outcome.winner == 0
    assert plies / games == pytest.approx(python_plies / python_games, rel=0.1)
    assert red / games == pytest.approx(python_red / python_games, abs=0.15)


def test_a_finished_game_plays_no_move() -> None:
    text = "/".join(["........"] * 8) + " 60 0:0 -"
    assert native.random_playouts("ostseeschach", text, 3, seed=1) == (3, 0, 0, 0, 3)


def test_the_cap_on_plies_cuts_games() -> None:
    text = spieltisch.load("schachogi").new_state().text()
    games, plies, red, blue, draws = native.random_playouts("schachogi", text, 10, 1, max_plies=4)
    assert (games, plies, red + blue, draws) == (10, 40, 0, 10)
