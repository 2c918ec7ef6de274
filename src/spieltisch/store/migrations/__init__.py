"""The Alembic environment and revisions of the game store's schema, run by
`spieltisch.store.engine.upgrade` (no alembic.ini is needed).

A change to `spieltisch.store.models` needs a new revision here, written against a
database at the current head (the test `test_the_migrated_schema_is_the_models_schema`
fails until it exists):

    from alembic import command
    from spieltisch.store import Store
    from spieltisch.store.engine import alembic_config, store_url
    Store.open("dev.db").close()
    command.revision(alembic_config(store_url("dev.db")), "what changed", autogenerate=True)

`command.upgrade(alembic_config(store_url(URL)), "head", sql=True)` prints the SQL
instead of running it, for a database administrator.
"""
