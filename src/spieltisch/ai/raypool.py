"""The AI service's distributed backend: long-lived searchers as Ray actors on a cluster.

`RayPool` answers the same `Question`s as the local `WorkerPool`, with the same bounds
and the same behaviour towards the server: at most `size` searches at once, at most
`queue` questions waiting (moves before analyses), a full queue refused at once
(`AIBusy`), a withdrawn question's search ended at once, a search past its time limit
plus the grace ended (`AIOverrun`), and the queue, the searches and their times recorded
in `spieltisch.core.metrics`, the queue depth included.

Each searcher is a Ray actor (`Searcher`): a process somewhere on the cluster that
imports the games and agents once and then answers one question after another, like a
local worker. It reserves `cpus` CPUs (the host's thread cap, so a search with every
thread it may use never shares its cores) and `memory_mb` of the cluster's memory, so
Ray places searchers only where they fit. Stopping a search ends its actor
(`ray.kill`); a new actor takes its place when a question needs one. The pool's own
queue, not Ray's, holds the waiting questions: a search's time limit starts when its
searcher has it, so a busy cluster never turns a waiting question into an overrun.

Nothing here blocks the event loop: connecting to the cluster (`ray.init`, seconds)
and ending actors run in a thread, and answers arrive as futures that Ray resolves
from its own threads. Ray is imported only when the pool first connects, so the
package works without the `ray` extra.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import os
import socket
import time
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from spieltisch.ai import searchers
from spieltisch.ai.pool import WORKER_NICENESS
from spieltisch.ai.questions import Question, answer
from spieltisch.ai.searchers import OVERRUN_GRACE, AIBusy, AIError, Job, Reply, SearcherQueue
from spieltisch.core.errors import SpieltischError

__all__ = ["NAMESPACE", "RayPool", "RayUnavailable", "Searcher", "connect", "require_ray"]

#: The Ray namespace the server's searchers live in (apart from other jobs' actors).
NAMESPACE = "spieltisch"
#: Seconds a new searcher may take to be placed and warm up before it is given up (the
#: cluster has no room for it, or its node cannot import the program).
START_SECONDS = 120.0
#: Seconds a question waits for the connection to the cluster before it is refused (the
#: connection attempt goes on: `ray.init` may try for minutes to reach a head node).
CONNECT_SECONDS = 30.0
#: Seconds before a failed connection to the cluster is tried again.
RECONNECT_SECONDS = 5.0


class RayUnavailable(AIBusy):
    """Ray is not installed, the cluster cannot be reached, or it has no room for a
    searcher: the question is refused now, as by a full queue (an AI seat asks again)."""


class Searcher:
    """One searcher on the cluster (a Ray actor): warm once, then answer questions."""

    def ready(self) -> tuple[int, str]:
        """Import every game (and its native engine) before the first question; the
        process id and the node's host name, for the pool's records."""
        with contextlib.suppress(OSError):  # on a shared node, the server's work first
            os.nice(WORKER_NICENESS)
        from spieltisch.core.registry import game_names, load

        for name in game_names():
            with contextlib.suppress(Exception):
                load(name)
        return os.getpid(), socket.gethostname()

    def answer(self, question: Question) -> tuple[str, Any, float]:
        """The reply to `question` as (status, value, think seconds); a failure of the
        question itself is a reply too, so only a dead actor raises on the caller's side."""
        try:
            value, think = answer(question)
        except Exception as exc:
            text = str(exc) if isinstance(exc, SpieltischError) else f"{type(exc).__name__}: {exc}"
            return "error", text, 0.0
        return "ok", value, think


def require_ray() -> None:
    """`AIError` unless Ray can be imported (the `ray` extra): a setting the server
    cannot honour stops it before it starts, rather than failing every AI move."""
    if importlib.util.find_spec("ray") is None:
        raise AIError("the AI's Ray backend needs Ray: pip install 'spieltisch[ray]'")


def connect(address: str, cpus: int) -> tuple[Any, bool]:
    """Ray, connected to the cluster at `address` (see `Settings.ai_ray_address`; `local`
    starts an instance of `cpus` CPUs in this process), and whether this call started
    the connection (so its owner shuts it down). Blocks: call it from a thread."""
    require_ray()
    import ray

    if ray.is_initialized():
        return ray, False
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    try:
        if address == "local":
            ray.init(
                num_cpus=cpus, namespace=NAMESPACE, include_dashboard=False, log_to_driver=False
            )
        else:
            ray.init(address=address, namespace=NAMESPACE, log_to_driver=False)
    except Exception as exc:  # ConnectionError, RuntimeError, ValueError, gRPC's own
        raise RayUnavailable(f"cannot reach the Ray cluster {address!r}: {exc}") from None
    return ray, True


