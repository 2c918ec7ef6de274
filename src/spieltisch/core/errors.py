"""The error types of spieltisch: one exception type per kind of mistake."""

from __future__ import annotations


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
            where = f" (at character {position + 1} of {text!r})"
        elif text is not None:
            where = f" (in {text!r})"
        super().__init__(f"{message}{where}")
        self.text = text
        self.position = position


class PositionError(NotationError):
    """A position text (or position XML) that does not describe a valid position."""


class OptionError(SpieltischError):
    """A game option (variant setting) that is unknown or out of range."""


class UnknownGameError(SpieltischError):
    """A game name that is not in the registry."""
