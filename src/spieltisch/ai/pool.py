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
import itertools
import multiprocessing
import os
import signal
import time
from collections import deque
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.context import BaseContext
from typing import Any, Protocol

from spieltisch.ai.questions import MOVE, Question, answer
from spieltisch.core import metrics
from spieltisch.core.errors import SpieltischError

__all__ = ["AIBusy", "AIError", "AIOverrun", "Pool", "Reply", "WorkerPool"]

#: The multiprocessing start method: "spawn" is safe in a threaded server everywhere.
DEFAULT_CONTEXT = "spawn"
#: Seconds a search may run past its time limit before its worker is killed.
OVERRUN_GRACE = 1.0


class AIError(SpieltischError):
    """The AI could not answer (its worker failed, crashed, or the question was refused)."""


class AIBusy(AIError):
    """The AI's queue is full: the question is refused now (try again later)."""


class AIOverrun(AIError):
    """A search ran past its time limit (and the grace): its worker was killed."""


@dataclass(frozen=True)
class Reply:
    """An answer with its times: `think` inside the search, `wait` in the queue, `total`
    from the question to the answer (so `total - think` is the service's overhead)."""

    value: Any
    think: float
    wait: float
    total: float


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
class _Job:
    id: int
    question: Question
    limit: float
    future: asyncio.Future[Reply]
    queued: float
    started: float = 0.0
    worker: _Worker | None = None
    timer: asyncio.TimerHandle | None = None


@dataclass(eq=False)
class _Worker:
    process: Any  # multiprocessing's Process of the pool's context
    channel: Connection
    ready: bool = False
    job: _Job | None = None
    gone: bool = False
    descriptor: int = -1


