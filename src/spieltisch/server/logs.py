"""The server's logs: one line per HTTP request, WebSocket session and table event, as
text for a terminal or as one JSON object per line for a host's log collector.

`configure(format, level)` sets up the standard `logging` module once for the process
(the server's own loggers and uvicorn's). A log call passes its structured fields as
`extra={"fields": {...}}`; the JSON formatter writes them as keys of the line, the text
formatter after the message. Nothing secret is ever a field: no header values (cookies,
authorization), no query strings (a token may ride in one), no seat tokens, passwords or
session ids, only the path, the method, the status, the duration and the client address.

The JSON formatter is a few lines of our own rather than a library: the format is one
flat object per line, and owning it keeps the key names and the secret rules in one place.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from spieltisch.core.metrics import REQUESTS
from spieltisch.tables import (
    Abandoned,
    ChanceDrawn,
    Event,
    GameOver,
    MovePlayed,
    Started,
    Table,
    ThinkingChanged,
    TookBack,
)

__all__ = [
    "FORMATS",
    "LEVELS",
    "JsonFormatter",
    "RequestLog",
    "TextFormatter",
    "configure",
    "table_events",
]

#: The log formats `spieltisch serve --log-format` offers.
FORMATS = ("text", "json")
#: The log levels `--log-level` offers.
LEVELS = ("debug", "info", "warning", "error")

#: The logger of HTTP requests and WebSocket sessions.
requests_log = logging.getLogger("spieltisch.request")
#: The logger of table events.
tables_log = logging.getLogger("spieltisch.table")

#: Attributes every `LogRecord` has; anything else on a record is a caller's extra.
_STANDARD = set(logging.LogRecord("", 0, "", 0, "", (), None).__dict__) | {"message", "asctime"}


def _fields(record: logging.LogRecord) -> dict[str, Any]:
    fields = getattr(record, "fields", None)
    return dict(fields) if isinstance(fields, dict) else {}


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time (UTC, ISO 8601), level, logger, message, the
    record's fields and, for an exception, its traceback as text."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in _fields(record).items():
            line.setdefault(key, value)
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        elif record.exc_text:
            line["exception"] = record.exc_text
        return json.dumps(line, ensure_ascii=False, default=str, separators=(",", ":"))


class TextFormatter(logging.Formatter):
    """A line for a person at a terminal: time, level, message, then the fields."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)-7s %(message)s", "%H:%M:%S")

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        fields = _fields(record)
        if fields:
            extra = " ".join(f"{key}={value}" for key, value in fields.items())
            first, newline, rest = text.partition("\n")
            text = f"{first}  {extra}{newline}{rest}"
        return text


def configure(log_format: str = "text", level: str = "info") -> None:
    """Send every log line of this process (the server's and uvicorn's) to stderr in
    `log_format` ("text" or "json") from `level` up; replaces earlier handlers."""
    if log_format not in FORMATS:
        raise ValueError(f"the log format is one of {', '.join(FORMATS)}, not {log_format!r}")
    if level not in LEVELS:
        raise ValueError(f"the log level is one of {', '.join(LEVELS)}, not {level!r}")
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if log_format == "json" else TextFormatter())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper())
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        # uvicorn's loggers go through the root handler; its access lines are dropped
        # (the request log below replaces them: they print query strings)
        logger = logging.getLogger(name)
        logger.handlers.clear()
        logger.propagate = True
        logger.setLevel(logging.NOTSET)
        for old_filter in list(logger.filters):
            if isinstance(old_filter, _NoAccessLines):
                logger.removeFilter(old_filter)
        logger.addFilter(_NoAccessLines())


