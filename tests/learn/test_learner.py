"""The learner's smoke test: a few seconds of self-play training with a tiny network,
its checkpoint written and read back, and the `net:` agent playing legal games; plus the
errors of a `net:` spec and the commands `train` and `curve`."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

pytest.importorskip("torch", reason="the learn extra is not installed (pip install .[learn])")
pytest.importorskip("numpy", reason="the learn extra is not installed (pip install .[learn])")

import numpy as np
from click.testing import CliRunner

from spieltisch.ai.spec import AgentSpecError, make_agent
from spieltisch.arena.match import play_game
from spieltisch.cli import main
from spieltisch.core.registry import load
from spieltisch.learn.agent import NetAgent
from spieltisch.learn.curve import checkpoints_in
from spieltisch.learn.net import CheckpointError, NetConfig, load_checkpoint, save_checkpoint
from spieltisch.learn.puct import Node, search
from spieltisch.learn.train import TrainConfig, Trainer

TINY = NetConfig(channels=8, blocks=1, hidden=32)


def _train(tmp_path: Path, name: str, options: str | None = None, minutes: float = 0.1) -> Path:
    config = TrainConfig(
        minutes=minutes,
        simulations=4,
        parallel=4,
        batch=16,
        positions_per_step=8,
        checkpoint_minutes=minutes / 2,
        sample_plies=4,
    )
    out = tmp_path / f"{name}.pt"
    trainer = Trainer(
        load(name, options), out, config, net_config=TINY, checkpoints=tmp_path / "ck"
    )
    trainer.run()
    assert trainer.positions > 0
    return out


def test_train_write_load_and_play_a_legal_game(tmp_path: Path) -> None:
    model = _train(tmp_path, "ostseeschach", minutes=0.1)
    net, game, meta = load_checkpoint(model)
    assert game.name == "ostseeschach" and net.config == TINY
    assert meta["positions"] > 0 and meta["minutes"] >= 0.1
    saved = checkpoints_in(tmp_path / "ck")
    assert len(saved) >= 2 and (tmp_path / "ck" / "log.jsonl").exists()
    agent = make_agent(f"net:model={model},sims=8", game, seed=1)
    # The table checks every move the agent makes: an illegal one raises.
    record = play_game(game, (agent, make_agent("random", game, seed=2)), start_seed=5)
    assert record.moves and (record.winner in (0, 1, None))
    assert agent.stats["simulations"] == 8


def test_the_learner_runs_on_a_track_game_and_a_game_with_dice(tmp_path: Path) -> None:
    model = _train(tmp_path, "hase-und-igel", minutes=0.05)
    game = load("hase-und-igel")
    agent = make_agent(f"net:model={model},sims=4", game, seed=1)
    play_game(game, (make_agent("random", game, seed=3), agent), start_seed=1)
    okard = load("okard", "board=8 ap=fixed")
    state = okard.new_state()
    rng = random.Random(0)
    for _ in range(30):  # into the game with its chance nodes
        state.push(state.random_move(rng))
    from spieltisch.learn.evaluator import NetEvaluator
    from spieltisch.learn.net import new_net

    net = new_net(okard, TINY)
    net.eval()
    root = Node()
    work = state.copy()
    search([root], [work], 12, NetEvaluator(net), random.Random(1))
    assert work.text() == state.text() and root.moves == state.legal_moves()
    assert root.n.sum() == 11  # one simulation expands the root


def test_net_spec_errors(tmp_path: Path) -> None:
    game = load("ostseeschach")
    with pytest.raises(AgentSpecError, match="needs a model"):
        make_agent("net:sims=3", game)
    with pytest.raises(AgentSpecError, match=r"(?i)no such file"):
        make_agent(f"net:model={tmp_path / 'missing.pt'}", game)
    junk = tmp_path / "junk.pt"
    junk.write_bytes(b"not a checkpoint at all")
    with pytest.raises(AgentSpecError, match="not a checkpoint"):
        make_agent(f"net:model={junk}", game)
    with pytest.raises(AgentSpecError, match="sims"):
        make_agent(f"net:model={junk},sims=0", game)
    with pytest.raises(AgentSpecError, match="fpu"):
        make_agent(f"net:model={junk},fpu=3", game)
    with pytest.raises(CheckpointError):
        load_checkpoint(junk)
    model = _train(tmp_path, "hase-und-igel", minutes=0.02)
    with pytest.raises(AgentSpecError, match="trained for"):
        make_agent(f"net:model={model}", game)


def test_first_play_urgency_tries_the_good_moves_first_in_a_bad_position() -> None:
    """Two visited moves worth -0.5 and an unvisited one: at Q = 0 the unvisited move
    wins whatever its prior; with `fpu` it counts as -0.5 - fpu and waits."""
    node = Node()
    node.moves = ["a", "b", "c"]
    node.player = 0
    node.prior = np.array([0.45, 0.45, 0.1])
    node.n = np.array([3.0, 3.0, 0.0])
    node.w = np.array([-1.5, -1.5, 0.0])
    node.visits = 6
    assert node.select(1.5) == 2
    assert node.select(1.5, 0.3) in (0, 1)
    node.visits = 0  # an unexpanded path: nothing to take a mean of, the priors decide
    node.n[:] = 0.0
    node.w[:] = 0.0
    assert node.select(1.5, 0.3) == node.select(1.5) == 0


def test_the_net_agent_takes_its_first_play_urgency_from_the_spec_or_the_network(
    tmp_path: Path,
) -> None:
    game = load("ostseeschach")
    model = _train(tmp_path, "ostseeschach", minutes=0.02)
    net, _game, meta = load_checkpoint(model)
    tuned = tmp_path / "tuned.pt"
    save_checkpoint(tuned, net, game, {**meta, "fpu": 0.3})
    cases = [("", model, None), ("", tuned, 0.3), (",fpu=0.1", tuned, 0.1)]
    for spec, path, fpu in [*cases, (",fpu=none", tuned, None)]:
        agent = make_agent(f"net:model={path}{spec}", game)
        assert isinstance(agent, NetAgent) and agent.fpu == fpu
        # A record names the rule the spec chose.
        assert agent.spec.endswith(spec or "sims=64")


def test_train_and_curve_commands(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "m.pt"
    result = runner.invoke(
        main,
        [
            "train",
            "hase-und-igel",
            "--minutes",
            "0.05",
            "--out",
            str(out),
            "--sims",
            "3",
            "--parallel",
            "2",
            "--channels",
            "4",
            "--blocks",
            "0",
            "--checkpoint-every",
            "0.02",
        ],
    )
    assert result.exit_code == 0, result.output
    assert out.exists() and "model:" in result.output
    folder = tmp_path / "m-checkpoints"
    plot = tmp_path / "curve.png"
    result = runner.invoke(
        main,
        [
            "curve",
            str(folder),
            "--against",
            "random",
            "--games",
            "2",
            "--points",
            "2",
            "--sims",
            "2",
            "--plot",
            str(plot),
        ],
    )
    assert result.exit_code == 0, result.output
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(plot.with_suffix(".jsonl").read_text().splitlines()) == 2
