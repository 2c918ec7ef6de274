"""The PettingZoo environment: PettingZoo's own API and seed tests on every game and a
sample of variants, truncation by `max_cycles`, rewards, chance and rendering."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

pytest.importorskip("numpy", reason="the envs extra is not installed (pip install .[envs])")
pytest.importorskip("pettingzoo", reason="the envs extra is not installed (pip install .[envs])")

import numpy as np
from pettingzoo.test import api_test, seed_test

from spieltisch import envs
from spieltisch.core.registry import game_names

#: Every game with its default options, and variants that change the tensors or the turn.
CASES = [(name, None) for name in game_names()] + [
    ("okard", "board=8"),
    ("okard", "ap=fixed fixed_ap=2"),
    ("schachogi", "repetitions=0 quiet_plies=40"),
]


@pytest.mark.parametrize(("name", "options"), CASES)
def test_pettingzoo_api_and_seed(name: str, options: str | None) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on dict observations, not failures
        api_test(envs.env(name, options), num_cycles=60)
        seed_test(lambda: envs.env(name, options), num_cycles=30)


def _play_out(aec: Any, seed: int, limit: int = 100_000) -> tuple[int, dict[str, float]]:
    """Random legal actions (from the masks) to the end; the steps and final rewards."""
    aec.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter(limit):
        obs, reward, terminated, truncated, _info = aec.last()
        totals[agent] += reward
        if terminated or truncated:
            aec.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        aec.step(int(rng.choice(legal)))
        steps += 1
    return steps, totals


@pytest.mark.parametrize("name", game_names())
def test_max_cycles_truncates(name: str) -> None:
    aec = envs.env(name, "board=8" if name == "okard" else None, max_cycles=7)
    steps, totals = _play_out(aec, seed=3)
    assert steps <= 7
    unwrapped = aec.unwrapped
    if not unwrapped.game_state.is_over():
        assert steps == 7
        assert all(unwrapped.truncations.values())
        assert totals == {"player_0": 0.0, "player_1": 0.0}


@pytest.mark.parametrize("name", ["ostseeschach", "hase-und-igel"])
def test_a_game_to_its_end_pays_plus_minus_one(name: str) -> None:
    aec = envs.env(name)
    _steps, totals = _play_out(aec, seed=5)
    state = aec.unwrapped.game_state
    assert state.is_over()
    assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])
    assert (totals["player_0"], totals["player_1"]) == state.returns()


def test_okard_dice_come_from_the_episode_seed() -> None:
    def rolls(seed: int) -> list[str]:
        aec = envs.raw_env("okard", "board=8")
        _play_out(aec, seed, limit=400)
        state = aec.game_state
        return [str(m) for m in state.history() if state.source_square(m) is None][:400]

    assert rolls(11) == rolls(11)
    first = envs.raw_env("okard", "board=8")
    first.reset(seed=1)
    assert not first.game_state.is_chance()  # chance is never left for an agent


def test_the_selected_agent_is_the_player_to_move_and_others_see_no_moves() -> None:
    aec = envs.raw_env("ostseeschach")
    aec.reset(seed=2)
    assert aec.agent_selection == "player_0"
    assert aec.observe("player_1")["action_mask"].sum() == 0
    mask = aec.observe("player_0")["action_mask"]
    assert mask.dtype == np.int8 and mask.sum() == len(aec.game_state.legal_moves())
    aec.step(int(np.flatnonzero(mask)[0]))
    assert aec.agent_selection == "player_1"
    assert aec.observe("player_1")["observation"].shape == (19, 8, 8)


def test_an_illegal_action_loses_through_the_wrapper() -> None:
    aec = envs.env("ostseeschach")
    aec.reset(seed=2)
    mask = aec.observe("player_0")["action_mask"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        aec.step(int(np.flatnonzero(mask == 0)[0]))
    assert aec.rewards["player_0"] == -1
    assert all(aec.terminations.values())


@pytest.mark.parametrize("name", game_names())
def test_render_modes(name: str) -> None:
    aec = envs.raw_env(name, render_mode="rgb_array")
    aec.reset(seed=4)
    image = aec.render()
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    assert image.shape[0] > 100 and image.shape[1] > 100
    assert len(np.unique(image.reshape(-1, 3), axis=0)) > 3  # a picture, not a blank
    text = envs.raw_env(name, render_mode="ansi")
    text.reset(seed=4)
    assert text.render() == text.game_state.render(0)


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="render_mode"):
        envs.raw_env("okard", render_mode="window")
    with pytest.raises(ValueError, match="max_cycles"):
        envs.raw_env("okard", max_cycles=0)
