"""The batched simulator: arrays agree with the Python states, games restart, seeds
repeat, bad actions are refused."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy", reason="the envs extra is not installed (pip install .[envs])")
pytest.importorskip("gymnasium", reason="the envs extra is not installed (pip install .[envs])")

import numpy as np

from spieltisch import envs
from spieltisch.core.game import TERMINAL
from spieltisch.core.registry import games


@pytest.mark.parametrize("name", games())
def test_arrays_match_the_states_and_games_restart(name: str) -> None:
    options = "board=8" if name == "okard" else None
    batch = envs.VectorGames(name, 4, options, seed=3)
    backend = batch.backend
    assert isinstance(backend, envs.PythonBackend)
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(150):
        for i, state in enumerate(backend.states):
            assert batch.to_move[i] == state.to_move != TERMINAL
            assert np.array_equal(batch.mask[i], envs.action_mask(state).astype(bool))
            assert np.array_equal(batch.obs[i], envs.observation(state))
        rewards, done = batch.step(batch.random_actions(rng))
        finished += int(done.sum())
        assert np.all(rewards[~done] == 0)
        assert np.all(np.abs(rewards[done].sum(axis=1)) == 0)
    assert batch.episodes == finished


def test_same_seed_same_games() -> None:
    def run() -> list[str]:
        batch = envs.VectorGames("okard", 3, "board=8", seed=8)
        rng = np.random.default_rng(8)
        for _ in range(40):
            batch.step(batch.random_actions(rng))
        assert isinstance(batch.backend, envs.PythonBackend)
        return [state.text() for state in batch.backend.states]

    assert run() == run()


def test_bad_actions_are_refused() -> None:
    batch = envs.VectorGames("ostseeschach", 2, seed=1)
    illegal = int(np.flatnonzero(~batch.mask[0])[0])
    with pytest.raises(ValueError, match="not legal in game 0"):
        batch.step([illegal, int(np.flatnonzero(batch.mask[1])[0])])
    with pytest.raises(ValueError, match="out of range"):
        batch.step([0, 10**6])
    with pytest.raises(ValueError, match="expected 2 actions"):
        batch.step([0])
    with pytest.raises(ValueError, match="native"):
        envs.VectorGames("ostseeschach", 2, backend="native")
