"""The subcommands of the self-play learner: train, expert, curve (need the `learn`
extra)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from spieltisch.cli.common import GAME, OPTIONS, Seconds, WholeNumber, fail, user_errors
from spieltisch.core import load

NO_TORCH = "the learner needs PyTorch: pip install 'spieltisch[learn]'"


def _learn() -> Any:
    """The learner's modules, or one clear error line without the extra."""
    try:
        from spieltisch.learn import curve, net, train
    except ImportError:
        fail(NO_TORCH)
    return curve, net, train


def _say(line: str) -> None:
    """A progress line, flushed at once (the output may be a file or a pipe)."""
    click.echo(line)
    sys.stdout.flush()


@click.command()
@GAME
@click.option(
    "--minutes",
    type=Seconds(0.01, 10_000.0),
    default=10.0,
    show_default=True,
    help="CPU minutes of training (the process's CPU time).",
)
@click.option(
    "--wall-minutes",
    type=Seconds(0.01, 10_000.0),
    default=None,
    help="Stop after this many wall-clock minutes as well.",
)
@click.option("--out", type=click.Path(path_type=Path), required=True, help="The model file.")
@click.option(
    "--checkpoints",
    type=click.Path(path_type=Path),
    default=None,
    help="A folder for checkpoints and log.jsonl (default: OUT without suffix + '-checkpoints').",
)
@click.option(
    "--checkpoint-every",
    type=Seconds(0.01, 10_000.0),
    default=2.0,
    show_default=True,
    help="Minutes between checkpoints.",
)
@click.option(
    "--sims",
    type=WholeNumber(2, 10_000),
    default=32,
    show_default=True,
    help="Search simulations per self-play move.",
)
@click.option(
    "--parallel",
    type=WholeNumber(1, 1024),
    default=16,
    show_default=True,
    help="Self-play games played at once (one network batch).",
)
@click.option("--channels", type=WholeNumber(4, 512), default=32, show_default=True)
@click.option("--blocks", type=WholeNumber(0, 40), default=2, show_default=True)
@click.option(
    "--threads", type=WholeNumber(1, 256), default=1, show_default=True, help="PyTorch threads."
)
@click.option("--seed", type=WholeNumber(0, 2**31 - 1), default=0, show_default=True)
@OPTIONS
def train(
    game: str,
    minutes: float,
    wall_minutes: float | None,
    out: Path,
    checkpoints: Path | None,
    checkpoint_every: float,
    sims: int,
    parallel: int,
    channels: int,
    blocks: int,
    threads: int,
    seed: int,
    options: tuple[str, ...],
) -> None:
    """Train a network for GAME by self-play (AlphaZero-style: PUCT search with the
    network, trained on its own games) and write it to --out.

    Play with it: `spieltisch match GAME net:model=OUT,sims=64 easy`.
    """
    _curve, net, training = _learn()
    with user_errors():
        loaded = load(game, options)
        folder = checkpoints or out.with_name(out.stem + "-checkpoints")
        config = training.TrainConfig(
            minutes=minutes,
            wall_minutes=wall_minutes,
            simulations=sims,
            parallel=parallel,
            checkpoint_minutes=checkpoint_every,
            seed=seed,
            threads=threads,
        )
        trainer = training.Trainer(
            loaded,
            out,
            config,
            net_config=net.NetConfig(channels=channels, blocks=blocks),
            checkpoints=folder,
            log=_say,
        )
        trainer.run()
        click.echo(f"model: {out}  checkpoints: {folder}")


def _expert_modules() -> Any:
    """The expert-iteration modules, or one clear error line without the extra."""
    try:
        from spieltisch.learn import expert, expert_run, net
    except ImportError:
        fail(NO_TORCH)
    return expert, expert_run, net


