"""Load on the web server: many tables at once, each watched by spectators, some of them
played against the AI, over real WebSockets to a real `spieltisch serve` process.

One server process with a fresh SQLite store on 127.0.0.1. Two kinds of table:
- *people tables*: two seats on one screen, a client playing random moves from the view
  (to the end, or `plies` moves and then a resignation), each after `people_pause`
  seconds (0: as fast as the server answers, which measures its capacity, not a
  player's wait);
- *AI tables*: a person (random moves after `pause` seconds) against the AI at `level`,
  for `ai_moves` AI replies, then the person resigns.
Every table has `spectators` more WebSockets that read every view until the game ends.

Reported:
- the server's own time per move sent by a browser (from receiving it to having sent the
  new view to every watcher, the store write included; `/api/stats`): median and 99th
  percentile, and the ratio to the same work done without a server (playing the move on
  a `Table` and writing its view for the watchers, in this process, in the same run: the
  reference of `benchmarks/reference.py`'s kind, measured on this machine now);
- the AI's reply time (from the person's move acknowledged to the AI's move arriving),
  the search's own time (`last_move_think` of the view: what the AI's process reports),
  and the overhead = reply - think, as the person sees it and as the table timed it
  (`last_move_seconds`, the turn's time on the server);
- moves per second overall; and that every game is stored exactly once and intact
  (finished, the same moves, replaying to the same final position).

The quick mode (no arguments) takes seconds; the full one is
`python -m benchmarks.server_load --tables 200 --spectators 20` (half the tables against
the AI at `hard`; minutes on two cores). Everything stays on loopback; the server's rate
limits and per-address caps are raised for the run through its `SPIELTISCH_*` settings
(every client comes from 127.0.0.1), and the open-file limit of this process (inherited
by the server) is raised to hold every socket.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from prometheus_client.parser import text_string_to_metric_families
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from spieltisch.core.record import replay_record
from spieltisch.core.registry import load
from spieltisch.core.settings import Settings
from spieltisch.store import Store
from spieltisch.tables import Seat, Table

#: Short variants, so that a run takes seconds, not minutes.
GAMES = [
    ("ostseeschach", {}),
    ("schachogi", {"quiet_plies": "40"}),
    ("hase-und-igel", {}),
    ("okard", {"board": "8", "turns": "12"}),
]
#: The games of the AI tables: their `hard` level searches a fifth of a second.
AI_GAMES: list[tuple[str, dict[str, str]]] = [("ostseeschach", {}), ("hase-und-igel", {})]
#: Connections opened at once (the server's accept backlog is finite).
CONNECTING = 200


@dataclass(frozen=True)
class Load:
    """The shape of one run."""

    tables: int = 12
    spectators: int = 2
    #: How many of the tables are a person against the AI (the rest: people tables).
    ai_tables: int = 6
    level: str = "hard"
    #: AI replies per AI table before the person resigns.
    ai_moves: int = 2
    #: Moves per people table before one side resigns (None: to the end of the game).
    plies: int | None = None
    #: Seconds the person at an AI table waits before each move.
    pause: float = 0.0
    #: Seconds a people table's players think before each move (uniform around it).
    people_pause: float = 0.0


QUICK = Load()
FULL = Load(
    tables=200, spectators=20, ai_tables=100, ai_moves=3, plies=60, pause=1.0, people_pause=1.0
)


@dataclass
class Played:
    """What one table's player saw."""

    id: int
    moves: list[str]
    final: str
    #: Per AI reply: (reply seconds seen by the person, server turn seconds, think seconds).
    replies: list[tuple[float, float, float | None]] = field(default_factory=list)
    #: Spectators whose connection ended before the game.
    spectators_dropped: int = 0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def post(url: str, body: dict[str, Any]) -> tuple[dict[str, Any], str]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST")
    request.add_header("content-type", "application/json")
    request.add_header("origin", url.split("/api/", 1)[0])  # a same-origin request
    with urllib.request.urlopen(request, timeout=60) as response:
        cookie = response.headers["set-cookie"].split(";", 1)[0]
        data: dict[str, Any] = json.loads(response.read())
        return data, cookie


