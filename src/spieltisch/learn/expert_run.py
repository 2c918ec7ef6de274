"""An expert-iteration run (`spieltisch expert`): worker processes play and label games
(`spieltisch.learn.expert`), the learner process trains the network on the replay as the
shards arrive, and publishes the network to the workers once the apprentice plays.

The run lives in a folder: `replay/` (the shards), `checkpoints/` (a checkpoint every
`checkpoint_minutes` CPU minutes with `log.jsonl`, the format `spieltisch curve` reads),
`current.pt` (the network the workers play with), `state.pt` (network, optimiser and
counters) and `progress.json` (the CPU minutes after every shard), so that `resume=True`
continues a run where its last state left it, with its replay read back from disk and
the CPU time of the shards made since counted. The budget counts the CPU time of every
process of the run: the learner's own and each worker's (reported with every shard), over
all its sessions.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import random
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict
from pathlib import Path
from typing import Any

import numpy as np
import torch

from spieltisch.core.errors import SpieltischError
from spieltisch.core.game import Game
from spieltisch.learn.expert import (
    PROVEN,
    ExpertConfig,
    ShardDone,
    ShardTask,
    init_worker,
    play_shard,
)
from spieltisch.learn.net import (
    NetConfig,
    PolicyValueNet,
    mean_losses,
    new_net,
    save_checkpoint,
    train_step,
)
from spieltisch.learn.replay import Replay, Shard, shard_paths

#: The format tag of a run's state file.
#: /2: the replay's action ids are in the mover's frame (`spieltisch.learn.frame`); a
#: run of /1 (plain ids) cannot be resumed with it.
STATE_FORMAT = "spieltisch-expert-run/2"


class RunError(SpieltischError, ValueError):
    """A run folder that cannot be used as asked (a run there already, none to resume,
    another game's run, no such device)."""


class ExpertRun:
    """One run of expert iteration (see the module); `run()` trains until the budget is
    spent and writes the final network to `out`."""

    def __init__(
        self,
        game: Game[Any, Any],
        out: Path,
        config: ExpertConfig,
        *,
        folder: Path,
        net_config: NetConfig | None = None,
        resume: bool = False,
        log: Callable[[str], None] | None = None,
    ) -> None:
        self.game = game
        self.out = out
        self.config = config
        self.folder = folder
        self.replay_dir = folder / "replay"
        self.checkpoint_dir = folder / "checkpoints"
        self.state_path = folder / "state.pt"
        self.current = folder / "current.pt"
        self.progress = folder / "progress.json"
        self.log = log or (lambda _line: None)
        if config.device != "cpu" and not (
            config.device.startswith("cuda") and torch.cuda.is_available()
        ):
            raise RunError(f"device {config.device!r} is not available here (cpu always is)")
        self.device = torch.device(config.device)
        torch.manual_seed(config.seed)
        self.net: PolicyValueNet = new_net(game, net_config)
        self.net.to(self.device)
        self.optimizer = torch.optim.AdamW(
            self.net.parameters(), lr=config.learning_rate, weight_decay=config.weight_decay
        )
        self.replay = Replay(game.observation_shape, game.num_actions, config.replay)
        mirror = game.reflection()
        #: The game's mirror symmetry for the batches (`Game.reflection`), if it has one.
        self.reflection = (
            None if mirror is None else (mirror[0], np.asarray(mirror[1], dtype=np.int64))
        )
        self.rng = np.random.default_rng(config.seed)
        self.seeds = random.Random(config.seed)
        self.prior_minutes = 0.0
        self.worker_cpu: dict[int, float] = {}
        self.positions = 0
        self.games = 0
        self.steps = 0
        self.shards = 0
        self.results = [0, 0, 0]
        self.value_scale = config.value_scale
        self.next_checkpoint = 0.0
        self.losses: deque[tuple[float, float]] = deque(maxlen=100)
        self.started = 0.0
        self.wall_started = 0.0
        if resume:
            self._resume()
        elif self.state_path.exists() or shard_paths(self.replay_dir):
            raise RunError(f"{folder} holds a run already: resume it or choose another folder")

    # --- time ----------------------------------------------------------------------------

    def minutes(self) -> float:
        """CPU minutes of the run so far: earlier sessions, this process, its workers."""
        own = time.process_time() - self.started
        return self.prior_minutes + (own + sum(self.worker_cpu.values())) / 60.0

    def _progress(self) -> float:
        """How far the run is through its budget, 0..1: the larger of its CPU share and
        (with a wall-clock limit) its wall-clock share."""
        config = self.config
        done = self.minutes() / config.minutes
        if config.wall_minutes is not None:
            wall = (time.perf_counter() - self.wall_started) / 60.0
            done = max(done, wall / config.wall_minutes)
        return min(1.0, done)

    def _generating(self, ahead: float = 0.0) -> bool:
        """Whether new games are still played: before the anneal (`ExpertConfig.
        anneal_share`); `ahead` CPU minutes of work already under way count as spent."""
        end = 1.0 - self.config.anneal_share
        return self._progress() + ahead / self.config.minutes < end

    # --- the loop --------------------------------------------------------------------------

    def run(self) -> Path:
        """Generate, label and train until the CPU budget is spent (see the module)."""
        config = self.config
        # A small network trains fastest on one thread; more spin against the workers.
        torch.set_num_threads(1)
        torch.set_flush_denormal(True)
        self.started = time.process_time()
        self.wall_started = time.perf_counter()
        # A resumed run may have ended in its anneal; a larger budget plays on at full rate.
        self._set_learning_rate(config.learning_rate)
        workers = config.worker_count()
        if workers == 0:
            self._run_here()
        else:
            self._run_pool(workers)
        self._anneal()
        self._checkpoint()
        save_checkpoint(self.out, self._cpu_copy(), self.game, self._meta())
        return self.out

    def _run_here(self) -> None:
        """Generate in this process: a task, then its training steps, until the end."""
        config = self.config
        self._checkpoint()
        while self._generating():
            result = play_shard(self._task())
            owed = self._take(result) * config.reuse / config.batch
            while owed >= 1.0 and len(self.replay) >= config.batch:
                self._train_step()
                owed -= 1.0
            if self.minutes() >= self.next_checkpoint:
                self._checkpoint()

    def _run_pool(self, workers: int) -> None:
        """Generate in `workers` processes while this one trains (see the module)."""
        config = self.config
        owed = 0.0
        task_cpu = 0.0  # the CPU minutes of the latest task, to stop in time
        in_flight: set[Future[ShardDone]] = set()
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(workers, mp_context=context, initializer=init_worker) as pool:
            while True:
                done = [f for f in in_flight if f.done()]
                for future in done:
                    in_flight.remove(future)
                    result = future.result()
                    before = self.worker_cpu.get(result.pid, 0.0)
                    self.worker_cpu[result.pid] = result.cpu_seconds
                    task_cpu = max(task_cpu, (result.cpu_seconds - before) / 60.0)
                    owed += self._take(result) * config.reuse / config.batch
                ahead = len(in_flight) * task_cpu / workers
                while len(in_flight) < workers and self._generating(ahead):
                    in_flight.add(pool.submit(play_shard, self._task()))
                    ahead += task_cpu / workers
                over = self._progress() >= 1.0
                if owed >= 1.0 and len(self.replay) >= config.batch and not over:
                    self._train_step()
                    owed -= 1.0
                elif not in_flight:
                    break
                else:
                    wait(list(in_flight), timeout=1.0, return_when=FIRST_COMPLETED)
                if self.minutes() >= self.next_checkpoint:
                    self._checkpoint()

    def _task(self) -> ShardTask:
        config = self.config
        apprentice = self.steps > 0 and self._progress() >= config.expert_share
        if apprentice:
            self._publish()
        self.shards += 1
        return ShardTask(
            self.game.name,
            self.game.options.text(),
            self.seeds.randrange(2**62),
            self.replay_dir / f"shard-{self.shards:06d}.npz",
            config,
            self.current if apprentice else None,
        )

    def _take(self, result: ShardDone) -> int:
        """Add a finished task's shard to the replay; returns its positions."""
        shard = Shard.load(result.out)
        self._add(shard)
        self.games += result.games
        for index, count in enumerate(result.results):
            self.results[index] += count
        self._save_progress()
        return len(shard)

    def _save_progress(self) -> None:
        """The CPU minutes so far, after every shard: a resumed run counts the work done
        after the last saved state too (whose shards it reads back)."""
        partial = self.progress.with_name(self.progress.name + ".partial")
        partial.write_text(json.dumps({"minutes": self.minutes(), "games": self.games}))
        partial.replace(self.progress)

    def _add(self, shard: Shard) -> None:
        self.replay.add(shard)
        self.positions += len(shard)
        if self.value_scale <= 0.0 and len(self.replay) >= self.config.batch:
            scores = np.abs(self.replay.scores())
            plain = scores[scores < PROVEN]
            self.value_scale = float(plain.mean()) if plain.size else 1.0

    def _publish(self) -> None:
        """Write the network the workers play with (only when it changed)."""
        if getattr(self, "_published", -1) != self.steps:
            save_checkpoint(self.current, self._cpu_copy(), self.game, self._meta())
            self._published = self.steps

    def _cpu_copy(self) -> PolicyValueNet:
        if self.device.type == "cpu":
            return self.net
        copy = new_net(self.game, self.net.config)
        copy.load_state_dict({k: v.to("cpu") for k, v in self.net.state_dict().items()})
        return copy

    # --- learning -----------------------------------------------------------------------

    def _anneal(self) -> None:
        """The run's last share (`ExpertConfig.anneal_share`): training on the replay
        alone, the learning rate falling to zero along a half cosine of the budget
        left, so that the network settles (a resumed run continues where it was)."""
        config = self.config
        start = 1.0 - config.anneal_share
        while len(self.replay) >= config.batch:
            done = self._progress()
            if done >= 1.0:
                break
            share = max(0.0, done - start) / max(config.anneal_share, 1e-9)
            self._set_learning_rate(config.learning_rate * 0.5 * (1.0 + math.cos(math.pi * share)))
            self._train_step()
            if self.minutes() >= self.next_checkpoint:
                self._checkpoint()

    def _set_learning_rate(self, rate: float) -> None:
        for group in self.optimizer.param_groups:
            group["lr"] = rate

    def _train_step(self) -> None:
        config = self.config
        obs, legal, target, value = self.replay.batch(
            self.rng,
            config.batch,
            self.value_scale,
            config.result_weight,
            PROVEN,
            self.reflection if config.reflect else None,
        )
        device = self.device
        obs, legal, target, value = (
            obs.to(device),
            legal.to(device),
            target.to(device),
            value.to(device),
        )
        self.losses.append(train_step(self.net, self.optimizer, obs, legal, target, value))
        self.steps += 1

    # --- checkpoints and resuming -------------------------------------------------------

    def _meta(self) -> dict[str, Any]:
        return {
            "minutes": round(self.minutes(), 3),
            "wall_minutes": round((time.perf_counter() - self.wall_started) / 60.0, 3),
            "games": self.games,
            "positions": self.positions,
            "steps": self.steps,
            **mean_losses(self.losses),
            "results": list(self.results),
            "value_scale": round(self.value_scale, 3),
            "learning_rate": float(self.optimizer.param_groups[0]["lr"]),
            "learner": "expert",
            "config": json.dumps(asdict(self.config), sort_keys=True, default=str),
        }

    def _checkpoint(self) -> None:
        meta = self._meta()
        name = f"checkpoint-{meta['minutes']:07.2f}min.pt"
        save_checkpoint(self.checkpoint_dir / name, self._cpu_copy(), self.game, meta)
        with (self.checkpoint_dir / "log.jsonl").open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(meta, sort_keys=True) + "\n")
        self._save_state()
        self.next_checkpoint = meta["minutes"] + self.config.checkpoint_minutes
        self.log(
            f"{meta['minutes']:6.1f} CPU min  games {meta['games']:5d}  positions "
            f"{meta['positions']:7d}  steps {meta['steps']:5d}  policy loss "
            f"{meta['policy_loss']:.3f}  value loss {meta['value_loss']:.3f}"
        )

    def _save_state(self) -> None:
        data = {
            "format": STATE_FORMAT,
            "game": self.game.name,
            "options": self.game.options.text(),
            "net_config": asdict(self.net.config),
            "net": self._cpu_copy().state_dict(),
            "optimizer": self.optimizer.state_dict(),
            "counters": {
                "minutes": self.minutes(),
                "games": self.games,
                "steps": self.steps,
                "shards": self.shards,
                "results": list(self.results),
                "value_scale": self.value_scale,
            },
        }
        self.folder.mkdir(parents=True, exist_ok=True)
        partial = self.state_path.with_name(self.state_path.name + ".partial")
        torch.save(data, partial)
        partial.replace(self.state_path)

    def _resume(self) -> None:
        if not self.state_path.exists():
            raise RunError(f"no run to resume in {self.folder} (no state.pt)")
        data = torch.load(self.state_path, map_location="cpu", weights_only=True)
        if data.get("format") != STATE_FORMAT:
            raise RunError(f"{self.state_path} is no {STATE_FORMAT} state")
        if data["game"] != self.game.name or data["options"] != self.game.options.text():
            raise RunError(f"the run in {self.folder} is of {data['game']} {data['options']}")
        config = NetConfig(**{k: int(v) for k, v in dict(data["net_config"]).items()})
        self.net = new_net(self.game, config)
        self.net.load_state_dict(data["net"])
        self.net.to(self.device)
        self.net.eval()
        self.optimizer = torch.optim.AdamW(
            self.net.parameters(),
            lr=self.config.learning_rate,
            weight_decay=self.config.weight_decay,
        )
        self.optimizer.load_state_dict(data["optimizer"])
        counters = data["counters"]
        self.prior_minutes = float(counters["minutes"])
        self.games = int(counters["games"])
        if self.progress.exists():
            progress = json.loads(self.progress.read_text(encoding="utf-8"))
            self.prior_minutes = max(self.prior_minutes, float(progress["minutes"]))
            self.games = max(self.games, int(progress["games"]))
        self.steps = int(counters["steps"])
        self.results = [int(x) for x in counters["results"]]
        self.value_scale = float(counters["value_scale"])
        self.seeds = random.Random(self.config.seed * 1_000_003 + self.steps)
        paths = shard_paths(self.replay_dir)
        self.shards = max([int(p.stem.split("-")[1]) for p in paths] + [int(counters["shards"])])
        for path in paths:
            self._add(Shard.load(path))
        self.next_checkpoint = self.prior_minutes + self.config.checkpoint_minutes
        self.log(
            f"resumed at {self.prior_minutes:.1f} CPU min: {len(paths)} shards, "
            f"{self.positions} positions, {self.steps} steps"
        )
