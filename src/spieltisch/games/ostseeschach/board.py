"""Ostseeschach board constants, the move value and precomputed move tables.

Squares are numbered `y * 8 + x`; x (0..7) is the forward axis (red moves towards +x,
blue towards -x), y (0..7) the side axis. In notation x is the file letter a..h and y + 1
the rank digit, so `a1` is (0, 0) and red's start column is the a-file.

A square holds a signed piece code: 0 for empty, > 0 red, < 0 blue, and
`abs(code) = kind + 1 + 4 * (height - 1)` with kind 0..3 = Herzmuschel, Möwe, Seestern,
Robbe. Tables indexed by a code use Python's negative indexing for blue codes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from spieltisch.core.errors import NotationError

SIZE = 8
RED, BLUE = 0, 1
TEAM_NAMES = ("red", "blue")
OFFICIAL_TEAMS = ("ONE", "TWO")

HERZMUSCHEL, MOEWE, SEESTERN, ROBBE = 0, 1, 2, 3
KIND_LETTERS = "HMSR"
KIND_NAMES = ("Herzmuschel", "Moewe", "Seestern", "Robbe")
KIND_DISPLAY = ("Herzmuschel", "Möwe", "Seestern", "Robbe")

#: Move vectors (dx, dy) for red (ostseeschach.md, "Moves"); blue negates dx.
RED_VECTORS: tuple[tuple[tuple[int, int], ...], ...] = (
    ((1, 1), (1, -1)),
    ((1, 0), (-1, 0), (0, 1), (0, -1)),
    ((1, 1), (1, -1), (-1, 1), (-1, -1), (1, 0)),
    ((1, 2), (1, -2), (-1, 2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1)),
)


def vectors(kind: int, team: int) -> tuple[tuple[int, int], ...]:
    """The move vectors of a piece kind for a team."""
    if team == RED:
        return RED_VECTORS[kind]
    return tuple((-dx, dy) for dx, dy in RED_VECTORS[kind])


def code(kind: int, team: int, height: int = 1) -> int:
    """The signed square code of a piece (or stack) of `kind`, `team` and `height`."""
    magnitude = kind + 1 + 4 * (height - 1)
    return magnitude if team == RED else -magnitude


def kind_of(value: int) -> int:
    return (abs(value) - 1) % 4


def team_of(value: int) -> int:
    return RED if value > 0 else BLUE


def height_of(value: int) -> int:
    return 0 if value == 0 else 1 + (abs(value) - 1) // 4


def official_piece(text: str) -> int:
    """The square code of the official two-character piece text (`Piece.fromString`):
    letter H/M/S/R (upper case red = ONE, lower case blue = TWO), then the same letter
    again or the stack height digit; a single letter is a single piece."""
    if not 1 <= len(text) <= 2 or text[0].upper() not in KIND_LETTERS:
        raise NotationError("an official piece is a letter H, M, S or R and a count", text)
    kind = KIND_LETTERS.index(text[0].upper())
    team = RED if text[0].isupper() else BLUE
    height = 1
    if len(text) == 2 and text[1] != text[0]:
        if text[1] not in "12":
            raise NotationError("a stack on the board has height 1 or 2", text, 1)
        height = int(text[1])
    return code(kind, team, height)


def official_piece_text(value: int) -> str:
    """The official two-character text of a square code (`Piece.shortString`)."""
    letter = KIND_LETTERS[kind_of(value)]
    letter = letter if value > 0 else letter.lower()
    return letter + (letter if height_of(value) == 1 else str(height_of(value)))


def on_board(x: int, y: int) -> bool:
    return 0 <= x < SIZE and 0 <= y < SIZE


def square_name(square: int) -> str:
    return "abcdefgh"[square % 8] + str(square // 8 + 1)


@dataclass(frozen=True, order=True, slots=True)
class Move:
    """A move from (fx, fy) to (tx, ty) in official coordinates.

    Coordinates may lie off the board (a bot may send such a move; it is refused as
    OUT_OF_BOUNDS or WRONG_COLOR). `src`/`dst` are the square numbers, -1 when off the board.
    `str()` gives `a1b3` for squares on the board and `(x,y)(x,y)` otherwise.
    """

    fx: int
    fy: int
    tx: int
    ty: int
    src: int = field(init=False, compare=False, repr=False)
    dst: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "src", self.fy * 8 + self.fx if on_board(self.fx, self.fy) else -1)
        object.__setattr__(self, "dst", self.ty * 8 + self.tx if on_board(self.tx, self.ty) else -1)

    def __str__(self) -> str:
        if self.src >= 0 and self.dst >= 0:
            return square_name(self.src) + square_name(self.dst)
        return f"({self.fx},{self.fy})({self.tx},{self.ty})"

    @property
    def delta(self) -> tuple[int, int]:
        return (self.tx - self.fx, self.ty - self.fy)


_SQUARE_MOVE = re.compile(r"\s*([a-h])([1-8])\s*[-x:]?\s*([a-h])([1-8])\s*")
_COORD_MOVE = re.compile(
    r"\s*\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)\s*(?:->|-|>)?\s*\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)\s*"
)


def parse_move(text: str) -> Move:
    """Read `a1b3` (also `a1-b3`) or official coordinates `(0,0)(1,2)`."""
    match = _SQUARE_MOVE.fullmatch(text)
    if match:
        fx, fy, tx, ty = match.groups()
        return MOVES[(int(fy) - 1) * 8 + "abcdefgh".index(fx)][
            (int(ty) - 1) * 8 + "abcdefgh".index(tx)
        ]
    match = _COORD_MOVE.fullmatch(text)
    if match:
        fx, fy, tx, ty = (int(g) for g in match.groups())
        if on_board(fx, fy) and on_board(tx, ty):
            return MOVES[fy * 8 + fx][ty * 8 + tx]
        return Move(fx, fy, tx, ty)
    raise NotationError(
        "an Ostseeschach move is two squares like a1b3, or coordinates like (0,0)(1,2)", text
    )


#: MOVES[src][dst]: the one Move object of every on-board pair of squares.
MOVES: tuple[tuple[Move, ...], ...] = tuple(
    tuple(Move(s % 8, s // 8, d % 8, d // 8) for d in range(64)) for s in range(64)
)


def _targets(value: int) -> tuple[tuple[tuple[int, Move], ...], ...]:
    if value == 0:
        return tuple(() for _ in range(64))
    kind, team = kind_of(value), team_of(value)
    rows = []
    for s in range(64):
        x, y = s % 8, s // 8
        row = []
        for dx, dy in vectors(kind, team):
            if on_board(x + dx, y + dy):
                d = (y + dy) * 8 + x + dx
                row.append((d, MOVES[s][d]))
        rows.append(tuple(row))
    return tuple(rows)


def _by_code(values: dict[int, object]) -> list[object]:
    """A 17-entry list indexed by a signed code (blue codes by negative index)."""
    table: list[object] = [None] * 17
    for value, item in values.items():
        table[value] = item
    return table


_CODES = range(-8, 9)
#: TARGETS[code][square]: ((target square, move), ...) for that piece on that square.
TARGETS: list[tuple[tuple[tuple[int, Move], ...], ...]] = _by_code(  # type: ignore[assignment]
    {v: _targets(v) for v in _CODES}
)
#: HEIGHT[code]: stack height (0 for empty).
HEIGHT: list[int] = _by_code({v: height_of(v) for v in _CODES})  # type: ignore[assignment]
#: TOWER[code]: the code of the same top piece one stack level higher (after a capture).
TOWER: list[int] = _by_code(  # type: ignore[assignment]
    {v: (v + 4 if v > 0 else v - 4) if v else 0 for v in _CODES}
)
#: LINE_AMBER[code][square]: 1 if that top piece earns the line amber on that square
#: (a light piece on the opponent's start column), else 0.
LINE_AMBER: list[tuple[int, ...]] = _by_code(  # type: ignore[assignment]
    {
        v: tuple(
            int(v != 0 and kind_of(v) != ROBBE and (s % 8 == (7 if v > 0 else 0)))
            for s in range(64)
        )
        for v in _CODES
    }
)
#: CELL[code]: the code's cell in the position text (`.`, `H`, `h2`, ...).
CELL: list[str] = _by_code(  # type: ignore[assignment]
    {
        v: "."
        if v == 0
        else (KIND_LETTERS[kind_of(v)] if v > 0 else KIND_LETTERS[kind_of(v)].lower())
        + ("2" if height_of(v) == 2 else "")
        for v in _CODES
    }
)
