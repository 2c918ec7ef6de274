"""The error types of spieltisch: one exception type per kind of mistake."""

from __future__ import annotations

#: At most this many characters of the input are quoted in an error message.
QUOTE_WIDTH = 80


def quote(text: str, width: int = QUOTE_WIDTH) -> str:
    """`repr(text)`, shortened to about `width` characters with `…` where cut."""
    if len(text) <= width:
        return repr(text)
    return repr(text[: width - 1]) + "…"


def excerpt(text: str, position: int | None = None, width: int = QUOTE_WIDTH) -> str:
    """`repr` of at most `width` characters of `text` around `position` (the start when
    None), with `…` marking a cut at either end: a 50 MB input is never repeated whole."""
    if len(text) <= width:
        return repr(text)
    centre = 0 if position is None else max(0, min(position, len(text)))
    start = max(0, min(centre - width // 2, len(text) - width))
    end = start + width
    head = "…" if start > 0 else ""
    tail = "…" if end < len(text) else ""
    return f"{head}{text[start:end]!r}{tail}"


class SpieltischError(Exception):
    """Base of every error spieltisch raises on purpose (bad input, illegal play)."""


class IllegalMoveError(SpieltischError):
    """A move that the rules refuse. `rule` names the broken rule (a short constant)."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.detail = message


class NotationError(SpieltischError):
    """Text (a move, a position, a record) that cannot be read.

    `position` is the 0-based character offset of the problem in `text`, when known.
    """

    def __init__(self, message: str, text: str | None = None, position: int | None = None) -> None:
        where = ""
        if text is not None and position is not None:
            where = f" (at character {position + 1} of {excerpt(text, position)})"
        elif text is not None:
            where = f" (in {excerpt(text)})"
        super().__init__(f"{message}{where}")
        self.text = text
        self.position = position


class PositionError(NotationError):
    """A position text (or position XML) that does not describe a valid position."""


class OptionError(SpieltischError):
    """A game option (variant setting) that is unknown or out of range."""


class UnknownGameError(SpieltischError):
    """A game name that is not in the registry."""
