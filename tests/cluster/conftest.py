"""Fixtures of the multi-process tests: Redis (the broker), PostgreSQL (the shared
store; one server for the module, as tests/store/postgres.py starts it, a database per
test) and two `spieltisch serve` processes on both."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import psycopg
import pytest

from tests.cluster.redis import NoRedis, RedisServer, start_redis
from tests.helpers.services import started
from tests.serverproc import ServerProcess
from tests.store.postgres import NoServer, Server, start_server

#: The lease of the test servers: renewed every half second, a dead owner's tables
#: taken over within about two seconds.
LEASE_SECONDS = "1.5"
_NUMBERS = itertools.count(1)


@pytest.fixture(scope="module")
def redis_server() -> Iterator[RedisServer]:
    """A throwaway Redis server for the module's tests; skipped where none can start (a
    failure under CI, whose .ci/run installs Debian's redis-server)."""
    server = started(start_redis, NoRedis, "redis-server")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def shared_postgres() -> Iterator[Server]:
    """One throwaway PostgreSQL server for the module's tests (each gets a database of
    its own: `database`); skipped where none can start, a failure under CI."""
    server = started(start_server, NoServer, "PostgreSQL")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def database(shared_postgres: Server) -> str:
    """The URL of a new, empty database for this test."""
    name = f"cluster{next(_NUMBERS)}"
    plain = shared_postgres.url().replace("postgresql+psycopg://", "postgresql://", 1)
    with psycopg.connect(plain, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return shared_postgres.url(name)


def cluster_process(database: str, redis_server: RedisServer) -> ServerProcess:
    """A server process (not started) on the shared store and broker."""
    return ServerProcess(
        database,
        env={
            "SPIELTISCH_BROKER_URL": redis_server.url,
            "SPIELTISCH_LEASE_SECONDS": LEASE_SECONDS,
        },
    )


@pytest.fixture
def pair(database: str, redis_server: RedisServer) -> Iterator[list[ServerProcess]]:
    """Two server processes, A and B, on one PostgreSQL database and one Redis."""
    servers = [cluster_process(database, redis_server) for _ in range(2)]
    try:
        for server in servers:
            server.start()
        yield servers
    finally:
        for server in servers:
            server.stop()
