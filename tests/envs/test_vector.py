"""The batched simulator: arrays agree with the Python states, games restart, seeds
repeat, bad actions are refused."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy", reason="the envs extra is not installed (pip install .[envs])")
pytest.importorskip("gymnasium", reason="the envs extra is not installed (pip install .[envs])")

from typing import Any

import numpy as np

from spieltisch import envs, native
from spieltisch.core.game import TERMINAL, State
from spieltisch.core.registry import game_names

needs_native = pytest.mark.skipif(
    not native.available("ostseeschach"), reason="the native engines are not built"
)


def batch_states(batch: envs.VectorGames) -> list[State[Any]]:
    """The Python states of the batch's games: the backend's own, or read from the
    native batch's position texts."""
    backend = batch.backend
    if isinstance(backend, envs.PythonBackend):
        return backend.states
    assert isinstance(backend, envs.NativeBackend)
    return [batch.game.parse(backend.batch.text(i)) for i in range(batch.num_envs)]


#: Every game on the Python backend, and those with a native batch on the native one.
CASES = [(name, "python") for name in game_names()] + [
    pytest.param(name, "native", marks=needs_native)
    for name in ("ostseeschach", "schachogi", "hase-und-igel", "okard")
]


@pytest.mark.parametrize(("name", "backend"), CASES)
def test_arrays_match_the_states_and_games_restart(name: str, backend: str) -> None:
    options = "board=8" if name == "okard" else None
    batch = envs.VectorGames(name, 4, options, seed=3, backend=backend)
    assert batch.backend.name == backend
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(150):
        for i, state in enumerate(batch_states(batch)):
            assert batch.to_move[i] == state.to_move != TERMINAL
            assert np.array_equal(batch.mask[i], envs.action_mask(state).astype(bool))
            assert np.array_equal(batch.obs[i], envs.observation(state))
        rewards, done = batch.step(batch.random_actions(rng))
        finished += int(done.sum())
        assert np.all(rewards[~done] == 0)
        assert np.all(np.abs(rewards[done].sum(axis=1)) == 0)
    assert batch.episodes == finished


@pytest.mark.parametrize(
    ("name", "options", "backend"),
    [
        ("okard", "board=8", "python"),
        pytest.param("okard", "board=8", "native", marks=needs_native),
        pytest.param("ostseeschach", None, "native", marks=needs_native),
    ],
)
def test_same_seed_same_games(name: str, options: str | None, backend: str) -> None:
    def run() -> list[str]:
        batch = envs.VectorGames(name, 3, options, seed=8, backend=backend)
        rng = np.random.default_rng(8)
        for _ in range(40):
            batch.step(batch.random_actions(rng))
        return [state.text() for state in batch_states(batch)]

    assert run() == run()


@pytest.mark.parametrize("backend", ["python", pytest.param("native", marks=needs_native)])
def test_bad_actions_are_refused(backend: str) -> None:
    batch = envs.VectorGames("ostseeschach", 2, seed=1, backend=backend)
    illegal = int(np.flatnonzero(~batch.mask[0])[0])
    with pytest.raises(ValueError, match="not legal in game 0"):
        batch.step([illegal, int(np.flatnonzero(batch.mask[1])[0])])
    with pytest.raises(ValueError, match="out of range"):
        batch.step([0, 10**6])
    with pytest.raises(ValueError, match="expected 2 actions"):
        batch.step([0])
    # Options the native engine cannot hold: asking for the native backend says so.
    stones = ",".join(["K", *(f"{chr(ord('A') + i) * 2}:222222221" for i in range(14))])
    with pytest.raises(ValueError, match="native okard engine does not play"):
        envs.VectorGames("okard", 2, f"board=10 stones={stones}", backend="native")
