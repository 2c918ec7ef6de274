"""The native batch backend against the Python one: the same seeds and the same random
actions give the same observations, masks, players to move, returns, rewards and ends
at every step, over several episodes of each game; and what the native batch refuses."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy", reason="the envs extra is not installed (pip install .[envs])")
pytest.importorskip("gymnasium", reason="the envs extra is not installed (pip install .[envs])")

from typing import Any

import numpy as np

from spieltisch import envs, native
from spieltisch.core.registry import load
from spieltisch.native import batch as native_batch

NATIVE_GAMES = ["ostseeschach", "schachogi", "hase-und-igel"]

needs_native = pytest.mark.skipif(
    not all(native.available(name) for name in NATIVE_GAMES),
    reason="the native engines are not built",
)


def drive_both(
    name: str, num_envs: int, steps: int, seed: int, peaks: np.ndarray[Any, Any] | None = None
) -> dict[str, int]:
    """Step a Python and a native batch side by side; every array must agree after every
    step. Returns how many games ended with each result; `peaks` (of the observation's
    shape) collects the largest value each observation entry took."""
    python = envs.VectorGames(name, num_envs, seed=seed, backend="python")
    compiled = envs.VectorGames(name, num_envs, seed=seed, backend="native")
    assert isinstance(compiled.backend, envs.NativeBackend)
    rng = np.random.default_rng(seed)
    counts = {"red wins": 0, "blue wins": 0, "draws": 0}
    for step in range(steps):
        for field in ("obs", "mask", "to_move", "returns"):
            ours, theirs = getattr(compiled, field), getattr(python, field)
            assert np.array_equal(ours, theirs), f"{name}: {field} differs at step {step}"
        if peaks is not None:
            np.maximum(peaks, compiled.obs.max(axis=0), out=peaks)
        actions = python.random_actions(rng)
        rewards, done = python.step(actions)
        native_rewards, native_done = compiled.step(actions)
        assert np.array_equal(done, native_done), f"{name}: done differs at step {step}"
        assert np.array_equal(rewards, native_rewards), f"{name}: rewards differ at step {step}"
        for row in rewards[done]:
            key = "draws" if row[0] == 0 else ("red wins" if row[0] > 0 else "blue wins")
            counts[key] += 1
    assert compiled.episodes == python.episodes == sum(counts.values())
    return counts


#: Observation entries the fast runs must have seen non-zero, so that the comparison
#: covers them: (first plane, last plane, entry within the plane or None for any).
COVERED: dict[str, list[tuple[int, int, int | None]]] = {
    # Towers of both (planes 4-7, 12-15), ambers of both (16, 17).
    "ostseeschach": [(4, 7, None), (12, 15, None), (16, 16, 0), (17, 17, 0)],
    # Promoted pieces of both (6-10, 17-21), a repeated position (23).
    "schachogi": [(6, 10, None), (17, 21, None), (23, 23, 0)],
    # Both hares on the track; must move on (entry 6) and must eat (7) for both players.
    "hase-und-igel": [
        (8, 8, None),
        (9, 9, None),
        (10, 11, 6),
        (10, 11, 7),
        (11, 11, 6),
        (11, 11, 7),
    ],
}


@needs_native
@pytest.mark.parametrize(
    ("name", "steps"), [("ostseeschach", 400), ("schachogi", 600), ("hase-und-igel", 400)]
)
def test_native_backend_agrees_with_python(name: str, steps: int) -> None:
    game = load(name)
    peaks = np.zeros(game.observation_shape, np.float32)
    counts = drive_both(name, 8, steps, seed=11, peaks=peaks)
    assert sum(counts.values()) >= 3 * 8  # several episodes in every game slot on average
    for first, last, entry in COVERED[name]:
        planes = peaks[first : last + 1].reshape(last + 1 - first, -1)
        seen = planes.max() if entry is None else planes[:, entry].max()
        assert seen > 0, f"{name}: planes {first}-{last} entry {entry} never set"
    if name == "schachogi":
        assert peaks[23].max() == np.float32(2 / 3)  # a position seen twice


@needs_native
@pytest.mark.slow
@pytest.mark.parametrize("name", NATIVE_GAMES)
def test_native_backend_agrees_with_python_long(name: str) -> None:
    counts = drive_both(name, 64, 2000, seed=29)
    assert min(counts.values()) > 0 or name == "hase-und-igel"


@needs_native
def test_auto_picks_native_where_the_build_has_it() -> None:
    for name in NATIVE_GAMES:
        assert envs.backend_for(load(name), 2).name == "native"
    assert envs.backend_for(load("okard"), 2).name == "python"
    # The native engines know only Schachogi's default draw rules.
    assert envs.backend_for(load("schachogi", "quiet_plies=40"), 2).name == "python"
    assert envs.backend_for(load("ostseeschach"), 2, "python").name == "python"


@needs_native
def test_native_refuses_what_it_cannot_play() -> None:
    with pytest.raises(ValueError, match="okard has no native engine"):
        envs.VectorGames("okard", 2, backend="native")
    with pytest.raises(ValueError, match="default options only, not repetitions=4"):
        envs.VectorGames("schachogi", 2, "repetitions=4", backend="native")
    with pytest.raises(ValueError, match="backend must be"):
        envs.VectorGames("schachogi", 2, backend="fast")


@needs_native
def test_native_batch_checks_its_input() -> None:
    game = load("ostseeschach")
    batch = native_batch.new_batch(game, 2)
    obs = np.zeros((2, *game.observation_shape), np.float32)
    mask = np.zeros((2, game.num_actions), np.bool_)
    to_move = np.zeros(2, np.int64)
    returns = np.zeros((2, 2), np.float32)
    with pytest.raises(ValueError, match="never reset"):
        batch.fill(obs, mask, to_move, returns)
    start = envs.vector.start_text(game, 5)
    batch.reset([0, 1], [start, start])
    with pytest.raises(ValueError, match="mask has 4096 entries, expected 8192"):
        batch.fill(obs, mask[:1], to_move, returns)
    with pytest.raises(TypeError):
        batch.fill(obs.astype(np.float64), mask, to_move, returns)
    batch.fill(obs, mask, to_move, returns)
    legal = int(np.flatnonzero(mask[0])[0])
    illegal = int(np.flatnonzero(~mask[1])[0])
    # An illegal action in one game refuses the whole step: no game moves.
    with pytest.raises(ValueError, match=f"action {illegal} is not legal in game 1"):
        batch.step(np.array([legal, illegal], np.int64), np.ones(2, np.bool_))
    assert batch.text(0) == batch.text(1) == start
    with pytest.raises(ValueError, match="not legal in game 0"):
        batch.step(np.array([-1, 0], np.int64), np.array([True, False]))
    batch.step(np.array([legal, 0], np.int64), np.array([True, False]))
    move = str(game.parse(start).action_move(legal))
    assert batch.text(0) == native.play("ostseeschach", start, move)
    assert batch.text(1) == start
    with pytest.raises(IndexError):
        batch.reset([2], [start])
    with pytest.raises(IndexError, match=r"game index 7 outside 0\.\.1"):
        batch.fill(obs, mask, to_move, returns, np.array([0, 7], np.int64))
    with pytest.raises(ValueError, match="at least one game"):
        native_batch.new_batch(game, 0)
    with pytest.raises(ValueError):
        batch.reset([0], ["not a position"])
