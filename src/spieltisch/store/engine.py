"""Database URLs, engines and schema upgrades for the game store.

A plain path means a SQLite file; anything with `://` is an SQLAlchemy URL
(`postgresql+psycopg://user@host/db`; a bare `postgresql://` uses psycopg 3). SQLite files
run in WAL mode with a busy timeout, and every writing transaction starts with
`BEGIN IMMEDIATE`, so threads and processes sharing a file wait for each other (a few
seconds, `BUSY_TIMEOUT`) instead of failing; `synchronous=NORMAL` keeps every commit
through a crash of the process. PostgreSQL connections are checked before use, so the
store recovers by itself after the server restarted.
`upgrade` brings a database to the newest schema with Alembic, holding a lock so two
processes opening the same new database do not both create it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError

from spieltisch.core.errors import quote
from spieltisch.store.errors import StoreError

#: The folder of the Alembic environment and revisions (package data).
MIGRATIONS = Path(__file__).with_name("migrations")
#: Execution option marking a transaction that writes (SQLite: `BEGIN IMMEDIATE`).
WRITE = "spieltisch_write"
#: How long a SQLite connection waits for another writer, in seconds: short, so that a
#: file locked by another process refuses a write (`StoreUnavailable`) instead of
#: holding a move (and a worker thread) for long.
BUSY_TIMEOUT = 3.0
#: Seconds to wait for a connection to a database server (PostgreSQL) before giving up.
CONNECT_TIMEOUT = 5
#: The PostgreSQL advisory lock held while the schema is upgraded (any fixed number).
_UPGRADE_LOCK = 0x5350_4945_4C54


def store_url(target: str | Path) -> URL:
    """The SQLAlchemy URL of `target`: a path (SQLite file) or a URL with `://`."""
    raw = str(target)
    if isinstance(target, Path) or "://" not in raw:
        if not raw.strip() or raw == ":memory:":
            raise StoreError("the database: expected a file path or a URL")
        return URL.create("sqlite", database=raw)
    try:
        url = make_url(raw)
    except ArgumentError:
        raise StoreError(f"the database URL {quote(raw)} cannot be read") from None
    if url.drivername == "postgresql":
        url = url.set(drivername="postgresql+psycopg")
    if url.get_backend_name() == "sqlite" and url.database in (None, "", ":memory:"):
        # an in-memory database would be a different one in every pooled connection
        raise StoreError("the store needs a SQLite file, not an in-memory database")
    return url


def shown(url: URL) -> str:
    """The URL for messages, password hidden."""
    return url.render_as_string(hide_password=True)


def create_store_engine(url: URL) -> Engine:
    """An engine for `url`, with SQLite set up for several threads and processes."""
    try:
        if url.get_backend_name() == "sqlite":
            engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT})
            _configure_sqlite(engine)
        else:
            # pre-ping: a connection the server dropped (a restart) is replaced, so the
            # store recovers by itself once the database is back
            engine = create_engine(
                url,
                pool_pre_ping=True,
                pool_recycle=1800,
                connect_args={"connect_timeout": CONNECT_TIMEOUT}
                if url.get_backend_name() == "postgresql"
                else {},
            )
    except (ArgumentError, NoSuchModuleError, ImportError) as exc:
        raise StoreError(f"the database {quote(shown(url))} cannot be used: {exc}") from None
    return engine


def _configure_sqlite(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def connect(dbapi_connection: Any, _record: Any) -> None:
        # SQLAlchemy, not the sqlite3 module, says when a transaction begins (below).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT * 1000)}")
        cursor.execute("PRAGMA foreign_keys=ON")
        # In WAL mode NORMAL loses nothing when a process dies, only (the last commits)
        # when the machine loses power; FULL would cost a disk flush per move.
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def begin(connection: Connection) -> None:
        writes = connection.get_execution_options().get(WRITE, False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if writes else "BEGIN")


def alembic_config(url: URL | None = None) -> Config:
    """An Alembic configuration for the store's migrations, built without an ini file."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if url is not None:
        config.set_main_option(
            "sqlalchemy.url", url.render_as_string(hide_password=False).replace("%", "%%")
        )
    return config


def head_revision() -> str | None:
    """The newest schema revision this version of spieltisch knows."""
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def current_revision(connection: Connection) -> str | None:
    """The schema revision the database is at (None for an empty database)."""
    return MigrationContext.configure(connection).get_current_revision()


def check_revision(engine: Engine) -> None:
    """Refuse a database whose schema is not at the newest revision."""
    with engine.connect() as connection:
        found = current_revision(connection)
    if found != head_revision():
        raise StoreError(
            f"the database {quote(shown(engine.url))} has the schema revision {found!r}, "
            f"not {head_revision()!r}: open it with upgrade to bring it up to date"
        )


def upgrade(engine: Engine) -> None:
    """Bring the database to the newest schema, in one transaction under a lock."""
    config = alembic_config()
    with engine.connect() as connection:
        connection = connection.execution_options(**{WRITE: True})
        with connection.begin():
            if connection.dialect.name == "postgresql":
                connection.execute(text(f"SELECT pg_advisory_xact_lock({_UPGRADE_LOCK})"))
            found = current_revision(connection)
            if found == head_revision():
                return
            config.attributes["connection"] = connection
            try:
                command.upgrade(config, "head")
            except CommandError as exc:
                raise StoreError(
                    f"the database {quote(shown(engine.url))} has the schema revision "
                    f"{found!r}, which this version of spieltisch does not know "
                    f"(written by a newer version?): {exc}"
                ) from None
