"""The AI's move for a table: in this process, in a process of its own, cancelled."""

from __future__ import annotations

import asyncio
import contextlib
import os
import time

import pytest

import spieltisch
from spieltisch.tables import Event, MovePlayed, Seat, Status, Table, ThinkingChanged
from spieltisch.tables.ai import AIError, AIPlayer, Thinker, ThinkRequest, choose, think

#: A search that would run for hours: only cancelling ends it.
ENDLESS = "mcts:iterations=1000000000"


def ai_table(spec: str, ai_seat: int, name: str = "ostseeschach") -> Table:
    seats = [Seat.person("ann", "t"), Seat.person("bob", "u")]
    seats[ai_seat] = Seat.ai(spec)
    table = Table(spieltisch.load(name), seats, seed=6)
    table.start()
    return table


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_choose_in_this_process_is_reproducible() -> None:
    table = ai_table("mcts:iterations=30", 0, "okard")
    request = ThinkRequest.for_table(table)
    move = choose(request)
    assert move in [str(m) for m in table.state.legal_moves()]
    assert choose(request) == move
    with pytest.raises(spieltisch.SpieltischError, match="NOT_AN_AI_SEAT"):
        ThinkRequest.for_table(ai_table("random", 1), 0)


def test_a_process_gives_the_same_move() -> None:
    table = ai_table("mcts:iterations=30", 0, "schachogi")
    request = ThinkRequest.for_table(table)
    thinker = Thinker(request)  # the default start method (spawn)
    assert thinker.result(timeout=120) == choose(request)
    assert not thinker.process.is_alive() or thinker.process.join(1) is None


def test_cancelling_ends_the_process_at_once() -> None:
    thinker = Thinker(ThinkRequest.for_table(ai_table(ENDLESS, 0)), "fork")
    with pytest.raises(TimeoutError):
        thinker.result(timeout=0.3)
    assert thinker.process.is_alive()
    pid = thinker.process.pid
    assert pid is not None
    began = time.monotonic()
    thinker.cancel()
    assert time.monotonic() - began < 1.0
    assert not thinker.process.is_alive() and gone(pid)
    with pytest.raises(AIError, match="cancelled"):
        thinker.result()


def test_the_ai_player_moves_without_blocking_the_loop() -> None:
    async def scenario() -> tuple[Table, list[Event], int]:
        table = ai_table("random", 0)
        events: list[Event] = []
        table.subscribe(events.append)
        player = AIPlayer(table, context="fork")
        ticks = 0
        for _ in range(1200):
            if table.turn == 1:
                break
            ticks += 1
            await asyncio.sleep(0.05)
        player.close()
        return table, events, ticks

    table, events, ticks = asyncio.run(scenario())
    assert table.turn == 1 and table.ply == 1 and ticks > 0
    assert events[0] == ThinkingChanged(0, True)
    assert isinstance(events[1], MovePlayed) and events[1].seat == 0
    assert table.thinking is None


@pytest.mark.parametrize("how", ["take back", "abandon"])
def test_a_take_back_or_abandoning_cancels_the_search(how: str) -> None:
    async def scenario() -> tuple[Table, float, int]:
        table = ai_table(ENDLESS, 1)
        player = AIPlayer(table, context="fork")
        table.play(0, str(table.state.legal_moves()[0]))
        for _ in range(1200):  # until the search process runs
            thinker = player.thinker
            if thinker is not None and thinker.process.is_alive():
                break
            await asyncio.sleep(0.05)
        assert table.view()["thinking"] is True
        task, thinker = player.task, player.thinker
        assert task is not None and thinker is not None and thinker.process.pid is not None
        await asyncio.sleep(0.2)
        began = time.monotonic()
        if how == "take back":
            table.offer_takeback(0)
        else:
            table.abandon()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        elapsed = time.monotonic() - began
        assert not thinker.process.is_alive()
        player.close()
        return table, elapsed, thinker.process.pid

    table, elapsed, pid = asyncio.run(scenario())
    assert elapsed < 1.0 and gone(pid)
    assert table.thinking is None
    if how == "take back":
        assert table.ply == 0 and table.turn == 0 and table.status is Status.RUNNING
    else:
        assert table.status is Status.ABANDONED


def test_think_awaits_a_move_or_times_out() -> None:
    table = ai_table("random", 0, "hase-und-igel")
    move = asyncio.run(think(ThinkRequest.for_table(table), context="fork"))
    assert move == choose(ThinkRequest.for_table(table))
    endless = ThinkRequest.for_table(ai_table(ENDLESS, 0))
    with pytest.raises(TimeoutError):
        asyncio.run(think(endless, context="fork", timeout=0.3))


def test_a_failing_ai_abandons_the_table() -> None:
    async def scenario() -> tuple[Table, AIPlayer]:
        table = ai_table("wizard", 0)  # no such agent: the search process fails
        player = AIPlayer(table, context="fork")
        for _ in range(1200):
            if table.status is not Status.RUNNING:
                break
            await asyncio.sleep(0.05)
        return table, player

    table, player = asyncio.run(scenario())
    assert table.status is Status.ABANDONED and table.thinking is None
    assert isinstance(player.error, AIError) and "wizard" in str(player.error)
    assert "wizard" in table.record.meta["abandoned"]
