"""The subcommands of tournaments, engine tests and ratings: tournament, sprt, ratings.

Every game is stored in the game store (`--db`, default `spieltisch.db`), so a
tournament or test stopped by Ctrl-C or a crash goes on with `--resume ID` and plays no
finished game again. `--workers N` plays games in local processes, `--ray ADDRESS` on a
Ray cluster (`auto`: the cluster this machine belongs to; `local`: a new one here).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from typing import Any

import click

from spieltisch.ai.spec import FLOAT_RANGES, AgentSpecError, read_float
from spieltisch.arena.elo import format_elo
from spieltisch.arena.jobs import LocalRunner, RayRunner, Runner
from spieltisch.arena.pairings import FORMATS
from spieltisch.cli.common import GAME, OPTIONS, Seconds, WholeNumber, fail, user_errors
from spieltisch.cli.keep import DEFAULT_DB
from spieltisch.core import load
from spieltisch.core.chance import MAX_SEED

MAX_WORKERS = 256

DB = click.option(
    "--db",
    "database",
    default=DEFAULT_DB,
    show_default=True,
    help="The game store (SQLite file or database URL) that keeps every game.",
)
WORKERS = click.option(
    "--workers",
    type=WholeNumber(1, MAX_WORKERS),
    default=1,
    show_default=True,
    help="Local worker processes.",
)
RAY = click.option(
    "--ray",
    "ray_address",
    default=None,
    metavar="auto|local|ADDRESS",
    help="Play the games as tasks on a Ray cluster (needs `pip install spieltisch[ray]`).",
)
TIME = click.option(
    "--time-per-move",
    type=Seconds(*FLOAT_RANGES["time"]),
    default=None,
    help="A time limit in seconds per move for every player (on top of its own budget).",
)
SEED = click.option(
    "--seed", type=WholeNumber(0, MAX_SEED), default=0, show_default=True, help="The seed."
)


class Decimal(click.ParamType[float, str]):
    """A decimal number in `low..high` with an optional sign (no exponent, nan or inf),
    read like every number of outside text."""

    name = "number"

    def __init__(self, low: float, high: float) -> None:
        self.low = low
        self.high = high

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> float:
        if isinstance(value, float):
            return value
        raw = str(value).strip()
        sign = -1.0 if raw.startswith("-") else 1.0
        try:
            number = sign * read_float(raw.lstrip("+-"), "value", 0.0, max(-self.low, self.high))
        except AgentSpecError as exc:
            self.fail(str(exc).removeprefix("value="), param, ctx)
        if not self.low <= number <= self.high:
            self.fail(f"{raw} is out of range {self.low:g}..{self.high:g}", param, ctx)
        return number


def _runner(workers: int, ray_address: str | None) -> Runner:
    if ray_address is not None:
        if not ray_address.strip() or len(ray_address) > 200:
            fail("--ray: auto, local or a cluster address such as 10.0.0.1:6379")
        return RayRunner(ray_address.strip(), num_cpus=workers if workers > 1 else None)
    return LocalRunner(workers)


def _open_store(database: str) -> Any:
    from spieltisch.store import Store

    return Store.open(database)


@click.command()
@GAME
@click.option(
    "--player",
    "-p",
    "players",
    multiple=True,
    metavar="NAME=SPEC",
    help="A player: a name and an agent spec (random, mcts:iterations=400, a level ...) "
    "or a bot program as cmd:COMMAND (started with -h HOST -p PORT -r CODE added); a bare "
    "SPEC is its own name. Repeat for each player; the first is the gauntlet's.",
)
@click.option(
    "--format",
    "format_",
    type=click.Choice(FORMATS),
    default="round-robin",
    show_default=True,
)
@click.option(
    "--rounds",
    type=WholeNumber(1, 10_000),
    default=None,
    help="Cycles of a round robin or gauntlet (default 1); rounds of a Swiss tournament "
    "(default log2 of the players, rounded up).",
)
@click.option(
    "--games-per-pair",
    type=WholeNumber(1, 10_000),
    default=2,
    show_default=True,
    help="Games of each pairing per round; couples of games share a start and the dice "
    "with the seats swapped.",
)
@SEED
@TIME
@WORKERS
@RAY
@DB
@click.option(
    "--resume", type=WholeNumber(1, 2**31 - 1), default=None, help="Go on with tournament ID."
)
@OPTIONS
def tournament(
    game: str,
    players: tuple[str, ...],
    format_: str,
    rounds: int | None,
    games_per_pair: int,
    seed: int,
    time_per_move: float | None,
    workers: int,
    ray_address: str | None,
    database: str,
    resume: int | None,
    options: tuple[str, ...],
) -> None:
    """Play a tournament of GAME between AI players and bot programs and print the
    crosstable, the standings (the game's own tie-breaks) and Bradley–Terry ratings.

    Example: spieltisch tournament ostseeschach -p easy -p medium -p hard -p max
    --games-per-pair 4. Every game is stored (--db); Ctrl-C stops at once, and
    `--resume ID` plays only the games that have not finished.
    """
    play_tournament(
        game,
        players,
        format_,
        rounds,
        games_per_pair,
        seed,
        time_per_move,
        workers,
        ray_address,
        database,
        resume,
        options,
    )


def play_tournament(
    game: str,
    players: Sequence[str],
    format_: str,
    rounds: int | None,
    games_per_pair: int,
    seed: int,
    time_per_move: float | None,
    workers: int,
    ray_address: str | None,
    database: str,
    resume: int | None,
    options: tuple[str, ...],
) -> None:
    """Create (or resume) a tournament, play it with a progress bar, and print its
    crosstable and standings (the body of `tournament` and `baselines`)."""
    from spieltisch.arena.tournament import (
        Entrant,
        Tournament,
        format_crosstable,
        format_standings,
    )

    with user_errors():
        runner = _runner(workers, ray_address)
        store = _open_store(database)
        try:
            if resume is not None:
                if players:
                    fail("--resume continues a tournament as it was created: give no --player")
                tour = Tournament.resume(store, resume)
                if tour.info.game != load(game, options).name or tour.format not in FORMATS:
                    fail(f"tournament {resume} is not a {game} tournament")
            else:
                if len(players) < 2:
                    fail("a tournament needs at least two --player NAME=SPEC")
                loaded = load(game, options)
                tour = Tournament.create(
                    store,
                    loaded.name,
                    [Entrant.parse(text) for text in players],
                    format=format_,
                    rounds=rounds,
                    games_per_pair=games_per_pair,
                    seed=seed,
                    time_per_move=time_per_move,
                    options=loaded.options.text(),
                )
            click.echo(f"tournament {tour.id}: {tour.info.name}")
            for index, entrant in enumerate(tour.entrants):
                click.echo(f"  {index + 1}. {entrant.name} = {entrant.spec}")
            started = time.perf_counter()
            total = tour.total_games()
            already = sum(1 for g in tour.schedule() if g.played)
            with click.progressbar(
                length=total, label="games", file=sys.stderr, show_pos=True, show_eta=True
            ) as bar:
                bar.update(already)
                standings = tour.run(runner, lambda _progress: bar.update(1))
            elapsed = time.perf_counter() - started
            click.echo("")
            click.echo("crosstable (points/games, row against column):")
            for line in format_crosstable(tour, standings):
                click.echo(line)
            click.echo("")
            click.echo("standings (Elo: Bradley–Terry over these games, mean 0, 95% interval):")
            for line in format_standings(tour, standings):
                click.echo(line)
            click.echo(f"\n{total - already} games in {elapsed:.1f} s; stored in {database}")
        finally:
            store.close()


@click.command()
@GAME
@click.option("--base", required=True, metavar="SPEC", help="The engine as it was.")
@click.option("--test", "test_spec", required=True, metavar="SPEC", help="The changed engine.")
@click.option(
    "--elo0", type=Decimal(-2000, 2000), default=0.0, show_default=True, help="H0: gain ≤ elo0."
)
@click.option(
    "--elo1", type=Decimal(-2000, 2000), default=5.0, show_default=True, help="H1: gain ≥ elo1."
)
@click.option("--alpha", type=Decimal(0.0001, 0.4999), default=0.05, show_default=True)
@click.option("--beta", type=Decimal(0.0001, 0.4999), default=0.05, show_default=True)
@click.option(
    "--max-pairs",
    type=WholeNumber(1, 10_000_000),
    default=100_000,
    show_default=True,
    help="Stop undecided after this many game pairs.",
)
@SEED
@TIME
@WORKERS
@RAY
@DB
@click.option("--resume", type=WholeNumber(1, 2**31 - 1), default=None, help="Go on with test ID.")
@OPTIONS
def sprt(
    game: str,
    base: str,
    test_spec: str,
    elo0: float,
    elo1: float,
    alpha: float,
    beta: float,
    max_pairs: int,
    seed: int,
    time_per_move: float | None,
    workers: int,
    ray_address: str | None,
    database: str,
    resume: int | None,
    options: tuple[str, ...],
) -> None:
    """Test whether TEST is stronger than BASE: paired games (same start and dice, seats
    swapped) until the sequential probability ratio test accepts H1 (at least elo1
    better) or H0 (at most elo0), printing the LLR and the Elo estimate after each batch.
    """
    from spieltisch.arena.engine_test import create_test, run_test
    from spieltisch.arena.tournament import Tournament

    if not elo0 < elo1:
        fail("--elo0 must be below --elo1")
    with user_errors():
        runner = _runner(workers, ray_address)
        store = _open_store(database)
        try:
            if resume is not None:
                test = Tournament.resume(store, resume)
                if test.format != "sprt":
                    fail(f"{resume} is a tournament, not an SPRT test")
            else:
                loaded = load(game, options)
                test = create_test(
                    store,
                    loaded.name,
                    base,
                    test_spec,
                    elo0=elo0,
                    elo1=elo1,
                    alpha=alpha,
                    beta=beta,
                    seed=seed,
                    time_per_move=time_per_move,
                    options=loaded.options.text(),
                )
            bounds = test.info.settings
            click.echo(
                f"SPRT {test.id}: test {test.entrants[1].spec} vs base {test.entrants[0].spec}, "
                f"elo0 {bounds['elo0']:g}, elo1 {bounds['elo1']:g}, "
                f"alpha {bounds['alpha']:g}, beta {bounds['beta']:g}"
            )

            def show(report: Any) -> None:
                elo, low, high = report.elo
                click.echo(
                    f"pairs {report.pairs:5d}  LLR {report.llr:+.2f} "
                    f"[{report.lower:.2f}, {report.upper:.2f}]  "
                    f"Elo {format_elo(elo)} ({format_elo(low)} .. {format_elo(high)})  "
                    f"pentanomial {list(report.bins)}"
                )

            report = run_test(
                test, runner, batch=max(1, workers), max_pairs=max_pairs, on_batch=show
            )
            if report.verdict == "H1":
                click.echo("H1 accepted: the test engine is stronger")
            elif report.verdict == "H0":
                click.echo("H0 accepted: the test engine is not stronger")
            else:
                click.echo(f"undecided after {report.pairs} pairs")
        finally:
            store.close()


@click.command()
@GAME
@DB
@click.option(
    "--live", is_flag=True, help="The live (OpenSkill) leaderboard instead of Bradley–Terry."
)
def ratings(game: str, database: str, live: bool) -> None:
    """Ratings of every player of GAME from all stored games: Bradley–Terry maximum
    likelihood with 95% intervals (draws as half wins, as Ordo), or the live leaderboard.
    """
    from spieltisch.arena.ratings import bradley_terry

    with user_errors():
        store = _open_store(database)
        try:
            name = load(game).name
            if live:
                board = store.leaderboard(name)
                click.echo(f"{'#':>3} {'player':30} {'rating':>7} {'mu':>7} {'sigma':>6} games")
                for rank, entry in enumerate(board, 1):
                    click.echo(
                        f"{rank:3d} {entry.player[:30]:30} {entry.rating.ordinal:7.2f} "
                        f"{entry.rating.mu:7.2f} {entry.rating.sigma:6.2f} {entry.games:5d}"
                    )
                return
            found = bradley_terry(store.results(name))
            if not found:
                click.echo(f"no finished games between two different players in {database}")
                return
            click.echo(f"{'#':>3} {'player':30} {'Elo':>6} {'95% interval':>16} games points")
            for rank, r in enumerate(found, 1):
                click.echo(
                    f"{rank:3d} {r.name[:30]:30} {r.rating:+6.0f} "
                    f"{f'{r.low:+.0f} .. {r.high:+.0f}':>16} {r.games:5d} {r.points:6g}"
                )
        finally:
            store.close()


#: The fixed field of `baselines` (cheapest first): uniform random and the house levels
#: below `max` (five seconds a move would make the table a night's work; add it with -p).
BASELINE_LEVELS = ("random", "easy", "medium", "hard")


@click.command()
@GAME
@click.option(
    "--ppo",
    "policies",
    multiple=True,
    metavar="FILE",
    help="A MaskablePPO policy trained with `spieltisch ppo` (repeatable).",
)
@click.option(
    "--net",
    "networks",
    multiple=True,
    metavar="FILE",
    help="A network trained with `spieltisch train` (repeatable), played with 64 simulations.",
)
@click.option(
    "--player",
    "-p",
    "players",
    multiple=True,
    metavar="NAME=SPEC",
    help="A further player (any agent spec), e.g. -p max.",
)
@click.option(
    "--games-per-pair",
    type=WholeNumber(1, 10_000),
    default=4,
    show_default=True,
    help="Games of each pairing; couples share a start and the dice with seats swapped.",
)
@SEED
@WORKERS
@DB
@OPTIONS
def baselines(
    game: str,
    policies: tuple[str, ...],
    networks: tuple[str, ...],
    players: tuple[str, ...],
    games_per_pair: int,
    seed: int,
    workers: int,
    database: str,
    options: tuple[str, ...],
) -> None:
    """Play the baselines of GAME in a round robin and print their Bradley–Terry table:
    random and the levels easy, medium and hard, each policy (--ppo) and network (--net)
    given, and any further --player, so that a new method has numbers to beat
    (docs/envs.md holds the table for every game).

    Example: spieltisch baselines okard --ppo okard-ppo.zip --games-per-pair 10
    """
    field = list(BASELINE_LEVELS)
    field += [f"ppo-{index + 1}=ppo:model={path}" for index, path in enumerate(policies)]
    field += [f"net-{index + 1}=net:model={path},sims=64" for index, path in enumerate(networks)]
    field += list(players)
    play_tournament(
        game,
        field,
        "round-robin",
        1,
        games_per_pair,
        seed,
        None,
        workers,
        None,
        database,
        None,
        options,
    )
