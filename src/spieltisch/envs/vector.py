"""Batched self-play: N games of one kind stepped at once, with numpy arrays of
observations, legal-action masks, players to move and returns (the shape pgx uses).

The games run on a `Backend` with three batch calls, `reset`, `step` and `fill`.
`PythonBackend` steps the Python rules engines (the reference). `NativeBackend` steps
the compiled engines (`spieltisch.native.batch`: Ostseeschach, Schachogi, Hase und Igel
with their default options, Okard with any options its native engine holds), one call
per batch with the GIL released, and writes the arrays in place; its action ids and
tensors are the Python games' own (the tests drive both backends side by side). The
set-up of a game and its chance draws are done in Python either way; the chance events
during play (Okard's dice) are drawn by the native batch bit-identically to Python's
`draw_chance` (same episode seed, same ply count from the game's start), so a seed gives
the same games on both. `backend_for` picks the native backend when the build has one
for the game and its options (`backend="auto"`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeAlias

import numpy as np

from spieltisch.core.chance import MAX_SEED, draw_chance
from spieltisch.core.game import TERMINAL, Game, State
from spieltisch.core.options import GameOptions
from spieltisch.envs.tensors import GameLike, game_of
from spieltisch.native import batch as native_batch

FloatArray: TypeAlias = np.ndarray[Any, np.dtype[np.float32]]
BoolArray: TypeAlias = np.ndarray[Any, np.dtype[np.bool_]]
IntArray: TypeAlias = np.ndarray[Any, np.dtype[np.int64]]


class Backend(Protocol):
    """N games of one kind behind three batch calls (see the module)."""

    name: str
    game: Game[Any, Any]
    num_envs: int

    def reset(self, indices: Sequence[int], seeds: Sequence[int]) -> None:
        """Start game `indices[k]` anew from episode seed `seeds[k]` (set-up and chance)."""

    def step(self, actions: IntArray, active: BoolArray) -> None:
        """Play `actions[i]` (legal: checked against the mask by the caller) in every game
        `i` with `active[i]`, then its chance events."""

    def fill(
        self,
        obs: FloatArray,
        mask: BoolArray,
        to_move: IntArray,
        returns: FloatArray,
        indices: Sequence[int] | None = None,
    ) -> None:
        """Write every game's observation, legal-action mask, player to move (`TERMINAL`
        when over) and returns (0, 0 while it goes on) into the arrays; with `indices`,
        only those games' rows."""


class PythonBackend:
    """The Python rules engines, one `State` per game."""

    name = "python"

    def __init__(self, game: Game[Any, Any], num_envs: int) -> None:
        self.game = game
        self.num_envs = num_envs
        self.states: list[State[Any]] = [game.new_state(0) for _ in range(num_envs)]
        self.seeds = [0] * num_envs

    def reset(self, indices: Sequence[int], seeds: Sequence[int]) -> None:
        for index, seed in zip(indices, seeds, strict=True):
            self.seeds[index] = seed
            state = self.game.new_state(seed)
            self._chance(state, seed)
            self.states[index] = state

    def step(self, actions: IntArray, active: BoolArray) -> None:
        # `VectorGames.step` has checked every action against the legal-action mask.
        for index in np.flatnonzero(active):
            state = self.states[index]
            state.push(state.action_move(int(actions[index])))
            self._chance(state, self.seeds[index])

    def fill(
        self,
        obs: FloatArray,
        mask: BoolArray,
        to_move: IntArray,
        returns: FloatArray,
        indices: Sequence[int] | None = None,
    ) -> None:
        for index in range(self.num_envs) if indices is None else indices:
            state = self.states[index]
            mask[index] = False
            obs[index] = np.asarray(state.observation(), dtype=np.float32).reshape(obs.shape[1:])
            to_move[index] = state.to_move
            if state.is_over():
                returns[index] = state.returns()
            else:
                returns[index] = 0.0
                ids = [state.action_id(move) for move in state.legal_moves()]
                mask[index, ids] = True

    @staticmethod
    def _chance(state: State[Any], seed: int) -> None:
        while state.is_chance():
            state.push(draw_chance(state, seed))


def start(game: Game[Any, Any], seed: int) -> tuple[str, int]:
    """The position text of a game started from episode seed `seed` (the set-up and its
    chance draws as `PythonBackend.reset` makes them) and the moves made since the
    game's start: the ply from which the later chance draws count."""
    state = game.new_state(seed)
    PythonBackend._chance(state, seed)
    return state.text(), len(state.history())


def start_text(game: Game[Any, Any], seed: int) -> str:
    """The position text of `start(game, seed)`."""
    return start(game, seed)[0]


