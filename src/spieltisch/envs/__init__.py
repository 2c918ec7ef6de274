"""Learning environments for every game: PettingZoo (AEC and parallel), Gymnasium (one
agent against a fixed opponent, alone or N at once behind the vector-env API, with ids
for `gymnasium.make`) and a batched self-play simulator.

Needs the `envs` extra (`pip install spieltisch[envs]`: numpy, gymnasium, pettingzoo,
pillow); the core package never imports this one. `docs/envs.md` describes each game's
observation planes and action numbering.

    from spieltisch import envs
    aec = envs.env("okard", options="board=8", render_mode="ansi")
    single = envs.SingleAgentEnv("ostseeschach", opponent="easy")
    batch = envs.VectorGames("ostseeschach", 64, seed=1)
    vector = envs.GamesVectorEnv("ostseeschach", num_envs=64)
    made = gymnasium.make("spieltisch/Okard-v0", opponent="easy", board=8)
"""

from __future__ import annotations

from spieltisch.envs.aec import SpieltischAEC, env, parallel_env, raw_env
from spieltisch.envs.boxed import MaskInInfo
from spieltisch.envs.gym_vector import GamesVectorEnv
from spieltisch.envs.registration import env_id, register_envs
from spieltisch.envs.single import SingleAgentEnv
from spieltisch.envs.tensors import action_mask, game_of, observation, observation_spaces
from spieltisch.envs.vector import (
    Backend,
    NativeBackend,
    PythonBackend,
    VectorGames,
    backend_for,
)

register_envs()

__all__ = [
    "Backend",
    "GamesVectorEnv",
    "MaskInInfo",
    "NativeBackend",
    "PythonBackend",
    "SingleAgentEnv",
    "SpieltischAEC",
    "VectorGames",
    "action_mask",
    "backend_for",
    "env",
    "env_id",
    "game_of",
    "observation",
    "observation_spaces",
    "parallel_env",
    "raw_env",
]
