"""The host's side of a real `spieltisch serve` process: `/healthz` (200 while the store
answers, 503 with the reason when PostgreSQL is stopped, 200 again when it is back),
`/metrics` in Prometheus's text format, and the JSON request and table-event log with no
secret in it."""

from __future__ import annotations

import json
import subprocess
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from prometheus_client import CONTENT_TYPE_LATEST
from prometheus_client.parser import text_string_to_metric_families
from websockets.sync.client import connect

from tests.serverproc import ServerProcess
from tests.store.postgres import Server


def fetch(url: str, headers: dict[str, str] | None = None) -> tuple[int, str, str]:
    """(status, content type, body) of a GET, errors included."""
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return response.status, response.headers["content-type"], response.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers["content-type"], exc.read().decode()


# --- /healthz and /metrics on the SQLite server -----------------------------------------


def test_healthz_answers_ok_while_the_store_answers(server: ServerProcess) -> None:
    status, kind, body = fetch(server.url + "/healthz")
    assert status == 200
    assert kind.startswith("application/json")
    data = json.loads(body)
    assert data["status"] == "ok"
    assert data["store_ms"] >= 0 and isinstance(data["tables"], int)


def test_metrics_are_prometheus_text_with_the_servers_measurements(
    server: ServerProcess,
) -> None:
    made = server.post("/api/tables", {"game": "ostseeschach", "opponent": "here"})
    assert made[0] == 200
    status, kind, body = fetch(server.url + "/metrics")
    assert status == 200
    assert kind == CONTENT_TYPE_LATEST and kind.startswith("text/plain")
    families = {family.name: family for family in text_string_to_metric_families(body)}
    expected = {
        "spieltisch_tables_live",
        "spieltisch_moves",
        "spieltisch_move_seconds",
        "spieltisch_store_seconds",
        "spieltisch_store_errors",
        "spieltisch_ai_queue_depth",
        "spieltisch_ai_searches",
        "spieltisch_ai_wait_seconds",
        "spieltisch_ai_reply_seconds",
        "spieltisch_websockets",
        "spieltisch_websockets_dropped",
        "spieltisch_http_requests",
        "spieltisch_rate_limited",
    }
    assert expected <= set(families), expected - set(families)
    live = {
        sample.labels["status"]: sample.value
        for sample in families["spieltisch_tables_live"].samples
    }
    assert set(live) == {"waiting", "running", "over", "abandoned"}
    assert live["running"] >= 1  # counted from the hub at scrape time
    requests = {
        sample.labels["status"]: sample.value
        for sample in families["spieltisch_http_requests"].samples
        if sample.name == "spieltisch_http_requests_total"
    }
    assert requests.get("2xx", 0) >= 2  # at least the start-up probe and the table


def test_a_move_is_counted_and_timed(server: ServerProcess) -> None:
    """A browser's move shows in spieltisch_moves_total and spieltisch_move_seconds."""

    def counts() -> tuple[float, float]:
        body = fetch(server.url + "/metrics")[2]
        moves = timed = 0.0
        for family in text_string_to_metric_families(body):
            for sample in family.samples:
                if sample.name == "spieltisch_moves_total" and sample.labels["by"] == "person":
                    moves = sample.value
                if sample.name == "spieltisch_move_seconds_count":
                    timed = sample.value
        return moves, timed

    before = counts()
    status, made, cookie = server.post("/api/tables", {"game": "ostseeschach", "opponent": "here"})
    assert status == 200 and cookie
    url = server.url.replace("http://", "ws://") + f"/ws/tables/{made['id']}"
    with connect(url, additional_headers={"cookie": cookie}) as socket:
        table = json.loads(socket.recv(timeout=20))
        notation = table["state"]["moves"][0]["notation"]
        socket.send(json.dumps({"type": "move", "notation": notation}))
        while json.loads(socket.recv(timeout=20)).get("ply") != 1:
            pass
    after = counts()
    assert after[0] == before[0] + 1
    assert after[1] == before[1] + 1


# --- the JSON log ------------------------------------------------------------------------


