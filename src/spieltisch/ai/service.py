"""The AI service of a server: every AI move and every analysis, bounded.

One `AIService` per server (the web app makes it in its lifespan) answers through a
backend chosen by `Settings.ai_backend`: a `WorkerPool` of long-lived processes on this
machine (`spieltisch.ai.pool`, the default) or a `RayPool` of long-lived Ray actors on a
cluster (`spieltisch.ai.raypool`, at `ai_ray_address`). Both keep the host's limits from
`Settings`: `ai_workers` searches at once, `ai_queue` questions waiting (more are
refused with `AIBusy`), and per-search caps on threads, hash and time
(`ai_max_threads`, `ai_max_hash_mb`, `ai_max_seconds`) written into every agent spec it
runs. A search that runs past the time cap (plus a grace) is stopped.

A server only ever runs its own levels: a move is asked for by a level name the server
offers (`offered`), never by an agent spec, so no request, imported record or stored
seat can make it run an agent of its choosing.
"""

from __future__ import annotations

import asyncio
import logging
import math
from dataclasses import dataclass
from multiprocessing.context import BaseContext
from typing import Any

from spieltisch.ai.levels import EXTRA_LEVELS, levels
from spieltisch.ai.pool import (
    DEFAULT_CONTEXT,
    OVERRUN_GRACE,
    AIBusy,
    AIError,
    Pool,
    Reply,
    WorkerPool,
)
from spieltisch.ai.questions import ANALYSIS, MOVE, Question
from spieltisch.ai.raypool import RayPool, require_ray
from spieltisch.ai.spec import FLOAT_RANGES, AgentSpecError, parse_spec, read_float
from spieltisch.core.game import Game
from spieltisch.core.settings import Settings

__all__ = [
    "ANALYSIS_SECONDS",
    "AIBusy",
    "AIError",
    "AIService",
    "Caps",
    "Reply",
    "capped",
    "offered",
]

log = logging.getLogger(__name__)

#: Seconds an analysis searches (less when the host's time cap is lower).
ANALYSIS_SECONDS = 1.0
#: Megabytes a searcher needs besides its hash table (the interpreter, the games, the
#: native engines), reserved on a Ray cluster with the hash cap for each searcher.
SEARCHER_BASE_MB = 200


@dataclass(frozen=True)
class Caps:
    """The most one search may use: threads, hash megabytes and seconds."""

    threads: int = 1
    hash_mb: int = 64
    seconds: float = 5.0

    @classmethod
    def of(cls, settings: Settings) -> Caps:
        return cls(settings.ai_max_threads, settings.ai_max_hash_mb, settings.ai_max_seconds)


def offered(game: Game[Any, Any]) -> list[str]:
    """The level names a server offers for `game`, the weakest first."""
    return [*EXTRA_LEVELS, *levels(game)]


def _decimal(value: float) -> str:
    """A number as the plain decimal text agent specs read (no exponent)."""
    return format(value, ".6f").rstrip("0").rstrip(".") or "0"


def capped(spec: str, game: Game[Any, Any] | None, caps: Caps) -> str:
    """`spec` (a level name or spec) as the spec of its agent within `caps`: its time
    limit at most `caps.seconds` (added where it has none), and a native search's threads
    and hash at most the caps."""
    kind, settings = parse_spec(spec, game)
    out = dict(settings)
    if kind in ("mcts", "alphabeta", "native"):
        low, high = FLOAT_RANGES["time"]
        seconds = caps.seconds
        if "time" in out:
            seconds = min(seconds, read_float(out["time"], "time", low, high))
        out["time"] = _decimal(max(low, seconds))
    if kind == "native":
        threads = int(out.get("threads", "1"))
        hash_mb = int(out.get("hash", "16"))
        out["threads"] = str(max(1, min(threads, caps.threads)))
        out["hash"] = str(max(1, min(hash_mb, caps.hash_mb)))
    if not out:
        return kind
    return kind + ":" + ",".join(f"{key}={value}" for key, value in sorted(out.items()))


