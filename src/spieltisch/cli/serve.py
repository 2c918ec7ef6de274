"""`spieltisch serve`: the web app on uvicorn."""

from __future__ import annotations

from pathlib import Path

import click

from spieltisch.cli.common import check_port
from spieltisch.cli.hosting import announce_password, host_options, load_settings


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535))
@click.option(
    "--db",
    default="spieltisch.db",
    show_default=True,
    help="The game store: a SQLite file path or an SQLAlchemy URL (postgresql+psycopg://…).",
)
@click.option(
    "--idle-grace",
    default=60.0,
    type=click.FloatRange(0.1, 86_400.0),
    hidden=True,
    help="Seconds an unwatched table's AI may go on thinking.",
)
@click.option(
    "--xml-port",
    default=None,
    type=click.IntRange(0, 65535),
    help="Also serve bots over TCP on this port (competition XML and JSON; 13050 is the "
    "competition's).",
)
@click.option(
    "--log-format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="Log lines as text (for a terminal) or one JSON object per line (for a host).",
)
@click.option(
    "--log-level",
    type=click.Choice(["debug", "info", "warning", "error"]),
    default=None,
    help="The least important lines logged [default: info with json, warning with text].",
)
@click.option(
    "--forwarded-allow-ips",
    default=None,
    help="Behind a reverse proxy: the proxy addresses (comma-separated, or *) whose "
    "X-Forwarded-For / X-Forwarded-Proto name the real client (its address is the key of "
    "every rate limit and connection cap). Default: uvicorn's, 127.0.0.1 (or the "
    "FORWARDED_ALLOW_IPS variable).",
)
@host_options
def serve(
    host: str,
    port: int,
    db: str,
    idle_grace: float,
    xml_port: int | None,
    log_format: str,
    log_level: str | None,
    forwarded_allow_ips: str | None,
    config: Path | None,
    admin_password: str | None,
    admin_password_file: Path | None,
) -> None:
    """Play in the browser: the lobby, tables, stored games, replays and rules."""
    import uvicorn

    from spieltisch.server import create_app
    from spieltisch.server.logs import configure
    from spieltisch.store import Store, StoreError

    for taken in (port, xml_port):  # both ports ours before the address is printed
        if taken is not None:
            check_port(host, taken)
    try:  # a store that cannot be opened is one error line, before the server starts
        Store.open(db).close()
    except StoreError as exc:
        raise click.ClickException(str(exc)) from None
    settings, generated = load_settings(config, admin_password, admin_password_file)
    if settings.broker_url is not None:  # one of several processes: the broker first
        from spieltisch.server.broker import BrokerError, check_broker

        try:
            check_broker(settings.broker_url)
        except BrokerError as exc:
            raise click.ClickException(str(exc)) from None
    app = create_app(db, idle_grace=idle_grace, xml_port=xml_port, host=host, settings=settings)
    shown = "localhost" if host in ("127.0.0.1", "::1") else host
    click.echo(f"spieltisch is at http://{shown}:{port}/  (Ctrl-C stops it)", err=False)
    if xml_port is not None:
        click.echo(
            f"bots connect to {shown}:{xml_port} (XML or JSON) or ws://{shown}:{port}/ws/bot"
        )
    configure(log_format, log_level or ("info" if log_format == "json" else "warning"))
    announce_password(settings, generated)
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws="websockets-sansio",
        ws_max_size=settings.max_message_bytes,
        # No per-message compression: it compressed each view once for every watcher,
        # 37% of the server's time with 4,200 sockets (docs/measurements/load.md).
        ws_per_message_deflate=False,
        server_header=False,
        log_config=None,  # the lines go through `configure`'s handler
        access_log=False,  # the request log replaces it (it would print query strings)
        proxy_headers=True,
        forwarded_allow_ips=forwarded_allow_ips,  # None: uvicorn's default
    )
