"""The load benchmark (slow tier): tables played at once are all stored once and intact."""

from __future__ import annotations

import pytest

from benchmarks import server_load


@pytest.mark.slow
def test_tables_at_once_are_stored_intact() -> None:
    result = server_load.measure(12)
    assert result["stored_once_and_intact"] and result["moves"] > 0
