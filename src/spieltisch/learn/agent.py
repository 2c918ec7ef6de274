"""The `net` agent: PUCT search guided by a trained network (`net:model=PATH,sims=N`)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import torch

from spieltisch.ai.agent import Agent
from spieltisch.ai.spec import FLOAT_RANGES
from spieltisch.core.game import Game, State
from spieltisch.learn.evaluator import NetEvaluator, frozen
from spieltisch.learn.net import PolicyValueNet, load_checkpoint
from spieltisch.learn.puct import Node, best_index, search
from spieltisch.native import looks_back
from spieltisch.native.batch import has_line
from spieltisch.native.state import NativeState

#: `NetAgent(fpu=NETWORK)`: the first-play urgency the checkpoint names (`network_fpu`).
NETWORK = "network"

#: Networks already read, by resolved path and modification time (a match builds an
#: agent for every game; reading the file once is enough).
_CACHE: dict[tuple[str, int], tuple[PolicyValueNet, Game[Any, Any], dict[str, Any]]] = {}


def cached_model(path: Path) -> tuple[PolicyValueNet, Game[Any, Any], dict[str, Any]]:
    """The network, game and meta data of a checkpoint, read once per file version."""
    resolved = path.resolve()
    key = (str(resolved), resolved.stat().st_mtime_ns if resolved.exists() else 0)
    if key not in _CACHE:
        _CACHE[key] = load_checkpoint(resolved)
    return _CACHE[key]


def network_fpu(meta: dict[str, Any]) -> float | None:
    """The first-play urgency a checkpoint's meta data names (`"fpu"`, measured for that
    network and written with it, as for the shipped Ostseeschach network), else None."""
    value = meta.get("fpu")
    low, high = FLOAT_RANGES["fpu"]  # the bounds a spec's `fpu` has
    if isinstance(value, int | float) and not isinstance(value, bool) and low <= value <= high:
        return float(value)
    return None


_FROZEN: dict[tuple[str, int], Any] = {}


def cached_frozen(path: Path, net: PolicyValueNet) -> Any:
    """The inference copy (`evaluator.frozen`) of a checkpoint's network, made once per
    file version."""
    resolved = path.resolve()
    key = (str(resolved), resolved.stat().st_mtime_ns if resolved.exists() else 0)
    if key not in _FROZEN:
        _FROZEN[key] = frozen(net)
    return _FROZEN[key]


class NetAgent(Agent):
    """Plays the most visited move after `sims` PUCT simulations with the network of
    `model` (a checkpoint of `spieltisch train`); deterministic for a given seed. `fpu`
    is the first-play urgency of its tree (`puct.Node.select`; None: unvisited moves at
    0), by default the one the checkpoint names."""

    def __init__(
        self,
        model: Path,
        sims: int = 64,
        *,
        c: float = 1.5,
        fpu: float | str | None = NETWORK,
        seed: int | None = None,
    ) -> None:
        super().__init__(seed)
        # A network this small runs fastest on one thread; more threads spin against
        # each other (and against the opponent) on a busy machine, by a factor of 100
        # measured here. Matches get their parallelism from worker processes instead.
        torch.set_num_threads(1)
        self.model = model
        self.sims = sims
        self.c = c
        self.net, self.game, meta = cached_model(model)
        self.fpu = network_fpu(meta) if fpu == NETWORK else None if fpu is None else float(fpu)
        self.evaluate = NetEvaluator(cached_frozen(model, self.net))
        self.spec = f"net:model={model},sims={sims}"
        if fpu != NETWORK:
            self.spec += f",fpu={'none' if self.fpu is None else self.fpu}"

    def plays(self, game: Game[Any, Any]) -> bool:
        """Whether the model was trained for `game` with these options."""
        return game.name == self.game.name and game.options.text() == self.game.options.text()

    def select(self, state: State[Any]) -> Any:
        if state.is_chance():
            return state.sample_chance(self.rng)
        if not self.plays(state.game):
            raise ValueError(
                f"the model {self.model.name} was trained for {self.game!r}, not {state.game!r}"
            )
        root = Node()
        # The same tree on the native engine where it has the game (the same legal moves
        # in the same order, the same observations: the same search, only faster); its
        # moves are action ids, turned back into the game's moves below.
        native = _native_line(state.game)
        work: State[Any] = NativeState.of(state) if native else state.copy()
        search(
            [root],
            [work],
            max(1, self.sims),
            self.evaluate,
            random.Random(self.rng.random()),
            c=self.c,
            fpu=self.fpu,
            mover=self.net.mover_frame,
        )
        assert root.moves is not None
        index = best_index(root)
        self.stats = {
            "simulations": self.sims,
            "visits": int(root.n[index]),
            "value": float(root.w[index] / max(root.n[index], 1.0)),
            "policy": float(np.max(root.prior)),
        }
        return state.action_move(root.moves[index]) if native else root.moves[index]


def _native_line(game: Game[Any, Any]) -> bool:
    """Whether the search may run on `NativeState`: a native line for the game and rules
    that do not look back over the game (the line knows no earlier positions)."""
    return has_line(game) and not looks_back(game)
