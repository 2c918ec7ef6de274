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

    Play in the terminal, show positions, and count move trees (perft).
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
def perft_command(
    game: str,
    depth: int,
    position: str | None,
    position_file: Path | None,
    seed: int | None,
    options: tuple[str, ...],
    split: bool,
    stats: bool,
) -> None:
    """Count the leaves of the legal-move tree DEPTH plies deep.

    The last line of the output is the count alone. A finished game has no moves;
    chance events (dice) expand every outcome and count as a ply.
    """
    with _user_errors():
        loaded = load(game, options)
        state = _load_state(loaded, position, position_file, seed)
        start = time.perf_counter()
        if split:
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
    seat: int,
    position: str | None,
    position_file: Path | None,
    seed: int | None,
    options: tuple[str, ...],
) -> None:
    """Play in the terminal against a random mover or another human.

    Type moves in the game's notation; `moves` lists the legal ones, `help` the commands.
    Dice and other chance events are rolled for you and shown.
    """
    with _user_errors():
        loaded = load(game, options)
        if seed is None and position is None and position_file is None:
            seed = random.SystemRandom().randrange(1 << 30)
        state = _load_state(loaded, position, position_file, seed)
    rng = random.Random(seed)
    if seed is not None:
        click.echo(f"{loaded.title} (seed {seed})")
    humans = {0, 1} if opponent == "human" else {seat}
    _play_loop(loaded, state, humans, rng, sys.stdin, click.echo)


def _play_loop(
    game: Game[Any, Any],
    state: State[Any],
    humans: set[int],
    rng: random.Random,
    stdin: TextIO,
    out: Callable[[str], None],
) -> None:
    names = game.player_names
    out(state.render())
    while not state.is_over():
        player = state.to_move
        if state.is_chance():
            move = state.sample_chance(rng)
            out(f"chance: {state.describe_move(move)}")
            state.push(move)
            continue
        if player not in humans:
            move = rng.choice(state.legal_moves())
            out(f"{names[player]} plays {move}  ({state.describe_move(move)})")
            state.push(move)
            out(state.render())
            continue
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
        out(state.render())
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


if __name__ == "__main__":  # pragma: no cover
    main()
