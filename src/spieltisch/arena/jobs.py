"""One game of a tournament or test as a self-contained job, and the runners that play
jobs: in this process, in local worker processes, or on a Ray cluster.

A job carries everything a worker needs (game, options, the two players' specs and
names, the start and chance seeds of its deal, the agents' seeds), so it can be pickled
to another process or machine; it returns the game record as JSON, which the machine
that runs the tournament stores. A runner yields finished jobs in the order they finish.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import signal
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from spieltisch.core.chance import MAX_SEED
from spieltisch.core.errors import SpieltischError
from spieltisch.core.record import GameRecord


def derive(seed: int, *salt: object) -> int:
    """A seed in 0..MAX_SEED derived from `seed` and `salt` through a stable hash (the
    same on every machine and Python version, unlike `hash`)."""
    text = ":".join(["spieltisch-arena", str(seed), *map(str, salt)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") & MAX_SEED


@dataclass(frozen=True)
class GameJob:
    """One game: `specs[0]` plays in seat 0 under the name `names[0]`."""

    number: int
    game: str
    options: str
    specs: tuple[str, str]
    names: tuple[str, str]
    start_seed: int
    chance_seed: int
    agent_seeds: tuple[int, int]
    time_per_move: float | None = None

    def run(self) -> GameRecord:
        """Play the game at a table and return its record (seat kinds in `meta.kinds`)."""
        if any(is_bot_command(spec) for spec in self.specs):
            return self._run_with_bots()
        from spieltisch.ai.spec import make_agent
        from spieltisch.arena.match import play_game
        from spieltisch.core.registry import load

        game = load(self.game, self.options or None)
        agents = (
            make_agent(
                self.specs[0], game, seed=self.agent_seeds[0], time_per_move=self.time_per_move
            ),
            make_agent(
                self.specs[1], game, seed=self.agent_seeds[1], time_per_move=self.time_per_move
            ),
        )
        record = play_game(
            game,
            agents,
            start_seed=self.start_seed,
            chance_seed=self.chance_seed,
            names=self.names,
        )
        record.meta["kinds"] = [f"ai:{spec}" for spec in self.specs]
        return record

    def _run_with_bots(self) -> GameRecord:
        """Play the game on a bot server of its own (in this process): each `cmd:` player
        is started as a process with `-h HOST -p PORT -r CODE` added, as `spieltisch
        duel` starts bots; an AI player sits at the server's table. The seed of the deal
        is the room's seed (cut to 31 bits, the bot protocol's range)."""
        from spieltisch.arena.duel import GAME_TIMEOUT, ServerThread, await_room, launch_bots
        from spieltisch.bots.rooms import Lobby, StoreHost

        lobby = Lobby(StoreHost(None), default_game=self.game)
        server = ServerThread(lobby)
        try:
            ai = tuple(None if is_bot_command(spec) else spec for spec in self.specs)
            room, codes = server.call(
                lambda: lobby.prepare(
                    self.game,
                    self.names,
                    options=self.options,
                    seed=self.start_seed & 0x7FFFFFFF,
                    ai=(ai[0], ai[1]),
                )
            )
            # the codes come in seat order, one per seat a bot holds
            commands = [
                spec.removeprefix(BOT_PREFIX) for spec in self.specs if is_bot_command(spec)
            ]
            processes = launch_bots(
                list(zip(commands, codes, strict=True)), None, "127.0.0.1", server.port
            )
            await_room(server, room, processes, GAME_TIMEOUT)
            record = GameRecord.from_json(server.call(lambda: room.table.record.to_json()))
        finally:
            server.stop()
        if not record.finished and "abandoned" not in record.meta:
            # the bots never started or ended it: kept as abandoned (a draw in standings)
            record.meta["abandoned"] = "the game was not played to its end"
        record.meta["kinds"] = [
            f"bot:{name}" if is_bot_command(spec) else f"ai:{spec}"
            for spec, name in zip(self.specs, self.names, strict=True)
        ]
        return record


#: How a player's spec names a bot program rather than an agent.
BOT_PREFIX = "cmd:"


def is_bot_command(spec: str) -> bool:
    """Whether `spec` is a bot's command line (`cmd:python mybot.py`), not an agent."""
    return spec.startswith(BOT_PREFIX)


