"""One test (or a few) per paragraph of shared/rules/ostseeschach.md."""

from __future__ import annotations

from itertools import product

import pytest

from spieltisch.core import IllegalMoveError
from spieltisch.games.ostseeschach.board import KIND_LETTERS

from .support import game, move, official_pieces, state_from

# --- Board and orientation ---------------------------------------------------------------


def test_start_red_on_column_0_blue_point_symmetric_on_column_7() -> None:
    for seed in range(20):
        state = game().new_state(seed)
        for i in range(8):
            red = state.piece_at(0, i)
            blue = state.piece_at(7, 7 - i)
            assert red is not None and blue is not None
            assert red[1] == 0 and blue[1] == 1
            assert red[0] == blue[0]
            assert red[2] == blue[2] == 1
        assert len(state.pieces()) == 16
        assert state.turn == 0 and state.ambers == (0, 0) and state.last_move is None


def test_all_2520_start_orders_occur_and_seeds_are_deterministic() -> None:
    orders = set()
    for seed in range(30_000):
        state = game().new_state(seed)
        orders.add("".join(KIND_LETTERS[state.board[i * 8] - 1] for i in range(8)))
    assert len(orders) == 2520
    assert game().new_state(99) == game().new_state(99)
    assert game().new_state(None) == game().new_state(0)


def test_x_is_the_forward_axis() -> None:
    red = state_from([[3, 3, "Herzmuschel", "ONE", 1]])
    assert {(m.tx, m.ty) for m in red.legal_moves()} == {(4, 4), (4, 2)}
    blue = state_from([[3, 3, "Herzmuschel", "TWO", 1], [0, 0, "Robbe", "ONE", 1]], turn=1)
    assert {(m.tx, m.ty) for m in blue.legal_moves()} == {(2, 4), (2, 2)}


# --- Moves ---------------------------------------------------------------------------------

VECTORS = {
    "Herzmuschel": {(1, 1), (1, -1)},
    "Moewe": {(1, 0), (-1, 0), (0, 1), (0, -1)},
    "Seestern": {(1, 1), (1, -1), (-1, 1), (-1, -1), (1, 0)},
    "Robbe": {(1, 2), (1, -2), (-1, 2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1)},
}


@pytest.mark.parametrize(("kind", "team"), list(product(VECTORS, ("ONE", "TWO"))))
def test_vectors_from_the_centre(kind: str, team: str) -> None:
    other = "TWO" if team == "ONE" else "ONE"
    state = state_from(
        [[3, 4, kind, team, 1], [7 if team == "TWO" else 0, 0, "Robbe", other, 1]],
        turn=0 if team == "ONE" else 1,
    )
    sign = 1 if team == "ONE" else -1
    expected = {(3 + dx * sign, 4 + dy) for dx, dy in VECTORS[kind]}
    assert {(m.tx, m.ty) for m in state.legal_moves() if (m.fx, m.fy) == (3, 4)} == expected


def test_target_must_be_on_the_board_and_not_own() -> None:
    state = state_from(
        [[0, 0, "Robbe", "ONE", 1], [1, 2, "Moewe", "ONE", 1], [2, 1, "Moewe", "TWO", 1]]
    )
    robbe = {(m.tx, m.ty) for m in state.legal_moves() if (m.fx, m.fy) == (0, 0)}
    assert robbe == {(2, 1)}


def test_nothing_blocks_a_jump() -> None:
    pieces = [[2, 2, "Robbe", "ONE", 1]]
    pieces += [[x, y, "Moewe", "ONE", 1] for x in (1, 2, 3) for y in (1, 2, 3) if (x, y) != (2, 2)]
    state = state_from(pieces)
    robbe = {(m.tx, m.ty) for m in state.legal_moves() if (m.fx, m.fy) == (2, 2)}
    assert len(robbe) == 8


# --- Towers and ambers -------------------------------------------------------------------


