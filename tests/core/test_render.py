"""The grid order of the terminal pictures: player 1 sees the board turned by 180°."""

from __future__ import annotations

from spieltisch.core.render import grid_order


def test_player_0_and_nobody_see_column_0_left_and_the_last_row_on_top() -> None:
    for viewer in (None, 0):
        turned, columns, rows = grid_order(3, 2, viewer)
        assert not turned
        assert list(columns) == [0, 1, 2] and list(rows) == [1, 0]


def test_player_1_sees_the_board_turned() -> None:
    turned, columns, rows = grid_order(3, 2, 1)
    assert turned
    assert list(columns) == [2, 1, 0] and list(rows) == [0, 1]
