"""The AI service's Ray backend on a local Ray instance (2 CPUs, started and shut down
here): the same moves as the local pool at a fixed depth for every game, analyses, and
the same bounds (queue depth, a full queue refused, a withdrawn or overrunning search
ended, a dead searcher replaced)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any

import pytest

from spieltisch.ai import raypool
from spieltisch.ai.pool import AIBusy, AIError, AIOverrun, WorkerPool
from spieltisch.ai.questions import MOVE, Question, choose_move, replayed
from spieltisch.ai.raypool import RayPool
from spieltisch.ai.service import AIService
from spieltisch.core import metrics
from spieltisch.core.registry import game_names, load
from spieltisch.core.settings import Settings
from tests.server.client import TableClient
from tests.serverproc import ServerProcess, free_port

ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'spieltisch[ray]')")

#: A search that would run for hours: only cancelling (or the overrun guard) ends it.
ENDLESS = "mcts:iterations=1000000000"
#: Fixed-depth, one-thread, seeded agents: the same move wherever they run.
FIXED = ("native:depth=4,threads=1,hash=16", "alphabeta:depth=1", "mcts:iterations=30,seed=5")
#: Plies of a seeded random game before each position asked about.
PLIES = (0, 7, 16)


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """A Ray instance of 2 CPUs on this machine for the module, shut down after it."""
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    if ray.is_initialized():
        ray.shutdown()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, namespace="spieltisch")
    yield
    ray.shutdown()


def run(scenario: Callable[[], Coroutine[Any, Any, Any]]) -> Any:
    return asyncio.run(scenario())


async def until(check: Callable[[], bool], seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "the pool did not get there"
        await asyncio.sleep(0.02)


def positions(game: str) -> list[tuple[str, ...]]:
    """Move lists of a seeded random game of `game` (start seed 7), cut at `PLIES`."""
    chooser = random.Random(game)
    state = replayed(game, "", "", 7, ())
    moves: list[str] = []
    out = []
    for ply in range(max(PLIES) + 1):
        if ply in PLIES and not state.is_over() and not state.is_chance():
            out.append(tuple(moves))
        if state.is_over():
            break
        if state.is_chance():
            outcomes = [outcome for outcome, _ in state.chance_outcomes()]
            move = chooser.choice(outcomes)
        else:
            move = chooser.choice(state.legal_moves())
        moves.append(str(move))
        state.play(move)
    return out


def questions() -> list[Question]:
    return [
        Question(MOVE, game, "", "", 7, moves, agent=agent, seed=seed)
        for game in game_names()
        for moves in positions(game)
        for seed, agent in enumerate(FIXED)
    ]


def question(agent: str = "random", seed: int = 1) -> Question:
    return Question(MOVE, "ostseeschach", "", "", 7, (), agent=agent, seed=seed)


async def ask_all(pool: Any, asked: list[Question]) -> list[str]:
    try:
        replies = await asyncio.gather(*(pool.ask(q, 60.0) for q in asked))
    finally:
        await pool.close()
    return [reply.value for reply in replies]


def descendants(pid: int) -> dict[int, str]:
    """The processes under `pid` (children, theirs, …) with their command lines."""
    found: dict[int, str] = {}
    todo = [pid]
    while todo:
        parent = todo.pop()
        for task in Path(f"/proc/{parent}/task").glob("*"):
            try:
                children = (task / "children").read_text().split()
            except OSError:
                continue
            for child in map(int, children):
                try:
                    command = Path(f"/proc/{child}/cmdline").read_bytes()
                except OSError:  # gone meanwhile
                    continue
                found[child] = command.replace(b"\0", b" ").decode(errors="replace")
                todo.append(child)
    return found


@pytest.mark.slow  # a Ray instance of its own in the server: a minute on a busy 2-core machine
@pytest.mark.timeout(240)
def test_a_server_on_ray_plays_against_people_and_leaves_nothing_behind(
    tmp_path: Path,
) -> None:
    """`spieltisch serve` with `ai_backend = "ray"` (a Ray instance of its own): it
    answers at once while Ray starts, its AI seat moves from Ray actors (no local worker
    process), and stopping it ends every Ray process it started. Runs before the
    module's own Ray instance starts."""
    assert not ray.is_initialized()
    env = {
        "SPIELTISCH_AI_BACKEND": "ray",
        "SPIELTISCH_AI_RAY_ADDRESS": "local",
        "SPIELTISCH_AI_WORKERS": "1",
        "RAY_USAGE_STATS_ENABLED": "0",
    }
    server = ServerProcess(tmp_path / "ray.db", env=env)
    server.start()  # answered while Ray was still starting in the background
    try:
        assert server.process is not None
        status, answer, me = server.post(
            "/api/tables",
            {"game": "okard", "opponent": "ai", "level": "easy", "options": {"board": "8"}},
        )
        assert status == 200, answer
        client = TableClient(server, answer["id"], me)
        ai_moves = 0
        for _ in range(3):
            table = client.until(lambda t: t["your_turn"] or t["status"] != "running", 120)
            if table["status"] != "running":
                break
            ply = table["ply"]
            client.move(table["state"]["moves"][0]["notation"])
            table = client.until(lambda t: t["your_turn"] or t["status"] != "running", 120)
            ai_moves += table["ply"] - ply - 1
        client.close()
        assert ai_moves >= 2, "the AI seat answered"
        under = descendants(server.process.pid)
        assert any("default_worker.py" in command for command in under.values()), under
        assert not any("multiprocessing.spawn" in command for command in under.values()), (
            "no local AI worker"
        )
    finally:
        server.stop()
    deadline = time.monotonic() + 30
    while (alive := [pid for pid in under if Path(f"/proc/{pid}").exists()]) and (
        time.monotonic() < deadline
    ):
        time.sleep(0.2)
    assert not alive, {pid: under[pid] for pid in alive}


