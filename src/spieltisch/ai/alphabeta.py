"""Alpha-beta search with iterative deepening, a transposition table, killer and history
move ordering on top of the game's `order_moves`, and expectimax at chance nodes.

Values are negamax values, but the sign follows `to_move` rather than alternating: a
child where the same player moves again keeps the value and the window as they are, so
multi-step turns need nothing special. Chance nodes take the probability-weighted mean
of their outcomes (searched with a full window). Wins count more the sooner they come.
"""

from __future__ import annotations

import math
from typing import Any

from spieltisch.ai.agent import Agent, Budget, Deadline, SearchTimeout
from spieltisch.core.game import CHANCE, TERMINAL, State

#: The value of a win found at the root; each ply to it costs one point.
WIN = 1000.0
#: `evaluate` (in [-1, 1]) is scaled to this, far below any proven win.
EVAL_SCALE = 100.0
#: A value at least this large is a proven result, not an estimate.
PROVEN = WIN - 200.0
#: The depth searched when no budget is given at all.
DEFAULT_DEPTH = 3
#: The deepest iteration a time-only budget may reach.
MAX_DEPTH = 64
#: Entries of the transposition table before it is cleared.
TABLE_LIMIT = 1 << 20

EXACT, LOWER, UPPER = 0, 1, 2


