"""The Schachogi board as a picture for the terminal, seen from either side."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spieltisch.core.render import grid_order
from spieltisch.games.schachogi.board import BLACK, CELL, PLAYER_NAMES
from spieltisch.games.schachogi.moves import FILES

if TYPE_CHECKING:
    from spieltisch.games.schachogi.state import SchachogiState

#: What each side's view says about the pieces, its own side first.
_LEGENDS = (
    "White upper case (moves up), Black lower case",
    "Black lower case (moves up), White upper case",
)


def picture(state: SchachogiState, viewer: int | None = None) -> str:
    """The board with rank 8 on top and the a-file on the left for White (and for None);
    turned by 180° for Black (`viewer` 1), so that each side sees itself moving up."""
    turned, files, ranks = grid_order(8, 8, viewer)
    letters = "    " + "  ".join(FILES[f] for f in files)
    lines = [f"Schachogi  move {state.fullmove}  quiet plies {state.quiet_plies}", letters]
    board = state.board
    for r in ranks:
        cells = [(CELL[board[r * 8 + f]] or ".").rjust(2) for f in files]
        lines.append(f" {r + 1} " + " ".join(cells) + f"  {r + 1}")
    lines.append(letters)
    lines.append(_LEGENDS[BLACK if turned else 0])
    lines.append("P Pflöck  I Ischi  R Rock  S Slotser  W Wieher  B Brrbrr  + promoted")
    result = state.outcome()
    if result is not None:
        who = "draw" if result.winner is None else f"{PLAYER_NAMES[result.winner]} wins"
        lines.append(f"game over: {who} ({result.reason})")
    else:
        lines.append(f"{PLAYER_NAMES[state.turn]} to move")
    return "\n".join(lines)
