"""The Schachogi position text, and the checks that refuse positions no game can reach.

Position text (schachogi.md, "Notation"): ranks 8 to 1 separated by `/`, digits for empty
squares, upper case White, lower case Black, `+` before a promoted piece, then the side to
move (`w`/`b`), the ply counter of the 100-ply rule and the move number, e.g. the start
`rwsipswr/bbbbbbbb/8/8/8/8/BBBBBBBB/RWSIPSWR w 0 1`. Only when the position has occurred
before in the game is a fifth field `rN` added (N = how often, this time included), so that
a text read back knows how close the repetition draw is.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple, NoReturn

from spieltisch.core.errors import PositionError, quote
from spieltisch.core.text import check_ascii, read_int
from spieltisch.games.schachogi.board import (
    BLACK,
    BRRBRR,
    CELL_OR_ONE,
    LETTERS,
    PFLOECK,
    PLAYER_NAMES,
    PROMOTED,
    PROMOTION,
    RAYS,
    SLOTSER,
    WHITE,
    WIEHER,
    must_promote,
    signed,
)
from spieltisch.games.schachogi.moves import RANKS, square_name
from spieltisch.games.schachogi.options import SchachogiOptions

START = "rwsipswr/bbbbbbbb/8/8/8/8/BBBBBBBB/RWSIPSWR w 0 1"

#: The fewest plies after which a position can recur with the same side to move: each
#: side's move must be undone by a second move of its own (a capture would reset the count).
RECURRENCE_PLIES = 4

_FIELD = re.compile(r"\S+")
_LETTERS = LETTERS + LETTERS.lower()
#: Runs of empty squares, longest first, to write as their length.
_RUNS = tuple(("1" * n, str(n)) for n in range(8, 1, -1))
_Fail = Callable[[str, str | int], NoReturn]


class Position(NamedTuple):
    """What a position text holds: the arguments of `SchachogiState` after the game."""

    board: list[int]
    turn: int
    quiet: int
    fullmove: int
    seen_before: int


def write_position(board: list[int], turn: int, quiet: int, fullmove: int, seen: int) -> str:
    """The one-line position text; `seen` is how often the position has occurred."""
    cells = [CELL_OR_ONE[v] for v in board]
    ranks = "/".join(["".join(cells[r * 8 : r * 8 + 8]) for r in range(7, -1, -1)])
    for run, digit in _RUNS:
        ranks = ranks.replace(run, digit)
    text = f"{ranks} {'wb'[turn]} {quiet} {fullmove}"
    return f"{text} r{seen}" if seen > 1 else text


def read_position(
    text: str, options: SchachogiOptions, max_plies: int, *, reachable: bool = True
) -> Position:
    """Read a position text; errors name the character where the problem is.

    `max_plies` bounds the move number (`Game.max_game_length`). `reachable=False` skips
    `check_reachable` (for positions set up by hand to test a rule); the text must still
    be well-formed, with one Pflöck a side except for a side to move that has just lost it.
    """
    check_ascii(text, "a Schachogi position", PositionError)
    found = list(_FIELD.finditer(text))
    if not 4 <= len(found) <= 5:
        raise PositionError(
            "a Schachogi position has 4 fields: ranks, side to move (w/b), the 100-ply "
            "counter and the move number (and rN for a repeated position)",
            text,
        )
    fields = [m.group() for m in found]
    starts = [m.start() for m in found]
    at: dict[str | int, int] = {"quiet": starts[2], "fullmove": starts[3]}
    board = _read_ranks(fields[0], text, starts[0], at)
    if fields[1] not in ("w", "b"):
        raise PositionError(
            f"the side to move is 'w' or 'b', not {quote(fields[1])}", text, starts[1]
        )
    turn = WHITE if fields[1] == "w" else BLACK
    quiet = read_int(
        fields[2], "the 100-ply counter", low=0, error=PositionError, text=text, position=starts[2]
    )
    fullmove = read_int(
        fields[3], "the move number", low=1, error=PositionError, text=text, position=starts[3]
    )
    seen = 1
    if len(fields) == 5:
        field, at["seen"] = fields[4], starts[4]
        what = "the fifth field is rN with N ≥ 2 (how often the position occurred)"
        if field[:1] != "r":
            raise PositionError(f"{what}, not {quote(field)}", text, starts[4])
        seen = read_int(field[1:], what, low=2, error=PositionError, text=text, position=starts[4])
    _check_pfloecks(board, turn, text, at)
    if reachable:
        check_reachable(
            Position(board, turn, quiet, fullmove, seen - 1), options, max_plies, text=text, at=at
        )
    return Position(board, turn, quiet, fullmove, seen - 1)


def _read_ranks(ranks_text: str, text: str, offset: int, at: dict[str | int, int]) -> list[int]:
    """The 64 square codes of the ranks field; `at` gets each piece's character offset."""
    ranks = ranks_text.split("/")
    if len(ranks) != 8:
        raise PositionError(f"expected 8 ranks separated by '/', found {len(ranks)}", text, offset)
    board = [0] * 64
    where = offset
    for index, rank_text in enumerate(ranks):
        rank = 7 - index
        file = 0
        i = 0
        while i < len(rank_text):
            char = rank_text[i]
            here = where + i
            if char in "0123456789":
                if i and rank_text[i - 1] in "0123456789":
                    raise PositionError("two digits in a row: write their sum", text, here)
                if char not in RANKS:
                    raise PositionError(f"{char!r} is no count of empty squares (1-8)", text, here)
                file += RANKS.index(char) + 1
                i += 1
                if file > 8:
                    raise PositionError(f"rank {rank + 1} has more than 8 squares", text, here)
                continue
            promoted = char == "+"
            if promoted:
                i += 1
                if i >= len(rank_text):
                    raise PositionError("a '+' must stand before a piece letter", text, here)
                char = rank_text[i]
            if char not in _LETTERS:
                raise PositionError(
                    f"unknown piece letter {char!r} (use P I R S W B, lower case for Black, "
                    "+ before a promoted piece, digits for empty squares)",
                    text,
                    where + i,
                )
            kind = _LETTERS.index(char) % 6 + 1
            if file >= 8:
                raise PositionError(f"rank {rank + 1} has more than 8 squares", text, here)
            side = WHITE if char in LETTERS else BLACK
            square = rank * 8 + file
            if promoted:
                if kind == PFLOECK:
                    raise PositionError("the Pflöck never promotes: '+P' is no piece", text, here)
                kind += PROMOTION
            elif must_promote(kind, square, side):
                raise PositionError(
                    f"an unpromoted {'Brrbrr' if kind == BRRBRR else 'Wieher'} on "
                    f"{square_name(square)} could never move; it must be promoted there",
                    text,
                    here,
                )
            board[square] = signed(kind, side)
            at[square] = here
            file += 1
            i += 1
        if file != 8:
            raise PositionError(
                f"rank {rank + 1} has {file} squares, not 8", text, where + len(rank_text)
            )
        where += len(rank_text) + 1
    return board


