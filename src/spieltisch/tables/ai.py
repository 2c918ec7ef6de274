"""The AI's move for a table, without blocking the caller.

A `ThinkRequest` holds everything the agent needs (game, options, the start and every
move so far, its spec and seed), so the search can run in another process: `Thinker`
starts one process per move and can be cancelled (the process is terminated), `think`
awaits it from asyncio without blocking the event loop, `choose` runs the agent in this
process for callers that may block (the CLI, matches). `AIPlayer` drives a table's AI
seats from an event loop: it thinks when an AI seat is to move, plays the move, and
cancels the search when the table is taken back, ends or is abandoned. A server gives
its `AIPlayer`s its `AIService` (`spieltisch.ai.service`): then every search runs in the
service's pool of long-lived workers, within the host's caps, and an AI seat plays only
a level the server offers (the seat's agent is a level name, never a spec).
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import signal
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.context import BaseContext
from typing import Any

from spieltisch.ai.pool import AIBusy, AIError
from spieltisch.ai.questions import replayed
from spieltisch.ai.service import AIService
from spieltisch.ai.spec import make_agent
from spieltisch.core.errors import IllegalMoveError, NotationError, SpieltischError
from spieltisch.core.game import State
from spieltisch.tables.events import (
    Abandoned,
    ChanceDrawn,
    Event,
    GameOver,
    MovePlayed,
    Reverted,
    Started,
    TookBack,
)
from spieltisch.tables.seats import SeatError, SeatKind
from spieltisch.tables.table import Table, derive_seed

__all__ = ["AIError", "AIPlayer", "ThinkRequest", "Thinker", "choose", "think"]
# AIError is the service's (spieltisch.ai.pool): one error for every way the AI fails.

#: The multiprocessing start method: "spawn" is safe in a threaded server everywhere.
DEFAULT_CONTEXT = "spawn"
#: How long a terminated search process may take to go before it is killed.
GRACE = 0.5
#: Seconds between asking a full AI service again, at first and at most.
BUSY_RETRY = (0.5, 5.0)
#: Seconds the AI waits before thinking again after the store refused a move.
REVERTED_PAUSE = 1.0


@dataclass(frozen=True)
class ThinkRequest:
    """One question to the AI: the game so far and the agent that should answer."""

    game: str
    options: str
    start: str
    start_seed: int | None
    moves: tuple[str, ...]
    agent: str
    seed: int
    time_per_move: float | None = None

    @classmethod
    def for_table(
        cls, table: Table, seat: int | None = None, time_per_move: float | None = None
    ) -> ThinkRequest:
        """The request for the AI in `seat` (default: the seat to move) at `table`; its
        agent seed comes from the table's chance seed, the ply and the seat."""
        seat = table.turn if seat is None else seat
        if seat is None or seat not in (0, 1):
            raise SeatError("NOT_YOUR_TURN", "no seat is to move")
        spec = table.seats[seat].agent
        if table.seats[seat].kind is not SeatKind.AI or spec is None:
            raise SeatError("NOT_AN_AI_SEAT", f"seat {seat} is not the AI's")
        record = table.record
        return cls(
            game=record.game,
            options=record.options,
            start=record.start,
            start_seed=record.seed,
            moves=tuple(record.moves),
            agent=spec,
            seed=derive_seed(table.chance_seed, "ai", seat, table.ply),
            time_per_move=time_per_move,
        )

    def position(self) -> State[Any]:
        """The position the question is about (every move replayed and checked)."""
        return replayed(self.game, self.options, self.start, self.start_seed, self.moves)


def choose(request: ThinkRequest) -> str:
    """The agent's move in notation, computed in this process (it blocks)."""
    return choose_timed(request)[0]


def choose_timed(request: ThinkRequest) -> tuple[str, float]:
    """The agent's move in notation and the seconds its search took (the replay of the
    game and the making of the agent not counted)."""
    state = request.position()
    agent = make_agent(
        request.agent, state.game, seed=request.seed, time_per_move=request.time_per_move
    )
    started = time.perf_counter()
    move = agent.select(state)
    return str(move), time.perf_counter() - started


