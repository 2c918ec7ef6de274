"""The native speed benchmark as a slow test: ratios measured in one run, no wall clock."""

from __future__ import annotations

import pytest

from benchmarks import native_speed


@pytest.mark.slow
def test_native_perft_is_at_least_30_times_the_python_perft() -> None:
    ratios = native_speed.measure()
    keys = [key for key in ratios if key.endswith(".native_vs_python")]
    assert keys
    for key in keys:
        assert ratios[key] >= native_speed.NATIVE_VS_PYTHON_TARGET, key
