"""Why a game ended without a result reaches the front end as a code it can put in
words; the stored note stays the readable sentence it always was."""

from __future__ import annotations

from spieltisch.server.imports import UNFINISHED
from spieltisch.tables.abandoned import CODES, abandoned_code
from spieltisch.tables.lifecycle import ABORTED, EXPIRED, RESTART, STALE
from spieltisch.tables.table import ABORTED_BY_PLAYER, Status
from tests.helpers.tables import clocked


def test_every_note_the_server_writes_has_a_code() -> None:
    notes = [EXPIRED, ABORTED, STALE, RESTART, ABORTED_BY_PLAYER, UNFINISHED]
    codes = [abandoned_code(note) for note in notes]
    assert codes == ["EXPIRED", "NO_MOVE", "STALE", "RESTART", "ABORTED", "IMPORTED"]
    assert abandoned_code("the AI failed: no move in time") == "AI_FAILED"
    assert abandoned_code("the AI service is full") == "AI_FAILED"
    assert abandoned_code("something new") is None and abandoned_code(None) is None
    assert len(set(CODES.values())) == len(CODES)


def test_an_aborted_table_shows_its_code_and_keeps_its_note() -> None:
    table, _ = clocked()
    assert table.view(0)["abandoned_code"] is None
    table.abort(0)
    assert table.status is Status.ABANDONED
    view = table.view(1)
    assert view["abandoned"] == ABORTED_BY_PLAYER and view["abandoned_code"] == "ABORTED"
