"""`spieltisch server`, `spieltisch bot` and `spieltisch duel`: the bot server, the
project's AI as a network bot, and duels between bot programs (docs/bots.md)."""

from __future__ import annotations

import asyncio
import contextlib
import random
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from spieltisch.arena.elo import format_elo
from spieltisch.cli.common import check_port, user_errors
from spieltisch.cli.hosting import announce_password, host_options, load_settings
from spieltisch.core.errors import SpieltischError
from spieltisch.core.registry import DEFAULT_GAME, game_names, load

#: The official clients' flags: `-h` is the host here, so help is `--help` only.
_NO_SHORT_HELP = {"help_option_names": ["--help"]}

F = TypeVar("F", bound=Callable[..., Any])


def _game(name: str) -> str:
    if name not in game_names():
        raise click.BadParameter(f"unknown game {name[:40]!r} (games: {', '.join(game_names())})")
    return name


def duel_limits(*, plural: bool) -> Callable[[F], F]:
    """The options of how bot programs play a duel or a gauntlet: the competition's soft
    and hard timeouts (or none), the bots' output, and a game's longest time."""
    bots, think = ("the bots", "they like") if plural else ("the bot", "it likes")

    def apply(command: F) -> F:
        for option in reversed(
            [
                click.option(
                    "--soft-timeout",
                    default=2.0,
                    show_default=True,
                    type=click.FloatRange(0.01, 3600),
                ),
                click.option(
                    "--hard-timeout",
                    default=10.0,
                    show_default=True,
                    type=click.FloatRange(0.01, 3600),
                ),
                click.option(
                    "--no-timeouts", is_flag=True, help=f"Let {bots} think as long as {think}."
                ),
                click.option(
                    "--show-output", is_flag=True, help=f"Let {bots} print to this terminal."
                ),
                click.option(
                    "--game-timeout",
                    default=600.0,
                    show_default=True,
                    type=click.FloatRange(1, 86_400),
                    help="Seconds a game may take before it is cancelled (no result).",
                ),
            ]
        ):
            command = option(command)
        return command

    return apply


@click.command("server")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=13050, show_default=True, type=click.IntRange(0, 65535))
@click.option(
    "--db",
    default="spieltisch.db",
    show_default=True,
    help="The game store (SQLite file or SQLAlchemy URL) that keeps every game.",
)
@click.option("--no-db", is_flag=True, help="Keep no games.")
@click.option(
    "--game",
    "default_game",
    default=DEFAULT_GAME,
    show_default=True,
    type=click.Choice(game_names()),
    help="The game of a plain <join/> without gameType.",
)
@host_options
@click.option("--soft-timeout", default=2.0, show_default=True, type=click.FloatRange(0.01, 3600))
@click.option("--hard-timeout", default=10.0, show_default=True, type=click.FloatRange(0.01, 3600))
@click.option(
    "--seed",
    default=None,
    type=click.IntRange(0, 2**31 - 1),
    help="Draw the rooms' seeds (Hase und Igel's board) from this seed: the same games "
    "then send the same bytes.",
)
def server_command(
    host: str,
    port: int,
    db: str,
    no_db: bool,
    default_game: str,
    config: Path | None,
    admin_password: str | None,
    admin_password_file: Path | None,
    soft_timeout: float,
    hard_timeout: float,
    seed: int | None,
) -> None:
    """Serve bots: the competition's XML protocol and the JSON protocol on one port."""
    from spieltisch.bots.server import BotServer, make_lobby

    check_port(host, port)
    settings, generated = load_settings(config, admin_password, admin_password_file)
    lobby = make_lobby(
        None if no_db else db,
        default_game=default_game,
        soft_timeout=soft_timeout,
        hard_timeout=hard_timeout,
        password=settings.admin_password,
        seed=seed,
    )

    async def run() -> None:
        server = BotServer(lobby, host=host, port=port, settings=settings)
        bound = await server.start()
        click.echo(f"bot server on {host}:{bound} (XML and JSON; Ctrl-C stops it)")
        announce_password(settings, generated)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, stop.set)
        await stop.wait()
        await server.stop()

    asyncio.run(run())


