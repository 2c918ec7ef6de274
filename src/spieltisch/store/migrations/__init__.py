"""The Alembic environment and revisions of the game store's schema (run by
`spieltisch.store.engine.upgrade`; no alembic.ini is needed)."""