@pytest.mark.timeout(180)
def test_the_same_moves_as_the_local_pool_at_a_fixed_depth(local_ray: None) -> None:
    asked = questions()
    assert {q.game for q in asked} == set(game_names())
    on_ray = run(lambda: ask_all(RayPool(2, len(asked)), asked))
    local = run(lambda: ask_all(WorkerPool(1, len(asked), context="fork"), asked))
    assert on_ray == local
    for q, move in zip(asked, on_ray, strict=True):  # and each a legal move there
        state = q.position()
        assert state.parse_move(move) in state.legal_moves()


@pytest.mark.timeout(120)
def test_the_service_on_ray_plays_its_levels_like_the_local_one(local_ray: None) -> None:
    settings = Settings(ai_workers=2, ai_max_seconds=10.0)

    async def moves(service: AIService) -> list[str]:
        try:
            out = []
            for name in game_names():
                game = load(name)
                for seed, line in enumerate(positions(name)):
                    reply = await service.move(
                        game, "easy", start="", start_seed=7, moves=line, seed=seed
                    )
                    assert reply.total >= reply.think >= 0 and reply.wait >= 0
                    out.append(reply.value)
            return out
        finally:
            await service.close()

    on_ray = AIService(settings.replace(ai_backend="ray", ai_ray_address="local"))
    assert on_ray.backend == "ray"
    local = AIService(settings, context="fork")
    assert local.backend == "local"
    assert run(lambda: moves(on_ray)) == run(lambda: moves(local))
    assert ray.is_initialized(), "the service joined the instance it found, not its own"


@pytest.mark.timeout(60)
def test_an_analysis_on_ray(local_ray: None) -> None:
    async def scenario() -> dict[str, Any]:
        service = AIService(Settings(ai_backend="ray", ai_max_seconds=0.3))
        try:
            await service.start()
            return await service.analyse(
                load("ostseeschach"), start="", start_seed=7, moves=(), seconds=5.0
            )
        finally:
            await service.close()

    result = run(scenario)
    state = replayed("ostseeschach", "", "", 7, ())
    assert result["over"] is False and result["player"] == 0 and result["depth"] >= 1
    for text in result["line"]:  # the best line is a line of legal moves
        move = state.parse_move(text)
        assert move in state.legal_moves()
        state.play(move)


