"""Schachogi on the common API: source squares, is_legal, history, no hashing."""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch.games.schachogi.moves import MOVES, parse_move
from tests.games.playout import assert_split_by_source

GAME = spieltisch.load("schachogi")


def test_a_move_starts_on_its_first_square() -> None:
    state = GAME.new_state()
    assert state.source_square(parse_move("b1c3")) == "b1"
    assert [str(m) for m in state.legal_moves_from("b1")] == ["b1c3", "b1a3"]
    assert state.legal_moves_from("e7") == []  # Black's piece: White to move
    assert state.legal_moves_from("e4") == []  # empty


def test_legal_moves_from_splits_the_legal_moves() -> None:
    rng = random.Random(2)
    state = GAME.new_state()
    for _ in range(120):
        if state.is_over():
            break
        assert_split_by_source(state)
        state.play(rng.choice(state.legal_moves()))


def test_is_legal_agrees_with_the_legal_moves() -> None:
    rng = random.Random(7)
    state = GAME.new_state()
    every = [m for by_src in MOVES for by_dst in by_src for m in by_dst]
    for _ in range(6):
        if state.is_over():
            break
        legal = set(state.legal_moves())
        assert {m for m in every if state.is_legal(m)} == legal
        state.play(rng.choice(sorted(legal)))


def test_play_records_history_and_undo_takes_it_back() -> None:
    state = GAME.new_state()
    first, second = parse_move("b1c3"), parse_move("b7b6")
    state.play(first)
    state.play(second)
    assert state.history() == [first, second]
    assert state.fullmove == 2
    assert state.undo() == second and state.history() == [first]
    assert state.fullmove == 1


def test_a_state_is_not_hashable() -> None:
    state = GAME.new_state()
    with pytest.raises(TypeError):
        hash(state)
    assert state.hash_key() == GAME.new_state().hash_key()
