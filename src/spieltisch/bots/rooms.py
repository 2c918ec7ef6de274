"""Rooms of the bot server: a game on a `Table` with two slots, whoever holds them.

A room knows nothing of XML or JSON: each connection (`Participant`) turns the room's
calls (started, update, move request, refused, finished) into its protocol's messages.
The room follows the official server's order (ostseeschach-protocol.md, section 2): on
the start a welcome to each player, then after every change the state to everyone, and
then a move request to the player to move or, at the end, the result. It applies the
competition's timeouts to slots that can time out (section 5): a move later than the
soft timeout is not played and loses (SOFT_TIMEOUT); no move within the hard timeout
loses (HARD_TIMEOUT). A player that breaks a rule in a strict slot (XML) loses with
RULE_VIOLATION; one that leaves a running game loses with LEFT.

Every game is kept in the store through a `TableHost`: `StoreHost` for the bot server
alone, the web app's hub when the bot server runs inside `spieltisch serve`. Both store
a table's events with the one `Recorder` of spieltisch.tables: a move is acknowledged
(the new state sent, the next move requested) only once it is stored; a move the store
could not keep is taken back and asked for again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from spieltisch.ai.service import AIService
from spieltisch.core.competition import CompetitionCodec, Forfeit
from spieltisch.core.errors import IllegalMoveError, NotationError, SpieltischError
from spieltisch.core.game import Game
from spieltisch.core.registry import DEFAULT_GAME, game_names, load
from spieltisch.store import Store, StoreError
from spieltisch.tables import (
    Event,
    Reverted,
    Seat,
    SeatError,
    SeatKind,
    Status,
    Table,
)
from spieltisch.tables.ai import AIPlayer
from spieltisch.tables.lifecycle import BOT_ROOM, RESTART
from spieltisch.tables.recorder import Recorder, seat_kind

if TYPE_CHECKING:
    from spieltisch.bots.ladder import LadderDoor

__all__ = [
    "HARD_TIMEOUT",
    "SOFT_TIMEOUT",
    "JoinError",
    "Lobby",
    "Participant",
    "Room",
    "StoreHost",
    "TableHost",
]

log = logging.getLogger(__name__)

#: The competition's timeouts in seconds (ostseeschach-protocol.md, section 5).
SOFT_TIMEOUT = 2.0
HARD_TIMEOUT = 10.0
RULE_VIOLATION = "RULE_VIOLATION"
SOFT = "SOFT_TIMEOUT"
HARD = "HARD_TIMEOUT"
LEFT = "LEFT"


class JoinError(SpieltischError):
    """A join the lobby refuses: no such game, room or reservation, or the room is full."""


class Participant(Protocol):
    """A connection in a room, as a player or an observer (see the module)."""

    name: str

    def started(self, room: Room, seat: int) -> None:
        """The game begins; you play `seat`."""

    def update(self, room: Room) -> None:
        """The position changed (and at the start)."""

    def request_move(self, room: Room, seat: int) -> None:
        """Your move, please."""

    def refused(self, room: Room, seat: int, message: str, move: Any) -> None:
        """`seat`'s move (`move`: the move read, else None) was refused."""

    def finished(self, room: Room) -> None:
        """The room is over (result or abandoned); no more calls follow."""


class TableHost(Protocol):
    """Where a room's table lives and is stored."""

    def open(self, table: Table) -> str:
        """Take `table` in (waiting for its seats); its id."""

    def seated(self, table: Table) -> None:
        """Both seats of `table` are taken (names and kinds final)."""

    def close(self, table: Table) -> None:
        """The room of `table` is done with it."""

    def find(self, table_id: str) -> Table | None:
        """A waiting table of the host's own with a free seat (the web app's tables
        waiting for a friend), for a bot to join; None when there is none."""

    def recorder(self, table: Table) -> Recorder | None:
        """What stores `table` (None: nothing does)."""


#: The store's kind of a seat (one definition, in spieltisch.tables.recorder).
kind_of = seat_kind


