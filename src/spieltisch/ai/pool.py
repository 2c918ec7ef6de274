"""A pool of long-lived AI worker processes with a bounded queue, driven from asyncio.

Each worker is a process of its own that imports the games and agents once and then
answers one `Question` after another (no interpreter per move). The pool runs at most
`size` searches at once; questions beyond that wait in a queue of at most `queue`
(moves before analyses), and a question that finds the queue full is refused at once
(`AIBusy`). Workers are started on demand, up to `size`, and kept (one still starting
for a question withdrawn meanwhile is ended); a worker that cannot start fails the
questions waiting for it rather than being started again and again.

A search is stopped by ending its worker: cancelling the awaiting task (a take-back,
the end of the game, an unwatched table), or the search running past its time limit
plus a grace (`AIOverrun`), kills the worker at once; a worker that dies (crashed,
killed from outside) fails its question (`AIError`). Either way a new worker takes its
place when a question needs one. The pool records its queue, its searches and their
times in `spieltisch.core.metrics`.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import signal
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.context import BaseContext
from typing import Any, Protocol

from spieltisch.ai.questions import Question, answer
from spieltisch.ai.searchers import (
    OVERRUN_GRACE,
    AIBusy,
    AIError,
    AIOverrun,
    Job,
    Reply,
    Searcher,
    SearcherQueue,
)
from spieltisch.core.errors import SpieltischError

__all__ = ["OVERRUN_GRACE", "AIBusy", "AIError", "AIOverrun", "Pool", "Reply", "WorkerPool"]

#: The multiprocessing start method: "spawn" is safe in a threaded server everywhere.
DEFAULT_CONTEXT = "spawn"


class Pool(Protocol):
    """What the AI service asks of a backend: this module's `WorkerPool` (local worker
    processes) and `spieltisch.ai.raypool.RayPool` (Ray actors on a cluster)."""

    @property
    def waiting(self) -> int:
        """Questions waiting for a searcher."""

    @property
    def running(self) -> int:
        """Searches running now."""

    def pids(self) -> list[int]:
        """The process ids of the searchers."""

    async def ask(self, question: Question, limit: float) -> Reply:
        """The answer to `question` within `limit` seconds of search (plus a grace)."""

    async def close(self) -> None:
        """End every searcher; no more questions."""


#: How much lower a worker's scheduling priority is than the server's (`os.nice`): a
#: search never slows the moves, sockets and store writes of the server beside it, which
#: take a few milliseconds where a search takes its whole budget of time.
WORKER_NICENESS = 10


def _serve(channel: Connection) -> None:
    """A worker process: warm up, say so, then answer questions until the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    with contextlib.suppress(OSError):  # searches yield the cores to the server's own work
        os.nice(WORKER_NICENESS)
    from spieltisch.core.registry import game_names, load

    for name in game_names():  # import every game (and its native engine) before the first question
        with contextlib.suppress(Exception):
            load(name)
    channel.send(("ready", os.getpid()))
    while True:
        try:
            message = channel.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        job_id, question = message
        try:
            value, think = answer(question)
            reply: tuple[Any, ...] = (job_id, "ok", value, think)
        except Exception as exc:  # the parent hears of it as an AIError, not a hang
            text = str(exc) if isinstance(exc, SpieltischError) else f"{type(exc).__name__}: {exc}"
            reply = (job_id, "error", text, 0.0)
        channel.send(reply)


@dataclass(eq=False)
class _Worker(Searcher):
    process: Any  # multiprocessing's Process of the pool's context
    channel: Connection
    descriptor: int = -1


