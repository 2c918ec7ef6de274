"""The store's whole-game analyses: the part of the repository API over the table of
revision 0005, mixed into `Store`.

One row per stored game: the analysis job's state (`queued`, `running`, `done`,
`failed`), its progress, and its result when done (a JSON object the server writes and
reads back as it is: the evaluation of every position and the review of every move).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select

from spieltisch.store.errors import NotFoundError, StoreError
from spieltisch.store.models import AnalysisRow, GameRow
from spieltisch.store.transactions import Transactions

#: The states of an analysis.
ANALYSIS_STATES = ("queued", "running", "done", "failed")
#: The longest error message kept.
ERROR_LENGTH = 500


@dataclass(frozen=True)
class StoredAnalysis:
    """The analysis of game `game_id`: its state, `done` of `total` positions searched
    at `seconds` each, the result (when done), the error (when failed) and its times."""

    game_id: int
    status: str
    done: int
    total: int
    seconds: float
    result: Any
    error: str
    created: datetime
    finished: datetime | None


def _analysis(row: AnalysisRow) -> StoredAnalysis:
    return StoredAnalysis(
        row.game_id,
        row.status,
        row.done,
        row.total,
        row.seconds,
        row.result,
        row.error,
        row.created_at,
        row.finished_at,
    )


def _count(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 2**31 - 1:
        raise StoreError(f"{what}: a whole number of at least 0")
    return value


class AnalysisStore(Transactions):
    """Whole-game analyses (mixed into `Store`, which gives the transactions)."""

    def save_analysis(
        self,
        game_id: int,
        status: str,
        *,
        done: int,
        total: int,
        seconds: float,
        result: Any = None,
        error: str = "",
    ) -> StoredAnalysis:
        """Write the analysis of game `game_id` (a new one, or over the one there):
        `NotFoundError` for a game the store does not have."""
        game_id = _count(game_id, "a game id")
        if status not in ANALYSIS_STATES:
            raise StoreError(f"an analysis is {', '.join(ANALYSIS_STATES)}, not {status!r}")
        done, total = _count(done, "done"), _count(total, "total")
        if not isinstance(seconds, (int, float)) or not 0 <= seconds < 1e6:
            raise StoreError("seconds: a number of at least 0")
        now = datetime.now(UTC)
        with self._write() as session:
            if session.get(GameRow, game_id) is None:
                raise NotFoundError(f"no game with id {game_id}")
            row = session.get(AnalysisRow, game_id)
            if row is None:
                row = AnalysisRow(game_id=game_id, created_at=now)
                session.add(row)
            row.status = status
            row.done = done
            row.total = total
            row.seconds = float(seconds)
            row.result = result
            row.error = str(error)[:ERROR_LENGTH]
            row.finished_at = now if status in ("done", "failed") else None
            session.flush()
            return _analysis(row)

    def analysis(self, game_id: int) -> StoredAnalysis | None:
        """The analysis of game `game_id`, or None if none was asked for."""
        game_id = _count(game_id, "a game id")
        with self._read() as session:
            row = session.get(AnalysisRow, game_id)
            return None if row is None else _analysis(row)

    def unfinished_analyses(self) -> list[int]:
        """The games whose analysis is queued or running (to take up after a restart)."""
        with self._read() as session:
            return list(
                session.scalars(
                    select(AnalysisRow.game_id)
                    .where(AnalysisRow.status.in_(("queued", "running")))
                    .order_by(AnalysisRow.created_at)
                )
            )
