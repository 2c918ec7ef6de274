"""`GamesVecEnv`: the native batch of `GamesVectorEnv` as a Stable-Baselines3 `VecEnv`,
so SB3's trainers (and sb3-contrib's `MaskablePPO`, which asks `env_method("action_masks")`)
step N games per call instead of one.

The conventions are SB3's: `reset()` returns the observations only, `step_wait()` returns
`(obs, rewards, dones, infos)` with one info dict per game, a finished game's last
observation in `infos[i]["terminal_observation"]` and the game restarted in the same step,
and `"action_mask"` in each info. Episode statistics come from SB3's `VecMonitor`.

Needs the `research` extra (stable-baselines3); the Gymnasium vector env itself does not.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
from stable_baselines3.common.vec_env import VecEnv

from spieltisch.core.options import GameOptions
from spieltisch.envs.gym_vector import Array, GamesVectorEnv
from spieltisch.envs.tensors import GameLike


class GamesVecEnv(VecEnv):
    """N games of `game` against `opponent` behind SB3's `VecEnv` (see the module);
    the arguments are those of `GamesVectorEnv`."""

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
        self.games = GamesVectorEnv(
            game, options, num_envs=num_envs, opponent=opponent, seat=seat, backend=backend
        )
        self.render_mode = None
        super().__init__(
            num_envs,
            self.games.single_observation_space,
            self.games.single_action_space,
        )
        self._actions: Array | None = None
        self._seed: int | None = None

    # --- SB3's VecEnv API ---------------------------------------------------------------

    def reset(self) -> Array:
        obs, _info = self.games.reset(seed=self._seed)
        self._seed = None
        return obs

    def seed(self, seed: int | None = None) -> Sequence[int | None]:
        """The next `reset` starts from `seed` (every game's episodes follow from it)."""
        self._seed = seed
        return [seed] * self.num_envs

    def step_async(self, actions: Array) -> None:
        self._actions = np.asarray(actions)

    def step_wait(self) -> tuple[Array, Array, Array, list[dict[str, Any]]]:
        if self._actions is None:
            raise RuntimeError("step_wait() without step_async()")
        obs, rewards, terminated, truncated, info = self.games.step(self._actions)
        self._actions = None
        dones = terminated | truncated
        infos: list[dict[str, Any]] = []
        final_rows = info.get("_final_obs", np.zeros(self.num_envs, np.bool_))
        for i in range(self.num_envs):
            row: dict[str, Any] = {
                "action_mask": info["action_mask"][i],
                "seat": int(info["seat"][i]),
                "TimeLimit.truncated": bool(truncated[i]),
            }
            if final_rows[i]:
                row["terminal_observation"] = info["final_obs"][i]
                final = info["final_info"]
                row["final_seed"] = int(final["seed"][i])
                if "illegal" in final and final["_illegal"][i]:
                    row["illegal"] = True
            infos.append(row)
        return obs, rewards.astype(np.float32), dones, infos

    def close(self) -> None:
        self.games.close()

    def action_masks(self) -> Array:
        """The legal actions of every game (N x actions, bool)."""
        return self.games.action_masks()

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        value = getattr(self, attr_name)
        return [value for _ in self._rows(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        raise AttributeError(f"the games share their attributes; cannot set {attr_name!r}")

    def env_method(
        self, method_name: str, *method_args: Any, indices: Any = None, **method_kwargs: Any
    ) -> list[Any]:
        rows = self._rows(indices)
        if method_name == "action_masks":
            masks = self.games.action_masks()
            return [masks[i] for i in rows]
        result = getattr(self, method_name)(*method_args, **method_kwargs)
        return [result for _ in rows]

    def env_is_wrapped(self, wrapper_class: type, indices: Any = None) -> list[bool]:
        return [False for _ in self._rows(indices)]

    def _rows(self, indices: Any) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        if isinstance(indices, int):
            return [indices]
        assert isinstance(indices, Iterable)
        return [int(i) for i in indices]