@dataclass(eq=False)
class WorkerPool(SearcherQueue[_Worker]):
    """`size` worker processes at most, `queue` questions waiting at most (see the module).

    Use it from one event loop; `close()` ends every worker."""

    size: int
    queue: int
    context: str | BaseContext = DEFAULT_CONTEXT
    grace: float = OVERRUN_GRACE
    _context: BaseContext = field(init=False)

    def __post_init__(self) -> None:
        self._open("worker")
        context = self.context
        self._context = (
            context if isinstance(context, BaseContext) else multiprocessing.get_context(context)
        )

    def pids(self) -> list[int]:
        """The process ids of the pool's workers (started or starting)."""
        return [worker.process.pid for worker in self._searchers if worker.process.pid]

    def prestart(self, count: int = 1) -> None:
        """Start workers now, up to `count` in all (at most `size`), so that the first
        questions do not wait for a worker to import the games. Call it from the event
        loop."""
        while len(self._searchers) < min(count, self.size) and not self._closed:
            self._spawn()
        self._gauge()

    async def ask(self, question: Question, limit: float) -> Reply:
        """The answer to `question`, whose search may take `limit` seconds (plus the
        grace) once a worker has it. `AIBusy` when the queue is full; cancelling the
        awaiting task withdraws the question (its worker killed if it searches)."""
        return await self._answer(self._admit(question, limit))

    async def close(self) -> None:
        """End every worker and refuse what waits; the pool takes no more questions."""
        self._closed = True
        self._refuse_waiting(AIError("the AI service has stopped"))
        workers = list(self._searchers)
        for worker in workers:
            self._end(worker, AIError("the AI service has stopped"), polite=True)
        loop = asyncio.get_running_loop()
        await asyncio.gather(
            *(loop.run_in_executor(None, self._reap, w.process, 2.0) for w in workers)
        )
        self._gauge()

    # --- the backend's part ----------------------------------------------------------

    def _send(self, worker: _Worker, job: Job) -> None:
        try:
            worker.channel.send((job.id, job.question))
        except (OSError, ValueError):
            self._end(worker, AIError("the AI worker ended before it got the question"))

    def _spawn(self) -> None:
        mine, theirs = self._context.Pipe(duplex=True)
        process = self._context.Process(  # type: ignore[attr-defined]
            target=_serve, args=(theirs,), name="spieltisch-ai-worker", daemon=True
        )
        process.start()
        theirs.close()  # the worker holds the only other end: its death is an EOF here
        worker = _Worker(process, mine)
        worker.descriptor = mine.fileno()
        asyncio.get_running_loop().add_reader(worker.descriptor, self._readable, worker)
        self._searchers.append(worker)

    def _readable(self, worker: _Worker) -> None:
        try:
            while not worker.gone and worker.channel.poll():
                self._heard(worker, worker.channel.recv())
        except (EOFError, OSError):
            if not worker.ready:  # it cannot even start: refuse what waits, no respawn loop
                self._end(worker, AIError("an AI worker could not start"))
                if not any(w.ready for w in self._searchers):
                    self._refuse_waiting(AIError("the AI workers cannot start"))
            else:
                self._end(worker, AIError("the AI worker ended without an answer (it crashed)"))
        self._dispatch()

    def _heard(self, worker: _Worker, message: tuple[Any, ...]) -> None:
        if message[0] == "ready":
            worker.ready = True
            return
        job_id, status, value, think = message
        job = worker.job
        if job is None or job.id != job_id:
            return  # the answer to a question withdrawn meanwhile
        self._answered(worker, job, status, value, think)

    def _end(self, worker: _Worker, error: AIError, *, polite: bool = False) -> None:
        """Forget `worker` and end its process (at once, unless `polite` and idle); its
        question, if any, fails with `error`."""
        idle = worker.job is None
        if not self._drop(worker, error):
            return
        with contextlib.suppress(ValueError, OSError):
            asyncio.get_running_loop().remove_reader(worker.descriptor)
        if polite and idle:
            with contextlib.suppress(OSError, ValueError):
                worker.channel.send(None)
        elif worker.process.is_alive():
            with contextlib.suppress(OSError):
                worker.process.kill()
        with contextlib.suppress(OSError):
            worker.channel.close()
        if not polite:
            asyncio.get_running_loop().run_in_executor(None, self._reap, worker.process, 5.0)

    @staticmethod
    def _reap(process: Any, timeout: float) -> None:
        process.join(timeout)
        if process.is_alive():
            process.kill()
            process.join(timeout)