def test_json_log_has_a_line_per_request_and_event_and_no_secret(tmp_path: Path) -> None:
    process = ServerProcess(tmp_path / "games.db", "--log-format", "json")
    process.start()
    cookie_secret = "cookieSECRETvalue0123456789"
    query_secret = "querySECRETtoken42"
    try:
        status, _, _ = fetch(
            process.url + f"/api/games?token={query_secret}&password={query_secret}",
            {
                "cookie": f"spieltisch={cookie_secret}",
                "authorization": f"Bearer {query_secret}",
            },
        )
        assert status == 200
        status, made, set_cookie = process.post(
            "/api/tables", {"game": "ostseeschach", "opponent": "link"}
        )
        assert status == 200 and set_cookie
        issued = set_cookie.split("=", 1)[1]
        status, _, _ = process.post(
            f"/api/tables/{made['id']}/join",
            {"name": "guest"},
            cookie=f"spieltisch={cookie_secret}",
        )
        assert status == 200
        url = process.url.replace("http://", "ws://") + f"/ws/tables/{made['id']}"
        with connect(
            url + f"?session={query_secret}", additional_headers={"cookie": set_cookie}
        ) as socket:
            table = json.loads(socket.recv(timeout=20))
            notation = table["state"]["moves"][0]["notation"]
            socket.send(json.dumps({"type": "move", "notation": notation}))
            while json.loads(socket.recv(timeout=20)).get("ply") != 1:
                pass
        assert fetch(process.url + "/nowhere")[0] == 404
    finally:
        assert process.process is not None and process.process.stderr is not None
        process.process.terminate()
        process.process.wait(10)
        output = process.process.stderr.read().decode()
        process.stop()
    lines = [json.loads(line) for line in output.splitlines() if line.strip()]
    assert lines, "the server wrote no log line"
    for line in lines:
        assert {"time", "level", "logger", "message"} <= set(line)
    requests = [line for line in lines if line["logger"] == "spieltisch.request"]
    by_path = {(line["method"], line["path"]): line for line in requests}
    games = by_path[("GET", "/api/games")]
    assert games["status"] == 200 and games["kind"] == "http"
    assert games["client"].startswith("127.0.0.1:") and games["ms"] >= 0
    assert by_path[("POST", "/api/tables")]["status"] == 200
    assert by_path[("POST", f"/api/tables/{made['id']}/join")]["status"] == 200
    assert by_path[("GET", "/nowhere")]["status"] == 404
    socket_line = by_path[("WS", f"/ws/tables/{made['id']}")]
    assert socket_line["status"] == 101 and socket_line["kind"] == "websocket"
    events = [line for line in lines if line["logger"] == "spieltisch.table"]
    names = {(line["table"], line["event"]) for line in events}
    assert {(made["id"], "seat_taken"), (made["id"], "started")} <= names
    move = next(line for line in events if line["event"] == "move_played")
    assert move["table"] == made["id"] and move["ply"] == 0
    assert move["seat"] == 0 and move["seat_kind"] == "person"
    for secret in (cookie_secret, query_secret, issued, "token=", "Bearer"):
        assert secret not in output, f"{secret!r} is in the log"


# --- /healthz with PostgreSQL stopped ----------------------------------------------------


def _pg_ctl(server: Server, *args: str) -> None:
    command = [*server.runner, str(server.binaries / "pg_ctl"), "-D", str(server.folder / "data")]
    subprocess.run([*command, *args], check=True, capture_output=True, timeout=60)


def test_healthz_is_503_while_postgresql_is_stopped_and_200_when_back(
    postgres: Server, tmp_path: Path
) -> None:
    process = ServerProcess(tmp_path / "unused", "--db", postgres.url())
    process.start()  # the later --db wins over ServerProcess's SQLite file
    try:
        status, _, body = fetch(process.url + "/healthz")
        assert status == 200, body
        _pg_ctl(postgres, "-m", "fast", "-w", "stop")
        status, kind, body = fetch(process.url + "/healthz")
        assert status == 503
        assert kind.startswith("application/json")
        data: dict[str, Any] = json.loads(body)
        assert data["status"] == "unavailable"
        assert "store" in data["reason"] and len(data["reason"]) <= 400
        folder = postgres.folder
        settings = (
            f"-h 127.0.0.1 -p {postgres.port} -k {folder} -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off -c max_connections=60"
        )
        _pg_ctl(postgres, "-l", str(folder / "server.log"), "-w", "-o", settings, "start")
        status, _, body = fetch(process.url + "/healthz")
        assert status == 200, body  # no restart of the server needed
    finally:
        process.stop()
