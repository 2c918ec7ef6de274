"""Evaluation knowledge, move ordering and the hash key."""

from __future__ import annotations

import random

from spieltisch.games.haseundigel.evaluation import carrots_needed, race_value
from spieltisch.games.haseundigel.moves import Move
from spieltisch.games.haseundigel.state import GOAL_REACHED, HaseUndIgelState, Player
from tests.helpers.haseundigel import random_state

from .helpers import GAME, position


def test_carrots_needed() -> None:
    assert carrots_needed(10, 1) == 55
    assert carrots_needed(10, 2) == 30
    assert carrots_needed(10, 3) == 6 + 6 + 10
    assert carrots_needed(0, 5) == 0


def test_evaluate_is_bounded_and_zero_sum() -> None:
    rng = random.Random(2)
    for seed in range(40):
        state = random_state(seed, rng.randrange(0, 59))
        if state.is_over():
            continue
        red, blue = state.evaluate(0), state.evaluate(1)
        assert -1.0 <= red <= 1.0
        assert abs(red + blue) < 1e-9


def test_evaluate_prefers_progress_with_fitting_carrots() -> None:
    ahead = position(Player(40, 40, 0), Player(20, 40, 0), turn=30)
    assert ahead.evaluate(0) > 0.3
    starving = position(Player(30, 0, 2), Player(28, 120, 1), turn=30)
    assert starving.evaluate(0) < 0
    goal = position(Player(64, 5, 0), Player(50, 30, 0), turn=31)
    assert goal.evaluate(0) > 0.9
    salads = position(Player(30, 60, 0), Player(30, 60, 3))
    assert race_value(salads, 0) > race_value(salads, 1)


def test_order_moves_puts_goal_and_salad_first() -> None:
    state = position(Player(60, 10, 0), Player(0))
    ordered = state.order_moves(state.legal_moves())
    assert sorted(map(str, ordered)) == sorted(map(str, state.legal_moves()))
    assert str(ordered[0]) == "advance 4"
    eater = position(Player(0), Player(2))
    first = eater.order_moves(eater.legal_moves())[0]
    assert "EAT_SALAD" in str(first)


def test_hash_key_follows_the_position_and_undo() -> None:
    state = GAME.new_state(4)
    key = state.hash_key()
    state.play(state.legal_moves()[0])
    assert state.hash_key() != key
    state.undo()
    assert state.hash_key() == key
    assert GAME.parse(state.text()).hash_key() == key


def _greedy(state: HaseUndIgelState) -> Move:
    """The move whose resulting position `evaluate` likes best for the mover."""
    player = state.to_move
    best: tuple[float, Move] | None = None
    for move in state.legal_moves():
        state.push(move)
        result = state.outcome()
        value = state.evaluate(player) if result is None else result.returns()[player] * 2
        state.undo()
        if best is None or value > best[0]:
            best = (value, move)
    assert best is not None
    return best[1]


def test_one_ply_greedy_on_the_evaluation_reaches_the_goal() -> None:
    """The knowledge is good enough that looking one move ahead finishes races: greedy
    self-play ends by the goal, and greedy beats a random mover from either seat."""
    goal_ends = 0
    for seed in range(8):
        state = GAME.new_state(seed)
        while not state.is_over():
            state.play(_greedy(state))
        result = state.outcome()
        assert result is not None
        goal_ends += result.reason == GOAL_REACHED
    assert goal_ends >= 6
    rng = random.Random(4)
    for seed in range(6):
        seat = seed % 2
        state = GAME.new_state(100 + seed)
        while not state.is_over():
            mover = state.to_move
            state.play(_greedy(state) if mover == seat else rng.choice(state.legal_moves()))
        result = state.outcome()
        assert result is not None and result.winner == seat
