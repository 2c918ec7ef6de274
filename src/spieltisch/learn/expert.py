"""Expert iteration's data: self-play games whose every position is labelled by the
native alpha-beta search (the expert), for the network (the apprentice) to learn from.

A data-generation task (`play_shard`, run in a worker process) plays games until it has
`shard_positions` positions and writes them as one replay shard (`spieltisch.learn.replay`):
- without a network (the run's first phase) the expert plays: the search's best move,
  a uniformly random legal move in the first `random_plies` plies and with probability
  `explore` later, so that the games spread; its searches keep their table from one
  position of a game to the next, as an agent's do between moves;
- with a network the apprentice plays: PUCT self-play guided by the network, as in
  AlphaZero (`spieltisch.learn.puct`), `parallel` games at once with their leaves in one
  network batch, the first `sample_plies` plies drawn by the visits, then the most
  visited move; so the expert labels the positions the network itself reaches (when
  the game has ended, one position after another, keeping its table as above).
Every decision position gets the search's label: the policy target is the search's best
move (with `multipv` > 1 a softmax over the principal variations' scores at
`temperature` engine units), mixed with the PUCT visits by `visit_weight` where the
apprentice played; the value target is the search's score (squashed at training time),
blended with the game's result.
"""

from __future__ import annotations

import itertools
import math
import os
import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from spieltisch.core.game import Game, State
from spieltisch.core.registry import load
from spieltisch.learn.frame import framed
from spieltisch.learn.replay import TOP, Shard, policy_row
from spieltisch.native import looks_back
from spieltisch.native.batch import has_line
from spieltisch.native.search import PROVEN, WIN, game_line, search


@dataclass(frozen=True)
class ExpertConfig:
    """The knobs of an expert-iteration run (`spieltisch expert`; docs/envs.md)."""

    #: CPU minutes of the whole run: every process's CPU time (workers and learner).
    minutes: float = 60.0
    #: A wall-clock limit as well (None: none).
    wall_minutes: float | None = None
    #: Data-generation processes (None: one per core; 0: in the learner's own process,
    #: one task after another, for tests and debugging).
    workers: int | None = None
    #: The network's device for training ("cpu", "cuda"); workers search on the CPU.
    device: str = "cpu"
    #: The expert: the native search's depth per label, MultiPV lines, a time cap per label.
    depth: int = 7
    multipv: int = 1
    label_seconds: float = 2.0
    #: Engine units per unit of the MultiPV softmax.
    temperature: float = 200.0
    #: Share of the budget (CPU minutes, or wall-clock minutes where that limit comes
    #: first) in which the expert plays the games; after it the apprentice does (PUCT
    #: with the network).
    expert_share: float = 0.5
    random_plies: int = 4
    explore: float = 0.1
    #: The apprentice's PUCT self-play.
    sims: int = 64
    parallel: int = 16
    c: float = 1.5
    dirichlet: float = 0.3
    noise_share: float = 0.25
    sample_plies: int = 8
    visit_weight: float = 0.2
    #: Positions per data-generation task (one shard).
    shard_positions: int = 400
    #: Training: batch size, times each new position is sampled on average, replay size.
    batch: int = 256
    reuse: float = 4.0
    replay: int = 300_000
    learning_rate: float = 1e-3
    weight_decay: float = 1e-4
    #: Share of the budget kept at the end for training alone: no new games, the
    #: learning rate falling from `learning_rate` to zero along a half cosine.
    anneal_share: float = 0.1
    #: Value target: weight of the game result against the squashed search score, and
    #: the score's scale (engine units for tanh; 0: the mean |score| of the first data).
    result_weight: float = 0.25
    value_scale: float = 0.0
    checkpoint_minutes: float = 5.0
    seed: int = 0
    #: Mirror each training position with probability 1/2 where the game has a mirror
    #: symmetry (`Game.reflection`; Ostseeschach and Schachogi).
    reflect: bool = True

    def worker_count(self) -> int:
        return max(0, self.workers if self.workers is not None else os.cpu_count() or 1)


@dataclass(frozen=True)
class ShardTask:
    """One data-generation task for a worker."""

    game: str
    options: str
    seed: int
    out: Path
    config: ExpertConfig
    #: The network the apprentice plays with (None: the expert plays).
    net: Path | None = None


@dataclass(frozen=True)
class ShardDone:
    """What a task made: its shard, positions, finished games with their results (wins
    of player 0, of player 1, draws), and the worker's process id and CPU seconds so far."""

    out: Path
    positions: int
    games: int
    results: tuple[int, int, int]
    pid: int
    cpu_seconds: float


@dataclass
class Label:
    """The expert's view of a position: policy target (action -> weight) and score."""

    policy: dict[int, float]
    score: float
    best: int
    #: Positions the search visited for it.
    nodes: int = 0


