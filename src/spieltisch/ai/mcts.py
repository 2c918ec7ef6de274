"""Monte Carlo tree search (UCT) on the common API.

Values are kept from player 0's point of view, so any order of turns works (the same
player moving several times in a row, chance events in between). Chance nodes draw their
outcome with its probability (sampling). Finished games found in the tree are solved and
the proof is passed up (a win for the player to move proves its node; a node whose
children are all proven takes their best value). The tree is kept between moves and
reused when the next position lies in it. Leaves are valued by a random playout, or by
the game's `evaluate` after `rollout_depth` random plies.
"""

from __future__ import annotations

import math
from typing import Any

from spieltisch.ai.agent import Agent, Budget, Deadline
from spieltisch.core.game import CHANCE, TERMINAL, State

#: Iterations per move when no budget is given at all.
DEFAULT_ITERATIONS = 1000


class Node:
    """One position of the tree: whose turn, statistics, children by move."""

    __slots__ = ("children", "outcomes", "player", "proven", "untried", "value", "visits")

    def __init__(self, state: State[Any]) -> None:
        player = state.to_move
        self.player = player
        self.children: dict[Any, Node] = {}
        self.visits = 0
        #: Sum of player 0's values over the visits.
        self.value = 0.0
        #: Player 0's exact value once solved, else None.
        self.proven: float | None = None
        self.untried: list[Any] = []
        self.outcomes: dict[Any, float] = {}
        if player == TERMINAL:
            self.proven = state.returns()[0]
        elif player == CHANCE:
            self.outcomes = dict(state.chance_outcomes())
        else:
            moves = state.order_moves(state.legal_moves())
            # Try the game's preferred moves first: `untried` is popped from the end.
            moves.reverse()
            self.untried = moves