class AIService:
    """The server's AI (see the module): `move` for a level, `analyse` for a position."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        context: str | BaseContext = DEFAULT_CONTEXT,
        grace: float = OVERRUN_GRACE,
    ) -> None:
        self.settings = settings if settings is not None else Settings()
        self.caps = Caps.of(self.settings)
        self._warming: asyncio.Future[None] | None = None
        self.pool: Pool
        if self.settings.ai_backend == "ray":
            require_ray()
            self.pool = RayPool(
                self.settings.ai_workers,
                self.settings.ai_queue,
                address=self.settings.ai_ray_address,
                cpus=self.caps.threads,
                memory_mb=self.caps.hash_mb + SEARCHER_BASE_MB,
                grace=grace,
            )
        else:
            self.pool = WorkerPool(
                self.settings.ai_workers, self.settings.ai_queue, context=context, grace=grace
            )

    def spec_for(self, game: Game[Any, Any], level: str) -> str:
        """The capped agent spec of the server's level `level` for `game`; `AIError`
        for anything that is not one of the levels the server offers."""
        names = offered(game)
        if not isinstance(level, str) or level not in names:
            shown = repr(level[:40]) if isinstance(level, str) else "that"
            raise AIError(
                f"the AI plays only this server's levels ({', '.join(names)}), not {shown}"
            )
        try:
            return capped(level, game, self.caps)
        except AgentSpecError as exc:  # a level table the host broke: say which
            raise AIError(f"level {level!r}: {exc}") from None

    async def move(
        self,
        game: Game[Any, Any],
        level: str,
        *,
        start: str,
        start_seed: int | None,
        moves: tuple[str, ...],
        seed: int,
    ) -> Reply:
        """The move (in notation, `Reply.value`) of the server's AI at `level` in the
        position after `moves`; `AIBusy` when the queue is full."""
        question = Question(
            MOVE,
            game.name,
            game.options.text(),
            start,
            start_seed,
            tuple(moves),
            agent=self.spec_for(game, level),
            seed=seed,
        )
        return await self.pool.ask(question, self.caps.seconds)

    async def analyse(
        self,
        game: Game[Any, Any],
        *,
        start: str,
        start_seed: int | None,
        moves: tuple[str, ...],
        seconds: float = ANALYSIS_SECONDS,
        lines: int = 1,
    ) -> dict[str, Any]:
        """The evaluation and up to `lines` best lines of the position after `moves` (see
        `spieltisch.ai.questions.analyse`), searched within the caps."""
        if not (math.isfinite(seconds) and seconds > 0):
            raise AIError("an analysis searches for a positive number of seconds")
        seconds = min(seconds, self.caps.seconds)
        question = Question(
            ANALYSIS,
            game.name,
            game.options.text(),
            start,
            start_seed,
            tuple(moves),
            seconds=seconds,
            lines=lines,
        )
        reply = await self.pool.ask(question, self.caps.seconds)
        result: dict[str, Any] = reply.value
        return result

    @property
    def backend(self) -> str:
        """The backend in use: "local" or "ray"."""
        return "ray" if isinstance(self.pool, RayPool) else "local"

    def warm(self) -> None:
        """Start connecting to the Ray cluster in the background (the server starts at
        once; a cluster that cannot be reached is logged, and tried again at the next
        question); for the local pool, start its first worker now unless the settings
        say "on-demand" (a worker takes seconds to import the games: the first AI move
        after a restart waited 2.8 s for it). Call it from the event loop."""
        if isinstance(self.pool, RayPool) and self._warming is None:
            self._warming = asyncio.ensure_future(self._warm())
        elif isinstance(self.pool, WorkerPool) and self.settings.ai_workers_start == "at-start":
            self.pool.prestart(1)

    async def _warm(self) -> None:
        try:
            await self.start()
        except AIError as exc:
            log.warning("the AI's Ray backend is not ready: %s", exc)
        else:
            log.info("the AI searches on the Ray cluster %s", self.settings.ai_ray_address)

    async def start(self) -> None:
        """Make the backend ready now rather than at the first question: connect to the
        Ray cluster (`RayUnavailable` when it cannot be reached); nothing for the local
        pool, whose workers start on demand."""
        if isinstance(self.pool, RayPool):
            await self.pool.start()

    async def close(self) -> None:
        if self._warming is not None and not self._warming.done():
            self._warming.cancel()
        await self.pool.close()
