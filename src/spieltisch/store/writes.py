"""The changes a running game goes through, as values: a move, a take-back, new seats,
the end. `Store.apply` writes several of them in ONE transaction, so the moves and the
end that one action of a table brings (a move, the chance draw after it, the result)
are stored all together or not at all."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from spieltisch.core.game import Outcome
from spieltisch.store.data import Player

__all__ = ["Abandon", "Finish", "Move", "SetMeta", "Truncate", "Write"]


@dataclass(frozen=True)
class Move:
    """Move number `ply` (0-based) of seat `seat` (0, 1, or -1 for chance)."""

    ply: int
    notation: str
    seconds: float | None
    seat: int


@dataclass(frozen=True)
class Truncate:
    """Keep only the first `plies` moves (a take-back)."""

    plies: int


@dataclass(frozen=True)
class SetMeta:
    """Replace the game's `meta` and, when given, its two players (names and kinds)."""

    meta: Mapping[str, Any]
    players: Sequence[Player] | None = field(default=None)


@dataclass(frozen=True)
class Finish:
    """The game ended with `outcome`."""

    outcome: Outcome


@dataclass(frozen=True)
class Abandon:
    """The game ended without a result; `reason` says why."""

    reason: str


Write = Move | Truncate | SetMeta | Finish | Abandon
