"""Load on a server of several processes: simulated players, spectators and AI seats
against 1, 2 and 4 `spieltisch serve` processes on one PostgreSQL database joined by one
Redis (started here from Debian's packages, as the tests start them), with no proxy:
the clients spread over the processes round robin.

Each table is made on one process (its owner) by its first player; the second player
joins and plays through the next process, and the spectators watch through the
processes in turn, so with two or more processes most moves cross the broker: a move
sent to a process that does not own the table goes to the owner, and every new view
comes back to the watchers on the other processes. Some tables are a person against
the AI (at `level`, on the owner's AI workers). Players think `think` seconds (uniform
from half to one and a half times) before each move; 0 plays as fast as the server
answers, which measures capacity. A game ends after `plies` moves (a resignation) or
by itself.

Reported per process count: moves per second over all tables; the server's own time per
move (from the move's arrival at the process the player is connected to until the new
view was sent, the forwarding to the owner and its commit included; each process's
`/api/stats`), p50 and p99; and the end-to-end latency of a move to a watcher connected
to another process than the owner (from the player's send to the spectator's receipt,
one clock: the mover and the spectators of a table live in the same client process),
p50 and p99. The clients run in `clients` processes of their own.

`python -m benchmarks.cluster_load` (about a minute; `--processes 1 2 4`, `--tables`,
`--spectators`, `--think`, `--plies`, `--ai-tables`).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import re
import resource
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import psycopg
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from benchmarks.server_load import (
    Load as ServerLoad,
)
from benchmarks.server_load import (
    free_port,
    percentile,
    post,
    raise_open_files,
    server_environment,
)

#: Games of the people tables (short variants) and of the AI tables.
GAMES: list[tuple[str, dict[str, str]]] = [
    ("ostseeschach", {}),
    ("hase-und-igel", {}),
    ("okard", {"board": "8", "turns": "12"}),
    ("schachogi", {"quiet_plies": "40"}),
]
AI_GAMES: list[tuple[str, dict[str, str]]] = [("ostseeschach", {}), ("hase-und-igel", {})]
#: A table message's ply (the table's own: the first one in the text).
PLY = re.compile(r'"ply":(\d+)')


@dataclass(frozen=True)
class Shape:
    """One run's load."""

    tables: int = 48
    spectators: int = 2
    ai_tables: int = 6
    level: str = "easy"
    plies: int = 40
    think: float = 0.0
    clients: int = 2


@dataclass
class TableResult:
    moves: int = 0
    #: Seconds from a move's send to a spectator elsewhere seeing it.
    remote_seen: list[float] = field(default_factory=list)
    first: float = 0.0
    last: float = 0.0
    errors: int = 0
    #: The first few error messages the players got (refused actions).
    messages: list[str] = field(default_factory=list)


# --- the client side (in client processes) -------------------------------------------


async def _open(url: str, cookie: str | None) -> ClientConnection:
    headers = {"cookie": cookie} if cookie else None
    return await connect(url, additional_headers=headers, max_size=None, open_timeout=60)


async def _player(
    ws: ClientConnection,
    rng: random.Random,
    shape: Shape,
    sent: dict[int, float],
    result: TableResult,
) -> None:
    """One seat: a random move (after thinking) whenever it is this seat's turn (once
    per ply: a view of the same ply again is not a new turn)."""
    moved_at = -1
    async for raw in ws:
        if '"your_turn":true' not in raw and '"status":"running"' in raw:
            continue  # not ours to move: not worth parsing (the client's own time)
        data = json.loads(raw)
        if data["type"] == "error":
            result.errors += 1
            if len(result.messages) < 3:
                result.messages.append(str(data.get("message"))[:200])
            continue
        if data["status"] in ("over", "abandoned"):
            return
        if data["status"] != "running" or not data["your_turn"] or data["ply"] <= moved_at:
            continue
        if shape.think:
            await asyncio.sleep(rng.uniform(0.5, 1.5) * shape.think)
        ply = moved_at = data["ply"]
        if ply >= shape.plies:
            message = {"type": "resign"}
        else:
            move = rng.choice(data["state"]["moves"])
            message = {"type": "move", "notation": move["notation"]}
        now = time.time()
        sent.setdefault(ply, now)
        result.first = result.first or now
        try:
            await ws.send(json.dumps(message))
        except ConnectionClosed:
            return


