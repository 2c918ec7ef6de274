"""Computer analysis of whole games: background jobs on the AI service.

A finished game (never one in progress: `GameInProgress`) is analysed by a job that asks
the AI service (`AIService.analyse`, the same bounded queue and per-search caps as every
AI move) for the evaluation of each of its positions in turn, then reviews every move
(`spieltisch.ai.review`: winning chances lost, inaccuracy / mistake / blunder, accuracy
per player) and stores the result (`Store.save_analysis`). The job's progress is kept as
it goes, so that a page can show it.

The bounds are the host's (`Settings`): at most `analysis_jobs` games waiting or being
analysed (more are refused with `AnalysisBusy`, 503), `analysis_jobs_at_once` of them
searching at once (one search each, so the AI workers stay free for moves, which the
service's queue puts first anyway), `analysis_ply_seconds` per position and
`analysis_game_seconds` per game (a longer game searches each position less). A job cut
off by a shutdown is taken up again when its game's analysis is next asked for.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass, field
from typing import Any

from spieltisch.ai.pool import AIBusy, AIError
from spieltisch.ai.questions import analyse
from spieltisch.ai.review import review
from spieltisch.ai.service import AIService
from spieltisch.core import metrics
from spieltisch.core.errors import SpieltischError
from spieltisch.core.game import Game
from spieltisch.core.record import GameRecord, replay_record
from spieltisch.core.settings import Settings
from spieltisch.server.analysis import FairPlay
from spieltisch.store import Store
from spieltisch.store.analyses import StoredAnalysis
from spieltisch.tables.recorder import store_call

__all__ = ["MIN_PLY_SECONDS", "AnalysisBusy", "GameAnalyses"]

log = logging.getLogger("spieltisch.analysis")

#: The least time a position is searched, however long the game.
MIN_PLY_SECONDS = 0.05
#: Seconds to wait before asking a busy AI service again, and how often.
BUSY_PAUSE = 1.0
BUSY_TRIES = 300
#: Positions searched between two progress writes to the store.
PROGRESS_EVERY = 5


class AnalysisBusy(SpieltischError):
    """The queue of whole-game analyses is full: try again later."""


@dataclass(eq=False)
class _Job:
    game_id: int
    total: int
    seconds: float
    done: int = 0
    status: str = "queued"
    task: asyncio.Task[None] | None = field(default=None, repr=False)


def _walk(record: GameRecord) -> tuple[Game[Any, Any], list[int | None], dict[str, Any] | None]:
    """The game of `record`, who makes each of its moves (None for a die roll), and the
    evaluation of its last position when that is the end (the result: nothing to
    search); one replay, in a thread (a long game takes a while)."""
    state = replay_record(record, 0)
    movers: list[int | None] = []
    for text in record.moves:
        movers.append(None if state.is_chance() else state.to_move)
        state.play(state.parse_move(text))
    final = analyse(state, MIN_PLY_SECONDS) if state.is_over() else None
    return state.game, movers, final


def ply_seconds(settings: Settings, positions: int) -> float:
    """The seconds each of `positions` positions is searched within the host's caps."""
    per = min(settings.analysis_ply_seconds, settings.ai_max_seconds)
    per = min(per, settings.analysis_game_seconds / max(1, positions))
    return max(MIN_PLY_SECONDS, per)


def status_of(stored: StoredAnalysis | None, job: _Job | None) -> dict[str, Any]:
    """The JSON answer about a game's analysis: the live job's progress, else the stored
    row (with the result when done)."""
    if job is not None:
        return {"status": job.status, "done": job.done, "total": job.total}
    if stored is None:
        return {"status": "none", "done": 0, "total": 0}
    out: dict[str, Any] = {"status": stored.status, "done": stored.done, "total": stored.total}
    if stored.status == "done":
        out["result"] = stored.result
    if stored.status == "failed":
        out["error"] = stored.error
    return out