def _check_pfloecks(board: list[int], turn: int, text: str, at: dict[str | int, int]) -> None:
    """One Pflöck a side; only the side to move may lack it (its Pflöck was just taken)."""
    if PFLOECK not in board and -PFLOECK not in board:
        raise PositionError("neither side has a Pflöck", text)
    for side, name in ((WHITE, "White"), (BLACK, "Black")):
        code = signed(PFLOECK, side)
        squares = [s for s, v in enumerate(board) if v == code]
        if len(squares) > 1:
            raise PositionError(
                f"{name} has {len(squares)} Pflöcks (a second one on "
                f"{square_name(squares[1])}); each side has one",
                text,
                at.get(squares[1]),
            )
        if not squares and side != turn:
            raise PositionError(
                f"{name} has no Pflöck but is not to move: the game ended when it was taken",
                text,
            )


# --- what no game can reach ----------------------------------------------------------------


def _start_squares() -> dict[tuple[int, int], tuple[int, ...]]:
    """(kind, side) -> the start squares of that side's pieces of that kind."""
    found: dict[tuple[int, int], tuple[int, ...]] = {}
    for square, letter in enumerate("RWSIPSWR" + "B" * 8):  # ranks 1 and 2, a to h
        kind = LETTERS.index(letter) + 1
        for side, start in ((WHITE, square), (BLACK, square ^ 56)):
            found[(kind, side)] = (*found.get((kind, side), ()), start)
    return found


