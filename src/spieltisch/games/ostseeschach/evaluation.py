"""Ostseeschach knowledge for the AI: a position evaluation and a move ordering.

The evaluation counts what wins (ostseeschach.md, "Towers and ambers" and "Turns and the
end"): ambers first, then the threats to earn one (a tower can earn one by capturing
anything; a light piece earns one on the opponent's start column), then material and how
far the light pieces have come, which also decides a game with equal ambers.
"""

from __future__ import annotations

import math

from spieltisch.games.ostseeschach.board import HEIGHT, LINE_AMBER, ROBBE, TARGETS, kind_of
from spieltisch.games.ostseeschach.moves import Move

#: Weights in "points"; the total difference is squashed into [-1, 1] by tanh(diff / SCALE).
AMBER = 4.0
PIECE = 1.0
TOWER = 0.6
THREAT = 0.8
ADVANCE = 0.35
SCALE = 6.0

#: ADVANCE_TABLE[team][square]: the progress bonus of a light piece of `team` there.
ADVANCE_TABLE: tuple[tuple[float, ...], tuple[float, ...]] = (
    tuple(ADVANCE * (s % 8) ** 2 / 49 * 3 for s in range(64)),
    tuple(ADVANCE * (7 - s % 8) ** 2 / 49 * 3 for s in range(64)),
)


def evaluate(board: list[int], ambers: tuple[int, int], turn: int, player: int) -> float:
    """The value for `player` (0 red, 1 blue) in [-1, 1] of a position still in play."""
    points = [AMBER * ambers[0], AMBER * ambers[1]]
    threats = [0, 0]
    for s, v in enumerate(board):
        if not v:
            continue
        team = 0 if v > 0 else 1
        score = PIECE
        tall = HEIGHT[v] == 2
        if tall:
            score += TOWER
        if kind_of(v) != ROBBE:
            score += ADVANCE_TABLE[team][s]
        points[team] += score
        line = LINE_AMBER[v]
        for d, _ in TARGETS[v][s]:
            w = board[d]
            if w and (w > 0) == (v > 0):
                continue
            if line[d] or (w and (tall or HEIGHT[w] == 2)):
                threats[team] += 1
                break
    to_move = turn & 1
    # The side to move can cash one threat now; the other side's threats may be parried.
    points[0] += THREAT * min(threats[0], 2) * (1.5 if to_move == 0 else 1.0)
    points[1] += THREAT * min(threats[1], 2) * (1.5 if to_move == 1 else 1.0)
    diff = points[player] - points[1 - player]
    return math.tanh(diff / SCALE)


def order_moves(board: list[int], moves: list[Move]) -> list[Move]:
    """Amber-earning moves first, then captures, then moves forward, then the rest."""

    def rank(move: Move) -> int:
        v = board[move.src]
        w = board[move.dst]
        score = 0
        if LINE_AMBER[v][move.dst]:
            score += 8
        if w:
            score += 4
            if HEIGHT[v] + HEIGHT[w] >= 3:
                score += 8
        forward = move.tx - move.fx if v > 0 else move.fx - move.tx
        if forward > 0:
            score += 1
        return -score

    return sorted(moves, key=rank)
