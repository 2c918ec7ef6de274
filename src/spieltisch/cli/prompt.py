"""Reading a line from the person at the terminal, with line editing where available."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable

#: Reads one line after showing a prompt on the same line; raises EOFError at the end.
Ask = Callable[[str], str]

#: The longest line read as a command or move (longer lines are refused, not parsed).
MAX_LINE = 1000


def ask_line() -> Ask:
    """`input`, with line editing and history from `readline` when the input is a
    terminal and the module exists (it does not on every platform)."""
    if sys.stdin.isatty():
        with contextlib.suppress(ImportError):  # not on every platform
            import readline  # noqa: F401  (importing it gives `input` editing and history)

    def ask(prompt: str) -> str:
        line = input(prompt)
        return line if len(line) <= MAX_LINE else line[: MAX_LINE + 1]

    return ask