class StoreHost:
    """Tables of the bot server on its own: each game is kept in `store` (if any) from
    its start by a `Recorder`, every move as played, finished or abandoned at the end."""

    def __init__(self, store: Store | None) -> None:
        self.store = store
        self._recorders: dict[int, Recorder] = {}  # id(table) -> its recorder

    def recover(self) -> int:
        """End the bot games a crashed server left running (`aborted: server restart`:
        their connections died with it); how many. Call it once at the start."""
        if self.store is None:
            return 0
        ids = [
            game.id
            for game in self.store.running_summaries()
            if game.meta.get("room") == BOT_ROOM
            or any(player.kind.startswith("bot:") for player in game.players)
        ]
        done = self.store.abandon_games(ids, RESTART) if ids else 0
        if done:
            log.info("%d bot games of a crashed server ended: %s", done, RESTART)
        return done

    def open(self, table: Table) -> str:
        if self.store is not None:
            table.record.meta["room"] = BOT_ROOM
            self._recorders[id(table)] = Recorder(self.store, table)
        return uuid.uuid4().hex[:12]

    def seated(self, table: Table) -> None:
        pass

    def close(self, table: Table) -> None:
        recorder = self._recorders.pop(id(table), None)
        if recorder is not None:
            recorder.close()

    def find(self, table_id: str) -> Table | None:
        return None

    def recorder(self, table: Table) -> Recorder | None:
        return self._recorders.get(id(table))

    def game_id(self, table: Table) -> int | None:
        """The store's id of `table`'s game (None before the start or without a store)."""
        recorder = self._recorders.get(id(table))
        return recorder.game_id if recorder is not None else None


@dataclass
class Slot:
    """One seat of a room: the expected name, whether it can time out, its reservation
    code (prepared games) and who holds it; `strict` slots lose on a rule violation."""

    name: str = ""
    can_timeout: bool = False
    reservation: str | None = None
    participant: Participant | None = None
    strict: bool = True
    #: The display name its player gave (or the prepared name); "" if none.
    display: str = ""