class _NoAccessLines(logging.Filter):
    """Drops uvicorn's own access lines: the HTTP access log and the WebSocket lines
    ('"WebSocket /path?query" [accepted]', 'connection open'), which carry the query
    string; `RequestLog` logs every request and socket without it."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.name == "uvicorn.access":
            return False
        template = str(record.msg)
        return '"WebSocket ' not in template and template not in (
            "connection open",
            "connection closed",
        )


# --- requests ---------------------------------------------------------------------------

#: Paths logged at debug level only: probes that would drown the real requests.
QUIET_PATHS = frozenset({"/healthz", "/metrics"})


def _client(scope: Scope) -> str | None:
    client = scope.get("client")
    if client:
        host, port = client[0], client[1]
        return f"[{host}]:{port}" if ":" in str(host) else f"{host}:{port}"
    return None


def _path(scope: Scope) -> str:
    """The request's path for a log line: never its query string (a token may be in
    it), at most 200 characters, control characters escaped by the JSON writer."""
    path = str(scope.get("path") or "/")
    return path if len(path) <= 200 else path[:200] + "…"


class RequestLog:
    """ASGI middleware: one log line per HTTP request (method, path, status, duration,
    client, bytes sent) and per WebSocket session (when it ends), and the request count
    by status class in `spieltisch_http_requests_total`."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status: int | None = None
        sent = 0

        async def sending(message: Message) -> None:
            nonlocal status, sent
            kind_of = message["type"]
            if kind_of == "http.response.start":
                status = int(message["status"])
            elif kind_of == "http.response.body":
                sent += len(message.get("body", b""))
            elif kind_of == "websocket.accept":
                status = 101
            elif kind_of == "websocket.close" and status is None:
                status = 403  # closed before it was accepted (what uvicorn answers)
            elif kind_of == "websocket.http.response.start":
                status = int(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, sending)
        except BaseException:
            status = 500 if status is None else status
            raise
        finally:
            self._log(scope, status, time.perf_counter() - started, sent)

    @staticmethod
    def _log(scope: Scope, status: int | None, seconds: float, sent: int) -> None:
        websocket = scope["type"] == "websocket"
        if status is None:  # the client went away before any answer
            status = 499
        if not websocket:
            REQUESTS.labels(status=f"{status // 100}xx").inc()
        path = _path(scope)
        level = logging.DEBUG if path in QUIET_PATHS else logging.INFO
        if not requests_log.isEnabledFor(level):
            return
        method = "WS" if websocket else str(scope.get("method", "?"))
        fields: dict[str, Any] = {
            "kind": "websocket" if websocket else "http",
            "method": method,
            "path": path,
            "status": status,
            "ms": round(seconds * 1000, 2),
            "client": _client(scope),
        }
        if not websocket:
            fields["bytes"] = sent
        requests_log.log(level, "%s %s %s", method, path, status, extra={"fields": fields})


# --- table events ---------------------------------------------------------------------------


def table_events(table_id: int, table: Table) -> Callable[[Event], None]:
    """A table listener that logs each event of table `table_id` as one line: the event,
    the ply, the seat and its kind (person, ai, bot), never a seat token or a name."""

    def kind_of(seat: int | None) -> str | None:
        if seat is None or seat not in (0, 1):
            return None
        return str(table.seats[seat].kind)

    def heard(event: Event) -> None:
        level = logging.DEBUG if isinstance(event, ThinkingChanged) else logging.INFO
        if not tables_log.isEnabledFor(level):
            return
        fields: dict[str, Any] = {"table": table_id, "event": _event_name(event)}
        seat: int | None = getattr(event, "seat", None)
        if isinstance(event, MovePlayed):
            fields.update(ply=event.ply, seat=event.seat, seconds=event.seconds)
            think = getattr(event, "think", None)
            if think is not None:
                fields["think"] = think
        elif isinstance(event, ChanceDrawn | Started):
            fields["ply"] = event.ply
        elif isinstance(event, TookBack):
            fields.update(ply=event.ply, plies=event.plies, seat=event.seat)
        elif isinstance(event, GameOver):
            fields.update(ply=table.ply, winner=event.winner, reason=event.reason)
        elif isinstance(event, Abandoned):
            fields.update(ply=table.ply, reason=event.reason[:200])
        else:  # seats taken, offers, flags, the AI thinking: the seat concerned
            fields.update(ply=table.ply, seat=seat)
        if fields.get("seat") is not None:
            fields["seat_kind"] = kind_of(fields["seat"])
        tables_log.log(level, "table %s %s", table_id, fields["event"], extra={"fields": fields})

    return heard


def _event_name(event: Event) -> str:
    """`MovePlayed` -> `move_played`."""
    name = type(event).__name__
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in name).lstrip("_")
