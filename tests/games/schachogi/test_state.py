"""Schachogi state mechanics: push/undo, hash keys, copies, options, AI hooks, the CLI."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import spieltisch
from spieltisch.cli import main
from spieltisch.core.errors import IllegalMoveError, OptionError
from spieltisch.games.schachogi import Schachogi, SchachogiOptions, SchachogiState
from spieltisch.games.schachogi.evaluation import VALUE
from spieltisch.games.schachogi.game import UNBOUNDED

GAME = Schachogi()


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 120))
def test_undo_restores_everything_and_keys_are_incremental(seed: int, plies: int) -> None:
    rng = random.Random(seed)
    state = GAME.new_state()
    texts, keys = [], []
    for _ in range(plies):
        moves = state.legal_moves()
        if not moves:
            break
        texts.append(state.text())
        keys.append(state.hash_key())
        state.push(rng.choice(moves))
        fresh = GAME.parse(state.text())
        assert fresh.hash_key() == state.hash_key()  # the incremental key is the full key
    while texts:
        state.undo()
        assert state.text() == texts.pop()
        assert state.hash_key() == keys.pop()
    assert state == GAME.new_state() and state.history() == []
    with pytest.raises(IndexError):
        state.undo()


def test_copy_is_independent() -> None:
    state = GAME.new_state()
    state.play(state.parse_move("e2e3"))
    twin = state.copy()
    assert twin == state and twin.history() == state.history()
    twin.play(twin.parse_move("e7e6"))
    assert twin != state and len(state.history()) == 1
    twin.undo()
    twin.undo()
    assert twin == GAME.new_state()
    assert state.text() != twin.text()


def test_hash_key_ignores_counters_but_not_side_or_board() -> None:
    a = GAME.parse("4p3/8/8/8/8/8/8/R3P3 w 0 1")
    b = GAME.parse("4p3/8/8/8/8/8/8/R3P3 w 17 30")
    c = GAME.parse("4p3/8/8/8/8/8/8/R3P3 b 0 1")
    d = GAME.parse("4p3/8/8/8/8/8/8/+R3P3 w 0 1")
    assert a.hash_key() == b.hash_key()
    assert len({a.hash_key(), c.hash_key(), d.hash_key()}) == 3


def test_play_refuses_with_rule_names() -> None:
    state = GAME.new_state()
    cases = {
        "e4e5": "NO_PIECE",
        "e7e6": "NOT_YOUR_PIECE",
        "e2e4": "INVALID_MOVEMENT",
        "a1a3": "PATH_BLOCKED",
        "d1d2": "OWN_PIECE_ON_TARGET",
        "b1a3+": "PROMOTION_NOT_ALLOWED",
    }
    for text, rule in cases.items():
        with pytest.raises(IllegalMoveError) as info:
            state.play(state.parse_move(text))
        assert info.value.rule == rule, text
    with pytest.raises(IllegalMoveError) as info:
        state.play("e2e3")  # type: ignore[arg-type]
    assert info.value.rule == "NOT_A_MOVE"
    assert state == GAME.new_state()


def test_options_defaults_validation_and_text() -> None:
    assert SchachogiOptions().text() == "repetitions=3 quiet_plies=100"
    assert SchachogiOptions.parse("repetitions=0 quiet_plies=50") == SchachogiOptions(0, 50)
    for bad in ({"repetitions": 1}, {"repetitions": -1}, {"quiet_plies": -5}):
        with pytest.raises(OptionError):
            SchachogiOptions(**bad)
    with pytest.raises(OptionError):
        SchachogiOptions.parse("draws=off")
    game = spieltisch.load("schachogi", "repetitions=4")
    assert isinstance(game, Schachogi) and game.options.repetitions == 4


def test_max_game_length_is_a_bound_for_each_setting() -> None:
    assert GAME.max_game_length == (63 + 64 * 7 + 64 + 1) * 100
    assert Schachogi(SchachogiOptions(quiet_plies=10)).max_game_length == 576 * 10
    only_repetition = Schachogi(SchachogiOptions(quiet_plies=0)).max_game_length
    assert only_repetition > 10**80
    assert Schachogi(SchachogiOptions(0, 0)).max_game_length == UNBOUNDED


def test_evaluate_material_and_sides() -> None:
    start = GAME.new_state()
    assert start.evaluate(0) == pytest.approx(0.0)
    up = GAME.parse("rwsip3/bbbbbbbb/8/8/8/8/BBBBBBBB/RWSIPSWR w 0 1")
    assert 0 < up.evaluate(0) < 1
    assert up.evaluate(1) == pytest.approx(-up.evaluate(0))
    promoted = GAME.parse("4p3/8/8/8/8/8/8/+R3P2r w 0 1")
    assert promoted.evaluate(0) > 0
    assert VALUE[8] > VALUE[3] and VALUE[7] > VALUE[2] and VALUE[11] > VALUE[6]


def test_order_moves_pfloeck_captures_then_captures_then_promotions() -> None:
    # White Rock b2 can take the Pflöck on b8 or the Rock on h2 or promote on b7 (no capture).
    state = GAME.parse("1p6/8/8/8/3P4/8/bR2r2r/8 w 0 1")
    ordered = [str(m) for m in state.order_moves(state.legal_moves())]
    assert ordered[0] == "b2b8+" or ordered[0] == "b2b8"
    assert set(ordered[:2]) == {"b2b8", "b2b8+"}
    assert ordered[2] == "b2e2"  # a Rock before a Brrbrr
    assert ordered.index("b2a2") > ordered.index("b2e2")
    captures = {"b2b8", "b2b8+", "b2e2", "b2a2"}
    assert set(ordered[:4]) == captures
    assert ordered[4] == "b2b7+"
    assert sorted(ordered) == sorted(str(m) for m in state.legal_moves())


def test_observation_and_actions() -> None:
    state = GAME.new_state()
    assert len(state.observation()) == 24 * 64
    ids = {state.action_id(m) for m in state.legal_moves()}
    assert len(ids) == len(state.legal_moves()) and max(ids) < GAME.num_actions
    assert state.describe_move(state.parse_move("b1c3")) == "Wieher b1 to c3"
    promo = GAME.parse("4p3/1B6/8/8/8/8/8/4P3 w 0 1")
    assert promo.describe_move(promo.parse_move("b7b8+")) == "Brrbrr b7 to b8 and promotes"


def test_pseudo_moves_of_the_side_not_to_move() -> None:
    state = GAME.new_state()
    assert len(state.pseudo_moves(1)) == 12


def test_cli_show_play_and_errors() -> None:
    runner = CliRunner()
    shown = runner.invoke(main, ["show", "schachogi"])
    assert shown.exit_code == 0
    assert "position: rwsipswr/bbbbbbbb/8/8/8/8/BBBBBBBB/RWSIPSWR w 0 1" in shown.output
    bad = runner.invoke(main, ["show", "schachogi", "--position", "rwsipswr/8 w 0 1"])
    assert bad.exit_code == 2
    assert bad.output.strip().startswith("error: ") and len(bad.output.strip().splitlines()) == 1
    bad_perft = runner.invoke(main, ["perft", "schachogi", "1", "--position", "x"])
    assert bad_perft.exit_code == 2
    played = runner.invoke(
        main,
        ["play", "schachogi", "--opponent", "human"],
        input="e2e3\ne7e5\ne7e6\nmoves\nquit\n",
    )
    assert played.exit_code == 0, played.output
    assert "INVALID_MOVEMENT" in played.output
    assert "b1a3" in played.output


def _random_game(game: Schachogi, seed: int) -> SchachogiState:
    rng = random.Random(seed)
    state = game.new_state()
    while not state.is_over():
        state.play(rng.choice(state.legal_moves()))
    return state


def test_random_games_end_with_a_result() -> None:
    reasons = set()
    for seed in range(10):
        state = _random_game(GAME, seed)
        result = state.outcome()
        assert result is not None
        reasons.add(result.reason)
        assert GAME.parse(state.text()).outcome() == result
    assert "PFLOECK_CAPTURED" in reasons


def test_play_accepts_exactly_the_legal_moves() -> None:
    """Every one of the 8192 possible moves: `play` accepts it iff `legal_moves` has it."""
    rng = random.Random(4)
    for index in range(8):
        state = GAME.new_state()
        for _ in range(rng.randrange(0, 60)):
            moves = state.legal_moves()
            if not moves:
                break
            state.push(rng.choice(moves))
        legal = set(state.legal_moves())
        text = state.text()
        for action in range(GAME.num_actions):
            move = state.action_move(action)
            try:
                state.play(move)
            except IllegalMoveError:
                assert move not in legal, (index, str(move))
                assert state.text() == text
            else:
                assert move in legal, (index, str(move))
                state.undo()
