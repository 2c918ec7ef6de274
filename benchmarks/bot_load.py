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

The ladder (`python -m benchmarks.bot_load --ladder [BOTS]`, 200 by default): as many
bots of as many accounts (made in the store beforehand, each with its token) connect at
once to one `spieltisch serve --xml-port` process over the JSON protocol, each asking the
ladder for two games (`"games": 2`); the ladder pairs them (Ostseeschach and Hase und
Igel, half each), seats swapped and seed shared in each pair. Reported: the server's own
time per move of the ladder's games (its `stats`, as above), the time from the connects
to the last result, and the checks that every bot got both its results, that every game
was stored once with all its moves, finished and rated, and that each pair of games
shared its seed with the seats swapped.
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

from spieltisch.bots.identity import new_token, token_hash
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


#: The ladder's games in the benchmark (default options): half the bots each.
LADDER_GAMES = ("ostseeschach", "hase-und-igel")
LADDER_BOTS = 200


def make_bots(db: Path, count: int) -> list[tuple[int, str, str]]:
    """`count` bots of as many accounts in the store at `db`: (bot id, game, token)."""
    made = []
    with Store.open(db) as store:
        for index in range(count):
            account = store.create_account(f"writer{index}", f"writer{index}", "no-password")
            game = LADDER_GAMES[index % len(LADDER_GAMES)]
            bot = store.create_bot(
                account.id, f"loadbot{index}", f"loadbot{index}", game, "0" * 64, most=1
            )
            token = new_token(bot.id)
            store.set_bot_token(bot.id, account.id, token_hash(token))
            made.append((bot.id, game, token))
    return made


async def ladder_bot(port: int, token: str, games: int, rng: random.Random) -> list[str]:
    """A JSON bot on the ladder: random legal moves; how each game it played ended (its
    status, and the forfeit's cause if any), and any error it was sent."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 24)
    writer.write(json.dumps({"type": "join", "token": token, "games": games}).encode() + b"\n")
    ends: list[str] = []
    while True:
        line = await reader.readline()
        if not line:
            return ends
        message = json.loads(line)
        kind = message["type"]
        if kind == "move_request":
            move = rng.choice(message["legal"])
            writer.write(json.dumps({"type": "move", "move": move}).encode() + b"\n")
        elif kind == "over":
            forfeit = message.get("forfeit")
            ends.append(message["status"] + (f" {forfeit['cause']}" if forfeit else ""))
        elif kind == "error":  # a move the store could not keep is asked for again
            ends.append(f"error {message['rule']}")
        elif kind == "ladder_done":
            writer.close()
            return ends


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) the process `pid` has used so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure_ladder(bots: int = LADDER_BOTS, games: int = 2) -> dict[str, Any]:
    """The ladder run (see the module)."""
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "ladder.db"
        made = make_bots(db, bots)
        port, xml_port = free_port(), free_port()
        env = dict(os.environ)
        src = str(Path(__file__).resolve().parent.parent / "src")
        env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
        env.update(
            {
                "SPIELTISCH_CONNECTIONS_PER_ADDRESS": str(2 * bots + 16),
                "SPIELTISCH_ADMIN_PASSWORD": PASSWORD,
                "SPIELTISCH_LADDER_PAIR_SECONDS": "0.2",
                # bots meet bots (no house games: they would measure the AI), and a
                # random bot answering late on a loaded machine is not a timeout
                "SPIELTISCH_LADDER_HOUSE_SECONDS": "3600",
                "SPIELTISCH_LADDER_MOVE_SECONDS": "60",
                "SPIELTISCH_LADDER_HARD_SECONDS": "120",
            }
        )
        command = [sys.executable, "-m", "spieltisch", "serve", "--port", str(port)]
        command += ["--xml-port", str(xml_port), "--db", str(db)]
        server = subprocess.Popen(
            command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        try:
            for _ in range(300):
                try:
                    socket.create_connection(("127.0.0.1", xml_port), timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.1)

            async def everyone() -> tuple[list[list[str]], float]:
                started = time.perf_counter()
                ends = await asyncio.gather(
                    *(
                        ladder_bot(xml_port, token, games, random.Random(index))
                        for index, (_, _, token) in enumerate(made)
                    )
                )
                return list(ends), time.perf_counter() - started

            cpu_before = cpu_seconds(server.pid)
            ends, wall = asyncio.run(everyone())
            cpu = cpu_seconds(server.pid) - cpu_before
            stats = asyncio.run(admin(xml_port, {"type": "stats"}))
        finally:
            server.terminate()
            server.wait(20)
        with Store.open(db) as store:
            stored = store.list_games(limit=1000)
            expected = bots * games // 2
            intact = len(stored) == expected and all(g.status == "finished" for g in stored)
            seeds: dict[int | None, list[tuple[str, str]]] = {}
            rated = 0
            for summary in stored:
                full = store.game(summary.id)
                intact = intact and len(full.moves) == summary.plies > 0
                seeds.setdefault(full.seed, []).append(
                    (summary.players[0].kind, summary.players[1].kind)
                )
            for bot_id, game, _ in made:
                rated += len(store.kind_rating_history(game, f"bot:#{bot_id}"))
            pairs = all(
                len(seats) == 2 and seats[0] == (seats[1][1], seats[1][0])
                for seats in seeds.values()
            )
    seconds = sorted(stats["move_seconds"])
    p99 = seconds[min(len(seconds) - 1, int(len(seconds) * 0.99))]
    return {
        "bots": bots,
        "games": len(stored),
        "expected_games": expected,
        "moves": len(seconds),
        "median_ms": statistics.median(seconds) * 1000,
        "p99_ms": p99 * 1000,
        "wall_seconds": wall,
        "moves_per_second": len(seconds) / wall,
        "server_cpu_ms_per_move": cpu * 1000 / max(1, len(seconds)),
        "every_bot_got_its_results": all(e == ["over"] * games for e in ends),
        "ends": sorted({end for e in ends for end in e}),
        "stored_once_and_intact": intact,
        "rated_seats": rated,
        "pairs_swapped_with_one_seed": pairs,
    }


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--ladder":
        count = read_int(sys.argv[2], "bots", low=2, high=2000) if len(sys.argv) > 2 else None
        ladder = measure_ladder(count or LADDER_BOTS)
        print(
            f"{ladder['bots']} bots on the ladder at once (JSON over TCP), "
            f"{ladder['games']} games of {ladder['expected_games']}, {ladder['moves']} moves "
            f"in {ladder['wall_seconds']:.1f} s"
        )
        print(
            f"server time per move: median {ladder['median_ms']:.2f} ms, "
            f"99th percentile {ladder['p99_ms']:.2f} ms"
        )
        print(
            f"throughput: {ladder['moves_per_second']:.0f} moves/s over all games; the "
            f"server's CPU time: {ladder['server_cpu_ms_per_move']:.2f} ms per move"
        )
        print(f"how the bots' games ended: {', '.join(ladder['ends'])}")
        print(
            f"every bot got its results: {ladder['every_bot_got_its_results']}; every game "
            f"stored once and intact: {ladder['stored_once_and_intact']}; rated seats: "
            f"{ladder['rated_seats']} of {2 * ladder['expected_games']}; pairs with seats "
            f"swapped and one seed: {ladder['pairs_swapped_with_one_seed']}"
        )
        return
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
