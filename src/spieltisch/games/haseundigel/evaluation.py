"""Evaluation knowledge for Hase und Igel: how good a position is for a player.

A race value per player: progress towards the goal, carrots measured against what the
remaining distance costs in the remaining turns (too few is bad, many more than the
goal allows must be shed again), salads still to be eaten against salad fields ahead,
and the cards still in hand. The difference of the two race values is squashed to
[-1, 1]. Ordering puts goal entries, salad eating and long advances first.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from spieltisch.games.haseundigel.board import LAST_FIELD, SALAD, cost
from spieltisch.games.haseundigel.moves import ADVANCE, CARD_BITS, CARD_EAT, EAT, Move

if TYPE_CHECKING:
    from spieltisch.games.haseundigel.state import HaseUndIgelState

#: Field weight of one unit of each term (tuned by hand, in "fields").
CARROT_SHORTAGE = 0.25
CARROT_EXCESS = 0.04
SALAD_WEIGHT = 6.0
CARD_WEIGHT = 1.5
SCALE = 12.0


def carrots_needed(distance: int, moves: int) -> int:
    """The fewest carrots that cover `distance` fields in `moves` advances (equal steps)."""
    if distance <= 0:
        return 0
    moves = max(1, min(moves, distance))
    step, extra = divmod(distance, moves)
    return (moves - extra) * cost(step) + extra * cost(step + 1)


def race_value(state: HaseUndIgelState, player: int) -> float:
    """The player's standing in fields (higher is better)."""
    me = state.player(player)
    index = max(me.index, 0)
    if index == LAST_FIELD:
        return 100.0 - me.carrots * 0.1
    remaining = LAST_FIELD - index
    turns_left = max(1, (60 - state.turn + (1 - player)) // 2)
    need = carrots_needed(remaining, turns_left) + 10 * me.salads
    value = float(index)
    if me.carrots < need:
        value -= CARROT_SHORTAGE * (need - me.carrots) ** 0.5 * 4
    else:
        value -= CARROT_EXCESS * max(0, me.carrots - need - 10)
    salad_fields = sum(1 for i in range(index + 1, LAST_FIELD) if state.board.fields[i] == SALAD)
    value -= SALAD_WEIGHT * me.salads
    if me.salads > salad_fields:
        value -= SALAD_WEIGHT * 2 * (me.salads - salad_fields)
    value += CARD_WEIGHT * sum(1 for bit in CARD_BITS if me.cards & bit)
    return value


def evaluate(state: HaseUndIgelState, player: int) -> float:
    """A value in [-1, 1] for `player`: the race values compared."""
    diff = race_value(state, player) - race_value(state, 1 - player)
    return math.tanh(diff / SCALE)


def order_moves(state: HaseUndIgelState, moves: list[Move]) -> list[Move]:
    """Goal entries first, then eating (action or card), then longer advances."""
    position = state.player(state.current).index

    def key(move: Move) -> tuple[int, int, int]:
        first = move.actions[0]
        goal = first.kind == ADVANCE and position + first.value == LAST_FIELD
        eats = any(a.kind in (EAT, CARD_EAT) for a in move.actions)
        distance = first.value if first.kind == ADVANCE else 0
        return (0 if goal else 1, 0 if eats else 1, -distance)

    return sorted(moves, key=key)