class GameAnalyses:
    """The whole-game analysis jobs of one server (see the module)."""

    def __init__(self, store: Store, ai: AIService, settings: Settings) -> None:
        self.store = store
        self.ai = ai
        self.settings = settings
        self.jobs: dict[int, _Job] = {}
        self._slots = asyncio.Semaphore(settings.analysis_jobs_at_once)

    async def request(self, game_id: int) -> dict[str, Any]:
        """Start the analysis of game `game_id` (or report the one there): refused for a
        game in progress (`GameInProgress`) or when the queue is full (`AnalysisBusy`)."""
        if game_id in self.jobs:
            return status_of(None, self.jobs[game_id])
        stored = await store_call("game", self.store.game, game_id)
        FairPlay.check_stored(game_id, stored.status)
        existing = await store_call("analysis", self.store.analysis, game_id)
        if existing is not None and existing.status == "done":
            return status_of(existing, None)
        return await self._start(game_id, stored.to_record())

    async def status(self, game_id: int) -> dict[str, Any]:
        """Where the analysis of game `game_id` is; one cut off by a restart is resumed."""
        job = self.jobs.get(game_id)
        if job is not None:
            return status_of(None, job)
        existing = await store_call("analysis", self.store.analysis, game_id)
        if existing is None:  # no such game: NotFoundError (404)
            await store_call("game_summary", self.store.game, game_id)
        elif existing.status in ("queued", "running"):
            stored = await store_call("game", self.store.game, game_id)
            with contextlib.suppress(AnalysisBusy):
                return await self._start(game_id, stored.to_record())
        return status_of(existing, None)

    async def _start(self, game_id: int, record: GameRecord) -> dict[str, Any]:
        if len(self.jobs) >= self.settings.analysis_jobs:
            raise AnalysisBusy(
                f"the computer is analysing {len(self.jobs)} games already: "
                "try again in a few minutes"
            )
        positions = len(record.moves) + 1
        job = _Job(game_id, positions, ply_seconds(self.settings, positions))
        self.jobs[game_id] = job
        metrics.ANALYSIS_JOBS.set(len(self.jobs))
        try:
            await store_call(
                "save_analysis",
                self.store.save_analysis,
                game_id,
                "queued",
                done=0,
                total=positions,
                seconds=job.seconds,
            )
        except BaseException:
            del self.jobs[game_id]
            metrics.ANALYSIS_JOBS.set(len(self.jobs))
            raise
        job.task = asyncio.create_task(self._run(job, record), name=f"analysis-{game_id}")
        return status_of(None, job)

    async def _run(self, job: _Job, record: GameRecord) -> None:
        try:
            async with self._slots:
                job.status = "running"
                result = await self._analyse(job, record)
            await self._save(job, "done", result=result)
        except asyncio.CancelledError:
            raise  # a shutdown: the row stays queued/running and is taken up again
        except Exception as exc:  # the job fails, the server does not
            log.warning("analysis of game %d failed: %s", job.game_id, exc)
            with contextlib.suppress(Exception):
                await self._save(job, "failed", error=str(exc))
        finally:
            self.jobs.pop(job.game_id, None)
            metrics.ANALYSIS_JOBS.set(len(self.jobs))

    async def _save(self, job: _Job, status: str, **extra: Any) -> None:
        await store_call(
            "save_analysis",
            self.store.save_analysis,
            job.game_id,
            status,
            done=job.done,
            total=job.total,
            seconds=job.seconds,
            **extra,
        )

    async def _ask(
        self, game: Game[Any, Any], record: GameRecord, ply: int, seconds: float
    ) -> dict[str, Any]:
        for _ in range(BUSY_TRIES):
            try:
                return await self.ai.analyse(
                    game,
                    start=record.start,
                    start_seed=record.seed,
                    moves=tuple(record.moves[:ply]),
                    seconds=seconds,
                    lines=1,
                )
            except AIBusy:
                await asyncio.sleep(BUSY_PAUSE)
        raise AIError("the AI service stayed busy")

    async def _analyse(self, job: _Job, record: GameRecord) -> dict[str, Any]:
        """Every position searched in turn, then every move reviewed."""
        game, movers, final = await asyncio.to_thread(_walk, record)
        evaluations: list[dict[str, Any]] = []
        best: list[str | None] = []
        for ply in range(job.total):
            last = ply == job.total - 1
            answer = (
                final
                if last and final is not None
                else await self._ask(game, record, ply, job.seconds)
            )
            value = answer.get("evaluation")
            line = answer.get("line") or []
            evaluations.append(
                {
                    "expected": None if value is None else value["expected"],
                    "units": None if value is None else value["units"],
                    "mate": None if value is None else value["mate"],
                    "final": bool(value and value.get("final")),
                    "best": line[0] if line else None,
                    "line": line,
                    "depth": answer.get("depth", 0),
                }
            )
            best.append(line[0] if line else None)
            job.done = ply + 1
            if job.done % PROGRESS_EVERY == 0 and job.done < job.total:
                await self._save(job, "running")
        reviewed = review(
            [e["expected"] for e in evaluations], movers, list(record.moves), best[:-1]
        )
        return {
            "game": record.game,
            "unit": game.score_scale.unit,
            "expected_only": game.score_scale.expected_only,
            "seconds": job.seconds,
            "evaluations": evaluations,
            **reviewed.to_json(),
        }

    async def close(self) -> None:
        """Stop every job (their rows stay to be taken up again)."""
        tasks = [job.task for job in self.jobs.values() if job.task is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
