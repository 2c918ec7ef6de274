"""The web app: an ASGI server (Starlette on uvicorn) with one WebSocket per table, the
JSON API for tables, stored games, analysis and rules, and the static front end in
`spieltisch/web/`. `create_app(db)` builds it; `spieltisch serve` runs it."""

from spieltisch.server.app import create_app

__all__ = ["create_app"]
