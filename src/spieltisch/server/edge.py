"""The web app's edge: one pure ASGI middleware every request and WebSocket passes
before any route sees it.

- Security headers on every answer: a Content-Security-Policy without inline script,
  `X-Content-Type-Options: nosniff`, no framing (`frame-ancestors 'none'` and
  `X-Frame-Options: DENY`), `Referrer-Policy`.
- Cross-site request forgery: a state-changing request (POST, PUT, PATCH, DELETE) whose
  `Origin` is another site's (or, without `Origin`, whose `Sec-Fetch-Site` says
  cross-site) is refused with 403 before the route runs. Programs that send neither
  header (bots, scripts, `curl`) are not browsers and pass.
- Request bodies limited before they are read: a `Content-Length` above
  `max_body_bytes` is answered 413 at once; a body without one is counted as it
  streams in and refused as soon as it passes the limit, so nothing larger is ever
  buffered; a body that takes longer than `body_seconds` to arrive is answered 408.
- Rate limits per client address, in ONE table (`RATES`, method and path to the limit's
  name in `core.guard`), answered 429 with `Retry-After`.
- WebSockets: a browser page from another site (`Origin` not this server's host) is
  refused on every socket path; the address's connection rate and open connections are
  capped; a message larger than `max_message_bytes` closes the socket (1009); open
  sockets are counted in the `spieltisch_websockets` gauge by kind.

The client address is the ASGI scope's `client`: behind a reverse proxy, uvicorn
rewrites it from `X-Forwarded-For` for the proxies named by `--forwarded-allow-ips`.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from spieltisch.core.guard import Guard
from spieltisch.core.metrics import RATE_LIMITED, WEBSOCKETS
from spieltisch.core.settings import Settings

__all__ = ["RATES", "SECURITY_HEADERS", "Edge", "client_address"]

#: Which requests count against which rate limit (`core.guard.LIMITS`): the method and
#: the whole path (a pattern). Every WebSocket counts against `websockets`; the bot
#: lobby's admin password attempts against `admin` (in the bot sessions).
RATES: tuple[tuple[str, re.Pattern[str], str], ...] = (
    ("POST", re.compile(r"/api/tables"), "tables"),
    ("POST", re.compile(r"/api/tables/[^/]+/rematch"), "tables"),
    ("POST", re.compile(r"/api/tables/[^/]+/join"), "joins"),
    ("POST", re.compile(r"/api/account/signin"), "sign_ins"),
    ("POST", re.compile(r"/api/account/signup"), "sign_ups"),
    ("POST", re.compile(r"/api/records/import"), "imports"),
    ("POST", re.compile(r"/api/analysis|/api/records/\d+/analysis"), "analyses"),
    ("POST", re.compile(r"/api/ladder/challenge"), "tables"),  # a challenge opens a table
    ("POST", re.compile(r"/api/account/bots(?:/[^/]+/token)?"), "sign_ups"),  # credentials
)

#: The methods that change something (checked for cross-site requests).
STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})

_CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

#: The headers added to every HTTP answer (unless the route set its own).
SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", _CSP.encode("ascii")),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
)
_SECURITY_NAMES = frozenset(name for name, _ in SECURITY_HEADERS)


class _Refused(Exception):
    """A request body the edge refuses while the route reads it."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def client_address(scope: Scope) -> str:
    """The client's address as the server sees it (after uvicorn's proxy headers)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def cross_site(headers: Headers) -> bool:
    """Whether a request comes from another site's page (see the module)."""
    origin = headers.get("origin")
    if origin is not None:
        if origin == "null":
            return True
        return urlsplit(origin).netloc.lower() != headers.get("host", "").lower()
    site = headers.get("sec-fetch-site")
    return site is not None and site not in ("same-origin", "none")


def _socket_kind(path: str) -> str:
    if path.startswith("/ws/tables/"):
        return "table"
    if path == "/ws/bot":
        return "bot"
    return "other"


