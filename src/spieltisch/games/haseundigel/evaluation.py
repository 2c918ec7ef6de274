"""Evaluation knowledge for Hase und Igel: how good a position is for a player.

A race value per player: the turns it still needs to reach the goal, estimated from the
distance, the carrots against what covering that distance costs (missing carrots must be
gained, more than the goal allows must be shed), and the salads still to eat; cards in
hand and salads that no salad field ahead can take adjust it. The difference of the two
race values is squashed to [-1, 1]. Ordering puts goal entries, salad eating and long
advances first.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from spieltisch.games.haseundigel.board import LAST_FIELD, POSITION_1, POSITION_2, SALAD, cost
from spieltisch.games.haseundigel.moves import (
    ADVANCE,
    CARD_BITS,
    CARD_EAT,
    EAT,
    MUST_EAT_AFTER,
    Move,
)

#: The value of a decided race (kept below 1, the value of a finished game).
SURE = 0.95
#: The last turn (30 rounds).
LAST_TURN = 60

if TYPE_CHECKING:
    from spieltisch.games.haseundigel.state import HaseUndIgelState

#: Carrots a turn spent on gaining them yields on average (exchange +10, fall back, bonuses).
GAIN_PER_TURN = 15
#: Carrots eating one salad yields on average (+10 ahead, +30 behind).
SALAD_CARROTS = 20
#: Turns one card in hand is worth (a free carrot swing or a jump).
CARD_TURNS = 0.3
#: Turns one field further is worth among equal estimates (measured: 0.1 beat 0.02 in
#: 400-game matches, docs/ai.md's tuning log).
FIELD_WEIGHT = 0.1
#: Turns of difference that map to an evaluation of about ±0.76 (tanh(1)).
SCALE = 4.0


def carrots_needed(distance: int, moves: int) -> int:
    """The fewest carrots that cover `distance` fields in `moves` advances (equal steps)."""
    if distance <= 0:
        return 0
    moves = max(1, min(moves, distance))
    step, extra = divmod(distance, moves)
    return (moves - extra) * cost(step) + extra * cost(step + 1)


def turns_to_finish(distance: int, carrots: int, salads: int) -> float:
    """Estimated own turns to reach the goal from `distance` fields away: the advances,
    one turn per salad, turns to gain missing carrots, and turns to shed carrots the goal
    does not allow (at most 10 may be left)."""
    if distance <= 0:
        return 0.0
    budget = carrots + SALAD_CARROTS * salads
    best = float("inf")
    # every salad needs a stop on a salad field: at least salads + 1 advances
    for moves in range(min(distance, salads + 1), distance + 1):
        low = carrots_needed(distance, moves)
        high = cost(distance - moves + 1) + moves - 1
        gain = max(0, low - budget)
        shed = max(0, budget - high - 10)
        turns = moves + -(-gain // GAIN_PER_TURN) + -(-shed // 10)
        if turns < best:
            best = turns
        if low <= budget and shed == 0:
            break
    return best + salads


def race_value(state: HaseUndIgelState, player: int) -> float:
    """Minus the estimated turns the player still needs (higher is better); salads it can
    no longer eat on the fields ahead and the cards in hand adjust it. A player who cannot
    finish before turn 60 is ranked behind every finisher, by its field (the round limit
    decides by the field)."""
    me = state.player(player)
    index = max(me.index, 0)
    if index == LAST_FIELD:
        return 1.0 - me.carrots * 0.01
    salads, carrots = me.salads, me.carrots
    fields = state.board.fields
    if fields[index] == SALAD and me.last is not None and me.last[0].kind in MUST_EAT_AFTER:
        salads, carrots = salads - 1, carrots + SALAD_CARROTS  # eating is due next turn
    if state.current != player:  # the turn start bonus still to come
        first = state.is_first(player)
        if fields[index] == POSITION_1 and first:
            carrots += 10
        elif fields[index] == POSITION_2 and not first:
            carrots += 30
    turns = turns_to_finish(LAST_FIELD - index, carrots, salads)
    ahead = sum(1 for i in range(index + 1, LAST_FIELD) if fields[i] == SALAD)
    turns += 3.0 * max(0, salads - ahead)
    turns -= CARD_TURNS * sum(1 for bit in CARD_BITS if me.cards & bit)
    turns_left = (LAST_TURN - state.turn + (1 if state.turn & 1 == player else 0)) // 2
    if turns > turns_left:
        return -(turns_left + 1.0) - (LAST_FIELD - index) / 10 - (turns - turns_left) / 20
    return -turns + index * FIELD_WEIGHT


def evaluate(state: HaseUndIgelState, player: int) -> float:
    """A value in [-1, 1] for `player`: the race values compared. Once a player is in the
    goal the game ends with this round, so only a chaser who can still enter it in its
    last move keeps the race open."""
    me, other = state.player(player), state.player(1 - player)
    if me.index == LAST_FIELD or other.index == LAST_FIELD:
        if me.index == other.index:
            mine = me.carrots < other.carrots or (me.carrots == other.carrots and player == 0)
            return SURE if mine else -SURE
        leader = player if me.index == LAST_FIELD else 1 - player
        chaser = state.player(1 - leader)
        distance = LAST_FIELD - max(chaser.index, 0)
        hopeless = chaser.salads > 0 or turns_to_finish(distance, chaser.carrots, 0) > 1
        if state.current != 1 - leader or hopeless:
            return SURE if leader == player else -SURE
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
