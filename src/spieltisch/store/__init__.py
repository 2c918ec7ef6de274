"""The game store: games, their moves and results, and saved positions in a database
(SQLite by default, any SQLAlchemy URL such as `postgresql+psycopg://…`), with the schema
kept up to date by Alembic. `Store.open(path_or_url)` is the way in."""

from spieltisch.store.data import (
    IMPORTED,
    GameSummary,
    Player,
    Status,
    StoredGame,
    StoredMove,
    StoredPosition,
)
from spieltisch.store.errors import ConflictError, NotFoundError, StoreError, StoreUnavailable
from spieltisch.store.repository import Store

__all__ = [
    "IMPORTED",
    "ConflictError",
    "GameSummary",
    "NotFoundError",
    "Player",
    "Status",
    "Store",
    "StoreError",
    "StoreUnavailable",
    "StoredGame",
    "StoredMove",
    "StoredPosition",
]