class AlphaBetaAgent(Agent):
    """Iterative-deepening alpha-beta. Budget: `depth` and/or `seconds` per move.

    With a time budget it returns the best move of the deepest completed iteration. The
    root moves are shuffled (seeded) before ordering, so equal moves are chosen at random.
    """

    def __init__(
        self,
        budget: Budget | None = None,
        *,
        seed: int | None = None,
        shuffle: bool = True,
    ) -> None:
        super().__init__(seed)
        budget = budget or Budget()
        if budget.depth is None and budget.seconds is None:
            budget = Budget(depth=DEFAULT_DEPTH)
        self.budget = budget
        self.shuffle = shuffle
        #: key -> (player, depth, flag, value, best move, whether the value rests on a horizon)
        self.table: dict[int, tuple[int, int, int, float, Any, bool]] = {}
        self.killers: list[list[Any]] = []
        self.history: dict[Any, int] = {}
        self.nodes = 0
        self._deadline = Deadline(None)
        self._horizon = False
        parts = []
        if budget.depth is not None:
            parts.append(f"depth={budget.depth}")
        if budget.seconds is not None:
            parts.append(f"time={budget.seconds:g}")
        if seed is not None:
            parts.append(f"seed={seed}")
        self.spec = "alphabeta:" + ",".join(parts)

    def new_game(self) -> None:
        self.table.clear()
        self.history.clear()
        self.killers = []

    def select(self, state: State[Any]) -> Any:
        if state.is_chance():
            return state.sample_chance(self.rng)
        moves = state.legal_moves()
        if not moves:
            raise ValueError("no legal move: the game is over")
        deadline = Deadline(self.budget.seconds, self.clock)
        self._deadline = deadline
        self.nodes = 0
        if len(self.table) > TABLE_LIMIT:
            self.table.clear()
        for name in list(self.history):
            self.history[name] >>= 2
        if self.shuffle:
            self.rng.shuffle(moves)
        moves = state.order_moves(moves)
        best_move = moves[0]
        best_value = 0.0
        reached = 0
        max_depth = self.budget.depth if self.budget.depth is not None else MAX_DEPTH
        if len(moves) > 1:
            for depth in range(1, max_depth + 1):
                self._horizon = False
                try:
                    value, move = self._root(state.copy(), moves, depth)
                except SearchTimeout:
                    break
                best_value, best_move, reached = value, move, depth
                moves.remove(move)
                moves.insert(0, move)
                if abs(value) >= PROVEN or not self._horizon:
                    break  # solved: deeper search cannot change the verdict
                seconds = self.budget.seconds
                if seconds is not None and deadline.elapsed() > 0.4 * seconds:
                    break  # the next iteration would very likely not finish in time
        self.stats = {
            "depth": reached,
            "nodes": self.nodes,
            "value": best_value,
            "seconds": deadline.elapsed(),
        }
        return best_move

    def _root(self, state: State[Any], moves: list[Any], depth: int) -> tuple[float, Any]:
        me = state.to_move
        best_value = -math.inf
        best_move = moves[0]
        alpha = -math.inf
        for move in moves:
            state.push(move)
            value = self._search(state, depth - 1, alpha, math.inf, me, 1)
            state.undo()
            if value > best_value:
                best_value, best_move = value, move
                alpha = max(alpha, value)
        return best_value, best_move

    def _search(
        self, state: State[Any], depth: int, alpha: float, beta: float, me: int, ply: int
    ) -> float:
        """The value of `state` for player `me` (searched `depth` plies more).

        A position whose mover is not `me` is searched once, as the mover, and negated:
        the node is counted only there, so `nodes` counts every position entered once.
        """
        player = state.to_move
        if player >= 0 and player != me:
            return -self._search(state, depth, -beta, -alpha, player, ply)
        self.nodes += 1
        if self.nodes & 511 == 0 and self._deadline.expired():
            raise SearchTimeout
        if player == TERMINAL:
            return state.returns()[me] * (WIN - ply)
        if player == CHANCE:
            total = 0.0
            for outcome, probability in state.chance_outcomes():
                state.push(outcome)
                total += probability * self._search(state, depth, -math.inf, math.inf, me, ply + 1)
                state.undo()
            return total
        if depth <= 0:
            self._horizon = True
            return state.evaluate(me) * EVAL_SCALE
        key = state.hash_key()
        entry = self.table.get(key)
        table_move: Any = None
        if entry is not None and entry[0] == player:
            _, stored_depth, flag, stored, table_move, horizon = entry
            if stored_depth >= depth:
                # A value taken from the table stands for the subtree searched then: if that
                # subtree met the horizon, so does this iteration (else it would stop as
                # solved on an estimate).
                if flag == EXACT:
                    self._horizon |= horizon
                    return stored
                if flag == LOWER:
                    alpha = max(alpha, stored)
                elif flag == UPPER:
                    beta = min(beta, stored)
                if alpha >= beta:
                    self._horizon |= horizon
                    return stored
        outer_horizon = self._horizon
        self._horizon = False
        moves = self._order(state, state.legal_moves(), table_move, ply)
        start_alpha = alpha
        best_value = -math.inf
        best_move: Any = None
        for move in moves:
            state.push(move)
            value = self._search(state, depth - 1, alpha, beta, me, ply + 1)
            state.undo()
            if value > best_value:
                best_value, best_move = value, move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        self._reward(move, depth, ply)
                        break
        flag = UPPER if best_value <= start_alpha else LOWER if best_value >= beta else EXACT
        horizon = self._horizon
        self._horizon = outer_horizon or horizon
        self.table[key] = (player, depth, flag, best_value, best_move, horizon)
        return best_value

    def _reward(self, move: Any, depth: int, ply: int) -> None:
        """Remember a move that caused a cut-off (killer at this ply, history overall)."""
        killers = self.killers
        while len(killers) <= ply:
            killers.append([])
        slot = killers[ply]
        if move not in slot:
            slot.insert(0, move)
            del slot[2:]
        self.history[move] = self.history.get(move, 0) + depth * depth

    def _order(self, state: State[Any], moves: list[Any], first: Any, ply: int) -> list[Any]:
        """The table move, then killers, then the rest by history (ties: the game's order)."""
        moves = state.order_moves(moves)
        history = self.history
        if history:
            moves.sort(key=lambda m: -history.get(m, 0))
        killers = self.killers[ply] if ply < len(self.killers) else ()
        for killer in reversed(killers):
            if killer != first and killer in moves:
                moves.remove(killer)
                moves.insert(0, killer)
        if first is not None and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        return moves
