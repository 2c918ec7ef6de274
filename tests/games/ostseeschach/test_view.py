"""Ostseeschach's view: towers, ambers, the last move and two-click paths."""

from __future__ import annotations

import random

import spieltisch
from spieltisch.core.game import replay
from spieltisch.core.view_check import check_view


def test_a_tower_shows_its_height_and_the_last_move_its_squares() -> None:
    state = replay(spieltisch.load("ostseeschach").new_state(0), ["a7b5", "h2f3", "b5d4", "f3d4"])
    view = check_view(state)
    tower = [piece for piece in view.pieces if piece.cell == "d4"]
    assert len(tower) == 1
    piece = tower[0]
    assert (piece.owner, piece.kind, piece.label, piece.height) == (1, "robbe", "r", 2)
    assert "tower of 2" in piece.name
    assert piece.facing == "left"
    assert all(p.height == 1 for p in view.pieces if p.cell != "d4")
    assert view.last_move is not None
    assert (view.last_move.notation, view.last_move.cells) == ("f3d4", ("f3", "d4"))
    assert (view.ply, view.to_move, view.phase) == (4, 0, "play")


def test_the_board_and_the_paths() -> None:
    state = spieltisch.load("ostseeschach").new_state(0)
    view = check_view(state)
    assert (view.layout.kind, view.layout.width, view.layout.height) == ("grid", 8, 8)
    kinds = {cell.id: cell.kind for cell in view.cells}
    assert (kinds["a1"], kinds["h8"], kinds["d4"]) == ("home0", "home1", "plain")
    red = [p for p in view.pieces if p.owner == 0]
    assert len(red) == 8 and all(p.cell[0] == "a" and p.facing == "right" for p in red)
    assert sorted(view.next_clicks(())) == sorted({str(m)[:2] for m in state.legal_moves()})
    for option in view.moves:
        assert option.path == (option.notation[:2], option.notation[2:])
    assert view.last_move is None and view.outcome is None


def test_ambers_and_the_outcome() -> None:
    state = spieltisch.load("ostseeschach").new_state(5)
    rng = random.Random(5)
    while not state.is_over():
        state.play(rng.choice(state.legal_moves()))
    view = check_view(state)
    ambers = {c.player: c.value for c in view.counters if c.key == "ambers"}
    assert ambers == {0: state.ambers[0], 1: state.ambers[1]}
    result = state.outcome()
    assert result is not None and view.outcome is not None
    assert (view.outcome.winner, view.outcome.reason) == (result.winner, result.reason)
    assert len(view.outcome.score_labels) == 3
    assert view.outcome.text
    assert view.moves == () and view.to_move == "over" and view.phase == "over"
