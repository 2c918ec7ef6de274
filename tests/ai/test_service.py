"""The AI service: long-lived workers, a bounded queue, cancelling, overruns, crashes and
the host's caps written into every level's agent."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time
from collections.abc import Callable, Coroutine
from typing import Any

import pytest

import spieltisch
from spieltisch import native
from spieltisch.ai.native_agent import NativeAgent
from spieltisch.ai.pool import AIBusy, AIError, AIOverrun, WorkerPool
from spieltisch.ai.questions import ANALYSIS, MOVE, Question, choose_move
from spieltisch.ai.service import AIService, Caps, capped, offered
from spieltisch.ai.spec import make_agent
from spieltisch.core import metrics
from spieltisch.core.settings import Settings
from spieltisch.tables import Seat, Status, Table
from spieltisch.tables.ai import AIPlayer

#: A search that would run for hours: only cancelling (or the overrun guard) ends it.
ENDLESS = "mcts:iterations=1000000000"


def question(agent: str = "random", seed: int = 1, game: str = "ostseeschach") -> Question:
    return Question(MOVE, game, "", "", 7, (), agent=agent, seed=seed)


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def run(scenario: Callable[[], Coroutine[Any, Any, Any]]) -> Any:
    return asyncio.run(scenario())


async def until(check: Callable[[], bool], seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "the pool did not get there"
        await asyncio.sleep(0.02)


def test_one_worker_answers_question_after_question() -> None:
    async def scenario() -> tuple[list[str], set[int]]:
        pool = WorkerPool(1, 4, context="fork")
        answers, pids = [], set()
        try:
            for seed in range(4):
                reply = await pool.ask(question(seed=seed), 5.0)
                answers.append(reply.value)
                assert reply.total >= reply.think >= 0 and reply.wait >= 0
                pids.update(pool.pids())
        finally:
            await pool.close()
        return answers, pids

    answers, pids = run(scenario)
    assert answers == [choose_move(question(seed=seed)) for seed in range(4)]
    assert len(pids) == 1, "no new process per question"


def test_a_full_queue_refuses_at_once_and_metrics_show_it() -> None:
    async def scenario() -> None:
        pool = WorkerPool(1, 1, context="fork")
        searching = asyncio.create_task(pool.ask(question(ENDLESS), 600.0))
        await until(lambda: pool.running == 1)
        waiting = asyncio.create_task(pool.ask(question(), 600.0))
        await until(lambda: pool.waiting == 1)
        assert metrics.REGISTRY.get_sample_value("spieltisch_ai_queue_depth") == 1
        assert metrics.REGISTRY.get_sample_value("spieltisch_ai_searches") == 1
        with pytest.raises(AIBusy, match="busy"):
            await pool.ask(question(), 600.0)
        waiting.cancel()  # a question withdrawn from the queue leaves it
        with contextlib.suppress(asyncio.CancelledError):
            await waiting
        assert pool.waiting == 0
        searching.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await searching
        await pool.close()

    run(scenario)


def test_cancelling_a_question_ends_its_search_at_once() -> None:
    async def scenario() -> tuple[int, float, bool, str]:
        pool = WorkerPool(1, 4, context="fork")
        task = asyncio.create_task(pool.ask(question(ENDLESS), 600.0))
        await until(lambda: pool.running == 1)
        await asyncio.sleep(0.2)
        (pid,) = pool.pids()
        began = time.monotonic()
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        for _ in range(100):
            if gone(pid):
                break
            await asyncio.sleep(0.01)
        elapsed = time.monotonic() - began
        ended = gone(pid)
        reply = await pool.ask(question(), 5.0)  # a new worker takes its place
        assert pid not in pool.pids()
        await pool.close()
        return pid, elapsed, ended, reply.value

    _, elapsed, ended, move = run(scenario)
    assert ended and elapsed < 1.0
    assert move == choose_move(question())


def test_a_search_past_its_time_limit_is_stopped_and_replaced() -> None:
    async def scenario() -> tuple[int, list[int], str]:
        pool = WorkerPool(1, 4, context="fork", grace=0.2)
        await pool.ask(question(), 5.0)  # the worker is up
        (pid,) = pool.pids()
        with pytest.raises(AIOverrun, match=r"time limit of 0\.3 s"):
            await pool.ask(question(ENDLESS), 0.3)
        await until(lambda: gone(pid), 5.0)
        reply = await pool.ask(question(), 5.0)
        pids = pool.pids()
        await pool.close()
        return pid, pids, reply.value

    pid, pids, move = run(scenario)
    assert pid not in pids and len(pids) == 1 and move == choose_move(question())


def test_a_crashed_worker_fails_its_question_and_is_replaced() -> None:
    async def scenario() -> tuple[int, list[int], str]:
        pool = WorkerPool(1, 4, context="fork")
        task = asyncio.create_task(pool.ask(question(ENDLESS), 600.0))
        await until(lambda: pool.running == 1)
        (pid,) = pool.pids()
        os.kill(pid, signal.SIGKILL)
        with pytest.raises(AIError, match="crashed"):
            await task
        reply = await pool.ask(question(), 5.0)
        pids = pool.pids()
        await pool.close()
        return pid, pids, reply.value

    pid, pids, move = run(scenario)
    assert pid not in pids and len(pids) == 1 and move == choose_move(question())


def test_a_failing_question_is_an_error_and_the_worker_lives_on() -> None:
    async def scenario() -> tuple[list[int], list[int]]:
        pool = WorkerPool(1, 4, context="fork")
        await pool.ask(question(), 5.0)
        before = pool.pids()
        with pytest.raises(AIError, match="wizard"):
            await pool.ask(question("wizard"), 5.0)
        after = pool.pids()
        await pool.close()
        return before, after

    before, after = run(scenario)
    assert before == after


def test_no_more_searches_at_once_than_workers() -> None:
    async def scenario() -> int:
        pool = WorkerPool(2, 8, context="fork")
        tasks = [asyncio.create_task(pool.ask(question(ENDLESS), 600.0)) for _ in range(5)]
        await until(lambda: pool.running == 2)
        await asyncio.sleep(0.3)
        most = len(pool.pids())
        assert pool.running == 2 and pool.waiting == 3
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await pool.close()
        return most

    assert run(scenario) == 2


def test_every_level_runs_within_the_caps() -> None:
    caps = Caps(threads=1, hash_mb=8, seconds=0.5)
    for name in spieltisch.game_names():
        game = spieltisch.load(name)
        for level in offered(game):
            agent = make_agent(capped(level, game, caps), game)
            budget = getattr(agent, "budget", None)
            if level != "random":
                seconds = budget.seconds if budget is not None else agent.budget.seconds  # type: ignore[attr-defined]
                assert seconds is not None and seconds <= 0.5, (name, level)
            if isinstance(agent, NativeAgent):
                assert agent.threads == 1 and agent.hash_mb <= 8, (name, level)
    if native.engines():
        game = spieltisch.load(native.engines()[0])
        spec = capped("native:threads=8,hash=2048,time=20", game, caps)
        assert spec == "native:hash=8,threads=1,time=0.5"


def test_the_service_runs_only_the_servers_levels() -> None:
    service = AIService(Settings(ai_max_seconds=2.0, ai_max_threads=1, ai_max_hash_mb=32))
    game = spieltisch.load("ostseeschach")
    assert service.spec_for(game, "random") == "random"
    assert "time=2" in service.spec_for(game, "max")
    for spec in ("native:threads=8,hash=2048,time=20", "mcts:iterations=1000000000", "hard:time=2"):
        with pytest.raises(AIError, match="only this server's levels"):
            service.spec_for(game, spec)

    async def scenario() -> None:
        with pytest.raises(AIError, match="only this server's levels"):
            await service.move(game, ENDLESS, start="", start_seed=1, moves=(), seed=1)
        await service.close()

    run(scenario)


def test_an_analysis_through_the_service() -> None:
    async def scenario() -> dict[str, Any]:
        service = AIService(Settings(ai_max_seconds=0.3), context="fork")
        game = spieltisch.load("ostseeschach")
        try:
            return await service.analyse(game, start="", start_seed=3, moves=())
        finally:
            await service.close()

    result = run(scenario)
    assert result["line"] and isinstance(result["value"], float)
    assert Question(ANALYSIS, "ostseeschach", "", "", 3, ()).kind == ANALYSIS


@pytest.mark.parametrize("how", ["take back", "abandon"])
def test_the_ai_player_through_the_service_moves_and_is_cancelled(how: str) -> None:
    async def scenario() -> tuple[Table, bool]:
        service = AIService(Settings(ai_workers=1, ai_max_seconds=60.0), context="fork")
        table = Table(
            spieltisch.load("ostseeschach"), [Seat.person("ann", "t"), Seat.ai("random")], seed=4
        )
        table.start()
        player = AIPlayer(table, service=service)
        table.play(0, str(table.state.legal_moves()[0]))
        await until(lambda: table.ply == 2)  # the AI (random) answered
        assert player.error is None
        table.seats[1] = Seat.ai("max")  # the next search takes a while: cancel it
        table.play(0, str(table.state.legal_moves()[0]))
        await until(lambda: service.pool.running == 1)
        (pid,) = service.pool.pids()
        if how == "take back":
            table.offer_takeback(0)
        else:
            table.abandon()
        await until(lambda: gone(pid), 2.0)
        ended = service.pool.running == 0
        player.close()
        await service.close()
        return table, ended

    table, ended = run(scenario)
    assert ended and table.thinking is None
    if how == "take back":
        assert table.ply == 2 and table.status is Status.RUNNING
    else:
        assert table.status is Status.ABANDONED


def test_an_ai_move_waits_out_a_full_queue() -> None:
    async def scenario() -> Table:
        service = AIService(Settings(ai_workers=1, ai_queue=1), context="fork")
        blockers = [
            asyncio.create_task(service.pool.ask(question(ENDLESS), 600.0)) for _ in range(2)
        ]
        await until(lambda: service.pool.running == 1 and service.pool.waiting == 1)
        table = Table(
            spieltisch.load("ostseeschach"), [Seat.ai("random"), Seat.person("bob", "u")], seed=4
        )
        table.start()
        player = AIPlayer(table, service=service)  # refused now (AIBusy): it asks again
        await asyncio.sleep(1.0)
        assert table.ply == 0 and table.thinking == 0 and table.status is Status.RUNNING
        for task in blockers:
            task.cancel()
        await asyncio.gather(*blockers, return_exceptions=True)
        await until(lambda: table.ply == 1, 30.0)
        assert player.error is None
        player.close()
        await service.close()
        return table

    table = run(scenario)
    assert table.turn == 1 and table.thinking is None
