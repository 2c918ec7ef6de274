"""Checks the games' competition-codec tests share: XML round trips along a random game,
and the frame of the result of a finished game."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import pytest

from spieltisch.core.competition import CompetitionCodec, CompetitionResult
from spieltisch.core.errors import NotationError
from spieltisch.core.game import Game, State

S = TypeVar("S", bound=State[Any])


def finished(game: Game[S, Any], seed: int) -> S:
    """A game with `seed` played to its end by random moves drawn with the same seed."""
    rng = random.Random(seed)
    state = game.new_state(seed)
    while not state.is_over():
        state.play(state.random_move(rng))
    return state


def check_reads_and_writes(
    codec: CompetitionCodec[S, Any],
    state: S,
    seed: int,
    state_to_xml: Callable[[S], str],
    bad_move: str,
    plies: int = 12,
) -> None:
    """Along `plies` random moves from `state`: the codec writes what the game's own
    `state_to_xml` writes, and states (plain and memento) and moves read back; `bad_move`
    is refused with a NotationError."""
    rng = random.Random(seed)
    for _ in range(plies):
        text = codec.state_to_xml(state)
        assert text == state_to_xml(state)
        assert codec.state_from_xml(text) == state
        assert codec.state_from_xml(codec.state_to_xml(state, memento=True)) == state
        move = state.random_move(rng)
        assert codec.move_from_xml(codec.move_to_xml(move)) == move
        state.play(move)
    with pytest.raises(NotationError):
        codec.move_from_xml(bad_move)


def check_result_frame(
    codec: CompetitionCodec[Any, Any], state: State[Any], names: Sequence[str], teams: Sequence[str]
) -> CompetitionResult:
    """The result of the finished `state`: the definition's `names` (a sum, then averages),
    the `teams`, the score parts and the winner of the game's outcome; returned for more
    checks."""
    outcome = state.outcome()
    assert outcome is not None
    result = codec.result(state)
    assert [f.name for f in result.definition] == list(names)
    assert [f.aggregation for f in result.definition] == ["SUM", "AVERAGE", "AVERAGE"]
    assert [s.team for s in result.scores] == list(teams)
    assert (result.scores[0].parts, result.scores[1].parts) == outcome.scores
    assert result.winner == outcome.winner
    return result
