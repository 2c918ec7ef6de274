"""The `spieltisch` command: list games, show positions, play in the terminal, run perft.

Every command works on any registered game through the common game API. Errors in the
user's input (a bad position, move or option) print one line `error: ...` and exit with
status 2.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn, TextIO

import click

from spieltisch.ai.agent import Agent
from spieltisch.ai.levels import levels
from spieltisch.ai.spec import make_agent
from spieltisch.arena.elo import format_elo
from spieltisch.arena.match import MatchResult, run_match
from spieltisch.arena.record import GameRecord, load_record, replay_record
from spieltisch.core import Game, SpieltischError, State, divide, game_class, games, load, perft

EXIT_USAGE = 2


def _fail(message: str) -> NoReturn:
    click.echo(f"error: {message}", err=True)
    sys.exit(EXIT_USAGE)


@contextmanager
def _user_errors() -> Iterator[None]:
    """Turn errors caused by the user's input into one line and exit status 2."""
    try:
        yield
    except SpieltischError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"{exc.filename or ''}: {exc.strerror or exc}".lstrip(": "))
    except RecursionError:
        _fail("the position is too deep to search")


def _game_argument(name: str) -> str:
    if name not in games():
        _fail(f"unknown game {name!r} (known games: {', '.join(games())})")
    return name


GAME = click.argument("game", callback=lambda _ctx, _param, value: _game_argument(value))
OPTIONS = click.option(
    "-o",
    "--option",
    "options",
    multiple=True,
    metavar="KEY=VALUE",
    help="A game option (variant setting); repeat for several. See `spieltisch games -v`.",
)
POSITION = click.option(
    "--position", "position", metavar="TEXT", help="Start from this position text."
)
POSITION_FILE = click.option(
    "--position-file",
    "position_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Read the start position from a file (position text or the game's XML).",
)
SEED = click.option(
    "--seed", type=int, default=None, help="Seed of the random set-up and of random players."
)


def _load_state(
    game: Game[Any, Any], position: str | None, position_file: Path | None, seed: int | None
) -> State[Any]:
    if position is not None and position_file is not None:
        _fail("give either --position or --position-file, not both")
    state: State[Any]
    if position_file is not None:
        state = game.parse(position_file.read_text(encoding="utf-8").strip())
    elif position is not None:
        state = game.parse(position)
    else:
        state = game.new_state(seed)
    return state


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="spieltisch")
def main() -> None:
    """spieltisch: Ostseeschach, Schachogi, Hase und Igel and Okard.

    Play in the terminal (against a human, a random mover or the AI), show positions,
    count move trees (perft), run matches between AI agents and replay their records.
    """


@main.command("games")
@click.option("-v", "--verbose", is_flag=True, help="Also list each game's options.")
def games_command(verbose: bool) -> None:
    """List the games."""
    for name in games():
        cls = game_class(name)
        players = " / ".join(cls.player_names)
        click.echo(f"{name:15} {cls.title} ({players})")
        if verbose:
            options = cls.options_type().text()
            click.echo(f"{'':15} options: {options or 'none'}")


@main.command()
@GAME
@POSITION
@POSITION_FILE
@SEED
@OPTIONS
def show(
    game: str,
    position: str | None,
    position_file: Path | None,
    seed: int | None,
    options: tuple[str, ...],
) -> None:
    """Print a board: the start (drawn with --seed) or a given position."""
    with _user_errors():
        loaded = load(game, options)
        state = _load_state(loaded, position, position_file, seed)
        click.echo(state.render())
        click.echo(f"position: {state.text()}")


@main.command("perft")
@GAME
@click.argument("depth", type=click.IntRange(min=0))
@POSITION
@POSITION_FILE
@SEED
@OPTIONS
@click.option("--divide", "split", is_flag=True, help="Also print the count below each move.")
@click.option("--stats", is_flag=True, help="Print time and nodes/s on standard error.")
@click.option(
    "--engine",
    type=click.Choice(["python", "native"]),
    default="python",
    show_default=True,
    help="The Python engine (the reference) or the native one (C++, where the game has it).",
)
def perft_command(
    game: str,
    depth: int,
    position: str | None,
    position_file: Path | None,
    seed: int | None,
    options: tuple[str, ...],
    split: bool,
    stats: bool,
    engine: str,
) -> None:
    """Count the leaves of the legal-move tree DEPTH plies deep.

    The last line of the output is the count alone. A finished game has no moves;
    chance events (dice) expand every outcome and count as a ply.
    """
    with _user_errors():
        loaded = load(game, options)
        state = _load_state(loaded, position, position_file, seed)
        start = time.perf_counter()
        if engine == "native":
            from spieltisch import native

            if options:
                _fail("--engine native counts with the game's default options only")
            if split:
                native_rows = native.divide(game, state.text(), depth)
                for notation, count in native_rows:
                    click.echo(f"{notation}: {count}")
                total = sum(count for _, count in native_rows) if depth > 0 else 1
            else:
                total = native.perft(game, state.text(), depth)
        elif split:
            rows = divide(state, depth)
            for move, count in rows:
                click.echo(f"{move}: {count}")
            total = sum(count for _, count in rows) if depth > 0 else 1
        else:
            total = perft(state, depth)
        elapsed = time.perf_counter() - start
        if stats:
            rate = total / elapsed if elapsed > 0 else 0.0
            click.echo(f"{elapsed:.3f} s, {rate:,.0f} leaves/s", err=True)
        click.echo(str(total))


