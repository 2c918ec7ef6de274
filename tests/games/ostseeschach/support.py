"""Helpers shared by the Ostseeschach tests: load the official cases, build states."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import spieltisch
from spieltisch.games.ostseeschach import Ostseeschach, OstseeschachState
from spieltisch.games.ostseeschach.board import KIND_NAMES, MOVES, OFFICIAL_TEAMS, Move, code

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