def _uses_native_line(game: Game[Any, Any]) -> bool:
    # The native line knows no earlier positions, so a game whose rules look back over
    # the game (a repetition rule) plays on the Python engine, which can name its history.
    return has_line(game) and not looks_back(game)


#: An apprentice game's positions waiting for their labels, each with its PUCT visits as
#: (action, share) pairs.
_Pending = list[tuple[State[Any], list[tuple[int, float]]]]

#: Table owners for the expert's games in this process (`label`'s `game_id`).
_GAME_IDS = itertools.count(1)


def label(state: State[Any], config: ExpertConfig, game_id: int = 0) -> Label:
    """The native search's label of `state` (a decision position; see the module). With a
    `game_id` (above 0, one per game) the search keeps its table from the game's earlier
    labels, as an agent keeps it between its moves; 0 searches from an empty table."""
    game = state.game
    text, moves = game_line(state)
    found = search(
        game,
        text,
        moves=moves,
        depth=config.depth,
        time=config.label_seconds,
        multipv=max(1, config.multipv),
        keep_table=game_id > 0,
        table_owner=game_id,
    )
    lines = found.lines or ()
    scored: list[tuple[int, float]] = []
    for line in lines:
        if line.pv:
            scored.append((state.action_id(state.parse_move(line.pv[0])), float(line.score)))
    if not scored:
        if found.best is None:
            raise ValueError(f"the search found no move in {text!r}")
        scored = [(state.action_id(state.parse_move(found.best)), float(found.score))]
    top = max(s for _, s in scored)
    weights = {
        action: math.exp(max(-50.0, (s - top) / max(config.temperature, 1e-9)))
        for action, s in scored
    }
    total = sum(weights.values())
    best = scored[0][0]
    score = float(max(-WIN, min(WIN, scored[0][1])))
    return Label({a: w / total for a, w in weights.items()}, score, best, found.nodes)


class _Positions:
    """The rows of a shard as they are gathered; results filled in when a game ends."""

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game
        self.obs: list[np.ndarray[Any, Any]] = []
        self.legal: list[np.ndarray[Any, Any]] = []
        self.actions: list[list[int]] = []
        self.probs: list[list[float]] = []
        self.score: list[float] = []
        self.result: list[float] = []
        self.player: list[int] = []

    def add(self, state: State[Any], policy: dict[int, float], score: float) -> int:
        # Ids in the mover's frame, as the network names its moves (`learn.frame`).
        player = state.to_move
        mask = np.zeros(self.game.num_actions, np.uint8)
        mask[framed(self.game, player, [state.action_id(m) for m in state.legal_moves()])] = 1
        self.obs.append(
            np.asarray(state.observation(), dtype=np.float16).reshape(self.game.observation_shape)
        )
        self.legal.append(np.packbits(mask))
        turned = framed(self.game, player, list(policy)).tolist()
        ids, probs = policy_row(dict(zip(turned, policy.values(), strict=True)))
        self.actions.append(ids)
        self.probs.append(probs)
        self.score.append(score)
        self.result.append(0.0)
        self.player.append(state.to_move)
        return len(self.score) - 1

    def finish(self, rows: list[int], returns: tuple[float, float]) -> None:
        for row in rows:
            self.result[row] = float(returns[self.player[row]])

    def __len__(self) -> int:
        return len(self.score)

    def shard(self) -> Shard:
        shape = (0, *self.game.observation_shape)
        return Shard(
            np.stack(self.obs) if self.obs else np.zeros(shape, np.float16),
            np.stack(self.legal),
            np.asarray(self.actions, np.int32).reshape(-1, TOP),
            np.asarray(self.probs, np.float32).reshape(-1, TOP),
            np.asarray(self.score, np.float32),
            np.asarray(self.result, np.float32),
        )


def _tally(results: list[int], state: State[Any]) -> None:
    outcome = state.outcome()
    results[2 if outcome is None or outcome.winner is None else outcome.winner] += 1


def _expert_games(
    game: Game[Any, Any], task: ShardTask, rows: _Positions, results: list[int]
) -> int:
    """Games played by the expert until the shard is full; returns the games finished."""
    from spieltisch.learn.train import SelfPlayGame

    config = task.config
    rng = random.Random(task.seed)
    games = 0
    while len(rows) < config.shard_positions:
        entry = SelfPlayGame(game, rng.randrange(2**62), native=_uses_native_line(game))
        game_id = next(_GAME_IDS)
        mine: list[int] = []
        plies = 0
        while not entry.state.is_over():
            state = entry.state
            found = label(state, config, game_id)
            mine.append(rows.add(state, found.policy, found.score))
            legal = state.legal_moves()
            if plies < config.random_plies or rng.random() < config.explore:
                move = rng.choice(legal)
            else:
                move = state.action_move(found.best)
            entry.push(move)
            plies += 1
        rows.finish(mine, entry.state.returns())
        _tally(results, entry.state)
        games += 1
    return games