PLAY_HELP = """commands:
  <move>     make a move in the game's notation
  moves      list the legal moves (also: ?)
  undo       take back your last move (and the opponent's reply)
  board      show the board again
  position   print the position text
  help       this text
  quit       leave the game"""


@main.command()
@GAME
@click.option(
    "--opponent",
    type=click.Choice(["random", "human"]),
    default="random",
    show_default=True,
    help="Who plays the other side.",
)
@click.option(
    "--ai",
    "ai",
    metavar="LEVEL",
    default=None,
    help="Play against the AI: a level (easy, medium, hard, max) or an agent spec "
    "such as mcts:iterations=400 or alphabeta:depth=3.",
)
@click.option(
    "--seat",
    type=click.IntRange(0, 1),
    default=0,
    show_default=True,
    help="Your seat: 0 moves first, 1 second.",
)
@POSITION
@POSITION_FILE
@SEED
@OPTIONS
def play(
    game: str,
    opponent: str,
    ai: str | None,
    seat: int,
    position: str | None,
    position_file: Path | None,
    seed: int | None,
    options: tuple[str, ...],
) -> None:
    """Play in the terminal against a random mover, the AI (--ai LEVEL) or another human.

    Type moves in the game's notation; `moves` lists the legal ones, `help` the commands.
    Dice and other chance events are rolled for you and shown.
    """
    with _user_errors():
        loaded = load(game, options)
        if seed is None and position is None and position_file is None:
            seed = random.SystemRandom().randrange(1 << 30)
        state = _load_state(loaded, position, position_file, seed)
        agent = make_agent(ai, loaded, seed=seed) if ai is not None else None
    rng = random.Random(seed)
    if seed is not None:
        click.echo(f"{loaded.title} (seed {seed})")
    if agent is not None:
        click.echo(f"AI: {ai} = {agent.spec}")
        humans = {seat}
    else:
        humans = {0, 1} if opponent == "human" else {seat}
    _play_loop(loaded, state, humans, rng, sys.stdin, click.echo, agent)


def _play_loop(
    game: Game[Any, Any],
    state: State[Any],
    humans: set[int],
    rng: random.Random,
    stdin: TextIO,
    out: Callable[[str], None],
    agent: Agent | None = None,
) -> None:
    names = game.player_names
    out(state.render())
    shown = True  # the board on screen is the current position
    while not state.is_over():
        player = state.to_move
        if state.is_chance():
            move = state.sample_chance(rng)
            out(f"chance: {state.describe_move(move)}")
            state.push(move)
            shown = False
            continue
        if player not in humans:
            move = agent.select(state) if agent is not None else rng.choice(state.legal_moves())
            out(f"{names[player]} plays {move}  ({state.describe_move(move)})")
            state.push(move)
            shown = False
            continue
        if not shown:  # once before a human's turn, not after every step of the opponent
            out(state.render())
            shown = True
        out(f"{names[player]}> ")
        line = stdin.readline()
        if not line:
            out("bye")
            return
        command = line.strip()
        if not command:
            continue
        lowered = command.lower()
        if lowered in ("quit", "exit", "q"):
            out("bye")
            return
        if lowered in ("help", "h"):
            out(PLAY_HELP)
            continue
        if lowered in ("moves", "?", "legal"):
            out(" ".join(str(m) for m in state.legal_moves()))
            continue
        if lowered in ("board", "b"):
            out(state.render())
            continue
        if lowered in ("position", "fen", "text"):
            out(state.text())
            continue
        if lowered == "undo":
            _undo_turn(state, humans, out)
            continue
        try:
            move = state.parse_move(command)
            state.play(move)
        except SpieltischError as exc:
            out(f"not played: {exc} (type `moves` for the legal moves, `help` for commands)")
            continue
        shown = False
    if not shown:
        out(state.render())
    _print_result(game, state, out)


def _print_result(game: Game[Any, Any], state: State[Any], out: Callable[[str], None]) -> None:
    names = game.player_names
    result = state.outcome()
    if result is not None:
        verdict = "draw" if result.winner is None else f"{names[result.winner]} wins"
        out(f"game over: {verdict} ({result.reason})")
        if game.score_names:
            for index, name in enumerate(names):
                parts = ", ".join(
                    f"{label} {value}"
                    for label, value in zip(game.score_names, result.scores[index], strict=True)
                )
                out(f"  {name}: {parts}")


def _undo_turn(state: State[Any], humans: set[int], out: Callable[[str], None]) -> None:
    """Take back moves until a human is to move again after at least one human move."""
    if not state.history():
        out("nothing to undo")
        return
    while state.history():
        state.undo()
        if state.to_move in humans and not state.is_chance():
            break
    out(state.render())