@click.command()
@GAME
@click.option("--out", type=click.Path(path_type=Path), required=True, help="The model file.")
@click.option(
    "--minutes",
    type=Seconds(0.01, 100_000.0),
    default=60.0,
    show_default=True,
    help="CPU minutes of the whole run (every process), over all its sessions.",
)
@click.option(
    "--wall-minutes",
    type=Seconds(0.01, 100_000.0),
    default=None,
    help="Stop after this many wall-clock minutes of this session as well.",
)
@click.option(
    "--folder",
    type=click.Path(path_type=Path, file_okay=False),
    default=None,
    help="The run's folder: replay, checkpoints, state (default: OUT without suffix + '-run').",
)
@click.option("--resume", is_flag=True, help="Continue the run in --folder.")
@click.option(
    "--workers",
    type=WholeNumber(0, 256),
    default=None,
    help="Data-generation processes (0: in the learner's process) [default: one per core].",
)
@click.option(
    "--device",
    default="cpu",
    show_default=True,
    help="Where the network trains: cpu, or cuda where a GPU exists.",
)
@click.option(
    "--depth",
    type=WholeNumber(1, 100),
    default=7,
    show_default=True,
    help="The native search's depth for every label (the expert).",
)
@click.option(
    "--multipv",
    type=WholeNumber(1, 16),
    default=1,
    show_default=True,
    help="Principal variations per label (the policy target: a softmax over their scores).",
)
@click.option(
    "--temperature",
    type=Seconds(0.001, 1e9),
    default=200.0,
    show_default=True,
    help="Engine units per unit of the MultiPV softmax.",
)
@click.option(
    "--expert-share",
    type=Seconds(0.0, 1.0),
    default=0.5,
    show_default=True,
    help="Share of the budget in which the search plays the games (then PUCT with the net).",
)
@click.option(
    "--sims",
    type=WholeNumber(2, 10_000),
    default=64,
    show_default=True,
    help="PUCT simulations per self-play move of the apprentice.",
)
@click.option(
    "--parallel",
    type=WholeNumber(1, 1024),
    default=16,
    show_default=True,
    help="Apprentice games per worker played at once (one network batch).",
)
@click.option(
    "--visit-weight",
    type=Seconds(0.0, 1.0),
    default=0.2,
    show_default=True,
    help="Weight of the PUCT visits in the apprentice's policy targets.",
)
@click.option(
    "--result-weight",
    type=Seconds(0.0, 1.0),
    default=0.25,
    show_default=True,
    help="Weight of the game's result in the value target (the rest: the search score).",
)
@click.option(
    "--value-scale",
    type=Seconds(0.0, 1e9),
    default=0.0,
    show_default=True,
    help="Engine units of the value target's tanh (0: the mean |score| of the first data).",
)
@click.option(
    "--shard-positions",
    type=WholeNumber(1, 1_000_000),
    default=400,
    show_default=True,
    help="Positions per data-generation task (one replay shard).",
)
@click.option(
    "--replay",
    type=WholeNumber(256, 100_000_000),
    default=300_000,
    show_default=True,
    help="Positions kept in memory to train on (the newest).",
)
@click.option(
    "--reuse",
    type=Seconds(0.01, 1000.0),
    default=4.0,
    show_default=True,
    help="Times each new position is sampled for training on average.",
)
@click.option(
    "--anneal-share",
    type=Seconds(0.0, 0.9),
    default=0.1,
    show_default=True,
    help="Share of the budget kept at the end for training alone, the learning rate falling to 0.",
)
@click.option("--channels", type=WholeNumber(4, 512), default=32, show_default=True)
@click.option("--blocks", type=WholeNumber(0, 40), default=3, show_default=True)
@click.option("--policy-channels", type=WholeNumber(1, 64), default=4, show_default=True)
@click.option("--value-channels", type=WholeNumber(1, 64), default=4, show_default=True)
@click.option(
    "--pair-width",
    type=WholeNumber(0, 256),
    default=32,
    show_default=True,
    help="Width of the pair policy head where the game's actions pair squares; 0: linear.",
)
@click.option(
    "--reflect/--no-reflect",
    default=True,
    show_default=True,
    help="Mirror half the training positions where the game's rules are symmetric.",
)
@click.option(
    "--checkpoint-every",
    type=Seconds(0.01, 10_000.0),
    default=5.0,
    show_default=True,
    help="CPU minutes between checkpoints.",
)
@click.option("--seed", type=WholeNumber(0, 2**31 - 1), default=0, show_default=True)
@OPTIONS
def expert(
    game: str,
    out: Path,
    minutes: float,
    wall_minutes: float | None,
    folder: Path | None,
    resume: bool,
    workers: int | None,
    device: str,
    depth: int,
    multipv: int,
    temperature: float,
    expert_share: float,
    sims: int,
    parallel: int,
    visit_weight: float,
    result_weight: float,
    value_scale: float,
    shard_positions: int,
    replay: int,
    reuse: float,
    anneal_share: float,
    channels: int,
    blocks: int,
    policy_channels: int,
    value_channels: int,
    pair_width: int,
    reflect: bool,
    checkpoint_every: float,
    seed: int,
    options: tuple[str, ...],
) -> None:
    """Train a network for GAME by expert iteration: worker processes play games labelled
    by the native alpha-beta search (best move and score), first played by the search,
    then by PUCT with the network; the network learns from the replay as it grows.

    Play with it: `spieltisch match GAME net:model=OUT,sims=64 medium`.
    """
    experts, runs, net = _expert_modules()
    with user_errors():
        loaded = load(game, options)
        run_folder = folder or out.with_name(out.stem + "-run")
        config = experts.ExpertConfig(
            minutes=minutes,
            wall_minutes=wall_minutes,
            workers=workers,
            device=device,
            depth=depth,
            multipv=multipv,
            temperature=temperature,
            expert_share=expert_share,
            sims=sims,
            parallel=parallel,
            visit_weight=visit_weight,
            result_weight=result_weight,
            value_scale=value_scale,
            shard_positions=shard_positions,
            replay=replay,
            reuse=reuse,
            anneal_share=anneal_share,
            checkpoint_minutes=checkpoint_every,
            seed=seed,
            reflect=reflect,
        )
        shape = net.NetConfig(
            channels=channels,
            blocks=blocks,
            policy_channels=policy_channels,
            value_channels=value_channels,
            pair_width=pair_width if loaded.action_squares() else 0,
        )
        run = runs.ExpertRun(
            loaded, out, config, folder=run_folder, net_config=shape, resume=resume, log=_say
        )
        run.run()
        click.echo(f"model: {out}  run: {run_folder}  checkpoints: {run.checkpoint_dir}")


