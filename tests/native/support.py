"""Helpers for the native-engine tests: the Python engine is the referee."""

from __future__ import annotations

import random
from typing import Any

import spieltisch
from spieltisch import native
from spieltisch.core import State
from spieltisch.core.game import Game


def _loaded(game: str | Game[Any, Any]) -> Game[Any, Any]:
    return spieltisch.load(game) if isinstance(game, str) else game


def compare_children(
    name: str | Game[Any, Any], state: State[Any], *, reachable: bool = True
) -> None:
    """The native engine's legal moves, the position after each, and the result agree
    with the Python engine's on `state`'s text.

    The referee is the Python engine's reading of the text, not `state` itself: a text
    carries no more history than its own fields (Schachogi's `rN`), for either engine.
    `reachable=False` for a position set up by hand (the Python reader's
    `parse(reachable=False)`). `name` is a game name (default options) or a `Game`.
    """
    text = state.text()
    state = _loaded(name).parse(text, reachable=reachable)
    expected = []
    for move in state.legal_moves():
        state.push(move)
        expected.append((str(move), state.text()))
        state.undo()
    got = native.children(name, text)
    assert sorted(got) == sorted(expected), text
    outcome = state.outcome()
    python_result = None if outcome is None else (outcome.winner, outcome.reason, outcome.scores)
    assert native.outcome(name, text) == python_result, text


def random_games(name: str | Game[Any, Any], games: int, seed: int) -> int:
    """Play `games` random games with the Python engine, comparing every ply with the
    native engine; returns the number of positions compared."""
    game = _loaded(name)
    rng = random.Random(seed)
    compared = 0
    for _ in range(games):
        state = game.new_state(rng.randrange(1_000_000))
        while True:
            compare_children(name, state)
            compared += 1
            if state.is_over():
                break
            state.push(rng.choice(state.legal_moves()))
    return compared
