"""Ostseeschach on the common API: source squares, is_legal, history, no hashing."""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch.games.ostseeschach.moves import Move, parse_move
from tests.games.playout import assert_split_by_source

GAME = spieltisch.load("ostseeschach")


def test_a_move_starts_on_its_first_square() -> None:
    state = GAME.new_state(1)
    assert state.source_square(parse_move("a2c3")) == "a2"
    assert state.source_square(Move(-1, 0, 1, 1)) is None  # off the board: no square
    assert [str(m) for m in state.legal_moves_from("a2")] == ["a2b4", "a2c3", "a2c1"]
    assert state.legal_moves_from("h1") == []  # blue's piece: not blue's turn
    assert state.legal_moves_from("d4") == []  # empty


def test_legal_moves_from_splits_the_legal_moves() -> None:
    rng = random.Random(3)
    state = GAME.new_state(3)
    while not state.is_over():
        assert_split_by_source(state)
        state.play(rng.choice(state.legal_moves()))
    assert all(state.legal_moves_from(s) == [] for s in ("a1", "e5", "h8"))


def test_is_legal_agrees_with_the_legal_moves() -> None:
    rng = random.Random(5)
    state = GAME.new_state(5)
    every = [
        Move(fx, fy, tx, ty)
        for fx in range(8)
        for fy in range(8)
        for tx in range(8)
        for ty in range(8)
        if abs(tx - fx) <= 2 and abs(ty - fy) <= 2
    ]
    for _ in range(20):
        legal = set(state.legal_moves())
        assert {m for m in every if state.is_legal(m)} == legal
        state.play(rng.choice(sorted(legal)))
    assert not state.is_legal(Move(-1, 0, 0, 0))


def test_play_records_history_and_undo_takes_it_back() -> None:
    state = GAME.new_state(1)
    first, second = parse_move("a2c3"), parse_move("h2g2")
    state.play(first)
    state.play(second)
    assert state.history() == [first, second]
    twin = state.copy()
    assert state.undo() == second and state.history() == [first]
    assert twin.history() == [first, second]


def test_a_state_is_not_hashable() -> None:
    state = GAME.new_state(1)
    with pytest.raises(TypeError):
        hash(state)
    assert state.hash_key() == GAME.new_state(1).hash_key()
