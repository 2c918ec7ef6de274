"""The Gymnasium ids: `gymnasium.make("spieltisch/<Game>-v0", …)` for every game, with
Gymnasium's `check_env` on what `make` returns, variants as keywords, and the module
prefix that needs no import of ours."""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("gymnasium", reason="the envs extra is not installed (pip install .[envs])")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

from spieltisch import envs
from spieltisch.core.errors import OptionError

IDS = {
    "ostseeschach": "spieltisch/Ostseeschach-v0",
    "schachogi": "spieltisch/Schachogi-v0",
    "hase-und-igel": "spieltisch/HaseUndIgel-v0",
    "okard": "spieltisch/Okard-v0",
}
SRC = Path(__file__).resolve().parents[2] / "src"


@pytest.mark.parametrize(("name", "identifier"), IDS.items())
def test_make_and_check_env(name: str, identifier: str) -> None:
    assert envs.env_id(name) == identifier
    keywords: dict[str, Any] = {"board": 8} if name == "okard" else {}
    env = gymnasium.make(identifier, opponent="easy", **keywords)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a checker's warning is a failure here
        check_env(env.unwrapped)
    check_env(env)
    single = env.unwrapped
    assert isinstance(single, envs.SingleAgentEnv)
    assert single.game.name == name and single.opponent_spec == "easy"
    assert env.spec is not None and env.spec.id == identifier
    obs, info = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    action = int(np.flatnonzero(single.action_masks())[0])
    obs, _reward, _terminated, _truncated, info = env.step(action)
    assert env.observation_space.contains(obs) and info["seat"] == 0


def test_variants_through_keywords() -> None:
    env = gymnasium.make("spieltisch/Okard-v0", board=8, ap="fixed", fixed_ap=2, seat=1)
    single = env.unwrapped
    assert isinstance(single, envs.SingleAgentEnv)
    game = single.game
    assert (game.options.board, game.options.fixed_ap) == (8, 2)
    assert env.observation_space.shape == (57, 8, 8) and single.fixed_seat == 1
    text = gymnasium.make("spieltisch/Okard-v0", options="board=10", turns=50).unwrapped
    assert isinstance(text, envs.SingleAgentEnv)
    assert (text.game.options.board, text.game.options.turns) == (10, 50)
    schachogi = gymnasium.make("spieltisch/Schachogi-v0", repetitions=0, quiet_plies=40)
    assert isinstance(schachogi.unwrapped, envs.SingleAgentEnv)
    assert schachogi.unwrapped.game.options.quiet_plies == 40
    with pytest.raises(OptionError, match="unknown option 'boardsize'"):
        gymnasium.make("spieltisch/Okard-v0", boardsize=8)


def test_make_vec_gives_the_batched_env() -> None:
    vector = gymnasium.make_vec(
        "spieltisch/HaseUndIgel-v0", num_envs=3, vectorization_mode="vector_entry_point"
    )
    assert isinstance(vector.unwrapped, envs.GamesVectorEnv)
    obs, info = vector.reset(seed=1)
    assert obs.shape == (3, 12, 65) and info["action_mask"].shape == (3, 1605)
    vector.close()


def test_the_module_prefix_needs_no_import_of_ours() -> None:
    code = (
        "import sys, gymnasium\n"
        "assert 'spieltisch.envs' not in sys.modules\n"
        "env = gymnasium.make('spieltisch.envs:spieltisch/Ostseeschach-v0', opponent='easy')\n"
        "print(type(env.unwrapped).__name__, env.unwrapped.opponent_spec)\n"
    )
    environment = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=environment, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["SingleAgentEnv", "easy"]
