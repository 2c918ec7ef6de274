"""Self-play training: games played by PUCT search with the current network, the
network trained on their positions (policy towards the search's visit counts, value
towards the game's result), checkpoints written as it goes.

One process, `parallel` games at once so that the network evaluates the leaves of all
of them in one batch; the chance events of self-play games are drawn from the run's
seed. The run is bounded by CPU minutes of the process (`time.process_time`, so a busy
machine does not shorten the training a run reports), and optionally by wall-clock
minutes as well.
"""

from __future__ import annotations

import json
import random
import time
from collections import deque
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import torch

from spieltisch.core.chance import MAX_SEED
from spieltisch.core.game import Game, State
from spieltisch.learn.evaluator import NetEvaluator
from spieltisch.learn.frame import framed
from spieltisch.learn.net import (
    NetConfig,
    PolicyValueNet,
    mean_losses,
    new_net,
    save_checkpoint,
    train_step,
)
from spieltisch.learn.puct import Node, search, visit_policy
from spieltisch.native.batch import has_line, why_not
from spieltisch.native.state import NativeState


@dataclass(frozen=True)
class TrainConfig:
    """The knobs of a run (defaults sized for a CPU and a few minutes to an hour)."""

    #: CPU minutes of training (the process's CPU time, all its threads).
    minutes: float = 10.0
    #: A wall-clock limit as well (None: none).
    wall_minutes: float | None = None
    simulations: int = 32
    parallel: int = 16
    batch: int = 256
    buffer: int = 40_000
    #: New positions per training step (each position is sampled about batch/this times).
    positions_per_step: int = 32
    learning_rate: float = 1e-3
    weight_decay: float = 1e-4
    c: float = 1.5
    dirichlet: float = 0.3
    noise_share: float = 0.25
    #: Plies in which a self-play move is drawn in proportion to the visits (then the
    #: most visited move is played).
    sample_plies: int = 12
    checkpoint_minutes: float = 2.0
    seed: int = 0
    threads: int = 1
    #: The engine of the self-play games: "native" (the C++ engine through
    #: `spieltisch.native.state.NativeState`; the same moves in the same order and the
    #: same observations, so the same games, only faster), "python", or "auto" (native
    #: where the build has it for the game and its options).
    engine: str = "auto"


@dataclass
class Example:
    """One position of a self-play game: what the network saw and should have said."""

    obs: np.ndarray[Any, np.dtype[np.float32]]
    actions: np.ndarray[Any, np.dtype[np.int64]]
    policy: np.ndarray[Any, np.dtype[np.float32]]
    player: int
    value: float = 0.0


class SelfPlayGame:
    """One game in progress with its search tree and the examples gathered so far."""

    def __init__(self, game: Game[Any, Any], seed: int, *, native: bool = False) -> None:
        self.seed = seed
        self.state: State[Any] = game.new_state(seed)
        self.rng = random.Random(seed)
        self.root = Node()
        self.examples: list[Example] = []
        self._chance()
        if native:  # set up (and its chance drawn) in Python, then played natively
            self.state = NativeState.of(self.state)

    def _chance(self) -> None:
        while self.state.is_chance():
            move = self.state.sample_chance(self.rng)
            self.state.push(move)
            self.root = (self.root.outcomes or {}).get(move) or Node()

    def push(self, move: Any) -> None:
        """Play `move` (not chosen by the tree: the tree starts afresh)."""
        self.state.push(move)
        self.root = Node()
        self._chance()

    def play(self, index: int) -> None:
        """Play root move `index` and keep its subtree as the new root."""
        root = self.root
        assert root.moves is not None
        self.state.push(root.moves[index])
        self.root = root.children[index] or Node()
        self._chance()


