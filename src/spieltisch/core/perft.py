"""Perft: the number of leaves of the legal-move tree to a given depth.

A finished game has no moves; a chance node expands every outcome, and a chance event
counts as one ply. Every leaf is played and taken back (no bulk counting), so perft also
measures the speed of `push`/`undo`.
"""

from __future__ import annotations

from typing import Any

from spieltisch.core.game import State


def perft(state: State[Any], depth: int) -> int:
    """Count the move sequences of length `depth` from `state`."""
    if depth <= 0:
        return 1
    moves = state.legal_moves()
    push = state.push
    undo = state.undo
    if depth == 1:
        for move in moves:
            push(move)
            undo()
        return len(moves)
    total = 0
    for move in moves:
        push(move)
        total += perft(state, depth - 1)
        undo()
    return total


def divide(state: State[Any], depth: int) -> list[tuple[Any, int]]:
    """Perft split by first move: each legal move with the leaf count below it."""
    if depth <= 0:
        return []
    result = []
    for move in state.legal_moves():
        state.push(move)
        result.append((move, perft(state, depth - 1)))
        state.undo()
    return result