@dataclass(eq=False)
class _Searcher(searchers.Searcher):
    actor: Any
    born: float
    pid: int = 0
    node: str = ""
    timer: asyncio.TimerHandle | None = None


@dataclass(eq=False)
class RayPool(SearcherQueue[_Searcher]):
    """`size` searchers on the Ray cluster at `address` at most, `queue` questions
    waiting at most (see the module). Use it from one event loop; `close()` ends every
    searcher (and the Ray instance, when the pool started it)."""

    size: int
    queue: int
    address: str = "auto"
    cpus: int = 1
    memory_mb: int = 0
    grace: float = OVERRUN_GRACE
    start_seconds: float = START_SECONDS
    connect_seconds: float = CONNECT_SECONDS
    _ray: Any = None
    _remote: Any = None
    _owns_ray: bool = False
    _connecting: asyncio.Future[None] | None = None
    _failed_at: float = -RECONNECT_SECONDS
    _failure: AIError | None = None

    def __post_init__(self) -> None:
        self._open("searcher")
        if self.cpus < 1 or self.memory_mb < 0:
            raise ValueError("a searcher takes at least one CPU and no negative memory")

    # --- reading ---------------------------------------------------------------------

    @property
    def connected(self) -> bool:
        """Whether the pool is connected to its Ray cluster."""
        return self._remote is not None

    def pids(self) -> list[int]:
        """The process ids of the searchers that are ready (on their nodes)."""
        return [searcher.pid for searcher in self._searchers if searcher.ready]

    def nodes(self) -> list[str]:
        """The host names of the nodes of the searchers that are ready."""
        return [searcher.node for searcher in self._searchers if searcher.ready]

    # --- asking ----------------------------------------------------------------------

    async def ask(self, question: Question, limit: float) -> Reply:
        """The answer to `question`, whose search may take `limit` seconds (plus the
        grace) once a searcher has it. `AIBusy` when the queue is full; cancelling the
        awaiting task withdraws the question (its searcher ended if it searches)."""
        job = self._admit(question, limit)
        if self._remote is None:
            job.timer = asyncio.get_running_loop().call_later(
                self.connect_seconds, self._unconnected, job
            )
        return await self._answer(job)

    async def start(self) -> None:
        """Connect to the cluster now (`RayUnavailable` if it cannot be reached), rather
        than at the first question."""
        if self._remote is None:
            await asyncio.shield(self._begin_connecting())

    async def close(self) -> None:
        """End every searcher and refuse what waits; the pool takes no more questions."""
        self._closed = True
        self._refuse_waiting(AIError("the AI service has stopped"))
        actors = []
        for searcher in list(self._searchers):
            actors.append(searcher.actor)
            self._end(searcher, AIError("the AI service has stopped"), kill=False)
        if self._connecting is not None and not self._connecting.done():
            with contextlib.suppress(Exception):
                await self._connecting
        ray, owned = self._ray, self._owns_ray
        self._remote = None
        if ray is not None:
            await asyncio.get_running_loop().run_in_executor(None, _stop, ray, actors, owned)
        self._gauge()

    # --- connecting ------------------------------------------------------------------

    def _begin_connecting(self) -> asyncio.Future[None]:
        if self._connecting is None:
            self._connecting = asyncio.ensure_future(self._connection())
            self._connecting.add_done_callback(self._connection_done)
        return self._connecting

    async def _connection(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            ray, owned = await loop.run_in_executor(
                None, connect, self.address, self.size * self.cpus
            )
        except BaseException:
            self._connecting = None
            self._failed_at = time.monotonic()
            raise
        self._ray, self._owns_ray = ray, owned
        self._remote = ray.remote(Searcher)

    def _connection_done(self, future: asyncio.Future[None]) -> None:
        error = future.exception() if not future.cancelled() else None
        if error is not None:
            self._failure = error if isinstance(error, AIError) else RayUnavailable(repr(error))
            self._refuse_waiting(self._failure)
        self._dispatch()

    # --- the backend's part ----------------------------------------------------------

    def _dispatch(self) -> None:
        """As every backend, once connected to the cluster (connecting first)."""
        if self._closed:
            self._gauge()
            return
        if self._remote is None:
            if self.waiting and self._connecting is None:
                if time.monotonic() - self._failed_at < RECONNECT_SECONDS:
                    kind = type(self._failure) if self._failure is not None else RayUnavailable
                    self._refuse_waiting(kind(f"{self._failure} (a moment ago; tried again soon)"))
                else:
                    self._begin_connecting()
            self._gauge()
            return
        super()._dispatch()

    def _options(self) -> dict[str, Any]:
        options: dict[str, Any] = {"num_cpus": self.cpus, "max_restarts": 0}
        if self.memory_mb:
            options["memory"] = self.memory_mb * 1024 * 1024
        return options

    def _unconnected(self, job: Job) -> None:
        """`job` waited `connect_seconds` for the cluster: refused, out of the queue."""
        if self._remote is not None or job.future.done():
            return
        with contextlib.suppress(ValueError):
            self._queue_of(job).remove(job)
        self._fail(
            job,
            RayUnavailable(
                f"the Ray cluster {self.address!r} was not reached within "
                f"{self.connect_seconds:g} s"
            ),
        )
        self._gauge()

    def _spawn(self) -> None:
        loop = asyncio.get_running_loop()
        actor = self._remote.options(**self._options()).remote()
        searcher = _Searcher(actor, time.perf_counter())
        self._searchers.append(searcher)
        reply = _future(actor.ready.remote())
        reply.add_done_callback(lambda done: self._warmed(searcher, done))
        searcher.timer = loop.call_later(self.start_seconds, self._too_slow, searcher)

    def _warmed(self, searcher: _Searcher, done: asyncio.Future[Any]) -> None:
        if searcher.gone:
            return
        if searcher.timer is not None:
            searcher.timer.cancel()
        if done.cancelled() or done.exception() is not None:
            self._end(searcher, AIError("an AI searcher could not start on the Ray cluster"))
            if not any(s.ready for s in self._searchers):
                self._refuse_waiting(
                    RayUnavailable("the AI searchers cannot start on the Ray cluster")
                )
        else:
            searcher.pid, searcher.node = done.result()
            searcher.ready = True
        self._dispatch()

    def _too_slow(self, searcher: _Searcher) -> None:
        """A searcher not placed and warm within `start_seconds`: the cluster has no room
        for it (or cannot start it); what waits is refused rather than kept forever."""
        if searcher.gone or searcher.ready:
            return
        self._end(searcher, AIError("an AI searcher did not start in time"))
        if not any(s.ready for s in self._searchers):
            self._refuse_waiting(
                RayUnavailable(
                    f"the Ray cluster found no room for an AI searcher ({self.cpus} CPU, "
                    f"{self.memory_mb} MB) within {self.start_seconds:g} s"
                )
            )
        self._dispatch()

    def _send(self, searcher: _Searcher, job: Job) -> None:
        reply = _future(searcher.actor.answer.remote(job.question))
        reply.add_done_callback(lambda done: self._heard(searcher, job, done))

    def _heard(self, searcher: _Searcher, job: Job, done: asyncio.Future[Any]) -> None:
        if searcher.job is not job or searcher.gone:
            return  # the answer to a question withdrawn meanwhile
        if done.cancelled() or done.exception() is not None:
            if not job.retried and not job.future.done():
                # its node was lost or its process killed from outside: once more, on a
                # new searcher, first in the queue
                job.retried = True
                searcher.job = None
                if job.timer is not None:
                    job.timer.cancel()
                self._queue_of(job).appendleft(job)
            self._end(searcher, AIError("the AI searcher ended without an answer (it died)"))
            self._dispatch()
            return
        status, value, think = done.result()
        self._answered(searcher, job, status, value, think)
        self._dispatch()

    def _end(self, searcher: _Searcher, error: AIError, *, kill: bool = True) -> None:
        """Forget `searcher` and (with `kill`) end its actor in a thread; its question,
        if any, fails with `error`."""
        if searcher.timer is not None:
            searcher.timer.cancel()
        if not self._drop(searcher, error):
            return
        if kill and self._ray is not None:
            asyncio.get_running_loop().run_in_executor(None, _kill, self._ray, searcher.actor)


def _future(ref: Any) -> asyncio.Future[Any]:
    """A Ray object reference as an asyncio future of this loop (Ray resolves it from
    its own thread; the loop is woken, never blocked)."""
    resolved: Future[Any] = ref.future()
    return asyncio.wrap_future(resolved)


def _kill(ray: Any, actor: Any) -> None:
    with contextlib.suppress(Exception):  # already dead, or the cluster gone
        ray.kill(actor, no_restart=True)


def _stop(ray: Any, actors: list[Any], owned: bool) -> None:
    for actor in actors:
        _kill(ray, actor)
    if owned:
        ray.shutdown()