@click.command()
@click.argument("folder", type=click.Path(path_type=Path, file_okay=False))
@click.option(
    "--against",
    default="random,easy",
    show_default=True,
    help="Opponents (agent specs) separated by '+'or ';' or ','.",
)
@click.option(
    "--games",
    type=WholeNumber(2, 100_000),
    default=20,
    show_default=True,
    help="Games per checkpoint and opponent.",
)
@click.option(
    "--points",
    type=WholeNumber(1, 1000),
    default=6,
    show_default=True,
    help="Checkpoints measured, evenly spread over the run.",
)
@click.option("--sims", type=WholeNumber(1, 10_000), default=32, show_default=True)
@click.option("--workers", type=WholeNumber(1, 256), default=1, show_default=True)
@click.option("--seed", type=WholeNumber(0, 2**31 - 1), default=0, show_default=True)
@click.option(
    "--plot",
    "plot_path",
    type=click.Path(path_type=Path),
    default=None,
    help="The PNG to draw (default: FOLDER/learning-curve.png).",
)
def curve(
    folder: Path,
    against: str,
    games: int,
    points: int,
    sims: int,
    workers: int,
    seed: int,
    plot_path: Path | None,
) -> None:
    """Measure the checkpoints of a training run against fixed agents and plot the
    learning curve (score with 95% intervals over training minutes)."""
    curves, net, _train = _learn()
    separator = ";" if ";" in against else "+" if "+" in against else ","
    opponents = [item.strip() for item in against.split(separator) if item.strip()]
    with user_errors():
        found = curves.checkpoints_in(folder, points)
        if not found:
            fail(f"no checkpoint-*min.pt files in {folder}")
        measured = curves.measure(
            found, opponents, games, sims=sims, seed=seed, workers=workers, out=click.echo
        )
        target = plot_path or folder / "learning-curve.png"
        _net, game, _meta = net.load_checkpoint(found[-1])
        curves.save_points(measured, target.with_suffix(".jsonl"))
        curves.plot(measured, target, f"{game.title}: net:sims={sims} during self-play training")
        click.echo(f"plot: {target}  table: {target.with_suffix('.jsonl')}")


@click.command()
@GAME
@click.option(
    "--steps",
    type=WholeNumber(1, 1_000_000_000),
    default=100_000,
    show_default=True,
    help="Learner moves to train for (over all games together).",
)
@click.option(
    "--envs",
    "num_envs",
    type=WholeNumber(1, 4096),
    default=8,
    show_default=True,
    help="Games stepped at once (the native batch).",
)
@click.option(
    "--opponent",
    default="random",
    show_default=True,
    help="The agent spec the policy trains against.",
)
@click.option("--seed", type=WholeNumber(0, 2**31 - 1), default=0, show_default=True)
@click.option(
    "--out", type=click.Path(path_type=Path), required=True, help="The policy file (.zip)."
)
@OPTIONS
def ppo(
    game: str,
    steps: int,
    num_envs: int,
    opponent: str,
    seed: int,
    out: Path,
    options: tuple[str, ...],
) -> None:
    """Train a MaskablePPO baseline policy for GAME (sb3-contrib's default MLP policy, on
    --envs games at once, the learner in both seats) and save it to --out; play it as
    `ppo:model=FILE` or in `spieltisch baselines GAME --ppo FILE`. Needs the research extra.

    Example: spieltisch ppo ostseeschach --steps 200000 --out ostseeschach-ppo.zip
    """
    with user_errors():
        loaded = load(game, options)
        try:
            from spieltisch.learn.ppo import train_policy
        except ImportError:
            fail("training a policy needs sb3-contrib: pip install 'spieltisch[research]'")
        from spieltisch.ai.spec import make_agent

        make_agent(opponent, loaded)
        saved = train_policy(
            loaded.name,
            out,
            steps=steps,
            num_envs=num_envs,
            opponent=opponent,
            seed=seed,
            options=loaded.options.text(),
            say=_say,
        )
        _say(f"saved {saved}")
