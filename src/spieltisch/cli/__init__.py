"""The `spieltisch` command: list games, show positions, play in the terminal, run perft,
matches between agents and the replay of game records.

One module per group of subcommands: `info` (games, show, perft, levels), `play`,
`matches` (match, replay) and `engine` (analyse, uci); `common` holds what they share,
`keep` the game store that `match` and `play` keep their finished games in.
Every command works on any registered game through the common game API. Bad input,
including a bad command-line value, prints one line `error: …` and exits with status 2;
Ctrl-C prints `interrupted` and exits with status 130; a closed output pipe
(`spieltisch show … | head -1`) ends the command quietly.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

import click

import spieltisch.learn.kind
import spieltisch.learn.ppo_kind  # noqa: F401  (registers the `ppo:` agent kind)
from spieltisch.cli.accounts import accounts_command
from spieltisch.cli.bots import bot_command, duel_command, server_command
from spieltisch.cli.common import EXIT_INTERRUPTED, EXIT_USAGE, one_line
from spieltisch.cli.engine import analyse, uci
from spieltisch.cli.gauntlet import gauntlet_command
from spieltisch.cli.info import games_command, levels_command, perft_command, show
from spieltisch.cli.learn import curve, expert, ppo, train
from spieltisch.cli.matches import match, replay
from spieltisch.cli.play import play
from spieltisch.cli.serve import serve
from spieltisch.cli.tournaments import baselines, ratings, sprt, tournament

__all__ = ["main"]

#: The exit status after the reader of the output went away (128 + SIGPIPE, as a shell
#: reports a process that a closed pipe ended).
EXIT_BROKEN_PIPE = 141


class _Interrupted(Exception):
    """Ctrl-C inside a command, carried past click's own handling of it."""


class _PipeClosed(Exception):
    """The reader of standard output went away inside a command."""


class SpieltischGroup(click.Group):
    """The command group with the project's way of ending: one `error:` line for every
    usage error (status 2), `interrupted` on Ctrl-C (130), silence on a closed pipe."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            raise _Interrupted from None
        except BrokenPipeError:
            raise _PipeClosed from None

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> NoReturn:
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
            sys.stdout.flush()  # a closed pipe shows here, not in the flush at exit
        except click.exceptions.NoArgsIsHelpError as exc:
            click.echo(exc.ctx.get_help() if exc.ctx is not None else exc.format_message())
            sys.exit(0)
        except click.UsageError as exc:
            _error(exc.format_message())
        except click.ClickException as exc:
            _error(exc.format_message())
        except (_Interrupted, click.Abort, KeyboardInterrupt):
            if sys.stderr.isatty():
                click.echo(err=True)  # off the line where the terminal echoed ^C
            click.echo("interrupted", err=True)
            sys.exit(EXIT_INTERRUPTED)
        except (_PipeClosed, BrokenPipeError):
            _quiet_pipe()
        sys.exit(code if isinstance(code, int) else 0)


def _error(message: str) -> NoReturn:
    click.echo(f"error: {one_line(message)}", err=True)
    sys.exit(EXIT_USAGE)


def _quiet_pipe() -> NoReturn:
    """End quietly: point standard output at /dev/null so that the final flush at exit
    cannot fail again and print a traceback."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no real file descriptor (a test runner's stdout)
        pass
    sys.exit(EXIT_BROKEN_PIPE)


@click.group(cls=SpieltischGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="spieltisch")
def main() -> None:
    """spieltisch: Ostseeschach, Schachogi, Hase und Igel and Okard.

    Play in the terminal (against a human, a random mover or the AI), show positions,
    count move trees (perft), run matches between AI agents and replay their records.
    """


for _command in (
    games_command,
    show,
    perft_command,
    play,
    match,
    replay,
    levels_command,
    serve,
    tournament,
    baselines,
    sprt,
    ratings,
    analyse,
    uci,
    server_command,
    bot_command,
    duel_command,
    gauntlet_command,
    train,
    expert,
    curve,
    ppo,
    accounts_command,
):
    main.add_command(_command)
