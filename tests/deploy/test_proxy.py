"""deploy/nginx.conf, the proxy of deploy/compose.yaml, run for real by Debian's nginx in
front of two real `spieltisch serve` processes: only the replicas' addresses and the
listening ports are changed to free loopback ones. Every request is answered through it,
by both replicas in turn (no stickiness), the WebSockets are upgraded, the bot TCP port
is passed through, and with one replica killed the other answers everything."""

from __future__ import annotations

import json
import re
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from tests.serverproc import ServerProcess, free_port

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
#: The replicas' fixed addresses on the compose network (deploy/compose.yaml).
REPLICAS = ("172.28.50.11", "172.28.50.12")

NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
pytestmark = pytest.mark.skipif(NGINX is None, reason="no nginx here (apt-get install nginx)")


def render(servers: list[ServerProcess], http: int, bots: int, root: Path) -> str:
    """deploy/nginx.conf with the replicas at `servers` and nginx listening on `http` and
    `bots` of 127.0.0.1, its files under `root` (each change checked to have happened)."""
    text = (DEPLOY / "nginx.conf").read_text(encoding="utf-8")
    for address, server in zip(REPLICAS, servers, strict=True):
        bot_port = server.extra[server.extra.index("--xml-port") + 1]
        for port, to in (("8000", str(server.port)), ("13050", bot_port)):
            text, count = re.subn(rf"\b{re.escape(address)}:{port}\b", f"127.0.0.1:{to}", text)
            assert count == 1, f"nginx.conf names {address}:{port} once"
    for listen, to in (
        ("listen 80 default_server;", f"listen 127.0.0.1:{http} default_server;"),
        ("listen 13050;", f"listen 127.0.0.1:{bots};"),
    ):
        assert text.count(listen) == 1, listen
        text = text.replace(listen, to)
    text = text.replace("pid /tmp/nginx.pid;", f"pid {root}/nginx.pid;")
    text = re.sub(r"(_temp_path) /tmp/", rf"\1 {root}/", text)
    text = text.replace("worker_processes auto;", "worker_processes 1;")
    text = text.replace("worker_rlimit_nofile 65536;", "worker_rlimit_nofile 4096;")
    text = text.replace("worker_connections 16384;", "worker_connections 1024;")
    version = subprocess.run([str(NGINX), "-V"], capture_output=True, text=True).stderr
    if "--with-stream=dynamic" in version:  # Debian's nginx: the stream module is loaded
        module = next(Path("/usr/lib/nginx/modules").glob("ngx_stream_module.so"), None)
        if module is None:
            pytest.skip("nginx's stream module is not installed (libnginx-mod-stream)")
        text = f"load_module {module};\n" + text
    return text


def wait_port(port: int, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            assert time.monotonic() < deadline, f"nothing listens on {port}"
            time.sleep(0.05)


def get(url: str) -> tuple[int, Any]:
    try:
        with urllib.request.urlopen(url, timeout=20) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as exc:
        return exc.code, None


class Proxy:
    def __init__(self, process: subprocess.Popen[bytes], http: int, bots: int) -> None:
        self.process, self.http, self.bots = process, http, bots
        self.url = f"http://127.0.0.1:{http}"


@pytest.fixture(scope="module")
def replicas(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[ServerProcess]]:
    """Two replicas for the module (the last test kills one)."""
    tmp_path = tmp_path_factory.mktemp("replicas")
    servers = [
        ServerProcess(tmp_path / f"replica{n}.db", "--xml-port", str(free_port())) for n in range(2)
    ]
    try:
        for server in servers:
            server.start()
        yield servers
    finally:
        for server in servers:
            server.stop()


@pytest.fixture(scope="module")
def proxy(
    replicas: list[ServerProcess], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Proxy]:
    http, bots = free_port(), free_port()
    root = tmp_path_factory.mktemp("nginx")
    config = root / "nginx.conf"
    config.write_text(render(replicas, http, bots, root), encoding="utf-8")
    where = ["-c", str(config), "-p", str(root), "-e", str(root / "error.log")]
    checked = subprocess.run(
        [str(NGINX), "-t", *where],
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stderr
    process = subprocess.Popen(
        [str(NGINX), "-g", "daemon off;", *where],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        wait_port(http)
        wait_port(bots)
        yield Proxy(process, http, bots)
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)
        assert process.stderr is not None
        process.stderr.close()


@pytest.mark.timeout(120)
def test_both_replicas_answer_through_the_proxy_without_stickiness(
    replicas: list[ServerProcess], proxy: Proxy
) -> None:
    first, second = replicas
    # a waiting table on the first replica alone: its lobby has it, the second's not
    status, _, _ = first.post("/api/tables", {"game": "okard", "opponent": "here"})
    assert status in (200, 201)
    counts = {first.get("/api/stats")["tables"], second.get("/api/stats")["tables"]}
    assert len(counts) == 2, "the replicas differ, so the proxy's answers tell them apart"
    seen = [get(proxy.url + "/api/stats") for _ in range(6)]
    assert all(status == 200 for status, _ in seen)
    assert {answer["tables"] for _, answer in seen} == counts, "round robin over both"
    assert get(proxy.url + "/healthz")[0] == 200
    with urllib.request.urlopen(proxy.url + "/proxy-healthz", timeout=20) as response:
        assert response.read() == b"ok\n"
    assert get(proxy.url + "/metrics")[0] == 404, "each replica is scraped on its own"


@pytest.mark.timeout(120)
def test_websockets_and_the_bot_port_pass_through(proxy: Proxy) -> None:
    with connect(f"ws://127.0.0.1:{proxy.http}/ws/bot", open_timeout=20) as bot:
        bot.send(json.dumps({"type": "join", "game": "schachogi", "name": "ws bot"}))
        while (message := json.loads(bot.recv(20)))["type"] != "joined":
            pass
        assert message["seat"] == 0
    with socket.create_connection(("127.0.0.1", proxy.bots), timeout=20) as sock:
        stream = sock.makefile("rwb")
        stream.write(json.dumps({"type": "join", "game": "okard", "name": "tcp bot"}).encode())
        stream.write(b"\n")
        stream.flush()
        while (message := json.loads(stream.readline()))["type"] != "joined":
            pass
        assert (message["seat"], message["game"]) == (0, "okard")
        stream.close()


@pytest.mark.timeout(120)
def test_with_one_replica_killed_the_other_answers_everything(
    replicas: list[ServerProcess], proxy: Proxy
) -> None:
    replicas[0].kill()
    answers = [get(proxy.url + "/healthz")[0] for _ in range(8)]
    assert answers == [200] * 8
    with socket.create_connection(("127.0.0.1", proxy.bots), timeout=20) as sock:
        stream = sock.makefile("rwb")
        stream.write(b'{"type": "join", "game": "okard", "name": "tcp bot"}\n')
        stream.flush()
        while json.loads(stream.readline())["type"] != "joined":
            pass
        stream.close()
