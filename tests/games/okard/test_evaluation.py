"""Evaluation knowledge: material, König safety, move ordering, observation size."""

from __future__ import annotations

import random

from .support import game, play_position


def test_material_counts_for_the_owner() -> None:
    ahead = play_position({"a1": "K", "i9": "k", "e2": "T"}, ap=3)
    assert ahead.evaluate(0) > 0 > ahead.evaluate(1)
    assert abs(ahead.evaluate(0) + ahead.evaluate(1)) < 1e-9
    hand = play_position({"a1": "K", "i9": "k"}, ap=3, hands="T1/-")
    assert 0 < hand.evaluate(0) < ahead.evaluate(0)  # a stone in hand counts a little less


def test_king_safety() -> None:
    safe = play_position({"a1": "K", "i9": "k", "e5": "t"}, ap=3, hands="T1/-")
    threatened = play_position({"a1": "K", "i9": "k", "a5": "t"}, ap=3, hands="T1/-")
    assert threatened.evaluate(0) < safe.evaluate(0)


def test_evaluate_stays_in_range_over_random_games() -> None:
    rng = random.Random(5)
    state = game("board=8").new_state()
    while not state.is_over():
        value = state.evaluate(rng.randrange(2))
        assert -1.0 <= value <= 1.0
        state.play(state.random_move(rng))


def test_order_moves_puts_king_captures_then_captures_first() -> None:
    state = play_position({"a1": "K", "e6": "k", "e2": "T", "c4": "b", "c2": "B"}, ap=6)
    ordered = [str(m) for m in state.order_moves(state.legal_moves())]
    assert ordered[0] == "e2-e6"
    assert ordered[1] == "c2-c4"  # the only other capture
    assert ordered.index("c2-c4") < ordered.index("e2-e3")
    assert ordered[-1] == "END"
    assert sorted(ordered) == sorted(str(m) for m in state.legal_moves())


def test_observation_has_the_declared_shape() -> None:
    g = game("board=10")
    planes, rows, cols = g.observation_shape
    state = play_position({"a1": "K", "j10": "k"}, ap=2, n=10, options="board=10")
    assert len(state.observation()) == planes * rows * cols


def test_hash_key_is_incremental_and_restored_by_undo() -> None:
    rng = random.Random(11)
    state = game().new_state()
    keys: list[int] = []
    while not state.is_over() and len(keys) < 300:
        keys.append(state.hash_key())
        assert game().parse(state.text()).hash_key() == keys[-1]
        state.play(state.random_move(rng))
    for key in reversed(keys):
        state.undo()
        assert state.hash_key() == key
    plain = play_position({"a1": "K", "i9": "k", "e4": "B"}, ap=3)
    promoted = play_position({"a1": "K", "i9": "k", "e4": "B+"}, ap=3)
    in_hand = play_position({"a1": "K", "i9": "k"}, ap=3, hands="B1/-")
    assert len({plain.hash_key(), promoted.hash_key(), in_hand.hash_key()}) == 3
