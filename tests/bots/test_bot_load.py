"""The bot server's load benchmark, small (the full run is `python -m benchmarks.bot_load`)."""

from __future__ import annotations

import pytest

from benchmarks import bot_load


@pytest.mark.slow
def test_bot_load_benchmark() -> None:
    result = bot_load.measure(12)
    assert result["finished"] == 12
    assert result["every_bot_got_its_result"] and result["stored_once_and_intact"]
    assert result["p99_ms"] >= result["median_ms"] > 0