@dataclass(eq=False)
class WorkerPool:
    """`size` worker processes at most, `queue` questions waiting at most (see the module).

    Use it from one event loop; `close()` ends every worker."""

    size: int
    queue: int
    context: str | BaseContext = DEFAULT_CONTEXT
    grace: float = OVERRUN_GRACE
    _workers: list[_Worker] = field(default_factory=list)
    _moves: deque[_Job] = field(default_factory=deque)
    _analyses: deque[_Job] = field(default_factory=deque)
    _ids: itertools.count[int] = field(default_factory=itertools.count)
    _closed: bool = False

    def __post_init__(self) -> None:
        if self.size < 1 or self.queue < 1:
            raise ValueError("a pool has at least one worker and one place in its queue")
        if not isinstance(self.context, BaseContext):
            self.context = multiprocessing.get_context(self.context)

    # --- reading ---------------------------------------------------------------------

    @property
    def waiting(self) -> int:
        """Questions waiting for a worker."""
        return len(self._moves) + len(self._analyses)

    @property
    def running(self) -> int:
        """Searches running now."""
        return sum(1 for worker in self._workers if worker.job is not None)

    def pids(self) -> list[int]:
        """The process ids of the pool's workers (started or starting)."""
        return [worker.process.pid for worker in self._workers if worker.process.pid]

    def prestart(self, count: int = 1) -> None:
        """Start workers now, up to `count` in all (at most `size`), so that the first
        questions do not wait for a worker to import the games. Call it from the event
        loop."""
        while len(self._workers) < min(count, self.size) and not self._closed:
            self._spawn()
        self._gauge()

    # --- asking ----------------------------------------------------------------------

    async def ask(self, question: Question, limit: float) -> Reply:
        """The answer to `question`, whose search may take `limit` seconds (plus the
        grace) once a worker has it. `AIBusy` when the queue is full; cancelling the
        awaiting task withdraws the question (its worker killed if it searches)."""
        if self._closed:
            raise AIError("the AI service has stopped")
        if self.running + self.waiting >= self.size + self.queue:
            raise AIBusy(
                f"the AI is busy ({self.running} searches running, {self.waiting} waiting): "
                "try again in a moment"
            )
        loop = asyncio.get_running_loop()
        job = _Job(next(self._ids), question, limit, loop.create_future(), time.perf_counter())
        (self._moves if question.kind == MOVE else self._analyses).append(job)
        self._dispatch()
        try:
            return await job.future
        except asyncio.CancelledError:
            self._withdraw(job)
            raise

    async def close(self) -> None:
        """End every worker and refuse what waits; the pool takes no more questions."""
        self._closed = True
        for queue in (self._moves, self._analyses):
            while queue:
                self._fail(queue.popleft(), AIError("the AI service has stopped"))
        workers = list(self._workers)
        for worker in workers:
            self._end(worker, AIError("the AI service has stopped"), polite=True)
        loop = asyncio.get_running_loop()
        await asyncio.gather(
            *(loop.run_in_executor(None, self._reap, w.process, 2.0) for w in workers)
        )
        self._gauge()

    # --- inside ----------------------------------------------------------------------

    def _dispatch(self) -> None:
        """Give waiting questions to idle workers; start workers for the rest."""
        for worker in self._workers:
            if not (worker.ready and worker.job is None):
                continue
            job = self._next()
            if job is None:
                break
            self._start(worker, job)
        starting = sum(1 for worker in self._workers if not worker.ready)
        need = self.waiting - starting
        while need > 0 and len(self._workers) < self.size and not self._closed:
            self._spawn()
            need -= 1
        self._gauge()

    def _next(self) -> _Job | None:
        for queue in (self._moves, self._analyses):
            if queue:
                return queue.popleft()
        return None

    def _start(self, worker: _Worker, job: _Job) -> None:
        job.started = time.perf_counter()
        metrics.AI_WAIT_SECONDS.observe(job.started - job.queued)
        job.worker, worker.job = worker, job
        try:
            worker.channel.send((job.id, job.question))
        except (OSError, ValueError):
            self._end(worker, AIError("the AI worker ended before it got the question"))
            return
        job.timer = asyncio.get_running_loop().call_later(
            job.limit + self.grace, self._overran, job
        )

    def _spawn(self) -> None:
        assert isinstance(self.context, BaseContext)
        mine, theirs = self.context.Pipe(duplex=True)
        process = self.context.Process(  # type: ignore[attr-defined]
            target=_serve, args=(theirs,), name="spieltisch-ai-worker", daemon=True
        )
        process.start()
        theirs.close()  # the worker holds the only other end: its death is an EOF here
        worker = _Worker(process, mine)
        worker.descriptor = mine.fileno()
        asyncio.get_running_loop().add_reader(worker.descriptor, self._readable, worker)
        self._workers.append(worker)

    def _readable(self, worker: _Worker) -> None:
        try:
            while not worker.gone and worker.channel.poll():
                self._heard(worker, worker.channel.recv())
        except (EOFError, OSError):
            if not worker.ready:  # it cannot even start: refuse what waits, no respawn loop
                self._end(worker, AIError("an AI worker could not start"))
                if not any(w.ready for w in self._workers):
                    for queue in (self._moves, self._analyses):
                        while queue:
                            self._fail(queue.popleft(), AIError("the AI workers cannot start"))
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
        worker.job = None
        if job.timer is not None:
            job.timer.cancel()
        if job.future.done():
            return
        now = time.perf_counter()
        if status == "ok":
            metrics.AI_REPLY_SECONDS.labels(job.question.kind).observe(now - job.queued)
            job.future.set_result(
                Reply(value, float(think), job.started - job.queued, now - job.queued)
            )
        else:
            job.future.set_exception(AIError(f"the AI failed: {value}"))

    def _overran(self, job: _Job) -> None:
        worker = job.worker
        if worker is not None and worker.job is job:
            self._end(
                worker,
                AIOverrun(
                    f"the AI's search ran past its time limit of {job.limit:g} s and was stopped"
                ),
            )
            self._dispatch()

    def _withdraw(self, job: _Job) -> None:
        """The asker gave up on `job`: out of the queue, or its worker killed now."""
        for queue in (self._moves, self._analyses):
            with contextlib.suppress(ValueError):
                queue.remove(job)
        worker = job.worker
        if worker is not None and worker.job is job:
            self._end(worker, AIError("the question was withdrawn"))
        # workers still starting for questions nobody waits for any more are not needed
        starting = [w for w in self._workers if not w.ready]
        for surplus in starting[self.waiting :]:
            self._end(surplus, AIError("the question was withdrawn"))
        self._dispatch()

    def _end(self, worker: _Worker, error: AIError, *, polite: bool = False) -> None:
        """Forget `worker` and end its process (at once, unless `polite` and idle); its
        question, if any, fails with `error`."""
        if worker.gone:
            return
        worker.gone = True
        with contextlib.suppress(ValueError, OSError):
            asyncio.get_running_loop().remove_reader(worker.descriptor)
        if worker in self._workers:
            self._workers.remove(worker)
        job, worker.job = worker.job, None
        if polite and job is None:
            with contextlib.suppress(OSError, ValueError):
                worker.channel.send(None)
        elif worker.process.is_alive():
            with contextlib.suppress(OSError):
                worker.process.kill()
        with contextlib.suppress(OSError):
            worker.channel.close()
        if not polite:
            asyncio.get_running_loop().run_in_executor(None, self._reap, worker.process, 5.0)
        if job is not None:
            if job.timer is not None:
                job.timer.cancel()
            self._fail(job, error)

    @staticmethod
    def _reap(process: Any, timeout: float) -> None:
        process.join(timeout)
        if process.is_alive():
            process.kill()
            process.join(timeout)

    @staticmethod
    def _fail(job: _Job, error: AIError) -> None:
        if not job.future.done():
            job.future.set_exception(error)

    def _gauge(self) -> None:
        metrics.AI_QUEUE_DEPTH.set(self.waiting)
        metrics.AI_SEARCHES.set(self.running)
