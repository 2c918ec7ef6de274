"""The Alembic migrations: they build exactly the models' schema, on SQLite and on
PostgreSQL, run once however often or by how many processes a store is opened, and
refuse a database of a newer schema; database URLs and unusable databases."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect, text

from spieltisch.store import Store, StoreError
from spieltisch.store.engine import alembic_config, head_revision, shown, store_url
from spieltisch.store.models import Base


def test_the_migrated_schema_is_the_models_schema(fresh_url: str) -> None:
    store = Store.open(fresh_url)
    try:
        with store.engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            assert compare_metadata(context, Base.metadata) == []
            assert context.get_current_revision() == head_revision()
            tables = set(inspect(connection).get_table_names())
        assert {"games", "moves", "positions", "alembic_version"} <= tables
    finally:
        store.close()


def test_a_wrong_schema_would_show(fresh_url: str) -> None:
    """The comparison above can fail: a column missing from the database shows."""
    store = Store.open(fresh_url)
    try:
        with store.engine.begin() as connection:
            connection.execute(text("DROP INDEX ix_games_player1"))
        with store.engine.connect() as connection:
            diff = compare_metadata(MigrationContext.configure(connection), Base.metadata)
        assert [entry[0] for entry in diff] == ["add_index"]
    finally:
        store.close()


def test_downgrade_and_upgrade_again(fresh_url: str) -> None:
    Store.open(fresh_url).close()
    url = store_url(fresh_url)
    command.downgrade(alembic_config(url), "base")
    store = Store.open(fresh_url)
    try:
        game_id = store.create_game("ostseeschach", ["a", "b"])
        assert store.game(game_id).status == "running"
    finally:
        store.close()


def test_opening_again_keeps_the_data(fresh_url: str) -> None:
    with Store.open(fresh_url) as first:
        game_id = first.create_game("schachogi", ["a", "b"])
    with Store.open(fresh_url) as second:
        assert second.game(game_id).game == "schachogi"
    with Store.open(fresh_url, upgrade=False) as third:
        assert third.count_games() == 1


def test_without_upgrade_an_old_schema_is_refused(fresh_url: str) -> None:
    with pytest.raises(StoreError, match=f"revision None, not '{head_revision()}'"):
        Store.open(fresh_url, upgrade=False)


def test_a_newer_schema_is_refused(fresh_url: str) -> None:
    with Store.open(fresh_url) as store, store.engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = 'f00d'"))
    with pytest.raises(StoreError, match=r"'f00d'.*newer version"):
        Store.open(fresh_url)


def test_urls() -> None:
    assert store_url("games.db").render_as_string() == "sqlite:///games.db"
    assert store_url(Path("/tmp/x y.db")).database == "/tmp/x y.db"
    assert store_url("postgresql://u:secret@h/db").drivername == "postgresql+psycopg"
    assert "secret" not in shown(store_url("postgresql://u:secret@h/db"))
    assert store_url("sqlite:///a.db").database == "a.db"
    for bad in ("", "   ", "nonsense://", ":memory:", "sqlite://", "sqlite:///:memory:"):
        with pytest.raises(StoreError):
            Store.open(bad)
    with pytest.raises(StoreError, match="cannot be used"):
        Store.open("nosuchdialect://host/db")


def test_unusable_databases_are_refused(tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is no database at all" * 100)
    with pytest.raises(StoreError, match="cannot be opened"):
        Store.open(junk)
    with pytest.raises(StoreError, match="cannot be opened"):
        Store.open(tmp_path / "no" / "such" / "folder" / "games.db")
    with pytest.raises(StoreError, match="cannot be opened"):
        Store.open("postgresql+psycopg://nobody@127.0.0.1:1/none")


def test_sqlite_files_run_in_wal_mode(tmp_path: Path) -> None:
    Store.open(tmp_path / "w.db").close()
    with sqlite3.connect(tmp_path / "w.db") as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_the_sql_of_the_migrations_can_be_printed(capsys: pytest.CaptureFixture[str]) -> None:
    command.upgrade(alembic_config(store_url("postgresql://u@h/db")), "head", sql=True)
    sql = capsys.readouterr().out
    for table in ("games", "moves", "positions", "tournaments", "tournament_games"):
        assert f"CREATE TABLE {table} (" in sql
    for table in ("ratings", "rating_changes"):
        assert f"CREATE TABLE {table} (" in sql
    assert "CREATE INDEX ix_games_player0 ON games (player0)" in sql
