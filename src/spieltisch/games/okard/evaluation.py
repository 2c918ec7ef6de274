"""Okard knowledge for search agents: material (stone values on the board and in hand),
König safety, move ordering (König captures, captures, promotions first), observation."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from spieltisch.games.okard.lookup import RED
from spieltisch.games.okard.moves import DROP, END, LINE, PROMOTE, SACRIFICE, Move

if TYPE_CHECKING:
    from spieltisch.games.okard.state import OkardState

#: A stone in hand is worth a little less than one on the board (it costs AP to drop).
HAND_WEIGHT = 0.8
#: Penalty, in points, per enemy stone that attacks a square next to or on one's König.
KING_THREAT = 6.0
#: Points per unit of the score's tanh scale.
SCALE = 60.0


def material(state: OkardState, player: int) -> float:
    """Stone values on the board (promoted stones count their full value) plus weighted
    stones in hand."""
    t = state.t
    sign = 1 if player == RED else -1
    total = 0.0
    values = t.values
    kinds = t.kind_of
    for v in state.board:
        if v * sign > 0:
            total += values[kinds[v]]
    hand = state.hands[player]
    total += HAND_WEIGHT * sum(c * values[k] for k, c in enumerate(hand))
    return total


def king_threats(state: OkardState, player: int) -> int:
    """Enemy stones whose capture line reaches the player's König or a square next to it
    (ignoring action points): a cheap measure of König safety."""
    t = state.t
    king = state.king_square(player)
    if king < 0:
        return 8
    n = t.n
    kx, ky = king % n, king // n
    zone = {
        (ky + dy) * n + kx + dx
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
        if 0 <= kx + dx < n and 0 <= ky + dy < n
    }
    b = state.board
    sign = 1 if player == RED else -1
    threats = 0
    for sq, v in enumerate(b):
        if v * sign >= 0:
            continue
        hit = False
        for d, val in t.raydirs[v]:
            if val < 2:
                continue
            for target in t.rays[sq][d]:
                if target in zone:
                    hit = True
                    break
                if b[target]:
                    break
            if hit:
                break
        threats += hit
    return threats


def evaluate(state: OkardState, player: int) -> float:
    """Material and König safety difference, squashed into (-1, 1)."""
    other = 1 - player
    score = material(state, player) - material(state, other)
    score += KING_THREAT * (king_threats(state, other) - king_threats(state, player))
    return math.tanh(score / SCALE)


def _line_rank(state: OkardState, move: Move) -> int:
    t = state.t
    shape = t.line_shape(move)
    if shape is None:
        return 5
    src, direction, length = shape
    b = state.board
    rank = 5
    for target in t.rays[src][direction][:length]:
        w = b[target]
        if w:
            if t.kind_of[w] == t.king:
                return 0
            rank = 1
    return rank


_RANKS = {PROMOTE: 2, DROP: 3, SACRIFICE: 6, END: 7}


def order_moves(state: OkardState, moves: list[Move]) -> list[Move]:
    """König captures, then captures, promotions, drops, quiet moves, sacrifices, END."""

    def rank(move: Move) -> int:
        if move.kind == LINE:
            return _line_rank(state, move)
        return _RANKS.get(move.kind, 4)

    return sorted(moves, key=rank)


def observation_planes(kinds: int) -> int:
    """Planes: own/opponent stones by kind and side (4 per kind), own/opponent hand counts
    (2 per kind), then AP, sacrificed AP, turn, three phase flags, stage, both captured."""
    return 6 * kinds + 9


def observation(state: OkardState, player: int | None = None) -> list[float]:
    """The position from the side of `player` (None: the mover; blue's view turned by
    180°)."""
    t = state.t
    nn = t.nn
    k = t.kinds
    me = state.mover if player is None else player
    planes = [0.0] * (observation_planes(k) * nn)
    for sq, v in enumerate(state.board):
        if not v:
            continue
        owner = RED if v > 0 else 1
        kind = t.kind_of[v]
        side = (abs(v) - 1) % 2
        plane = 4 * kind + 2 * (owner != me) + side
        planes[plane * nn + (sq if me == RED else nn - 1 - sq)] = 1.0
    army = max(1, t.options.army_points)
    scalars: list[float] = []
    for who in (me, 1 - me):
        scalars.extend(c / 4.0 for c in state.hands[who])
    phase = state.phase
    scalars += [
        state.action_points / 12.0,
        state.sacrificed / 6.0,
        state.turn / t.options.turns,
        1.0 if phase == "pick" else 0.0,
        1.0 if phase == "place" else 0.0,
        1.0 if phase == "play" else 0.0,
        ("start", "moved", "promoted", "dropped").index(state.stage) / 3.0,
        state.captured[me] / army,
        state.captured[1 - me] / army,
    ]
    base = 4 * k
    for i, value in enumerate(scalars):
        if value:
            start = (base + i) * nn
            for j in range(start, start + nn):
                planes[j] = value
    return planes