def run_job(job: GameJob) -> tuple[int, str, str]:
    """(job number, record JSON, error message): errors travel as text, since an exception
    with its own constructor arguments does not survive pickling."""
    try:
        return job.number, job.run().to_json(), ""
    except SpieltischError as exc:
        return job.number, "", f"game {job.number}: {exc}"


class Runner(Protocol):
    """Plays jobs and yields each with its record as it finishes."""

    def play(self, jobs: Sequence[GameJob]) -> Iterator[tuple[GameJob, GameRecord]]: ...


class JobFailed(SpieltischError):
    """A game of a tournament could not be played (an agent failed)."""


def _finished(
    jobs: dict[int, GameJob], number: int, text: str, error: str
) -> tuple[GameJob, GameRecord]:
    if error:
        raise JobFailed(error)
    return jobs[number], GameRecord.from_json(text)


def _ignore_interrupts() -> None:
    """Worker start-up: Ctrl-C is the parent's to handle (it terminates the workers). The
    worker was started with SIGINT blocked (`start_pool`); once it ignores it, it may
    take it again (a Ctrl-C pending since then is dropped)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def start_pool(workers: int) -> Any:
    """A pool of `workers` processes that never see Ctrl-C. SIGINT is blocked while they
    start, so that one sent to the whole process group (what a terminal's Ctrl-C does)
    before a worker has run `_ignore_interrupts` cannot interrupt the worker's start-up;
    this process gets it once the pool has started."""
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        return multiprocessing.Pool(workers, initializer=_ignore_interrupts)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


@dataclass
class LocalRunner:
    """Jobs in this process (`workers=1`) or in a pool of local worker processes."""

    workers: int = 1

    def play(self, jobs: Sequence[GameJob]) -> Iterator[tuple[GameJob, GameRecord]]:
        by_number = {job.number: job for job in jobs}
        if self.workers <= 1 or len(jobs) <= 1:
            for job in jobs:
                yield _finished(by_number, *run_job(job))
            return
        # A pool, not concurrent.futures: on Ctrl-C (or a crash of the caller) the workers
        # are terminated at once instead of finishing their games.
        pool = start_pool(min(self.workers, len(jobs)))
        try:
            for result in pool.imap_unordered(run_job, jobs):
                yield _finished(by_number, *result)
            pool.close()
        finally:
            pool.terminate()
            pool.join()


class RayUnavailable(SpieltischError):
    """Ray is not installed (`pip install spieltisch[ray]`) or the cluster cannot be reached."""


@dataclass
class RayRunner:
    """Each job a Ray task on the cluster at `address` (`auto`: the one this machine
    belongs to; `local`: a new one on this machine with `num_cpus` CPUs). Results come
    back as the tasks finish; at most `window` tasks are in flight, so a long tournament
    does not submit all its games at once."""

    address: str = "auto"
    num_cpus: int | None = None
    window: int = 256

    def play(self, jobs: Sequence[GameJob]) -> Iterator[tuple[GameJob, GameRecord]]:
        ray = _ray()
        if not ray.is_initialized():
            try:
                if self.address == "local":
                    ray.init(num_cpus=self.num_cpus, include_dashboard=False, log_to_driver=False)
                else:
                    ray.init(address=self.address, log_to_driver=False)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                raise RayUnavailable(
                    f"cannot reach the Ray cluster {self.address!r}: {exc}"
                ) from None
        remote = ray.remote(run_job)
        by_number = {job.number: job for job in jobs}
        waiting = list(jobs)
        running: list[Any] = []
        try:
            while waiting or running:
                while waiting and len(running) < self.window:
                    running.append(remote.remote(waiting.pop(0)))
                done, running = ray.wait(running, num_returns=1)
                for ref in done:
                    yield _finished(by_number, *ray.get(ref))
        finally:
            for ref in running:
                ray.cancel(ref, force=True)


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise RayUnavailable(
            "Ray is not installed: pip install 'spieltisch[ray]' (the ray package)"
        ) from None
    return ray
