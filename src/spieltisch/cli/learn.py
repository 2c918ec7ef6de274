"""The subcommands of the self-play learner: train, curve (need the `learn` extra)."""

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