def test_capture_stacks_owned_by_mover_moving_like_top_piece() -> None:
    state = state_from([[3, 3, "Moewe", "ONE", 1], [4, 3, "Robbe", "TWO", 1]])
    state.play(move([3, 3], [4, 3]))
    assert official_pieces(state) == [[4, 3, "Moewe", "ONE", 2]]
    # The tower moves like a Möwe (its top piece), not like the Robbe underneath.
    later = state_from([[4, 3, "Moewe", "ONE", 2], [7, 7, "Robbe", "TWO", 1]], turn=2)
    targets = {(m.tx, m.ty) for m in later.legal_moves() if (m.fx, m.fy) == (4, 3)}
    assert targets == {(5, 3), (3, 3), (4, 4), (4, 2)}


def test_heights_and_the_tower_amber() -> None:
    cases = [(1, 1, 0), (2, 1, 1), (1, 2, 1), (2, 2, 1)]
    for mover, target, ambers in cases:
        state = state_from([[3, 3, "Robbe", "ONE", mover], [4, 5, "Moewe", "TWO", target]])
        state.play(move([3, 3], [4, 5]))
        assert state.ambers == (ambers, 0)
        expected = [] if ambers else [[4, 5, "Robbe", "ONE", 2]]
        assert official_pieces(state) == expected


def test_line_amber_for_light_pieces_only_and_both_ambers_at_once() -> None:
    seestern = state_from([[6, 3, "Seestern", "ONE", 2], [7, 4, "Robbe", "TWO", 1]])
    seestern.play(move([6, 3], [7, 4]))
    assert seestern.ambers == (2, 0) and official_pieces(seestern) == []
    robbe = state_from([[5, 0, "Robbe", "ONE", 1]])
    robbe.play(move([5, 0], [7, 1]))
    assert robbe.ambers == (0, 0) and official_pieces(robbe) == [[7, 1, "Robbe", "ONE", 1]]
    robbe_tower = state_from([[5, 0, "Robbe", "ONE", 2], [7, 1, "Moewe", "TWO", 1]])
    robbe_tower.play(move([5, 0], [7, 1]))
    assert robbe_tower.ambers == (1, 0)


def test_no_line_amber_on_own_start_column() -> None:
    state = state_from([[1, 3, "Moewe", "ONE", 1], [7, 7, "Robbe", "TWO", 1]])
    state.play(move([1, 3], [0, 3]))
    assert state.ambers == (0, 0)
    assert official_pieces(state)[0] == [0, 3, "Moewe", "ONE", 1]


def test_stacks_on_the_board_have_height_one_or_two() -> None:
    for seed in range(30):
        state = game().new_state(seed)
        while not state.is_over():
            state.push(state.legal_moves()[seed % len(state.legal_moves())])
            assert all(h in (1, 2) for *_, h in state.pieces())


# --- Turns and the end -------------------------------------------------------------------


def test_turn_parity_and_round() -> None:
    state = game().new_state(1)
    assert (state.to_move, state.round) == (0, 0)
    state.play(state.legal_moves()[0])
    assert (state.to_move, state.round) == (1, 1)
    state.play(state.legal_moves()[0])
    assert (state.to_move, state.round) == (0, 1)


def test_blue_answers_reds_second_amber() -> None:
    state = state_from(
        [[6, 3, "Moewe", "ONE", 1], [1, 1, "Herzmuschel", "TWO", 1]], ambers={"ONE": 1}
    )
    state.play(move([6, 3], [7, 3]))
    assert state.ambers == (2, 0) and not state.is_over()
    state.play(move([1, 1], [0, 2]))
    assert state.is_over()
    result = state.outcome()
    assert result is not None and result.winner == 0 and result.reason == "DIFFERING_SCORES"


def test_ends_at_turn_60_and_totals_above_two_count() -> None:
    state = state_from([[2, 2, "Moewe", "ONE", 1], [5, 5, "Moewe", "TWO", 1]], turn=59)
    assert not state.is_over()
    state.play(move([5, 5], [4, 5]))
    assert state.is_over() and state.turn == 60
    rich = state_from([[2, 2, "Moewe", "ONE", 1]], turn=2, ambers={"ONE": 3, "TWO": 2})
    result = rich.outcome()
    assert result is not None and result.winner == 0 and result.scores[0][1] == 3