async def spectator(url: str, gate: asyncio.Semaphore) -> ClientConnection:
    """A spectator's connection (no cookie: it holds no seat)."""
    async with gate:
        return await connect(url, max_size=None, open_timeout=120, ping_interval=None)


async def watch(ws: ClientConnection) -> bool:
    """A spectator: read every view until the game has ended; False when the server
    closed the connection before (a watcher dropped)."""
    try:
        async for raw in ws:
            if '"status":"over"' in raw or '"status":"abandoned"' in raw:
                return True
        return False
    except ConnectionClosed:
        return False
    finally:
        await ws.close()


async def next_view(ws: ClientConnection, table_id: int) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(await ws.recv())
    if data["type"] == "error":
        raise RuntimeError(f"table {table_id}: {data['message']}")
    return data


async def play_people(
    ws: ClientConnection, table_id: int, rng: random.Random, plies: int | None, pause: float
) -> dict[str, Any]:
    """Both seats on one screen: random moves to the end (or `plies`, then resign), each
    after about `pause` seconds."""
    table = await next_view(ws, table_id)
    while table["status"] == "running":
        if pause:
            await asyncio.sleep(rng.uniform(0.5, 1.5) * pause)
        if plies is not None and table["ply"] >= plies:
            await ws.send(json.dumps({"type": "resign"}))
        else:
            move = rng.choice(table["state"]["moves"])
            await ws.send(json.dumps({"type": "move", "notation": move["notation"]}))
        ply = table["ply"]
        while True:
            data = await next_view(ws, table_id)
            if data["ply"] != ply or data["status"] != "running":
                table = data
                break
    return table


async def play_ai(
    ws: ClientConnection, table_id: int, rng: random.Random, load_: Load, played: Played
) -> dict[str, Any]:
    """A person against the AI: a random move after `pause`, then wait for the AI's
    answer, `ai_moves` times; then resign."""
    table = await next_view(ws, table_id)
    you = table["you"]
    while table["status"] == "running":
        if not table["your_turn"]:
            table = await next_view(ws, table_id)
            continue
        if len(played.replies) >= load_.ai_moves:
            await ws.send(json.dumps({"type": "resign"}))
            while table["status"] == "running":
                table = await next_view(ws, table_id)
            break
        if load_.pause:
            await asyncio.sleep(rng.uniform(0.5, 1.5) * load_.pause)
        move = rng.choice(table["state"]["moves"])
        sent = time.perf_counter()
        await ws.send(json.dumps({"type": "move", "notation": move["notation"]}))
        ply = table["ply"]
        acknowledged = sent
        while True:
            table = await next_view(ws, table_id)
            if table["status"] != "running":
                break
            if table["ply"] > ply and not table["your_turn"] and acknowledged == sent:
                acknowledged = time.perf_counter()  # our move is in; the AI thinks
            if table["ply"] > ply + 1 and table["your_turn"]:
                break
        movers = table.get("movers") or []
        if table["ply"] > ply + 1 and (1 - you) in movers[ply + 1 :]:
            played.replies.append(
                (
                    time.perf_counter() - acknowledged,
                    float(table.get("last_move_seconds") or 0.0),
                    table.get("last_move_think"),
                )
            )
    return table


async def run_table(
    base: str, index: int, load_: Load, gate: asyncio.Semaphore, start: asyncio.Barrier
) -> Played:
    """Create table `index`, connect its spectators, wait for every other table to be
    as far (`start`), then play it."""
    try:
        return await _run_table(base, index, load_, gate, start)
    except BaseException:
        await start.abort()  # the other tables stop waiting for this one
        raise


