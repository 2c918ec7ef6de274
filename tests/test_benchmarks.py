"""Benchmarks, run by hand or with `pytest -m slow`: ratios against python-chess."""

from __future__ import annotations

import pytest

from benchmarks import ostseeschach_speed


@pytest.mark.slow
def test_ostseeschach_speed_ratios() -> None:
    ratios = ostseeschach_speed.measure()
    assert ratios["perft"] >= ostseeschach_speed.PERFT_TARGET
    assert ratios["random_games"] >= ostseeschach_speed.PLAYOUT_TARGET