class Trainer:
    """A self-play training run (see the module); `run` trains until the time is up."""

    def __init__(
        self,
        game: Game[Any, Any],
        out: Path,
        config: TrainConfig,
        *,
        net_config: NetConfig | None = None,
        checkpoints: Path | None = None,
        log: Callable[[str], None] | None = None,
    ) -> None:
        self.game = game
        self.out = out
        self.config = config
        self.checkpoints = checkpoints
        self.log = log or (lambda _line: None)
        torch.manual_seed(config.seed)
        self.net: PolicyValueNet = new_net(game, net_config)
        self.net.eval()
        self.optimizer = torch.optim.AdamW(
            self.net.parameters(), lr=config.learning_rate, weight_decay=config.weight_decay
        )
        self.evaluate = NetEvaluator(self.net)
        if config.engine not in ("auto", "native", "python"):
            raise ValueError("engine must be 'auto', 'native' or 'python'")
        self.native = config.engine != "python" and has_line(game)
        if config.engine == "native" and not self.native:
            raise ValueError(f"no native engine for self-play: {why_not(game, line=True)}")
        self.buffer: deque[Example] = deque(maxlen=config.buffer)
        self.seeds = random.Random(config.seed)
        self.noise_rng = np.random.default_rng(config.seed)
        self.search_rng = random.Random(config.seed + 1)
        self.games_done = 0
        self.positions = 0
        self.steps = 0
        self.results = [0, 0, 0]  # wins of player 0, of player 1, draws
        self.losses: deque[tuple[float, float]] = deque(maxlen=50)
        self.started = 0.0
        self.wall_started = 0.0
        self.history: list[dict[str, Any]] = []

    def elapsed_minutes(self) -> float:
        """CPU minutes since the run started."""
        return (time.process_time() - self.started) / 60.0

    def _time_left(self) -> bool:
        config = self.config
        if config.wall_minutes is not None and (
            time.perf_counter() - self.wall_started >= config.wall_minutes * 60.0
        ):
            return False
        return self.elapsed_minutes() < config.minutes

    def run(self) -> Path:
        """Train for `config.minutes`, writing a checkpoint every `checkpoint_minutes` (to
        `checkpoints/`, when given) and the final network to `out`; returns `out`."""
        config = self.config
        torch.set_num_threads(max(1, config.threads))
        self.started = time.process_time()
        self.wall_started = time.perf_counter()
        next_checkpoint = config.checkpoint_minutes
        games = [self._new_game() for _ in range(config.parallel)]
        self._checkpoint(final=False)
        pending_positions = 0
        while self._time_left():
            self._move(games)
            pending_positions += len(games)
            while (
                pending_positions >= config.positions_per_step and len(self.buffer) >= config.batch
            ):
                pending_positions -= config.positions_per_step
                self._train_step()
            if self.elapsed_minutes() >= next_checkpoint:
                self._checkpoint(final=False)
                next_checkpoint += config.checkpoint_minutes
        self._checkpoint(final=True)
        return self.out

    # --- self-play ----------------------------------------------------------------------

    def _new_game(self) -> SelfPlayGame:
        return SelfPlayGame(self.game, self.seeds.randrange(MAX_SEED), native=self.native)

    def _move(self, games: list[SelfPlayGame]) -> None:
        """One search in every game, then one move in each; finished games are replaced."""
        config = self.config
        for entry in games:
            entry.root.add_noise(self.noise_rng, config.dirichlet, config.noise_share)
        search(
            [g.root for g in games],
            [g.state for g in games],
            config.simulations,
            self.evaluate,
            self.search_rng,
            c=config.c,
            noise=(self.noise_rng, config.dirichlet, config.noise_share),
        )
        for slot, entry in enumerate(games):
            root = entry.root
            assert root.moves is not None
            policy = visit_policy(root)
            state = entry.state
            entry.examples.append(
                Example(
                    np.asarray(state.observation(), dtype=np.float32).reshape(
                        self.game.observation_shape
                    ),
                    framed(self.game, state.to_move, [state.action_id(m) for m in root.moves]),
                    policy.astype(np.float32),
                    state.to_move,
                )
            )
            if len(state.history()) < config.sample_plies:
                index = int(self.noise_rng.choice(len(policy), p=policy))
            else:
                index = int(np.argmax(policy))
            entry.play(index)
            self.positions += 1
            if entry.state.is_over():
                self._finish(entry)
                games[slot] = self._new_game()

    def _finish(self, entry: SelfPlayGame) -> None:
        returns = entry.state.returns()
        for example in entry.examples:
            example.value = returns[example.player]
            self.buffer.append(example)
        winner = entry.state.outcome()
        self.results[2 if winner is None or winner.winner is None else winner.winner] += 1
        self.games_done += 1

    # --- learning -----------------------------------------------------------------------

    def _train_step(self) -> None:
        config = self.config
        picks = self.noise_rng.integers(0, len(self.buffer), size=config.batch)
        batch = [self.buffer[int(i)] for i in picks]
        obs = torch.from_numpy(np.stack([e.obs for e in batch]))
        target = torch.zeros(config.batch, self.game.num_actions)
        legal = torch.zeros(config.batch, self.game.num_actions, dtype=torch.bool)
        for row, example in enumerate(batch):
            ids = torch.from_numpy(example.actions)
            target[row, ids] = torch.from_numpy(example.policy)
            legal[row, ids] = True
        values = torch.tensor([e.value for e in batch], dtype=torch.float32)
        self.losses.append(train_step(self.net, self.optimizer, obs, legal, target, values))
        self.steps += 1

    # --- checkpoints --------------------------------------------------------------------

    def _meta(self) -> dict[str, Any]:
        return {
            "minutes": round(self.elapsed_minutes(), 3),
            "wall_minutes": round((time.perf_counter() - self.wall_started) / 60.0, 3),
            "games": self.games_done,
            "positions": self.positions,
            "steps": self.steps,
            **mean_losses(self.losses),
            "results": list(self.results),
            "config": json.dumps(asdict(self.config), sort_keys=True),
        }

    def _checkpoint(self, *, final: bool) -> None:
        meta = self._meta()
        self.history.append(meta)
        if self.checkpoints is not None:
            name = f"checkpoint-{meta['minutes']:07.2f}min.pt"
            save_checkpoint(self.checkpoints / name, self.net, self.game, meta)
            with (self.checkpoints / "log.jsonl").open("a", encoding="utf-8") as handle:
                handle.write(json.dumps(meta, sort_keys=True) + "\n")
        if final:
            save_checkpoint(self.out, self.net, self.game, meta)
        self.log(
            f"{meta['minutes']:6.1f} min  games {meta['games']:5d}  positions "
            f"{meta['positions']:7d}  steps {meta['steps']:5d}  policy loss "
            f"{meta['policy_loss']:.3f}  value loss {meta['value_loss']:.3f}"
        )
