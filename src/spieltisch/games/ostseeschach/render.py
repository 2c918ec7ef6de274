"""The Ostseeschach board as a picture for the terminal, seen from either team's side."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spieltisch.core.render import grid_order
from spieltisch.games.ostseeschach.board import BLUE, KIND_LETTERS, TEAM_NAMES, height_of, kind_of
from spieltisch.games.ostseeschach.moves import FILES

if TYPE_CHECKING:
    from spieltisch.games.ostseeschach.state import OstseeschachState

#: What each team's view says about the direction of play, its own team first.
_DIRECTIONS = (
    "red: upper case, moves right (to h) · blue: lower case, moves left (to a)",
    "blue: lower case, moves right (to a) · red: upper case, moves left (to h)",
)


def picture(state: OstseeschachState, viewer: int | None = None) -> str:
    """The board with rank 8 on top and the a-file on the left for red (and for None);
    turned by 180° for blue (`viewer` 1), so that each team sees itself moving right."""
    turned, xs, ys = grid_order(8, 8, viewer)
    ambers = state.ambers
    files = "     " + "   ".join(FILES[x] for x in xs)
    lines = [
        f"Ostseeschach  turn {state.turn} (round {state.round})  "
        f"ambers red {ambers[0]} : blue {ambers[1]}",
        files,
    ]
    board = state.board
    for y in ys:
        cells = []
        for x in xs:
            v = board[y * 8 + x]
            if not v:
                cells.append(" . ")
                continue
            letter = KIND_LETTERS[kind_of(v)]
            letter = letter if v > 0 else letter.lower()
            cells.append(f" {letter}{'2' if height_of(v) == 2 else ' '}")
        lines.append(f" {y + 1}  " + " ".join(cells) + f"  {y + 1}")
    lines.append(files)
    lines.append(_DIRECTIONS[BLUE if turned else 0])
    lines.append("H Herzmuschel  M Möwe  S Seestern  R Robbe  ·  2 = tower of two")
    result = state.outcome()
    if result is not None:
        who = "draw" if result.winner is None else f"{TEAM_NAMES[result.winner]} wins"
        lines.append(f"game over: {who} ({result.reason})")
    else:
        last = state.last_move
        after = f" · last move {last}" if last else ""
        lines.append(f"{TEAM_NAMES[state.current_team]} to move{after}")
    return "\n".join(lines)
