"""The native batch as a Stable-Baselines3 `VecEnv`: SB3's own checks, its conventions
(terminal observations, auto-reset), masks for MaskablePPO, and a short training run on
N games per step."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy", reason="the envs extra is not installed (pip install .[envs])")
pytest.importorskip(
    "sb3_contrib", reason="the research extra is not installed (pip install .[research])"
)

from stable_baselines3.common.vec_env import VecMonitor  # noqa: E402

from spieltisch.envs.sb3 import GamesVecEnv  # noqa: E402


def play_random(env: GamesVecEnv, steps: int, seed: int) -> list[dict[str, object]]:
    rng = np.random.default_rng(seed)
    finished = []
    for _ in range(steps):
        masks = env.action_masks()
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in masks])
        env.step_async(actions)
        obs, rewards, dones, infos = env.step_wait()
        assert obs.shape == (env.num_envs, *(env.observation_space.shape or ()))
        assert rewards.shape == dones.shape == (env.num_envs,)
        for i in np.flatnonzero(dones):
            assert infos[i]["terminal_observation"].shape == env.observation_space.shape
            assert rewards[i] in (-1.0, 0.0, 1.0)
            finished.append(infos[i])
    return finished


@pytest.mark.parametrize("game", ["ostseeschach", "hase-und-igel", "okard"])
def test_steps_n_games_with_sb3_conventions(game: str) -> None:
    env = GamesVecEnv(game, num_envs=4)
    env.seed(5)
    obs = env.reset()
    assert obs.shape == (4, *(env.observation_space.shape or ()))
    assert env.observation_space.contains(obs[0])
    finished = play_random(env, 80, seed=1)
    if game != "okard":  # Okard's games are longer than 80 learner moves
        assert finished, "no game ended in 80 steps"
    masks = env.env_method("action_masks")
    assert len(masks) == 4 and all(mask.any() for mask in masks)
    env.close()


def test_same_seed_same_games() -> None:
    runs = []
    for _ in range(2):
        env = GamesVecEnv("ostseeschach", num_envs=3)
        env.seed(11)
        first = env.reset()
        runs.append((first, [info["final_seed"] for info in play_random(env, 60, seed=2)]))
    assert np.array_equal(runs[0][0], runs[1][0])
    assert runs[0][1] == runs[1][1]


def test_maskable_ppo_learns_on_the_batch() -> None:
    """MaskablePPO trains on 8 games per step through VecMonitor, then plays only
    legal actions with the masks."""
    import torch
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.utils import get_action_masks

    torch.set_num_threads(1)
    env = VecMonitor(GamesVecEnv("ostseeschach", num_envs=8))
    model = MaskablePPO("MlpPolicy", env, n_steps=32, batch_size=64, n_epochs=1, seed=0)
    model.learn(total_timesteps=512)
    assert model.num_timesteps >= 512
    obs = env.reset()
    for _ in range(20):
        masks = get_action_masks(env)
        actions, _ = model.predict(obs, action_masks=masks, deterministic=True)  # type: ignore[arg-type, unused-ignore]
        assert all(masks[i, int(a)] for i, a in enumerate(actions))
        obs, _rewards, _dones, infos = env.step(actions)
        assert not any(info.get("illegal") for info in infos)
