"""The one recorder of a table's events into the store, for every front end (the web
app's hub and the bot server's rooms): the store is the truth.

A `Recorder` hears the table's events on the event loop, turns each into a store change
(a move, a take-back, new seats, the end) and writes them in a worker thread, one batch
at a time per table (so a table's changes are stored in order, and the event loop never
waits for the database). Everything one action of the table brought (a move, the chance
draw after it, the result) goes in one transaction.

A move counts as played once its batch committed: front ends acknowledge it then
(`await recorder.settle()`, or the `on_settled` callbacks). When the commit fails (the
database is down, a SQLite file locked by another process, a conflict) the table is
rewound to its last stored moment (`Table.rewind`), the waiting front end gets
`NotSaved` with the reason, and the table goes on from there once the store answers
again: nothing acknowledged is lost and nothing unacknowledged is stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
import weakref
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from spieltisch.core.errors import SpieltischError
from spieltisch.core.game import CHANCE
from spieltisch.core.metrics import MOVE_SECONDS, MOVES, STORE_ERRORS, STORE_SECONDS
from spieltisch.store import Player, Store, StoreError, writes
from spieltisch.store.accounts import ACCOUNT_KIND
from spieltisch.store.bots import BOT_KIND
from spieltisch.store.leases import LeaseLost
from spieltisch.store.tournaments import rate_quietly
from spieltisch.tables.events import (
    Abandoned,
    ChanceDrawn,
    Event,
    GameOver,
    MovePlayed,
    SeatTaken,
    Started,
    TookBack,
)
from spieltisch.tables.seats import Seat, SeatKind
from spieltisch.tables.table import Table

__all__ = [
    "STORE_KEYS",
    "NotSaved",
    "Recorder",
    "seat_kind",
    "settle_all",
    "store_call",
    "stored_meta",
]

log = logging.getLogger(__name__)

T = TypeVar("T")

#: Keys of a record's `meta` the store keeps in columns of its own.
STORE_KEYS = ("chance_seed", "kinds", "created", "ended", "abandoned")
#: Threads that talk to the database (every table's writes and the API's reads).
STORE_THREADS = 8

_pool: ThreadPoolExecutor | None = None


def _executor() -> ThreadPoolExecutor:
    global _pool
    if _pool is None:
        _pool = ThreadPoolExecutor(STORE_THREADS, thread_name_prefix="store")
    return _pool


class NotSaved(SpieltischError):
    """An action the store could not keep: the table went back to before it."""

    rule = "NOT_SAVED"


def timed(operation: str, call: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """`call(*args, **kwargs)` (a store call), its time and failure recorded under
    `operation` in the store metrics."""
    started = time.perf_counter()
    try:
        return call(*args, **kwargs)
    except Exception:
        STORE_ERRORS.labels(operation).inc()
        raise
    finally:
        STORE_SECONDS.labels(operation).observe(time.perf_counter() - started)


async def store_call(operation: str, call: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run the store call `call` in a store thread (never on the event loop), timed."""
    loop = asyncio.get_running_loop()
    job = functools.partial(timed, operation, call, *args, **kwargs)
    return await loop.run_in_executor(_executor(), job)


def seat_kind(seat: Seat) -> str:
    """The store's kind of a seat: `bot:NAME`, `bot:#ID` (a bot of an account: the seat's
    token is the bot's identity key), `ai:SPEC`, `account:ID` (a person signed in: the
    seat's token is the account's identity key) or `person` (a guest)."""
    token = seat.token
    if seat.kind is SeatKind.PERSON and token is not None and token.startswith(ACCOUNT_KIND):
        return token  # rated games are between accounts
    if seat.kind is SeatKind.BOT:
        if token is not None and token.startswith(BOT_KIND):
            return token  # a bot of an account: its games and ratings are its own
        name = seat.name or "?"
        # a bot without an account never takes the kind of one with an account
        return f"bot:{'_' if name.startswith('#') else ''}{name}"[:64]
    if seat.kind is SeatKind.AI:
        return f"ai:{seat.agent}"[:64]
    return "person"


def stored_players(table: Table) -> list[Player]:
    return [Player(seat.name or "?", seat_kind(seat)) for seat in table.seats]


