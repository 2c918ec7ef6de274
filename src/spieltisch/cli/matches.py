"""The subcommands of matches and their records: match, replay."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from spieltisch.ai.spec import FLOAT_RANGES, make_agent
from spieltisch.arena.elo import format_elo
from spieltisch.arena.match import MatchResult, run_match
from spieltisch.cli.common import (
    GAME,
    OPTIONS,
    Seconds,
    WholeNumber,
    board,
    fail,
    print_result,
    user_errors,
)
from spieltisch.cli.keep import DEFAULT_DB, keep, open_store, store_options
from spieltisch.cli.prompt import Ask, ask_line
from spieltisch.core import Game, load
from spieltisch.core.chance import MAX_SEED
from spieltisch.core.errors import quote
from spieltisch.core.record import GameRecord, load_record, replay_record
from spieltisch.core.text import is_ascii_int

#: The most games of one match and the most worker processes.
MAX_GAMES = 1_000_000
MAX_WORKERS = 256


def _slug(text: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-." else "_" for ch in text)[:120]


@click.command()
@GAME
@click.argument("agent_a")
@click.argument("agent_b")
@click.option("--games", "count", type=WholeNumber(1, MAX_GAMES), default=10, show_default=True)
@click.option(
    "--time-per-move",
    type=Seconds(*FLOAT_RANGES["time"]),
    default=None,
    help="A time limit in seconds per move for both agents (on top of their own budget).",
)
@click.option(
    "--seed", type=WholeNumber(0, MAX_SEED), default=0, show_default=True, help="The match seed."
)
@click.option(
    "--workers",
    type=WholeNumber(1, MAX_WORKERS),
    default=1,
    show_default=True,
    help="Processes.",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Directory for the game records (default: matches/GAME-A-vs-B-seedS).",
)
@OPTIONS
@store_options
def match(
    game: str,
    agent_a: str,
    agent_b: str,
    count: int,
    time_per_move: float | None,
    seed: int,
    workers: int,
    out: Path | None,
    options: tuple[str, ...],
    database: str,
    no_store: bool,
) -> None:
    """Play a match of AGENT_A against AGENT_B; they change seats every game.

    Agents: random, mcts:iterations=400,c=1.4,rollout=8, alphabeta:depth=3,time=0.5, or a
    level (easy, medium, hard, max; `spieltisch levels GAME` lists them). Every game is
    saved as a record that `spieltisch replay` steps through, and every finished game
    goes to the game store (--db, default spieltisch.db; not with --no-store), where
    `spieltisch ratings GAME` counts it. Ctrl-C stops the match at once (status 130);
    the records and stored games of the finished games stay.
    """
    with user_errors():
        loaded = load(game, options)
        make_agent(agent_a, loaded)  # refuse a bad spec before anything is written
        make_agent(agent_b, loaded)
        folder = out or Path("matches") / _slug(f"{game}-{agent_a}-vs-{agent_b}-seed{seed}")
        folder.mkdir(parents=True, exist_ok=True)
        store = open_store(database, no_store)
        click.echo(
            f"{loaded.title}: {agent_a} vs {agent_b}, {count} games, seed {seed}, "
            f"time per move {'unlimited' if time_per_move is None else f'{time_per_move:g} s'}, "
            f"{workers} worker{'s' if workers > 1 else ''}"
        )
        with click.progressbar(length=count, label="games", file=sys.stderr, show_pos=True) as bar:

            def saved(index: int, record: GameRecord) -> None:
                if store is not None and record.finished:
                    keep(store, record, [f"ai:{name}" for name in record.players])
                record.save(folder / f"game-{index:04d}.json")
                bar.update(1)

            try:
                result = run_match(
                    loaded,
                    agent_a,
                    agent_b,
                    count,
                    seed=seed,
                    time_per_move=time_per_move,
                    workers=workers,
                    on_game=saved,
                )
            finally:
                if store is not None:
                    store.close()
    _print_match(result, folder)
    if store is not None:
        stored = sum(1 for record in result.records if record.finished)
        click.echo(
            f"stored: {stored} finished game{'' if stored == 1 else 's'} in {database} "
            f"(`spieltisch ratings {game}{'' if database == DEFAULT_DB else ' --db …'}`)"
        )


def _print_match(result: MatchResult, folder: Path) -> None:
    score = result.score()
    low, high = score.elo_interval()
    s_low, s_high = score.score_interval()
    mean_a, mean_b = result.seconds_per_move()
    width = min(40, max(len(result.agents[0]), len(result.agents[1]), 5))
    a_name, b_name = (name[:width] for name in result.agents)
    click.echo(f"{'agent':{width}}  {'wins':>5} {'draws':>5} {'losses':>6} {'score':>7}")
    click.echo(
        f"{a_name:{width}}  {score.wins:5d} {score.draws:5d} {score.losses:6d} "
        f"{100 * score.score:6.1f}%"
    )
    click.echo(
        f"{b_name:{width}}  {score.losses:5d} {score.draws:5d} {score.wins:6d} "
        f"{100 * (1 - score.score):6.1f}%"
    )
    click.echo(
        f"score of A: {100 * score.score:.1f}% "
        f"(95% interval {100 * s_low:.1f}%..{100 * s_high:.1f}%)"
    )
    click.echo(
        f"Elo difference A - B: {format_elo(score.elo())} "
        f"(95% interval {format_elo(low)} .. {format_elo(high)})"
    )
    click.echo(
        f"time per move: A {mean_a:.3f} s, B {mean_b:.3f} s on average; "
        f"longest {result.max_seconds():.3f} s"
    )
    unfinished = sum(1 for r in result.records if not r.finished)
    if unfinished:
        click.echo(f"unfinished games (counted as draws): {unfinished}")
    click.echo(f"records: {folder}/game-0000.json .. game-{len(result.records) - 1:04d}.json")


REPLAY_HELP = """commands: <enter>/next, prev, <number> go to ply, end, start,
  position (print the position text), quit"""


@click.command()
@click.argument("record_path", metavar="[RECORD]", type=click.Path(path_type=Path), required=False)
@click.option(
    "--db",
    "database",
    default=None,
    help="A game store (SQLite file or database URL) to read the game from, with --game.",
)
@click.option(
    "--game",
    "game_id",
    type=WholeNumber(1, MAX_SEED),
    default=None,
    help="The id of the game in the store given by --db.",
)
@click.option("--to-end", is_flag=True, help="Print the final position and the result.")
@click.option(
    "--ply",
    type=WholeNumber(0, 10**9),
    default=None,
    help="Print the position after N moves.",
)
@click.option(
    "--viewer",
    type=WholeNumber(0, 1),
    default=None,
    help="Draw the board from this player's side (default: player 0's).",
)
def replay(
    record_path: Path | None,
    database: str | None,
    game_id: int | None,
    to_end: bool,
    ply: int | None,
    viewer: int | None,
) -> None:
    """Step through a saved game record (from `spieltisch match` or `spieltisch play`),
    or a game in a game store (`--db PATH_OR_URL --game ID`).

    Interactive by default: Enter shows the next move; `help` lists the commands.
    With --to-end or --ply N it prints that one position and exits.
    """
    with user_errors():
        if (record_path is None) == (database is None) or (database is None) != (game_id is None):
            fail("give a RECORD file, or --db PATH_OR_URL with --game ID")
        if database is not None and game_id is not None:
            record = _stored_record(database, game_id)
        else:
            assert record_path is not None
            record = load_record(record_path)
        game = record.load_game()
        total = len(record.moves)
        if ply is not None and ply > total:
            fail(f"the record has only {total} move{'' if total == 1 else 's'}, not {ply}")
        replay_record(record)  # every move checked once, before anything is shown
        moves = f"{total} move{'' if total == 1 else 's'}"
        click.echo(f"{game.title}: {record.players[0]} vs {record.players[1]}, {moves}")
        if to_end or ply is not None:
            state = replay_record(record, ply)
            shown = total if ply is None else ply
            if shown:
                click.echo(f"after move {shown}: {record.moves[shown - 1]}")
            drawn = board(state, viewer)
            click.echo(drawn)
            click.echo(f"position: {state.text()}")
            if shown == total:
                print_result(game, state, click.echo, drawn)
            return
        replay_loop(record, game, ask_line(), click.echo, viewer)


def _stored_record(database: str, game_id: int) -> GameRecord:
    """The record of game `game_id` in the store `database` (which must exist)."""
    from spieltisch.store import Store  # SQLAlchemy only for the commands that use it

    if "://" not in database and not Path(database).is_file():
        fail(f"no game store file {quote(database)}")
    with Store.open(database) as store:
        return store.record(game_id)


def replay_loop(
    record: GameRecord,
    game: Game[Any, Any],
    ask: Ask,
    out: Callable[[str], None],
    viewer: int | None = None,
) -> None:
    """Step through `record`: `ask(prompt)` reads a command (EOFError ends)."""
    total = len(record.moves)
    at = 0
    out(board(replay_record(record, 0), viewer))
    out(REPLAY_HELP)
    while True:
        try:
            command = ask(f"[{at}/{total}]> ").strip().lower().removeprefix(":")
        except EOFError:
            return
        target = at
        if command in ("", "n", "next"):
            if at == total:
                out("end of the game")
                continue
            target = at + 1
        elif command in ("p", "prev", "back"):
            target = max(0, at - 1)
        elif command in ("e", "end"):
            target = total
        elif command in ("s", "start"):
            target = 0
        elif is_ascii_int(command):
            target = min(total, int(command))
        elif command in ("q", "quit", "exit"):
            return
        elif command in ("position", "text"):
            out(replay_record(record, at).text())
            continue
        else:
            out(REPLAY_HELP)
            continue
        at = target
        state = replay_record(record, at)
        if at:
            spent = record.seconds[at - 1] if at - 1 < len(record.seconds) else 0.0
            out(f"move {at}: {record.moves[at - 1]}  ({spent:.3f} s)")
        drawn = board(state, viewer)
        out(drawn)
        if at == total:
            print_result(game, state, out, drawn)
