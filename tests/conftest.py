"""Test-wide settings: hypothesis without per-example deadlines (the machine may be busy),
and derandomized under CI so that a CI run is reproducible; the `long` tier; the
`postgres` fixture."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import settings

from tests.helpers.services import started
from tests.store.postgres import NoServer, Server, start_server

settings.register_profile("default", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")

#: The `long` tier: integration tests that start many real processes (servers, databases,
#: brokers, browsers, Ray, compilers) and take most of a test run. `make test` leaves them
#: out to stay within a few minutes; CI runs them after it (`make test-long`). Paths are
#: relative to the tests folder; a folder counts for everything in it.
LONG = (
    "ai/test_ray_backend.py",
    "arena/test_ray.py",
    "arena/test_tournament.py",
    "arena/test_tournament_bots.py",
    "arena/test_tournament_signals.py",
    "bots/test_official_stream.py",
    "bots/test_processes.py",
    "cli/test_accounts.py",
    "cli/test_duel.py",
    "cli/test_errors.py",
    "cli/test_play.py",
    "cli/test_ports.py",
    "cli/test_store.py",
    "cluster/",
    "deploy/test_proxy.py",
    "examples/",
    "hostile/",
    "learn/test_baselines.py",
    "learn/test_learner.py",
    "server/test_accounts_restart.py",
    "server/test_analysis_jobs.py",
    "server/test_durable.py",
    "server/test_ops.py",
    "server/test_public_ai.py",
    "server/test_restart.py",
    "store/test_concurrency.py",
    "test_readme.py",
    "web/test_accounts.py",
    "web/test_games.py",
    "web/test_people.py",
    "web/test_screens.py",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the tests of the `LONG` modules `long`."""
    here = os.path.dirname(__file__)
    for item in items:
        path = os.path.relpath(str(item.path), here).replace(os.sep, "/")
        if any(path == entry or path.startswith(entry) for entry in LONG if entry):
            item.add_marker(pytest.mark.long)


@pytest.fixture
def postgres() -> Iterator[Server]:
    """A throwaway PostgreSQL server of the test's own (one it may stop and restart);
    skipped where none can start, a failure under CI, which must run these tests."""
    server = started(start_server, NoServer, "PostgreSQL")
    try:
        yield server
    finally:
        server.stop()
