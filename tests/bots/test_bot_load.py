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


@pytest.mark.slow
def test_bot_load_on_the_ladder() -> None:
    result = bot_load.measure_ladder(8)
    assert result["games"] == result["expected_games"] == 8
    assert result["every_bot_got_its_results"] and result["stored_once_and_intact"]
    assert result["rated_seats"] == 16 and result["pairs_swapped_with_one_seed"]
    assert result["p99_ms"] >= result["median_ms"] > 0