@click.command("bot", context_settings=_NO_SHORT_HELP)
@click.argument("game", callback=lambda _c, _p, v: _game(v))
@click.option("--level", default="easy", show_default=True, help="A level name or agent spec.")
@click.option("-h", "--host", default="127.0.0.1", show_default=True)
@click.option("-p", "--port", default=13050, show_default=True, type=click.IntRange(1, 65535))
@click.option(
    "--protocol",
    type=click.Choice(["xml", "json"]),
    default=None,
    help="xml for the competition games, json otherwise (the default).",
)
@click.option("-r", "--reservation", default=None, help="A reservation code of a prepared game.")
@click.option("--room", default=None, help="Join this room (table) id.")
@click.option("--name", default="", help="The bot's display name.")
@click.option("--options", default="", help="The game's options (JSON protocol, new tables).")
@click.option("--seed", default=None, type=click.IntRange(0, 2**31 - 1), help="The AI's seed.")
@click.option("--quiet", is_flag=True, help="Print nothing.")
def bot_command(
    game: str,
    level: str,
    host: str,
    port: int,
    protocol: str | None,
    reservation: str | None,
    room: str | None,
    name: str,
    options: str,
    seed: int | None,
    quiet: bool,
) -> None:
    """Play GAME on a bot server with the project's AI at LEVEL."""
    from spieltisch.bots.client import agent_for, play_json, play_xml

    loaded = load(game, options or None)
    if protocol is None:
        protocol = "xml" if loaded.competition() is not None else "json"
    agent = agent_for(loaded, level, seed if seed is not None else random.randrange(1 << 31))
    shown = name or f"spieltisch {level}"
    try:
        if protocol == "xml":
            outcome = play_xml(
                loaded,
                agent.select,
                host=host,
                port=port,
                reservation=reservation,
                room_id=room,
                name=shown,
            )
        else:
            outcome = play_json(
                agent.select,
                game=game,
                options=options,
                host=host,
                port=port,
                reservation=reservation,
                table=room,
                name=shown,
            )
    except OSError as exc:
        raise click.ClickException(f"no connection to {host}:{port}: {exc}") from None
    except (SpieltischError, ValueError, KeyError) as exc:
        raise click.ClickException(f"the server's message: {exc}") from None
    if not quiet:
        click.echo(outcome.summary())
    if not outcome.finished and outcome.errors:
        raise click.ClickException("; ".join(outcome.errors)[:300])


@click.command("duel")
@click.argument("game", callback=lambda _c, _p, v: _game(v))
@click.option("--player1", required=True, help="The first bot's command line.")
@click.option("--player2", required=True, help="The second bot's command line.")
@click.option("--games", "count", default=2, show_default=True, type=click.IntRange(1, 10000))
@click.option("--db", default="spieltisch.db", show_default=True, help="Where games are kept.")
@click.option("--seed", default=0, show_default=True, type=click.IntRange(0, 2**31 - 1))
@click.option("--options", default="", help="The game's options.")
@duel_limits(plural=True)
@click.option("--host", default=None, help="Play on this bot server instead of one started here.")
@click.option("--port", default=13050, show_default=True, type=click.IntRange(1, 65535))
@click.option(
    "--password", default="examplepassword", show_default=True, help="Its admin password."
)
def duel_command(
    game: str,
    player1: str,
    player2: str,
    count: int,
    db: str,
    seed: int,
    options: str,
    soft_timeout: float,
    hard_timeout: float,
    no_timeouts: bool,
    show_output: bool,
    game_timeout: float,
    host: str | None,
    port: int,
    password: str,
) -> None:
    """Duel two bot programs on GAME: each is started with -h HOST -p PORT -r CODE.

    A command starting with `spieltisch` runs this spieltisch (no PATH needed), and
    `python` missing from PATH is the interpreter spieltisch runs on.
    """
    from spieltisch.arena.duel import DuelGame, RemoteServer, run_duel

    load(game, options or None)  # bad options fail here, before any bot starts

    def shown(entry: DuelGame) -> None:
        if entry.score is None:
            verdict = "no result"
        else:
            verdict = {1.0: "player1 won", 0.5: "draw", 0.0: "player2 won"}[entry.score]
        seat = "first" if entry.seat_of_player1 == 0 else "second"
        click.echo(
            f"game {entry.index + 1}: player1 moved {seat}: {verdict}"
            f" ({entry.reason or '-'}, {entry.plies} plies, room {entry.room})"
        )

    with user_errors():  # a bot that cannot start is one error line
        result = run_duel(
            game,
            (player1, player2),
            count,
            db=db,
            seed=seed,
            options=options,
            soft_timeout=soft_timeout,
            hard_timeout=hard_timeout,
            can_timeout=not no_timeouts,
            game_timeout=game_timeout,
            output=click.echo if show_output else None,
            on_game=shown,
            remote=RemoteServer(host, port, password) if host is not None else None,
        )
    score = result.score()
    low, high = score.elo_interval()
    s_low, s_high = score.score_interval()
    click.echo(f"{'bot':8}  {'wins':>5} {'draws':>5} {'losses':>6} {'score':>7}")
    click.echo(
        f"{'player1':8}  {score.wins:5d} {score.draws:5d} {score.losses:6d} "
        f"{100 * score.score:6.1f}%"
    )
    click.echo(
        f"{'player2':8}  {score.losses:5d} {score.draws:5d} {score.wins:6d} "
        f"{100 * (1 - score.score):6.1f}%"
    )
    click.echo(
        f"score of player1: {100 * score.score:.1f}% "
        f"(95% interval {100 * s_low:.1f}%..{100 * s_high:.1f}%)"
    )
    click.echo(
        f"Elo difference player1 - player2: {format_elo(score.elo())} "
        f"(95% interval {format_elo(low)} .. {format_elo(high)})"
    )
    if result.unfinished():
        click.echo(f"games without a result (counted as draws): {result.unfinished()}")
    click.echo(f"games stored in {db if host is None else f'the store of {host}:{port}'}")
