"""The lag a live table measures for a move: the server's own delay before the turn was
sent, plus the time after sending that the player did not report as thinking."""

from __future__ import annotations

import time
from typing import Any, cast

import pytest

from spieltisch.server.hub import LiveTable
from spieltisch.tables import MovePlayed
from tests.helpers.tables import table_for


def test_the_lag_of_a_move(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [100.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    live = LiveTable(1, table_for("ostseeschach"), cast(Any, None))
    live.heard(MovePlayed(0, "a1b1", 0, 1.0))  # the turn begins at 100
    assert live.turn_began == 100.0 and live.turn_sent is None
    now[0] = 100.2
    live.turn_sent = now[0]  # its view went out 0.2 s later (the store's commit)
    now[0] = 103.0
    assert live.lag(2.5) == pytest.approx(0.2 + 0.3)  # 2.8 s since sending, 2.5 thought
    assert live.lag(None) == pytest.approx(0.2)  # no report: the server's delay only
    assert live.lag(9.0) == pytest.approx(0.2)  # a report longer than the turn adds nothing
    assert live.lag(True) == pytest.approx(0.2) and live.lag("1") == pytest.approx(0.2)