@dataclass
class Room:
    """One game of the bot server (see the module docstring)."""

    lobby: Lobby
    table: Table
    slots: list[Slot]
    id: str = ""
    prepared: bool = False
    paused: bool = False
    observers: list[Participant] = field(default_factory=list)
    forfeit: Forfeit | None = None
    closed: bool = False
    #: Free steps while paused (an admin's `step`).
    steps: int = 0
    #: Seconds the server spent on each move it received, from reading it to sending
    #: the new state once stored (`_received`: when the move being stored came in), for
    #: the load benchmarks.
    move_seconds: list[float] = field(default_factory=list)
    _received: float | None = None
    _welcomed: bool = False
    _sent_ply: int = -1
    _requested: tuple[int, int] | None = None
    _request_time: float = 0.0
    _timer: asyncio.TimerHandle | None = None
    _flush_pending: bool = False
    _ai: AIPlayer | None = None
    _unsubscribe: Callable[[], None] | None = None
    #: What stores the table; the room answers only once the table is stored.
    recorder: Recorder | None = None
    #: The end the room is making (a forfeit, a cancel), done again if not stored.
    _ending: Callable[[], None] | None = None
    #: This room's own timeouts (the ladder's time control); None: the lobby's.
    soft: float | None = None
    hard: float | None = None
    #: What the room is for (`"ladder"`, `"challenge"`), None for a plain bot room.
    purpose: str | None = None

    @property
    def soft_timeout(self) -> float:
        return self.soft if self.soft is not None else self.lobby.soft_timeout

    @property
    def hard_timeout(self) -> float:
        return self.hard if self.hard is not None else self.lobby.hard_timeout

    def __post_init__(self) -> None:
        self._unsubscribe = self.table.subscribe(self._heard)

    def attach(self, recorder: Recorder | None) -> None:
        """Answer only what `recorder` has stored."""
        self.recorder = recorder
        if recorder is not None:
            recorder.on_settled.append(self._settled)

    def _settled(self, stored: bool) -> None:
        seat = self.table.turn
        if not stored and seat is not None and self.recorder is not None:
            # the player to move hears why its move is asked for again (JSON: an error)
            tell = getattr(self.slots[seat].participant, "error", None)
            if callable(tell):
                tell(f"{self.recorder.last_error}; your move is asked for again", "NOT_SAVED")
        # not stored, the table went back (`Reverted`): the move is asked for again; an
        # end the room was making is made again in a moment
        ending = self._ending is not None and self.table.status is not Status.ABANDONED
        if not stored and not self.closed and ending:
            with contextlib.suppress(RuntimeError):
                asyncio.get_running_loop().call_later(1.0, self._retry_end)
        self.schedule()

    def _retry_end(self) -> None:
        if self._ending is not None and not self.closed:
            self._ending()

    # --- reading ---------------------------------------------------------------------

    @property
    def game(self) -> Game[Any, Any]:
        return self.table.game

    @property
    def codec(self) -> CompetitionCodec[Any, Any] | None:
        return self.table.game.competition()

    def names(self) -> tuple[str, str]:
        return (self.table.seats[0].name, self.table.seats[1].name)

    def display_names(self) -> tuple[str, str]:
        """The names the players gave (or the prepared slots'), "" for none: what the
        official servers put into their XML (the seats' names get a default)."""
        return (self.slots[0].display, self.slots[1].display)

    def everyone(self) -> list[Participant]:
        players = [slot.participant for slot in self.slots if slot.participant is not None]
        return [*players, *self.observers]

    def free_seats(self) -> list[int]:
        return [i for i, seat in enumerate(self.table.seats) if not seat.taken]

    # --- seats -----------------------------------------------------------------------

    def sit(
        self,
        participant: Participant,
        seat: int,
        name: str,
        strict: bool,
        *,
        token: str | None = None,
    ) -> None:
        """`participant` takes `seat` as `name` (`token`: the identity key its seat
        belongs to, a bot of an account's; else a random one); the game starts once both
        seats are taken."""
        slot = self.slots[seat]
        if slot.participant is not None or self.table.seats[seat].taken:
            raise JoinError(f"seat {seat} of room {self.id} is taken")
        slot.participant = participant
        slot.strict = strict
        slot.display = (name or slot.name)[:60]
        if self.table.seats[seat].kind is not SeatKind.BOT:  # a free seat becomes a bot's
            self.table.seats[seat] = Seat.bot("")
        held = token if token is not None else secrets.token_hex(8)
        self.table.sit(seat, (name or slot.name or f"bot {seat + 1}")[:60], held)
        if self.table.status is Status.WAITING and not self.free_seats():
            self.lobby.host.seated(self.table)
            self.table.start()
            if any(seat.kind is SeatKind.AI for seat in self.table.seats):
                self._ai = AIPlayer(self.table, service=self.lobby.ai)

    def observe(self, participant: Participant) -> None:
        self.observers.append(participant)
        self.table.join()
        if self._welcomed:
            participant.update(self)

    def leave(self, participant: Participant) -> None:
        """`participant` went away: a player of a running game loses (LEFT)."""
        if participant in self.observers:
            self.observers.remove(participant)
            self.table.leave()
            return
        for seat, slot in enumerate(self.slots):
            if slot.participant is participant:
                slot.participant = None
                if self.table.status is Status.RUNNING:
                    self.end(Forfeit(seat, LEFT, "Der Spieler hat das Spiel verlassen"))
                elif self.table.status is Status.WAITING:
                    self._abandon("a bot left before the start")

    def cancel(self) -> None:
        """An admin's `cancel`: the game ends without a result."""
        self._abandon("cancelled")

    def _abandon(self, reason: str) -> None:
        self._ending = lambda: self._abandon(reason)
        self.table.abandon(reason)
        self._flush()

    def set_paused(self, paused: bool) -> None:
        self.paused = paused
        self.schedule()

    def step(self) -> None:
        """While paused, let one move request go out."""
        self.steps += 1
        self.schedule()

    # --- moves -----------------------------------------------------------------------

    def move(self, participant: Participant, move: Any) -> str | None:
        """`participant` sends `move` (notation text or a move value); None when played,
        else why not (the room has then acted: a strict slot lost)."""
        received = time.perf_counter()
        seat = next((i for i, s in enumerate(self.slots) if s.participant is participant), None)
        table = self.table
        if seat is None:
            return "you do not play in this room"
        slot = self.slots[seat]
        if table.status is not Status.RUNNING:
            return f"the game is {table.status}"
        if table.turn != seat or self._requested != (seat, table.ply):
            message = "a move when it is not your turn (no move was requested)"
            return self._refuse(seat, message, move if not isinstance(move, str) else None)
        loop = asyncio.get_running_loop()
        if slot.can_timeout and loop.time() - self._request_time > self.soft_timeout:
            self._stop_timer()
            seconds = self.soft_timeout
            self.end(Forfeit(seat, SOFT, _late(seconds)))
            return "too late: the soft timeout was reached"
        try:
            table.play(seat, move)
        except (IllegalMoveError, NotationError, SeatError) as exc:
            return self._refuse(seat, str(exc), move if not isinstance(move, str) else None)
        self._stop_timer()
        self._requested = None
        self._received = received
        self._flush()
        return None

    def reject(self, participant: Participant, message: str) -> None:
        """`participant` broke the protocol (a message it should not have sent)."""
        seat = next((i for i, s in enumerate(self.slots) if s.participant is participant), None)
        if seat is not None and self.table.status is Status.RUNNING:
            self._refuse(seat, message, None)

    def _refuse(self, seat: int, message: str, move: Any) -> str:
        slot = self.slots[seat]
        if not slot.strict:
            return message
        for participant in [slot.participant, *self.observers]:
            if participant is not None:
                participant.refused(self, seat, message, move)
        self.end(Forfeit(seat, RULE_VIOLATION, message))
        return message

    def end(self, forfeit: Forfeit) -> None:
        """`forfeit.seat` loses for a reason the rules do not know."""
        if self.table.status is not Status.RUNNING:
            return
        self._stop_timer()
        self._ending = lambda: self.end(forfeit)
        self.forfeit = forfeit
        self.table.forfeit(forfeit.seat, forfeit.cause)
        self._flush()

    # --- the table's events ----------------------------------------------------------

    def _heard(self, event: Event) -> None:
        if isinstance(event, Reverted):
            self._requested = None  # the move was not stored: ask for it again
        self.schedule()

    def schedule(self) -> None:
        """Send what is due soon (once for a burst of events)."""
        if self._flush_pending or self.closed:
            return
        self._flush_pending = True
        try:
            asyncio.get_running_loop().call_soon(self._flush)
        except RuntimeError:
            self._flush_pending = False

    def _flush(self) -> None:
        self._flush_pending = False
        if self.closed:
            return
        if self.recorder is not None and self.recorder.busy and self._ending is None:
            # answered once stored (`_settled`); an end the room makes itself (a rule
            # broken, a player gone, a cancel) is told at once, as the protocol wants
            # the result before the connection closes
            return
        table = self.table
        live = table.status in (Status.RUNNING, Status.OVER)
        if live and not self._welcomed:
            self._welcomed = True
            for seat, slot in enumerate(self.slots):
                if slot.participant is not None:
                    slot.participant.started(self, seat)
        if live and self._sent_ply != table.ply:
            self._sent_ply = table.ply
            for participant in self.everyone():
                participant.update(self)
            if self._received is not None:  # the move is stored and its state sent
                self.move_seconds.append(time.perf_counter() - self._received)
                self._received = None
        if table.status in (Status.OVER, Status.ABANDONED):
            self._close()
        elif table.status is Status.RUNNING:
            self._maybe_request()

    def _maybe_request(self) -> None:
        table = self.table
        seat = table.turn
        if seat is None:
            return
        slot = self.slots[seat]
        if slot.participant is None or self._requested == (seat, table.ply):
            return
        if self.paused:
            if self.steps <= 0:
                return
            self.steps -= 1
        loop = asyncio.get_running_loop()
        self._requested = (seat, table.ply)
        self._request_time = loop.time()
        slot.participant.request_move(self, seat)
        if slot.can_timeout:
            self._timer = loop.call_later(self.hard_timeout, self._hard, seat, table.ply)

    def _hard(self, seat: int, ply: int) -> None:
        self._timer = None
        if self.table.turn == seat and self.table.ply == ply:
            self.end(Forfeit(seat, HARD, _late(self.hard_timeout)))

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _close(self) -> None:
        self.closed = True
        self._stop_timer()
        if self._ai is not None:
            self._ai.close()
        if self._unsubscribe is not None:
            self._unsubscribe()
        for participant in self.everyone():
            with contextlib.suppress(Exception):
                participant.finished(self)
        self.lobby.closed(self)


