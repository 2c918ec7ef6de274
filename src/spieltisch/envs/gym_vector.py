"""`GamesVectorEnv`: N games against a fixed opponent behind Gymnasium's vector-env API
(`gymnasium.vector.VectorEnv`), stepped by the batch backends of `envs.vector` (the
native batch where the build has one), so a trainer steps N games per call.

It is `SingleAgentEnv` N times over: the learner's observation (the game's tensor from
its side), `Discrete(num_actions)` per game, the opponent's moves and the chance
events inside `step`, +1/-1/0 at the end from the learner's side, and an illegal action
ending that game with -1 (`info["illegal"]`). The legal actions are in
`info["action_mask"]` (N x actions, bool) after every `reset` and `step`, and
`action_masks()` returns them (what `sb3-contrib`'s `MaskablePPO` asks for).

Finished games restart in the same step (Gymnasium's `AutoresetMode.SAME_STEP`, the
convention of Stable-Baselines3): the returned row is the next game's start, the last
observation of the finished game is in `info["final_obs"][i]` and its info in
`info["final_info"]`, with `info["_final_obs"]` marking the rows that ended.

The opponent `random` plays uniformly random legal actions drawn for the whole batch at
once (the fast path: no Python state per game, the native batch where there is one); any
other agent spec (`easy`, `mcts:iterations=50`, …) chooses on the Python state of each
game, so `backend="auto"` then runs the Python engines.
"""

from __future__ import annotations

import random
from typing import Any, TypeAlias

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from spieltisch.ai.agent import Agent
from spieltisch.ai.spec import make_agent
from spieltisch.core.chance import MAX_SEED
from spieltisch.core.game import TERMINAL, Game, State
from spieltisch.core.options import GameOptions
from spieltisch.envs.tensors import GameLike, game_of, observation_box
from spieltisch.envs.vector import NativeBackend, PythonBackend, backend_for

Array: TypeAlias = np.ndarray[Any, Any]


def random_legal(mask: Array, rng: np.random.Generator) -> Array:
    """One uniformly random legal action per row of `mask` (0 for a row without one)."""
    rows, num_actions = mask.shape
    flat = np.flatnonzero(mask)
    if len(flat) == 0:
        return np.zeros(rows, np.int64)
    bounds = np.searchsorted(flat, np.arange(rows + 1) * num_actions)
    counts = np.diff(bounds)
    picks = bounds[:-1] + (rng.random(rows) * counts).astype(np.int64)
    chosen = flat[np.minimum(picks, len(flat) - 1)] - np.arange(rows) * num_actions
    return np.where(counts > 0, chosen, 0).astype(np.int64)