@pytest.mark.timeout(90)
def test_the_queue_is_bounded_its_depth_reported_and_searches_stopped(local_ray: None) -> None:
    async def scenario() -> None:
        pool = RayPool(1, 1, grace=0.5)
        searching = asyncio.create_task(pool.ask(question(ENDLESS), 600.0))
        await until(lambda: pool.running == 1)
        waiting = asyncio.create_task(pool.ask(question(), 600.0))
        await until(lambda: pool.waiting == 1)
        assert metrics.REGISTRY.get_sample_value("spieltisch_ai_queue_depth") == 1
        assert metrics.REGISTRY.get_sample_value("spieltisch_ai_searches") == 1
        with pytest.raises(AIBusy, match="busy"):
            await pool.ask(question(), 600.0)
        await until(lambda: bool(pool.pids()))
        (first,) = pool.pids()
        searching.cancel()  # withdrawn: its searcher is ended, the next question served
        with contextlib.suppress(asyncio.CancelledError):
            await searching
        reply = await waiting
        assert reply.value and pool.waiting == 0
        assert first not in pool.pids(), "the withdrawn search's actor was ended"
        assert metrics.REGISTRY.get_sample_value("spieltisch_ai_queue_depth") == 0
        with pytest.raises(AIOverrun, match="time limit"):  # limit 0.5 s + grace 0.5 s
            await pool.ask(question(ENDLESS), 0.5)
        with pytest.raises(AIError, match="the AI failed"):  # a bad question, not a hang
            await pool.ask(question("no-such-agent"), 5.0)
        reply = await pool.ask(question(seed=4), 5.0)
        assert reply.value
        await pool.close()
        with pytest.raises(AIError, match="stopped"):
            await pool.ask(question(), 5.0)

    run(scenario)


@pytest.mark.timeout(90)
def test_a_searcher_lost_is_replaced_and_its_question_asked_once_more(local_ray: None) -> None:
    """A node lost (here: the actor killed from outside) costs no game: the question is
    asked again on a new searcher; lost a second time, it fails."""

    async def scenario() -> None:
        pool = RayPool(1, 2)
        try:
            task = asyncio.create_task(pool.ask(question(ENDLESS), 600.0))
            await until(lambda: pool.running == 1)
            (first,) = pool._searchers
            ray.kill(first.actor, no_restart=True)
            await until(lambda: pool.running == 1 and pool._searchers[0] is not first)
            assert not task.done(), "asked again, not failed"
            (second,) = pool._searchers
            ray.kill(second.actor, no_restart=True)
            with pytest.raises(AIError, match="died"):
                await task
            assert pool.running == 0 and pool.waiting == 0
        finally:
            await pool.close()

    run(scenario)


