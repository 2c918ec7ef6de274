"""Outside input to the server: random JSON to the API and random messages over a table's
WebSocket give answers (an error message, never a server error or a dropped socket)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.server.client import TableClient
from tests.serverproc import ServerProcess

SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30)
JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=12,
)
KEYS = st.sampled_from(
    [
        "game",
        "options",
        "seed",
        "position",
        "opponent",
        "level",
        "seat",
        "name",
        "clock_minutes",
        "clock_increment",
        "from_game",
        "ply",
        "type",
        "notation",
        "game_id",
    ]
)
BODIES = st.dictionaries(KEYS, JSON | st.sampled_from(["okard", "schachogi", "ai", "here"]))
FUZZ = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@FUZZ
@given(body=BODIES, path=st.sampled_from(["/api/tables", "/api/analysis", "/api/positions/view"]))
def test_api_answers_every_body(server: ServerProcess, body: dict[str, Any], path: str) -> None:
    status, answer, _ = server.post(path, json.dumps(body, allow_nan=True))
    assert status in (200, 400, 403, 404, 409), (status, answer)
    assert status == 200 or isinstance(answer.get("error"), str)


@FUZZ
@given(messages=st.lists(JSON | BODIES | st.text(max_size=40), min_size=1, max_size=4))
def test_socket_answers_every_message(server: ServerProcess, messages: list[Any]) -> None:
    status, made, cookie = server.post("/api/tables", {"game": "okard", "opponent": "here"})
    assert status == 200
    client = TableClient(server, made["id"], cookie)
    for message in messages:
        client.socket.send(message if isinstance(message, str) else json.dumps(message))
    client.socket.send(b"\xff\x00 binary")
    client.send(type="sentinel")  # answered after everything before it: the socket lives
    while True:
        answer = client.receive()
        if answer["type"] == "error" and "sentinel" in answer["message"]:
            break
    client.close()
