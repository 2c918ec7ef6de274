"""`GamesVectorEnv` against Gymnasium's vector-env contract: batched spaces, reset and
step shapes and types, same-step autoreset with the final observations, masks in
`info` and `action_masks()`, seeds, illegal actions, the opponent's moves, and the same
games on the native and the Python batch."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("gymnasium", reason="the envs extra is not installed (pip install .[envs])")

import numpy as np
from gymnasium import spaces
from gymnasium.utils.env_checker import data_equivalence
from gymnasium.vector import AutoresetMode, VectorEnv

from spieltisch import envs, native
from spieltisch.core.game import State
from spieltisch.core.registry import game_names

needs_native = pytest.mark.skipif(
    not native.available("ostseeschach"), reason="the native engines are not built"
)
OPTIONS = {"okard": "board=8"}


def masked_actions(vector: envs.GamesVectorEnv, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(row)) for row in vector.action_masks()])


def python_states(vector: envs.GamesVectorEnv) -> list[State[Any]]:
    assert isinstance(vector.backend, envs.PythonBackend)
    return vector.backend.states


@pytest.mark.parametrize("name", game_names())
def test_the_vector_env_contract(name: str) -> None:
    n = 3
    vector = envs.GamesVectorEnv(name, OPTIONS.get(name), num_envs=n, seat=None, backend="python")
    assert isinstance(vector, VectorEnv) and vector.num_envs == n
    assert vector.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    single = envs.SingleAgentEnv(name, OPTIONS.get(name))
    assert vector.single_observation_space == single.observation_space
    assert vector.single_action_space == spaces.Discrete(vector.game.num_actions)
    assert vector.observation_space.shape == (n, *vector.game.observation_shape)
    assert vector.action_space == spaces.MultiDiscrete([vector.game.num_actions] * n)
    with pytest.raises(RuntimeError, match="reset"):
        vector.step(np.zeros(n, np.int64))
    obs, info = vector.reset(seed=7)
    assert obs.dtype == np.float32 and vector.observation_space.contains(obs)
    assert info["action_mask"].shape == (n, vector.game.num_actions)
    assert info["action_mask"].dtype == np.bool_
    rng = np.random.default_rng(0)
    endings = 0
    for _ in range(120):
        states = python_states(vector)
        for i, state in enumerate(states):  # the learner to move, the tensor its side
            seat = int(info["seat"][i])  # the learner's seat in game i
            assert state.to_move == seat
            assert np.array_equal(obs[i], envs.observation(state))
            assert np.array_equal(info["action_mask"][i], envs.action_mask(state).astype(bool))
        assert np.array_equal(vector.action_masks(), info["action_mask"])
        obs, rewards, terminated, truncated, info = vector.step(masked_actions(vector, rng))
        assert obs.shape == (n, *vector.game.observation_shape) and obs.dtype == np.float32
        assert rewards.shape == (n,) and terminated.dtype == truncated.dtype == np.bool_
        assert not truncated.any() and not info["illegal"].any()
        assert np.all(rewards[~terminated] == 0)
        assert vector.observation_space.contains(obs)
        if terminated.any():
            endings += int(terminated.sum())
            assert np.array_equal(info["_final_obs"], terminated)
            for row in np.flatnonzero(terminated):
                assert rewards[row] in (-1.0, 0.0, 1.0)
                final = info["final_obs"][row]
                assert final.shape == vector.game.observation_shape
                assert info["final_info"]["seed"][row] != info["seed"][row]  # a new game
                assert len(python_states(vector)[row].history()) <= 2  # at its start
        else:
            assert "final_obs" not in info
    if name in ("ostseeschach", "hase-und-igel"):
        assert endings > 0  # random games of these end within 120 learner moves


def test_same_seed_same_games_and_a_new_seed_other_games() -> None:
    def run(seed: int) -> list[Any]:
        vector = envs.GamesVectorEnv("ostseeschach", num_envs=4, seat=None)
        out: list[Any] = [vector.reset(seed=seed)]
        rng = np.random.default_rng(1)
        for _ in range(80):
            out.append(vector.step(masked_actions(vector, rng)))
        return out

    assert data_equivalence(run(3), run(3))
    assert not data_equivalence(run(3), run(4))


@needs_native
@pytest.mark.parametrize("name", game_names())
def test_native_and_python_batches_play_the_same_games(name: str) -> None:
    def run(backend: str) -> list[Any]:
        vector = envs.GamesVectorEnv(name, OPTIONS.get(name), num_envs=3, backend=backend)
        assert vector.backend.name == backend
        out: list[Any] = [vector.reset(seed=5)]
        rng = np.random.default_rng(2)
        for _ in range(60):
            out.append(vector.step(masked_actions(vector, rng)))
        return out

    assert data_equivalence(run("native"), run("python"))


def test_an_illegal_action_ends_that_game_with_minus_one() -> None:
    vector = envs.GamesVectorEnv("hase-und-igel", num_envs=2, backend="python")
    vector.reset(seed=1)
    masks = vector.action_masks()
    actions = np.array([np.flatnonzero(~masks[0])[0], np.flatnonzero(masks[1])[0]])
    _obs, rewards, terminated, _truncated, info = vector.step(actions)
    assert rewards[0] == -1.0 and terminated[0] and info["illegal"][0]
    assert info["final_info"]["illegal"][0] and info["_final_obs"][0]
    assert not info["illegal"][1]
    assert vector.action_masks()[0].any()  # restarted
    _obs, rewards, terminated, _truncated, info = vector.step(np.array([-1, 10**6]))
    assert terminated.all() and (rewards == -1.0).all()


def test_a_searching_opponent_answers_inside_step() -> None:
    vector = envs.GamesVectorEnv("ostseeschach", num_envs=2, opponent="easy", seat=1)
    assert vector.backend.name == "python"  # a searching opponent needs Python states
    vector.reset(seed=2)
    for state in python_states(vector):
        assert state.to_move == 1 and len(state.history()) == 1  # easy opened
    rng = np.random.default_rng(0)
    vector.step(masked_actions(vector, rng))
    for state in python_states(vector):
        assert state.to_move == 1 and len(state.history()) == 3


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="num_envs"):
        envs.GamesVectorEnv("okard", num_envs=0)
    with pytest.raises(ValueError, match="seat"):
        envs.GamesVectorEnv("okard", seat=2)
    vector = envs.GamesVectorEnv("ostseeschach", num_envs=2)
    vector.reset(seed=0)
    with pytest.raises(ValueError, match="expected 2 actions"):
        vector.step(np.zeros(3, np.int64))
