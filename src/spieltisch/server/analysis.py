"""Fair play for the engine's analysis: no engine line for a game in progress.

The server's analysis (`POST /api/analysis`, searched by the AI service) is open for any
position except those of the games being played on this server right now. For every
running table the closed positions are:

- every position its game has reached (its current one and the earlier ones), and
- every position one move (or one chance outcome) from its current one, so that a
  player cannot ask the engine about each candidate move in turn.

Positions are compared by the game, its options and the position itself (its text and
its hash key, so a position written with other counters is still the same position),
whichever way the question names it: a stored game and a ply, or a position text. Any
ply of a stored game that is still running is refused too. Analysis opens when the game
has ended. A question about a position is answered in the same way for players,
spectators and strangers: the server cannot tell who is asking for whom.
"""

from __future__ import annotations

import asyncio
from typing import Any

from spieltisch.core.errors import SpieltischError
from spieltisch.core.game import State
from spieltisch.tables import Status, Table

__all__ = ["FairPlay", "GameInProgress"]

Key = tuple[str, str, str, object]


class GameInProgress(SpieltischError):
    """An analysis refused: the position belongs to a game being played."""


def keys(state: State[Any]) -> tuple[Key, Key]:
    """The two keys a position is known by (its text and its hash key, per game)."""
    game = state.game
    options = game.options.text()
    return (
        (game.name, options, "text", state.text()),
        (game.name, options, "hash", state.hash_key()),
    )


def _closed(state: State[Any]) -> frozenset[Key]:
    """The positions of a running game now at `state` (a copy with its history) that the
    engine may not look at (see the module)."""
    found: set[Key] = set()
    found.update(keys(state))
    if not state.is_over():
        nexts = (
            [move for move, _ in state.chance_outcomes()]
            if state.is_chance()
            else state.legal_moves()
        )
        for move in nexts:
            state.play(move)
            found.update(keys(state))
            state.undo()
    while state.history():
        state.undo()
        found.update(keys(state))
    return frozenset(found)


def _refuse() -> GameInProgress:
    return GameInProgress(
        "no engine analysis of a game in progress: this position is in a game being "
        "played here; analysis opens when that game has ended"
    )


class FairPlay:
    """The positions closed to analysis now, worked out per running table (in a thread:
    a game with many moves per position takes milliseconds) and kept until that table's
    position changes."""

    def __init__(self) -> None:
        self._cache: dict[int, tuple[str, frozenset[Key]]] = {}

    async def check(self, tables: dict[int, Any], state: State[Any]) -> None:
        """`GameInProgress` if `state` is closed by one of the running `tables` (live
        tables with a `table` attribute, by id)."""
        wanted = keys(state)
        seen: set[int] = set()
        stale: list[tuple[int, str, State[Any]]] = []
        for table_id, live in list(tables.items()):
            table: Table = live.table
            if table.status is not Status.RUNNING:
                continue
            seen.add(table_id)
            if table.game.name != state.game.name:
                continue
            now = table.state.text()
            cached = self._cache.get(table_id)
            if cached is None or cached[0] != now:
                stale.append((table_id, now, table.state.copy()))  # copied on the loop
            elif any(key in cached[1] for key in wanted):
                raise _refuse()
        for table_id in [i for i in self._cache if i not in seen]:
            del self._cache[table_id]
        if not stale:
            return
        worked = await asyncio.to_thread(
            lambda: [(table_id, now, _closed(copy)) for table_id, now, copy in stale]
        )
        refused = False
        for table_id, now, closed in worked:
            self._cache[table_id] = (now, closed)
            refused = refused or any(key in closed for key in wanted)
        if refused:
            raise _refuse()

    @staticmethod
    def check_stored(game_id: int, status: str) -> None:
        """`GameInProgress` for any position of the stored game `game_id` while it runs."""
        if status == "running":
            raise GameInProgress(
                f"no engine analysis of a game in progress: game {game_id} is still being "
                "played; analysis opens when it has ended"
            )
