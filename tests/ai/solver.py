"""A plain, slow, obviously correct search used to check the agents' answers."""

from __future__ import annotations

from typing import Any

from spieltisch.core.game import CHANCE, TERMINAL, State


def wins_within(state: State[Any], player: int, plies: int) -> bool:
    """True if `player` can force a win within `plies` plies (chance must favour every draw)."""
    who = state.to_move
    if who == TERMINAL:
        return state.returns()[player] > 0
    if plies == 0:
        return False
    results = []
    for move in state.legal_moves():
        state.push(move)
        results.append(wins_within(state, player, plies - 1))
        state.undo()
        if who == player and results[-1]:
            return True
        if who != player and who != CHANCE and not results[-1]:
            return False
    return all(results) if who != player else False


def winning_moves(state: State[Any], plies: int) -> set[Any]:
    """The moves of the player to move that force a win within `plies` plies (this ply included)."""
    player = state.to_move
    found = set()
    for move in state.legal_moves():
        state.push(move)
        if wins_within(state, player, plies - 1):
            found.add(move)
        state.undo()
    return found


def loses_within(state: State[Any], player: int, plies: int) -> bool:
    """True if the opponent of `player` can force a win against `player` within `plies` plies."""
    who = state.to_move
    if who == TERMINAL:
        return state.returns()[player] < 0
    if plies == 0:
        return False
    results = []
    for move in state.legal_moves():
        state.push(move)
        results.append(loses_within(state, player, plies - 1))
        state.undo()
    if who == player:
        return all(results)
    if who == CHANCE:
        return all(results)
    return any(results)
