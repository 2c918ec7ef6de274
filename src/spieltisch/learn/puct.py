"""PUCT search (AlphaZero's tree search) over any game of the common API, for many games
at once: every simulation step descends one path in each game's tree, evaluates all the
leaves in one batch of the network, and backs the values up.

A decision node keeps, per legal move, the prior P, the visits N and the summed value W
from the side of the node's player to move; a chance node keeps one child per outcome
drawn, each drawn with its probability during the descent. A leaf's value is from the
side of its player to move, and each edge on the path adds it with the sign of its own
player, so moves that do not alternate the players (Okard) need nothing special.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any, TypeAlias

import numpy as np

from spieltisch.core.game import State
from spieltisch.learn.frame import framed

#: `evaluate(observations) -> (logits over all actions, values)` for a batch.
Evaluator: TypeAlias = Callable[
    [np.ndarray[Any, np.dtype[np.float32]]],
    tuple[np.ndarray[Any, np.dtype[np.float32]], np.ndarray[Any, np.dtype[np.float32]]],
]


class Node:
    """A node of the search tree (see the module); unexpanded until `moves` is set."""

    __slots__ = ("base", "children", "moves", "n", "outcomes", "player", "prior", "visits", "w")

    def __init__(self) -> None:
        self.player = -1
        self.moves: list[Any] | None = None
        self.prior = np.zeros(0)
        self.base = np.zeros(0)
        self.n = np.zeros(0)
        self.w = np.zeros(0)
        self.children: list[Node | None] = []
        self.outcomes: dict[Any, Node] | None = None
        self.visits = 0

    def expand(self, state: State[Any], logits: np.ndarray[Any, Any], *, mover: bool) -> None:
        """Set the legal moves of `state` with priors from the network's `logits`, which
        name the moves in the mover's frame (`spieltisch.learn.frame`) where `mover` is
        set, by their plain ids where not."""
        moves = state.legal_moves()
        ids = [state.action_id(move) for move in moves]
        if mover:
            ids = framed(state.game, state.to_move, ids).tolist()
        chosen = logits[ids].astype(np.float64)
        chosen = np.exp(chosen - chosen.max())
        self.player = state.to_move
        self.moves = moves
        self.prior = chosen / chosen.sum()
        self.base = self.prior
        self.n = np.zeros(len(moves))
        self.w = np.zeros(len(moves))
        self.children = [None] * len(moves)

    def select(self, c: float, fpu: float | None = None) -> int:
        """The move index with the highest PUCT score. Unvisited moves count as Q = 0,
        or with `fpu` as the mean value of the node's visited moves less `fpu` (Leela
        Chess Zero's first-play urgency: a move the network thinks little of is tried
        after the good ones have been looked at, not whenever the node looks bad)."""
        q = self.w / np.maximum(self.n, 1.0)
        if fpu is not None and self.visits:
            q = np.where(self.n > 0, q, self.w.sum() / self.visits - fpu)
        u = c * self.prior * (math.sqrt(self.visits + 1) / (1.0 + self.n))
        return int(np.argmax(q + u))

    def add_noise(self, rng: np.random.Generator, alpha: float, share: float) -> None:
        """Mix Dirichlet noise into the root's priors (self-play exploration)."""
        if self.moves:
            noise = rng.dirichlet([alpha] * len(self.moves))
            self.prior = (1 - share) * self.base + share * noise

    def child_after(self, index: int) -> Node:
        child = self.children[index]
        if child is None:
            child = self.children[index] = Node()
        return child


Path = list[tuple[Node, int]]


def _descend(
    root: Node, state: State[Any], rng: random.Random, c: float, fpu: float | None
) -> tuple[Path, Node, int]:
    """Walk from the root to a leaf (unexpanded or final), pushing the moves on `state`;
    returns the path of (node, move index), the leaf and the number of moves pushed."""
    node, pushed = root, 0
    path: Path = []
    while True:
        if state.is_over():
            return path, node, pushed
        if state.is_chance():
            if node.outcomes is None:
                node.outcomes = {}
            move = state.sample_chance(rng)
            child = node.outcomes.get(move)
            if child is None:
                child = node.outcomes[move] = Node()
            state.push(move)
            pushed += 1
            node = child
            continue
        if node.moves is None:
            return path, node, pushed
        index = node.select(c, fpu)
        state.push(node.moves[index])
        pushed += 1
        path.append((node, index))
        node = node.child_after(index)


def _backup(path: Path, values: tuple[float, float]) -> None:
    for node, index in path:
        node.n[index] += 1.0
        node.w[index] += values[node.player]
        node.visits += 1


def search(
    roots: Sequence[Node],
    states: Sequence[State[Any]],
    simulations: int,
    evaluate: Evaluator,
    rng: random.Random,
    *,
    c: float = 1.5,
    noise: tuple[np.random.Generator, float, float] | None = None,
    mover: bool = True,
    fpu: float | None = None,
) -> None:
    """Run `simulations` simulations in every (root, state) pair; each state is left as
    it was. `noise` = (generator, alpha, share) mixes Dirichlet noise into each root's
    priors once it is expanded; `mover`: the network's logits are in the mover's frame
    (every network trained since that frame came; `Node.expand`); `fpu`: the value of an
    unvisited move (`Node.select`)."""
    for _ in range(simulations):
        pending: list[tuple[int, Path, Node, int]] = []
        observations = []
        for index, (root, state) in enumerate(zip(roots, states, strict=True)):
            path, leaf, pushed = _descend(root, state, rng, c, fpu)
            if state.is_over():
                _backup(path, state.returns())
                for _ in range(pushed):
                    state.undo()
                continue
            pending.append((index, path, leaf, pushed))
            observations.append(np.asarray(state.observation(), dtype=np.float32))
        if not pending:
            continue
        shape = states[0].game.observation_shape
        logits, values = evaluate(np.stack(observations).reshape(len(pending), *shape))
        for row, (index, path, leaf, pushed) in enumerate(pending):
            state = states[index]
            leaf.expand(state, logits[row], mover=mover)
            if noise is not None and leaf is roots[index]:
                leaf.add_noise(*noise)
            value = float(values[row])
            player = state.to_move
            _backup(path, (value, -value) if player == 0 else (-value, value))
            for _ in range(pushed):
                state.undo()


def visit_policy(root: Node) -> np.ndarray[Any, np.dtype[np.float64]]:
    """The root's visit counts as a distribution over its moves."""
    total = root.n.sum()
    if total <= 0:
        return np.asarray(root.prior, dtype=np.float64)
    return np.asarray(root.n / total, dtype=np.float64)


def best_index(root: Node) -> int:
    """The most visited move (ties: the higher prior)."""
    return int(np.lexsort((root.prior, root.n))[-1])
