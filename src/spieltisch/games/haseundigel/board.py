"""The Hase und Igel race track: field types, the canonical and the seeded random board.

A board is a tuple of 65 field-type codes (index 0 = START .. 64 = GOAL). Off the track
(index < 0 or > 64) the official code answers INVALID; `Board.type_at` does the same.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from spieltisch.core.errors import PositionError, quote

INVALID = -1
START, CARROT, HARE, SALAD, HEDGEHOG, POSITION_1, POSITION_2, GOAL = range(8)

#: Official names (`FieldType`), by code.
FIELD_NAMES = ("START", "CARROT", "HARE", "SALAD", "HEDGEHOG", "POSITION_1", "POSITION_2", "GOAL")
#: One letter per field type in the position text (I = Igel, L = Salat/lettuce).
FIELD_LETTERS = "SCHLI12G"
#: What the board picture shows for each type.
FIELD_SYMBOLS = ("St", "Ca", "Ha", "Sa", "Ig", "P1", "P2", "Go")

LAST_FIELD = 64
NUM_FIELDS = 65

#: Fixed fields (hase-und-igel.md, "Board").
FIXED = {0: START, 10: SALAD, 22: SALAD, 42: SALAD, 57: SALAD, 64: GOAL}
FIXED.update({i: HEDGEHOG for i in (11, 15, 19, 24, 30, 37, 43, 50, 56)})

_C, _H, _P1, _P2 = CARROT, HARE, POSITION_1, POSITION_2
#: The stretches between fixed fields with their multisets, in the rules file's order.
STRETCHES: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = (
    (tuple(range(1, 10)), (_H, _C, _H, _C, _C, _H, _P1, _P2, _C)),
    ((12, 13, 14), (_C, _C, _H)),
    ((16, 17, 18), (_P1, _P2, _C)),
    ((20, 21, 23), (_C, _C, _P2)),
    (tuple(range(25, 30)), (_H, _C, _C, _C, _P2)),
    (tuple(range(31, 37)), (_H, _P1, _C, _H, _P2, _C)),
    (tuple(range(38, 42)), (_C, _H, _C, _P2)),
    (tuple(range(44, 50)), (_C, _C, _H, _P2, _P1, _C)),
    (tuple(range(51, 56)), (_H, _C, _P2, _C, _C)),
    (tuple(range(58, 64)), (_H, _C, _P1, _C, _H, _C)),
)


def _assemble(contents: list[tuple[int, ...]]) -> tuple[int, ...]:
    fields = [INVALID] * NUM_FIELDS
    for index, kind in FIXED.items():
        fields[index] = kind
    for (indices, _), content in zip(STRETCHES, contents, strict=True):
        for index, kind in zip(indices, content, strict=True):
            fields[index] = kind
    return tuple(fields)


#: The multisets in the listed order (hase-und-igel.md): the board of the test cases.
CANONICAL_2018: tuple[int, ...] = _assemble([content for _, content in STRETCHES])


def random_fields(seed: int) -> tuple[int, ...]:
    """A board drawn from `random.Random(seed)`: each stretch shuffled once, in table order."""
    rng = random.Random(seed)
    contents = []
    for _, content in STRETCHES:
        shuffled = list(content)
        rng.shuffle(shuffled)
        contents.append(tuple(shuffled))
    return _assemble(contents)


def cost(distance: int) -> int:
    """Carrots an advance of `distance` fields costs (the Rennkarte: n(n+1)/2)."""
    return distance * (distance + 1) // 2


def moveable_fields(carrots: int) -> int:
    """The official `calculateMoveableFields`: the longest advance the carrots pay for,
    capped at 44 (the getPossibleMoves loop bound)."""
    if carrots >= 990:
        return 44
    if carrots < 1:
        return 0
    return int((2 * carrots + 0.25) ** 0.5 - 0.48)


@dataclass(frozen=True, eq=False)
class Board:
    """An immutable track with the lookups the rules need, shared by copies of a state."""

    fields: tuple[int, ...]
    #: `prev_hedgehog[i]`: the nearest hedgehog index below i (or -1), for i in 0..65.
    prev_hedgehog: tuple[int, ...] = field(init=False, repr=False)
    letters: str = field(init=False, repr=False)
    #: hash of the fields, computed once (part of every state's hash key).
    key: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if len(self.fields) != NUM_FIELDS:
            raise PositionError(f"a board has {NUM_FIELDS} fields, not {len(self.fields)}")
        if any(not 0 <= kind < len(FIELD_NAMES) for kind in self.fields):
            raise PositionError("unknown field type code on the board")
        previous = []
        last = -1
        for index, kind in enumerate((*self.fields, INVALID)):
            previous.append(last)
            if kind == HEDGEHOG:
                last = index
        object.__setattr__(self, "prev_hedgehog", tuple(previous))
        object.__setattr__(self, "letters", "".join(FIELD_LETTERS[k] for k in self.fields))
        object.__setattr__(self, "key", hash(self.fields))

    def type_at(self, index: int) -> int:
        """The field type at `index`, INVALID off the track."""
        if 0 <= index <= LAST_FIELD:
            return self.fields[index]
        return INVALID

    def previous_hedgehog(self, index: int) -> int:
        """The nearest hedgehog strictly below `index`, or -1 (official getPreviousFieldByType)."""
        if index <= 0:
            return -1
        return self.prev_hedgehog[min(index, LAST_FIELD + 1)]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.fields == other.fields

    def __hash__(self) -> int:
        return self.key


def parse_board(text: str) -> Board:
    """A board from 65 letters of `FIELD_LETTERS` (ASCII; lower case too) or the word
    `canonical`."""
    if text.isascii() and text.lower() == "canonical":
        return Board(CANONICAL_2018)
    if len(text) != NUM_FIELDS:
        raise PositionError(
            f"the board is {NUM_FIELDS} letters of {FIELD_LETTERS} (or 'canonical'), "
            f"not {len(text)}",
            text,
        )
    kinds = []
    for i, letter in enumerate(text):
        # ASCII first: 'ı'.upper() is 'I', which is no reason to read a hedgehog.
        kind = FIELD_LETTERS.find(letter.upper()) if letter.isascii() else -1
        if kind < 0:
            raise PositionError(
                f"unknown field letter {letter!r} (S start, C carrot, H hare, L salad, "
                "I hedgehog, 1/2 position, G goal)",
                text,
                i,
            )
        kinds.append(kind)
    return Board(tuple(kinds))


def board_from_names(names: list[str]) -> Board:
    """A board from 65 official field-type names (START, CARROT, ...)."""
    kinds = []
    for i, name in enumerate(names):
        if name not in FIELD_NAMES:
            raise PositionError(f"field {i}: unknown field type {quote(name)}")
        kinds.append(FIELD_NAMES.index(name))
    return Board(tuple(kinds))