async def _spectator(
    ws: ClientConnection, sent: dict[int, float], result: TableResult, remote: bool
) -> None:
    """A watcher: when each ply first arrived (measured if it watches elsewhere)."""
    last = -1
    async for raw in ws:
        now = time.time()
        found = PLY.search(str(raw))  # the table's ply comes before the game's view
        if found is None:
            continue
        ply = int(found.group(1))
        if ply > last:
            if remote and last in sent:
                result.remote_seen.append(now - sent[last])
            last = ply
        if '"status":"running"' not in raw and '"status":"waiting"' not in raw:
            data = json.loads(raw)
            result.last = max(result.last, now)
            result.moves = len(data["moves"])
            return


async def _table(index: int, bases: list[str], shape: Shape, start: float) -> TableResult:
    n = len(bases)
    owner = index % n
    other = (index + 1) % n
    rng = random.Random(index)
    result = TableResult()
    ai = index < shape.ai_tables
    body: dict[str, Any]
    if ai:
        game, options = AI_GAMES[index % len(AI_GAMES)]
        body = {"game": game, "options": options, "opponent": "ai", "level": shape.level}
    else:
        game, options = GAMES[index % len(GAMES)]
        body = {"game": game, "options": options, "opponent": "link"}
    body.update(seat=0, seed=index)
    made, cookie_a = await asyncio.to_thread(post, bases[owner] + "/api/tables", body)
    table_id = made["id"]
    cookies = [cookie_a]
    if not ai:
        _, cookie_b = await asyncio.to_thread(
            post, bases[other] + f"/api/tables/{table_id}/join", {"name": "b"}
        )
        cookies.append(cookie_b)

    def url(process: int) -> str:
        return bases[process].replace("http://", "ws://") + f"/ws/tables/{table_id}"

    spectators = []
    for number in range(shape.spectators):
        process = (owner + 1 + number) % n
        spectators.append((await _open(url(process), None), process != owner or n == 1))
    players = [await _open(url(owner), cookies[0])]
    if not ai:
        players.append(await _open(url(other), cookies[1]))
    await asyncio.sleep(max(0.0, start - time.time()))
    sent: dict[int, float] = {}
    jobs = [_player(ws, rng, shape, sent, result) for ws in players]
    jobs += [_spectator(ws, sent, result, remote) for ws, remote in spectators]
    await asyncio.gather(*jobs)
    for ws in players + [ws for ws, _ in spectators]:
        await ws.close()
    return result


def _client(args: tuple[list[int], list[str], Shape, float]) -> list[dict[str, Any]]:
    """A client process: its tables, played at once from `start` (a wall-clock time)."""
    indices, bases, shape, start = args

    async def run() -> list[TableResult]:
        return list(await asyncio.gather(*(_table(i, bases, shape, start) for i in indices)))

    return [asdict(result) for result in asyncio.run(run())]


# --- the server side -------------------------------------------------------------------


def _environment(shape: Shape, broker: str) -> dict[str, str]:
    load = ServerLoad(tables=shape.tables, spectators=shape.spectators, ai_tables=shape.ai_tables)
    env = server_environment(load)
    env["SPIELTISCH_BROKER_URL"] = broker
    env["SPIELTISCH_AI_WORKERS"] = "1"
    return env


def _wait(base: str, process: subprocess.Popen[bytes]) -> None:
    for _ in range(600):
        if process.poll() is not None:
            raise RuntimeError(f"a server process ended at its start ({process.returncode})")
        try:
            urllib.request.urlopen(base + "/api/games", timeout=2).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("a server process did not start")


def _warm_up(base: str) -> None:
    """A few moves of each game and an AI move on the process at `base`, so that its
    first use of each (imports, the AI worker's start) is not measured; its move times
    are cleared (`/api/stats` keeps them: the warm-up's are dropped by count)."""
    warm = Shape(tables=len(GAMES), spectators=1, ai_tables=len(AI_GAMES), plies=4)

    async def run() -> None:
        await asyncio.gather(*(_table(i, [base], warm, time.time()) for i in range(warm.tables)))

    asyncio.run(run())


def _stats(base: str) -> list[float]:
    with urllib.request.urlopen(base + "/api/stats", timeout=30) as response:
        seconds: list[float] = json.loads(response.read())["move_seconds"]
        return seconds


