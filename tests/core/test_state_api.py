"""The base behaviour of `State` and `Game`: checked play, history, is_legal, source
squares, render's viewer, no hashing of a mutable state, no competition codec by default."""

from __future__ import annotations

import inspect

import pytest

import spieltisch
from spieltisch.core import IllegalMoveError, State
from spieltisch.core.game import Game
from tests.ai.toygame import TakeTwice

from .toy_game import ToyGame, ToyMove, ToyState

ROLL1, ROLL2 = ToyMove("roll", 1), ToyMove("roll", 2)
STEP1, STEP2 = ToyMove("step", 1), ToyMove("step", 2)


def test_the_base_class_says_what_a_game_must_write() -> None:
    abstract = State.__abstractmethods__
    assert {"check", "push", "undo", "copy", "legal_moves", "render"} <= abstract
    assert not {"play", "history", "is_legal", "source_square", "legal_moves_from"} & abstract
    parameter = inspect.signature(State.render).parameters["viewer"]
    assert parameter.default is None


def test_a_state_without_check_cannot_be_made() -> None:
    # ToyState's methods on a bare State, all but `check`: the game is incomplete.
    methods = {
        name: value
        for name, value in ToyState.__dict__.items()
        if name != "check" and not name.startswith("__")
    }
    unchecked = type("Unchecked", (State,), methods)
    with pytest.raises(TypeError, match="check"):
        unchecked(ToyGame(), [0, 0], 0, 0)
    assert ToyState(ToyGame(), [0, 0], 0, 0).legal_moves() == [ROLL1, ROLL2]


def test_play_checks_then_pushes_and_records_the_move() -> None:
    state = ToyGame().new_state()
    state.play(ROLL2)
    assert state.history() == [ROLL2]
    with pytest.raises(IllegalMoveError) as caught:
        state.play(ROLL1)  # a die is not due: the player moves now
    assert caught.value.rule == "NOT_LEGAL"
    assert state.text() == "0 0 p0r2" and state.history() == [ROLL2]
    state.play(STEP1)
    assert state.history() == [ROLL2, STEP1]
    assert state.undo() == STEP1
    assert state.history() == [ROLL2]


def test_history_is_a_copy_and_copies_keep_their_own() -> None:
    state = ToyGame().new_state()
    state.play(ROLL1)
    listed = state.history()
    listed.append(STEP2)
    assert state.history() == [ROLL1]
    twin = state.copy()
    twin.play(STEP2)
    assert state.history() == [ROLL1] and twin.history() == [ROLL1, STEP2]


def test_is_legal_follows_the_legal_moves() -> None:
    state = ToyGame().new_state()
    assert state.is_legal(ROLL1) and state.is_legal(ROLL2)
    assert not state.is_legal(STEP1)
    state.play(ROLL1)
    assert state.is_legal(STEP1) and not state.is_legal(ROLL1)
    over = ToyGame().parse("10 3 c1")
    assert over.is_over() and not any(over.is_legal(m) for m in (ROLL1, STEP1))


def test_legal_moves_from_filters_by_source_square() -> None:
    state = ToyGame().parse("4 0 p0r1")
    assert [state.source_square(m) for m in state.legal_moves()] == ["s4", "s4"]
    assert state.legal_moves_from("s4") == [STEP1, STEP2]
    assert state.legal_moves_from("s0") == []
    rolling = ToyGame().new_state()
    assert rolling.source_square(ROLL1) is None
    assert rolling.legal_moves_from("s0") == []


def test_by_default_no_move_starts_on_a_square() -> None:
    state = TakeTwice().new_state()
    assert state.legal_moves() == [1, 2]
    assert [state.source_square(m) for m in state.legal_moves()] == [None, None]
    assert state.legal_moves_from("1") == []


def test_a_state_is_not_hashable_but_has_a_position_key() -> None:
    state = ToyGame().new_state()
    with pytest.raises(TypeError):
        hash(state)
    with pytest.raises(TypeError):
        _ = {state}
    other = ToyGame().new_state()
    assert other == state and other.hash_key() == state.hash_key()
    keys = {state.hash_key(): "start"}
    state.play(ROLL1)
    assert state.hash_key() not in keys and other.hash_key() in keys


def test_render_takes_the_viewer() -> None:
    state = ToyGame().new_state()
    assert state.render() == state.render(None) == str(state)
    assert state.render(1) != state.render(0)


def test_a_game_has_no_competition_codec_unless_it_says_so() -> None:
    assert ToyGame().competition() is None
    assert TakeTwice().competition() is None
    assert not hasattr(Game, "ai_levels")


@pytest.mark.parametrize("name", spieltisch.game_names())
def test_the_competition_games_have_a_codec(name: str) -> None:
    codec = spieltisch.load(name).competition()
    types = {"ostseeschach": "swc_2022_ostseeschach", "hase-und-igel": "swc_2018_hase_und_igel"}
    assert (codec.game_type if codec is not None else None) == types.get(name)
