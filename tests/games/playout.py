"""The API checks of `core/conformance.py` from any given state (such as one a fuzz test
has just read): text round trip, copy, legal moves and their notation, push/play/undo,
along a short random playout, and everything taken back at the end."""

from __future__ import annotations

import random
from typing import Any

from spieltisch.core.game import CHANCE, TERMINAL, Game, State


def check_from(
    game: Game[Any, Any], state: State[Any], seed: int = 0, plies: int = 6, reachable: bool = True
) -> None:
    """Play up to `plies` random moves from `state`, checking every state on the way, then
    undo them all; raises AssertionError at the first broken promise. `reachable=False`
    for a start set up by hand: its texts are read back with `parse(reachable=False)`."""
    rng = random.Random(seed)
    start = state.text()
    played = 0
    for _ in range(plies):
        _check_state(game, state, rng, reachable)
        if state.is_over():
            break
        state.play(state.random_move(rng))
        played += 1
    _check_state(game, state, rng, reachable)
    for _ in range(played):
        state.undo()
    assert state.text() == start, "undoing the playout does not restore the start"


def _check_state(
    game: Game[Any, Any], state: State[Any], rng: random.Random, reachable: bool = True
) -> None:
    text = state.text()
    assert "\n" not in text
    parsed = game.parse(text, reachable=reachable)
    assert parsed == state and parsed.text() == text, f"{text!r} does not round-trip"
    assert parsed.to_move == state.to_move
    assert parsed.hash_key() == state.hash_key()
    twin = state.copy()
    assert twin == state and twin.history() == state.history()

    legal = state.legal_moves()
    assert len(set(legal)) == len(legal), "legal moves repeat"
    assert set(parsed.legal_moves()) == set(legal)
    if state.to_move == TERMINAL:
        assert not legal and state.outcome() is not None
        returns = state.returns()
        assert returns[0] + returns[1] == 0
        return
    assert state.to_move in (0, 1, CHANCE)
    assert legal and state.outcome() is None
    mask = state.legal_action_mask()
    assert sum(mask) == len(legal)
    for move in rng.sample(legal, min(len(legal), 12)):
        assert state.parse_move(str(move)) == move
        assert state.action_move(state.action_id(move)) == move
        assert mask[state.action_id(move)]
        state.push(move)
        pushed = state.text()
        assert state.undo() == move
        assert state.text() == text
        state.play(move)
        assert state.text() == pushed
        state.undo()
        twin.play(move)  # the copy is independent of the original
        assert twin.text() == pushed and state.text() == text
        twin.undo()
    assert state.text() == text


def assert_split_by_source(state: State[Any]) -> None:
    """The legal moves from each square that starts one (the first two characters of
    the move text) make up all the legal moves of `state`, none twice."""
    legal = state.legal_moves()
    split = [
        m for square in sorted({str(m)[:2] for m in legal}) for m in state.legal_moves_from(square)
    ]
    assert sorted(split) == sorted(legal)
