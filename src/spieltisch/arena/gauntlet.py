"""The gauntlet: one bot program against each of the house's levels, as the
competition's test client let a contestant try a bot against the built-in players.

For every level the gauntlet runs a duel (`spieltisch.arena.duel`) between the bot's
command and the project's own bot client at that level (`spieltisch bot GAME --level
LEVEL`): a server of its own on 127.0.0.1, every game prepared with reservation codes,
both programs started with `-h HOST -p PORT -r CODE`, seats swapped every game and each
pair of games started from the same random position (the same chance seeds), so that a
pair is fair even in a game of luck. Only the bot's slot can time out (soft and hard
timeouts as on the official server): the house's levels take the time they take.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from spieltisch.ai.levels import levels
from spieltisch.arena.duel import GAME_TIMEOUT, DuelGame, DuelResult, bot_argv, run_duel
from spieltisch.arena.elo import MatchScore
from spieltisch.core.errors import SpieltischError, quote
from spieltisch.core.game import Game

__all__ = [
    "GauntletError",
    "GauntletResult",
    "LevelResult",
    "gauntlet_levels",
    "house_command",
    "run_gauntlet",
]


class GauntletError(SpieltischError):
    """A gauntlet that cannot be run as asked (an unknown level)."""


@dataclass
class LevelResult:
    """The games of the bot (player 1 of the duel) against one level."""

    level: str
    duel: DuelResult

    def score(self) -> MatchScore:
        return self.duel.score()

    def forfeits(self) -> list[DuelGame]:
        """The games the bot lost by a timeout, a rule violation or leaving."""
        return [g for g in self.duel.games if g.forfeit_player == 0]


@dataclass
class GauntletResult:
    """Every level's games, the weakest level first."""

    game: str
    command: str
    levels: list[LevelResult] = field(default_factory=list)

    def score(self) -> MatchScore:
        """The bot's wins, draws and losses over all levels."""
        scores = [level.score() for level in self.levels]
        return MatchScore(
            sum(s.wins for s in scores), sum(s.draws for s in scores), sum(s.losses for s in scores)
        )

    def unfinished(self) -> int:
        return sum(level.duel.unfinished() for level in self.levels)


def gauntlet_levels(game: Game[Any, Any], asked: Sequence[str] | None = None) -> list[str]:
    """The levels to play: `asked` (each checked; `random` too), or every level the
    house has for `game`, the weakest first."""
    known = list(levels(game))
    if not asked:
        return known
    chosen: list[str] = []
    for level in asked:
        if level not in known and level != "random":
            raise GauntletError(
                f"no level {quote(level)} for {game.name} (levels: {', '.join(known)}, random)"
            )
        if level not in chosen:
            chosen.append(level)
    return chosen


def house_command(game: str, level: str, options: str = "") -> str:
    """The command line of the house's bot client at `level` (the duel adds the flags)."""
    words = ["spieltisch", "bot", game, "--level", level, "--quiet", "--name", f"house {level}"]
    if options:
        words += ["--options", options]
    return shlex.join(words)


def run_gauntlet(
    game: Game[Any, Any],
    command: str,
    games: int,
    *,
    asked: Sequence[str] | None = None,
    db: str | Path | None = None,
    seed: int = 0,
    options: str = "",
    name: str = "bot",
    soft_timeout: float = 2.0,
    hard_timeout: float = 10.0,
    can_timeout: bool = True,
    game_timeout: float = GAME_TIMEOUT,
    output: Callable[[str], None] | None = None,
    on_game: Callable[[str, DuelGame], None] | None = None,
) -> GauntletResult:
    """Play `games` games of the bot `command` against each level (see the module);
    `on_game(level, game)` hears of every game as it ends."""
    bot_argv(command)  # a command that cannot start fails before any game
    chosen = gauntlet_levels(game, asked)
    result = GauntletResult(game.name, command)
    for level in chosen:

        def heard(entry: DuelGame, level: str = level) -> None:
            if on_game is not None:
                on_game(level, entry)

        duel = run_duel(
            game.name,
            (command, house_command(game.name, level, options)),
            games,
            db=db,
            seed=seed,
            options=options,
            names=(name, f"house {level}"),
            soft_timeout=soft_timeout,
            hard_timeout=hard_timeout,
            can_timeout=(can_timeout, False),
            game_timeout=game_timeout,
            output=output,
            on_game=heard,
        )
        result.levels.append(LevelResult(level, duel))
    return result