class NativeBackend:
    """The compiled engines: one native batch object (`spieltisch.native.batch`) holds
    every game; each call is one call into C++ that writes the arrays in place."""

    name = "native"

    def __init__(self, game: Game[Any, Any], num_envs: int) -> None:
        self.game = game
        self.num_envs = num_envs
        self.batch = native_batch.new_batch(game, num_envs)

    def reset(self, indices: Sequence[int], seeds: Sequence[int]) -> None:
        starts = [start(self.game, seed) for seed in seeds]
        self.batch.reset(
            [int(index) for index in indices],
            [text for text, _ply in starts],
            [int(seed) for seed in seeds],
            [ply for _text, ply in starts],
        )

    def step(self, actions: IntArray, active: BoolArray) -> None:
        self.batch.step(
            np.ascontiguousarray(actions, dtype=np.int64),
            np.ascontiguousarray(active, dtype=np.bool_),
        )

    def fill(
        self,
        obs: FloatArray,
        mask: BoolArray,
        to_move: IntArray,
        returns: FloatArray,
        indices: Sequence[int] | None = None,
    ) -> None:
        rows = None if indices is None else np.asarray(indices, dtype=np.int64)
        self.batch.fill(obs, mask, to_move, returns, rows)


def backend_for(game: Game[Any, Any], num_envs: int, kind: str = "auto") -> Backend:
    """The backend for `game`: `python`, `native` (an error naming the reason when the
    build has no native batch for the game and its options), or `auto` (native where
    there is one, else Python)."""
    if kind not in ("auto", "python", "native"):
        raise ValueError("backend must be 'auto', 'python' or 'native'")
    if kind == "native" and not native_batch.has_batch(game):
        raise ValueError(f"no native batch backend for {game.name}: {native_batch.why_not(game)}")
    if kind != "python" and native_batch.has_batch(game):
        return NativeBackend(game, num_envs)
    return PythonBackend(game, num_envs)


class VectorGames:
    """`num_envs` games of `game` stepped together; finished games restart at once.

    After `reset` and each `step`, `obs` (N x observation shape, from the side of the
    player to move), `mask` (N x actions), `to_move` (N) describe the games to act in.
    `step(actions)` takes one action per game for its player to move and returns
    `(rewards, done)`: the returns (N x 2) of the games that ended with this step and
    whether each ended; those games already show their next start in `obs`.
    """

    def __init__(
        self,
        game: GameLike,
        num_envs: int,
        options: GameOptions | str | None = None,
        *,
        seed: int | None = None,
        backend: str = "auto",
    ) -> None:
        if num_envs < 1:
            raise ValueError("num_envs must be at least 1")
        self.game = game_of(game, options)
        self.num_envs = num_envs
        self.backend = backend_for(self.game, num_envs, backend)
        self.obs: FloatArray = np.zeros((num_envs, *self.game.observation_shape), np.float32)
        self.mask: BoolArray = np.zeros((num_envs, self.game.num_actions), np.bool_)
        self.to_move: IntArray = np.zeros(num_envs, np.int64)
        self.returns: FloatArray = np.zeros((num_envs, 2), np.float32)
        self.episodes = 0
        self._seeds = random.Random(seed)
        self.reset(seed)

    def reset(self, seed: int | None = None) -> tuple[FloatArray, BoolArray]:
        """Start all games anew (from `seed` when given); returns `(obs, mask)`."""
        if seed is not None:
            self._seeds = random.Random(seed)
        indices = range(self.num_envs)
        self.backend.reset(indices, [self._seeds.randrange(MAX_SEED) for _ in indices])
        self.backend.fill(self.obs, self.mask, self.to_move, self.returns)
        return self.obs, self.mask

    def step(self, actions: Sequence[int] | IntArray) -> tuple[FloatArray, BoolArray]:
        """Play one action in every game (see the class); returns `(rewards, done)`."""
        chosen = np.asarray(actions, dtype=np.int64)
        if chosen.shape != (self.num_envs,):
            raise ValueError(f"expected {self.num_envs} actions, got shape {chosen.shape}")
        out_of_range = (chosen < 0) | (chosen >= self.game.num_actions)
        if out_of_range.any():
            bad = int(np.flatnonzero(out_of_range)[0])
            raise ValueError(f"action {int(chosen[bad])} of game {bad} is out of range")
        illegal = ~self.mask[np.arange(self.num_envs), chosen]
        if illegal.any():
            bad = int(np.flatnonzero(illegal)[0])
            raise ValueError(f"action {int(chosen[bad])} is not legal in game {bad}")
        self.backend.step(chosen, np.ones(self.num_envs, np.bool_))
        self.backend.fill(self.obs, self.mask, self.to_move, self.returns)
        done = self.to_move == TERMINAL
        rewards = np.where(done[:, None], self.returns, 0.0).astype(np.float32)
        if done.any():
            finished = [int(i) for i in np.flatnonzero(done)]
            self.episodes += len(finished)
            self.backend.reset(finished, [self._seeds.randrange(MAX_SEED) for _ in finished])
            self.backend.fill(self.obs, self.mask, self.to_move, self.returns, finished)
        return rewards, done

    def random_actions(self, rng: np.random.Generator) -> IntArray:
        """One uniformly random legal action per game (for baselines and benchmarks)."""
        # One pass over the flat mask; each game's legal actions are a run of it.
        num_actions = self.mask.shape[1]
        flat = np.flatnonzero(self.mask)
        bounds = np.searchsorted(flat, np.arange(self.num_envs + 1) * num_actions)
        counts = np.diff(bounds)
        picks = bounds[:-1] + (rng.random(self.num_envs) * counts).astype(np.int64)
        chosen = flat[np.minimum(picks, len(flat) - 1)]
        return np.asarray(chosen - np.arange(self.num_envs) * num_actions, dtype=np.int64)