def _late(seconds: float) -> str:
    return (
        f"Der Spieler hat innerhalb von {seconds:g} Sekunden nach Aufforderung keinen Zug gesendet"
    )


def game_for_type(game_type: str) -> Game[Any, Any] | None:
    """The registered game whose competition type name is `game_type`."""
    for name in game_names():
        game = load(name)
        codec = game.competition()
        if codec is not None and codec.game_type == game_type:
            return game
    return None


class Lobby:
    """All rooms of one bot server: open rooms to join, prepared rooms with reservation
    codes, and the settings every room shares (timeouts, the admin password)."""

    def __init__(
        self,
        host: TableHost | None = None,
        *,
        default_game: str = DEFAULT_GAME,
        soft_timeout: float = SOFT_TIMEOUT,
        hard_timeout: float = HARD_TIMEOUT,
        password: str | None = None,
        seed: int | None = None,
    ) -> None:
        """`seed`: the rooms' seeds (the random Hase und Igel board) are drawn from
        `random.Random(seed)`, so a server started with the same seed and played the same
        moves sends the same bytes (the golden transcripts); None: drawn at random."""
        self.host: TableHost = host if host is not None else StoreHost(None)
        self._seeds = random.Random(seed) if seed is not None else None
        self.default_game = default_game
        self.soft_timeout = soft_timeout
        self.hard_timeout = hard_timeout
        #: The admin password (None: no admin requests at all; there is no default).
        self.password = password
        self.rooms: dict[str, Room] = {}
        self.reservations: dict[str, tuple[Room, int]] = {}
        #: Every move's server time (seconds), of all rooms so far.
        self.move_seconds: list[float] = []
        #: How many rooms ended with a result / were abandoned.
        self.finished = 0
        self.abandoned = 0
        #: The AI service of the server this lobby is part of (`spieltisch serve`): the
        #: rooms' AI seats then play its levels only; None: a process per move (matches).
        self.ai: AIService | None = None
        #: The ladder bots with a token enter (None: this server has none, tokens are
        #: refused).
        self.ladder: LadderDoor | None = None
        #: Called with every room that is over, after its players heard the end.
        self.on_closed: list[Callable[[Room], None]] = []

    def _new_room(
        self,
        game: Game[Any, Any],
        slots: list[Slot],
        *,
        seats: list[Seat] | None = None,
        prepared: bool = False,
        paused: bool = False,
        seed: int | None = None,
    ) -> Room:
        if seed is None:
            seeds = self._seeds
            seed = seeds.randrange(1 << 31) if seeds is not None else secrets.randbelow(1 << 31)
        # a free seat is a person's until a bot takes it: a person in the web app may
        table = Table(game, seats or [Seat.person(""), Seat.person("")], seed=seed)
        room = Room(self, table, slots, prepared=prepared, paused=paused)
        try:
            room.id = self.host.open(table)
        except StoreError as exc:  # the host stores the table at once (the web app's hub)
            raise JoinError(f"no new game now: {exc}") from None
        room.attach(self.host.recorder(table))
        self.rooms[room.id] = room
        return room

    def join(
        self,
        participant: Participant,
        game: str | None,
        *,
        name: str = "",
        options: str = "",
        strict: bool = True,
        xml: bool = False,
    ) -> tuple[Room, int]:
        """Join an open room of `game` (a registry name or a competition type; None: any
        open room, else the default game), or open a new one and wait there; `xml`: only
        rooms of games with a competition codec (an XML client)."""
        wanted: Game[Any, Any] | None = None
        if game is not None:
            wanted = game_for_type(game)
            if wanted is None:
                try:
                    wanted = load(game, options or None)
                except SpieltischError as exc:
                    raise JoinError(f"no game {game[:60]!r}: {exc}") from None
        if xml and (wanted or load(self.default_game)).competition() is None:
            raise JoinError("this game has no competition XML: use the JSON protocol")
        for room in self.rooms.values():
            if room.prepared or room.closed or room.table.status is not Status.WAITING:
                continue
            if xml and room.codec is None:
                continue
            if wanted is not None and (
                room.game.name != wanted.name or room.table.record.options != wanted.options.text()
            ):
                continue
            free = room.free_seats()
            if free and room.slots[free[0]].participant is None:
                room.sit(participant, free[0], name, strict)
                return room, free[0]
        if wanted is None:
            wanted = load(self.default_game)
        room = self._new_room(wanted, [Slot(), Slot()])
        room.sit(participant, 0, name, strict)
        return room, 0

    def join_room(
        self,
        participant: Participant,
        room_id: str,
        *,
        name: str = "",
        strict: bool = True,
        xml: bool = False,
    ) -> tuple[Room, int]:
        room = self.rooms.get(room_id)
        if room is None:
            room = self._adopt(room_id)
        if room is None or room.closed:
            raise JoinError(f"no open room {room_id[:60]!r}")
        if xml and room.codec is None:
            raise JoinError(f"{room.game.title} has no competition XML: use the JSON protocol")
        free = [i for i in room.free_seats() if room.slots[i].reservation is None]
        if not free:
            raise JoinError(f"room {room_id[:60]!r} has no free seat")
        room.sit(participant, free[0], name, strict)
        return room, free[0]

    def _adopt(self, table_id: str) -> Room | None:
        """A room around a waiting table of the host's (a person waits for a friend)."""
        table = self.host.find(table_id)
        if table is None or table.status is not Status.WAITING:
            return None
        room = Room(self, table, [Slot(), Slot()])
        room.id = table_id
        room.attach(self.host.recorder(table))
        self.rooms[table_id] = room
        return room

    def join_prepared(
        self,
        participant: Participant,
        code: str,
        *,
        name: str = "",
        strict: bool = True,
        xml: bool = False,
    ) -> tuple[Room, int]:
        found = self.reservations.get(code)
        if found is None:
            raise JoinError(f"no reservation {code[:60]!r}")
        room, seat = found
        if xml and room.codec is None:
            raise JoinError(f"{room.game.title} has no competition XML: use the JSON protocol")
        del self.reservations[code]
        if room.closed:
            raise JoinError(f"the game of reservation {code[:60]!r} is over")
        room.sit(participant, seat, room.slots[seat].name or name, strict)
        return room, seat

    def prepare(
        self,
        game: str,
        names: tuple[str, str] = ("", ""),
        *,
        can_timeout: tuple[bool, bool] = (True, True),
        paused: bool = False,
        options: str = "",
        seed: int | None = None,
        ai: tuple[str | None, str | None] = (None, None),
    ) -> tuple[Room, list[str]]:
        """A new room waiting for two reserved slots (`ai`: a seat the server's AI plays
        at that agent spec instead); the room and the reservation codes."""
        found = game_for_type(game)
        try:
            loaded = found if found is not None else load(game, options or None)
        except SpieltischError as exc:
            raise JoinError(f"no game {game[:60]!r}: {exc}") from None
        slots = [Slot(names[i], can_timeout[i], str(uuid.uuid4())) for i in (0, 1)]
        seats = [
            Seat.ai(spec, names[i] or None) if spec else Seat.person("")
            for i, spec in enumerate(ai)
        ]
        codes: list[str] = []
        room = self._new_room(loaded, slots, seats=seats, prepared=True, paused=paused, seed=seed)
        for seat, slot in enumerate(slots):
            if ai[seat]:
                slot.reservation = None
                continue
            assert slot.reservation is not None
            self.reservations[slot.reservation] = (room, seat)
            codes.append(slot.reservation)
        return room, codes

    def seated_room(
        self,
        game: Game[Any, Any],
        seats: list[Seat],
        *,
        seed: int,
        soft: float | None = None,
        hard: float | None = None,
        purpose: str | None = None,
    ) -> Room:
        """A new room for players the server pairs itself (the ladder, a challenge):
        `seats` as they will be (an AI seat plays at once, a person's seat with its
        token is taken, a free seat waits for `Room.sit`); the given timeouts apply to
        every seat a connection takes."""
        slots = [Slot(seat.name, seat.kind is not SeatKind.PERSON) for seat in seats]
        room = self._new_room(game, slots, seats=seats, prepared=True, seed=seed)
        room.soft, room.hard, room.purpose = soft, hard, purpose
        return room

    def closed(self, room: Room) -> None:
        """`room` is over: forget it and its reservations."""
        self.rooms.pop(room.id, None)
        for code in [code for code, (r, _) in self.reservations.items() if r is room]:
            del self.reservations[code]
        self.move_seconds += room.move_seconds
        if room.table.status is Status.OVER:
            self.finished += 1
        else:
            self.abandoned += 1
        self.host.close(room.table)
        for callback in list(self.on_closed):
            try:
                callback(room)
            except Exception:
                log.exception("a room's end could not be handled")