async def _run_table(
    base: str, index: int, load_: Load, gate: asyncio.Semaphore, start: asyncio.Barrier
) -> Played:
    ai = index < load_.ai_tables
    rng = random.Random(index)
    body: dict[str, Any]
    if ai:
        game, options = AI_GAMES[index % len(AI_GAMES)]
        body = {"game": game, "options": options, "opponent": "ai", "level": load_.level}
        body.update(seat=index % 2, seed=index)
    else:
        game, options = GAMES[index % len(GAMES)]
        body = {"game": game, "options": options, "opponent": "here", "seed": index}
    async with gate:
        made, cookie = await asyncio.to_thread(post, base + "/api/tables", body)
    url = base.replace("http://", "ws://") + f"/ws/tables/{made['id']}"
    spectators = await asyncio.gather(*(spectator(url, gate) for _ in range(load_.spectators)))
    watchers = [asyncio.create_task(watch(ws)) for ws in spectators]
    await start.wait()
    played = Played(made["id"], [], "")
    async with gate:
        ws = await connect(
            url,
            additional_headers={"cookie": cookie},
            max_size=None,
            open_timeout=120,
            ping_interval=None,  # loopback: the server's pings are enough
        )
    async with ws:
        if ai:
            table = await play_ai(ws, made["id"], rng, load_, played)
        else:
            table = await play_people(ws, made["id"], rng, load_.plies, load_.people_pause)
    played.spectators_dropped = (await asyncio.gather(*watchers)).count(False)
    played.moves, played.final = table["moves"], table["position"]
    return played


async def run_all(base: str, load_: Load) -> list[Played]:
    gate = asyncio.Semaphore(CONNECTING)
    # every table made and watched before the first move: the load is all there at once
    start = asyncio.Barrier(load_.tables)
    tables = [run_table(base, index, load_, gate, start) for index in range(load_.tables)]
    return list(await asyncio.gather(*tables))


