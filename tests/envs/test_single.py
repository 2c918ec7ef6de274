"""The Gymnasium single-agent environment: Gymnasium's `check_env`, seats, opponents,
masks and an illegal action."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("gymnasium", reason="the envs extra is not installed (pip install .[envs])")

import numpy as np
from gymnasium.utils.env_checker import check_env

from spieltisch import envs
from spieltisch.ai.spec import AgentSpecError
from spieltisch.core.registry import game_names


@pytest.mark.parametrize("name", game_names())
def test_check_env(name: str) -> None:
    options = "board=8" if name == "okard" else None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the advice to register with gymnasium.make
        check_env(envs.SingleAgentEnv(name, options, render_mode="rgb_array"))


@pytest.mark.parametrize("seat", [0, 1])
def test_a_masked_random_learner_plays_to_the_end(seat: int) -> None:
    env = envs.SingleAgentEnv("ostseeschach", opponent="random", seat=seat)
    obs, info = env.reset(seed=9)
    assert info["seat"] == seat and env.state.to_move == seat
    rng = np.random.default_rng(0)
    total, done, steps = 0.0, False, 0
    while not done:
        mask = env.action_masks()
        assert mask.dtype == np.bool_ and mask.any()
        obs, reward, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert not truncated and "illegal" not in info
        total += reward
        steps += 1
    assert total == env.state.returns()[seat]
    assert not env.action_masks().any()
    assert obs.shape == (19, 8, 8)


def test_an_illegal_action_ends_the_episode_with_minus_one() -> None:
    env = envs.SingleAgentEnv("hase-und-igel")
    env.reset(seed=1)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _obs, reward, terminated, _truncated, info = env.step(illegal)
    assert (reward, terminated, info["illegal"]) == (-1.0, True, True)


def test_same_seed_same_episode_with_a_searching_opponent() -> None:
    def episode() -> list[int]:
        env = envs.SingleAgentEnv("ostseeschach", opponent="easy", seat=None)
        env.reset(seed=21)
        rng = np.random.default_rng(1)
        for _ in range(4):
            env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        return [env.state.action_id(m) for m in env.state.history()]

    assert episode() == episode()


def test_a_bad_opponent_spec_fails_at_once() -> None:
    with pytest.raises(AgentSpecError):
        envs.SingleAgentEnv("ostseeschach", opponent="grandmaster")
