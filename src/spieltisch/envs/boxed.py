"""`MaskInInfo`: a PettingZoo wrapper that gives the plain `Box` observation and moves
the legal-action mask into `info["action_mask"]`, for tools that take only a `Box`
(SuperSuit's observation wrappers, frame stacking, many CNN policies).

It works on any AEC environment whose observations are `{"observation": Box,
"action_mask": …}` dictionaries (every spieltisch game, PettingZoo's own classic games):

    env = MaskInInfo(envs.env("ostseeschach"))
    obs, reward, terminated, truncated, info = env.last()   # obs: (19, 8, 8)
    legal = np.flatnonzero(info["action_mask"])
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo.utils.wrappers import BaseWrapper


class MaskInInfo(BaseWrapper):  # type: ignore[type-arg, unused-ignore]
    """The wrapped environment with `observe(agent)` the `observation` part of its dict
    and `infos[agent]["action_mask"]` the mask part (a copy per call; the wrapped
    environment's own infos are left as they are)."""

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        self._masks: dict[str, dict[str, Any]] | None = None
        for agent in env.possible_agents:
            space = env.observation_space(agent)
            if not (
                isinstance(space, spaces.Dict)
                and isinstance(space.get("observation"), spaces.Box)
                and "action_mask" in space.spaces
            ):
                raise TypeError(
                    "MaskInInfo needs dict observations of a Box 'observation' and an "
                    f"'action_mask', not {space}"
                )

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The `observation` part of the wrapped space (a `Box`)."""
        space: spaces.Space[Any] = self.env.observation_space(agent)["observation"]
        return space

    def observe(self, agent: str) -> np.ndarray[Any, Any] | None:
        """The `observation` part of the wrapped environment's observation."""
        found = self.env.observe(agent)
        return None if found is None else found["observation"]

    def action_mask(self, agent: str) -> np.ndarray[Any, Any]:
        """The legal-action mask of `agent` (all 0 when it is not to move)."""
        mask: np.ndarray[Any, Any] = self.env.observe(agent)["action_mask"]
        return mask

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.env.reset(seed=seed, options=options)
        self._masks = None

    def step(self, action: Any) -> None:
        self.env.step(action)
        self._masks = None

    @property
    def infos(self) -> dict[str, dict[str, Any]]:
        """The wrapped infos, each with its agent's `action_mask` added (the same
        objects until the next step, so infos compare equal between calls)."""
        if self._masks is None:
            self._masks = {
                agent: {**info, "action_mask": self.action_mask(agent)}
                for agent, info in self.env.infos.items()
            }
        return self._masks

    @infos.setter
    def infos(self, value: dict[str, dict[str, Any]]) -> None:
        self.env.infos = value
        self._masks = None

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """As `AECEnv.last`, with the mask of the selected agent in its info."""
        agent = self.agent_selection
        observation = self.observe(agent) if observe else None
        return (
            observation,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )
