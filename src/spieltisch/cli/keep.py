"""The game store of the commands that play games in this process (`match`, `play`):
every finished game goes to the store given by `--db` unless `--no-store`, so that
`spieltisch ratings GAME` and the web app's games list see it.

A kept game is marked as played here: `meta.origin` is `cli` (a server that shares the
file tells its own games from these), and each seat's kind says who played it (`ai:SPEC`
for an agent, `person` for the person at the terminal). Kept games are not rated in the
live (OpenSkill) ratings, which belong to the games played on a server; the
Bradley–Terry ratings of `spieltisch ratings` count every finished game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import click

from spieltisch.core.record import GameRecord

if TYPE_CHECKING:
    from spieltisch.store import Store

#: The store every command uses unless told otherwise.
DEFAULT_DB = "spieltisch.db"
#: `meta.origin` of a game played by the command line, not on a server.
ORIGIN = "cli"

_F = TypeVar("_F", bound=Callable[..., Any])


def store_options(command: _F) -> _F:
    """The options `--db PATH_OR_URL` and `--no-store` of a command that plays games."""
    command = click.option(
        "--no-store", is_flag=True, help="Keep the games out of the game store."
    )(command)
    return click.option(
        "--db",
        "database",
        default=DEFAULT_DB,
        show_default=True,
        help="The game store (SQLite file or database URL) that keeps every finished game, "
        "for `spieltisch ratings` and the web app.",
    )(command)


def open_store(database: str, no_store: bool) -> Store | None:
    """The store to keep the games in (opened, and created if new, before any game is
    played, so a bad `--db` fails at once), or None with `--no-store`."""
    if no_store:
        return None
    from spieltisch.store import Store  # SQLAlchemy only for the commands that use it

    return Store.open(database)


def keep(store: Store, record: GameRecord, kinds: Sequence[str]) -> int:
    """Keep the game `record` in `store`, its seats of `kinds`, marked as played here;
    its id in the store."""
    record.meta["kinds"] = list(kinds)
    record.meta["origin"] = ORIGIN
    return store.import_record(record)
