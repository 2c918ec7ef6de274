"""The view of an Ostseeschach position for front ends and bots (`spieltisch.core.view`).

An 8x8 grid with files a..h (the forward axis: red moves right, blue left) and ranks 1..8;
the a-file is red's start column (blue earns an amber there), the h-file blue's. Pieces
carry the tower height; counters the ambers. A move is two clicks: the piece, its target.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spieltisch.core.view import Cell, Counter, LastMove, Piece, View, grid_layout, make_view
from spieltisch.games.ostseeschach.moves import on_board, square_name

if TYPE_CHECKING:
    from spieltisch.games.ostseeschach.state import OstseeschachState

#: Piece kinds by the game's kind number 0..3 (machine name, letter, display name).
KINDS = (
    ("herzmuschel", "H", "Herzmuschel"),
    ("moewe", "M", "Möwe"),
    ("seestern", "S", "Seestern"),
    ("robbe", "R", "Robbe"),
)
#: The way each team moves, as player 0 sees the board.
FACING = ("right", "left")
REASON_TEXTS = {
    "DIFFERING_SCORES": "more ambers",
    "DIFFERING_POSITIONS": "equal ambers, light pieces further ahead",
    "EQUAL_SCORE": "equal ambers and equal positions",
    "NO_LEGAL_MOVES": "the player to move has no legal move",
}


def square(x: int, y: int) -> str:
    """The cell id of the square (x, y): its name in the notation, `a1` .. `h8`."""
    return square_name(y * 8 + x)


#: The squares, a1 to h8 rank by rank; the a-file is red's start column, the h-file blue's.
CELLS = tuple(
    Cell(square(x, y), x, y, "home0" if x == 0 else "home1" if x == 7 else "plain", square(x, y))
    for y in range(8)
    for x in range(8)
)


def state_view(state: OstseeschachState) -> View:
    """The view of `state` (see the module docstring)."""
    pieces = []
    for x, y, kind, team, height in state.pieces():
        machine, letter, name = KINDS[kind]
        pieces.append(
            Piece(
                square(x, y),
                team,
                machine,
                letter if team == 0 else letter.lower(),
                name if height == 1 else f"{name} (tower of {height})",
                height=height,
                facing=FACING[team],
            )
        )
    ambers = state.ambers
    counters = [
        Counter(0, "ambers", "ambers", ambers[0]),
        Counter(1, "ambers", "ambers", ambers[1]),
        Counter(None, "turn", "turn", state.turn),
        Counter(None, "round", "round", state.round),
    ]
    last = state.last_move
    last_move = None
    if last is not None:
        cells = tuple(
            square(x, y) for x, y in ((last.fx, last.fy), (last.tx, last.ty)) if on_board(x, y)
        )
        last_move = LastMove(str(last), cells)
    paths = [
        (move, (square(move.fx, move.fy), square(move.tx, move.ty))) for move in state.legal_moves()
    ]
    return make_view(
        state,
        layout=grid_layout(8, 8),
        cells=CELLS,
        pieces=pieces,
        counters=counters,
        ply=state.turn,
        last_move=last_move,
        reason_texts=REASON_TEXTS,
        paths=paths,
    )
