"""The queue of questions and searchers that every backend of the AI service keeps.

Both backends (`spieltisch.ai.pool.WorkerPool`, local worker processes, and
`spieltisch.ai.raypool.RayPool`, Ray actors on a cluster) behave the same towards the
server, and this is where that behaviour lives once: at most `size` searches at once and
`queue` questions waiting (moves before analyses), a full queue refused at once
(`AIBusy`), a withdrawn question taken out of the queue or its search ended, a search
past its time limit plus the grace ended (`AIOverrun`), the answers turned into
`Reply`s, and the queue and the searches recorded in `spieltisch.core.metrics`.

A backend says how a searcher is started (`_spawn`), given a question (`_send`) and
ended (`_end`, which fails its question through `_drop`); everything else is here.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import time
from collections import deque
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from spieltisch.ai.questions import MOVE, Question
from spieltisch.core import metrics
from spieltisch.core.errors import SpieltischError

__all__ = ["OVERRUN_GRACE", "AIBusy", "AIError", "AIOverrun", "Job", "Reply", "Searcher"]

#: Seconds a search may run past its time limit before its searcher is ended.
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


@dataclass(eq=False, kw_only=True)
class Searcher:
    """What the queue knows of one searcher; a backend adds how to reach it."""

    ready: bool = False
    job: Job | None = None
    gone: bool = False


@dataclass(eq=False)
class Job:
    """One question from its arrival to its answer."""

    id: int
    question: Question
    limit: float
    future: asyncio.Future[Reply]
    queued: float
    started: float = 0.0
    timer: asyncio.TimerHandle | None = None
    #: Whether it was put back once already after its searcher died (Ray only).
    retried: bool = False


S = TypeVar("S", bound=Searcher)


class SearcherQueue(Generic[S]):
    """The common part of a backend: `size`, `queue` and `grace` are the backend's own
    fields; `_open()` is called once from its `__post_init__`."""

    size: int
    queue: int
    grace: float
    _searchers: list[S]
    _moves: deque[Job]
    _analyses: deque[Job]
    _ids: itertools.count[int]
    _closed: bool

    def _open(self, what: str) -> None:
        if self.size < 1 or self.queue < 1:
            raise ValueError(f"a pool has at least one {what} and one place in its queue")
        self._searchers, self._moves, self._analyses = [], deque(), deque()
        self._ids, self._closed = itertools.count(), False

    # --- what a backend does --------------------------------------------------------

    def _spawn(self) -> None:
        """Start one more searcher (it sets `ready` when it can take a question)."""
        raise NotImplementedError

    def _send(self, searcher: S, job: Job) -> None:
        """Hand `job`'s question to `searcher` (its answer comes back through `_answered`)."""
        raise NotImplementedError

    def _end(self, searcher: S, error: AIError) -> None:
        """End `searcher` at once; its question, if any, fails with `error` (`_drop`)."""
        raise NotImplementedError

    # --- reading ---------------------------------------------------------------------

    @property
    def waiting(self) -> int:
        """Questions waiting for a searcher."""
        return len(self._moves) + len(self._analyses)

    @property
    def running(self) -> int:
        """Searches running now."""
        return sum(1 for searcher in self._searchers if searcher.job is not None)

    # --- asking ----------------------------------------------------------------------

    def _admit(self, question: Question, limit: float) -> Job:
        """A new job for `question` at the end of its queue, or `AIBusy` when full."""
        if self._closed:
            raise AIError("the AI service has stopped")
        if self.running + self.waiting >= self.size + self.queue:
            raise AIBusy(
                f"the AI is busy ({self.running} searches running, {self.waiting} waiting): "
                "try again in a moment"
            )
        loop = asyncio.get_running_loop()
        job = Job(next(self._ids), question, limit, loop.create_future(), time.perf_counter())
        self._queue_of(job).append(job)
        return job

    async def _answer(self, job: Job) -> Reply:
        """Dispatch, then wait for `job`'s answer; cancelling the wait withdraws it."""
        self._dispatch()
        try:
            return await job.future
        except asyncio.CancelledError:
            self._withdraw(job)
            raise

    def _queue_of(self, job: Job) -> deque[Job]:
        return self._moves if job.question.kind == MOVE else self._analyses

    def _refuse_waiting(self, error: AIError) -> None:
        """Fail every waiting question with `error`."""
        for queue in (self._moves, self._analyses):
            while queue:
                self._fail(queue.popleft(), error)

    # --- inside ----------------------------------------------------------------------

    def _dispatch(self) -> None:
        """Give waiting questions to idle searchers; start searchers for the rest."""
        for searcher in self._searchers:
            if not (searcher.ready and searcher.job is None):
                continue
            job = self._next()
            if job is None:
                break
            self._assign(searcher, job)
        starting = sum(1 for searcher in self._searchers if not searcher.ready)
        need = self.waiting - starting
        while need > 0 and len(self._searchers) < self.size and not self._closed:
            self._spawn()
            need -= 1
        self._gauge()

    def _next(self) -> Job | None:
        for queue in (self._moves, self._analyses):
            if queue:
                return queue.popleft()
        return None

    def _assign(self, searcher: S, job: Job) -> None:
        if job.timer is not None:  # a wait that is over (Ray's wait for its cluster)
            job.timer.cancel()
        job.started = time.perf_counter()
        metrics.AI_WAIT_SECONDS.observe(job.started - job.queued)
        searcher.job = job
        self._send(searcher, job)
        if searcher.job is job:
            job.timer = asyncio.get_running_loop().call_later(
                job.limit + self.grace, self._overran, job
            )

    def _answered(self, searcher: S, job: Job, status: str, value: Any, think: float) -> None:
        """`searcher` answered `job`: its reply (or its error) goes to the asker."""
        searcher.job = None
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

    def _searching(self, job: Job) -> S | None:
        """The searcher that has `job` now, if any."""
        return next((s for s in self._searchers if s.job is job), None)

    def _overran(self, job: Job) -> None:
        searcher = self._searching(job)
        if searcher is not None:
            self._end(
                searcher,
                AIOverrun(
                    f"the AI's search ran past its time limit of {job.limit:g} s and was stopped"
                ),
            )
            self._dispatch()

    def _withdraw(self, job: Job) -> None:
        """The asker gave up on `job`: out of the queue, or its searcher ended now."""
        for queue in (self._moves, self._analyses):
            with contextlib.suppress(ValueError):
                queue.remove(job)
        searcher = self._searching(job)
        if searcher is not None:
            self._end(searcher, AIError("the question was withdrawn"))
        # searchers still starting for questions nobody waits for any more are not needed
        starting = [s for s in self._searchers if not s.ready]
        for surplus in starting[self.waiting :]:
            self._end(surplus, AIError("the question was withdrawn"))
        self._dispatch()

    def _drop(self, searcher: S, error: AIError) -> bool:
        """Forget `searcher` (the backend then ends it) and fail its question with
        `error`; False if it was forgotten already."""
        if searcher.gone:
            return False
        searcher.gone = True
        if searcher in self._searchers:
            self._searchers.remove(searcher)
        job, searcher.job = searcher.job, None
        if job is not None:
            self._fail(job, error)
        return True

    @staticmethod
    def _fail(job: Job, error: AIError) -> None:
        if job.timer is not None:
            job.timer.cancel()
        if not job.future.done():
            job.future.set_exception(error)

    def _gauge(self) -> None:
        metrics.AI_QUEUE_DEPTH.set(self.waiting)
        metrics.AI_SEARCHES.set(self.running)
