"""Move notation, the position text, perft values and the CLI-facing errors."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spieltisch.core.errors import IllegalMoveError, NotationError, PositionError
from spieltisch.core.perft import perft
from spieltisch.games.haseundigel.moves import ALL_MOVES, NUM_ACTIONS, parse_move
from tests.helpers.haseundigel import random_state

from .helpers import GAME, position


@pytest.mark.parametrize(
    ("short", "long"),
    [
        ("a3", "advance 3"),
        ("3", "advance 3"),
        ("adv 3", "advance 3"),
        ("b", "fallback"),
        ("fall back", "fallback"),
        ("x-10", "exchange -10"),
        ("exchange +10", "exchange 10"),
        ("e", "eat"),
        ("s", "skip"),
        ("a1+H+F+E", "advance 1, card HURRY_AHEAD, card FALL_BACK, card EAT_SALAD"),
        ("a1, hurry, fall, salad", "advance 1, card HURRY_AHEAD, card FALL_BACK, card EAT_SALAD"),
        ("a1+T-20", "advance 1, card TAKE_OR_DROP_CARROTS -20"),
        ("advance 1, card take 20", "advance 1, card TAKE_OR_DROP_CARROTS 20"),
        ("advance 1, card TAKE_OR_DROP_CARROTS", "advance 1, card TAKE_OR_DROP_CARROTS 0"),
    ],
)
def test_short_forms(short: str, long: str) -> None:
    assert str(parse_move(short)) == long
    assert parse_move(long) == parse_move(short)


@pytest.mark.parametrize("bad", ["", "-", "jump 3", "advance", "advance x", "card", "card MOON"])
def test_bad_move_text(bad: str) -> None:
    with pytest.raises(NotationError):
        parse_move(bad)


def test_every_table_move_round_trips() -> None:
    assert len(ALL_MOVES) == NUM_ACTIONS == len(set(ALL_MOVES))
    for move in ALL_MOVES:
        assert parse_move(str(move)) == move
        assert parse_move(move.code) == move


@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=0, max_value=60))
@settings(max_examples=150, deadline=None)
def test_position_text_round_trip(seed: int, plies: int) -> None:
    state = random_state(seed, plies)
    text = state.text()
    again = GAME.parse(text)
    assert again == state and again.text() == text
    assert again.legal_moves() == state.legal_moves()
    assert again.hash_key() == state.hash_key()
    for move in state.legal_moves():
        assert state.parse_move(str(move)) == move
        assert state.action_move(state.action_id(move)) == move


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "canonical 0 0/68/5/TEHF/- 0/68/5/TEHF/-",
        "SHX 0 0/68/5/TEHF/- 0/68/5/TEHF/- -",
        "canonical 61 0/68/5/TEHF/- 0/68/5/TEHF/- -",
        "canonical 0 0/68/5/TEHZ/- 0/68/5/TEHF/- -",
        "canonical 0 0/68/5/TEHF/q 0/68/5/TEHF/- -",
        "canonical 0 70/68/5/TEHF/- 0/68/5/TEHF/- -",
        "canonical 0 0/68/5/TEHF/- 0/68/5/TEHF/- jump",
    ],
)
def test_bad_position_text(bad: str) -> None:
    with pytest.raises(PositionError):
        GAME.parse(bad)


def test_canonical_keyword_and_board_letters() -> None:
    start = GAME.parse("canonical 0 0/68/5/TEHF/- 0/68/5/TEHF/- -")
    assert start == GAME.new_state()
    assert start.text().startswith("SHCHCCH12CLICCHI12CICCL2IH")


def _reference_perft(state: object, depth: int) -> int:
    """Perft by trying every move of the action table with the checked `play` path."""
    if depth == 0:
        return 1
    total = 0
    for move in ALL_MOVES:
        try:
            state.play(move)  # type: ignore[attr-defined]
        except IllegalMoveError:
            continue
        total += _reference_perft(state, depth - 1)
        state.undo()  # type: ignore[attr-defined]
    return total


#: Perft of the canonical start (one move = one full action list).
CANONICAL_PERFT = [1, 19, 373, 4152, 46260, 397740]


def test_perft_canonical_start() -> None:
    state = GAME.new_state()
    for depth, count in enumerate(CANONICAL_PERFT):
        assert perft(state, depth) == count
    assert _reference_perft(state, 2) == CANONICAL_PERFT[2]


def test_perft_agrees_with_the_checked_path_on_random_positions() -> None:
    rng = random.Random(9)
    for seed in range(3):
        state = random_state(seed, rng.randrange(4, 30))
        assert perft(state, 2) == _reference_perft(state, 2)


def test_perft_of_the_card_chain_position() -> None:
    # blue between hares 1 and 3 (the official case card_chain_four_actions): 42 moves
    from spieltisch.games.haseundigel.state import Player

    state = position(Player(0), Player(2))
    assert perft(state, 1) == 42