#: Each side's start squares of each piece kind (schachogi.md, "Board and pieces").
_START_SQUARES = _start_squares()


def _reach(kind: int, side: int, start: int) -> frozenset[int]:
    """The squares an unpromoted piece can get to from `start` on an otherwise empty board
    (more than on any real board), never through a square where it would have to promote."""
    code = signed(kind, side)
    seen = {start}
    todo = [start]
    while todo:
        square = todo.pop()
        for ray in RAYS[code][square]:
            for target, _ in ray:
                if target not in seen and not must_promote(kind, target, side):
                    seen.add(target)
                    todo.append(target)
    return frozenset(seen)


#: REACH[(kind, side)][i]: the squares the unpromoted piece from the i-th start square of
#: that kind can stand on.
REACH: dict[tuple[int, int], tuple[frozenset[int], ...]] = {
    key: tuple(_reach(key[0], key[1], start) for start in starts)
    for key, starts in _START_SQUARES.items()
}
#: SOURCES[(kind, side)][square]: the indices of the start squares whose unpromoted piece
#: of that kind can stand on `square`; None for kinds that can stand anywhere.
SOURCES: dict[tuple[int, int], tuple[tuple[int, ...], ...] | None] = {
    key: None
    if all(len(squares) == 64 for squares in reach)
    else tuple(tuple(i for i, squares in enumerate(reach) if s in squares) for s in range(64))
    for key, reach in REACH.items()
}
#: Why an unpromoted piece of a kind keeps to some squares (for the error message).
_WHY = {
    SLOTSER: "an unpromoted Slotser moves diagonally and keeps the colour of its start square",
    WIEHER: "an unpromoted Wieher only jumps forward, two ranks and one file",
    BRRBRR: "an unpromoted Brrbrr only steps straight forward, on the file it started on",
}
_KIND_WORDS = ("", "Pflöck", "Ischi", "Rock", "Slotser", "Wieher", "Brrbrr")


def check_reachable(
    position: Position,
    options: SchachogiOptions,
    max_plies: int,
    *,
    text: str | None = None,
    at: dict[str | int, int] | None = None,
) -> None:
    """Raise `PositionError` naming the broken rule if no game can reach `position`.

    Only what is sure and cheap: more pieces of a kind (promoted ones included) than a
    side starts with; unpromoted pieces where none of their kind could have got from a
    start square of its own (a Brrbrr behind its start rank or two on one file, a Wieher
    off its jumping squares, two Slotsers on one colour); a White and a Black unpromoted
    Brrbrr on one file that have passed each other; counters beyond the game's length, the
    draw limit or the plies played; a repetition count the 100-ply counter cannot hold;
    a Pflöck taken on a move that did not reset the counter. `text` and `at` (character
    offsets of the fields `quiet`, `fullmove`, `seen` and of each square's piece) locate
    the fault in a position text.
    """
    where = at or {}

    def fail(message: str, field: str | int) -> NoReturn:
        raise PositionError(f"impossible position: {message}", text, where.get(field))

    _check_pieces(position.board, fail)
    _check_counters(position, options, max_plies, fail)


