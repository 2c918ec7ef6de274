"""Helpers for the Okard tests: games with options, positions from text, refusals."""

from __future__ import annotations

import functools

import pytest

import spieltisch
from spieltisch.core import IllegalMoveError
from spieltisch.games.okard import Okard, OkardState


@functools.cache
def game(options: str = "") -> Okard:
    """The game with these options, built once (its tables take a while to build)."""
    loaded = spieltisch.load("okard", options or None)
    assert isinstance(loaded, Okard)
    return loaded


def position(text: str, options: str = "") -> OkardState:
    return game(options).parse(text)


def play(state: OkardState, *moves: str) -> OkardState:
    for text in moves:
        state.play(state.parse_move(text))
    return state


def refused(state: OkardState, move: str) -> str:
    """The rule named when `move` is refused; the state must stay unchanged."""
    before = state.text()
    with pytest.raises(IllegalMoveError) as info:
        state.play(state.parse_move(move))
    assert state.text() == before
    return info.value.rule


def legal(state: OkardState) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def empty_ranks(n: int = 9) -> list[str]:
    return [str(n)] * n


def board_text(stones: dict[str, str], n: int = 9) -> str:
    """Ranks text with `stones` like {"e1": "K", "e9": "k"} (top rank first)."""
    grid: list[list[str]] = [[""] * n for _ in range(n)]
    for square, code in stones.items():
        x, y = "abcdefghij".index(square[0]), int(square[1:]) - 1
        grid[y][x] = code
    ranks = []
    for y in range(n - 1, -1, -1):
        items: list[str] = []
        empty = 0
        for cell in grid[y]:
            if not cell:
                empty += 1
                continue
            if empty:
                items.append(str(empty))
                empty = 0
            items.append(cell)
        if empty:
            items.append(str(empty))
        ranks.append(",".join(items))
    return "/".join(ranks)


def play_position(
    stones: dict[str, str],
    ap: int | str = 6,
    hands: str = "-/-",
    mover: str = "r",
    sac: int = 0,
    stage: str = "s",
    turn: int = 0,
    captured: str = "0:0",
    options: str = "",
    n: int = 9,
    die: str = "-",
) -> OkardState:
    fields = f"{hands} {captured} play {mover} {ap} {sac} {stage} {turn} -- {die}"
    text = board_text(stones, n) + " " + fields
    return position(text, options)
