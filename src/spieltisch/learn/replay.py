"""The expert-iteration learner's replay: labelled positions in shard files on disk (so a
run can resume) and a ring buffer of the newest of them in memory to sample batches from.

A shard (`shard-NNNNNN.npz`, written by one data-generation task) holds, per position:
`obs` (float16, the game's observation shape), `legal` (the legal-action mask packed
eight actions to a byte), `actions` and `probs` (the policy target: up to `TOP` action
ids, -1 where unused, and their probabilities), `score` (the native search's score for
the player to move, in the engine's units) and `result` (the game's return for that
player, -1..1).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import torch

#: The most actions a policy target names (the rest of a visit distribution is dropped).
TOP = 16

FloatArray = np.ndarray[Any, np.dtype[np.float32]]


@dataclass
class Shard:
    """The positions of one data-generation task (see the module)."""

    obs: np.ndarray[Any, np.dtype[np.float16]]
    legal: np.ndarray[Any, np.dtype[np.uint8]]
    actions: np.ndarray[Any, np.dtype[np.int32]]
    probs: FloatArray
    score: FloatArray
    result: FloatArray

    def __len__(self) -> int:
        return int(self.score.shape[0])

    def save(self, path: Path) -> None:
        """Write the shard; through a temporary file, so a reader never sees half of one."""
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(path.name + ".partial.npz")
        np.savez_compressed(
            partial,
            obs=self.obs,
            legal=self.legal,
            actions=self.actions,
            probs=self.probs,
            score=self.score,
            result=self.result,
        )
        partial.replace(path)

    @classmethod
    def load(cls, path: Path) -> Shard:
        with np.load(path) as data:
            return cls(
                data["obs"],
                data["legal"],
                data["actions"],
                data["probs"],
                data["score"],
                data["result"],
            )


def policy_row(moves: dict[int, float]) -> tuple[list[int], list[float]]:
    """A policy target (action id to weight) as `TOP` ids and probabilities: the heaviest
    actions, renormalised, padded with -1 and 0."""
    items = sorted(moves.items(), key=lambda item: -item[1])[:TOP]
    total = sum(w for _, w in items) or 1.0
    ids = [a for a, _ in items] + [-1] * (TOP - len(items))
    probs = [w / total for _, w in items] + [0.0] * (TOP - len(items))
    return ids, probs


def shard_paths(folder: Path) -> list[Path]:
    """The shards of a run's replay folder, oldest first."""
    return sorted(folder.glob("shard-*[0-9].npz"))


class Replay:
    """The newest `capacity` positions of a run in memory (a ring buffer)."""

    def __init__(self, obs_shape: tuple[int, ...], num_actions: int, capacity: int) -> None:
        self.num_actions = num_actions
        self.capacity = capacity
        self.obs = np.zeros((capacity, *obs_shape), np.float16)
        self.legal = np.zeros((capacity, (num_actions + 7) // 8), np.uint8)
        self.actions = np.full((capacity, TOP), -1, np.int32)
        self.probs = np.zeros((capacity, TOP), np.float32)
        self.score = np.zeros(capacity, np.float32)
        self.result = np.zeros(capacity, np.float32)
        self.size = 0
        self.next = 0
        self.added = 0

    def __len__(self) -> int:
        return self.size

    def add(self, shard: Shard) -> None:
        """Add a shard's positions (the oldest ones make room once the buffer is full)."""
        n = len(shard)
        start = max(0, n - self.capacity)
        for row in range(start, n):
            slot = self.next
            self.obs[slot] = shard.obs[row]
            self.legal[slot] = shard.legal[row]
            self.actions[slot] = shard.actions[row]
            self.probs[slot] = shard.probs[row]
            self.score[slot] = shard.score[row]
            self.result[slot] = shard.result[row]
            self.next = (slot + 1) % self.capacity
        self.size = min(self.capacity, self.size + n - start)
        self.added += n

    def scores(self) -> FloatArray:
        """The search scores of the positions held."""
        return self.score[: self.size]

    def batch(
        self,
        rng: np.random.Generator,
        size: int,
        value_scale: float,
        result_weight: float,
        proven: float,
        reflection: tuple[int, np.ndarray[Any, np.dtype[np.int64]]] | None = None,
    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
        """A random batch: observations, legal masks, policy targets (dense over the
        action space) and value targets (the search score squashed by
        tanh(score / value_scale), a proven result as +-1, blended with the game's result
        by `result_weight`). With the game's `reflection` (observation axis, action
        permutation; `Game.reflection`) each position is mirrored with probability 1/2."""
        picks = rng.integers(0, self.size, size=size)
        observations = self.obs[picks].astype(np.float32)
        masks = np.unpackbits(self.legal[picks], axis=1, count=self.num_actions).astype(bool)
        ids = self.actions[picks].astype(np.int64)
        if reflection is not None:
            axis, turned = reflection
            mirrored = rng.random(size) < 0.5
            observations[mirrored] = np.flip(observations[mirrored], axis=axis + 1)
            # The permutation is its own inverse: the mirrored mask at a is the mask at
            # turned[a], and a target id a becomes turned[a].
            masks[mirrored] = masks[mirrored][:, turned]
            chosen = ids[mirrored]
            ids[mirrored] = np.where(chosen >= 0, turned[np.maximum(chosen, 0)], -1)
        obs = torch.from_numpy(observations)
        legal = torch.from_numpy(masks)
        actions = torch.from_numpy(ids)
        probs = torch.from_numpy(self.probs[picks])
        target = torch.zeros(size, self.num_actions)
        target.scatter_add_(1, actions.clamp(min=0), probs)
        score = self.score[picks].astype(np.float64)
        squashed = np.where(
            np.abs(score) >= proven, np.sign(score), np.tanh(score / max(value_scale, 1e-9))
        )
        value = (1.0 - result_weight) * squashed + result_weight * self.result[picks]
        return obs, legal, target, torch.from_numpy(value.astype(np.float32))
