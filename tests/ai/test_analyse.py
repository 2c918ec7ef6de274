"""`analyse`: the engine's evaluation read from player 0's side in every game, up to
three lines with distinct first moves, a forced result as the winner's moves, the unit
of each game's scores, and the Python alpha-beta for a game without a native engine."""

from __future__ import annotations

from typing import Any

import pytest

from spieltisch import native
from spieltisch.ai.questions import analyse
from spieltisch.core.registry import load

pytestmark = pytest.mark.skipif(not native.built(), reason="the native engines are not built")

MATE_START = "6p1/8/7P/3W4/8/8/8/R7 w 0 1"
MATE_LINE = ["d5e7+", "g8h8", "a1a8+", "h8g8", "a8g8"]


def test_a_forced_win_is_counted_in_the_winners_moves_from_player_0s_side() -> None:
    state = load("schachogi").parse(MATE_START)
    seen = []
    for move in MATE_LINE:
        result = analyse(state, 0.3, lines=1)
        seen.append(result["evaluation"]["mate"])
        assert result["evaluation"]["expected"] == 1.0
        state.play(state.parse_move(move))
    assert seen == [3, 2, 2, 1, 1]
    final = analyse(state, 0.3)
    assert final["over"] and final["evaluation"] == {
        "expected": 1.0,
        "units": None,
        "mate": 0,
        "final": True,
    }


def test_three_lines_with_distinct_first_moves() -> None:
    state = load("ostseeschach").new_state(3)
    result = analyse(state, 0.3, lines=3)
    firsts = [line["moves"][0] for line in result["lines"]]
    assert len(firsts) == 3 and len(set(firsts)) == 3
    assert result["line"] == result["lines"][0]["moves"]
    assert result["unit"] == "piece" and not result["expected_only"]
    assert result["depth"] >= 1 and result["nps"] > 0


def test_the_sign_is_player_0s_whoever_moves() -> None:
    """After 1. a1a7 a8a7 (Schachogi) Black is a rook up: negative with either to move (a
    Rock against the bare Pflöck: the search may find Black's forced win, a negative mate)."""
    state = load("schachogi").parse("r3p3/8/8/8/8/8/8/R3P3 w 0 1")
    for move in ("a1a7", "a8a7"):
        state.play(state.parse_move(move))
    white = analyse(state, 0.3)
    state.play(state.parse_move("e1f2"))
    black = analyse(state, 0.3)
    assert white["player"] == 0 and black["player"] == 1
    for result in (white, black):
        evaluation = result["evaluation"]
        assert evaluation["expected"] < -0.3
        if evaluation["mate"] is None:
            assert evaluation["units"] < -3  # Brrbrr: a rook is five
        else:
            assert evaluation["mate"] < 0 and evaluation["units"] is None
    assert white["value"] < 0 < black["value"]  # the legacy value is the mover's


@pytest.mark.parametrize("name", ["okard", "hase-und-igel"])
def test_games_of_chance_and_races_show_expected_results(name: str) -> None:
    state: Any = load(name).new_state(5)
    while state.is_chance():
        state.play(state.chance_outcomes()[0][0])
    result = analyse(state, 0.2, lines=2)
    assert result["expected_only"] and result["unit"] == ""
    evaluation = result["evaluation"]
    assert evaluation["units"] is None and -1 <= evaluation["expected"] <= 1


def test_a_die_roll_position_is_evaluated_for_the_one_who_moves_after_it() -> None:
    game = load("okard")
    state: Any = game.new_state(5)
    for _ in range(400):  # to the first die roll of play
        if state.is_chance() and state.history():
            break
        if state.is_chance():
            state.play(state.chance_outcomes()[0][0])
        else:
            state.play(state.legal_moves()[0])
    if not state.is_chance():
        pytest.skip("no die roll reached")
    result = analyse(state, 0.2)
    assert result["chance"] and result["lines"] == []
    assert -1 <= result["evaluation"]["expected"] <= 1


def test_the_python_alpha_beta_without_a_native_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(native, "available", lambda game: False)
    state = load("schachogi").parse(MATE_START)
    for move in MATE_LINE[:3]:  # Black to move, mated next move whatever it does
        state.play(state.parse_move(move))
    result = analyse(state, 0.5, lines=3)
    assert result["engine"] == "alphabeta" and len(result["lines"]) == 1
    assert result["player"] == 1 and result["evaluation"]["mate"] == 1
    estimate = analyse(load("schachogi").new_state(None), 0.2)
    assert estimate["evaluation"]["mate"] is None
    assert -1 <= estimate["evaluation"]["expected"] <= 1
