"""The subcommands that look without playing: games, show, perft, levels."""

from __future__ import annotations

import time
from pathlib import Path

import click

from spieltisch import native
from spieltisch.ai.levels import levels
from spieltisch.cli.common import (
    GAME,
    OPTIONS,
    POSITION,
    POSITION_FILE,
    SEED,
    SETUP,
    WholeNumber,
    board,
    load_state,
    user_errors,
)
from spieltisch.core import divide, game_class, game_names, load, perft

#: The deepest perft asked for (deeper trees would not finish anyway).
MAX_DEPTH = 64


@click.command("games")
@click.option("-v", "--verbose", is_flag=True, help="Also list each game's options.")
def games_command(verbose: bool) -> None:
    """List the games."""
    for name in game_names():
        cls = game_class(name)
        players = " / ".join(cls.player_names)
        click.echo(f"{name:15} {cls.title} ({players})")
        if verbose:
            options = cls.options_type().text()
            click.echo(f"{'':15} options: {options or 'none'}")


@click.command()
@GAME
@POSITION
@POSITION_FILE
@SETUP
@SEED
@OPTIONS
@click.option(
    "--viewer",
    type=WholeNumber(0, 1),
    default=None,
    help="Draw the board from this player's side (default: player 0's).",
)
def show(
    game: str,
    position: str | None,
    position_file: Path | None,
    setup: bool,
    seed: int | None,
    options: tuple[str, ...],
    viewer: int | None,
) -> None:
    """Print a board: the start (drawn with --seed) or a given position."""
    with user_errors():
        loaded = load(game, options)
        state = load_state(loaded, position, position_file, seed, setup=setup)
        click.echo(board(state, viewer))
        click.echo(f"position: {state.text()}")


@click.command("perft", context_settings={"ignore_unknown_options": True})
@GAME
@click.argument("depth", type=WholeNumber(0, MAX_DEPTH))
@POSITION
@POSITION_FILE
@SETUP
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
    setup: bool,
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
    with user_errors():
        loaded = load(game, options)
        state = load_state(loaded, position, position_file, seed, setup=setup)
        start = time.perf_counter()
        if engine == "native":
            if split:
                native_rows = native.divide(loaded, state.text(), depth)
                for notation, count in native_rows:
                    click.echo(f"{notation}: {count}")
                total = sum(count for _, count in native_rows) if depth > 0 else 1
            else:
                total = native.perft(loaded, state.text(), depth)
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


@click.command("levels")
@GAME
def levels_command(game: str) -> None:
    """List the AI strength levels of GAME and the agent each one stands for."""
    with user_errors():
        loaded = load(game)
        for name, spec in levels(loaded).items():
            click.echo(f"{name:8} {spec}")
