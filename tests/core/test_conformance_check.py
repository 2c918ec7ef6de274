"""The conformance check passes a correct game and catches broken ones."""

from __future__ import annotations

import pytest

from spieltisch.core import CHANCE, IllegalMoveError, NotationError, perft, replay
from spieltisch.core.conformance import ConformanceError, check_game

from .toy_game import ToyGame, ToyOptions


def test_a_correct_game_passes() -> None:
    report = check_game(ToyGame(), games=50)
    assert report.games == 50
    assert report.states_checked > 50
    assert sum(report.results.values()) == 50


@pytest.mark.parametrize(
    ("bug", "message"),
    [
        ("undo", "does not restore"),
        ("text", "parsed state has 0 to move"),
        ("refuse", "was accepted"),
        ("mask", "does not map back"),
        ("endless", "no end after"),
        ("legal", "is_legal says yes"),
        ("source", "but no legal move starts there"),
        ("history", r"history\(\) after push/undo"),
        ("hash", "is hashable"),
    ],
)
def test_a_broken_game_is_caught(bug: str, message: str) -> None:
    with pytest.raises(ConformanceError, match=message):
        check_game(ToyGame(ToyOptions(bug=bug)), games=50)


def test_perft_expands_chance_nodes() -> None:
    state = ToyGame().new_state()
    assert state.to_move == CHANCE
    assert [perft(state, d) for d in range(4)] == [1, 2, 4, 8]
    assert perft(state, 0) == 1


def test_perft_of_a_finished_game_is_zero() -> None:
    state = ToyGame().parse("10 3 c1")
    assert state.is_over() and perft(state, 2) == 0 and perft(state, 0) == 1


def test_replay_names_the_failing_move() -> None:
    state = replay(ToyGame().new_state(), ["roll 1", "step 2"])
    assert state.text() == "3 0 c1"
    with pytest.raises(NotationError, match=r"move 2 \(jump 3\)"):
        replay(ToyGame().new_state(), ["roll 1", "jump 3"])
    with pytest.raises(IllegalMoveError, match=r"move 2 \(roll 2\)") as caught:
        replay(ToyGame().new_state(), ["roll 1", "roll 2"])
    assert caught.value.rule == "NOT_LEGAL"
