"""The MaskablePPO baseline and the baselines table: `spieltisch ppo` trains a policy on
the native batch, the `ppo:` agent plays it legally, and `spieltisch baselines` puts it in
a round robin with random and the levels and prints a Bradley–Terry table."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip(
    "sb3_contrib", reason="the research extra is not installed (pip install .[research])"
)

from click.testing import CliRunner

from spieltisch.ai.spec import AgentSpecError, make_agent
from spieltisch.cli import main
from spieltisch.core.registry import load


@pytest.fixture(scope="module")
def policy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("ppo") / "ostseeschach-ppo.zip"
    result = CliRunner().invoke(
        main, ["ppo", "ostseeschach", "--steps", "512", "--envs", "4", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "saved" in result.output and out.is_file()
    return out


def test_the_policy_plays_legal_moves(policy: Path) -> None:
    import random

    game = load("ostseeschach")
    agent = make_agent(f"ppo:model={policy}", game)
    for seed in range(3):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_over():
            move = agent.select(state) if state.to_move == 0 else state.random_move(rng)
            state.play(move)  # raises on an illegal move


def test_a_policy_of_another_game_is_refused(policy: Path, tmp_path: Path) -> None:
    with pytest.raises(AgentSpecError, match="not trained for okard"):
        make_agent(f"ppo:model={policy}", load("okard"))
    with pytest.raises(AgentSpecError, match="no such file"):
        make_agent(f"ppo:model={tmp_path / 'missing.zip'}", load("ostseeschach"))


def test_baselines_prints_a_bradley_terry_table(policy: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main,
        [
            "baselines",
            "ostseeschach",
            "--ppo",
            str(policy),
            "--games-per-pair",
            "1",
            "--db",
            str(tmp_path / "b.db"),
        ],
    )
    assert result.exit_code == 0, result.output
    table = result.output.split("standings")[1].split("\n\n")[0]
    names = re.findall(r"^\s*\d+ (\S+) +\d+ ", table, flags=re.MULTILINE)
    assert sorted(names) == ["easy", "hard", "medium", "ppo-1", "random"]
    assert "Elo" in table and "95%" in table
