"""The server's live tables: each a `Table` from `spieltisch.tables` with the store kept
up to date move by move, its AI seats played in worker processes, and the WebSockets
that watch it, each sent the whole table view after every change.

A table's id is its game's id in the store, so a table page, the replay page and a
restarted server all name a game the same way. The store is the truth: every table has
a `Recorder` (spieltisch.tables.recorder) that stores its events off the event loop, and
watchers see a change only once it is stored; a `Lifecycle` (spieltisch.tables.lifecycle)
expires waiting tables, aborts games nobody moves in and lets a player claim the win
when the other left. A seat is held by an identity (`server.identity`): the seat's token
is the identity's key, `account:<id>` for an account on any device, `guest:<hash>` for a
browser's guest session.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import secrets
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from spieltisch.ai.levels import EXTRA_LEVELS, levels
from spieltisch.ai.service import AIService
from spieltisch.bots.outbox import Outbox
from spieltisch.core.chance import MAX_SEED
from spieltisch.core.errors import SpieltischError
from spieltisch.core.game import Game
from spieltisch.core.record import GameRecord
from spieltisch.core.registry import load
from spieltisch.core.settings import Settings
from spieltisch.server.logs import table_events
from spieltisch.store import IMPORTED, NotFoundError, Store, StoredGame
from spieltisch.tables import (
    ClockSettings,
    Event,
    MovePlayed,
    Seat,
    SeatError,
    SeatKind,
    Started,
    Status,
    Table,
    TookBack,
)
from spieltisch.tables.ai import AIPlayer
from spieltisch.tables.lifecycle import Lifecycle, stale_reason
from spieltisch.tables.recorder import (
    STORE_KEYS,
    Recorder,
    settle_all,
    store_call,
    stored_meta,
    stored_players,
    timed,
)
from spieltisch.tables.restore import seats_from_meta

log = logging.getLogger(__name__)

#: Seconds a table may go unwatched before its AI stops thinking (it resumes on return).
IDLE_GRACE = 60.0
#: Seconds an ended table nobody watches stays in memory (later it is read from the
#: store when asked for), so memory holds the live tables, not every game ever played.
ENDED_GRACE = 600.0


def level_names(game: Game[Any, Any]) -> list[str]:
    return [*EXTRA_LEVELS, *levels(game)]


def checked_level(game: Game[Any, Any], level: str) -> str:
    """`level` if the lobby offers it for `game` (its table of levels, or an extra level
    such as `random`); `SeatError` for any other name. The seat keeps the level name."""
    if level in EXTRA_LEVELS:
        return level
    table = levels(game)
    if level not in table:
        raise SeatError("NO_SUCH_LEVEL", f"no AI level {level[:40]!r} (levels: {', '.join(table)})")
    return level


@dataclass
class LiveTable:
    """One table the server runs: the table, its store game and who watches it."""

    id: int
    table: Table
    hub: Hub
    #: The watchers: each socket's outbox (a bounded queue with its own writer task, so
    #: a watcher that stops reading is dropped and never slows the table) and its token.
    sockets: dict[Outbox, str | None] = field(default_factory=dict)
    ai: AIPlayer | None = None
    rematch_id: int | None = None
    version: int = 0
    idle_since: float | None = None
    #: Stores the table's events (the store is the truth) and decides its end without
    #: its players; set by the hub when it adopts the table.
    recorder: Recorder | None = None
    life: Lifecycle | None = None
    claim_shown: bool = False
    #: A rematch offered by this seat (created once the other accepts), and the seat
    #: whose rematch offer was declined (shown to it).
    rematch_offer: int | None = None
    rematch_declined: int | None = None
    #: When the current turn began (monotonic) and when its view was first sent: the
    #: server's own delay before a player could see the move is lag, not thinking.
    turn_began: float = 0.0
    turn_sent: float | None = None
    #: Its AI seats are played by the bot room it belongs to (the ladder's house games):
    #: the hub neither starts a second AI nor puts that one to sleep.
    room_ai: bool = False
    _push_pending: bool = False

    # --- who holds what ----------------------------------------------------------------

    def held(self, token: str | None) -> list[int]:
        """The seats the browser with seat token `token` holds."""
        if token is None:
            return []
        return [
            index
            for index, seat in enumerate(self.table.seats)
            if seat.token is not None and hmac.compare_digest(seat.token, token)
        ]

    def acting_seat(self, token: str | None) -> int:
        """The seat an action of this browser is for: the one to move among its seats."""
        held = self.held(token)
        if not held:
            raise SeatError("NO_SEAT", "you hold no seat at this table (you are watching)")
        turn = self.table.turn
        return turn if turn in held else held[0]

    # --- the view ----------------------------------------------------------------------

    def message(self, tokens: list[str | None]) -> dict[str | None, str]:
        """The table message (JSON text) for each of `tokens`: the whole table as that
        browser sees it. The game's view is serialised once for all of them."""
        table = self.table
        base = table.view(None)
        state_view = base.pop("state", None)
        state_json = json.dumps(
            state_view.to_json() if hasattr(state_view, "to_json") else state_view,
            separators=(",", ":"),
        )
        movers = table.movers()
        base.update(type="table", id=self.id, version=self.version, rematch=self.rematch_id)
        base["movers"] = movers
        texts: dict[str | None, str] = {}
        for token in dict.fromkeys(tokens):
            held = self.held(token)
            turn = table.turn
            you = turn if turn in held else (held[0] if held else None)
            running = table.status is Status.RUNNING
            mine = {
                **base,
                "you": you,
                "held": held,
                "your_turn": turn is not None and turn in held,
                "can_take_back": running and any(seat in movers for seat in held),
                "can_answer_takeback": table.takeback_offer is not None
                and any(seat != table.takeback_offer for seat in held),
                "can_answer_draw": table.draw_offer is not None
                and any(seat != table.draw_offer for seat in held),
                "can_claim": self.life is not None
                and any(self.life.claimable(seat) for seat in held),
                "can_abort": bool(held) and table.abortable(),
                "rematch_offer": self.rematch_offer,
                "can_answer_rematch": self.rematch_offer is not None
                and any(seat != self.rematch_offer for seat in held),
                "rematch_declined": self.rematch_declined is not None
                and self.rematch_declined in held,
                "declined_mine": table.declined is not None and table.declined[1] in held,
            }
            text = json.dumps(mine, separators=(",", ":"))
            texts[token] = text[:-1] + ',"state":' + state_json + "}"
        return texts

    def schedule_push(self) -> None:
        """Send every watcher the new view soon (once, however many events came)."""
        if self._push_pending:
            return
        self._push_pending = True
        try:
            asyncio.get_running_loop().call_soon(self._start_push)
        except RuntimeError:  # no loop (a table built outside the server)
            self._push_pending = False

    def _start_push(self) -> None:
        if not self._push_pending:  # flushed meanwhile
            return
        self._push_pending = False
        if self.recorder is not None and self.recorder.busy:
            return  # not stored yet: the recorder pushes once it is (`_settled`)
        self.version += 1
        if self.sockets:
            asyncio.get_running_loop().create_task(self.push())

    async def flush(self) -> None:
        """Send the pending view now (instead of soon), if it is stored."""
        if self.recorder is not None and self.recorder.busy:
            return  # the scheduled push, or the recorder once stored, sends it
        if self._push_pending:
            self._push_pending = False
            self.version += 1
            await self.push()

    async def push(self) -> None:
        """Queue the view for every watcher (never waits for one)."""
        sockets = list(self.sockets.items())
        if not sockets:
            return
        if self.turn_sent is None:
            self.turn_sent = time.monotonic()
        texts = self.message([token for _, token in sockets])
        encoded = {token: text.encode("utf-8") for token, text in texts.items()}
        for outbox, token in sockets:
            outbox.send(encoded[token])

    # --- the AI and the store ----------------------------------------------------------

    def has_ai(self) -> bool:
        return any(seat.kind is SeatKind.AI for seat in self.table.seats)

    def wake_ai(self) -> None:
        """Play the AI seats (if any) from now on; they think when it is their turn."""
        if self.room_ai:
            return
        if self.ai is None and self.has_ai() and self.table.status is Status.RUNNING:
            self.ai = AIPlayer(self.table, service=self.hub.ai)

    def sleep_ai(self) -> None:
        """Stop the AI of an unwatched table: its search process is terminated."""
        if self.ai is not None:
            self.ai.close()
            self.ai = None
            self.table.thinking = None

    def heard(self, event: Event) -> None:
        """Every event of the table: push the new view (once it is stored)."""
        if isinstance(event, MovePlayed | Started | TookBack):
            self.turn_began, self.turn_sent = time.monotonic(), None
        self.schedule_push()

    def lag(self, think: object) -> float:
        """The lag of a move arriving now whose player says it thought `think` seconds
        after seeing the turn: the server's delay before it sent the turn, and the time
        between sending and the move that the player did not spend thinking (the
        network). Without a usable `think` only the server's own delay counts."""
        now = time.monotonic()
        sent = self.turn_sent if self.turn_sent is not None else now
        lag = max(0.0, sent - self.turn_began) if self.turn_began else 0.0
        if isinstance(think, int | float) and not isinstance(think, bool) and think >= 0:
            lag += max(0.0, now - sent - float(think))
        return lag

    def _settled(self, stored: bool) -> None:
        self.schedule_push()


