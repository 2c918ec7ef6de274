"""Reading outside text safely: whole numbers and short quotes of long input.

Every reader of outside input (position text, move text, XML, records, options, agent
specs) reads its numbers through `read_int`, so that a non-ASCII digit (`²`, `٣`) or a
5,000-digit number is refused with the project's own error instead of a `ValueError` or a
Python int-size error, and every error message quotes at most `QUOTE_WIDTH` characters of
the input (`excerpt`, `quote`).
"""

from __future__ import annotations

from spieltisch.core.errors import QUOTE_WIDTH, NotationError, excerpt, quote

__all__ = [
    "MAX_DIGITS",
    "QUOTE_WIDTH",
    "check_ascii",
    "excerpt",
    "first_non_ascii",
    "is_ascii_int",
    "quote",
    "read_int",
]

#: The most digits a number in any notation or file of the project may have.
MAX_DIGITS = 18

_DIGITS = frozenset("0123456789")


def is_ascii_int(text: str, *, signed: bool = False) -> bool:
    """True for 1 to `MAX_DIGITS` ASCII digits, with a leading `-` or `+` when `signed`."""
    body = text[1:] if signed and text[:1] in ("-", "+") else text
    return 0 < len(body) <= MAX_DIGITS and all(ch in _DIGITS for ch in body)


def first_non_ascii(text: str) -> int | None:
    """The index of the first character of `text` outside ASCII, or None when all are ASCII."""
    if text.isascii():
        return None
    return next(i for i, char in enumerate(text) if not char.isascii())


def check_ascii(text: str, what: str, error: type[NotationError] = NotationError) -> None:
    """Refuse any character outside ASCII: look-alikes such as `ı` or `ſ` (which
    `str.upper()` turns into `I` and `S`) and digits such as `²` are no part of a notation."""
    at = first_non_ascii(text)
    if at is not None:
        raise error(f"{what}: {quote(text[at])} is not an ASCII character", text, at)


def read_int(
    raw: str,
    what: str,
    *,
    low: int | None = None,
    high: int | None = None,
    signed: bool = False,
    error: type[NotationError] = NotationError,
    text: str | None = None,
    position: int | None = None,
) -> int:
    """`raw` as a whole number in `low..high`, or `error` saying what was expected.

    Only ASCII digits count (with a sign when `signed`); `text` and `position` locate
    `raw` in the whole input for the message.
    """
    if not is_ascii_int(raw, signed=signed):
        kind = "a whole number" if signed else "a whole number of ASCII digits"
        raise error(f"{what}: expected {kind}{_range(low, high)}, not {quote(raw)}", text, position)
    value = int(raw)
    if (low is not None and value < low) or (high is not None and value > high):
        raise error(f"{what}: {value} is out of range{_range(low, high)}", text, position)
    return value


def _range(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f" ({low}..{high})"
    if low is not None:
        return f" (at least {low})"
    if high is not None:
        return f" (at most {high})"
    return ""
