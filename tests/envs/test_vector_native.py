"""The native batch backend against the Python one: the same seeds and the same random
actions give the same observations, masks, players to move, returns, rewards and ends
at every step, over several episodes of each game (Okard with its dice drawn natively,
in several variants); and what the native batch refuses."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy", reason="the envs extra is not installed (pip install .[envs])")
pytest.importorskip("gymnasium", reason="the envs extra is not installed (pip install .[envs])")

import random
from typing import Any

import numpy as np

from spieltisch import envs, native
from spieltisch.core.chance import draw_chance
from spieltisch.core.registry import load
from spieltisch.native import batch as native_batch

NATIVE_GAMES = ["ostseeschach", "schachogi", "hase-und-igel"]

needs_native = pytest.mark.skipif(
    not all(native.available(name) for name in NATIVE_GAMES),
    reason="the native engines are not built",
)


def drive_both(
    name: str,
    num_envs: int,
    steps: int,
    seed: int,
    peaks: np.ndarray[Any, Any] | None = None,
    options: str | None = None,
) -> dict[str, int]:
    """Step a Python and a native batch side by side; every array must agree after every
    step. Returns how many games ended with each result; `peaks` (of the observation's
    shape) collects the largest value each observation entry took."""
    python = envs.VectorGames(name, num_envs, options, seed=seed, backend="python")
    compiled = envs.VectorGames(name, num_envs, options, seed=seed, backend="native")
    assert isinstance(compiled.backend, envs.NativeBackend)
    rng = np.random.default_rng(seed)
    counts = {"red wins": 0, "blue wins": 0, "draws": 0}
    for step in range(steps):
        for field in ("obs", "mask", "to_move", "returns"):
            ours, theirs = getattr(compiled, field), getattr(python, field)
            assert np.array_equal(ours, theirs), f"{name} {options}: {field} differs at {step}"
        if peaks is not None:
            np.maximum(peaks, compiled.obs.max(axis=0), out=peaks)
        actions = python.random_actions(rng)
        rewards, done = python.step(actions)
        native_rewards, native_done = compiled.step(actions)
        assert np.array_equal(done, native_done), f"{name} {options}: done differs at {step}"
        assert np.array_equal(rewards, native_rewards), f"{name} {options}: rewards at {step}"
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


#: Okard's variants on the native batch (its dice drawn natively) and the steps driven.
OKARD_VARIANTS = [(None, 300), ("board=8", 300), ("ap=round", 300), ("ap=fixed", 300)]


@needs_native
@pytest.mark.parametrize(("options", "steps"), OKARD_VARIANTS)
def test_native_okard_agrees_with_python(options: str | None, steps: int) -> None:
    game = load("okard", options)
    kinds = (game.observation_shape[0] - 9) // 6  # planes: 6 per stone kind and 9
    peaks = np.zeros(game.observation_shape, np.float32)
    counts = drive_both("okard", 8, steps, seed=11, peaks=peaks, options=options)
    assert sum(counts.values()) >= 3  # games ended and restarted
    scalars = peaks[4 * kinds :, 0, 0]  # hands, AP, sacrificed, turn, phases, stage, captured
    assert peaks[: 4 * kinds : 2].max() == 1  # front sides ...
    assert peaks[1 : 4 * kinds : 2].max() == 1  # ... and back sides on the board
    assert scalars[: 2 * kinds].max() > 0 and scalars[2 * kinds] > 0  # hands, AP
    assert all(scalars[2 * kinds + 3 : 2 * kinds + 6] == 1)  # every phase seen
    assert scalars[2 * kinds + 6] > 0 and scalars[2 * kinds + 7] > 0  # stage, captures
    if options != "ap=fixed":
        assert scalars[2 * kinds + 1] > 0  # sacrificed AP (with dice, sacrifices pay)


@needs_native
@pytest.mark.slow
@pytest.mark.parametrize(
    "options", [None, "board=10", "ap=round", "drops=anywhere sacrifice=removed", "end=points"]
)
def test_native_okard_agrees_with_python_long(options: str | None) -> None:
    drive_both("okard", 32, 1500, seed=5, options=options)


@needs_native
def test_auto_picks_native_where_the_build_has_it() -> None:
    for name in NATIVE_GAMES:
        assert envs.backend_for(load(name), 2).name == "native"
    for options in (None, "board=8", "ap=round", "ap=fixed fixed_ap=5", "end=home"):
        assert envs.backend_for(load("okard", options), 2).name == "native"
    # The native engines know only Schachogi's default draw rules, and Okard's stone
    # lists up to the engine's move buffer.
    assert envs.backend_for(load("schachogi", "quiet_plies=40"), 2).name == "python"
    assert envs.backend_for(wide_okard(), 2).name == "python"
    assert envs.backend_for(load("ostseeschach"), 2, "python").name == "python"


def wide_okard() -> Any:
    """Okard with 15 stone kinds on 10x10: more than the native engine holds."""
    codes = ["K", *(chr(ord("A") + i) * 2 for i in range(14))]
    stones = ",".join(code if code == "K" else f"{code}:222222221" for code in codes)
    return load("okard", f"board=10 stones={stones}")


@needs_native
def test_native_refuses_what_it_cannot_play() -> None:
    with pytest.raises(ValueError, match="the native okard engine does not play board=10"):
        envs.VectorGames(wide_okard(), 2, backend="native")
    with pytest.raises(ValueError, match="default options only, not repetitions=4"):
        envs.VectorGames("schachogi", 2, "repetitions=4", backend="native")
    with pytest.raises(ValueError, match="backend must be"):
        envs.VectorGames("schachogi", 2, backend="fast")


@needs_native
def test_native_okard_batch_draws_the_dice_from_the_game_start() -> None:
    """A game reset mid-way (text, seed, ply) draws its dice as Python's `draw_chance`
    at the ply counted from the game's start, also when the text is a chance node."""
    game = load("okard", "board=8")
    state = game.new_state()
    rng = random.Random(4)
    while state.phase != "play":  # pick and place at random, then the first roll is due
        state.push(rng.choice(state.legal_moves()))
    assert state.is_chance()
    seed, ply = 2**63 - 1, len(state.history())
    batch = native_batch.new_batch(game, 2)
    batch.reset([0, 1], [state.text(), state.text()], [seed, 7], [ply, ply + 3])
    for index, (s, p) in enumerate([(seed, ply), (7, ply + 3)]):
        twin = state.copy()
        twin.push(draw_chance(twin, s, p))
        assert batch.text(index) == twin.text()
        assert batch.ply(index) == p + 1
    # Play on to the next roll: END, then blue's die at the next ply.
    twin = state.copy()
    twin.push(draw_chance(twin, seed, ply))
    end = twin.action_id(next(m for m in twin.legal_moves() if str(m) == "END"))
    batch.step(np.array([end, end], np.int64), np.array([True, False]))
    twin.push(twin.action_move(end))
    twin.push(draw_chance(twin, seed))
    assert batch.text(0) == twin.text() and batch.ply(0) == len(twin.history())
    with pytest.raises(ValueError, match="one seed and one ply per index"):
        batch.reset([0, 1], [state.text(), state.text()], [1], [0, 0])


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