def test_a_cluster_not_reached_in_time_refuses_questions_instead_of_hanging(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`ray.init` may try for minutes to reach a head node that is not there: the
    questions waiting for it are refused after `connect_seconds`, the loop never blocks."""
    gate = threading.Event()

    def unreachable(address: str, cpus: int) -> tuple[Any, bool]:
        gate.wait(30.0)
        raise raypool.RayUnavailable(f"cannot reach the Ray cluster {address!r}")

    monkeypatch.setattr(raypool, "connect", unreachable)

    async def scenario() -> None:
        pool = RayPool(1, 2, address="head.invalid:6379", connect_seconds=0.3)
        ticks = 0

        async def ticking() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1

        ticker = asyncio.create_task(ticking())
        try:
            with pytest.raises(raypool.RayUnavailable, match=r"not reached within 0\.3 s"):
                await pool.ask(question(), 5.0)
            assert ticks >= 10, "the event loop went on while Ray was being reached"
            assert not pool.connected and pool.waiting == 0
            gate.set()
            await until(lambda: pool._connecting is None)
            with pytest.raises(raypool.RayUnavailable, match="a moment ago"):
                await pool.ask(question(), 5.0)  # right after a failure: refused at once
            assert issubclass(raypool.RayUnavailable, AIBusy), "an AI seat asks again later"
        finally:
            ticker.cancel()
            gate.set()
            await pool.close()

    run(scenario)


#: The asking side of the Ray Client test: the pool's moves and its searchers' pids.
CLIENT = """
import asyncio, json, sys
from spieltisch.ai.questions import MOVE, Question
from spieltisch.ai.raypool import RayPool
from spieltisch.core.registry import game_names

async def main():
    pool = RayPool(2, 8, address=sys.argv[1], memory_mb=264, connect_seconds=150)
    try:
        asked = [Question(MOVE, g, "", "", 7, (), agent=sys.argv[2], seed=1) for g in game_names()]
        replies = await asyncio.gather(*(pool.ask(q, 30.0) for q in asked))
        return [r.value for r in replies], pool.pids()
    finally:
        await pool.close()

print(json.dumps(asyncio.run(main())))
"""


def _ray_start(*args: str, env: dict[str, str]) -> subprocess.Popen[bytes]:
    """`ray start --block …` in a process group of its own (ended as a whole)."""
    ray_cli = Path(sys.executable).with_name("ray")
    return subprocess.Popen(
        [str(ray_cli), "start", "--block", "--node-ip-address=127.0.0.1", *args],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def _end_group(process: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(15)
    with contextlib.suppress(ProcessLookupError):  # the node's own processes too
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(10)


@pytest.mark.slow  # a Ray head and a worker node of their own: about a minute
@pytest.mark.timeout(300)
def test_through_ray_client_to_a_cluster_with_token_authentication() -> None:
    """The set-up of deploy/compose.ray.yaml on loopback: a head that takes no searches
    and serves Ray Client, a worker node of 2 CPUs, token authentication on, and the
    pool reaching them at `ray://…` from a process that is no node: the same moves as
    here, searchers placed on the worker."""
    if ray.is_initialized():
        ray.shutdown()
    temp = tempfile.mkdtemp(prefix="rd", dir="/tmp")  # Ray's socket paths must be short
    token = "0123456789abcdef" * 4
    env = {
        **os.environ,
        "RAY_AUTH_MODE": "token",
        "RAY_AUTH_TOKEN": token,
        "RAY_USAGE_STATS_ENABLED": "0",
        "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src"),
    }
    gcs, client = free_port(), free_port()
    head = _ray_start(
        "--head",
        f"--port={gcs}",
        f"--ray-client-server-port={client}",
        "--num-cpus=0",
        "--include-dashboard=false",
        f"--temp-dir={temp}",
        env=env,
    )
    worker: subprocess.Popen[bytes] | None = None
    try:
        deadline = time.monotonic() + 120
        while True:  # the client port answers once the head is up
            try:
                socket.create_connection(("127.0.0.1", client), timeout=1).close()
                break
            except OSError:
                assert head.poll() is None and time.monotonic() < deadline, "no Ray head"
                time.sleep(0.5)
        worker = _ray_start(f"--address=127.0.0.1:{gcs}", "--num-cpus=2", env=env)
        asked = [
            Question(MOVE, game, "", "", 7, (), agent=FIXED[0], seed=1) for game in game_names()
        ]
        # the asking side in a process of its own, as a server is: Ray reads the token
        # from the environment it starts with
        done = subprocess.run(
            [sys.executable, "-c", CLIENT, f"ray://127.0.0.1:{client}", FIXED[0]],
            env=env,
            capture_output=True,
            text=True,
            timeout=240,
        )
        assert done.returncode == 0, done.stderr[-3000:]
        moves, pids = json.loads(done.stdout.strip().splitlines()[-1])
        assert moves == [choose_move(q) for q in asked]
        # at most two searchers (one may have answered all while the other started), on
        # the worker node: the head has no CPU for them
        assert 1 <= len(set(pids)) <= 2
    finally:
        if worker is not None:
            _end_group(worker)
        _end_group(head)
        shutil.rmtree(temp, ignore_errors=True)
