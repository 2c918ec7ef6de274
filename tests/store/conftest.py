"""Fixtures of the store's tests: every test that takes `store` or `fresh_url` runs on
a SQLite file in tmp_path and on a throwaway PostgreSQL server (see `postgres.py`), which
is started once per session and stopped at its end. The PostgreSQL rows skip, saying
why, only where no server can be started; under CI (CI=true) they fail instead."""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import text

from spieltisch.store import Store
from tests.helpers.services import started
from tests.store.postgres import NoServer, Server, start_server

BACKENDS = ["sqlite", "postgresql"]
_numbers = itertools.count(1)


@pytest.fixture(scope="session")
def postgres_base() -> Iterator[str]:
    """The URL of a database on a PostgreSQL server whose user may create databases."""
    given = os.environ.get("SPIELTISCH_TEST_POSTGRES")
    if given:
        yield given
        return
    server: Server = started(start_server, NoServer, "PostgreSQL")
    try:
        yield server.url()
    finally:
        server.stop()


def new_database(base: str) -> str:
    """Create an empty database on the server of `base`; its URL."""
    name = f"spieltisch_{os.getpid()}_{next(_numbers)}"
    plain = base.replace("postgresql+psycopg://", "postgresql://", 1)
    with psycopg.connect(plain, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return base.rsplit("/", 1)[0] + "/" + name


@pytest.fixture(scope="session")
def postgres_store(postgres_base: str) -> Iterator[Store]:
    """One migrated PostgreSQL store for the session, emptied before each test."""
    store = Store.open(new_database(postgres_base))
    yield store
    store.close()


@pytest.fixture(params=BACKENDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """An empty store on a new SQLite file, or on the PostgreSQL server."""
    if request.param == "sqlite":
        opened = Store.open(tmp_path / "games.db")
        yield opened
        opened.close()
        return
    shared: Store = request.getfixturevalue("postgres_store")
    with shared.engine.begin() as connection:
        tables = "games, moves, positions, tournaments, ratings"
        connection.execute(text(f"TRUNCATE {tables} RESTART IDENTITY CASCADE"))
    yield shared


@pytest.fixture(params=BACKENDS)
def fresh_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of an empty database (no schema yet): a SQLite file or a PostgreSQL one."""
    if request.param == "sqlite":
        return str(tmp_path / "fresh.db")
    return new_database(request.getfixturevalue("postgres_base"))
