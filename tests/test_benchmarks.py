"""Benchmarks, run by hand or with `pytest -m slow`: ratios against python-chess."""

from __future__ import annotations

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
def test_other_benchmarks_run(module: object) -> None:
    ratios = module.measure()  # type: ignore[attr-defined]
    assert set(ratios) == {"random_games", "perft"}
    assert all(ratio > 0 for ratio in ratios.values())


@pytest.mark.slow
def test_the_ai_service_answers_faster_than_a_process_per_move() -> None:
    from benchmarks import ai_service

    results = ai_service.measure(8)
    assert set(results) == set(ai_service.LEVELS)
    assert all(row["ratio"] > 5 for row in results.values()), results
