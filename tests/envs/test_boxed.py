"""`MaskInInfo`: PettingZoo's `api_test` on every game with the mask moved into `info`,
the same masks and tensors as the dict observation, and SuperSuit's observation
wrappers working on it where they refuse the dict (docs/envs.md lists which apply)."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="the envs extra is not installed (pip install .[envs])")

import numpy as np
from gymnasium import spaces
from pettingzoo.test import api_test, seed_test

from spieltisch import envs
from spieltisch.core.registry import game_names

OPTIONS = {"okard": "board=8"}


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("name", game_names())
def test_api_and_seed_with_the_mask_in_info(name: str) -> None:
    api_test(envs.MaskInInfo(envs.env(name, OPTIONS.get(name))), num_cycles=40)
    seed_test(lambda: envs.MaskInInfo(envs.env(name, OPTIONS.get(name))), num_cycles=20)


@pytest.mark.parametrize("name", game_names())
def test_the_same_tensor_and_mask_as_the_dict(name: str) -> None:
    boxed = envs.MaskInInfo(envs.env(name, OPTIONS.get(name)))
    plain = envs.env(name, OPTIONS.get(name))
    space = boxed.observation_space("player_0")
    assert (
        isinstance(space, spaces.Box)
        and space == plain.observation_space("player_0")["observation"]
    )
    boxed.reset(seed=4)
    plain.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(30):
        obs, _reward, terminated, truncated, info = boxed.last()
        expected, *_rest = plain.last()
        assert np.array_equal(obs, expected["observation"]) and space.contains(obs)
        assert np.array_equal(info["action_mask"], expected["action_mask"])
        for agent in boxed.agents:
            assert np.array_equal(
                boxed.infos[agent]["action_mask"], plain.observe(agent)["action_mask"]
            )
        if terminated or truncated:
            break
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        boxed.step(action)
        plain.step(action)


def test_a_space_without_a_mask_is_refused() -> None:
    from pettingzoo.classic import rps_v2

    with pytest.raises(TypeError, match="action_mask"):
        envs.MaskInInfo(rps_v2.env())


def _supersuit() -> Any:
    return pytest.importorskip("supersuit", reason="SuperSuit is not installed")


WRAPPERS: dict[str, Callable[[Any, Any], Any]] = {
    "frame_stack_v2": lambda ss, env: ss.frame_stack_v2(env, 2),
    "dtype_v0": lambda ss, env: ss.dtype_v0(env, np.float16),
    "normalize_obs_v0": lambda ss, env: ss.normalize_obs_v0(env),
    "flatten_v0": lambda ss, env: ss.flatten_v0(env),
    "reshape_v0": lambda ss, env: ss.reshape_v0(env, (19 * 64,)),
    "max_observation_v0": lambda ss, env: ss.max_observation_v0(env, 2),
    "delay_observations_v0": lambda ss, env: ss.delay_observations_v0(env, 2),
    "pad_observations_v0": lambda ss, env: ss.pad_observations_v0(env),
}


@pytest.mark.parametrize("wrapper", WRAPPERS)
def test_supersuit_observation_wrappers_on_the_box(wrapper: str) -> None:
    ss = _supersuit()
    api_test(WRAPPERS[wrapper](ss, envs.MaskInInfo(envs.env("ostseeschach"))), num_cycles=20)


def test_supersuit_refuses_the_dict_observation() -> None:
    ss = _supersuit()
    with pytest.raises(AssertionError, match="Box and Discrete"):
        ss.frame_stack_v2(envs.env("ostseeschach"), 2)
