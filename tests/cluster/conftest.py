"""Fixtures of the multi-process tests: Redis (the broker), PostgreSQL (the shared
store, the `postgres` fixture of tests/conftest.py) and two `spieltisch serve` processes
on both."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.cluster.redis import NoRedis, RedisServer, start_redis
from tests.serverproc import ServerProcess
from tests.store.postgres import Server

#: The lease of the test servers: renewed every half second, a dead owner's tables
#: taken over within about two seconds.
LEASE_SECONDS = "1.5"


@pytest.fixture
def redis_server() -> Iterator[RedisServer]:
    """A throwaway Redis server; skipped where none can start (a failure under CI,
    whose .ci/run installs Debian's redis-server)."""
    try:
        server = start_redis()
    except NoRedis as exc:
        if os.environ.get("CI"):
            pytest.fail(f"redis-server is required under CI: {exc}")
        pytest.skip(f"cluster tests skipped: {exc}")
    try:
        yield server
    finally:
        server.stop()


def cluster_process(postgres: Server, redis_server: RedisServer) -> ServerProcess:
    """A server process (not started) on the shared store and broker."""
    return ServerProcess(
        postgres.url(),
        env={
            "SPIELTISCH_BROKER_URL": redis_server.url,
            "SPIELTISCH_LEASE_SECONDS": LEASE_SECONDS,
        },
    )


@pytest.fixture
def pair(postgres: Server, redis_server: RedisServer) -> Iterator[list[ServerProcess]]:
    """Two server processes, A and B, on one PostgreSQL database and one Redis."""
    servers = [cluster_process(postgres, redis_server) for _ in range(2)]
    try:
        for server in servers:
            server.start()
        yield servers
    finally:
        for server in servers:
            server.stop()