@dataclass(frozen=True)
class NewTable:
    """What the lobby asks for: the game, its options and start, the opponent, your seat."""

    game: str
    options: str = ""
    seed: int | None = None
    position: str | None = None
    opponent: str = "ai"  # "ai", "here" (a friend on this screen), "link" (elsewhere)
    level: str = "easy"
    seat: int = 0
    name: str = "you"
    clock: tuple[float, float] | None = None  # minutes, increment seconds


class Hub:
    """All live tables of one server, over one store."""

    def __init__(
        self,
        store: Store,
        *,
        idle_grace: float = IDLE_GRACE,
        ai: AIService | None = None,
        settings: Settings | None = None,
    ) -> None:
        self.store = store
        #: The server's AI service (every AI seat's searches); None: a process per move.
        self.ai = ai
        self.idle_grace = idle_grace
        self.settings = settings if settings is not None else Settings()
        self.tables: dict[int, LiveTable] = {}
        #: Seconds the server spent on each move sent by a browser (for the benchmark).
        self.move_seconds: list[float] = []
        self._ticker: asyncio.Task[None] | None = None

    # --- making and finding tables -----------------------------------------------------

    async def create(self, request: NewTable, token: str) -> LiveTable:
        """A new table for `request`, its creator (seat token `token`) seated."""
        game = load(request.game, request.options or None)
        if request.seat not in (0, 1):
            raise SeatError("NO_SUCH_SEAT", "your seat is 0 or 1")
        if request.opponent == "link":
            self._check_quota(token)
        seats: list[Seat] = []
        for index in (0, 1):
            if index == request.seat:
                seats.append(Seat.person(request.name, token))
            elif request.opponent == "ai":
                spec = checked_level(game, request.level)
                seats.append(Seat.ai(spec, f"AI ({request.level})"))
            elif request.opponent == "here":
                seats.append(Seat.person("friend", token))
            elif request.opponent == "link":
                seats.append(Seat.person(""))
            else:
                raise SeatError("NO_SUCH_OPPONENT", "the opponent is ai, here or link")
        clocks = None
        if request.clock is not None:
            minutes, increment = request.clock
            clocks = ClockSettings.both(minutes * 60.0, increment)
        if request.position is not None:
            table = Table(
                game,
                seats,
                position=request.position,
                chance_seed=secrets.randbelow(MAX_SEED),
                clocks=clocks,
            )
        else:
            seed = request.seed if request.seed is not None else secrets.randbelow(1 << 31)
            table = Table(game, seats, seed=seed, clocks=clocks)
        return await self.open(table)

    def _check_quota(self, token: str) -> None:
        """Refuse a new waiting table to a player who has `open_tables_per_player`."""
        most = self.settings.open_tables_per_player
        mine = sum(
            1
            for live in self.tables.values()
            if live.table.status is Status.WAITING and live.held(token)
        )
        if mine >= most:
            raise SeatError(
                "TOO_MANY_OPEN_TABLES",
                f"you have {mine} tables waiting for an opponent (at most {most}): "
                "play or leave one of them first",
            )

    def _creation(self, table: Table) -> tuple[Any, ...]:
        record = table.record
        return (
            (record.game, stored_players(table)),
            {
                "options": record.options,
                "seed": record.seed,
                "chance_seed": table.chance_seed,
                "start": None if record.seed is not None else record.start,
                "meta": {k: v for k, v in stored_meta(table).items() if k not in STORE_KEYS},
            },
        )

    async def open(self, table: Table) -> LiveTable:
        """Keep `table` as a new store game (in a store thread), then run it."""
        args, kwargs = self._creation(table)
        game_id = await store_call("create_game", self.store.create_game, *args, **kwargs)
        return self._started(self._adopt(game_id, table))

    def _open(self, table: Table) -> LiveTable:
        """`open` for a caller that cannot wait (the bot server's rooms): the store game is
        created on the spot (a short call, bounded by the store's timeouts)."""
        args, kwargs = self._creation(table)
        game_id = timed("create_game", self.store.create_game, *args, **kwargs)
        return self._started(self._adopt(game_id, table))

    def _started(self, live: LiveTable) -> LiveTable:
        if all(seat.taken for seat in live.table.seats):
            live.table.start()
        live.wake_ai()
        return live

    def _adopt(
        self, game_id: int, table: Table, *, opened: float = 0.0, active: float = 0.0
    ) -> LiveTable:
        live = LiveTable(game_id, table, self)
        live.recorder = Recorder(self.store, table, game_id)
        live.recorder.on_settled.append(live._settled)
        live.life = Lifecycle(table, self.settings, opened=opened, active=active)
        for index, seat in enumerate(table.seats):
            if seat.kind is SeatKind.PERSON and seat.taken:
                live.life.present(index, False)  # until a connection of theirs comes
        table.subscribe(live.heard)
        table.subscribe(table_events(game_id, table))
        self.tables[game_id] = live
        return live

    async def get(self, game_id: int) -> LiveTable:
        """The live table `game_id`, rebuilt from the store if it is not in memory
        (`NotFoundError` when there is no such game)."""
        live = self.tables.get(game_id)
        if live is None:
            stored = await store_call("game", self.store.game, game_id)
            if any(player.kind == IMPORTED for player in stored.players):
                raise NotFoundError(
                    f"game {game_id} is an imported record, not a table: replay it instead"
                )
            live = self.tables.get(game_id)  # rebuilt by another request meanwhile
            if live is None:
                live = self._resume(stored)
        return live

    def _resume(self, stored: StoredGame) -> LiveTable:
        active = stored.updated.timestamp()
        return self._adopt(
            stored.id, self._rebuild(stored.to_record()), opened=active, active=active
        )

    def _rebuild(self, record: GameRecord) -> Table:
        meta = record.meta
        holders = meta.get("holders")
        if not (isinstance(holders, list) and len(holders) == 2):
            holders = [None, None]
        seats: list[Seat] | None = None
        if meta.get("seats") is not None:  # checked field by field (NotationError)
            seats = []
            for index, seat in enumerate(seats_from_meta(meta["seats"], None, record.players)):
                token = holders[index] if seat.kind is not SeatKind.AI else None
                token = token if isinstance(token, str) else None
                seats.append(Seat(seat.kind, seat.name, seat.agent, token))
        return Table.from_record(record, seats=seats)

    def restore(self) -> int:
        """After a restart: end the stored running games that are over in all but name
        (bot games, whose connections died with the old process; waiting tables past
        their time; games nobody moved in), in a few statements, and rebuild only the
        live ones as tables. How many were rebuilt."""
        now = datetime.now(UTC)
        ending: dict[str, list[int]] = {}
        live_ids: list[int] = []
        for summary in self.store.running_summaries():
            if summary.id in self.tables:
                continue
            reason = stale_reason(summary, self.settings, now)
            if reason is None:
                live_ids.append(summary.id)
            else:
                ending.setdefault(reason, []).append(summary.id)
        for reason, ids in ending.items():
            done = self.store.abandon_games(ids, reason)
            log.info("%d stored games ended at the start: %s", done, reason)
        count = 0
        for stored in self.store.games(live_ids):
            try:
                live = self._resume(stored)
            except (SpieltischError, ValueError, KeyError, TypeError) as exc:
                log.warning("game %s cannot be resumed: %s", stored.id, exc)
                continue
            count += 1
            live.idle_since = time.monotonic()
        return count

    async def join(self, live: LiveTable, token: str, name: str) -> int:
        """Seat the browser `token` at the free seat of a waiting table; its seat (once
        stored: `NotSaved` and the seat free again when the store refuses)."""
        table = live.table
        if live.held(token):
            return live.held(token)[0]
        free = [index for index, seat in enumerate(table.seats) if not seat.taken]
        if table.status is not Status.WAITING or not free:
            raise SeatError("NO_FREE_SEAT", "this table has no free seat: you can watch it")
        table.sit(free[0], name, token)
        if live.life is not None:
            live.life.present(free[0], False)
        if all(seat.taken for seat in table.seats):
            table.start()
        if live.recorder is not None:
            await live.recorder.settle()
        live.wake_ai()
        live.schedule_push()
        return free[0]

    async def rematch(self, live: LiveTable, token: str) -> LiveTable | None:
        """Offer or accept the rematch of a finished table: against a person elsewhere it
        is an offer (None) until the other player asks too; then (or at once against the
        AI, a bot or on one screen) the rematch table, made once."""
        held = live.held(token)
        if not held:
            raise SeatError("NO_SEAT", "only the players can ask for a rematch")
        if live.rematch_id is not None:
            return await self.get(live.rematch_id)
        if live.table.status not in (Status.OVER, Status.ABANDONED):
            raise SeatError("NOT_OVER", "a rematch comes after the end of the game")
        other = 1 - held[0]
        asked = len(held) == 2 or live.table.seats[other].kind is not SeatKind.PERSON
        if not asked and live.rematch_offer != other:
            live.rematch_offer, live.rematch_declined = held[0], None
            live.schedule_push()
            return None
        table = live.table.rematch()
        fresh = await self.open(table)
        live.rematch_id = fresh.id
        live.rematch_offer = None
        live.schedule_push()
        return fresh

    def decline_rematch(self, live: LiveTable, token: str) -> None:
        """The other player's rematch offer is declined (the asker is shown so)."""
        offer = live.rematch_offer
        if offer is None or not any(seat != offer for seat in live.held(token)):
            raise SeatError("NO_OFFER", "there is no rematch offer for you to answer")
        live.rematch_offer, live.rematch_declined = None, offer
        live.schedule_push()

    # --- watchers, clocks, idle tables -------------------------------------------------

    def watch(self, live: LiveTable, socket: Outbox, token: str | None) -> None:
        live.sockets[socket] = token
        if live.life is not None:
            for seat in live.held(token):
                live.life.present(seat, True)
        if not live.held(token):
            live.table.join()
        live.idle_since = None
        live.wake_ai()

    def unwatch(self, live: LiveTable, socket: Outbox) -> None:
        if socket not in live.sockets:
            return
        token = live.sockets.pop(socket)
        if live.life is not None:
            still = {seat for other in live.sockets.values() for seat in live.held(other)}
            for seat in live.held(token):
                if seat not in still:
                    live.life.present(seat, False)
        if not live.held(token):
            live.table.leave()
        if not live.sockets:
            live.idle_since = time.monotonic()
        live.schedule_push()

    def start(self) -> None:
        """Start the background ticker (clocks, idle tables); call inside the loop."""
        self._ticker = asyncio.get_running_loop().create_task(self._tick())

    async def stop(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._ticker
        for live in self.tables.values():
            live.sleep_ai()
        await settle_all()  # what the tables did is stored before the server goes

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(0.5)
            now = time.monotonic()
            for live in list(self.tables.values()):
                try:
                    table = live.table
                    if table.clocks is not None and table.status is Status.RUNNING:
                        table.tick()
                    reason = live.life.due() if live.life is not None else None
                    if reason is not None and not (live.recorder and live.recorder.busy):
                        table.abandon(reason)
                    claim = live.life is not None and (
                        live.life.claimable(0) or live.life.claimable(1)
                    )
                    if claim != live.claim_shown:  # a claim became possible (or not): show it
                        live.claim_shown = claim
                        live.schedule_push()
                    idle = live.idle_since
                    if idle is not None and live.ai is not None and now - idle > self.idle_grace:
                        live.sleep_ai()
                    if self._done_with(live):
                        self._forget(live)
                except Exception:  # one broken table must not stop the others' clocks
                    log.exception("table %s", live.id)

    def _done_with(self, live: LiveTable) -> bool:
        """An ended table nobody watches, stored, for `ENDED_GRACE` seconds."""
        return (
            live.table.status in (Status.OVER, Status.ABANDONED)
            and not live.sockets
            and live.life is not None
            and time.time() - live.life.active > ENDED_GRACE
            and not (live.recorder is not None and live.recorder.busy)
        )

    def _forget(self, live: LiveTable) -> None:
        """Drop an ended table from memory (`get` reads it from the store again)."""
        live.sleep_ai()
        if live.recorder is not None:
            live.recorder.close()
        self.tables.pop(live.id, None)

    def lobby(self) -> dict[str, list[dict[str, Any]]]:
        """Open tables (a seat free) and running tables, newest first."""
        open_tables: list[dict[str, Any]] = []
        running: list[dict[str, Any]] = []
        for live in sorted(self.tables.values(), key=lambda t: -t.id):
            table = live.table
            entry = {
                "id": live.id,
                "game": table.game.name,
                "title": table.game.title,
                "options": table.record.options,
                "players": [seat.name for seat in table.seats],
                "ply": table.ply,
                "spectators": table.spectators,
                # the time control as minutes and increment seconds (None: no clock)
                "clock": None
                if table.clocks is None
                else [table.clocks.initial[0] / 60.0, table.clocks.increment[0]],
            }
            if table.status is Status.WAITING:
                open_tables.append(entry)
            elif table.status is Status.RUNNING:
                running.append(entry)
        return {"open": open_tables[:50], "running": running[:50]}
