"""sb3-contrib's MaskablePPO trains on the single-agent environment unchanged (slow tier:
a few thousand steps), then plays only legal moves with the masks."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium", reason="the envs extra is not installed (pip install .[envs])")
pytest.importorskip(
    "sb3_contrib", reason="the research extra is not installed (pip install .[research])"
)

from sb3_contrib import MaskablePPO

from spieltisch import envs


def ppo_smoke(steps: int) -> tuple[int, int]:
    """Train MaskablePPO for `steps`, then play 4 episodes; (episodes, illegal actions)."""
    import torch

    torch.set_num_threads(1)
    env = envs.SingleAgentEnv("ostseeschach", opponent="random", seat=None)
    model = MaskablePPO(
        "MlpPolicy", env, n_steps=256, batch_size=64, n_epochs=2, seed=0, device="cpu"
    )
    model.learn(total_timesteps=steps)
    illegal = 0
    for episode in range(4):
        obs, _info = env.reset(seed=100 + episode)
        done = False
        while not done:
            masks = env.action_masks()
            action, _state = model.predict(obs, action_masks=masks, deterministic=True)
            illegal += int(not masks[int(action)])
            obs, _reward, done, _truncated, _info = env.step(int(action))
    return 4, illegal


@pytest.mark.slow
def test_maskable_ppo_trains_and_plays_legally() -> None:
    episodes, illegal = ppo_smoke(3000)
    assert episodes == 4 and illegal == 0