def _cpu(pid: int) -> float:
    """CPU seconds (user and system) process `pid` used so far (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _descendants(roots: Sequence[int]) -> list[int]:
    """The processes below `roots` now (their children, theirs, …)."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        parents.setdefault(parent, []).append(int(entry.name))
    found: list[int] = []
    todo = list(roots)
    while todo:
        children = parents.get(todo.pop(), [])
        found.extend(children)
        todo.extend(children)
    return found


@dataclass
class CpuMeter:
    """CPU seconds of the server processes (the web app and tables), of their AI
    workers, of PostgreSQL and of Redis, between `start` and `stop`."""

    servers: list[int]
    postgres: int
    redis: int
    used: dict[str, float] = field(default_factory=dict)

    def _now(self) -> dict[str, float]:
        workers = _descendants(self.servers)
        database = [self.postgres, *_descendants([self.postgres])]
        return {
            "server": sum(_cpu(pid) for pid in self.servers),
            "ai": sum(_cpu(pid) for pid in workers),
            "postgres": sum(_cpu(pid) for pid in database),
            "redis": _cpu(self.redis),
        }

    def start(self) -> None:
        self.used = {key: -value for key, value in self._now().items()}

    def stop(self) -> None:
        for key, value in self._now().items():
            self.used[key] += value


def run(
    processes: int, shape: Shape, db_url: str, broker: str, meter: tuple[int, int]
) -> dict[str, Any]:
    """One run of `shape` on `processes` server processes over the empty `db_url`;
    `meter`: the process ids of PostgreSQL and Redis, whose CPU time is counted."""
    env = _environment(shape, broker)
    ports = [free_port() for _ in range(processes)]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    servers = []
    try:
        for port, base in zip(ports, bases, strict=True):
            command = [sys.executable, "-m", "spieltisch", "serve", "--port", str(port)]
            server = subprocess.Popen(
                [*command, "--db", db_url], env=env, stdout=subprocess.DEVNULL
            )
            servers.append(server)
            _wait(base, server)  # one at a time: the first migrates the schema
        for base in bases:  # every game and the AI worker once, before the measurement
            _warm_up(base)
        start = time.time() + 3.0 + shape.tables * 0.05
        shares = [list(range(c, shape.tables, shape.clients)) for c in range(shape.clients)]
        context = multiprocessing.get_context("spawn")
        skip = {base: len(_stats(base)) for base in bases}  # the warm-up's moves
        cpu = CpuMeter([server.pid for server in servers], *meter)
        clock = threading.Timer(max(0.0, start - time.time()), cpu.start)
        clock.start()
        clients = resource.getrusage(resource.RUSAGE_CHILDREN)
        with context.Pool(shape.clients) as pool:
            parts = pool.map(_client, [(share, bases, shape, start) for share in shares])
        cpu.stop()
        done = resource.getrusage(resource.RUSAGE_CHILDREN)  # the clients, reaped
        cpu.used["clients"] = done.ru_utime + done.ru_stime - clients.ru_utime - clients.ru_stime
        clock.join()
        seconds = sorted(s for base in bases for s in _stats(base)[skip[base] :])
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(30)
    results = [TableResult(**row) for part in parts for row in part]
    moves = sum(r.moves for r in results)
    wall = max(r.last for r in results) - min(r.first for r in results if r.first)
    seen = sorted(s for r in results for s in r.remote_seen)
    return {
        "processes": processes,
        "moves": moves,
        "moves_per_second": moves / wall,
        "wall_seconds": wall,
        "server_p50_ms": statistics.median(seconds) * 1000,
        "server_p99_ms": percentile(seconds, 0.99) * 1000,
        "seen_elsewhere_p50_ms": statistics.median(seen) * 1000 if seen else None,
        "seen_elsewhere_p99_ms": percentile(seen, 0.99) * 1000 if seen else None,
        "cpu_ms_per_move": {key: used / moves * 1000 for key, used in cpu.used.items()},
        "errors": sum(r.errors for r in results),
        "error_messages": [m for r in results for m in r.messages][:5],
    }


