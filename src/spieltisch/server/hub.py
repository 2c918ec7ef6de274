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
import dataclasses
import hmac
import json
import logging
import secrets
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from spieltisch.ai.levels import EXTRA_LEVELS, levels
from spieltisch.ai.service import AIService
from spieltisch.bots.outbox import Outbox
from spieltisch.core.chance import MAX_SEED
from spieltisch.core.errors import SpieltischError
from spieltisch.core.game import Game
from spieltisch.core.record import GameRecord
from spieltisch.core.registry import load
from spieltisch.core.settings import Settings
from spieltisch.server.cluster import Elsewhere, RemoteTable
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

if TYPE_CHECKING:
    from spieltisch.server.cluster import Cluster

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


def held_seats(holders: list[str | None], token: str | None) -> list[int]:
    """The seats whose holder is `token` (`holders`: each seat's token)."""
    if token is None:
        return []
    return [
        index
        for index, holder in enumerate(holders)
        if holder is not None and hmac.compare_digest(holder, token)
    ]


@dataclass
class Frame:
    """One moment of a table as its watchers see it: the view every browser shares
    (`head`, and the game's view as JSON text) and what each browser's own part is
    made of (who holds which seat, whose turn, the offers). The owner process renders
    it for its own watchers and, in a server of several processes, publishes it for the
    watchers on the others (`to_json`), which render it the same way."""

    head: dict[str, Any]
    state_json: str
    holders: list[str | None]
    turn: int | None
    running: bool
    movers: list[int]
    takeback_offer: int | None
    draw_offer: int | None
    claimable: list[bool]
    #: The game may still be aborted (until both players have moved).
    abortable: bool = False
    #: The seat that offered a rematch, and the seat whose rematch offer was declined.
    rematch_offer: int | None = None
    rematch_declined: int | None = None
    #: The seat whose draw or take-back offer was declined last (until the next move).
    declined_by: int | None = None

    def render(self, tokens: list[str | None], version: int | None = None) -> dict[str | None, str]:
        """The table message (JSON text) for each of `tokens` (with `version` instead
        of the frame's own, when given)."""
        head = self.head if version is None else {**self.head, "version": version}
        texts: dict[str | None, str] = {}
        turn, movers = self.turn, self.movers
        for token in dict.fromkeys(tokens):
            held = held_seats(self.holders, token)
            you = turn if turn in held else (held[0] if held else None)
            mine = {
                **head,
                "you": you,
                "held": held,
                "your_turn": turn is not None and turn in held,
                "can_take_back": self.running and any(seat in movers for seat in held),
                "can_answer_takeback": self.takeback_offer is not None
                and any(seat != self.takeback_offer for seat in held),
                "can_answer_draw": self.draw_offer is not None
                and any(seat != self.draw_offer for seat in held),
                "can_claim": any(self.claimable[seat] for seat in held),
                "can_abort": bool(held) and self.abortable,
                "rematch_offer": self.rematch_offer,
                "can_answer_rematch": self.rematch_offer is not None
                and any(seat != self.rematch_offer for seat in held),
                "rematch_declined": self.rematch_declined is not None
                and self.rematch_declined in held,
                "declined_mine": self.declined_by is not None and self.declined_by in held,
            }
            text = json.dumps(mine, separators=(",", ":"))
            texts[token] = text[:-1] + ',"state":' + self.state_json + "}"
        return texts

    def to_json(self) -> dict[str, Any]:
        """The frame as a JSON-ready object (its parts shared, not copied)."""
        return {field.name: getattr(self, field.name) for field in dataclasses.fields(self)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Frame:
        return cls(**{field.name: data[field.name] for field in dataclasses.fields(cls)})


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
        return held_seats([seat.token for seat in self.table.seats], token)

    def acting_seat(self, token: str | None) -> int:
        """The seat an action of this browser is for: the one to move among its seats."""
        held = self.held(token)
        if not held:
            raise SeatError("NO_SEAT", "you hold no seat at this table (you are watching)")
        turn = self.table.turn
        return turn if turn in held else held[0]

    # --- the view ----------------------------------------------------------------------

    def frame(self) -> Frame:
        """The table as every browser sees it now, before what differs per browser."""
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
        return Frame(
            head=base,
            state_json=state_json,
            holders=[seat.token for seat in table.seats],
            turn=table.turn,
            running=table.status is Status.RUNNING,
            movers=list(movers),
            takeback_offer=table.takeback_offer,
            draw_offer=table.draw_offer,
            claimable=[self.life is not None and self.life.claimable(seat) for seat in (0, 1)],
            abortable=table.abortable(),
            rematch_offer=self.rematch_offer,
            rematch_declined=self.rematch_declined,
            declined_by=None if table.declined is None else table.declined[1],
        )

    def message(self, tokens: list[str | None]) -> dict[str | None, str]:
        """The table message (JSON text) for each of `tokens`: the whole table as that
        browser sees it. The game's view is serialised once for all of them."""
        return self.frame().render(tokens)

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
        cluster = self.hub.cluster
        if self.sockets or (cluster is not None and cluster.watched_elsewhere(self)):
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
        """Queue the view for every watcher (never waits for one), on this process and
        (published through the broker) on the others."""
        sockets = list(self.sockets.items())
        cluster = self.hub.cluster
        elsewhere = cluster is not None and cluster.watched_elsewhere(self)
        if not sockets and not elsewhere:
            return
        if self.turn_sent is None:
            self.turn_sent = time.monotonic()  # the turn is shown: the player's time starts
        frame = self.frame()
        if cluster is not None and elsewhere:
            cluster.publish(self, frame)
        if not sockets:
            return
        texts = frame.render([token for _, token in sockets])
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
        cluster = self.hub.cluster
        if not stored and cluster is not None and self.recorder and self.recorder.lease_lost:
            cluster.lost(self)  # another process owns the table now
            return
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
        #: This process's part in a server of several processes (`server.cluster`), set
        #: when the `broker_url` setting names a broker; None: one process alone.
        self.cluster: Cluster | None = None
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
        if self.cluster is not None:
            await self.cluster.claim_new(game_id)
        return self._started(self._adopt(game_id, table))

    def _open(self, table: Table) -> LiveTable:
        """`open` for a caller that cannot wait (the bot server's rooms): the store game is
        created on the spot (a short call, bounded by the store's timeouts)."""
        args, kwargs = self._creation(table)
        game_id = timed("create_game", self.store.create_game, *args, **kwargs)
        if self.cluster is not None:
            self.cluster.claim_new_now(game_id)
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
        if self.cluster is not None:
            self.cluster.adopted(live)
        return live

    async def get(self, game_id: int) -> LiveTable:
        """The live table `game_id`, rebuilt from the store if it is not in memory
        (`NotFoundError` when there is no such game)."""
        live = self.tables.get(game_id)
        if live is None and self.cluster is not None:
            return await self.cluster.adopt(game_id)  # `Elsewhere`: another owns it
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

    async def reach(self, game_id: int) -> LiveTable | RemoteTable:
        """The table `game_id` wherever it lives: this process's own (rebuilt from the
        store if need be), or, in a server of several processes, the table another
        process owns, watched and played from here through the broker."""
        try:
            return await self.get(game_id)
        except Elsewhere:
            assert self.cluster is not None
            return await self.cluster.remote(game_id)

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
        held = self.store.leased_tables() if self.cluster is not None else set()
        for summary in self.store.running_summaries():
            if summary.id in self.tables or summary.id in held:
                continue  # (another live process's table: its owner decides its end)
            if self.cluster is not None:  # the others' tables: taken over when orphaned
                reason = stale_reason(summary, self.settings, now)
                if reason is not None:
                    ending.setdefault(reason, []).append(summary.id)
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

    async def join(self, live: LiveTable | RemoteTable, token: str, name: str) -> int:
        """Seat the browser `token` at the free seat of a waiting table; its seat (once
        stored: `NotSaved` and the seat free again when the store refuses)."""
        if isinstance(live, RemoteTable):
            seat: int = await live.cluster.request(live.id, "join", token=token, name=name)
            return seat
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

    async def rematch(
        self, live: LiveTable | RemoteTable, token: str
    ) -> LiveTable | RemoteTable | None:
        """Offer or accept the rematch of a finished table: against a person elsewhere it
        is an offer (None) until the other player asks too; then (or at once against the
        AI, a bot or on one screen) the rematch table, made once."""
        if isinstance(live, RemoteTable):
            fresh_id = await live.cluster.request(live.id, "rematch", token=token)
            return None if fresh_id is None else await self.reach(int(fresh_id))
        held = live.held(token)
        if not held:
            raise SeatError("NO_SEAT", "only the players can ask for a rematch")
        if live.rematch_id is not None:
            return await self.reach(live.rematch_id)
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

    def watch(self, live: LiveTable | RemoteTable, socket: Outbox, token: str | None) -> None:
        if isinstance(live, RemoteTable):
            live.cluster.watch(live, socket, token)
            return
        live.sockets[socket] = token
        if live.life is not None:
            for seat in live.held(token):
                live.life.present(seat, True)
        if not live.held(token):
            live.table.join()
        live.idle_since = None
        live.wake_ai()

    def unwatch(self, live: LiveTable | RemoteTable, socket: Outbox) -> None:
        if isinstance(live, RemoteTable):
            live.cluster.unwatch(live, socket)
            return
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
        if not live.sockets and not (self.cluster and self.cluster.watched_elsewhere(live)):
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
        if self.cluster is not None:
            await self.cluster.stop()  # the leases given up: the others take over at once

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
            and not (self.cluster is not None and self.cluster.watched_elsewhere(live))
            and live.life is not None
            and time.time() - live.life.active > ENDED_GRACE
            and not (live.recorder is not None and live.recorder.busy)
        )

    def _forget(self, live: LiveTable, *, release: bool = True) -> None:
        """Drop an ended table from memory (`get` reads it from the store again); its
        lease given up (`release`) in a server of several processes."""
        live.sleep_ai()
        if live.recorder is not None:
            live.recorder.close()
        self.tables.pop(live.id, None)
        if release and self.cluster is not None:
            self.cluster.released(live)

    def lobby(self, *, local: bool = False) -> dict[str, list[dict[str, Any]]]:
        """Open tables (a seat free) and running tables, newest first: in a server of
        several processes every process's (`local`: only this one's)."""
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
        if self.cluster is not None and not local:
            open_tables, running = self.cluster.lobby(open_tables, running)
        return {"open": open_tables[:50], "running": running[:50]}