def _work(request: ThinkRequest, channel: Connection) -> None:
    """The search process: one answer ("move", notation, seconds searched) or
    ("error", message, 0.0)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    try:
        answer = ("move", *choose_timed(request))
    except (SpieltischError, IllegalMoveError, NotationError) as exc:
        answer = ("error", str(exc), 0.0)
    except Exception as exc:  # the parent hears of it as an AIError, not a hang
        answer = ("error", f"{type(exc).__name__}: {exc}", 0.0)
    channel.send(answer)
    channel.close()


class Thinker:
    """One search in a process of its own, started at once; `cancel` terminates it."""

    def __init__(self, request: ThinkRequest, context: str | BaseContext | None = None) -> None:
        ctx = (
            context
            if isinstance(context, BaseContext)
            else multiprocessing.get_context(context or DEFAULT_CONTEXT)
        )
        self.request = request
        self._channel, sender = ctx.Pipe(duplex=False)
        self.process = ctx.Process(  # type: ignore[attr-defined]
            target=_work, args=(request, sender), name="spieltisch-ai", daemon=True
        )
        self.process.start()
        sender.close()  # the child holds the only writing end: its death is an EOF here
        self._answer: tuple[str, str] | None = None
        self._waiting = False
        self.cancelled = False
        #: Seconds the search took in its process (set with the answer).
        self.think: float | None = None

    def done(self) -> bool:
        """True when the answer (or the process's end) can be read without waiting."""
        return self._answer is not None or self.cancelled or self._channel.poll()

    def result(self, timeout: float | None = None) -> str:
        """The move in notation, waiting at most `timeout` seconds (`TimeoutError`)."""
        if self._answer is None and not self.cancelled and not self._channel.poll(timeout):
            raise TimeoutError("the AI has not answered yet")
        return self._take()

    async def wait(self) -> str:
        """The move, awaited without blocking the event loop; cancelling the awaiting
        task terminates the search."""
        loop = asyncio.get_running_loop()
        self._waiting = True
        try:
            while not self.done():
                ready = loop.create_future()
                watched = self._watch(loop, ready)
                try:
                    await (ready if watched is not None else asyncio.sleep(0.02))
                finally:
                    if watched is not None:
                        loop.remove_reader(watched)
        except asyncio.CancelledError:
            self.cancel()
            raise
        finally:
            self._waiting = False
            if self.cancelled:  # closed only now: the loop watched its descriptor till here
                self._close()
        return self._take()

    def _watch(self, loop: asyncio.AbstractEventLoop, ready: asyncio.Future[None]) -> int | None:
        """Wake `ready` when the answer arrives; the pipe's descriptor now watched, or
        None where the loop cannot watch one (then `wait` polls)."""

        def wake() -> None:
            if not ready.done():
                ready.set_result(None)

        try:
            descriptor = self._channel.fileno()
            loop.add_reader(descriptor, wake)
        except (NotImplementedError, OSError):  # e.g. the Windows proactor loop
            return None
        return descriptor

    def _take(self) -> str:
        if self.cancelled:
            raise AIError("the AI's search was cancelled")
        if self._answer is None:
            try:
                kind, text, think = self._channel.recv()
            except (EOFError, OSError):
                self._stop()
                raise AIError("the AI's process ended without a move") from None
            self._answer = (kind, text)
            self.think = think
            self._channel.close()
            self.process.join(GRACE)
        kind, text = self._answer
        if kind != "move":
            raise AIError(f"the AI failed: {text}")
        return text

    def cancel(self) -> None:
        """Stop the search now: the process is terminated (killed if it lingers)."""
        if self._answer is None:
            self.cancelled = True
        self._stop()
        if not self._waiting:
            self._close()

    def _stop(self) -> None:
        process = self.process
        if process.is_alive():
            process.terminate()
            process.join(GRACE)
            if process.is_alive():
                process.kill()
                process.join(GRACE)

    def _close(self) -> None:
        with contextlib.suppress(OSError):
            self._channel.close()


async def think(
    request: ThinkRequest,
    *,
    context: str | BaseContext | None = None,
    timeout: float | None = None,
) -> str:
    """The AI's move, searched in another process; cancelling the awaiting task (or
    `timeout`, raising `TimeoutError`) terminates the process."""
    thinker = Thinker(request, context)
    try:
        if timeout is None:
            return await thinker.wait()
        return await asyncio.wait_for(thinker.wait(), timeout)
    finally:
        thinker.cancel()


class AIPlayer:
    """Plays the AI seats of `table` from the running event loop.

    Whenever an AI seat is to move it starts a search process (the table shows it
    thinking) and plays the answer; a take-back, the end of the game or abandoning the
    table cancels the search at once. `time_per_move` caps the agent's thinking where
    its spec sets no time; a search that gives no move within `timeout` seconds, or
    fails, abandons the table (`error` says why). `close()` stops listening and cancels.
    """

    def __init__(
        self,
        table: Table,
        *,
        context: str | BaseContext | None = None,
        time_per_move: float | None = None,
        timeout: float | None = None,
        service: AIService | None = None,
    ) -> None:
        self.table = table
        self.service = service
        self.context = context
        self.time_per_move = time_per_move
        self.timeout = timeout
        self.task: asyncio.Task[None] | None = None
        #: The search process of the current (or last) AI move.
        self.thinker: Thinker | None = None
        #: The last error of a search (the table is abandoned when the AI fails).
        self.error: BaseException | None = None
        #: The question of the current (or last) AI move.
        self.asked: ThinkRequest | None = None
        self._closed = False
        self._unsubscribe = table.subscribe(self._heard)
        self.poke()

    def poke(self) -> None:
        """Start thinking if an AI seat is to move and no search runs."""
        table = self.table
        seat = table.turn
        if seat is None or table.seats[seat].kind is not SeatKind.AI:
            return
        if self.task is not None and not self.task.done():
            return
        request = ThinkRequest.for_table(table, seat, self.time_per_move)
        self.task = asyncio.get_running_loop().create_task(self._move(seat, request))

    def cancel(self) -> None:
        """Stop the search under way: its process is terminated now, its task cancelled."""
        if self.thinker is not None:
            self.thinker.cancel()
        if self.task is not None and not self.task.done():
            self.task.cancel()

    def close(self) -> None:
        self._closed = True
        self._unsubscribe()
        self.cancel()

    def _poke_if_open(self) -> None:
        if not self._closed:
            self.poke()

    def _heard(self, event: Event) -> None:
        if isinstance(event, Reverted):  # the store refused: think again a little later
            self.cancel()
            self.task = None
            asyncio.get_running_loop().call_later(REVERTED_PAUSE, self._poke_if_open)
            return
        if isinstance(event, TookBack | GameOver | Abandoned):
            self.cancel()
            self.task = None
        if isinstance(event, Started | MovePlayed | ChanceDrawn | TookBack):
            self.poke()

    async def _ask(self, request: ThinkRequest) -> tuple[str, float]:
        """The service's move for `request` (asked again while its queue is full) and the
        seconds its search took."""
        assert self.service is not None
        delay, longest = BUSY_RETRY
        while True:
            try:
                reply = await self.service.move(
                    self.table.game,
                    request.agent,
                    start=request.start,
                    start_seed=request.start_seed,
                    moves=request.moves,
                    seed=request.seed,
                )
            except AIBusy:
                await asyncio.sleep(delay)
                delay = min(delay * 2, longest)
                continue
            return str(reply.value), reply.think

    async def _move_by_service(self, seat: int, request: ThinkRequest) -> None:
        table = self.table
        try:
            asking = self._ask(request)
            notation, think = await (
                asking if self.timeout is None else asyncio.wait_for(asking, self.timeout)
            )
        except asyncio.CancelledError:
            if self.asked is request:
                table.set_thinking(seat, False)
            raise
        except (SpieltischError, TimeoutError) as exc:
            self.error = exc
            table.set_thinking(seat, False)
            text = str(exc) or "no move in time"
            table.abandon(text if text.startswith("the AI") else f"the AI failed: {text}")
            return
        if table.turn == seat and table.ply == len(request.moves):
            self.task = None  # this search is done: the next AI turn may start one
            table.play(seat, notation, think=think)

    async def _move(self, seat: int, request: ThinkRequest) -> None:
        table = self.table
        table.set_thinking(seat, True)
        self.asked = request
        if self.service is not None:
            await self._move_by_service(seat, request)
            return
        thinker = self.thinker = Thinker(request, self.context)
        try:
            waiting = thinker.wait()
            notation = await (
                waiting if self.timeout is None else asyncio.wait_for(waiting, self.timeout)
            )
        except asyncio.CancelledError:
            if self.thinker is thinker:
                table.set_thinking(seat, False)
            raise
        except (SpieltischError, TimeoutError) as exc:
            if thinker.cancelled:
                return  # cancelled on purpose (a take-back, the end)
            self.error = exc
            table.set_thinking(seat, False)
            table.abandon(f"the AI failed: {exc or 'no move in time'}")
            return
        finally:
            thinker.cancel()  # gone in every case (a no-op once it answered)
        if table.turn == seat and table.ply == len(request.moves):
            self.task = None  # this search is done: the next AI turn may start one
            table.play(seat, notation, think=thinker.think)
