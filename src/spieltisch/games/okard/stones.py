"""Okard stones: sides with a strength and eight direction values, their text notation,
the standard stone list and custom stone lists (okard.md, "Stones", "Standard stone list").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Direction names in notation order, seen from the stone's owner (N = towards the opponent).
DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
#: Strength names (okard.md, "Stones": 1 Bauer, 2 Ritter, 3 General).
STRENGTH_NAMES = {1: "Bauer", 2: "Ritter", 3: "General"}
#: The code of the König; every army holds exactly one (okard.md, "Standard stone list").
KING = "K"

_CODE = re.compile(r"[A-Z]{1,3}")
_SIDE = re.compile(r"[0-9]{9}")


class StoneError(ValueError):
    """A stone text or stone list that breaks the rules of okard.md, "Stones"."""


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a stone: eight direction values (0 none, 1 move, 2 move and capture)
    in the order N NE E SE S SW W NW, and a strength 1..3."""

    dirs: tuple[int, int, int, int, int, int, int, int]
    strength: int

    def __post_init__(self) -> None:
        if len(self.dirs) != 8 or any(d not in (0, 1, 2) for d in self.dirs):
            raise StoneError(f"a side has 8 direction values 0, 1 or 2, not {self.dirs}")
        if self.strength not in (1, 2, 3):
            raise StoneError(f"a side's strength is 1, 2 or 3, not {self.strength}")

    @property
    def value(self) -> int:
        """Strength plus the sum of the direction values (okard.md, "Stones")."""
        return self.strength + sum(self.dirs)

    def text(self) -> str:
        return "".join(str(d) for d in self.dirs) + str(self.strength)

    def __str__(self) -> str:
        return self.text()

    def summary(self) -> str:
        """`S2: N2 E2 W2 S1`, the form of the rules file's table."""
        parts = [f"{name}{d}" for name, d in zip(DIRECTIONS, self.dirs, strict=True) if d]
        return f"S{self.strength}: " + " ".join(parts)

    def diagram(self) -> list[str]:
        """A 3x3 text picture: `O` the stone, `*` move and capture, `o` move only."""
        mark = {0: ".", 1: "o", 2: "*"}
        d = self.dirs
        return [
            f"{mark[d[7]]} {mark[d[0]]} {mark[d[1]]}",
            f"{mark[d[6]]} O {mark[d[2]]}",
            f"{mark[d[5]]} {mark[d[4]]} {mark[d[3]]}",
        ]


def parse_side(text: str) -> Side:
    """Read nine digits: the direction values N..NW, then the strength."""
    if not _SIDE.fullmatch(text):
        raise StoneError(
            f"a side is 9 digits (directions N NE E SE S SW W NW, then strength), not {text!r}"
        )
    dirs = tuple(int(c) for c in text[:8])
    return Side(dirs, int(text[8]))  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Stone:
    """A stone kind: a code (`B`, `SP`, ...), a name, its front side and its optional back
    side (the promoted form, never weaker than the front)."""

    code: str
    name: str
    front: Side
    back: Side | None = None

    def __post_init__(self) -> None:
        if not _CODE.fullmatch(self.code):
            raise StoneError(f"a stone code is 1 to 3 capital letters, not {self.code!r}")
        if self.back is not None and self.back.strength < self.front.strength:
            raise StoneError(
                f"stone {self.code}: the back side (strength {self.back.strength}) is weaker "
                f"than the front (strength {self.front.strength})"
            )

    @property
    def value(self) -> int:
        """Points of the stone: strength + direction values, summed over both sides."""
        return self.front.value + (self.back.value if self.back is not None else 0)

    @property
    def is_king(self) -> bool:
        return self.code == KING

    def text(self) -> str:
        """`FRONT-BACK` or `FRONT` (okard.md, "Stones")."""
        return self.front.text() + ("-" + self.back.text() if self.back is not None else "")

    def side(self, promoted: bool) -> Side:
        if promoted:
            assert self.back is not None
            return self.back
        return self.front

    def promotion_cost(self) -> int:
        """max(1, back strength - front strength) AP (okard.md, "A turn", 4)."""
        assert self.back is not None
        return max(1, self.back.strength - self.front.strength)


def parse_stone_text(text: str) -> tuple[Side, Side | None]:
    """Read `FRONT-BACK` or `FRONT` into its sides."""
    front_text, sep, back_text = text.partition("-")
    front = parse_side(front_text)
    back = parse_side(back_text) if sep else None
    return front, back


def stone_from_text(code: str, text: str, name: str | None = None) -> Stone:
    front, back = parse_stone_text(text)
    return Stone(code, name or code, front, back)


def _std(code: str, name: str, text: str) -> Stone:
    return stone_from_text(code, text, name)


#: The project's standard stone list (okard.md, "Standard stone list").
STANDARD_STONES: tuple[Stone, ...] = (
    _std("B", "Bauer", "200000001-221010122"),
    _std("SP", "Späher", "120000021-220101022"),
    _std("SC", "Schild", "211000112-222010222"),
    _std("RI", "Ritter", "202010202-212020213"),
    _std("L", "Läufer", "020202022-121212123"),
    _std("T", "Turm", "202020202-212121213"),
    _std("G", "General", "222222223"),
    _std("K", "König", "222222223"),
)
STANDARD_BY_CODE = {stone.code: stone for stone in STANDARD_STONES}


def stone_list(entries: tuple[str, ...]) -> tuple[Stone, ...]:
    """The allowed stones of a game: the standard list for no entries, else each entry a
    standard code (`B`) or a custom stone `CODE:FRONT-BACK`. The list must hold a König."""
    if not entries:
        return STANDARD_STONES
    stones: list[Stone] = []
    for entry in entries:
        code, sep, text = entry.partition(":")
        code = code.strip()
        if sep:
            standard = STANDARD_BY_CODE.get(code)
            name = standard.name if standard is not None and standard.text() == text else code
            stones.append(stone_from_text(code, text.strip(), name))
        elif code in STANDARD_BY_CODE:
            stones.append(STANDARD_BY_CODE[code])
        else:
            known = ", ".join(STANDARD_BY_CODE)
            raise StoneError(
                f"{entry!r} is neither a standard stone ({known}) nor a custom stone CODE:TEXT"
            )
    codes = [stone.code for stone in stones]
    for code in codes:
        if codes.count(code) > 1:
            raise StoneError(f"the stone code {code} appears twice in the stone list")
    if KING not in codes:
        raise StoneError("the stone list has no König (code K); every army needs one")
    return tuple(stones)
