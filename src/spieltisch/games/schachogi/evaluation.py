"""Schachogi knowledge for search: piece values, mobility, and the move-ordering key.

Values are in Brrbrr units. The Pflöck has no material value (its capture ends the game).
An unpromoted Ischi steps like the Pflöck; promoted it is a chess queen. The promoted Rock
and Slotser are shogi's dragon and horse; the promoted Wieher and Brrbrr are gold generals.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from spieltisch.games.schachogi.board import PFLOECK, WHITE
from spieltisch.games.schachogi.moves import Move

if TYPE_CHECKING:
    from spieltisch.games.schachogi.state import SchachogiState

#: VALUE[kind] for kind 0..11: empty, P, I, R, S, W, B, +I, +R, +S, +W, +B.
VALUE: tuple[float, ...] = (0.0, 0.0, 3.0, 5.0, 3.5, 2.0, 1.0, 9.5, 7.5, 6.0, 4.0, 4.0)
#: Material worth of one legal move more than the opponent.
MOBILITY_WEIGHT = 0.1
#: Score (in Brrbrr units) that maps to tanh(1) ≈ 0.76 in `evaluate`.
SCALE = 12.0
#: Order value of capturing the Pflöck (wins at once).
_WIN = 1000.0


def material(board: list[int]) -> float:
    """White's material minus Black's."""
    total = 0.0
    for v in board:
        if v > 0:
            total += VALUE[v]
        elif v < 0:
            total -= VALUE[-v]
    return total


def evaluate(state: SchachogiState, player: int) -> float:
    """Material and mobility for `player`, squashed into (-1, 1)."""
    score = material(state.board)
    mobility = len(state.pseudo_moves(WHITE)) - len(state.pseudo_moves(1 - WHITE))
    score += MOBILITY_WEIGHT * mobility
    value = math.tanh(score / SCALE)
    return value if player == WHITE else -value


def move_order_key(board: list[int], move: Move) -> tuple[float, float]:
    """Sort key (smaller first): Pflöck captures, captures by victim value then cheaper
    attacker, promotions by their gain, then quiet moves."""
    victim = board[move.dst]
    mover = board[move.src]
    mover_kind = mover if mover > 0 else -mover
    gain = 0.0
    if move.promote:
        gain = VALUE[mover_kind + 5] - VALUE[mover_kind]
    if victim:
        kind = victim if victim > 0 else -victim
        if kind == PFLOECK:
            return (0.0, 0.0)
        return (1.0, -(VALUE[kind] * 100 + gain * 10 - VALUE[mover_kind]))
    if move.promote:
        return (2.0, -gain)
    return (3.0, 0.0)
