"""The environment benchmark (slow tier): spieltisch's Ostseeschach environments against
PettingZoo's chess, measured in the same run (OpenSpiel's chess is reported, not
asserted: it is C++ underneath)."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy", reason="the envs extra is not installed (pip install .[envs])")
pytest.importorskip("pettingzoo", reason="the envs extra is not installed (pip install .[envs])")
pytest.importorskip("pygame", reason="PettingZoo's chess needs pygame (pip install .[research])")

from benchmarks import envs_speed

#: Our environments against PettingZoo's chess, steps per second (measured: 9.5x and 13.7x).
AEC_TARGET = 3.0


@pytest.mark.slow
def test_env_steps_per_second_against_pettingzoo_chess() -> None:
    ratios = envs_speed.measure(seconds=3.0)
    assert ratios["aec/pettingzoo"] >= AEC_TARGET
    assert ratios["vector/pettingzoo"] >= AEC_TARGET