class Edge:
    """The middleware (see the module)."""

    def __init__(self, app: ASGIApp, *, settings: Settings, guard: Guard) -> None:
        self.app = app
        self.settings = settings
        self.guard = guard

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self._http(scope, receive, send)
        elif scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    # --- HTTP ----------------------------------------------------------------------------

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers += [h for h in SECURITY_HEADERS if h[0] not in present]
                message = {**message, "headers": headers}
            await send(message)

        headers = Headers(scope=scope)
        method = scope["method"]
        path = scope["path"]
        if method in STATE_CHANGING and cross_site(headers):
            await _answer(send_with_headers, 403, "a request from another site's page is refused")
            return
        for wanted, pattern, limit in RATES:
            if method == wanted and pattern.fullmatch(path):
                wait = self.guard.hit(limit, client_address(scope))
                if wait is not None:
                    await _too_many(send_with_headers, wait)
                    return
                break
        largest = self.settings.max_body_bytes
        length = headers.get("content-length")
        if length is not None:
            if not length.isdigit() or len(length) > 18:
                await _answer(send_with_headers, 400, "a bad Content-Length")
                return
            if int(length) > largest:
                await _answer(
                    send_with_headers, 413, f"the request body is larger than {largest} bytes"
                )
                return
        deadline = time.monotonic() + self.settings.body_seconds
        seen = 0
        complete = False

        async def limited_receive() -> Message:
            nonlocal seen, complete
            if complete:
                return await receive()
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - time.monotonic()))
            except TimeoutError:
                raise _Refused(408, "the request body did not arrive in time") from None
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > largest:
                    raise _Refused(413, f"the request body is larger than {largest} bytes")
                complete = not message.get("more_body", False)
            else:
                complete = True
            return message

        try:
            await self.app(scope, limited_receive, send_with_headers)
        except _Refused as refused:
            if started:  # the answer is under way: nothing more can be said
                return
            await _answer(send_with_headers, refused.status, refused.message)

    # --- WebSockets ----------------------------------------------------------------------

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = Headers(scope=scope)
        path = scope["path"]
        kind = _socket_kind(path)
        address = client_address(scope)
        origin = headers.get("origin")
        if origin is not None and (
            origin == "null" or urlsplit(origin).netloc.lower() != headers.get("host", "").lower()
        ):
            RATE_LIMITED.labels("origin").inc()
            refusal = "a page of another site may not connect"
            await _refuse_socket(scope, receive, send, 403, refusal)
            return
        wait = self.guard.hit("websockets", address)
        if wait is not None:
            await _refuse_socket(
                scope, receive, send, 429, "too many connections: try again later", wait
            )
            return
        if not self.guard.connect(address):
            await _refuse_socket(
                scope, receive, send, 429, "too many open connections from your address"
            )
            return
        largest = self.settings.max_message_bytes
        accepted = False

        async def counting_send(message: Message) -> None:
            nonlocal accepted
            if message["type"] == "websocket.accept" and not accepted:
                accepted = True
                WEBSOCKETS.labels(kind).inc()
            await send(message)

        async def limited_receive() -> Message:
            message = await receive()
            if message["type"] == "websocket.receive":
                size = len(message.get("bytes") or b"") + len(message.get("text") or "")
                if size > largest:
                    await send({"type": "websocket.close", "code": 1009, "reason": "too big"})
                    return {"type": "websocket.disconnect", "code": 1009}
            return message

        try:
            await self.app(scope, limited_receive, counting_send)
        finally:
            self.guard.disconnect(address)
            if accepted:
                WEBSOCKETS.labels(kind).dec()


#: The stable error code of each refusal the edge answers itself.
EDGE_CODES = {
    400: "BAD_REQUEST",
    403: "CROSS_SITE",
    413: "TOO_LARGE",
    415: "NOT_JSON",
    429: "RATE_LIMITED",
    408: "TOO_SLOW",
    503: "BUSY",
}


async def _answer(
    send: Send, status: int, message: str, extra: list[tuple[bytes, bytes]] | None = None
) -> None:
    """A JSON error answer `{"error": message, "code": CODE}` (the code by the status,
    for the front end's words: docs/api.md, "Errors")."""
    code = EDGE_CODES.get(status, f"HTTP_{status}")
    body = json.dumps({"error": message, "code": code, "params": {}}).encode("utf-8")
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode("ascii")),
        *(extra or []),
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def _too_many(send: Send, wait: float) -> None:
    seconds = str(int(wait)).encode("ascii")
    await _answer(send, 429, "too many requests: try again later", [(b"retry-after", seconds)])


async def _refuse_socket(
    scope: Scope,
    receive: Receive,
    send: Send,
    status: int,
    message: str,
    wait: float | None = None,
) -> None:
    """Refuse a WebSocket before its handshake: an HTTP answer with `status` where the
    server can send one, else a plain refusal (403)."""
    first = await receive()
    if first["type"] != "websocket.connect":
        return
    if "websocket.http.response" in scope.get("extensions", {}):
        body = json.dumps({"error": message}).encode("utf-8")
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode("ascii")),
        ]
        if wait is not None:
            headers.append((b"retry-after", str(int(wait)).encode("ascii")))
        await send({"type": "websocket.http.response.start", "status": status, "headers": headers})
        await send({"type": "websocket.http.response.body", "body": body})
    else:
        await send({"type": "websocket.close", "code": 4000 + status})
