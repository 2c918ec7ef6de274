"""Native Ostseeschach against the Python engine at every ply of random games: the legal
move sets, the position after every legal move, and the result."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import spieltisch
from spieltisch import _native, native
from spieltisch.core import IllegalMoveError, PositionError
from spieltisch.games.ostseeschach import Ostseeschach, OstseeschachState
from spieltisch.games.ostseeschach.board import code

from .support import compare_children, random_games

NAME = "ostseeschach"


def test_random_games_agree() -> None:
    assert random_games(NAME, 200, seed=1) > 200 * 20


@pytest.mark.slow
def test_many_random_games_agree() -> None:
    random_games(NAME, 3_000, seed=2)


def test_random_boards_agree() -> None:
    """Boards no game reaches too: any stacks anywhere, any turn near the end, ambers."""
    game = spieltisch.load(NAME)
    assert isinstance(game, Ostseeschach)
    rng = random.Random(3)
    for _ in range(300):
        board = [0] * 64
        for square in rng.sample(range(64), rng.randrange(0, 20)):
            board[square] = code(rng.randrange(4), rng.randrange(2), rng.choice((1, 1, 2)))
        turn = rng.choice((0, 1, 2, 7, 58, 59, 60, 61, 62, 63))
        ambers = (rng.randrange(3), rng.randrange(3))
        compare_children(NAME, OstseeschachState(game, board, turn, ambers), reachable=False)


def test_the_text_round_trips() -> None:
    start = "M......m/S......r/H......h/R......s/S......r/H......h/R......s/M......m"
    texts = [(spieltisch.load(NAME).new_state(seed).text(), True) for seed in range(5)]
    by_hand = [f"{start} 7 1:0 (9,-3)(1,2)", f"{start} 12 0:2 c3d4", f"{start} 0 0:0 (0,-0)(1,2)"]
    texts += [(text, False) for text in by_hand]
    for text, reachable in texts:
        python = spieltisch.load(NAME).parse(text, reachable=reachable).text()
        assert _native.ostseeschach.text(text) == python


START = "M......m/S......r/H......h/R......s/S......r/H......h/R......s/M......m"

ODD_TEXTS = [
    f"{START} 0 0:0 (0,0)->(1,2)",  # a last move in coordinates
    f"{START} 0000000000000000000000 0:0 -",  # more than 18 digits
    f"{START} \u0663 0:0 -",  # a non-ASCII digit
    f"{START}\u00a0 0 0:0 -",  # a non-ASCII space
    f"{START} x 0:0 -",
    f"{START} 0 0:0",
    f"{START} 0 0:0 - extra",
    "nonsense",
    "",
]


@pytest.mark.parametrize("text", ODD_TEXTS)
def test_odd_text_is_read_as_the_python_engine_reads_it(text: str) -> None:
    _agrees_on_any_text(text)


@settings(max_examples=150)
@given(
    st.text(alphabet=st.sampled_from(sorted(set(START + " 0123456789:-()>,x\u0663"))), max_size=90)
)
def test_any_text_is_read_as_the_python_engine_reads_it(text: str) -> None:
    _agrees_on_any_text(text)


def _agrees_on_any_text(text: str) -> None:
    """Text the Python engine refuses raises its PositionError natively too; text it
    reads gives the native results of its canonical text. The native reader checks the
    form only, as the Python reader does with reachable=False."""
    try:
        canonical = spieltisch.load(NAME).parse(text, reachable=False).text()
    except PositionError:
        with pytest.raises(PositionError):
            native.perft(NAME, text, 1)
        return
    assert native.perft(NAME, text, 2) == native.perft(NAME, canonical, 2)
    assert native.legal_moves(NAME, text) == native.legal_moves(NAME, canonical)


def test_illegal_moves_name_the_rule() -> None:
    text = spieltisch.load(NAME).new_state(1).text()
    with pytest.raises(IllegalMoveError) as error:
        native.play(NAME, text, "h1g1")
    assert error.value.rule == "WRONG_COLOR"
    with pytest.raises(IllegalMoveError) as error:
        native.play(NAME, text, "a1a3")
    assert error.value.rule == "INVALID_MOVEMENT"