class GamesVectorEnv(VectorEnv):  # type: ignore[type-arg, unused-ignore]
    """`num_envs` games of `game` (see the module), the learner in `seat` (0 or 1, or
    drawn from each episode's seed when None) against `opponent` (an agent spec),
    on the `backend` of `envs.vector.backend_for` (`auto`, `native`, `python`)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}  # noqa: RUF012

    def __init__(
        self,
        game: GameLike,
        options: GameOptions | str | None = None,
        *,
        num_envs: int = 8,
        opponent: str = "random",
        seat: int | None = 0,
        backend: str = "auto",
    ) -> None:
        if num_envs < 1:
            raise ValueError("num_envs must be at least 1")
        if seat not in (0, 1, None):
            raise ValueError("seat must be 0, 1 or None")
        self.game: Game[Any, Any] = game_of(game, options)
        self.num_envs = num_envs
        self.opponent_spec = opponent
        self.fixed_seat = seat
        if opponent != "random":
            make_agent(opponent, self.game)  # a bad spec fails here, not at the first reset
        if backend == "auto" and opponent != "random":
            # A searching opponent looks at Python states; the Python engines keep each
            # game's history (repetitions), a native position text would not.
            backend = "python"
        self.backend = backend_for(self.game, num_envs, backend)
        self.single_observation_space = observation_box(self.game)
        self.single_action_space = spaces.Discrete(self.game.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.render_mode = None
        num_actions = self.game.num_actions
        self._obs = np.zeros((num_envs, *self.game.observation_shape), np.float32)
        self._mask = np.zeros((num_envs, num_actions), np.bool_)
        self._to_move = np.zeros(num_envs, np.int64)
        self._returns = np.zeros((num_envs, 2), np.float32)
        self.seats = np.zeros(num_envs, np.int64)
        self.episode_seeds = np.zeros(num_envs, np.int64)
        self._seeds = random.Random()
        self._rng = np.random.default_rng()
        self._agents: list[Agent | None] = [None] * num_envs
        self._started = False

    # --- the vector-env API -------------------------------------------------------------

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Array, dict[str, Any]]:
        """Start every game anew; `seed` (an int) fixes the episodes that follow."""
        if isinstance(seed, list):
            seed = seed[0] if seed else None
        if seed is not None:
            self._seeds = random.Random(seed)
            self._rng = np.random.default_rng(seed)
        self._start(list(range(self.num_envs)))
        self._started = True
        return self._obs.copy(), self._infos()

    def step(self, actions: Any) -> tuple[Array, Array, Array, Array, dict[str, Any]]:
        """One learner action per game, then the opponents' replies and chance; games
        that ended restart at once (see the module)."""
        if not self._started:
            raise RuntimeError("step() before reset()")
        chosen = np.asarray(actions, dtype=np.int64).reshape(-1)
        if chosen.shape != (self.num_envs,):
            raise ValueError(f"expected {self.num_envs} actions, got shape {chosen.shape}")
        rows = np.arange(self.num_envs)
        in_range = (chosen >= 0) & (chosen < self.game.num_actions)
        legal = in_range.copy()
        legal[in_range] = self._mask[rows[in_range], chosen[in_range]]
        illegal = ~legal
        self.backend.step(np.where(legal, chosen, 0), legal)
        self._fill()
        self._advance(legal)
        over = self._to_move == TERMINAL
        terminated = over | illegal
        rewards = np.zeros(self.num_envs, np.float64)
        rewards[over] = self._returns[rows[over], self.seats[over]]
        rewards[illegal] = -1.0
        truncated = np.zeros(self.num_envs, np.bool_)
        infos: dict[str, Any] = {}
        finished = [int(i) for i in np.flatnonzero(terminated)]
        for i in finished:
            final_info = {"seat": int(self.seats[i]), "seed": int(self.episode_seeds[i])}
            if illegal[i]:
                final_info["illegal"] = True
            infos = self._add_info(
                infos, {"final_obs": self._obs[i].copy(), "final_info": final_info}, i
            )
        if finished:
            self._start(finished)
        infos.update(self._infos())
        infos["illegal"] = illegal
        return self._obs.copy(), rewards, terminated, truncated, infos

    def action_masks(self) -> Array:
        """The learner's legal actions in every game (N x actions, bool)."""
        return self._mask.copy()

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release (no processes, no windows)."""

    # --- helpers ------------------------------------------------------------------------

    def _infos(self) -> dict[str, Any]:
        return {
            "action_mask": self._mask.copy(),
            "seat": self.seats.copy(),
            "seed": self.episode_seeds.copy(),
        }

    def _fill(self, indices: list[int] | None = None) -> None:
        self.backend.fill(self._obs, self._mask, self._to_move, self._returns, indices)

    def _start(self, indices: list[int]) -> None:
        """New games in rows `indices`, played on to the learner's first move (a game the
        opponent ends before the learner moves, if any, is started again)."""
        while indices:
            seeds = [self._seeds.randrange(MAX_SEED) for _ in indices]
            for index, seed in zip(indices, seeds, strict=True):
                self.episode_seeds[index] = seed
                self.seats[index] = seed & 1 if self.fixed_seat is None else self.fixed_seat
                if self.opponent_spec != "random":
                    agent = make_agent(self.opponent_spec, self.game, seed=seed)
                    agent.new_game()
                    self._agents[index] = agent
            self.backend.reset(indices, seeds)
            self._fill(indices)
            active = np.zeros(self.num_envs, np.bool_)
            active[indices] = True
            self._advance(active)
            indices = [i for i in indices if self._to_move[i] == TERMINAL]

    def _advance(self, rows: Array) -> None:
        """The opponents' moves in the games of `rows` until the learner is to move or
        the game is over."""
        while True:
            waiting = rows & (self._to_move != TERMINAL) & (self._to_move != self.seats)
            if not waiting.any():
                return
            if self.opponent_spec == "random":
                actions = random_legal(self._mask, self._rng)
            else:
                actions = np.zeros(self.num_envs, np.int64)
                for index in np.flatnonzero(waiting):
                    state = self._state(int(index))
                    agent = self._agents[index]
                    assert agent is not None
                    actions[index] = state.action_id(agent.select(state))
            self.backend.step(actions, waiting)
            self._fill()

    def _state(self, index: int) -> State[Any]:
        """The Python state of game `index` (the backend's own or read from the native
        batch's position text)."""
        if isinstance(self.backend, PythonBackend):
            return self.backend.states[index]
        assert isinstance(self.backend, NativeBackend)
        state: State[Any] = self.game.parse(self.backend.batch.text(index), reachable=False)
        return state
