"""A MaskablePPO baseline (sb3-contrib): trained on the native batch (`envs.sb3`) against
a fixed opponent, both seats, and played back as the `ppo:` agent.

`spieltisch ppo GAME --steps N --out policy.zip` trains one (the documented command of
the baselines table in docs/envs.md). Needs the `research` extra (stable-baselines3,
sb3-contrib); imported only when a policy is trained or a `ppo` agent is built.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from spieltisch.ai.agent import Agent
from spieltisch.core.game import State
from spieltisch.envs.tensors import action_mask, observation


def train_policy(
    game: str,
    out: Path,
    *,
    steps: int,
    num_envs: int = 8,
    opponent: str = "random",
    seed: int = 0,
    options: str | None = None,
    say: Callable[[str], None] = lambda line: None,
) -> Path:
    """Train MaskablePPO's default MLP policy for `steps` learner moves on `num_envs`
    games at once (the learner in both seats), and save it to `out` (a .zip)."""
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import VecMonitor

    from spieltisch.envs.sb3 import GamesVecEnv

    torch.set_num_threads(1)
    env = VecMonitor(
        GamesVecEnv(game, options or None, num_envs=num_envs, opponent=opponent, seat=None)
    )
    env.seed(seed)
    model = MaskablePPO("MlpPolicy", env, n_steps=256, batch_size=256, seed=seed, device="cpu")
    model.learn(total_timesteps=steps)
    episodes = list(model.ep_info_buffer or [])
    if episodes:
        wins = sum(1 for info in episodes if info["r"] > 0)
        share = wins / len(episodes)
        say(f"last {len(episodes)} training games: {share:.0%} won against {opponent}")
    out.parent.mkdir(parents=True, exist_ok=True)
    model.save(out)
    env.close()
    return out


class PolicyAgent(Agent):
    """Plays a trained MaskablePPO policy: the most likely legal action for the
    observation from the mover's side; chance outcomes drawn with the agent's seed."""

    def __init__(self, path: Path, seed: int | None = None) -> None:
        super().__init__(seed)
        from sb3_contrib import MaskablePPO

        self.path = path
        self.model: Any = MaskablePPO.load(str(path), device="cpu")
        self.spec = f"ppo:model={path}"
        self.num_actions = int(getattr(self.model.action_space, "n", 0))
        self.observation_shape = tuple(self.model.observation_space.shape or ())

    def plays(self, game: Any) -> bool:
        """Whether the policy's spaces fit `game` (a policy of another game does not)."""
        return (
            game.num_actions == self.num_actions
            and tuple(game.observation_shape) == self.observation_shape
        )

    def select(self, state: State[Any]) -> Any:
        if state.is_chance():
            return state.sample_chance(self.rng)
        obs = observation(state, state.to_move)
        mask = action_mask(state).astype(np.bool_)
        action, _ = self.model.predict(obs, action_masks=mask, deterministic=True)
        return state.action_move(int(action))
