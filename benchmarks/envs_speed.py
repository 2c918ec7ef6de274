"""Environment steps per second: spieltisch's environments against PettingZoo's chess
and OpenSpiel's chess, measured in the same run.

Every contender does the same work per step: read the observation tensor and the legal
actions of the player to move, pick a uniformly random legal action, apply it, and start
a new game when one ends.

- `aec`: `spieltisch.envs.env("ostseeschach")` (PettingZoo AEC, its wrappers included);
- `vector`: `spieltisch.envs.VectorGames("ostseeschach", 64)` (the Python engine today;
  the native engine slots in behind `envs.vector.backend_for`);
- `pettingzoo chess`: `pettingzoo.classic.chess_v6.env()` (python-chess underneath);
- `open_spiel chess`: `pyspiel.load_game("chess")` (C++ underneath), stepped from Python.

Run: `python -m benchmarks.envs_speed [SECONDS]` (needs the `research` extra; a missing
reference is reported and skipped). Ratios are ours / theirs.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

#: Seconds per measurement.
SECONDS = 3.0


def _timed(step: Callable[[], int], seconds: float) -> float:
    """Call `step` (returning the environment steps it made) for `seconds`: steps/s."""
    steps = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        steps += step()
    return steps / elapsed


def _aec_steps(aec: Any, seconds: float) -> float:
    """Random legal play in a PettingZoo AEC environment, resetting at each end."""
    rng = np.random.default_rng(0)
    aec.reset(seed=0)

    def step() -> int:
        obs, _reward, terminated, truncated, _info = aec.last()
        if terminated or truncated:
            aec.reset()
            return 0
        aec.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        return 1

    return _timed(step, seconds)


def spieltisch_aec(seconds: float, game: str = "ostseeschach") -> float:
    from spieltisch import envs

    return _aec_steps(envs.env(game), seconds)


def spieltisch_vector(seconds: float, game: str = "ostseeschach", num_envs: int = 64) -> float:
    from spieltisch import envs

    batch = envs.VectorGames(game, num_envs, seed=0)
    rng = np.random.default_rng(0)

    def step() -> int:
        batch.step(batch.random_actions(rng))
        return num_envs

    return _timed(step, seconds)


def pettingzoo_chess(seconds: float) -> float:
    from pettingzoo.classic import chess_v6

    return _aec_steps(chess_v6.env(), seconds)


def open_spiel_chess(seconds: float) -> float:
    import pyspiel

    game = pyspiel.load_game("chess")
    rng = np.random.default_rng(0)
    state = game.new_initial_state()

    def step() -> int:
        nonlocal state
        if state.is_terminal():
            state = game.new_initial_state()
            return 0
        np.asarray(state.observation_tensor(), dtype=np.float32)
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
        return 1

    return _timed(step, seconds)


def measure(seconds: float = SECONDS) -> dict[str, float]:
    """Measure every contender, print the table, return the ratios (ours / reference)."""
    rates: dict[str, float] = {}
    for name, run in (
        ("spieltisch aec ostseeschach", spieltisch_aec),
        ("spieltisch vector ostseeschach (64)", spieltisch_vector),
        ("pettingzoo chess_v6", pettingzoo_chess),
        ("open_spiel chess", open_spiel_chess),
    ):
        try:
            rates[name] = run(seconds)
        except ImportError as exc:
            print(f"{name:<38} skipped ({exc.name} is not installed)")
    for name, rate in rates.items():
        print(f"{name:<38} {rate:>10,.0f} steps/s")
    ratios = {}
    for ours in ("spieltisch aec ostseeschach", "spieltisch vector ostseeschach (64)"):
        for theirs in ("pettingzoo chess_v6", "open_spiel chess"):
            if ours in rates and theirs in rates:
                key = f"{ours.split()[1]}/{theirs.split()[0]}"
                ratios[key] = rates[ours] / rates[theirs]
                print(f"ratio {ours} / {theirs}: {ratios[key]:.2f}")
    return ratios


if __name__ == "__main__":
    measure(float(sys.argv[1]) if len(sys.argv) > 1 else SECONDS)
