"""The native search benchmark as a slow test: a ratio measured in one run, no wall clock."""

from __future__ import annotations

import pytest

from benchmarks import native_search


@pytest.mark.slow
def test_native_search_is_far_faster_than_the_python_alpha_beta() -> None:
    ratios = native_search.measure(0.5)
    keys = [key for key in ratios if key.endswith(".search_vs_python")]
    assert keys
    for key in keys:
        assert ratios[key] >= native_search.NATIVE_VS_PYTHON_TARGET, key
