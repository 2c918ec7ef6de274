"""`NativeState`: the native engine behind the `State` API with action ids as moves. Over
random games it agrees with the Python state move by move (legal actions in the same
order, observation, player to move, result) and its undo restores the position."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numpy", reason="the envs extra is not installed (pip install .[envs])")

import numpy as np

from spieltisch import native
from spieltisch.core.errors import IllegalMoveError
from spieltisch.core.registry import load
from spieltisch.envs.vector import start_text
from spieltisch.native.state import NativeState

NATIVE_GAMES = ["ostseeschach", "schachogi", "hase-und-igel"]

pytestmark = pytest.mark.skipif(
    not all(native.available(name) for name in NATIVE_GAMES),
    reason="the native engines are not built",
)


@pytest.mark.parametrize("name", NATIVE_GAMES)
def test_native_state_agrees_with_python_move_by_move(name: str) -> None:
    game = load(name)
    rng = random.Random(4)
    for episode in range(3):
        python = game.parse(start_text(game, episode))
        state = NativeState.of(python)
        while True:
            ids = [python.action_id(move) for move in python.legal_moves()]
            assert state.legal_moves() == ids  # the same order: searches break ties alike
            assert state.to_move == python.to_move
            assert np.array_equal(state.observation(), np.asarray(python.observation(), np.float32))
            for side in (0, 1):  # from a fixed side too (PettingZoo's global state)
                expected = np.asarray(python.observation(side), np.float32)
                assert np.array_equal(state.observation(side), expected)
            assert state.returns() == python.returns()
            if python.is_over():
                assert state.is_over() and state.outcome() == python.outcome()
                break
            tried = rng.choice(ids)
            state.push(tried)
            assert state.undo() == tried and state.text() == python.text()
            action = rng.choice(ids)
            python.push(python.action_move(action))
            state.push(action)
        assert state.history() == [python.action_id(move) for move in python.history()]
        while state.history():
            state.undo()
            python.undo()
        assert state.text() == python.text()


def test_native_state_api() -> None:
    game = load("ostseeschach")
    python = game.parse(start_text(game, 1))
    state = NativeState.of(python)
    first = state.legal_moves()[0]
    twin = state.copy()
    twin.push(first)
    assert state.history() == [] and twin.history() == [first]
    assert twin.text() != state.text()
    move = python.legal_moves()[0]
    assert state.parse_move(str(move)) == python.action_id(move) == first
    assert state.render() == python.render()
    assert state.describe_move(first) == python.describe_move(move)
    illegal = next(a for a in range(game.num_actions) if a not in state.legal_moves())
    with pytest.raises(IllegalMoveError, match="not legal"):
        state.play(illegal)
    with pytest.raises(ValueError, match="not legal"):
        state.push(illegal)
    with pytest.raises(IndexError):
        state.undo()
    assert not state.is_chance() and state.outcome() is None
    with pytest.raises(ValueError, match="native okard engine has no line"):
        NativeState.of(load("okard").new_state(0))
