"""Helpers shared by the Ostseeschach tests: load the official cases, build states."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

import spieltisch
from spieltisch.games.ostseeschach import Ostseeschach, OstseeschachState
from spieltisch.games.ostseeschach.board import (
    BLUE,
    HERZMUSCHEL,
    KIND_LETTERS,
    KIND_NAMES,
    LINE_AMBER,
    OFFICIAL_TEAMS,
    RED,
    code,
    kind_of,
    vectors,
)
from spieltisch.games.ostseeschach.moves import MOVES, Move, on_board
from spieltisch.games.ostseeschach.position import Position, most_ambers
from tests.games.fuzz import play_drawn

DATA = Path(__file__).resolve().parents[2] / "data" / "ostseeschach-cases.json"


def game() -> Ostseeschach:
    loaded = spieltisch.load("ostseeschach")
    assert isinstance(loaded, Ostseeschach)
    return loaded


def cases() -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))
    return [c for c in entries if c["kind"] != "format"]


def state_from(
    pieces: list[list[Any]],
    turn: int = 0,
    ambers: dict[str, int] | None = None,
    last_move: dict[str, list[int]] | None = None,
) -> OstseeschachState:
    """A state from official-style pieces [x, y, type, team, count]."""
    board = [0] * 64
    for x, y, kind, team, count in pieces:
        board[y * 8 + x] = code(KIND_NAMES.index(kind), OFFICIAL_TEAMS.index(team), count)
    ambers = ambers or {}
    last = None
    if last_move:
        last = move(last_move["from"], last_move["to"])
    return OstseeschachState(
        game(), board, turn, (ambers.get("ONE", 0), ambers.get("TWO", 0)), last
    )


def move(start: list[int], end: list[int]) -> Move:
    (fx, fy), (tx, ty) = start, end
    if 0 <= fx < 8 and 0 <= fy < 8 and 0 <= tx < 8 and 0 <= ty < 8:
        return MOVES[fy * 8 + fx][ty * 8 + tx]
    return Move(fx, fy, tx, ty)


def official_pieces(state: OstseeschachState) -> list[list[Any]]:
    """The state's pieces as sorted official entries [x, y, type, team, count]."""
    return sorted(
        [x, y, KIND_NAMES[kind], OFFICIAL_TEAMS[team], height]
        for x, y, kind, team, height in state.pieces()
    )


def ambers_dict(state: OstseeschachState) -> dict[str, int]:
    return {"ONE": state.ambers[0], "TWO": state.ambers[1]}


@st.composite
def reachable_positions(draw: st.DrawFn) -> Position:
    """Random positions that pass `position.check_reachable`: up to 8 pieces a team with
    at most 2 of a kind on top (a tower holds one piece of each team), ambers within what
    the turn allows, and a last move (or none) that fits the board; at turn 0, a start."""
    pools = [draw(st.permutations(KIND_LETTERS * 2)) for _ in (RED, BLUE)]
    turn = draw(st.integers(0, 60))
    if turn == 0:  # before any move the board is a start
        return Position(game().from_start_line("".join(pools[RED])).board, 0, (0, 0), None)
    towers = [draw(st.integers(0, 2)), draw(st.integers(0, 2))]
    both = towers[0] + towers[1]
    singles = [draw(st.integers(0, 8 - both)), draw(st.integers(0, 8 - both))]
    squares = draw(st.permutations(range(64)))
    board = [0] * 64
    placed = 0
    for team in (RED, BLUE):
        for index in range(towers[team] + singles[team]):
            square = squares[placed]
            placed += 1
            kind = KIND_LETTERS.index(pools[team][index])
            height = 2 if index < towers[team] else 1
            if kind == HERZMUSCHEL and square % 8 == (0 if team == RED else 7):
                height = 1  # a Herzmuschel tower never stands on its own start column
            board[square] = code(kind, team, height)
    ambers = (
        draw(st.integers(0, most_ambers(RED, turn))),
        draw(st.integers(0, most_ambers(BLUE, turn))),
    )
    last = None
    if turn and draw(st.booleans()):
        mover = (turn - 1) & 1
        sign = 1 if mover == RED else -1
        candidates = [
            MOVES[(y - dy) * 8 + x - dx][square]
            for square, v in enumerate(board)
            if v * sign > 0 and not LINE_AMBER[v][square]
            for x, y in [(square % 8, square // 8)]
            for dx, dy in vectors(kind_of(v), mover)
            if on_board(x - dx, y - dy) and not board[(y - dy) * 8 + x - dx]
        ]
        if candidates:
            last = draw(st.sampled_from(candidates))
    return Position(board, turn, ambers, last)


@st.composite
def played_states(draw: st.DrawFn) -> OstseeschachState:
    """A game from a drawn seed after up to 60 drawn legal moves."""
    return play_drawn(draw, game().new_state(draw(st.integers(0, 10_000))))