def _check_pieces(board: list[int], fail: _Fail) -> None:
    squares: dict[int, list[int]] = {}  # code -> its squares
    for square, v in enumerate(board):
        if v:
            squares.setdefault(v, []).append(square)
    for (kind, side), starts in _START_SQUARES.items():
        code = signed(kind, side)
        plain = squares.get(code, [])
        raised = PROMOTED[code]  # the promoted form; the Pflöck has none
        promoted = squares.get(raised, []) if raised != code else []
        name = PLAYER_NAMES[side]
        if len(plain) + len(promoted) > len(starts):
            extra = (plain + promoted)[len(starts)]
            fail(
                f"{name} has {len(plain) + len(promoted)} {_KIND_WORDS[kind]} pieces "
                f"(promoted ones included; one more on {square_name(extra)}); a side starts "
                f"with {len(starts)} and captured pieces leave the game "
                "(schachogi.md, Board and pieces)",
                extra,
            )
        sources = SOURCES[(kind, side)]
        stuck = _unmatched(plain, sources) if plain and sources else None
        if stuck is not None:
            where = ", ".join(square_name(s) for s in plain)
            fail(
                f"the unpromoted {name} {_KIND_WORDS[kind]} on {square_name(stuck)} cannot have "
                f"got there from a start square of its own ({name}'s unpromoted "
                f"{_KIND_WORDS[kind]} pieces: {where}; {_WHY.get(kind, '')}; "
                "schachogi.md, Moves)",
                stuck,
            )
    _check_brrbrr_files(squares.get(BRRBRR, []), squares.get(-BRRBRR, []), fail)


def _unmatched(squares: list[int], sources: tuple[tuple[int, ...], ...]) -> int | None:
    """The first square whose piece gets no start square of its own when each piece needs
    a different start square from which it can have got there (a bipartite matching), or
    None."""
    owner: dict[int, int] = {}  # start index -> square

    def assign(square: int, tried: set[int]) -> bool:
        for index in sources[square]:
            if index not in tried:
                tried.add(index)
                if index not in owner or assign(owner[index], tried):
                    owner[index] = square
                    return True
        return False

    for square in squares:
        if not assign(square, set()):
            return square
    return None


def _check_brrbrr_files(white: list[int], black: list[int], fail: _Fail) -> None:
    """An unpromoted White and Black Brrbrr on one file (given by their squares, in order)
    cannot pass each other: moving straight ahead, one can only take the other."""
    lowest: dict[int, int] = {}  # file -> the lowest Black Brrbrr on it
    for square in black:
        lowest.setdefault(square % 8, square)
    for square in white:
        other = lowest.get(square % 8)
        if other is not None and square > other:
            fail(
                f"the unpromoted White Brrbrr on {square_name(square)} has passed "
                f"the Black one on {square_name(other)}, but Brrbrrs on one "
                "file only step straight towards each other (schachogi.md, Moves)",
                square,
            )


def _check_counters(
    position: Position, options: SchachogiOptions, max_plies: int, fail: _Fail
) -> None:
    board, turn, quiet, fullmove, seen_before = position
    plies = 2 * (fullmove - 1) + turn
    mover = PLAYER_NAMES[turn]
    if plies > max_plies:
        fail(
            f"move {fullmove} with {mover} to move is past the longest possible game "
            f"({max_plies} plies with these draw rules)",
            "fullmove",
        )
    if options.quiet_plies and quiet > options.quiet_plies:
        fail(
            f"the 100-ply counter {quiet} is past its limit: the game was drawn when it "
            f"reached {options.quiet_plies} (schachogi.md, End of the game)",
            "quiet",
        )
    if quiet > plies:
        fail(
            f"the 100-ply counter {quiet} counts more plies than the game has had "
            f"({plies} before move {fullmove} with {mover} to move)",
            "quiet",
        )
    seen = seen_before + 1
    limit = options.repetitions
    if limit and seen > limit:
        fail(
            f"a position cannot occur {seen} times: the game is drawn when it occurs {limit} times",
            "seen",
        )
    if quiet < RECURRENCE_PLIES * seen_before:
        fail(
            f"the position has occurred {seen} times, which needs at least "
            f"{RECURRENCE_PLIES * seen_before} plies without a capture, Brrbrr move or "
            f"promotion, but the 100-ply counter is {quiet}",
            "seen",
        )
    if signed(PFLOECK, turn) not in board:
        if not plies:
            fail(f"{mover}'s Pflöck is gone before any move was made", "fullmove")
        if quiet:
            fail(
                f"{mover}'s Pflöck was taken by the last move, a capture, which sets the "
                f"100-ply counter to 0, not {quiet}",
                "quiet",
            )
