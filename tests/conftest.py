"""Test-wide settings: hypothesis without per-example deadlines (the machine may be busy),
and derandomized under CI so that a CI run is reproducible; the `postgres` fixture."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import settings

from tests.store.postgres import NoServer, Server, start_server

settings.register_profile("default", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")


@pytest.fixture
def postgres() -> Iterator[Server]:
    """A throwaway PostgreSQL server of the test's own (one it may stop and restart);
    skipped where none can start, a failure under CI, which must run these tests."""
    try:
        server = start_server()
    except NoServer as exc:
        if os.environ.get("CI"):
            pytest.fail(f"PostgreSQL is required under CI: {exc}")
        pytest.skip(f"PostgreSQL tests skipped: {exc}")
    try:
        yield server
    finally:
        server.stop()
