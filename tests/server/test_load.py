"""The load benchmark (slow tier), in its quick mode: tables played at once, watched by
spectators, some against the AI, are all stored once and intact, and the AI's replies
are measured with the search's own time (the figures are reported, never asserted)."""

from __future__ import annotations

import pytest

from benchmarks import server_load


@pytest.mark.slow
def test_tables_at_once_are_stored_intact() -> None:
    result = server_load.measure(load_=server_load.QUICK)
    assert result["stored_once_and_intact"] and result["moves"] > 0
    assert result["websockets"] == server_load.QUICK.tables * (server_load.QUICK.spectators + 1)
    assert result["ai_replies"] > 0
    assert result["ai_replies_with_think"] == result["ai_replies"]
    assert result["ai_think_p50_ms"] > 0 and result["median_ratio"] > 0


@pytest.mark.slow
def test_people_tables_only_as_before() -> None:
    result = server_load.measure(12)
    assert result["stored_once_and_intact"] and result["moves"] > 0
    assert result["ai_replies"] == 0
