"""Expert iteration (`spieltisch.learn.expert`, `expert_run`, `replay`): the search's
labels, the replay's shards and ring buffer, a short run with a tiny network that
resumes where it stopped, the apprentice's PUCT games, the `expert` command, and the
networks shipped with the package (each loads and plays legal moves)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

pytest.importorskip("torch", reason="the learn extra is not installed (pip install .[learn])")
pytest.importorskip("numpy", reason="the learn extra is not installed (pip install .[learn])")

import numpy as np
from click.testing import CliRunner

from spieltisch import native
from spieltisch.ai.spec import make_agent
from spieltisch.arena.match import play_game
from spieltisch.cli import main
from spieltisch.core.registry import load
from spieltisch.learn.curve import checkpoints_in
from spieltisch.learn.expert import ExpertConfig, ShardTask, label, play_shard
from spieltisch.learn.expert_run import ExpertRun
from spieltisch.learn.net import (
    NetConfig,
    PairPolicy,
    load_checkpoint,
    new_net,
    save_checkpoint,
)
from spieltisch.learn.replay import TOP, Replay, Shard, policy_row
from spieltisch.learn.shipped import NETS, resolve_model, shipped_names
from spieltisch.native.state import NativeState

TINY = NetConfig(channels=8, blocks=1, hidden=32, policy_channels=2)
NATIVE = pytest.mark.skipif(not native.available("ostseeschach"), reason="native engines not built")


def _config(**changes: object) -> ExpertConfig:
    base: dict[str, object] = {
        "minutes": 0.02,
        "workers": 0,
        "depth": 2,
        "shard_positions": 40,
        "batch": 16,
        "reuse": 2.0,
        "replay": 5_000,
        "checkpoint_minutes": 100.0,
        "sims": 4,
        "parallel": 2,
        "random_plies": 2,
    }
    base.update(changes)
    return ExpertConfig(**base)  # type: ignore[arg-type]


@NATIVE
def test_a_label_names_a_legal_best_move_and_a_distribution() -> None:
    game = load("ostseeschach")
    state = NativeState.of(game.new_state(3))
    found = label(state, _config(depth=3, multipv=3, temperature=500.0))
    legal = set(state.legal_moves())
    assert found.best in legal and set(found.policy) <= legal
    assert len(found.policy) == 3 and abs(sum(found.policy.values()) - 1.0) < 1e-9
    assert found.policy[found.best] == max(found.policy.values())


@NATIVE
def test_the_labels_of_one_game_share_the_search_table() -> None:
    game = load("ostseeschach")
    state = NativeState.of(game.new_state(5))
    positions = []
    for _ in range(12):
        positions.append(state.copy())
        state.push(state.action_move(label(state, _config(depth=5)).best))
    config = _config(depth=5)
    alone = [label(p, config) for p in positions]
    shared = [label(p, config, 9_001) for p in positions]
    # The first label of the game starts from an empty table either way; each later one
    # finds what the earlier searches of its game left.
    assert shared[0].nodes == alone[0].nodes
    assert sum(x.nodes for x in shared) < 0.8 * sum(x.nodes for x in alone)
    assert all(p.legal_action_mask()[x.best] for p, x in zip(positions, shared, strict=True))


def test_policy_rows_keep_the_heaviest_actions_renormalised() -> None:
    ids, probs = policy_row({i: float(i + 1) for i in range(TOP + 4)})
    assert len(ids) == len(probs) == TOP
    assert ids[0] == TOP + 3 and 4 in ids and 3 not in ids
    assert abs(sum(probs) - 1.0) < 1e-6
    ids, probs = policy_row({7: 2.0})
    assert ids[:2] == [7, -1] and probs[:2] == [1.0, 0.0]


def _shard(n: int, actions: int, start: int = 0) -> Shard:
    return Shard(
        np.full((n, 2, 3), 0.5, np.float16),
        np.packbits(np.ones((n, actions), np.uint8), axis=1),
        np.asarray([[(start + i) % actions] + [-1] * (TOP - 1) for i in range(n)], np.int32),
        np.asarray([[1.0] + [0.0] * (TOP - 1)] * n, np.float32),
        np.asarray([float(start + i) * 100 for i in range(n)], np.float32),
        np.asarray([1.0] * n, np.float32),
    )


def test_shards_round_trip_and_the_replay_keeps_the_newest(tmp_path: Path) -> None:
    shard = _shard(5, 10)
    shard.save(tmp_path / "shard-000001.npz")
    back = Shard.load(tmp_path / "shard-000001.npz")
    assert len(back) == 5 and np.array_equal(back.actions, shard.actions)
    replay = Replay((2, 3), 10, capacity=8)
    replay.add(back)
    replay.add(_shard(5, 10, start=5))
    assert len(replay) == 8 and replay.added == 10
    assert sorted(replay.scores().tolist()) == [float(i) * 100 for i in range(2, 10)]
    obs, legal, target, value = replay.batch(
        np.random.default_rng(0), 6, value_scale=300.0, result_weight=0.5, proven=999_000
    )
    assert obs.shape == (6, 2, 3) and legal.shape == (6, 10) and bool(legal.all())
    assert target.shape == (6, 10) and np.allclose(target.sum(dim=1).numpy(), 1.0)
    assert float(value.min()) >= 0.5 and float(value.max()) <= 1.0


@NATIVE
def test_a_short_run_checkpoints_and_resumes(tmp_path: Path) -> None:
    game = load("ostseeschach")
    folder = tmp_path / "run"
    out = tmp_path / "net.pt"
    first = ExpertRun(game, out, _config(), folder=folder, net_config=TINY)
    first.run()
    assert first.positions >= 40 and first.steps > 0 and first.value_scale > 0
    assert (folder / "state.pt").exists() and len(list((folder / "replay").iterdir())) >= 1
    with pytest.raises(ValueError, match="holds a run already"):
        ExpertRun(game, out, _config(), folder=folder, net_config=TINY)
    spent = first.minutes()
    second = ExpertRun(
        game, out, _config(minutes=spent + 0.02), folder=folder, net_config=TINY, resume=True
    )
    assert second.positions == first.positions and second.steps == first.steps
    assert second.prior_minutes == pytest.approx(spent, abs=0.01)
    second.run()
    assert second.positions > first.positions and second.steps > first.steps
    net, loaded, meta = load_checkpoint(out)
    assert loaded.name == "ostseeschach" and net.config == TINY
    assert meta["learner"] == "expert" and meta["minutes"] >= spent
    logged = [json.loads(line) for line in (folder / "checkpoints" / "log.jsonl").open()]
    assert len(logged) >= 3 and len(checkpoints_in(folder / "checkpoints")) >= 3
    agent = make_agent(f"net:model={out},sims=4", loaded, seed=1)
    record = play_game(loaded, (agent, make_agent("random", loaded, seed=2)), start_seed=4)
    assert record.moves
    # Work after the last saved state (a run stopped between checkpoints) still counts.
    progress = json.loads((folder / "progress.json").read_text())
    assert progress["minutes"] >= spent
    progress["minutes"] = second.minutes() + 7.0
    (folder / "progress.json").write_text(json.dumps(progress))
    third = ExpertRun(game, out, _config(minutes=99), folder=folder, resume=True)
    assert third.prior_minutes == pytest.approx(progress["minutes"])


@NATIVE
def test_a_run_ends_training_alone_with_a_falling_learning_rate(tmp_path: Path) -> None:
    game = load("ostseeschach")
    config = _config(minutes=0.05, anneal_share=0.5, checkpoint_minutes=0.004)
    run = ExpertRun(game, tmp_path / "net.pt", config, folder=tmp_path / "run", net_config=TINY)
    run.run()
    logged = [json.loads(line) for line in (tmp_path / "run" / "checkpoints" / "log.jsonl").open()]
    playing = [entry for entry in logged if entry["learning_rate"] == config.learning_rate]
    annealing = [entry for entry in logged if entry["learning_rate"] < config.learning_rate]
    assert len(playing) >= 2 and len(annealing) >= 2
    # No games in the anneal: its checkpoints all hold the positions played before it.
    assert {entry["positions"] for entry in annealing} == {run.positions}
    assert min(entry["minutes"] for entry in annealing) >= 0.5 * config.minutes
    rates = [entry["learning_rate"] for entry in annealing]
    steps = [entry["steps"] for entry in annealing]
    assert rates == sorted(rates, reverse=True) and rates[-1] < 0.2 * config.learning_rate
    assert steps == sorted(steps) and steps[-1] > steps[0]
    assert max(entry["positions"] for entry in playing) <= run.positions


@NATIVE
def test_the_apprentice_plays_puct_games_labelled_by_the_search(tmp_path: Path) -> None:
    game = load("ostseeschach")
    model = tmp_path / "net.pt"
    save_checkpoint(model, new_net(game, TINY), game, {})
    config = _config(visit_weight=0.5, shard_positions=10)
    done = play_shard(ShardTask(game.name, "", 7, tmp_path / "s.npz", config, model))
    shard = Shard.load(done.out)
    assert done.positions == len(shard) >= 10 and done.games == config.parallel
    # Half of each policy target is the visit distribution: more than the one best move.
    assert (shard.actions[:, 1] >= 0).all()
    assert np.allclose(shard.probs.sum(axis=1), 1.0, atol=1e-5)
    assert set(np.unique(shard.result)) <= {-1.0, 0.0, 1.0}


@pytest.mark.slow
@NATIVE
def test_a_run_with_worker_processes(tmp_path: Path) -> None:
    game = load("ostseeschach")
    run = ExpertRun(
        game, tmp_path / "net.pt", _config(workers=2, minutes=0.3), folder=tmp_path / "run"
    )
    run.run()
    assert run.positions >= 80 and len(run.worker_cpu) >= 1 and run.steps > 0
    assert run.minutes() >= sum(run.worker_cpu.values()) / 60.0


def _expert_args(out: Path) -> list[str]:
    """A tiny `spieltisch expert` run (its `--minutes` value is at index 5)."""
    args = ["expert", "ostseeschach", "--out", str(out), "--minutes", "0.02", "--workers", "0"]
    return [*args, "--depth", "2", "--shard-positions", "30", "--channels", "8", "--blocks", "1"]


@NATIVE
def test_the_expert_command_trains_and_refuses_a_second_run(tmp_path: Path) -> None:
    out = tmp_path / "m.pt"
    args = _expert_args(out)
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert out.exists() and "checkpoints" in result.output
    # Ostseeschach's moves pair squares: the pair policy head by default.
    assert isinstance(load_checkpoint(out)[0].policy, PairPolicy)
    again = CliRunner().invoke(main, args)
    assert again.exit_code == 2 and "holds a run already" in again.output
    resumed = CliRunner().invoke(main, [*args[:5], "0.04", *args[6:], "--resume"])
    assert resumed.exit_code == 0, resumed.output
    assert "resumed at" in resumed.output


@NATIVE
def test_the_expert_command_takes_a_fixed_value_scale_and_a_linear_head(tmp_path: Path) -> None:
    args = _expert_args(tmp_path / "m.pt")
    result = CliRunner().invoke(main, [*args, "--value-scale", "912.5", "--pair-width", "0"])
    assert result.exit_code == 0, result.output
    assert load_checkpoint(tmp_path / "m.pt")[0].config.pair_width == 0
    log = (tmp_path / "m-run" / "checkpoints" / "log.jsonl").read_text().splitlines()
    assert json.loads(log[-1])["value_scale"] == 912.5
    bad = CliRunner().invoke(main, [*args, "--value-scale", "-1"])
    assert bad.exit_code == 2


def test_a_model_name_resolves_to_a_shipped_network_only_when_one_exists() -> None:
    assert resolve_model("no-such-net") == Path("no-such-net")
    assert resolve_model("dir/x.pt") == Path("dir/x.pt")
    for name in shipped_names():
        assert resolve_model(name) == NETS / f"{name}.pt"


def test_every_game_has_a_shipped_network() -> None:
    assert set(shipped_names()) == {"ostseeschach", "schachogi", "hase-und-igel", "okard"}


@pytest.mark.parametrize("name", ["ostseeschach", "schachogi", "hase-und-igel", "okard"])
def test_a_shipped_network_loads_and_plays_legal_moves(name: str) -> None:
    if name not in shipped_names():
        pytest.fail(f"no shipped network for {name}")
    _net, game, meta = load_checkpoint(NETS / f"{name}.pt")
    assert game.name == name and meta["minutes"] > 0
    size = (NETS / f"{name}.pt").stat().st_size
    assert size < 8_000_000, f"{name}.pt is {size} bytes"
    agent = make_agent(f"net:model={name},sims=2", game, seed=3)
    other = make_agent("random", game, seed=4)
    # 24 plies of the network against random, every one of its moves checked.
    state = game.new_state(5)
    rng = random.Random(6)
    mine = 0
    while not state.is_over() and len(state.history()) < 24:
        if state.is_chance():
            state.push(state.sample_chance(rng))
            continue
        mover = agent if state.to_move == 0 else other
        move = mover.select(state)
        assert move in state.legal_moves()
        mine += mover is agent
        state.push(move)
    assert mine > 0


@NATIVE
def test_a_shard_names_the_second_players_moves_in_its_own_frame(tmp_path: Path) -> None:
    """The network reads blue's board turned by 180°, so the shard's legal mask and
    policy name blue's moves turned too (`Game.action_frame`); red's stay as they are."""
    game = load("ostseeschach")
    shard_path = tmp_path / "shard-000001.npz"
    play_shard(ShardTask("ostseeschach", "", 5, shard_path, _config(random_plies=0)))
    shard = Shard.load(shard_path)
    checked = {0: 0, 1: 0}
    for row in range(len(shard)):
        obs = shard.obs[row].astype(np.float32)
        mover = round(float(obs[18, 0, 0]) * 60) % 2
        legal = np.flatnonzero(np.unpackbits(shard.legal[row], count=game.num_actions))
        # A legal move's source square, in the observation's frame, holds an own piece.
        own = obs[0:8].reshape(8, -1).max(axis=0) > 0
        assert own[legal // 64].all()
        assert int(shard.actions[row, 0]) in set(legal.tolist())
        checked[mover] += 1
    assert checked[0] > 5 and checked[1] > 5


def test_a_checkpoint_says_in_which_frame_its_network_names_moves(tmp_path: Path) -> None:
    game = load("ostseeschach")
    net = new_net(game, TINY)
    save_checkpoint(tmp_path / "new.pt", net, game, {})
    assert load_checkpoint(tmp_path / "new.pt")[0].mover_frame
    net.mover_frame = False
    save_checkpoint(tmp_path / "old.pt", net, game, {})
    assert not load_checkpoint(tmp_path / "old.pt")[0].mover_frame


@NATIVE
def test_mirrored_batches_keep_the_moves_on_the_pieces(tmp_path: Path) -> None:
    """With Ostseeschach's reflection, a batch mirrors about half its positions, and in
    every one (mirrored or not) the legal moves start on the mover's pieces and the
    policy target names legal moves only."""
    game = load("ostseeschach")
    shard_path = tmp_path / "shard-000001.npz"
    play_shard(ShardTask("ostseeschach", "", 9, shard_path, _config()))
    replay = Replay(game.observation_shape, game.num_actions, 1000)
    replay.add(Shard.load(shard_path))
    mirror = game.reflection()
    assert mirror is not None
    reflection = (mirror[0], np.asarray(mirror[1], dtype=np.int64))
    rng = np.random.default_rng(4)
    obs, legal, target, _ = replay.batch(rng, 64, 500.0, 0.25, 10**6, reflection)
    plain_obs, _, _, _ = replay.batch(np.random.default_rng(4), 64, 500.0, 0.25, 10**6)
    flipped = sum(not bool((obs[row] == plain_obs[row]).all()) for row in range(64))
    assert 10 < flipped < 54
    for row in range(64):
        own = obs[row, 0:8].reshape(8, -1).amax(dim=0) > 0
        ids = np.flatnonzero(legal[row].numpy())
        assert bool(own[ids // 64].all())
        assert bool(legal[row][target[row] > 0].all())
