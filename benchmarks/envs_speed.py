"""Environment steps per second: spieltisch's environments against PettingZoo's chess
and OpenSpiel's chess, measured in the same run.

Every contender does the same work per step: read the observation tensor and the legal
actions of the player to move, pick a uniformly random legal action, apply it, and start
a new game when one ends.

- `aec`: `spieltisch.envs.env("ostseeschach")` (PettingZoo AEC, its wrappers included);
- `vector python`: `spieltisch.envs.VectorGames(game, 64, backend="python")` (the Python
  engines), for each game with a native engine (Okard with its default options: its dice
  are drawn in Python here and in C++ on the native backend);
- `vector native`: the same on the native batch backend (C++, `backend="native"`), batches
  of 64 and 256;
- `gym vector`: `spieltisch.envs.GamesVectorEnv("ostseeschach", num_envs=64)` (Gymnasium's
  vector-env API against the random opponent, native batch), and `gym sync`: Gymnasium's
  own `SyncVectorEnv` of 64 `SingleAgentEnv`s, the way a trainer stepped N games before;
  both count learner steps (each also plays the opponent's reply);
- `pettingzoo chess`: `pettingzoo.classic.chess_v6.env()` (python-chess underneath);
- `open_spiel chess`: `pyspiel.load_game("chess")` (C++ underneath), stepped from Python;
- `open_spiel ostseeschach`: our OpenSpiel adapter (`spieltisch.envs.openspiel`,
  `pyspiel.load_game("spieltisch_ostseeschach")`: our Python engine behind OpenSpiel's
  Python-game bridge), stepped the same way.

Run: `python -m benchmarks.envs_speed [SECONDS]` (needs the `research` extra; a missing
reference or a build without the native engines is reported and skipped). Ratios are
ours / theirs.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from functools import partial
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


def spieltisch_vector(
    seconds: float, game: str = "ostseeschach", num_envs: int = 64, backend: str = "python"
) -> float:
    from spieltisch import envs

    batch = envs.VectorGames(game, num_envs, seed=0, backend=backend)
    rng = np.random.default_rng(0)

    def step() -> int:
        batch.step(batch.random_actions(rng))
        return num_envs

    return _timed(step, seconds)


def gym_vector(seconds: float, num_envs: int = 64, native: bool = True) -> float:
    """Learner steps per second of N Ostseeschach games against `random` behind
    Gymnasium's vector-env API: ours on the batch backend (`native`), or Gymnasium's
    `SyncVectorEnv` of `SingleAgentEnv`s."""
    import gymnasium

    from spieltisch import envs
    from spieltisch.envs.gym_vector import random_legal

    vector: Any
    if native:
        vector = envs.GamesVectorEnv("ostseeschach", num_envs=num_envs, backend="native")
        masks: Callable[[], Any] = vector.action_masks
    else:
        vector = gymnasium.vector.SyncVectorEnv(
            [lambda: envs.SingleAgentEnv("ostseeschach") for _ in range(num_envs)],
            autoreset_mode=gymnasium.vector.AutoresetMode.SAME_STEP,
        )
        singles = vector.envs

        def masks() -> Any:
            return np.stack([single.action_masks() for single in singles])

    vector.reset(seed=0)
    rng = np.random.default_rng(0)

    def step() -> int:
        vector.step(random_legal(masks(), rng))
        return num_envs

    return _timed(step, seconds)


def pettingzoo_chess(seconds: float) -> float:
    from pettingzoo.classic import chess_v6

    return _aec_steps(chess_v6.env(), seconds)


def open_spiel_chess(seconds: float, name: str = "chess") -> float:
    import pyspiel

    if name.startswith("spieltisch_"):
        import spieltisch.envs.openspiel  # noqa: F401  (registers our games)
    game = pyspiel.load_game(name)
    rng = np.random.default_rng(0)
    state = game.new_initial_state()

    def step() -> int:
        nonlocal state
        if state.is_terminal():
            state = game.new_initial_state()
            return 0
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
            return 0
        np.asarray(state.observation_tensor(), dtype=np.float32)
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
        return 1

    return _timed(step, seconds)


#: The games with a native batch, and the native batch sizes measured.
NATIVE_GAMES = ("ostseeschach", "schachogi", "hase-und-igel", "okard")
NATIVE_SIZES = (64, 256)
REFERENCES = ("pettingzoo chess_v6", "open_spiel chess")


def contenders() -> list[tuple[str, str, Callable[[float], float]]]:
    """(short key, row label, run) of every contender, ours first, then the references."""
    rows: list[tuple[str, str, Callable[[float], float]]] = [
        ("aec", "spieltisch aec ostseeschach", spieltisch_aec),
    ]
    for game in NATIVE_GAMES:
        rows.append(
            (
                "vector" if game == "ostseeschach" else f"vector {game}",
                f"spieltisch vector python {game} (64)",
                partial(spieltisch_vector, game=game, num_envs=64, backend="python"),
            )
        )
        for size in NATIVE_SIZES:
            key = "native" if (game, size) == ("ostseeschach", 256) else f"native {game} {size}"
            rows.append(
                (
                    key,
                    f"spieltisch vector native {game} ({size})",
                    partial(spieltisch_vector, game=game, num_envs=size, backend="native"),
                )
            )
    rows.append(("gymvec", "spieltisch gym vector native ostseeschach (64)", gym_vector))
    rows.append(
        ("gymsync", "gym SyncVectorEnv of SingleAgentEnv (64)", partial(gym_vector, native=False))
    )
    rows.append(
        (
            "openspiel adapter",
            "spieltisch open_spiel adapter ostseeschach",
            partial(open_spiel_chess, name="spieltisch_ostseeschach"),
        )
    )
    rows.append(("pettingzoo", "pettingzoo chess_v6", pettingzoo_chess))
    rows.append(("open_spiel", "open_spiel chess", open_spiel_chess))
    return rows


def measure(seconds: float = SECONDS) -> dict[str, float]:
    """Measure every contender, print the table, return the ratios (ours / reference)
    keyed `ours/theirs` by the short keys (`aec/pettingzoo`, `vector/open_spiel`,
    `native/open_spiel` for the native batch of 256 Ostseeschach games, ...),
    `native/vector` (the native against the Python batch, both Ostseeschach), and
    `gymvec/gymsync` (the vector env against Gymnasium's `SyncVectorEnv`)."""
    rates: dict[str, float] = {}
    labels: dict[str, str] = {}
    for key, label, run in contenders():
        labels[key] = label
        try:
            rates[key] = run(seconds)
        except ImportError as exc:
            print(f"{label:<46} skipped ({exc.name} is not installed)")
        except ValueError as exc:  # a build without the native batch
            print(f"{label:<46} skipped ({exc})")
    references = [key for key in ("pettingzoo", "open_spiel") if key in rates]
    print(f"{'environment':<46} {'steps/s':>10}" + "".join(f" {'/' + r:>12}" for r in references))
    ratios: dict[str, float] = {}
    for key, rate in rates.items():
        row = f"{labels[key]:<46} {rate:>10,.0f}"
        if key not in references:
            for theirs in references:
                ratios[f"{key}/{theirs}"] = rate / rates[theirs]
                row += f" {rate / rates[theirs]:>12.2f}"
        print(row)
    if "gymvec" in rates and "gymsync" in rates:
        ratios["gymvec/gymsync"] = rates["gymvec"] / rates["gymsync"]
        print(
            f"gym vector native / SyncVectorEnv, ostseeschach (64): {ratios['gymvec/gymsync']:.1f}"
        )
    for game in NATIVE_GAMES:
        python_key = "vector" if game == "ostseeschach" else f"vector {game}"
        for size in NATIVE_SIZES:
            key = "native" if (game, size) == ("ostseeschach", 256) else f"native {game} {size}"
            if key in rates and python_key in rates:
                ratios[f"{key}/{python_key}"] = rates[key] / rates[python_key]
                print(
                    f"native / python batch, {game} ({size}): {ratios[f'{key}/{python_key}']:.1f}"
                )
    return ratios


if __name__ == "__main__":
    measure(float(sys.argv[1]) if len(sys.argv) > 1 else SECONDS)
