"""Ostseeschach moves: the `Move` value, the one `Move` object of every pair of squares,
and the move notation (`a1b3`, or the official coordinates `(0,0)(1,2)`).

Squares are numbered `y * 8 + x`; x (0..7) is the forward axis, the file letter a..h in
notation, and y + 1 the rank digit, so `a1` is the official (0, 0).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from spieltisch.core.errors import NotationError
from spieltisch.core.text import check_ascii, read_int

SIZE = 8
FILES = "abcdefgh"
RANKS = "12345678"

#: Official coordinates are Java ints: a move may name any of them (the rules refuse
#: squares off the board), but nothing outside this range.
COORD_LOW, COORD_HIGH = -(2**31), 2**31 - 1


def on_board(x: int, y: int) -> bool:
    return 0 <= x < SIZE and 0 <= y < SIZE


def square_name(square: int) -> str:
    return FILES[square % 8] + RANKS[square // 8]


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


#: MOVES[src][dst]: the one Move object of every on-board pair of squares.
MOVES: tuple[tuple[Move, ...], ...] = tuple(
    tuple(Move(s % 8, s // 8, d % 8, d // 8) for d in range(64)) for s in range(64)
)


def coordinate_move(fx: int, fy: int, tx: int, ty: int) -> Move:
    """The move between two coordinate pairs: the shared object when both are on the board."""
    if on_board(fx, fy) and on_board(tx, ty):
        return MOVES[fy * 8 + fx][ty * 8 + tx]
    return Move(fx, fy, tx, ty)


# ASCII blanks only (`\s` would also match Unicode spaces); `[0-9]`, not `\d`, which matches
# every Unicode decimal digit.
_SQUARE_MOVE = re.compile(r"[ \t]*([a-h])([1-8])[ \t]*[-x:]?[ \t]*([a-h])([1-8])[ \t]*")
_COORD_MOVE = re.compile(
    r"[ \t]*\([ \t]*(-?[0-9]+)[ \t]*,[ \t]*(-?[0-9]+)[ \t]*\)[ \t]*(?:->|-|>)?"
    r"[ \t]*\([ \t]*(-?[0-9]+)[ \t]*,[ \t]*(-?[0-9]+)[ \t]*\)[ \t]*"
)
_COORD_NAMES = ("the start x", "the start y", "the target x", "the target y")


def parse_move(text: str) -> Move:
    """Read `a1b3` (also `a1-b3`) or official coordinates `(0,0)(1,2)`; coordinates off the
    board are read (the rules refuse the move), numbers beyond a Java int are not."""
    check_ascii(text, "an Ostseeschach move")
    match = _SQUARE_MOVE.fullmatch(text)
    if match:
        ff, fr, tf, tr = match.groups()
        return MOVES[RANKS.index(fr) * 8 + FILES.index(ff)][RANKS.index(tr) * 8 + FILES.index(tf)]
    match = _COORD_MOVE.fullmatch(text)
    if match:
        fx, fy, tx, ty = (
            read_int(
                match.group(i + 1),
                _COORD_NAMES[i],
                low=COORD_LOW,
                high=COORD_HIGH,
                signed=True,
                text=text,
                position=match.start(i + 1),
            )
            for i in range(4)
        )
        return coordinate_move(fx, fy, tx, ty)
    raise NotationError(
        "an Ostseeschach move is two squares like a1b3, or coordinates like (0,0)(1,2)", text
    )
