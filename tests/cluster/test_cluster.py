"""Two `spieltisch serve` processes on one PostgreSQL database and one Redis: a player on
process A, the opponent on process B, a spectator on a third connection; every move
reaches all three quickly, and the game survives `kill -9` of the process owning it."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from spieltisch.core.record import replay_record
from spieltisch.store import Store
from tests.cluster.players import Browser, table_across
from tests.serverproc import ROOT, ServerProcess, free_port

#: The issue's bound: a move seen by the player, the opponent and the spectator.
SEEN_WITHIN = 0.5


async def _play(
    players: list[Browser],
    watchers: list[Browser],
    rng: random.Random,
    plies: int | None = None,
    retry: bool = False,
) -> list[float]:
    """Random moves by whoever is to move until the game ends (or `plies` more were
    acknowledged); the delays until every watcher saw each move. With `retry`, a move
    not seen within a few seconds (sent into a connection that was ending) is chosen
    and sent again, as a person would."""
    delays: list[float] = []
    played = 0
    while plies is None or played < plies:
        table = await players[0].until(lambda t: t["status"] != "waiting")
        if table["status"] != "running":
            break
        mover = next(p for p in players if p.table.get("your_turn"))
        ply = mover.table["ply"]
        notation = rng.choice(mover.table["state"]["moves"])["notation"]
        sent = time.perf_counter()
        if not await mover.send(type="move", notation=notation) and retry:
            await asyncio.sleep(0.2)
            continue
        try:
            for watcher in watchers:
                await watcher.until(
                    lambda t, ply=ply: t["ply"] > ply or t["status"] != "running",
                    timeout=3.0 if retry else 20.0,
                )
        except TimeoutError:
            if retry:
                continue
            raise
        delays.append(max(w.seen.get(ply + 1, time.perf_counter()) for w in watchers) - sent)
        played += 1
    return delays


def test_a_game_across_two_processes_reaches_every_watcher(
    pair: list[ServerProcess], database: str
) -> None:
    a, b = pair
    table_id, cookie_a, cookie_b = table_across(a, b)

    async def run() -> tuple[list[float], dict[str, Any]]:
        player = Browser(a, table_id, cookie_a)  # on the owner
        opponent = Browser(b, table_id, cookie_b)  # through the broker
        spectator = Browser(b, table_id)  # a third connection, on B
        everyone = [player, opponent, spectator]
        for browser in everyone:
            browser.start()
        try:
            await opponent.until(lambda t: t["status"] == "running" and t["you"] == 1)
            await spectator.until(lambda t: t["status"] == "running")
            delays = await _play([player, opponent], everyone, random.Random(3))
            final = await spectator.until(lambda t: t["status"] == "over")
            await player.until(lambda t: t["status"] == "over")
            await opponent.until(lambda t: t["status"] == "over")
            assert player.table["moves"] == opponent.table["moves"] == final["moves"]
            assert opponent.table["you"] == 1 and spectator.table["you"] is None
            assert not player.errors and not opponent.errors
            return delays, final
        finally:
            for browser in everyone:
                await browser.stop()

    # the lobby of each process lists the other's tables; a view asked over HTTP on
    # either process is the same
    deadline = time.monotonic() + 15
    while table_id not in [entry["id"] for entry in b.get("/api/tables")["running"]]:
        assert time.monotonic() < deadline, "B's lobby never showed A's table"
        time.sleep(0.2)
    assert b.get(f"/api/tables/{table_id}", cookie=cookie_b)["held"] == [1]
    assert a.get(f"/api/tables/{table_id}", cookie=cookie_b)["held"] == [1]

    delays, final = asyncio.run(run())
    assert len(delays) >= 10
    assert max(delays) < SEEN_WITHIN, sorted(delays)[-3:]
    with Store.open(database) as store:
        record = store.record(table_id)
    assert record.finished and record.moves == final["moves"]
    assert replay_record(record).text() == final["position"]


@pytest.mark.parametrize("end", ["kill", "stop"])
def test_the_game_goes_on_when_its_owner_is_killed(
    pair: list[ServerProcess], database: str, end: str
) -> None:
    """`kill -9` of the owner (its lease expires), or a normal stop (it gives its
    leases up): the other process takes the table over."""
    a, b = pair
    table_id, cookie_a, cookie_b = table_across(a, b)

    async def run() -> tuple[list[str], dict[str, Any], int]:
        player = Browser(a, table_id, cookie_a)
        opponent = Browser(b, table_id, cookie_b)
        spectator = Browser(a, table_id)
        everyone = [player, opponent, spectator]
        for browser in everyone:
            browser.start()
        rng = random.Random(11)
        try:
            await opponent.until(lambda t: t["status"] == "running")
            await _play([player, opponent], everyone, rng, plies=6)
            acknowledged = list(player.table["moves"])
            assert len(acknowledged) >= 6
            if end == "kill":
                a.kill()  # kill -9 of the owner, mid-game
            else:
                a.stop()  # SIGTERM: a rolling restart
            killed = time.monotonic()
            player.server = spectator.server = b  # the proxy sends them to B now
            await _play([player, opponent], everyone, rng, retry=True)
            back = [browser.connections for browser in everyone]
            final = await spectator.until(lambda t: t["status"] == "over", timeout=30)
            await player.until(lambda t: t["status"] == "over")
            assert player.table["moves"] == opponent.table["moves"] == final["moves"]
            assert all(count >= 2 for count in back)  # each came again, to B
            return acknowledged, final, int(time.monotonic() - killed)
        finally:
            for browser in everyone:
                await browser.stop()

    acknowledged, final, _seconds = asyncio.run(run())
    assert final["moves"][: len(acknowledged)] == acknowledged  # none lost
    with Store.open(database) as store:
        record = store.record(table_id)
    assert record.finished
    assert record.moves == final["moves"]  # none played twice
    assert replay_record(record).text() == final["position"]


def test_serve_with_a_broker_it_cannot_reach_is_one_error_line(tmp_path: Path) -> None:
    env = {**os.environ, "SPIELTISCH_BROKER_URL": "redis://:hunter2@127.0.0.1:1/0"}
    env["PYTHONPATH"] = str(ROOT / "src")
    command = [sys.executable, "-m", "spieltisch", "serve", "--port", str(free_port())]
    done = subprocess.run(
        [*command, "--db", str(tmp_path / "games.db")],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "broker" in lines[0], done.stderr
    assert "hunter2" not in done.stderr  # the password is never shown


def test_a_paused_owner_stores_nothing_once_its_table_moved(
    pair: list[ServerProcess], database: str
) -> None:
    """The owner frozen (SIGSTOP) past its lease: B takes the table over. When A wakes
    (SIGCONT) it lets the table go (its lease renewal finds the lease gone, or the lease
    check of its write refuses the move the player sent it meanwhile, whichever comes
    first), that move is not stored, and the player goes on through A, played by B."""
    a, b = pair
    table_id, cookie_a, cookie_b = table_across(a, b)
    owner = a.process
    assert owner is not None

    async def run() -> tuple[list[str], dict[str, Any], int]:
        player = Browser(a, table_id, cookie_a)
        opponent = Browser(b, table_id, cookie_b)
        spectator = Browser(b, table_id)
        everyone = [player, opponent, spectator]
        for browser in everyone:
            browser.start()
        rng = random.Random(7)
        try:
            await opponent.until(lambda t: t["status"] == "running")
            await _play([player, opponent], everyone, rng, plies=4)
            await player.until(lambda t: t["your_turn"])
            acknowledged = list(player.table["moves"])
            owner.send_signal(signal.SIGSTOP)
            try:
                notation = rng.choice(player.table["state"]["moves"])["notation"]
                assert await player.send(type="move", notation=notation)  # A reads it later
                deadline = time.monotonic() + 20
                while opponent.connections < 2:  # B took the table: its sockets came again
                    assert time.monotonic() < deadline, "B never took the table over"
                    await asyncio.sleep(0.1)
            finally:
                owner.send_signal(signal.SIGCONT)
            await _play([player, opponent], everyone, rng, retry=True)
            final = await spectator.until(lambda t: t["status"] == "over", timeout=30)
            await player.until(lambda t: t["status"] == "over")
            assert player.table["moves"] == opponent.table["moves"] == final["moves"]
            return acknowledged, final, player.connections
        finally:
            for browser in everyone:
                await browser.stop()

    acknowledged, final, connections = asyncio.run(run())
    assert connections >= 2  # A closed the player's socket when it let the table go
    assert final["moves"][: len(acknowledged)] == acknowledged
    with Store.open(database) as store:
        record = store.record(table_id)
    assert record.finished and record.moves == final["moves"]
    assert replay_record(record).text() == final["position"]
