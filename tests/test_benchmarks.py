"""Benchmarks, run by hand or with `pytest -m slow`: ratios against python-chess."""

from __future__ import annotations

from typing import Any

import pytest

from benchmarks import haseundigel_speed, okard_speed, ostseeschach_speed, schachogi_speed


@pytest.mark.slow
def test_ostseeschach_speed_ratios() -> None:
    ratios = ostseeschach_speed.measure()
    assert ratios["perft"] >= ostseeschach_speed.PERFT_TARGET
    assert ratios["random_games"] >= ostseeschach_speed.PLAYOUT_TARGET


@pytest.mark.slow
def test_schachogi_perft_ratio() -> None:
    assert schachogi_speed.measure()["perft"] >= schachogi_speed.PERFT_TARGET


@pytest.mark.slow
@pytest.mark.parametrize("module", [haseundigel_speed, okard_speed])
def test_other_benchmarks_meet_their_ratios(module: Any) -> None:
    """Ratios to python-chess measured in the same run, each at least its floor."""
    ratios = module.measure()
    assert set(ratios) == {"random_games", "perft"}
    assert ratios["random_games"] >= module.PLAYOUT_TARGET
    assert ratios["perft"] >= module.PERFT_TARGET


@pytest.mark.slow
def test_the_ai_service_answers_faster_than_a_process_per_move() -> None:
    from benchmarks import ai_service

    results = ai_service.measure(8)
    assert set(results) == set(ai_service.LEVELS)
    assert all(row["ratio"] > 5 for row in results.values()), results
