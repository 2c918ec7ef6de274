"""Ostseeschach pieces, square codes and the precomputed tables of the move generator.

Squares are numbered `y * 8 + x` (see `moves.py`); x (0..7) is the forward axis (red
moves towards +x, blue towards -x), y (0..7) the side axis; red's start column is x = 0.

A square holds a signed piece code: 0 for empty, > 0 red, < 0 blue, and
`abs(code) = kind + 1 + 4 * (height - 1)` with kind 0..3 = Herzmuschel, Möwe, Seestern,
Robbe. Tables indexed by a code use Python's negative indexing for blue codes.
"""

from __future__ import annotations

from spieltisch.core.errors import NotationError
from spieltisch.games.ostseeschach.moves import MOVES, Move, on_board

RED, BLUE = 0, 1
#: The game ends at this turn at the latest (30 rounds; ostseeschach.md, "Turns and the end").
LAST_TURN = 60
#: A team with this many ambers after blue's move ends the game.
AMBERS_TO_WIN = 2
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


def piece_name(value: int, *, owner: bool = True) -> str:
    """The words for the piece (or stack) `value`: `red's Möwe`, `blue's Robbe tower`
    (a stack of two is named after its top piece); without its `owner`, `Möwe`."""
    name = KIND_DISPLAY[kind_of(value)] + (" tower" if height_of(value) == 2 else "")
    return f"{TEAM_NAMES[team_of(value)]}'s {name}" if owner else name


def official_piece(text: str) -> int:
    """The square code of the official two-character piece text (`Piece.fromString`):
    letter H/M/S/R (upper case red = ONE, lower case blue = TWO), then the same letter
    again or the stack height digit; a single letter is a single piece."""
    letters = KIND_LETTERS + KIND_LETTERS.lower()
    if not 1 <= len(text) <= 2 or text[0] not in letters:
        raise NotationError("an official piece is a letter H, M, S or R and a count", text)
    kind = letters.index(text[0]) % 4
    team = RED if text[0] in KIND_LETTERS else BLUE
    height = 1
    if len(text) == 2 and text[1] != text[0]:
        if text[1] not in "12":
            raise NotationError("a stack on the board has height 1 or 2", text, 1)
        height = "12".index(text[1]) + 1
    return code(kind, team, height)


def official_piece_text(value: int) -> str:
    """The official two-character text of a square code (`Piece.shortString`)."""
    letter = KIND_LETTERS[kind_of(value)]
    letter = letter if value > 0 else letter.lower()
    return letter + (letter if height_of(value) == 1 else str(height_of(value)))


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