def _apprentice_games(
    game: Game[Any, Any], task: ShardTask, rows: _Positions, results: list[int]
) -> int:
    """PUCT self-play with the network until the shard is full; returns games finished."""
    from spieltisch.learn.evaluator import NetEvaluator
    from spieltisch.learn.puct import search as puct_search
    from spieltisch.learn.puct import visit_policy
    from spieltisch.learn.train import SelfPlayGame

    assert task.net is not None
    config = task.config
    evaluate = NetEvaluator(_network(task.net))
    rng = random.Random(task.seed)
    noise_rng = np.random.default_rng(task.seed)
    native = _uses_native_line(game)
    games = 0
    # Each game's positions wait with their visits until it ends; then the expert labels
    # them one after another with one table, as in its own games (`_label_game`).
    playing: list[tuple[Any, _Pending]] = [
        (SelfPlayGame(game, rng.randrange(2**62), native=native), [])
        for _ in range(max(1, config.parallel))
    ]
    while playing:
        for entry, _ in playing:
            entry.root.add_noise(noise_rng, config.dirichlet, config.noise_share)
        puct_search(
            [entry.root for entry, _ in playing],
            [entry.state for entry, _ in playing],
            config.sims,
            evaluate,
            rng,
            c=config.c,
            noise=(noise_rng, config.dirichlet, config.noise_share),
        )
        still: list[tuple[Any, _Pending]] = []
        for entry, pending in playing:
            state = entry.state
            root = entry.root
            assert root.moves is not None
            visits = visit_policy(root)
            shares = [
                (state.action_id(move), float(share))
                for move, share in zip(root.moves, visits, strict=True)
            ]
            pending.append((state.copy(), shares))
            if len(state.history()) < config.sample_plies:
                index = int(noise_rng.choice(len(visits), p=visits))
            else:
                index = int(np.argmax(visits))
            entry.play(index)
            if entry.state.is_over():
                _label_game(pending, config, rows, entry.state.returns())
                pending.clear()
                _tally(results, entry.state)
                games += 1
                waiting = sum(len(other) for _, other in playing)
                if len(rows) + waiting < config.shard_positions:
                    still.append((SelfPlayGame(game, rng.randrange(2**62), native=native), []))
            else:
                still.append((entry, pending))
        playing = still
    return games


def _label_game(
    pending: _Pending,
    config: ExpertConfig,
    rows: _Positions,
    returns: tuple[float, float],
) -> None:
    """The positions of a finished apprentice game as rows: the expert's label of each
    (one table for the game) mixed with the PUCT visits by `visit_weight`."""
    game_id = next(_GAME_IDS)
    mine: list[int] = []
    for state, shares in pending:
        found = label(state, config, game_id)
        policy = {a: (1.0 - config.visit_weight) * p for a, p in found.policy.items()}
        for action, share in shares:
            policy[action] = policy.get(action, 0.0) + config.visit_weight * share
        mine.append(rows.add(state, policy, found.score))
    rows.finish(mine, returns)


_NETS: dict[tuple[str, int], Any] = {}


def _network(path: Path) -> Any:
    """The network of a checkpoint for inference, read once per file version in this
    worker."""
    from spieltisch.learn.evaluator import frozen
    from spieltisch.learn.net import load_checkpoint

    key = (str(path), path.stat().st_mtime_ns)
    if key not in _NETS:
        _NETS.clear()
        _NETS[key] = frozen(load_checkpoint(path)[0])
    return _NETS[key]


def init_worker() -> None:
    """A worker process: one PyTorch thread (the workers are the parallelism)."""
    import torch

    torch.set_num_threads(1)
    torch.set_flush_denormal(True)


def play_shard(task: ShardTask) -> ShardDone:
    """Play and label one shard's games (see the module) and write the shard."""
    game = load(task.game, task.options)
    rows = _Positions(game)
    results = [0, 0, 0]
    if task.net is None:
        games = _expert_games(game, task, rows, results)
    else:
        games = _apprentice_games(game, task, rows, results)
    rows.shard().save(task.out)
    return ShardDone(
        task.out,
        len(rows),
        games,
        (results[0], results[1], results[2]),
        os.getpid(),
        time.process_time(),
    )


__all__ = [
    "PROVEN",
    "ExpertConfig",
    "Label",
    "ShardDone",
    "ShardTask",
    "init_worker",
    "label",
    "play_shard",
]