def stored_meta(table: Table) -> dict[str, Any]:
    """The `meta` the store keeps for `table`: the record's own (seats, clock, …) and who
    holds which seat (`holders`: the seat tokens)."""
    meta = {k: v for k, v in table.record.meta.items() if k not in STORE_KEYS}
    meta["holders"] = [seat.token for seat in table.seats]
    return meta


@dataclass
class _Creation:
    """The store game a table gets when it starts (a bot server's room)."""

    game: str
    players: list[Player]
    options: str
    seed: int | None
    chance_seed: int
    start: str | None
    meta: dict[str, Any]


@dataclass
class _Batch:
    changes: list[writes.Write] = field(default_factory=list)
    #: (who played, when it arrived) of each move, for the metrics.
    moves: list[tuple[str, float]] = field(default_factory=list)
    creation: _Creation | None = None
    finished: bool = False
    done: asyncio.Future[str | None] | None = None


class Recorder:
    """Keeps `table`'s game `game_id` in `store` equal to the table (see the module).

    Without a `game_id` the game is created in the store when the table starts (the bot
    server's rooms); if that fails the table is abandoned. `on_settled` callbacks hear
    `True` after each stored batch and `False` after one that failed (the table has
    then been rewound).
    """

    def __init__(self, store: Store, table: Table, game_id: int | None = None) -> None:
        self.store = store
        self.table = table
        self.game_id = game_id
        #: The table as last stored.
        self.saved = table.checkpoint()
        #: Batches that failed so far, and why the last one did.
        self.failures = 0
        self.last_error: str | None = None
        self.on_settled: list[Callable[[bool], None]] = []
        #: In a server of several processes: (this process, lease seconds); every write
        #: then checks that this process still owns the table (`Store.apply`'s fence).
        self.lease: tuple[str, float] | None = None
        #: Set when a write found the lease gone: another process owns the table now.
        self.lease_lost = False
        self._pending = _Batch()
        self._inflight: _Batch | None = None
        self._task: asyncio.Task[None] | None = None
        self._dead = False
        self._unsubscribe = table.subscribe(self._heard)
        _RECORDERS.add(self)

    @property
    def busy(self) -> bool:
        """Whether some of the table's events are not stored yet."""
        return self._inflight is not None or self._has_pending()

    def close(self) -> None:
        """Stop hearing the table (what was heard is still written)."""
        self._unsubscribe()

    async def settle(self) -> None:
        """Wait until everything the table did so far is stored; `NotSaved` (the table
        has been rewound) if it could not be."""
        batch = self._pending if self._has_pending() else self._inflight
        if batch is None:
            return
        if batch.done is None:
            batch.done = asyncio.get_running_loop().create_future()
        error = await asyncio.shield(batch.done)
        if error is not None:
            raise NotSaved(error)

    # --- hearing -------------------------------------------------------------------------

    def _has_pending(self) -> bool:
        pending = self._pending
        return bool(pending.changes) or pending.creation is not None

    def _heard(self, event: Event) -> None:
        if self._dead:
            return
        table, pending = self.table, self._pending
        if isinstance(event, Started) and self.game_id is None and pending.creation is None:
            record = table.record
            pending.creation = _Creation(
                record.game,
                stored_players(table),
                record.options,
                record.seed,
                table.chance_seed,
                None if record.seed is not None else record.start,
                stored_meta(table),
            )
        elif self.game_id is None and pending.creation is None and self._inflight is None:
            return  # a room before its start: nothing stored yet
        elif isinstance(event, MovePlayed):
            pending.changes.append(
                writes.Move(event.ply, event.notation, event.seconds, event.seat)
            )
            kind = table.seats[event.seat].kind
            pending.moves.append((str(kind), time.perf_counter()))
        elif isinstance(event, ChanceDrawn):
            pending.changes.append(writes.Move(event.ply, event.notation, 0.0, CHANCE))
        elif isinstance(event, TookBack):
            pending.changes.append(writes.Truncate(event.ply))
        elif isinstance(event, SeatTaken):
            pending.changes.append(writes.SetMeta(stored_meta(table), stored_players(table)))
        elif isinstance(event, GameOver):
            outcome = table.outcome
            if outcome is not None:
                pending.changes.append(writes.Finish(outcome))
                pending.finished = True
        elif isinstance(event, Abandoned):
            pending.changes.append(writes.Abandon(event.reason))
        else:
            return
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._drain())

    # --- writing -------------------------------------------------------------------------

    async def _drain(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self._has_pending():
                batch, self._pending = self._pending, _Batch()
                point = self.table.checkpoint()
                self._inflight = batch
                error: str | None = None
                try:
                    self.game_id = await loop.run_in_executor(
                        _executor(), self._write, self.game_id, batch
                    )
                except LeaseLost as exc:
                    self.lease_lost = True
                    error = str(exc)
                except StoreError as exc:
                    error = str(exc)
                except Exception as exc:  # a bug must not leave the table unstored
                    log.exception("table %s: storing failed", self.game_id)
                    error = f"the store failed: {type(exc).__name__}"
                self._inflight = None
                if error is None:
                    self.saved = point
                    now = time.perf_counter()
                    for who, arrived in batch.moves:
                        MOVES.labels(who).inc()
                        MOVE_SECONDS.observe(now - arrived)
                    self._resolve(batch, None)
                    self._notify(True)
                    continue
                self.failures += 1
                log.warning("table %s: not stored, going back: %s", self.game_id, error)
                later, self._pending = self._pending, _Batch()
                message = f"not saved, the table went back to its stored state: {error}"
                self.last_error = message
                try:
                    if batch.creation is not None:
                        self._dead = True  # no store game: the room cannot be played
                        self.table.abandon("aborted: the database is unavailable")
                    else:
                        self.table.rewind(self.saved, error)
                except Exception:  # the waiting front ends must hear of it all the same
                    log.exception("table %s: going back failed", self.game_id)
                self._resolve(batch, message)
                self._resolve(later, message)
                self._notify(False)
        finally:
            self._task = None

    def _write(self, game_id: int | None, batch: _Batch) -> int | None:
        """In a store thread: create the game (if due), then the batch's changes in one
        transaction, then the ratings of a finished game."""
        store = self.store
        if batch.creation is not None:
            made = batch.creation
            game_id = timed(
                "create_game",
                store.create_game,
                made.game,
                made.players,
                options=made.options,
                seed=made.seed,
                chance_seed=made.chance_seed,
                start=made.start,
                meta=made.meta,
            )
        if game_id is None:
            return None
        if batch.changes:
            timed(_operation(batch.changes), store.apply, game_id, batch.changes, lease=self.lease)
        if batch.finished:
            rate_quietly(store, game_id)
        return game_id

    @staticmethod
    def _resolve(batch: _Batch, error: str | None) -> None:
        if batch.done is not None and not batch.done.done():
            batch.done.set_result(error)

    def _notify(self, stored: bool) -> None:
        for callback in list(self.on_settled):
            try:
                callback(stored)
            except Exception:
                log.exception("a recorder callback raised")


#: Every recorder of this process, for `settle_all`.
_RECORDERS: weakref.WeakSet[Recorder] = weakref.WeakSet()


async def settle_all(timeout: float = 5.0) -> None:
    """Wait, at most `timeout` seconds, until every recorder of this event loop has stored
    what it heard (or given up): a server that stops ends no write it has begun. A bot
    room sends its result before the commit, as the protocol wants, so the end of its
    game may still be on its way when the server is told to stop."""
    loop = asyncio.get_running_loop()
    waits = [
        recorder.settle()
        for recorder in list(_RECORDERS)
        if recorder.busy and recorder._task is not None and recorder._task.get_loop() is loop
    ]
    if waits:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.gather(*waits, return_exceptions=True), timeout)


def _operation(changes: list[writes.Write]) -> str:
    """The metrics' name of a batch: what matters most in it."""
    kinds = {type(change) for change in changes}
    if kinds & {writes.Finish, writes.Abandon}:
        return "end_game"
    if writes.Move in kinds:
        return "add_move"
    if writes.Truncate in kinds:
        return "truncate_moves"
    return "set_meta"
