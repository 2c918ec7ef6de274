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


class StoreUnavailable(StoreError):
    """The database cannot be reached or is busy now (a server outage, a dropped
    connection, a SQLite file locked by another writer): nothing was changed, and the same
    call may succeed later. Front ends answer it as "try again" (HTTP 503)."""
