"""Outside servers the tests start (PostgreSQL, Redis): skipped where none can start, a
failure under CI, whose .ci/run installs them."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TypeVar

import pytest

T = TypeVar("T")


def started(start: Callable[[], T], missing: type[Exception], what: str) -> T:
    """`start()`'s server; when it raises `missing`, the test fails under CI and is
    skipped elsewhere, saying that `what` is needed."""
    try:
        return start()
    except missing as exc:
        if os.environ.get("CI"):
            pytest.fail(f"{what} is required under CI: {exc}")
        pytest.skip(f"{what} tests skipped: {exc}")
