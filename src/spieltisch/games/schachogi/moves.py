"""Schachogi moves: the `Move` value, the one `Move` object of every pair of squares (and
promotion flag), and the coordinate notation `e2e3`, `b7b8+`.

Squares are numbered `rank * 8 + file` with file a..h = 0..7 and rank 1..8 = 0..7, so
`a1` is 0 and `h8` is 63.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from spieltisch.core.errors import NotationError
from spieltisch.core.text import check_ascii

FILES = "abcdefgh"
RANKS = "12345678"


def square_name(square: int) -> str:
    return FILES[square % 8] + RANKS[square // 8]


@dataclass(frozen=True, order=True, slots=True)
class Move:
    """A move from `src` to `dst` (square numbers), promoting if `promote`.

    `str()` gives the coordinate form `e2e3`, with `+` for a promotion: `b7b8+`.
    """

    src: int
    dst: int
    promote: bool = False

    def __str__(self) -> str:
        return square_name(self.src) + square_name(self.dst) + ("+" if self.promote else "")


#: MOVES[promote][src][dst]: the one Move object for every pair of squares.
MOVES: tuple[tuple[tuple[Move, ...], ...], ...] = tuple(
    tuple(tuple(Move(s, d, p) for d in range(64)) for s in range(64)) for p in (False, True)
)


# ASCII blanks only: `\s` would also match Unicode spaces.
_MOVE_TEXT = re.compile(r"[ \t]*([a-h])([1-8])[ \t]*[-x:]?[ \t]*([a-h])([1-8])[ \t]*(\+?)[ \t]*")


def parse_move(text: str) -> Move:
    """Read `e2e3` or `b7b8+` (a `-` or `x` between the squares is also accepted)."""
    check_ascii(text, "a Schachogi move")
    match = _MOVE_TEXT.fullmatch(text)
    if not match:
        raise NotationError(
            "a Schachogi move is two squares like e2e3, with + for a promotion (b7b8+)", text
        )
    ff, fr, tf, tr, plus = match.groups()
    src = RANKS.index(fr) * 8 + FILES.index(ff)
    dst = RANKS.index(tr) * 8 + FILES.index(tf)
    return MOVES[1 if plus else 0][src][dst]
