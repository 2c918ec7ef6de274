"""What the games' terminal pictures share: the order in which a grid is drawn from
either player's side (player 1 sees the board turned by 180°)."""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["GridOrder", "grid_order"]


class GridOrder(NamedTuple):
    """The columns left to right and the rows top to bottom of a grid as drawn."""

    turned: bool
    columns: range
    rows: range


def grid_order(width: int, height: int, viewer: int | None) -> GridOrder:
    """Player 0 (and None) sees column 0 on the left and the last row on top; player 1
    sees the board turned by 180°: the last column on the left and row 0 on top."""
    turned = viewer == 1
    if turned:
        return GridOrder(True, range(width - 1, -1, -1), range(height))
    return GridOrder(False, range(width), range(height - 1, -1, -1))
