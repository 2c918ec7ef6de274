"""`spieltisch gauntlet`: a bot program against each of the house's levels, as the
competition's test client did (docs/bots.md, "Testing your bot")."""

from __future__ import annotations

import click

from spieltisch.arena.elo import MatchScore, format_elo
from spieltisch.cli.bots import duel_limits
from spieltisch.cli.common import GAME, user_errors
from spieltisch.core.registry import load


def _row(label: str, score: MatchScore) -> str:
    low, high = score.elo_interval()
    return (
        f"{label[:10]:10} {score.games:5d} {score.wins:5d} {score.draws:5d} {score.losses:6d} "
        f"{100 * score.score:6.1f}%  {format_elo(score.elo()):>5} "
        f"({format_elo(low)} .. {format_elo(high)})"
    )


@click.command("gauntlet")
@GAME
@click.option("--bot", "command", required=True, help="The bot's command line.")
@click.option(
    "--games",
    "count",
    default=10,
    show_default=True,
    type=click.IntRange(1, 10000),
    help="Games against each level (seats swapped every game).",
)
@click.option(
    "--levels",
    "asked",
    default="",
    help="Comma-separated levels to play, e.g. random,easy (default: every level of the game).",
)
@click.option("--name", default="bot", show_default=True, help="The bot's name in the store.")
@click.option("--db", default="spieltisch.db", show_default=True, help="Where games are kept.")
@click.option("--seed", default=0, show_default=True, type=click.IntRange(0, 2**31 - 1))
@click.option("--options", default="", help="The game's options.")
@duel_limits(plural=False)
def gauntlet_command(
    game: str,
    command: str,
    count: int,
    asked: str,
    name: str,
    db: str,
    seed: int,
    options: str,
    soft_timeout: float,
    hard_timeout: float,
    no_timeouts: bool,
    show_output: bool,
    game_timeout: float,
) -> None:
    """Play the bot program against each of the house's levels on GAME.

    The bot is started for every game with -h HOST -p PORT -r CODE added (the official
    clients' flags), against `spieltisch bot GAME --level LEVEL`; seats swap every game
    and each pair of games starts from the same random position. Only the bot can time
    out. Prints per level wins, draws, losses, the score and the Elo difference with its
    95% interval, and every game the bot lost by a timeout or a rule violation.
    """
    from spieltisch.arena.duel import DuelGame
    from spieltisch.arena.gauntlet import gauntlet_levels, run_gauntlet

    with user_errors():  # bad options, an unknown level or a bot that cannot start
        loaded = load(game, options or None)
        levels = gauntlet_levels(loaded, [a.strip() for a in asked.split(",") if a.strip()])
        click.echo(
            f"{loaded.title}: {name} ({command}) against {', '.join(levels)}, "
            f"{count} game{'' if count == 1 else 's'} each, seed {seed}"
        )

        def shown(level: str, entry: DuelGame) -> None:
            if entry.score is None:
                verdict = "no result"
            else:
                verdict = {1.0: "won", 0.5: "draw", 0.0: "lost"}[entry.score]
            seat = "first" if entry.seat_of_player1 == 0 else "second"
            click.echo(
                f"{level}: game {entry.index + 1}: {name} moved {seat}: {verdict}"
                f" ({entry.cause or entry.reason or '-'}, {entry.plies} plies, room {entry.room})"
            )

        result = run_gauntlet(
            loaded,
            command,
            count,
            asked=levels,
            db=db,
            seed=seed,
            options=options,
            name=name,
            soft_timeout=soft_timeout,
            hard_timeout=hard_timeout,
            can_timeout=not no_timeouts,
            game_timeout=game_timeout,
            output=click.echo if show_output else None,
            on_game=shown,
        )
    click.echo()
    click.echo(
        f"{'level':10} {'games':>5} {'wins':>5} {'draws':>5} {'losses':>6} {'score':>7}  Elo"
    )
    for played in result.levels:
        click.echo(_row(played.level, played.score()))
    if len(result.levels) > 1:
        click.echo(_row("all", result.score()))
    click.echo(f"(Elo: {name} minus the level, with its 95% interval)")
    forfeits = [(lv.level, entry) for lv in result.levels for entry in lv.forfeits()]
    if forfeits:
        click.echo(f"games {name} lost by a timeout or a rule violation:")
        for name_of_level, entry in forfeits:
            click.echo(
                f"  {name_of_level} game {entry.index + 1} (room {entry.room}): "
                f"{entry.cause}: {entry.detail or '-'}"
            )
    else:
        click.echo("no game lost by a timeout or a rule violation")
    if result.unfinished():
        click.echo(f"games without a result (counted as draws): {result.unfinished()}")
    click.echo(f"games stored in {db}")