class MCTSAgent(Agent):
    """UCT with exploration constant `c`.

    Budget: `iterations` and/or `seconds` per move (default 1000 iterations).
    `rollout_depth=None` plays leaves out to the end; `k` plays at most k random plies and
    then asks `evaluate`. `reuse` keeps the tree between moves.
    """

    def __init__(
        self,
        budget: Budget | None = None,
        *,
        c: float = 1.4,
        rollout_depth: int | None = None,
        reuse: bool = True,
        seed: int | None = None,
    ) -> None:
        super().__init__(seed)
        budget = budget or Budget()
        if budget.iterations is None and budget.seconds is None:
            budget = Budget(iterations=DEFAULT_ITERATIONS)
        self.budget = budget
        self.c = c
        self.rollout_depth = rollout_depth
        self.reuse = reuse
        self._root: Node | None = None
        self._root_history: list[Any] = []
        self._root_text = ""
        parts = [f"c={c:g}"]
        if budget.iterations is not None:
            parts.append(f"iterations={budget.iterations}")
        if budget.seconds is not None:
            parts.append(f"time={budget.seconds:g}")
        if rollout_depth is not None:
            parts.append(f"rollout={rollout_depth}")
        if not reuse:
            parts.append("reuse=0")
        if seed is not None:
            parts.append(f"seed={seed}")
        self.spec = "mcts:" + ",".join(parts)

    def new_game(self) -> None:
        self._root = None
        self._root_history = []

    # --- the tree kept between moves ----------------------------------------------------

    def _find_root(self, state: State[Any]) -> Node:
        """The node of `state` in the kept tree, or a new root."""
        root = self._root
        history = state.history()
        old = self._root_history
        if (
            self.reuse
            and root is not None
            and len(history) >= len(old)
            and history[: len(old)] == old
        ):
            back = state.copy()
            for _ in range(len(history) - len(old)):
                back.undo()
            if back.text() == self._root_text:
                node: Node | None = root
                for move in history[len(old) :]:
                    node = node.children.get(move) if node is not None else None
                if node is not None and node.player == state.to_move:
                    self._keep(node, state)
                    return node
        node = Node(state)
        self._keep(node, state)
        return node

    def _keep(self, node: Node, state: State[Any]) -> None:
        self._root = node
        self._root_history = state.history()
        self._root_text = state.text()

    # --- search -------------------------------------------------------------------------

    def select(self, state: State[Any]) -> Any:
        if state.is_chance():
            return state.sample_chance(self.rng)
        moves = state.legal_moves()
        if not moves:
            raise ValueError("no legal move: the game is over")
        root = self._find_root(state)
        reused = root.visits
        if len(moves) == 1:
            self.stats = {"iterations": 0, "reused": reused, "seconds": 0.0}
            return moves[0]
        work = state.copy()
        deadline = Deadline(self.budget.seconds, self.clock)
        limit = self.budget.iterations
        done = 0
        while root.proven is None:
            if limit is not None and done >= limit:
                break
            if deadline.expired():
                break
            self._iterate(root, work)
            done += 1
        best = self._best_child(root)
        self.stats = {
            "iterations": done,
            "reused": reused,
            "seconds": deadline.elapsed(),
            "visits": root.visits,
            "proven": root.proven,
        }
        return best

    def _best_child(self, root: Node) -> Any:
        player = root.player
        sign = 1.0 if player == 0 else -1.0
        best_move: Any = None
        best_key: tuple[float, float, float] | None = None
        for move, child in root.children.items():
            mean = sign * child.value / child.visits if child.visits else 0.0
            key = (0.0, float(child.visits), mean)
            if child.proven is not None:
                proven = sign * child.proven
                if proven >= 1.0:  # a proven win beats everything
                    key = (2.0, 0.0, 0.0)
                elif proven <= -1.0:  # a proven loss comes after every other move
                    key = (-1.0, float(child.visits), proven)
                else:
                    key = (0.0, float(child.visits), proven)
            if best_key is None or key > best_key:
                best_key, best_move = key, move
        if best_move is None:
            best_move = root.untried[-1]
        return best_move

    def _iterate(self, root: Node, state: State[Any]) -> None:
        """One selection-expansion-playout-backup pass; `state` is restored afterwards."""
        rng = self.rng
        c = self.c
        path = [root]
        node = root
        pushed = 0
        value: float
        while True:
            if node.proven is not None:
                value = node.proven
                break
            if node.player == CHANCE:
                move = state.sample_chance(rng)
                child = node.children.get(move)
                state.push(move)
                pushed += 1
                if child is None:
                    child = Node(state)
                    node.children[move] = child
                    path.append(child)
                    value = self._playout(state, child)
                    break
                node = child
                path.append(node)
                continue
            if node.untried:
                move = node.untried.pop()
                state.push(move)
                pushed += 1
                child = Node(state)
                node.children[move] = child
                path.append(child)
                value = self._playout(state, child)
                break
            sign = 1.0 if node.player == 0 else -1.0
            log_n = math.log(node.visits) if node.visits > 0 else 0.0
            best_score = -math.inf
            best_move: Any = None
            best_child: Node | None = None
            for move, child in node.children.items():
                if child.proven is not None:
                    score = sign * child.proven + (
                        c * math.sqrt(log_n / child.visits) if child.visits else 0.0
                    )
                elif child.visits == 0:
                    score = math.inf
                else:
                    score = sign * child.value / child.visits + c * math.sqrt(log_n / child.visits)
                if score > best_score:
                    best_score, best_move, best_child = score, move, child
            if best_child is None:  # no moves at all: cannot happen for a non-terminal node
                value = 0.0
                break
            state.push(best_move)
            pushed += 1
            node = best_child
            path.append(node)
        for _ in range(pushed):
            state.undo()
        for visited in path:
            visited.visits += 1
            visited.value += value
        for index in range(len(path) - 1, -1, -1):
            if not self._solve(path[index]):
                break

    def _solve(self, node: Node) -> bool:
        """Try to prove `node` from its children; True if it is (now) proven."""
        if node.proven is not None:
            return True
        children = node.children
        if node.player == CHANCE:
            if len(children) < len(node.outcomes):
                return False
            total = 0.0
            for move, probability in node.outcomes.items():
                proven = children[move].proven
                if proven is None:
                    return False
                total += probability * proven
            node.proven = total
            return True
        sign = 1.0 if node.player == 0 else -1.0
        best = -math.inf
        complete = not node.untried
        for child in children.values():
            proven = child.proven
            if proven is None:
                complete = False
                continue
            if sign * proven >= 1.0:
                node.proven = proven
                return True
            best = max(best, sign * proven)
        if complete and best > -math.inf:
            node.proven = sign * best
            return True
        return False

    def _playout(self, state: State[Any], leaf: Node) -> float:
        """Player 0's value of the new leaf: its proof, a random playout, or `evaluate`."""
        if leaf.proven is not None:
            return leaf.proven
        rng = self.rng
        limit = self.rollout_depth
        steps = 0
        while True:
            player = state.to_move
            if player == TERMINAL:
                value = state.returns()[0]
                break
            if limit is not None and steps >= limit:
                value = state.evaluate(0)
                break
            if player == CHANCE:
                state.push(state.sample_chance(rng))
            else:
                state.push(rng.choice(state.legal_moves()))
            steps += 1
        for _ in range(steps):
            state.undo()
        return value
