"""The Alembic environment of the game store.

`spieltisch.store.engine.upgrade` hands over an open connection in
`config.attributes["connection"]` (inside its own transaction); the `alembic` command
can be used too, with `-x url=...` or `sqlalchemy.url` set, for writing new revisions.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from spieltisch.store.engine import create_store_engine, store_url
from spieltisch.store.models import Base

config = context.config
target_metadata = Base.metadata


def _configure(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=True,  # SQLite alters tables by copying them
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def _url() -> str:
    url = context.get_x_argument(as_dictionary=True).get("url")
    url = url or config.get_main_option("sqlalchemy.url")
    if not url:
        raise RuntimeError("no database: pass -x url=PATH_OR_URL")
    return url


def run_offline() -> None:
    """Write the SQL of the migrations instead of running them."""
    context.configure(url=store_url(_url()), target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    """Run the migrations on the connection given, or on a new one to the URL."""
    connection = config.attributes.get("connection")
    if connection is not None:
        _configure(connection)
        return
    engine = create_store_engine(store_url(_url()))
    try:
        with engine.connect() as new_connection:
            _configure(new_connection)
    finally:
        engine.dispose()


if context.is_offline_mode():
    run_offline()
else:
    run_online()