def _slug(text: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-." else "_" for ch in text)


@main.command()
@GAME
@click.argument("agent_a")
@click.argument("agent_b")
@click.option("--games", "count", type=click.IntRange(min=1), default=10, show_default=True)
@click.option(
    "--time-per-move",
    type=click.FloatRange(min=0.001),
    default=None,
    help="A time limit in seconds per move for both agents (on top of their own budget).",
)
@click.option("--seed", type=int, default=0, show_default=True, help="The match seed.")
@click.option(
    "--workers", type=click.IntRange(min=1), default=1, show_default=True, help="Processes."
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Directory for the game records (default: matches/GAME-A-vs-B-seedS).",
)
@OPTIONS
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
) -> None:
    """Play a match of AGENT_A against AGENT_B; they change seats every game.

    Agents: random, mcts:iterations=400,c=1.4,rollout=8, alphabeta:depth=3,time=0.5, or a
    level (easy, medium, hard, max; `spieltisch levels GAME` lists them). Every game is
    saved as a record that `spieltisch replay` steps through.
    """
    with _user_errors():
        loaded = load(game, options)
        make_agent(agent_a, loaded)  # refuse a bad spec before anything is written
        make_agent(agent_b, loaded)
        folder = out or Path("matches") / _slug(f"{game}-{agent_a}-vs-{agent_b}-seed{seed}")
        folder.mkdir(parents=True, exist_ok=True)
        click.echo(
            f"{loaded.title}: {agent_a} vs {agent_b}, {count} games, seed {seed}, "
            f"time per move {'unlimited' if time_per_move is None else f'{time_per_move:g} s'}, "
            f"{workers} worker{'s' if workers > 1 else ''}"
        )
        with click.progressbar(length=count, label="games", file=sys.stderr, show_pos=True) as bar:

            def saved(index: int, record: GameRecord) -> None:
                record.save(folder / f"game-{index:04d}.json")
                bar.update(1)

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
    _print_match(result, folder)


def _print_match(result: MatchResult, folder: Path) -> None:
    score = result.score()
    low, high = score.elo_interval()
    s_low, s_high = score.score_interval()
    mean_a, mean_b = result.seconds_per_move()
    width = max(len(result.agents[0]), len(result.agents[1]), 5)
    click.echo(f"{'agent':{width}}  {'wins':>5} {'draws':>5} {'losses':>6} {'score':>7}")
    click.echo(
        f"{result.agents[0]:{width}}  {score.wins:5d} {score.draws:5d} {score.losses:6d} "
        f"{100 * score.score:6.1f}%"
    )
    click.echo(
        f"{result.agents[1]:{width}}  {score.losses:5d} {score.draws:5d} {score.wins:6d} "
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


@main.command("levels")
@GAME
def levels_command(game: str) -> None:
    """List the AI strength levels of GAME and the agent each one stands for."""
    with _user_errors():
        loaded = load(game)
        for name, spec in levels(loaded).items():
            click.echo(f"{name:8} {spec}")


REPLAY_HELP = """commands: <enter>/n next move, p previous, <number> go to ply, e end, s start,
  position   print the position text, q quit"""


@main.command()
@click.argument("record_path", metavar="RECORD", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--to-end", is_flag=True, help="Print the final position and the result.")
@click.option(
    "--ply", type=click.IntRange(min=0), default=None, help="Print the position after N moves."
)
def replay(record_path: Path, to_end: bool, ply: int | None) -> None:
    """Step through a saved game record (from `spieltisch match`).

    Interactive by default: Enter shows the next move; `help` lists the commands.
    With --to-end or --ply N it prints that one position and exits.
    """
    with _user_errors():
        record = load_record(record_path)
        game = record.load_game()
        total = len(record.moves)
        if ply is not None and ply > total:
            _fail(f"the record has only {total} moves, not {ply}")
        click.echo(f"{game.title}: {record.players[0]} vs {record.players[1]}, {total} moves")
        if to_end or ply is not None:
            state = replay_record(record, ply)
            shown = total if ply is None else ply
            if shown:
                click.echo(f"after move {shown}: {record.moves[shown - 1]}")
            click.echo(state.render())
            click.echo(f"position: {state.text()}")
            if shown == total:
                _print_result(game, state, click.echo)
            return
        _replay_loop(record, game, sys.stdin, click.echo)


def _replay_loop(
    record: GameRecord, game: Game[Any, Any], stdin: TextIO, out: Callable[[str], None]
) -> None:
    total = len(record.moves)
    at = 0
    out(replay_record(record, 0).render())
    out(REPLAY_HELP)
    while True:
        out(f"[{at}/{total}]> ")
        line = stdin.readline()
        if not line:
            return
        command = line.strip().lower()
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
        elif command.isdigit():
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
        out(state.render())
        if at == total:
            _print_result(game, state, out)


if __name__ == "__main__":  # pragma: no cover
    main()
