"""Okard moves: the move kinds, the `Move` value and its notation (okard.md, "Notation").

`str(move)` is the project's notation; `parse_move_text` reads it back. Squares are
chess-style: files a.. from red's left, ranks 1.. from red's side.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from spieltisch.core.errors import NotationError

FILES = "abcdefghij"

# Move kinds.
ROLL, PICK, PLACE, SACRIFICE, LINE, PROMOTE, DROP, END = range(8)


def square_name(x: int, y: int) -> str:
    return FILES[x] + str(y + 1)


@dataclass(frozen=True, order=True, slots=True)
class Move:
    """One step of Okard: a die roll, a pick, a placement, or a step of a turn.

    `stone` is a stone code (empty for a pass / finish); (x, y) the square the step acts
    on, (tx, ty) the end of a line move; a roll keeps its value in x. Notation:
    `D4`, `PI B`, `PI -`, `PL K e1`, `PL -`, `SA e2`, `e2-e5`, `PR e2`, `DR B e3`, `END`.
    """

    kind: int
    stone: str = ""
    x: int = -1
    y: int = -1
    tx: int = -1
    ty: int = -1

    def __str__(self) -> str:
        kind = self.kind
        if kind == LINE:
            return f"{square_name(self.x, self.y)}-{square_name(self.tx, self.ty)}"
        if kind == ROLL:
            return f"D{self.x}"
        if kind == PICK:
            return f"PI {self.stone or '-'}"
        if kind == PLACE:
            if not self.stone:
                return "PL -"
            return f"PL {self.stone} {square_name(self.x, self.y)}"
        if kind == SACRIFICE:
            return f"SA {square_name(self.x, self.y)}"
        if kind == PROMOTE:
            return f"PR {square_name(self.x, self.y)}"
        if kind == DROP:
            return f"DR {self.stone} {square_name(self.x, self.y)}"
        return "END"


END_MOVE = Move(END)
PICK_PASS = Move(PICK)
PLACE_DONE = Move(PLACE)
ROLLS = tuple(Move(ROLL, "", value) for value in range(7))

_SQ = r"([a-jA-J])(10|[1-9])"
_LINE = re.compile(_SQ + r"\s*[-x]\s*" + _SQ)
_CODE_SQ = re.compile(r"(PL|DR)\s+([A-Z]{1,3})\s+" + _SQ)
_ONE_SQ = re.compile(r"(SA|PR)\s+" + _SQ)
_PICK = re.compile(r"PI\s+([A-Z]{1,3}|-)")
_ROLL = re.compile(r"D([1-6])")

MOVE_HELP = (
    "an Okard move is D1..D6 (a die roll), PI <code> / PI - (pick / army complete), "
    "PL <code> <square> / PL - (place / placement finished), SA <square> (sacrifice), "
    "<from>-<to> (line move), PR <square> (promote), DR <code> <square> (drop) or END"
)


def _coords(file: str, rank: str) -> tuple[int, int]:
    return FILES.index(file), int(rank) - 1


def parse_move_text(text: str) -> Move:
    """Read a move in Okard notation (see `Move`); case of the keywords is ignored."""
    raw = text.strip()
    upper = raw.upper()
    if upper in ("END", "E"):
        return END_MOVE
    match = _ROLL.fullmatch(upper)
    if match:
        return ROLLS[int(match.group(1))]
    match = _PICK.fullmatch(upper)
    if match:
        code = match.group(1)
        return PICK_PASS if code == "-" else Move(PICK, code)
    if re.fullmatch(r"PL\s+-", upper):
        return PLACE_DONE
    match = _CODE_SQ.fullmatch(upper)
    if match:
        x, y = _coords(match.group(3).lower(), match.group(4))
        return Move(PLACE if match.group(1) == "PL" else DROP, match.group(2), x, y)
    match = _ONE_SQ.fullmatch(upper)
    if match:
        x, y = _coords(match.group(2).lower(), match.group(3))
        return Move(SACRIFICE if match.group(1) == "SA" else PROMOTE, "", x, y)
    match = _LINE.fullmatch(raw.lower())
    if match:
        x, y = _coords(match.group(1), match.group(2))
        tx, ty = _coords(match.group(3), match.group(4))
        return Move(LINE, "", x, y, tx, ty)
    raise NotationError(MOVE_HELP, text)
