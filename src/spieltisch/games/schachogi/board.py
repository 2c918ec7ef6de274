"""Schachogi pieces, square codes and the precomputed tables of the move generator.

Squares are numbered `rank * 8 + file` (see `moves.py`), so `a1` is 0 and `h8` is 63.
A square holds a signed piece code: 0 empty, > 0 White, < 0
Black; `abs(code)` is 1..6 for Pflöck, Ischi, Rock, Slotser, Wieher, Brrbrr and 7..11
for the promoted Ischi, Rock, Slotser, Wieher, Brrbrr. Tables indexed by a code have 23
entries and use Python's negative indexing for Black codes.
"""

from __future__ import annotations

import random

from spieltisch.games.schachogi.moves import MOVES, Move

WHITE, BLACK = 0, 1
PLAYER_NAMES = ("White", "Black")

PFLOECK, ISCHI, ROCK, SLOTSER, WIEHER, BRRBRR = 1, 2, 3, 4, 5, 6
#: Code offset from a piece to its promoted form (ISCHI + PROMOTION = promoted Ischi).
PROMOTION = 5
P_ISCHI, P_ROCK, P_SLOTSER, P_WIEHER, P_BRRBRR = 7, 8, 9, 10, 11
KINDS = range(1, 12)
LETTERS = "PIRSWB"
KIND_NAMES = (
    "",
    "Pflöck",
    "Ischi",
    "Rock",
    "Slotser",
    "Wieher",
    "Brrbrr",
    "promoted Ischi",
    "promoted Rock",
    "promoted Slotser",
    "promoted Wieher",
    "promoted Brrbrr",
)

_KING = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
_ORTHO = ((1, 0), (-1, 0), (0, 1), (0, -1))
_DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
#: Gold general for White (forward = +rank): orthogonal steps and the two forward diagonals.
_GOLD = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1))

#: Per kind (White's view, forward = +1 rank): (step vectors, slide vectors); schachogi.md, "Moves".
GEOMETRY: dict[int, tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]] = {
    PFLOECK: (_KING, ()),
    ISCHI: (_KING, ()),
    ROCK: ((), _ORTHO),
    SLOTSER: ((), _DIAG),
    WIEHER: (((1, 2), (-1, 2)), ()),
    BRRBRR: (((0, 1),), ()),
    P_ISCHI: ((), _KING),
    P_ROCK: (_DIAG, _ORTHO),
    P_SLOTSER: (_ORTHO, _DIAG),
    P_WIEHER: (_GOLD, ()),
    P_BRRBRR: (_GOLD, ()),
}


def kind_of(code: int) -> int:
    return code if code > 0 else -code


def side_of(code: int) -> int:
    return WHITE if code > 0 else BLACK


def piece_name(code: int) -> str:
    """The words for the piece `code` with its owner: `White's Wieher`."""
    return f"{PLAYER_NAMES[side_of(code)]}'s {KIND_NAMES[kind_of(code)]}"


def signed(kind: int, side: int) -> int:
    return kind if side == WHITE else -kind


def in_zone(square: int, side: int) -> bool:
    """The promotion zone: the last two ranks seen from `side` (schachogi.md, "Promotion")."""
    rank = square // 8
    return rank >= 6 if side == WHITE else rank <= 1


def must_promote(kind: int, square: int, side: int) -> bool:
    """An unpromoted piece that could never move again on `square` must promote:
    a Brrbrr on the last rank, a Wieher on the last two (schachogi.md, "Promotion")."""
    rank = square // 8 if side == WHITE else 7 - square // 8
    return (kind == BRRBRR and rank == 7) or (kind == WIEHER and rank >= 6)


def can_promote(kind: int, square: int, side: int) -> bool:
    """Whether a piece of `kind` ending its move on `square` may promote."""
    return ISCHI <= kind <= BRRBRR and in_zone(square, side)


Ray = tuple[tuple[int, tuple[Move, ...]], ...]


def _choices(kind: int, side: int, src: int, dst: int) -> tuple[Move, ...]:
    """The moves a piece has for one target square: plain, plain and promoting, or only
    promoting (schachogi.md, "Promotion")."""
    if not can_promote(kind, dst, side):
        return (MOVES[0][src][dst],)
    if must_promote(kind, dst, side):
        return (MOVES[1][src][dst],)
    return (MOVES[0][src][dst], MOVES[1][src][dst])


def _rays(code: int) -> tuple[tuple[Ray, ...], ...]:
    """For each square, the rays of the piece `code`; a step is a ray of length one."""
    if code == 0:
        return tuple(() for _ in range(64))
    kind, side = kind_of(code), side_of(code)
    forward = 1 if side == WHITE else -1
    steps, slides = GEOMETRY[kind]
    table = []
    for s in range(64):
        f0, r0 = s % 8, s // 8
        rays: list[Ray] = []
        for vectors, reach in ((steps, 1), (slides, 7)):
            for df, dr in vectors:
                ray = []
                f, r = f0, r0
                for _ in range(reach):
                    f += df
                    r += dr * forward
                    if not (0 <= f < 8 and 0 <= r < 8):
                        break
                    d = r * 8 + f
                    ray.append((d, _choices(kind, side, s, d)))
                if ray:
                    rays.append(tuple(ray))
        table.append(tuple(rays))
    return tuple(table)


def _by_code(values: dict[int, object]) -> list[object]:
    """A 23-entry list indexed by a signed code (Black codes by negative index)."""
    table: list[object] = [None] * 23
    for value, item in values.items():
        table[value] = item
    return table


_CODES = range(-11, 12)

#: RAYS[code][square]: the rays of that piece on that square, each a tuple of
#: (target square, moves to it) in order of distance.
RAYS: list[tuple[tuple[Ray, ...], ...]] = _by_code(  # type: ignore[assignment]
    {v: _rays(v) for v in _CODES}
)
#: PROMOTED[code]: the code of the promoted form (unchanged for Pflöck and promoted pieces).
PROMOTED: list[int] = _by_code(  # type: ignore[assignment]
    {v: (v + PROMOTION if v > 0 else v - PROMOTION) if 2 <= abs(v) <= 6 else v for v in _CODES}
)
#: RESETS[code]: 1 if moving this piece resets the 100-ply counter (an unpromoted Brrbrr).
RESETS: list[int] = _by_code(  # type: ignore[assignment]
    {v: int(abs(v) == BRRBRR) for v in _CODES}
)


def _cell(code: int) -> str:
    if code == 0:
        return ""
    kind = kind_of(code)
    letter = LETTERS[kind - 1] if kind <= 6 else "+" + LETTERS[kind - 1 - PROMOTION]
    return letter if code > 0 else letter.lower()


#: CELL[code]: the code's text in the position (`P`, `+r`, ...; empty squares are digits).
CELL: list[str] = _by_code({v: _cell(v) for v in _CODES})  # type: ignore[assignment]
#: CELL_OR_ONE[code]: like CELL, with "1" for the empty square (runs are summed later).
CELL_OR_ONE: list[str] = [cell or "1" for cell in CELL]

_ZOBRIST_RNG = random.Random(0x5C4AC06)
#: ZOBRIST[code][square]: random 64-bit keys (0 for the empty square).
ZOBRIST: list[tuple[int, ...]] = _by_code(  # type: ignore[assignment]
    {v: tuple(0 if v == 0 else _ZOBRIST_RNG.getrandbits(64) for _ in range(64)) for v in _CODES}
)
#: Key of Black to move.
ZOBRIST_BLACK = _ZOBRIST_RNG.getrandbits(64)
