"""The draft's own Okard move notation, read beside the project's (okard.md, "Notation").

The 2012 sheet (section 5) writes `PI 110000014-220000025` and `PL 110000015 8g`: a stone
by its full text code, a square in the shogi style. `read_move` reads those forms as well
as the project's own (`PI B`, `PL K e1`), so both give equal moves; `str(move)` stays the
project's form, `draft_text` writes the draft's.

Squares: chess style is a file letter then a rank number (`b3`: files a.. from the first
player's left, ranks 1.. from the first player's side); shogi style is a file number then
a rank letter (`8g`: files 1.. from the first player's right, ranks a.. from the second
player's side). A chess square starts with a letter and a shogi square with a digit, so
no text is both; on 9x9 `8g` is `b3` and `5i` is `e1`. Each square of a move may use
either form. Only ASCII is read: a look-alike letter (`ı`, the Kelvin sign) or a non-ASCII
digit (`٣`) is refused instead of being folded to ASCII by `str.upper`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from spieltisch.core.errors import NotationError, quote
from spieltisch.core.text import first_non_ascii, read_int
from spieltisch.games.okard.moves import (
    DROP,
    FILES,
    LINE,
    MOVE_HELP,
    PICK,
    PLACE,
    PROMOTE,
    SACRIFICE,
    Move,
    parse_move_text,
    square_name,
)
from spieltisch.games.okard.stones import DIRECTIONS, STRENGTH_NAMES, Stone

__all__ = [
    "draft_text",
    "read_move",
    "read_square",
    "shogi_coords",
    "shogi_square",
    "stone_code",
]

_CHESS = re.compile(r"([A-Za-z])([0-9]+)")
_SHOGI = re.compile(r"([0-9]+)([A-Za-z])")
_FULL_CODE = re.compile(r"([0-9]{9})(?:-([0-9]{9}))?")
_LIST_CODE = re.compile(r"[A-Za-z]{1,3}")
#: A keyword move: `PI x`, `PL x sq`, `DR x sq`, `SA sq`, `PR sq` (words split by blanks).
_WORDS = re.compile(r"\s*([A-Za-z]{2})(?:\s+(\S+))?(?:\s+(\S+))?(?:\s+(\S+))?\s*")
#: A line move: two squares joined by `-` or `x` (a square never holds an `x`).
_LINE = re.compile(r"\s*([0-9A-Za-z]+?)\s*(?:-|[xX](?=\s*[0-9A-Za-z]))\s*([0-9A-Za-z]+)\s*")
#: The keyword moves: keyword -> (move kind, takes a stone, takes a square).
_KEYWORDS = {
    "PI": (PICK, True, False),
    "PL": (PLACE, True, True),
    "DR": (DROP, True, True),
    "SA": (SACRIFICE, False, True),
    "PR": (PROMOTE, False, True),
}
_EXAMPLES = {
    "PI": "PI B or PI 200000001-221010122",
    "PL": "PL K e1 or PL 200000001-221010122 8g",
    "DR": "DR B e3 or DR 200000001-221010122 5g",
    "SA": "SA e2 or SA 5h",
    "PR": "PR e2 or PR 5h",
}


def shogi_square(x: int, y: int, n: int) -> str:
    """The shogi-style name of square (x, y) on an n x n board: `8g` for b3 on 9x9."""
    return f"{n - x}{FILES[n - 1 - y]}"


def shogi_coords(
    name: str, n: int, *, text: str | None = None, position: int = 0
) -> tuple[int, int]:
    """(x, y) of a shogi-style square (file number from the first player's right, rank
    letter from the second player's side) on an n x n board, or a `NotationError`."""
    match = _SHOGI.fullmatch(name)
    if match is None:
        raise NotationError(
            f"{quote(name)} is not a shogi-style square (a file number 1..{n}, then a rank "
            f"letter a..{FILES[n - 1]}, e.g. {shogi_square(1, 2, n)})",
            text,
            position,
        )
    digits, letter = match.group(1), match.group(2).lower()
    x = n - _square_number(digits, "file", name, n, text, position)
    rank = FILES.find(letter)
    if not 0 <= rank < n:
        raise NotationError(
            f"the shogi-style square {quote(name)}: rank letter {letter!r} is not on a "
            f"{n}x{n} board (a..{FILES[n - 1]}, a = the second player's back rank)",
            text,
            position + len(digits),
        )
    return x, n - 1 - rank


def read_square(
    name: str, n: int, *, text: str | None = None, position: int = 0
) -> tuple[int, int]:
    """(x, y) of a square on an n x n board written chess-style (`b3`) or shogi-style
    (`8g`); the form is told by the first character, a letter or a digit. A shogi square
    must be on the board (it is counted from the far edge); a chess square only on the
    largest board, as the project's own reader has it."""
    if name[:1].isascii() and name[:1].isdigit():
        return shogi_coords(name, n, text=text, position=position)
    match = _CHESS.fullmatch(name)
    if match is None:
        last = FILES[n - 1]
        raise NotationError(
            f"{quote(name)} is not a square: write it chess-style (file letter a..{last} from "
            f"the first player's left, then rank 1..{n}: {square_name(1, 2)}) or shogi-style "
            f"(file number 1..{n} from the first player's right, then rank letter a..{last} "
            f"from the second player's side: {shogi_square(1, 2, n)})",
            text,
            position,
        )
    letter, digits = match.group(1).lower(), match.group(2)
    x = FILES.find(letter)
    if x < 0:
        raise NotationError(
            f"the square {quote(name)}: file {letter!r} is on no board (a..{FILES[-1]})",
            text,
            position,
        )
    # As in the project's own reader, a chess square of the largest board (a..j, 1..10)
    # is read on every board; the rules refuse it when it is off this one (OFF_BOARD).
    return x, _square_number(digits, "rank", name, len(FILES), text, position + 1) - 1


def _square_number(
    digits: str, what: str, name: str, n: int, text: str | None, position: int
) -> int:
    """A file or rank number 1..n of a square on an n x n board, without a leading zero."""
    what = f"the {what} number of the square {quote(name)}"
    if digits.startswith("0"):
        raise NotationError(f"{what} has a leading zero", text, position)
    return read_int(digits, what, low=1, high=n, text=text, position=position)


def stone_code(
    full: str, stones: Sequence[Stone], *, text: str | None = None, position: int = 0
) -> str:
    """The list code of the one allowed stone whose full text code (`FRONT-BACK`, or
    `FRONT` for a stone without a back side) is `full`, or a `NotationError` saying why."""
    match = _FULL_CODE.fullmatch(full)
    if match is None:
        raise NotationError(
            f"{quote(full)} is not a stone's full text code: 9 digits (directions N NE E SE S "
            "SW W NW, each 0..2, then the strength 1..3), a '-' and 9 more for a back side",
            text,
            position,
        )
    for start, side_name in ((0, "front"), (10, "back")):
        side = full[start : start + 9]
        if side:
            _check_side(full, side, side_name, text, position + start)
    found = [stone for stone in stones if stone.text() == full]
    if len(found) == 1:
        return found[0].code
    if found:
        codes = ", ".join(stone.code for stone in found)
        raise NotationError(
            f"the stone text {full} names {len(found)} stones of the allowed list ({codes}): "
            "their sides are the same, so write the list code instead",
            text,
            position,
        )
    hint = ""
    same_front = [stone for stone in stones if stone.front.text() == match.group(1)]
    if same_front:
        hint = (
            f"; {same_front[0].code} is {same_front[0].text()} (a front side alone names "
            "a stone without a back side)"
        )
    allowed = ", ".join(f"{stone.code} {stone.text()}" for stone in stones)
    raise NotationError(
        f"the stone text {full} names no allowed stone (allowed: {allowed}){hint}",
        text,
        position,
    )


def _check_side(full: str, side: str, name: str, text: str | None, position: int) -> None:
    """Each direction digit 0..2 and the ninth digit, the strength, 1..3 (okard.md,
    "Stones": the draft's own examples have 4 and 5 there, which no rule reads)."""
    for i, direction in enumerate(DIRECTIONS):
        read_int(
            side[i],
            f"the stone text {full}: the {name} side's value for direction {direction}",
            low=0,
            high=2,
            text=text,
            position=position + i,
        )
    strengths = ", ".join(f"{value} {label}" for value, label in STRENGTH_NAMES.items())
    read_int(
        side[8],
        f"the stone text {full} has no valid strength on its {name} side (the ninth digit "
        f"is the strength: {strengths})",
        low=1,
        high=3,
        text=text,
        position=position + 8,
    )


def _read_stone(token: str, stones: Sequence[Stone], text: str, position: int) -> str:
    """A list code (`B`) as it is, or a full text code turned into its list code."""
    if _LIST_CODE.fullmatch(token):
        return token.upper()
    if token[:1].isdigit():
        return stone_code(token, stones, text=text, position=position)
    codes = ", ".join(stone.code for stone in stones)
    raise NotationError(
        f"{quote(token)} is not a stone: write its list code ({codes}) or its full text "
        "code (e.g. 200000001-221010122)",
        text,
        position,
    )


def read_move(text: str, n: int, stones: Sequence[Stone]) -> Move:
    """Read a move on an n x n board with the allowed `stones`: the project's form
    (`parse_move_text`) or the draft's (full stone codes, shogi squares), mixed freely."""
    bad = first_non_ascii(text)
    if bad is not None:
        raise NotationError(
            f"Okard moves are written in ASCII; {text[bad]!r} (U+{ord(text[bad]):04X}) is not",
            text,
            bad,
        )
    try:
        return parse_move_text(text)
    except NotationError as error:
        project_error = error
    words = _WORDS.fullmatch(text)
    if words is not None and words.group(1).upper() in _KEYWORDS:
        return _keyword_move(text, words, n, stones)
    line = _LINE.fullmatch(text)
    if line is not None:
        x, y = read_square(line.group(1), n, text=text, position=line.start(1))
        tx, ty = read_square(line.group(2), n, text=text, position=line.start(2))
        return Move(LINE, "", x, y, tx, ty)
    raise NotationError(
        f"{MOVE_HELP}; a square may also be written shogi-style (8g), a stone by its full "
        "text code (200000001-221010122)",
        text,
    ) from project_error


def _keyword_move(text: str, words: re.Match[str], n: int, stones: Sequence[Stone]) -> Move:
    """`PI`, `PL`, `DR`, `SA` or `PR` with its stone and square in either form."""
    keyword = words.group(1).upper()
    kind, takes_stone, takes_square = _KEYWORDS[keyword]
    wanted = int(takes_stone) + int(takes_square)
    given = [i for i in (2, 3, 4) if words.group(i) is not None]
    if len(given) != wanted:
        raise NotationError(
            f"{keyword} takes {'a stone and a square' if wanted == 2 else 'one word'}, "
            f"not {len(given)} (e.g. {_EXAMPLES[keyword]})",
            text,
        )
    stone = ""
    if takes_stone:
        stone = _read_stone(words.group(2), stones, text, words.start(2))
    if not takes_square:
        return Move(kind, stone)
    group = given[-1]
    x, y = read_square(words.group(group), n, text=text, position=words.start(group))
    return Move(kind, stone, x, y)


def draft_text(move: Move, n: int, stones: Sequence[Stone]) -> str:
    """`move` written as the draft writes it: squares shogi-style, a stone by its full text
    code (its list code when another allowed stone has the same sides, as G and K do)."""
    kind = move.kind
    if kind == LINE:
        return f"{shogi_square(move.x, move.y, n)}-{shogi_square(move.tx, move.ty, n)}"
    if kind in (PICK, PLACE, DROP) and move.stone:
        code = move.stone
        full = [stone.text() for stone in stones if stone.code == code]
        if len(full) == 1 and [stone.text() for stone in stones].count(full[0]) == 1:
            code = full[0]
        if kind == PICK:
            return f"PI {code}"
        keyword = "PL" if kind == PLACE else "DR"
        return f"{keyword} {code} {shogi_square(move.x, move.y, n)}"
    if kind in (SACRIFICE, PROMOTE):
        keyword = "SA" if kind == SACRIFICE else "PR"
        return f"{keyword} {shogi_square(move.x, move.y, n)}"
    return str(move)