def test_tie_break_compares_only_the_shorter_list() -> None:
    # red [6, 5] vs blue [6]: a draw (ostseeschach.md example).
    state = state_from(
        [
            [6, 0, "Herzmuschel", "ONE", 1],
            [5, 1, "Seestern", "ONE", 1],
            [1, 0, "Moewe", "TWO", 1],
        ],
        turn=60,
    )
    result = state.outcome()
    assert result is not None and result.winner is None and result.reason == "EQUAL_SCORE"


def test_tie_break_decides_by_first_difference_and_towers_count_once() -> None:
    state = state_from(
        [
            [5, 2, "Moewe", "ONE", 1],
            [3, 6, "Seestern", "ONE", 2],
            [2, 0, "Herzmuschel", "TWO", 1],
            [3, 5, "Moewe", "TWO", 1],
        ],
        turn=60,
    )
    result = state.outcome()
    assert result is not None and result.winner == 1 and result.reason == "DIFFERING_POSITIONS"


def test_no_light_piece_is_a_draw() -> None:
    state = state_from([[3, 3, "Robbe", "ONE", 1], [4, 4, "Robbe", "TWO", 1]], turn=60)
    result = state.outcome()
    assert result is not None and result.winner is None


def test_player_without_moves_loses_at_once() -> None:
    # Red has no piece left.
    state = state_from([[4, 4, "Moewe", "TWO", 2]], turn=0)
    assert state.is_over() and state.legal_moves() == []
    result = state.outcome()
    assert result is not None and result.winner == 1 and result.reason == "NO_LEGAL_MOVES"
    assert result.scores == ((0, 0, 0), (2, 0, 3))
    # Red's Herzmuschel is boxed in by its own pieces, which cannot move either.
    boxed = state_from(
        [
            [6, 3, "Herzmuschel", "ONE", 1],
            [7, 4, "Herzmuschel", "ONE", 1],
            [7, 2, "Herzmuschel", "ONE", 1],
            [0, 0, "Moewe", "TWO", 1],
        ]
    )
    assert boxed.is_over()
    outcome = boxed.outcome()
    assert outcome is not None and outcome.winner == 1
    # Blue to move with no pieces loses at once, even at an odd turn.
    blue = state_from([[3, 3, "Moewe", "ONE", 1]], turn=1)
    assert blue.is_over()
    assert (blue.outcome() or outcome).winner == 0


def test_score_parts() -> None:
    state = state_from(
        [[6, 6, "Herzmuschel", "ONE", 1], [2, 1, "Seestern", "TWO", 1]],
        turn=2,
        ambers={"ONE": 2, "TWO": 2},
    )
    result = state.outcome()
    assert result is not None
    assert result.scores == ((2, 2, 6), (0, 2, 5))
    assert state.returns() == (1.0, -1.0)


# --- Illegal moves -------------------------------------------------------------------------


def test_illegal_move_order() -> None:
    state = state_from(
        [[0, 0, "Moewe", "ONE", 1], [1, 0, "Robbe", "ONE", 1], [5, 5, "Moewe", "TWO", 1]]
    )
    checks = [
        (move([3, 3], [4, 3]), "WRONG_COLOR"),  # empty start
        (move([5, 5], [4, 5]), "WRONG_COLOR"),  # opponent's piece
        (move([-1, 0], [0, 0]), "WRONG_COLOR"),  # start off the board
        (move([0, 0], [-1, 0]), "OUT_OF_BOUNDS"),
        (move([0, 0], [1, 1]), "INVALID_MOVEMENT"),
        (move([0, 0], [1, 0]), "DESTINATION_BLOCKED"),
    ]
    before = state.text()
    for the_move, rule in checks:
        with pytest.raises(IllegalMoveError) as caught:
            state.play(the_move)
        assert caught.value.rule == rule
        assert rule in str(caught.value)
        assert state.text() == before


def test_moves_in_a_finished_game_are_refused() -> None:
    state = state_from([[2, 2, "Moewe", "ONE", 1], [5, 5, "Moewe", "TWO", 1]], turn=60)
    with pytest.raises(IllegalMoveError) as caught:
        state.play(move([2, 2], [3, 2]))
    assert caught.value.rule == "GAME_OVER"


# --- Protocol ------------------------------------------------------------------------------


def test_protocol_game_type() -> None:
    from spieltisch.games.ostseeschach.xml import GAME_TYPE

    assert GAME_TYPE == "swc_2022_ostseeschach"
