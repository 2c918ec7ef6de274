"""The declared observation spaces hold every observation and are tight: planes of 0/1
and counters scaled into [0, 1] declare 1 (not the old `Box(0, 1000)`), and only the
counters that can grow past 1 declare more, by a bound from the rules."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numpy", reason="the envs extra is not installed (pip install .[envs])")
pytest.importorskip("gymnasium", reason="the envs extra is not installed (pip install .[envs])")

import numpy as np

from spieltisch import envs
from spieltisch.core.chance import draw_chance
from spieltisch.core.registry import game_names
from spieltisch.envs.tensors import observation_box

CASES = [(name, None) for name in game_names()] + [
    ("okard", "board=8"),
    ("okard", "ap=fixed fixed_ap=2"),
    ("schachogi", "repetitions=0 quiet_plies=40"),
]


def _grown(name: str, shape: tuple[int, ...], kinds: int = 0) -> np.ndarray:
    """Which entries may pass 1: the counters each game documents (docs/envs.md)."""
    grown = np.zeros(shape, np.bool_)
    if name == "ostseeschach":
        grown[16:18] = True  # ambers / 2, up to 3 ambers
    elif name == "hase-und-igel":
        grown[10, 0] = grown[11, 0] = True  # carrots / 100
    elif name == "okard":
        grown[4 * kinds : 6 * kinds] = True  # stones in hand / 4
        grown[6 * kinds] = True  # action points / 12 (start plus sacrifices; less with fixed_ap)
        grown[6 * kinds + 7 : 6 * kinds + 9] = True  # captured value / army points
    return grown


@pytest.mark.parametrize(("name", "options"), CASES)
def test_observations_lie_in_tight_bounds(name: str, options: str | None) -> None:
    game = envs.game_of(name, options)
    box = observation_box(game)
    assert box == envs.SingleAgentEnv(name, options).observation_space
    aec_box = envs.raw_env(name, options).observation_spaces["player_0"]["observation"]
    assert box == aec_box == envs.raw_env(name, options).state_space
    shape = game.observation_shape
    assert np.all(box.low == 0)
    kinds = (shape[0] - 9) // 6 if name == "okard" else 0
    grown = _grown(name, shape, kinds)
    assert np.all(box.high[~grown] == 1.0)  # 0/1 planes and counters in [0, 1]
    assert np.all(np.isfinite(box.high)) and np.all(box.high[grown] > 0)
    rng = random.Random(1)
    highest = np.zeros(shape, np.float32)
    samples = 0
    for episode in range(12):
        state = game.new_state(episode)
        for _ply in range(150):
            while state.is_chance():
                state.push(draw_chance(state, episode))
            for player in (None, 0, 1):
                obs = envs.observation(state, player)
                assert box.contains(obs), np.argwhere((obs < box.low) | (obs > box.high))[:5]
                highest = np.maximum(highest, obs)
                samples += 1
            if state.is_over():
                break
            state.push(rng.choice(state.legal_moves()))
    assert samples > 1000
    # Tight: the planes of pieces on squares reach their bound of 1 somewhere.
    assert highest.max() >= 1.0


def test_the_bounds_of_the_counters_that_grow() -> None:
    hase = observation_box(envs.game_of("hase-und-igel"))
    assert float(hase.high.max()) == pytest.approx(220.78)  # carrots / 100
    okard = observation_box(envs.game_of("okard", "end=points"))
    assert float(okard.high[-1].max()) < 2.0  # captured: the target ends the game
    ostsee = observation_box(envs.game_of("ostseeschach"))
    assert float(ostsee.high.max()) == 1.5
    assert float(observation_box(envs.game_of("schachogi")).high.max()) == 1.0