def raise_open_files(needed: int) -> int:
    """Raise this process's open-file limit (the server inherits it) to `needed` or the
    hard limit; the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
    if soft != resource.RLIM_INFINITY and soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
        soft = want
    return int(soft)


def server_environment(load_: Load) -> dict[str, str]:
    """The server's environment: rate limits and per-address caps out of the way (every
    client of the run is 127.0.0.1), the AI queue long enough for every AI table."""
    env = dict(os.environ)
    src = str(Path(__file__).resolve().parent.parent / "src")
    env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
    sockets = load_.tables * (load_.spectators + 1)
    for setting in dataclasses.fields(Settings):
        name = setting.name
        if name.endswith(("_per_minute", "_per_address", "_per_player")):
            env["SPIELTISCH_" + name.upper()] = str(max(1000, 10 * sockets))
    env["SPIELTISCH_AI_QUEUE"] = str(max(64, 2 * load_.tables))
    return env


def reference_move_seconds(load_: Load, moves: int = 400) -> float:
    """The same work as the server's for one move, without the server: play a random
    move on a `Table` and write the view for its watchers (one JSON text for every
    spectator, one for the player), in this process; the median seconds."""
    rng = random.Random(7)
    spent: list[float] = []
    while len(spent) < moves:
        name, options = GAMES[len(spent) % len(GAMES)]
        game = load(name, ",".join(f"{k}={v}" for k, v in options.items()) or None)
        table = Table(game, [Seat.person("a", "x"), Seat.person("b", "x")], seed=len(spent))
        table.start()
        for _ in range(40):
            if table.turn is None:
                break
            notation = rng.choice(table.state.view().to_json()["moves"])["notation"]
            started = time.perf_counter()
            table.play(table.turn, notation)
            view = table.view(None)
            json.dumps(view, separators=(",", ":"))
            json.dumps({**view, "you": 0, "your_turn": True}, separators=(",", ":"))
            spent.append(time.perf_counter() - started)
    return statistics.median(spent)


def scrape(base: str) -> dict[str, float]:
    """Sums and counts of the server's `/metrics` histograms ({} where it has none)."""
    try:
        with urllib.request.urlopen(base + "/metrics", timeout=30) as response:
            text = response.read().decode()
    except OSError:
        return {}
    found: dict[str, float] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name.endswith(("_sum", "_count")) and not sample.labels:
                found[sample.name] = sample.value
    return found


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def measure(
    tables: int | None = None, load_: Load = QUICK, db_url: str | None = None
) -> dict[str, Any]:
    """Run `load_` (with `tables` people tables only, as before, when it is given) on a
    fresh SQLite file, or on the empty database `db_url` (e.g. PostgreSQL)."""
    if tables is not None:
        load_ = Load(tables=tables, spectators=0, ai_tables=0)
    sockets = load_.tables * (load_.spectators + 1)
    open_files = raise_open_files(2 * sockets + 1024)
    with tempfile.TemporaryDirectory() as folder:
        db: str | Path = db_url if db_url is not None else Path(folder) / "load.db"
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        command = [sys.executable, "-m", "spieltisch", "serve", "--port", str(port)]
        server = subprocess.Popen(
            [*command, "--db", str(db)],
            env=server_environment(load_),
            stdout=subprocess.DEVNULL,
        )
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(base + "/api/games", timeout=2).close()
                    break
                except OSError:
                    time.sleep(0.1)
            started = time.perf_counter()
            played = asyncio.run(run_all(base, load_))
            wall = time.perf_counter() - started
            with urllib.request.urlopen(base + "/api/stats", timeout=30) as response:
                seconds = sorted(json.loads(response.read())["move_seconds"])
            scraped = scrape(base)
        finally:
            server.terminate()
            server.wait(30)
        with Store.open(db) as store:
            stored = store.list_games(limit=load_.tables + 100)
            intact = len(stored) == load_.tables
            for table in played:
                record = store.record(table.id)
                intact = intact and record.finished and record.moves == table.moves
                intact = intact and replay_record(record).text() == table.final
    reference = reference_move_seconds(load_)
    median = statistics.median(seconds)
    result: dict[str, Any] = {
        "load": load_,
        "tables": load_.tables,
        "websockets": sockets,
        "open_files": open_files,
        "moves": len(seconds),
        "median_ms": median * 1000,
        "p99_ms": percentile(seconds, 0.99) * 1000,
        "reference_ms": reference * 1000,
        "median_ratio": median / reference,
        "moves_per_second": len(seconds) / wall,
        "wall_seconds": wall,
        "stored_once_and_intact": intact,
        "spectators_dropped": sum(table.spectators_dropped for table in played),
    }
    waited = scraped.get("spieltisch_ai_wait_seconds_count", 0.0)
    if waited:
        result["ai_wait_mean_ms"] = scraped["spieltisch_ai_wait_seconds_sum"] / waited * 1000
    replies = [reply for table in played for reply in table.replies]
    result["ai_replies"] = len(replies)
    timed = [(seen, turn, think) for seen, turn, think in replies if think is not None]
    result["ai_replies_with_think"] = len(timed)
    if timed:
        overheads = [seen - think for seen, _, think in timed]
        server_side = [turn - think for _, turn, think in timed]
        thinks = [think for _, _, think in timed]
        result.update(
            ai_reply_p50_ms=statistics.median(seen for seen, _, _ in timed) * 1000,
            ai_reply_p99_ms=percentile([seen for seen, _, _ in timed], 0.99) * 1000,
            ai_think_p50_ms=statistics.median(thinks) * 1000,
            ai_overhead_p50_ms=statistics.median(overheads) * 1000,
            ai_overhead_p99_ms=percentile(overheads, 0.99) * 1000,
            ai_server_overhead_p50_ms=statistics.median(server_side) * 1000,
            ai_server_overhead_p99_ms=percentile(server_side, 0.99) * 1000,
            ai_overhead_per_think=statistics.median(overheads) / statistics.median(thinks),
        )
    return result


