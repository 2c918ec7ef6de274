"""What the server writes to the store beyond the repository API: a take-back removes
the moves taken back, and a seat taken later is kept in the game's `meta`.

Both are small updates on the store's own tables, in one transaction each.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, update
from sqlalchemy.orm import Session

from spieltisch.store import Store
from spieltisch.store.models import GameRow, MoveRow


def truncate_moves(store: Store, game_id: int, plies: int) -> None:
    """Keep only the first `plies` moves of the running game `game_id` (a take-back)."""
    with Session(store.engine) as session, session.begin():
        session.execute(delete(MoveRow).where(MoveRow.game_id == game_id, MoveRow.ply >= plies))
        session.execute(
            update(GameRow)
            .where(GameRow.id == game_id, GameRow.status == "running")
            .values(plies=plies)
        )


def set_meta(store: Store, game_id: int, meta: dict[str, Any], players: list[Any]) -> None:
    """Replace the `meta` of game `game_id` and its players' names and kinds."""
    with Session(store.engine) as session, session.begin():
        session.execute(
            update(GameRow)
            .where(GameRow.id == game_id)
            .values(
                meta=meta,
                player0=players[0].name,
                kind0=players[0].kind,
                player1=players[1].name,
                kind1=players[1].kind,
            )
        )
