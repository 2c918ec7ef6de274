"""PettingZoo's own test battery on every game and a sample of variants: the global
state (`state()`, `state_space`), `render_test` with the `human` window, the parallel
API and seed tests through the turn-based conversion, and `performance_benchmark`
(slow). `api_test` and `seed_test` are in `test_aec.py`. `max_cycles_test` does not
apply, as to PettingZoo's own classic games: it steps unmasked random actions, and an
illegal action ends a board game at once. `bombardment_test` fails on every AEC
environment of PettingZoo 1.27 (it checks the `None` that `step` returns against the
observation space), PettingZoo's `chess_v6` included."""

from __future__ import annotations

import sys
import warnings
from collections.abc import Iterator

import pytest

pytest.importorskip("numpy", reason="the envs extra is not installed (pip install .[envs])")
pytest.importorskip("pettingzoo", reason="the envs extra is not installed (pip install .[envs])")

import numpy as np
from pettingzoo.test import (
    parallel_api_test,
    parallel_seed_test,
    performance_benchmark,
    render_test,
    state_test,
)

from spieltisch import envs
from spieltisch.core.registry import game_names
from spieltisch.envs.window import NoDisplayError

#: Every game with its default options, and variants that change the tensors or the turn.
CASES = [(name, None) for name in game_names()] + [
    ("okard", "board=8"),
    ("okard", "ap=fixed fixed_ap=2"),
    ("schachogi", "repetitions=0 quiet_plies=40"),
]


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo's advice (dict observations, masks)
        yield


@pytest.mark.parametrize(("name", "options"), CASES)
def test_state_test(name: str, options: str | None) -> None:
    state_test(envs.env(name, options), envs.parallel_env(name, options), num_cycles=10)


@pytest.mark.parametrize(("name", "options"), CASES)
def test_the_state_is_the_position_from_player_0s_side(name: str, options: str | None) -> None:
    aec = envs.env(name, options)
    aec.reset(seed=5)
    rng = np.random.default_rng(5)
    seen = {0: 0, 1: 0}
    for _ in range(40):
        position = aec.unwrapped.game_state
        if position.is_over():
            break
        state = aec.state()
        assert state.dtype == np.float32 and aec.state_space.contains(state)
        assert np.array_equal(state, envs.observation(position, 0))
        if position.to_move == 1:  # the observation is from the mover's side, the state not
            observed = aec.observe(aec.agent_selection)["observation"]
            assert np.array_equal(observed, envs.observation(position, 1))
        seen[position.to_move] += 1
        aec.step(int(rng.choice(np.flatnonzero(aec.observe(aec.agent_selection)["action_mask"]))))
    assert seen[0] and seen[1]


def test_the_state_differs_from_the_observation_of_player_1() -> None:
    aec = envs.env("ostseeschach")
    aec.reset(seed=1)
    aec.step(int(np.flatnonzero(aec.observe("player_0")["action_mask"])[0]))
    assert aec.agent_selection == "player_1"
    assert not np.array_equal(aec.state(), aec.observe("player_1")["observation"])


@pytest.mark.parametrize(("name", "options"), CASES)
def test_parallel_api_and_seed(name: str, options: str | None) -> None:
    parallel_api_test(envs.parallel_env(name, options), num_cycles=40)
    parallel_seed_test(lambda: envs.parallel_env(name, options), num_cycles=20)


@pytest.mark.parametrize(("name", "options"), [(name, None) for name in game_names()])
def test_render_test_with_a_window(
    name: str, options: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")  # a window without a screen
    pytest.importorskip("pygame", reason="the human window needs pygame")

    def make(render_mode: str | None = None) -> object:
        return envs.env(name, options, render_mode=render_mode)

    render_test(make)


def test_the_window_shows_the_picture(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    pygame = pytest.importorskip("pygame", reason="the human window needs pygame")
    aec = envs.raw_env("okard", "board=8", render_mode="human")
    aec.reset(seed=2)
    assert aec.render() is None
    picture = envs.raw_env("okard", "board=8", render_mode="rgb_array")
    picture.reset(seed=2)
    expected = picture.render()
    shown = pygame.surfarray.array3d(pygame.display.get_surface()).swapaxes(0, 1)
    assert np.array_equal(shown, expected)
    aec.close()
    assert pygame.display.get_surface() is None


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="DISPLAY is X11/Wayland's")
def test_human_without_a_display_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(variable, raising=False)
    pytest.importorskip("pygame", reason="the human window needs pygame")
    with pytest.raises(NoDisplayError, match=r"needs a display.*rgb_array"):
        envs.env("ostseeschach", render_mode="human")


@pytest.mark.slow
@pytest.mark.parametrize("name", game_names())
def test_performance_benchmark(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    performance_benchmark(envs.env(name, "board=8" if name == "okard" else None))
    assert "turns per second" in capsys.readouterr().out
