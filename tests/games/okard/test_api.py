"""Okard under the common State contract: checked play, is_legal, history, source squares,
the board from either side, and no hashing of a mutable state."""

from __future__ import annotations

import pytest

from spieltisch.core import IllegalMoveError

from .support import game, play, play_position

STONES = {"a1": "K", "i9": "k", "e2": "T", "c1": "SC", "g8": "b"}


def test_check_names_the_rule_and_changes_nothing() -> None:
    state = play_position(STONES, ap=3, hands="B1/-")
    before = state.text()
    state.check(state.parse_move("e2-e4"))  # legal: no error
    with pytest.raises(IllegalMoveError) as info:
        state.check(state.parse_move("e2-e6"))
    assert info.value.rule == "ACTION_POINTS"
    with pytest.raises(IllegalMoveError) as info:
        state.check("e2-e4")  # type: ignore[arg-type]
    assert info.value.rule == "NOT_A_MOVE"
    assert state.text() == before and state.history() == []


def test_is_legal_agrees_with_the_legal_moves() -> None:
    state = play_position(STONES, ap=3, hands="B1/-")
    legal = set(state.legal_moves())
    for text in ("e2-e4", "e2-e6", "SA c1", "SA a1", "PR e2", "DR B d1", "DR B d4", "END", "D3"):
        move = state.parse_move(text)
        assert state.is_legal(move) == (move in legal), text
    assert not state.is_legal(object())  # type: ignore[arg-type]


def test_history_lists_the_moves_and_follows_undo_and_copy() -> None:
    state = play(game("army=19").new_state(), "PI K", "PI K", "PL K e1")
    assert [str(m) for m in state.history()] == ["PI K", "PI K", "PL K e1"]
    twin = state.copy()
    assert str(state.undo()) == "PL K e1"
    assert [str(m) for m in state.history()] == ["PI K", "PI K"]
    assert [str(m) for m in twin.history()] == ["PI K", "PI K", "PL K e1"]
    assert game().parse(twin.text()).history() == []


def test_source_squares_and_moves_from_a_square() -> None:
    state = play_position(STONES, ap=3, hands="B1/-")
    names = {str(m): state.source_square(m) for m in state.legal_moves()}
    assert names["e2-e4"] == "e2" and names["SA c1"] == "c1" and names["PR e2"] == "e2"
    assert names["DR B d1"] is None and names["END"] is None
    from_e2 = {str(m) for m in state.legal_moves_from("e2")}
    assert from_e2 == {m for m, square in names.items() if square == "e2"}
    assert "e2-e5" in from_e2 and "PR e2" in from_e2
    assert state.legal_moves_from("e5") == []
    by_square = [m for sq in ("a1", "c1", "e2") for m in state.legal_moves_from(sq)]
    assert len(by_square) + sum(1 for s in names.values() if s is None) == len(names)
    picking = game().new_state()
    assert all(picking.source_square(m) is None for m in picking.legal_moves())


def test_render_turns_the_board_for_blue() -> None:
    state = play_position(STONES, ap=3)
    red = state.render().splitlines()
    assert state.render(0).splitlines()[1:] == red[1:]
    blue = state.render(1).splitlines()
    assert "seen by blue" in blue[0]
    assert red[1].split() == list("abcdefghi") and blue[1].split() == list("ihgfedcba")
    assert red[2].split()[0] == "9" and blue[2].split()[0] == "1"
    # Red's König on a1 is bottom left for red, top right for blue.
    assert red[10].split()[:2] == ["1", "K"] and blue[2].split()[-2:] == ["K", "1"]
    assert blue[3].split() == ["2", "-", "-", "-", "-", "T", "-", "-", "-", "-", "2"]
    assert blue[10].split()[:2] == ["9", "k"]  # blue's own König bottom left


def test_a_state_is_not_hashable_but_has_a_key() -> None:
    state = game().new_state()
    with pytest.raises(TypeError):
        hash(state)
    assert state.hash_key() == game().new_state().hash_key()