def report(result: dict[str, Any]) -> None:
    load_: Load = result["load"]
    people = load_.tables - load_.ai_tables
    print(
        f"{load_.tables} tables ({people} people tables, {load_.ai_tables} against the AI "
        f"at {load_.level}), {load_.spectators} spectators each: "
        f"{result['websockets']} WebSockets (open-file limit {result['open_files']})"
    )
    print(
        f"server time per move ({result['moves']} moves): median {result['median_ms']:.2f} ms, "
        f"99th percentile {result['p99_ms']:.2f} ms; the same move without a server "
        f"{result['reference_ms']:.3f} ms (ratio {result['median_ratio']:.1f})"
    )
    print(
        f"throughput: {result['moves_per_second']:.0f} browser moves/s over all tables "
        f"({result['wall_seconds']:.1f} s)"
    )
    if result.get("ai_replies_with_think"):
        print(
            f"AI replies ({result['ai_replies_with_think']} of {result['ai_replies']} with the "
            f"search's time): reply median {result['ai_reply_p50_ms']:.0f} ms, "
            f"p99 {result['ai_reply_p99_ms']:.0f} ms; think median "
            f"{result['ai_think_p50_ms']:.0f} ms"
        )
        print(
            f"AI reply overhead (reply - think): median {result['ai_overhead_p50_ms']:.0f} ms, "
            f"p99 {result['ai_overhead_p99_ms']:.0f} ms as the person sees it; "
            f"median {result['ai_server_overhead_p50_ms']:.0f} ms, "
            f"p99 {result['ai_server_overhead_p99_ms']:.0f} ms as the table timed it"
        )
        if "ai_wait_mean_ms" in result:
            print(
                f"of which waiting for an AI worker (the server's spieltisch_ai_wait_seconds): "
                f"mean {result['ai_wait_mean_ms']:.0f} ms"
            )
    elif result["ai_replies"]:
        print(f"AI replies: {result['ai_replies']}, none with the search's time in the view")
    print(f"spectators dropped before their game ended: {result['spectators_dropped']}")
    print(f"every game stored once and intact: {result['stored_once_and_intact']}")


def parse(argv: Sequence[str]) -> tuple[Load, str | None]:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.server_load", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--tables", type=int, default=QUICK.tables)
    parser.add_argument("--spectators", type=int, default=QUICK.spectators)
    parser.add_argument(
        "--ai-tables", type=int, default=None, help="tables against the AI (default: half)"
    )
    parser.add_argument("--level", default=QUICK.level)
    parser.add_argument("--ai-moves", type=int, default=None, help="AI replies per AI table")
    parser.add_argument(
        "--plies", type=int, default=None, help="moves per people table (default: to the end)"
    )
    parser.add_argument(
        "--pause", type=float, default=None, help="seconds per move of a person against the AI"
    )
    parser.add_argument(
        "--people-pause",
        type=float,
        default=None,
        help="seconds per move at a people table (0: as fast as the server answers)",
    )
    parser.add_argument(
        "--db", default=None, help="an empty database's URL for the store (default: SQLite)"
    )
    args = parser.parse_args(argv)
    if not 1 <= args.tables <= 1000 or not 0 <= args.spectators <= 100:
        parser.error("1 to 1000 tables, 0 to 100 spectators each")
    full = args.tables > QUICK.tables
    shape = FULL if full else QUICK
    ai_tables = args.tables // 2 if args.ai_tables is None else args.ai_tables
    shaped = Load(
        tables=args.tables,
        spectators=args.spectators,
        ai_tables=max(0, min(args.tables, ai_tables)),
        level=args.level,
        ai_moves=shape.ai_moves if args.ai_moves is None else max(1, args.ai_moves),
        plies=shape.plies if args.plies is None else max(1, args.plies),
        pause=shape.pause if args.pause is None else max(0.0, args.pause),
        people_pause=shape.people_pause
        if args.people_pause is None
        else max(0.0, args.people_pause),
    )
    return shaped, args.db


def main(argv: Sequence[str] | None = None) -> None:
    shaped, db_url = parse(sys.argv[1:] if argv is None else argv)
    report(measure(load_=shaped, db_url=db_url))


if __name__ == "__main__":
    main()
