"""The errors of the game store."""

from __future__ import annotations

from spieltisch.core.errors import SpieltischError


class StoreError(SpieltischError):
    """The store cannot do what was asked: an unusable database or URL, or a value it
    refuses to keep (a name too long, a seed out of range)."""


class NotFoundError(StoreError):
    """No game or position with the given id."""


class ConflictError(StoreError):
    """A change that does not fit the game's state: a move at the wrong ply, a move or a
    result for a game that is no longer running."""
