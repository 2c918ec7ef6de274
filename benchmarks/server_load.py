"""Load on the web server: 50 tables of random movers playing at once over WebSockets.

One `spieltisch serve` process with a fresh SQLite store; each table is created over
HTTP (two seats on one screen) and played to its end by a client choosing random moves
from the view. Reported: the server's own time per move (from receiving the move to
having sent the new view to every watcher, the store write included: median and 99th
percentile, from `/api/stats`), the moves per second overall, and the check that every
game is stored exactly once and intact (finished, the same moves, replaying to the same
final position).

Run: `python -m benchmarks.server_load [TABLES]`.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from spieltisch.core.record import replay_record
from spieltisch.core.text import read_int
from spieltisch.store import Store

TABLES = 50
#: Short variants, so that a run takes seconds, not minutes.
GAMES = [
    ("ostseeschach", {}),
    ("schachogi", {"quiet_plies": "40"}),
    ("hase-und-igel", {}),
    ("okard", {"board": "8", "turns": "12"}),
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def post(url: str, body: dict[str, Any]) -> tuple[dict[str, Any], str]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST")
    request.add_header("content-type", "application/json")
    with urllib.request.urlopen(request, timeout=30) as response:
        cookie = response.headers["set-cookie"].split(";", 1)[0]
        data: dict[str, Any] = json.loads(response.read())
        return data, cookie


async def play(base: str, index: int) -> tuple[int, list[str], str]:
    """Create table `index` and play it to the end with random moves: (id, moves, final)."""
    game, options = GAMES[index % len(GAMES)]
    made, cookie = await asyncio.to_thread(
        post,
        base + "/api/tables",
        {"game": game, "options": options, "opponent": "here", "seed": index},
    )
    rng = random.Random(index)
    url = base.replace("http://", "ws://") + f"/ws/tables/{made['id']}"
    async with connect(url, additional_headers={"cookie": cookie}, max_size=None) as ws:
        table = json.loads(await ws.recv())
        while table["status"] == "running":
            move = rng.choice(table["state"]["moves"])
            await ws.send(json.dumps({"type": "move", "notation": move["notation"]}))
            ply = table["ply"]
            while True:
                data = json.loads(await ws.recv())
                if data["type"] == "error":
                    raise RuntimeError(f"table {made['id']}: {data['message']}")
                if data["ply"] != ply or data["status"] != "running":
                    table = data
                    break
    return made["id"], table["moves"], table["position"]


async def run_all(base: str, tables: int) -> list[tuple[int, list[str], str]]:
    return await asyncio.gather(*(play(base, index) for index in range(tables)))


def measure(tables: int = TABLES) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "load.db"
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        env = dict(os.environ)
        src = str(Path(__file__).resolve().parent.parent / "src")
        env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
        # every simulated player comes from 127.0.0.1: lift the per-address limits
        for limit in ("TABLES", "JOINS", "WEBSOCKETS"):
            env[f"SPIELTISCH_{limit}_PER_MINUTE"] = str(100 * tables + 100)
        env["SPIELTISCH_CONNECTIONS_PER_ADDRESS"] = str(100 * tables + 100)
        command = [sys.executable, "-m", "spieltisch", "serve", "--port", str(port)]
        server = subprocess.Popen([*command, "--db", str(db)], env=env, stdout=subprocess.DEVNULL)
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(base + "/api/games", timeout=2).close()
                    break
                except OSError:
                    time.sleep(0.1)
            started = time.perf_counter()
            played = asyncio.run(run_all(base, tables))
            wall = time.perf_counter() - started
            with urllib.request.urlopen(base + "/api/stats", timeout=10) as response:
                seconds = sorted(json.loads(response.read())["move_seconds"])
        finally:
            server.terminate()
            server.wait(10)
        with Store.open(db) as store:
            stored = store.list_games(limit=1000)
            intact = len(stored) == tables
            for game_id, moves, final in played:
                record = store.record(game_id)
                intact = intact and record.finished and record.moves == moves
                intact = intact and replay_record(record).text() == final
    p99 = seconds[min(len(seconds) - 1, int(len(seconds) * 0.99))]
    return {
        "tables": tables,
        "moves": len(seconds),
        "median_ms": statistics.median(seconds) * 1000,
        "p99_ms": p99 * 1000,
        "moves_per_second": len(seconds) / wall,
        "stored_once_and_intact": intact,
    }


def main() -> None:
    tables = read_int(sys.argv[1], "tables", low=1, high=1000) if len(sys.argv) > 1 else TABLES
    result = measure(tables)
    print(f"{result['tables']} tables, {result['moves']} moves by random movers at once")
    print(
        f"server time per move: median {result['median_ms']:.1f} ms, "
        f"99th percentile {result['p99_ms']:.1f} ms"
    )
    print(f"throughput: {result['moves_per_second']:.0f} moves/s over all tables")
    print(f"every game stored once and intact: {result['stored_once_and_intact']}")


if __name__ == "__main__":
    main()