def measure(
    process_counts: Sequence[int] = (1, 2, 4), shape: Shape = Shape(), repeat: int = 1
) -> dict[str, Any]:
    """Every process count in turn (`repeat` rounds, interleaved, so that the machine's
    other work weighs on each alike) on a fresh database of one PostgreSQL server, with
    one Redis; the load average of the machine before and after."""
    from tests.cluster.redis import start_redis
    from tests.store.postgres import start_server

    raise_open_files(4 * shape.tables * (shape.spectators + 2) + 1024)
    before = os.getloadavg()
    postgres = start_server()
    broker = start_redis()
    rows: list[dict[str, Any]] = []
    try:
        plain = postgres.url().replace("postgresql+psycopg://", "postgresql://", 1)
        for count in [count for _ in range(repeat) for count in process_counts]:
            name = f"load{len(rows)}"
            with psycopg.connect(plain, autocommit=True) as connection:
                connection.execute(f'CREATE DATABASE "{name}"')
            master = int((postgres.folder / "data" / "postmaster.pid").read_text().split()[0])
            meter = (master, broker.process.pid)
            rows.append(run(count, shape, postgres.url(name), broker.url, meter))
    finally:
        broker.stop()
        postgres.stop()
    return {"shape": shape, "rows": rows, "load_before": before, "load_after": os.getloadavg()}


def report(result: dict[str, Any]) -> None:
    shape: Shape = result["shape"]
    print(
        f"{shape.tables} tables ({shape.ai_tables} against the AI at {shape.level}), "
        f"{shape.spectators} spectators each, think {shape.think} s, {shape.plies} plies at "
        f"most; {shape.clients} client processes; machine load "
        f"{result['load_before'][0]:.1f} before, {result['load_after'][0]:.1f} after"
    )
    best: dict[int, dict[str, Any]] = {}
    for row in result["rows"]:
        known = best.get(row["processes"])
        if known is None or row["moves_per_second"] > known["moves_per_second"]:
            best[row["processes"]] = row
    base = best[result["rows"][0]["processes"]]["moves_per_second"]
    for row in result["rows"]:
        seen = (
            f"{row['seen_elsewhere_p50_ms']:.1f} / {row['seen_elsewhere_p99_ms']:.1f} ms"
            if row["seen_elsewhere_p50_ms"] is not None
            else "-"
        )
        print(
            f"  {row['processes']} process(es): {row['moves_per_second']:.0f} moves/s "
            f"(x{row['moves_per_second'] / base:.2f}, {row['moves']} moves in "
            f"{row['wall_seconds']:.1f} s); server time p50 {row['server_p50_ms']:.1f} ms, "
            f"p99 {row['server_p99_ms']:.1f} ms; seen by a watcher elsewhere p50/p99 {seen}; "
            f"errors {row['errors']}"
        )
        cpu = row["cpu_ms_per_move"]
        print(
            f"    CPU per move: server processes {cpu['server']:.2f} ms, their AI workers "
            f"{cpu['ai']:.2f} ms, PostgreSQL {cpu['postgres']:.2f} ms, Redis "
            f"{cpu['redis']:.2f} ms, the clients {cpu['clients']:.2f} ms"
        )
        for message in row["error_messages"]:
            print(f"    refused: {message}")
    if len(result["rows"]) > len(best):
        print("best run of each process count (the one least disturbed by the machine):")
        for count, row in sorted(best.items()):
            print(
                f"  {count}: {row['moves_per_second']:.0f} moves/s "
                f"(x{row['moves_per_second'] / base:.2f}), server p99 "
                f"{row['server_p99_ms']:.0f} ms"
            )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.cluster_load", description=__doc__.split("\n\n")[0]
    )
    default = Shape()
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--tables", type=int, default=default.tables)
    parser.add_argument("--spectators", type=int, default=default.spectators)
    parser.add_argument("--ai-tables", type=int, default=default.ai_tables)
    parser.add_argument("--level", default=default.level)
    parser.add_argument("--plies", type=int, default=default.plies)
    parser.add_argument("--think", type=float, default=default.think)
    parser.add_argument("--clients", type=int, default=default.clients)
    parser.add_argument("--repeat", type=int, default=1, help="rounds over the counts")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    shape = Shape(
        tables=args.tables,
        spectators=args.spectators,
        ai_tables=min(args.ai_tables, args.tables),
        level=args.level,
        plies=args.plies,
        think=args.think,
        clients=args.clients,
    )
    # a run stopped from outside (`timeout`, Ctrl-C) still stops its servers
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped"))
    result = measure(args.processes, shape, max(1, args.repeat))
    report(result)
    if args.json is not None:
        shown = {**result, "shape": asdict(shape)}
        args.json.write_text(json.dumps(shown, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
