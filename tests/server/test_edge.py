"""`server/edge.py` in process, around a stand-in app: bodies refused before they are
read, security headers, cross-site refusals, rate limits with Retry-After, WebSocket
checks, and the metrics the edge records (the hostile suite drives a real server)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import MutableMapping
from typing import Any

from spieltisch.core.guard import Guard
from spieltisch.core.metrics import RATE_LIMITED, WEBSOCKETS
from spieltisch.core.settings import Settings
from spieltisch.server.edge import Edge

Message = dict[str, Any]


class Echo:
    """A stand-in app: reads the whole body and answers its length; accepts sockets."""

    def __init__(self) -> None:
        self.called = 0
        self.read = 0

    async def __call__(self, scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        self.called += 1
        if scope["type"] == "websocket":
            await receive()
            await send({"type": "websocket.accept"})
            await receive()
            return
        more = True
        while more:
            message = await receive()
            self.read += len(message.get("body", b""))
            more = message.get("more_body", False)
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": str(self.read).encode()})


def run(
    edge: Edge,
    scope: Message,
    incoming: list[Message],
    *,
    delay: float = 0.0,
) -> list[Message]:
    """Call the edge with `incoming` messages (each after `delay` seconds); what it sent."""
    sent: list[Message] = []
    queue = list(incoming)

    async def receive() -> Message:
        if delay:
            await asyncio.sleep(delay)
        return queue.pop(0) if queue else {"type": "http.disconnect"}

    async def send(message: MutableMapping[str, Any]) -> None:
        sent.append(dict(message))

    asyncio.run(edge(scope, receive, send))
    return sent


def http(method: str, path: str, headers: dict[str, str] | None = None) -> Message:
    raw = [(k.encode(), v.encode()) for k, v in {"host": "example.org", **(headers or {})}.items()]
    return {
        "type": "http",
        "method": method,
        "path": path,
        "headers": raw,
        "client": ("192.0.2.1", 5000),
    }


def status(sent: list[Message]) -> int:
    return int(sent[0]["status"])


def header(sent: list[Message], name: str) -> str | None:
    for key, value in sent[0]["headers"]:
        if key.decode().lower() == name:
            return str(value.decode())
    return None


def make(**settings: Any) -> tuple[Edge, Echo]:
    app = Echo()
    chosen = Settings().replace(**settings) if settings else Settings()
    return Edge(app, settings=chosen, guard=Guard(chosen)), app


def test_a_declared_large_body_is_refused_unread() -> None:
    edge, app = make(max_body_bytes=100)
    sent = run(edge, http("POST", "/api/x", {"content-length": "101"}), [])
    assert status(sent) == 413 and app.called == 0
    assert "larger than 100 bytes" in json.loads(sent[1]["body"])["error"]


def test_a_streamed_body_is_counted_and_cut() -> None:
    edge, app = make(max_body_bytes=100)
    chunks = [{"type": "http.request", "body": b"x" * 60, "more_body": True}] * 5
    sent = run(edge, http("POST", "/api/x"), chunks)
    assert status(sent) == 413
    assert app.read <= 120  # the app saw no more than the limit and one chunk


def test_a_slow_body_is_answered_408() -> None:
    edge, _ = make(body_seconds=0.05)
    chunks = [{"type": "http.request", "body": b"x", "more_body": True}] * 5
    sent = run(edge, http("POST", "/api/x"), chunks, delay=0.03)
    assert status(sent) == 408


def test_answers_carry_the_security_headers() -> None:
    edge, _ = make()
    sent = run(edge, http("GET", "/"), [{"type": "http.request", "body": b""}])
    assert status(sent) == 200
    assert "frame-ancestors 'none'" in (header(sent, "content-security-policy") or "")
    assert header(sent, "x-content-type-options") == "nosniff"
    assert header(sent, "x-frame-options") == "DENY"


def test_cross_site_writes_are_refused_and_reads_are_not() -> None:
    edge, app = make()
    evil = {"origin": "https://evil.example"}
    assert status(run(edge, http("POST", "/api/tables", evil), [])) == 403
    assert status(run(edge, http("DELETE", "/api/x", evil), [])) == 403
    assert app.called == 0
    body = [{"type": "http.request", "body": b""}]
    assert status(run(edge, http("GET", "/api/tables", evil), body)) == 200
    same = {"origin": "https://example.org"}
    assert status(run(edge, http("POST", "/api/tables", same), body)) == 200


def test_rates_are_limited_by_path_with_retry_after() -> None:
    edge, _ = make(tables_per_minute=2, joins_per_minute=1)
    before = RATE_LIMITED.labels("tables")._value.get()
    body = [{"type": "http.request", "body": b"{}"}]
    for _ in range(2):
        assert status(run(edge, http("POST", "/api/tables"), list(body))) == 200
    sent = run(edge, http("POST", "/api/tables"), list(body))
    assert status(sent) == 429 and 1 <= int(header(sent, "retry-after") or 0) <= 60
    assert RATE_LIMITED.labels("tables")._value.get() == before + 1
    # another path has its own limit; a path without one has none
    assert status(run(edge, http("POST", "/api/tables/7/join"), list(body))) == 200
    assert status(run(edge, http("POST", "/api/tables/7/join"), list(body))) == 429
    for _ in range(5):
        assert status(run(edge, http("POST", "/api/positions/view"), list(body))) == 200


def socket_scope(path: str, headers: dict[str, str] | None = None) -> Message:
    scope = http("GET", path, headers)
    scope["type"] = "websocket"
    scope["extensions"] = {"websocket.http.response": {}}
    return scope


def test_websockets_are_checked_and_counted() -> None:
    edge, app = make(websockets_per_minute=2)
    opening: list[Message] = [
        {"type": "websocket.connect"},
        {"type": "websocket.disconnect", "code": 1000},
    ]
    sent = run(edge, socket_scope("/ws/bot", {"origin": "https://evil.example"}), list(opening))
    assert sent[0]["type"] == "websocket.http.response.start" and sent[0]["status"] == 403
    assert app.called == 0
    open_before = WEBSOCKETS.labels("bot")._value.get()
    sent = run(edge, socket_scope("/ws/bot"), list(opening))
    assert sent[0]["type"] == "websocket.accept"
    assert WEBSOCKETS.labels("bot")._value.get() == open_before  # closed again
    run(edge, socket_scope("/ws/bot"), list(opening))
    sent = run(edge, socket_scope("/ws/bot"), list(opening))
    assert sent[0]["status"] == 429 and header(sent, "retry-after") is not None


def test_a_large_websocket_message_closes_the_socket() -> None:
    edge, _ = make(max_message_bytes=10)
    incoming = [
        {"type": "websocket.connect"},
        {"type": "websocket.receive", "text": "x" * 11},
    ]
    sent = run(edge, socket_scope("/ws/tables/1"), incoming)
    assert {"type": "websocket.close", "code": 1009, "reason": "too big"} in sent
