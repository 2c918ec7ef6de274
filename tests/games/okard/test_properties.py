"""Invariants over random games (hypothesis): action points never go negative, sacrifices
never bring more than 6 AP a turn, every game ends within `max_game_length`."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from spieltisch.games.okard.moves import END, LINE, SACRIFICE
from spieltisch.games.okard.options import SACRIFICE_CAP

from .support import game

OPTIONS = st.sampled_from(
    ["", "board=8", "board=10 ap=round", "ap=fixed fixed_ap=2", "ap=fixed fixed_ap=20 end=all"]
)


@settings(max_examples=25, deadline=None)
@given(OPTIONS, st.integers(0, 100_000), st.floats(0.0, 1.0))
def test_action_points_and_the_sacrifice_cap(options: str, seed: int, greed: float) -> None:
    """A random player that prefers sacrifices with probability `greed`."""
    g = game(options + " turns=60")
    state = g.new_state(seed)
    rng = random.Random(seed)
    plies = 0
    gained = 0
    while not state.is_over():
        if state.is_chance():
            move = state.sample_chance(rng)
        else:
            moves = state.legal_moves()
            sacrifices = [m for m in moves if m.kind == SACRIFICE]
            move = rng.choice(sacrifices if sacrifices and rng.random() < greed else moves)
            if move.kind == SACRIFICE:
                before = state.action_points
                state.play(move)
                gained += state.action_points - before
                assert state.sacrificed == gained
                plies += 1
                assert state.action_points >= 0
                assert state.sacrificed <= SACRIFICE_CAP
                continue
            if move.kind == END:
                gained = 0
        state.play(move)
        plies += 1
        assert state.action_points >= 0
        assert state.sacrificed <= SACRIFICE_CAP
        assert plies <= g.max_game_length
    outcome = state.outcome()
    assert outcome is not None
    # The game ends by its end condition (won by the player who moved last) or by the
    # turn limit (the higher captured value wins).
    by_condition = {"king": "KING_CAPTURED", "all": "ALL_CAPTURED"}[g.options.end.value]
    assert outcome.reason in (by_condition, "TURN_LIMIT")
    red, blue = state.captured
    if outcome.reason == "TURN_LIMIT":
        assert state.turn == g.options.turns
        assert outcome.winner == (None if red == blue else (0 if red > blue else 1))
    else:
        last = state.undo()
        assert last.kind == LINE and state.mover == outcome.winner
        state.play(last)


@settings(max_examples=15, deadline=None)
@given(OPTIONS, st.integers(0, 100_000))
def test_turns_that_never_end_voluntarily_stay_within_the_bound(options: str, seed: int) -> None:
    """A player who takes every step it can before END: each turn is still finite, and the
    whole game stays within `max_game_length`."""
    g = game(options + " turns=30")
    state = g.new_state(seed)
    rng = random.Random(seed)
    plies = 0
    steps_this_turn = 0
    per_turn = 1 + SACRIFICE_CAP + g.options.max_ap + SACRIFICE_CAP + 1
    while not state.is_over():
        if state.is_chance():
            move = state.sample_chance(rng)
        else:
            moves = [m for m in state.legal_moves() if m.kind != END]
            move = rng.choice(moves) if moves else state.legal_moves()[0]
        in_play = state.phase == "play"
        state.play(move)
        plies += 1
        steps_this_turn += in_play
        if move.kind == END:
            assert steps_this_turn <= per_turn
            steps_this_turn = 0
    assert plies <= g.max_game_length
