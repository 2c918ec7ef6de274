"""Load on the bot server: 100 games between random bots at once, half over the
competition's XML protocol and half over the JSON protocol, on one `spieltisch server`
process with a fresh SQLite store.

The games are prepared by an admin connection (reservation codes), then all 200 bots
connect at once and answer every move request with a random legal move (the XML bots
read each memento with the game's codec). Reported: the server's own time per move (from
the room getting the move, read from its message, to the move checked and played, the
store write done and the new state queued for both players; median and 99th percentile,
from the server's `stats`; the bots' thinking is not in it), moves per second overall,
and the check that every game finished, was stored once with all its moves, and that
every bot got its result.

Run: `python -m benchmarks.bot_load [GAMES]`.
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
from pathlib import Path
from typing import Any

from spieltisch.bots.stream import PacketSplitter
from spieltisch.core.registry import load
from spieltisch.core.sc_xml import room
from spieltisch.core.text import read_int
from spieltisch.core.xml_reading import read_xml
from spieltisch.store import Store

GAMES = 100
PASSWORD = "load-benchmark"
#: (game, options, protocol); short variants, so that a run takes seconds.
MIX = [
    ("ostseeschach", "", "xml"),
    ("hase-und-igel", "", "xml"),
    ("ostseeschach", "", "json"),
    ("hase-und-igel", "", "json"),
    ("schachogi", "quiet_plies=40", "json"),
    ("okard", "board=8 turns=12", "json"),
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def plan(games: int) -> list[tuple[str, str, str]]:
    """Half the games over XML, half over JSON, each half over its games in turn."""
    xml = [entry for entry in MIX if entry[2] == "xml"]
    json_ = [entry for entry in MIX if entry[2] == "json"]
    return [
        (xml if index % 2 == 0 else json_)[
            (index // 2) % (len(xml) if index % 2 == 0 else len(json_))
        ]
        for index in range(games)
    ]


async def admin(port: int, message: dict[str, Any]) -> dict[str, Any]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 26)
    writer.write(json.dumps({**message, "password": PASSWORD}).encode() + b"\n")
    await writer.drain()
    answer: dict[str, Any] = json.loads(await reader.readline())
    writer.close()
    return answer


async def xml_bot(port: int, game: str, code: str, rng: random.Random) -> bool:
    codec = load(game).competition()
    assert codec is not None
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f'<protocol>\n<joinPrepared reservationCode="{code}"/>\n'.encode())
    splitter = PacketSplitter()
    state: Any = None
    room_id = ""
    result = False
    while True:
        data = await reader.read(65536)
        if not data:
            return result
        for packet in splitter.feed(data):
            text = packet.decode("utf-8")
            element = read_xml(text)
            if element.tag == "joined":
                room_id = element.get("roomId", "")
            elif element.tag == "left":
                writer.close()
                return result
            elif element.tag == "room":
                kind = element.find("data").get("class")  # type: ignore[union-attr]
                if kind == "memento":
                    state = codec.state_from_xml(text)
                elif kind == codec.move_request:
                    move = rng.choice(state.legal_moves())
                    lines = codec.move_lines(move, "data", ' class="move"')
                    writer.write(("\n".join(room(room_id, lines)) + "\n").encode())
                elif kind == "result":
                    result = True


async def json_bot(port: int, code: str, rng: random.Random) -> bool:
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 24)
    writer.write(json.dumps({"type": "join", "reservation": code}).encode() + b"\n")
    while True:
        line = await reader.readline()
        if not line:
            return False
        message = json.loads(line)
        if message["type"] == "move_request":
            move = rng.choice(message["legal"])
            writer.write(json.dumps({"type": "move", "move": move}).encode() + b"\n")
        elif message["type"] == "over":
            writer.close()
            return bool(message["status"] == "over")


async def run_all(port: int, games: int) -> tuple[list[bool], float]:
    prepared = []
    for index, (game, options, protocol) in enumerate(plan(games)):
        answer = await admin(
            port,
            {
                "type": "prepare",
                "game": game,
                "options": options,
                "names": [f"bot{index}a", f"bot{index}b"],
            },
        )
        prepared.append((game, protocol, answer["reservations"]))
    bots = []
    for index, (game, protocol, codes) in enumerate(prepared):
        for seat, code in enumerate(codes):
            rng = random.Random(index * 2 + seat)
            bots.append(
                xml_bot(port, game, code, rng) if protocol == "xml" else json_bot(port, code, rng)
            )
    started = time.perf_counter()
    results = await asyncio.gather(*bots)
    return list(results), time.perf_counter() - started


def measure(games: int = GAMES) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bots.db"
        port = free_port()
        env = dict(os.environ)
        src = str(Path(__file__).resolve().parent.parent / "src")
        env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
        # every bot connects from 127.0.0.1: lift the per-address connection cap
        env["SPIELTISCH_CONNECTIONS_PER_ADDRESS"] = str(4 * games + 16)
        command = [sys.executable, "-m", "spieltisch", "server", "--port", str(port)]
        command += ["--db", str(db), "--password", PASSWORD]
        server = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
        try:
            for _ in range(300):
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.1)
            results, wall = asyncio.run(run_all(port, games))
            stats = asyncio.run(admin(port, {"type": "stats"}))
        finally:
            server.terminate()
            server.wait(10)
        with Store.open(db) as store:
            stored = store.list_games(limit=1000)
            intact = len(stored) == games and all(g.status == "finished" for g in stored)
            for summary in stored:
                intact = intact and len(store.game(summary.id).moves) == summary.plies > 0
    seconds = sorted(stats["move_seconds"])
    p99 = seconds[min(len(seconds) - 1, int(len(seconds) * 0.99))]
    return {
        "games": games,
        "moves": len(seconds),
        "median_ms": statistics.median(seconds) * 1000,
        "p99_ms": p99 * 1000,
        "moves_per_second": len(seconds) / wall,
        "finished": stats["finished"],
        "every_bot_got_its_result": all(results),
        "stored_once_and_intact": intact,
    }


def main() -> None:
    games = read_int(sys.argv[1], "games", low=1, high=1000) if len(sys.argv) > 1 else GAMES
    result = measure(games)
    print(f"{result['games']} games at once (half XML, half JSON), {result['moves']} moves")
    print(
        f"server time per move: median {result['median_ms']:.2f} ms, "
        f"99th percentile {result['p99_ms']:.2f} ms"
    )
    print(f"throughput: {result['moves_per_second']:.0f} moves/s over all games")
    print(
        f"finished: {result['finished']}, every bot got its result: "
        f"{result['every_bot_got_its_result']}"
    )
    print(f"every game stored once and intact: {result['stored_once_and_intact']}")


if __name__ == "__main__":
    main()
