"""Native Hase und Igel against the Python engine: perft on the positions the Python tests
use (the canonical start, the official cases' set-ups, the card-chain position), and the
legal moves, the position after every legal move and the result at every ply of random
games on seeded boards."""

from __future__ import annotations

import random
from typing import Any

import pytest

import spieltisch
from spieltisch import native
from spieltisch.core import IllegalMoveError, PositionError, perft
from spieltisch.games.haseundigel.board import LAST_FIELD
from spieltisch.games.haseundigel.state import Player
from tests.games.haseundigel.helpers import load_cases, position, state_from_setup

from .support import compare_children, random_games

NAME = "hase-und-igel"
START = "canonical 0 0/68/5/TEHF/- 0/68/5/TEHF/- -"


def test_perft_of_the_canonical_start() -> None:
    # tests/games/haseundigel/test_notation.py, CANONICAL_PERFT
    assert [native.perft(NAME, START, d) for d in range(6)] == [
        1,
        19,
        373,
        4152,
        46260,
        397740,
    ]


def test_perft_of_the_card_chain_position() -> None:
    state = position(Player(0), Player(2))
    assert native.perft(NAME, state.text(), 1) == 42
    assert native.perft(NAME, state.text(), 3) == perft(state, 3)


def _setups() -> list[dict[str, Any]]:
    return [case["setup"] for case in load_cases() if "setup" in case]


def test_official_case_positions_agree() -> None:
    checked = 0
    for setup in _setups():
        try:
            state = state_from_setup(setup)
        except (KeyError, TypeError, ValueError):
            continue  # a case without a full position
        if not all(0 <= state.player(i).index <= LAST_FIELD for i in (0, 1)):
            continue  # a player off the track: no position text (the native input) holds it
        compare_children(NAME, state, reachable=False)  # the cases set positions up by hand
        assert native.perft(NAME, state.text(), 2) == perft(state, 2), state.text()
        checked += 1
    assert checked >= 10


def test_seeded_boards_perft_3() -> None:
    game = spieltisch.load(NAME)
    rng = random.Random(9)
    for seed in range(6):
        state = game.new_state(seed)
        for _ in range(rng.randrange(0, 30)):
            if state.is_over():
                break
            state.push(rng.choice(state.legal_moves()))
        text = state.text()
        assert native.perft(NAME, text, 3) == perft(game.parse(text), 3), text


def test_random_games_agree() -> None:
    assert random_games(NAME, 150, seed=1) > 150 * 20


@pytest.mark.slow
def test_many_random_games_agree() -> None:
    random_games(NAME, 3_000, seed=2)


@pytest.mark.parametrize(
    "text",
    [
        START,
        "canonical 7 12/40/4/TF/T20@1 9/51/5/EHF/a9 a12+T20",
        "canonical 7 12/40/4/TF/x-10 9/51/5/EHF/H@2 a+3+H+T-20",
        "canonical 7 12/40/4/TF/a3@0 9/51/5/tehf/e b",
        "canonical 70 0/68/5/TEHF/- 0/68/5/TEHF/- -",
        "canonical 7 12/40/4//- 9/51/5/EHF/s -",
        "canonical 7 +12/40/4/TF/- 9/51/5/EHF/- -",
    ],
)
def test_odd_texts_are_read_as_the_python_engine_reads_them(text: str) -> None:
    # Texts written by hand: the native reader checks the form only, as the Python
    # reader does with reachable=False.
    game = spieltisch.load(NAME)
    try:
        canonical = game.parse(text, reachable=False).text()
    except PositionError:
        with pytest.raises(PositionError):
            native.legal_moves(NAME, text)
        return
    assert native.children(NAME, text) == native.children(NAME, canonical)
    assert game.parse(canonical, reachable=False).text() == canonical
    compare_children(NAME, game.parse(text, reachable=False), reachable=False)


def test_moves_in_short_notation_and_illegal_moves() -> None:
    after = native.play(NAME, START, "a1+E")
    assert after == native.play(NAME, START, "advance 1, card EAT_SALAD")
    with pytest.raises(IllegalMoveError):
        native.play(NAME, START, "a11")


def test_position_keys_do_not_collide() -> None:
    """The search's key (its transposition table's) tells positions apart: blue's field and
    carrots over a grid (every field, 0..300 carrots) with red's held, and red's salads and
    cards with them, give as many keys as texts. A hash_combine-style key, as the engine had,
    made (field 16, 70 carrots) and (field 17, 5 carrots) one key, among others."""
    engine = native._engine(NAME)[0]
    texts = []
    for field in range(1, 64):
        for carrots in range(0, 301):
            texts.append(f"canonical 10 14/74/3/HF/- {field}/{carrots}/4/-/- -")
    for salads in range(6):
        for letters in ("-", "T", "E", "TE", "H", "TH", "EH", "TEH", "F"):
            texts.append(f"canonical 12 30/40/{salads}/{letters}/- 20/60/2/-/- -")
    keys: dict[int, list[str]] = {}
    for text in texts:
        keys.setdefault(engine.hash_key(text), []).append(text)
    assert [group for group in keys.values() if len(group) > 1] == []
    assert len(keys) == len(texts) == 19_017
