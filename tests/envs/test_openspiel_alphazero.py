"""OpenSpiel's AlphaZero (its own example script, unchanged) trains on one of our games:
a tiny configuration (a small MLP, 4 simulations, one actor, one evaluator, one learning
step) run through `python -m spieltisch.envs.openspiel_alphazero`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install .[research])")
for _module in ("jax", "flax", "chex", "optax", "orbax.checkpoint"):
    pytest.importorskip(
        _module, reason=f"{_module} is not installed: OpenSpiel's AlphaZero needs .[research]"
    )

import spieltisch  # noqa: E402

#: OpenSpiel's flags for a run that takes a minute or two of CPU, most of it JAX's start.
TINY = [
    "--game=spieltisch_ostseeschach",
    "--actors=1",
    "--evaluators=1",
    "--max_steps=1",
    "--max_simulations=4",
    "--nn_model=mlp",
    "--nn_width=16",
    "--nn_depth=1",
    "--replay_buffer_size=32",
    "--replay_buffer_reuse=1",
    "--train_batch_size=16",
    "--eval_levels=2",
    "--checkpoint_freq=1",
]


@pytest.mark.slow
def test_openspiel_alphazero_trains_on_ostseeschach(tmp_path: Path) -> None:
    src = str(Path(spieltisch.__file__).resolve().parents[1])
    run = tmp_path / "az"
    done = subprocess.run(
        [sys.executable, "-m", "spieltisch.envs.openspiel_alphazero", *TINY, f"--path={run}"],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": src, "PATH": "/usr/bin:/bin", "JAX_PLATFORMS": "cpu"},
        timeout=1800,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Exception caught" not in done.stdout
    steps = [json.loads(line) for line in (run / "learner.jsonl").read_text().splitlines()]
    assert [step["step"] for step in steps] == [1]
    assert steps[0]["total_states"] >= 32  # a whole game of ours went into the buffer
    assert (run / "checkpoint-1").is_dir()
    actor = (run / "log-actor-0.txt").read_text()
    assert "Game 1: Returns:" in actor  # played by the actor in its spawned process
    config = json.loads((run / "config.json").read_text())
    assert config["game"] == "spieltisch_ostseeschach"
    assert config["output_size"] == spieltisch.core.registry.load("ostseeschach").num_actions
