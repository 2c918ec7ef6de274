"""Hypothesis helpers the games' fuzz tests share: random playouts and text mutations."""

from __future__ import annotations

from typing import Any, TypeVar

from hypothesis import strategies as st

from spieltisch.core.game import State

S = TypeVar("S", bound=State[Any])

#: Troublemakers every text reader meets: look-alikes that `str.upper()` turns into
#: notation letters (`ı` -> I, `ſ` -> S), digits `int()` reads or `isdigit()` accepts
#: (`²`, `٣`), Unicode and control blanks, signs and separators; a game adds its own.
NASTY = [
    "²",
    "ı",
    "ſ",
    "٣",
    "\u00a0",
    "\u2003",
    "\x00",
    "\x1c",
    "-",
    "+",
    "_",
    "/",
]


def play_drawn(draw: st.DrawFn, state: S, most: int = 60) -> S:
    """`state` after up to `most` legal moves drawn by hypothesis (fewer if the game ends)."""
    for _ in range(draw(st.integers(0, most))):
        if state.is_over():
            break
        state.push(draw(st.sampled_from(state.legal_moves())))
    return state


def mutate(draw: st.DrawFn, text: str, pieces: st.SearchStrategy[str]) -> str:
    """`text` with up to three characters or runs inserted, deleted or replaced; what is
    inserted or put in is drawn from `pieces`."""
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(text)))
        action = draw(st.sampled_from(("insert", "delete", "replace")))
        if action == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 3)) :]
        else:
            cut = at + (1 if action == "replace" else 0)
            text = text[:at] + draw(pieces) + text[cut:]
    return text
