"""A table: one game in progress with its two seats, clocks, chance draws, record and events.

Every front end (the CLI's `play`, `arena` matches, the web app, the bot server) drives a
game through a table and nothing else holds the loop: whose turn it is, drawing every
chance outcome from (chance seed, ply) right after the move that leads to it (so a
take-back and the same move again give the same roll), keeping the `GameRecord` up to
date move by move, the clocks, take-backs, draws, resignation and the end.

A table is synchronous and does no I/O; time comes from an injected clock function, so a
table is deterministic given its seeds, its clock and the calls made on it. Choosing the
AI's move is not the table's business (see `spieltisch.tables.ai`): the front end asks
the agent and plays the move for the AI seat like any other.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, cast

from spieltisch.ai.spec import parse_spec
from spieltisch.core.chance import MAX_SEED, draw_chance
from spieltisch.core.errors import IllegalMoveError, NotationError, quote
from spieltisch.core.game import Game, Outcome, State
from spieltisch.core.record import MAX_MOVE_LENGTH, GameRecord
from spieltisch.tables.abandoned import abandoned_code
from spieltisch.tables.clock import NOBODY, ClockSettings, LagQuota, clock_times
from spieltisch.tables.events import (
    Abandoned,
    ChanceDrawn,
    ClockFlag,
    DrawDeclined,
    DrawOffered,
    Event,
    GameOver,
    MovePlayed,
    Reverted,
    SeatTaken,
    Started,
    TakebackDeclined,
    TakebackOffered,
    ThinkingChanged,
    TookBack,
)
from spieltisch.tables.restore import chance_seed_from_meta, seats_from_meta
from spieltisch.tables.seats import MAX_NAME_LENGTH, Seat, SeatError, SeatKind

__all__ = [
    "ABORTED_BY_PLAYER",
    "AGREED_DRAW",
    "RESIGNATION",
    "TIME",
    "Checkpoint",
    "Listener",
    "Status",
    "Table",
]

log = logging.getLogger(__name__)

#: Outcome reasons of ends the table decides (the game's own ends keep the game's reasons).
TIME = "TIME"
RESIGNATION = "RESIGNATION"
AGREED_DRAW = "AGREED_DRAW"
#: Why a game a player aborted ended without a result (`Table.abort`).
ABORTED_BY_PLAYER = "aborted: by a player"

Listener = Callable[[Event], None]
Clock = Callable[[], float]


class Status(StrEnum):
    """Waiting for a seat to be taken, running, over (a result), or abandoned (none)."""

    WAITING = "waiting"
    RUNNING = "running"
    OVER = "over"
    ABANDONED = "abandoned"


@dataclass(frozen=True)
class Checkpoint:
    """A table at one moment (`Table.checkpoint`), to go back to with `Table.rewind`:
    the moves and their times, the seats, the status and result, the offers."""

    moves: tuple[str, ...]
    seconds: tuple[float, ...]
    movers: tuple[int, ...]
    seats: tuple[Seat, ...]
    status: Status
    outcome: Outcome | None
    abandoned: str | None
    takeback_offer: int | None
    draw_offer: int | None


def derive_seed(seed: int, *salt: object) -> int:
    """A seed in 0..MAX_SEED derived from `seed` and `salt` through a stable hash."""
    text = ":".join(["spieltisch-table", str(seed), *map(str, salt)])
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") & MAX_SEED


class Table:
    """One running game between two seats. See the module docstring.

    The start is `game.new_state(seed)`, a `position` text, or a live `state` (whose
    history counts as already played, with `seconds` per move). `chance_seed` (default:
    `seed`, else 0) seeds the chance draws. `clock` reads seconds (monotonic); `clocks`
    gives Fischer clocks. The table waits until `start()` (both seats taken).

    `state` and `record` are the table's own objects: read them, never change them.
    A table is not thread-safe: drive it from one thread (a server's event loop).
    """

    def __init__(
        self,
        game: Game[Any, Any],
        seats: Sequence[Seat],
        *,
        seed: int | None = None,
        position: str | None = None,
        state: State[Any] | None = None,
        seconds: Sequence[float] | None = None,
        chance_seed: int | None = None,
        clocks: ClockSettings | None = None,
        clock: Clock = time.monotonic,
    ) -> None:
        if len(seats) != 2:
            raise ValueError("a table has exactly two seats")
        if position is not None and state is not None:
            raise ValueError("give a position text or a state, not both")
        self.game = game
        self.seats: list[Seat] = list(seats)
        self.clocks = clocks
        self.clock = clock
        self.chance_seed = chance_seed if chance_seed is not None else (seed or 0)
        if not 0 <= self.chance_seed <= MAX_SEED:
            raise ValueError(f"a chance seed is 0..{MAX_SEED}")
        self._movers: list[int] = []
        moves: list[str] = []
        start_seed: int | None = None
        if state is not None:
            start = state.copy()
            while start.history():
                start.undo()
            start_text = start.text()
            for move in state.history():
                self._movers.append(_mover(start))
                moves.append(str(move))
                start.push(move)
        elif position is not None:
            state = game.parse(position)
            start_text = state.text()
        else:
            state = game.new_state(seed)
            start_text = state.text()
            start_seed = seed
        times = [0.0] * len(moves) if seconds is None else [round(s, 4) for s in seconds]
        if len(times) != len(moves):
            raise ValueError("give one time in seconds per move of the state's history")
        self.state: State[Any] = state
        self.record = GameRecord(
            game=game.name,
            options=game.options.text(),
            start=start_text,
            seed=start_seed,
            players=(self.seats[0].name, self.seats[1].name),
            moves=moves,
            seconds=times,
            meta={"chance_seed": self.chance_seed},
        )
        self._sync_meta()
        self.status = Status.WAITING
        self.outcome: Outcome | None = None
        #: The AI seat whose search runs (set by the driver), None when no AI thinks.
        self.thinking: int | None = None
        #: Seconds the AI searched for the last move (None when a person or bot made it).
        self.last_think: float | None = None
        self.spectators = 0
        self.takeback_offer: int | None = None
        self.draw_offer: int | None = None
        #: The last declined offer, shown to the seat that made it until the next move or
        #: offer: ("draw" or "takeback", the asking seat).
        self.declined: tuple[str, int] | None = None
        #: Each seat's lag compensation (with clocks), and the clocks frozen at the end.
        self._lag = None if clocks is None else [LagQuota(clocks, 0), LagQuota(clocks, 1)]
        self._final: list[float] | None = None
        #: How many times a listener raised (the table went on regardless).
        self.listener_errors = 0
        self._turn_started = clock()
        self._listeners: list[Listener] = []
        self._queue: deque[Event] = deque()
        self._dispatching = False

    # --- reading -----------------------------------------------------------------------

    @property
    def ply(self) -> int:
        """The number of moves made since the start, chance outcomes included."""
        return len(self.record.moves)

    @property
    def turn(self) -> int | None:
        """The seat that may move now: 0 or 1 while the game runs, else None."""
        if self.status is not Status.RUNNING:
            return None
        to_move = self.state.to_move
        return to_move if to_move in (0, 1) else None

    def seat_of(self, token: str) -> int | None:
        """The seat whose secret `token` this is (compared in constant time)."""
        found = None
        for index, seat in enumerate(self.seats):
            if seat.token is not None and hmac.compare_digest(seat.token, token):
                found = index
        return found

    def movers(self) -> list[int]:
        """The seat that made each recorded move (-1 for a chance outcome)."""
        return list(self._movers)

    def started(self, seat: int) -> bool:
        """Whether `seat`'s clock runs: it starts with the seat's first move."""
        return seat in self._movers

    def abortable(self) -> bool:
        """Whether the game may still be aborted: waiting, or running before both moved."""
        if self.status is Status.WAITING:
            return True
        return self.status is Status.RUNNING and not (self.started(0) and self.started(1))

    def remaining(self, seat: int) -> float | None:
        """Seconds left on `seat`'s clock now (None without clocks); may be negative
        until the flag fall is noticed (`tick`). A clock stands still until its seat's
        first move, and at the end (a flagged clock shows 0)."""
        if self.clocks is None:
            return None
        if self._final is not None:
            return self._final[seat]
        left = clock_times(self.clocks, self._movers, self.record.seconds, self._next_mover())
        if self.turn == seat and self.started(seat):
            return left[seat] - (self.clock() - self._turn_started)
        return left[seat]

    def view(self, for_seat: int | None = None) -> dict[str, Any]:
        """The table as the person in `for_seat` (None: a spectator) sees it, JSON-ready:
        seats, clocks, status, whose turn, the AI thinking, offers, the moves, the outcome
        (or why it was abandoned) and the position (`state`: the game's `State.view()` as JSON)."""
        self.tick()
        names = self.game.player_names
        turn = self.turn
        clocks = None
        if self.clocks is not None:
            clocks = [
                {
                    "remaining": round(max(0.0, self.remaining(i) or 0.0), 3),
                    "running": turn == i,
                    "ticking": turn == i and self.started(i),
                }
                for i in (0, 1)
            ]
        outcome = None
        if self.outcome is not None:
            outcome = {
                "winner": self.outcome.winner,
                "reason": self.outcome.reason,
                "scores": [list(self.outcome.scores[0]), list(self.outcome.scores[1])],
                "score_names": list(self.game.score_names),
                "score_labels": list(self.game.score_labels or self.game.score_names),
            }
        running = self.status is Status.RUNNING
        return {
            "game": self.game.name,
            "title": self.game.title,
            "options": self.record.options,
            "status": str(self.status),
            "you": for_seat,
            "seats": [
                {**seat.public(), "player": names[index]} for index, seat in enumerate(self.seats)
            ],
            "turn": turn,
            "your_turn": for_seat is not None and turn == for_seat,
            "thinking": self.thinking is not None,
            "thinking_seat": self.thinking,
            "clocks": clocks,
            "takeback_offer": self.takeback_offer,
            "draw_offer": self.draw_offer,
            "declined": None
            if self.declined is None
            else {"what": self.declined[0], "by": self.declined[1]},
            "abortable": self.abortable(),
            "can_take_back": running and for_seat is not None and for_seat in self._movers,
            "spectators": self.spectators,
            "ply": self.ply,
            "moves": list(self.record.moves),
            "last_move": self.record.moves[-1] if self.record.moves else None,
            "last_move_seconds": self.record.seconds[-1] if self.record.seconds else None,
            "last_move_think": self.last_think,
            "position": self.state.text(),
            "outcome": outcome,
            "abandoned": self.record.meta.get("abandoned"),
            "abandoned_code": abandoned_code(self.record.meta.get("abandoned")),
            "state": self.state.view().to_json(),
        }

    # --- events ------------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Hear every later event, in order; returns the function that unsubscribes.

        Events are delivered synchronously; one raised while others are delivered waits
        its turn. A listener that raises is logged and counted, the table goes on.
        """
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    def _emit(self, event: Event) -> None:
        self._queue.append(event)
        if self._dispatching:
            return
        self._dispatching = True
        try:
            while self._queue:
                current = self._queue.popleft()
                for listener in list(self._listeners):
                    try:
                        listener(current)
                    except Exception:
                        self.listener_errors += 1
                        log.exception("a table listener raised on %r", current)
        finally:
            self._dispatching = False

    # --- seats and start ---------------------------------------------------------------

    def sit(self, seat: int, name: str, token: str | None = None) -> str:
        """Take the free `seat` as `name`; returns its secret token (a new one if None)."""
        self._check_seat(seat)
        if self.seats[seat].taken:
            raise SeatError("SEAT_TAKEN", f"seat {seat} is taken")
        if len(name) > MAX_NAME_LENGTH:
            raise SeatError("NAME_TOO_LONG", f"a name has at most {MAX_NAME_LENGTH} characters")
        token = token if token is not None else secrets.token_urlsafe(18)
        self.seats[seat] = replace(self.seats[seat], name=name, token=token)
        self._sync_meta()
        self._emit(SeatTaken(seat, name, str(self.seats[seat].kind)))
        return token

    def rename(self, seat: int, name: str) -> None:
        """Give the person at the taken `seat` a new name (a guest who chose a name after
        sitting down under a stand-in); announced as the seat taken again under it."""
        self._check_seat(seat)
        current = self.seats[seat]
        if not current.taken or current.kind is not SeatKind.PERSON:
            raise SeatError("NO_SEAT", f"seat {seat} is not a person's")
        if len(name) > MAX_NAME_LENGTH:
            raise SeatError("NAME_TOO_LONG", f"a name has at most {MAX_NAME_LENGTH} characters")
        self.seats[seat] = replace(current, name=name)
        self._sync_meta()
        self._emit(SeatTaken(seat, name, str(current.kind)))

    def start(self) -> None:
        """Start the game (both seats must be taken): the clocks run, a chance event due
        at the start is drawn."""
        if self.status is not Status.WAITING:
            raise SeatError("ALREADY_STARTED", f"the table is {self.status}, not waiting")
        free = [index for index, seat in enumerate(self.seats) if not seat.taken]
        if free:
            raise SeatError("SEAT_FREE", f"seat {free[0]} is not taken yet")
        self.status = Status.RUNNING
        self._turn_started = self.clock()
        self._emit(Started(self.ply))
        self._advance()

    def join(self) -> None:
        """A spectator came."""
        self.spectators += 1

    def leave(self) -> None:
        """A spectator left."""
        self.spectators = max(0, self.spectators - 1)

    def set_thinking(self, seat: int, thinking: bool) -> None:
        """The driver of an AI seat says its search started or stopped (for the view)."""
        self._check_seat(seat)
        now = seat if thinking else None
        if self.thinking != now and (thinking or self.thinking == seat):
            self.thinking = now
            self._emit(ThinkingChanged(seat, thinking))

    # --- playing -----------------------------------------------------------------------

    def play(
        self, seat: int, move: Any, *, think: float | None = None, lag: float | None = None
    ) -> None:
        """Make `move` (notation text, or a move value) for `seat`; `think` is the seconds
        an AI searched for it (shown in the view and the move's event); `lag` the seconds
        of the turn the server measured as lag (not the player's thinking), credited back
        within the seat's `LagQuota`.

        Refuses with `SeatError` a seat that is not to move or a game not running, and
        with the game's own errors (`NotationError`, `IllegalMoveError`) a move that does
        not read or is illegal; a refused move changes nothing. Chance outcomes due after
        the move are drawn at once.
        """
        self._check_turn(seat)
        state = self.state
        if isinstance(move, str):
            if len(move) > MAX_MOVE_LENGTH:
                raise NotationError(f"a move has at most {MAX_MOVE_LENGTH} characters")
            move = state.parse_move(move)
        state.play(move)
        description = ""
        if self._listeners:  # a move is described from the position before it
            state.undo()
            description = state.describe_move(move)
            state.push(move)
        now = self.clock()
        spent = max(0.0, now - self._turn_started)
        if lag is not None and self._lag is not None and self.started(seat):
            spent = max(0.0, spent - self._lag[seat].credit(min(lag, spent)))
        spent = round(spent, 4)
        self._record(seat, str(move), spent)
        self.last_think = None if think is None else round(max(0.0, think), 4)
        self._turn_started = now
        self.takeback_offer = self.draw_offer = None
        self.declined = None
        if self.thinking == seat:
            self.thinking = None
        self._emit(MovePlayed(self.ply - 1, str(move), seat, spent, description, self.last_think))
        self._advance()

    def resign(self, seat: int) -> None:
        """`seat` gives up: the other seat wins."""
        self._check_running(seat)
        self._finish(Outcome(1 - seat, RESIGNATION))

    def forfeit(
        self,
        seat: int,
        reason: str,
        scores: tuple[tuple[int, ...], tuple[int, ...]] = ((), ()),
    ) -> None:
        """`seat` loses for a reason the rules do not know (a bot's rule violation, a
        timeout, leaving a game): the other seat wins with `reason` and `scores`."""
        self._check_running(seat)
        self._finish(Outcome(1 - seat, reason, scores))

    def tick(self) -> bool:
        """Notice a flag fall: True when the seat to move has run out of time (then the
        game is over, lost on time). Front ends call it now and then; every action does."""
        turn = self.turn
        if turn is None or self.clocks is None:
            return False
        left = self.remaining(turn)
        if left is None or left > 0:
            return False
        self._emit(ClockFlag(turn))
        self._finish(Outcome(1 - turn, TIME))
        return True

    def abort(self, seat: int) -> None:
        """`seat` aborts the game: allowed while the table waits and until both players
        have moved (as on lichess); the game ends without a result, nobody is rated."""
        self._check_seat(seat)
        self.tick()
        if self.status not in (Status.WAITING, Status.RUNNING):
            raise SeatError("GAME_OVER", f"the game is {self.status}")
        if not self.abortable():
            raise SeatError("NO_ABORT", "a game can be aborted only until both players moved")
        self.abandon(ABORTED_BY_PLAYER)

    def abandon(self, reason: str = "abandoned") -> None:
        """Leave the game without a result (a finished game stays as it is)."""
        if self.status in (Status.OVER, Status.ABANDONED):
            return
        self._freeze()
        self.status = Status.ABANDONED
        self.thinking = None
        self.takeback_offer = self.draw_offer = None
        self.record.meta["abandoned"] = reason
        self._emit(Abandoned(reason))

    # --- take-backs and draws ----------------------------------------------------------

    def offer_takeback(self, seat: int) -> None:
        """`seat` asks to take its last turn back; against the AI it is taken back at once."""
        self._check_running(seat)
        self._check_can_take_back(seat)
        if self.seats[1 - seat].kind is SeatKind.AI:
            self.take_back(seat)
            return
        self.takeback_offer = seat
        self.declined = None
        self._emit(TakebackOffered(seat))

    def accept_takeback(self, seat: int) -> None:
        """`seat` accepts the other seat's take-back offer."""
        self._check_running(seat)
        offer = self._offer_to(seat, self.takeback_offer, "take-back")
        self.take_back(offer)

    def decline_takeback(self, seat: int) -> None:
        self._check_running(seat)
        self._offer_to(seat, self.takeback_offer, "take-back")
        self.takeback_offer = None
        self.declined = ("takeback", 1 - seat)
        self._emit(TakebackDeclined(seat))

    def take_back(self, seat: int) -> None:
        """Take back every move since `seat`'s last move, that move included, so that
        `seat` is to move again (chance outcomes go with them and come back the same).

        No offer needed: for play against the AI and for two people at one screen.
        """
        self._check_running(seat)
        self._check_can_take_back(seat)
        plies = 0
        while True:
            mover = self._movers.pop()
            self.state.undo()
            self.record.moves.pop()
            self.record.seconds.pop()
            plies += 1
            if mover == seat:
                break
        self._turn_started = self.clock()
        self.takeback_offer = self.draw_offer = None
        self.declined = None
        self.thinking = self.last_think = None
        self._emit(TookBack(seat, plies, self.ply))

    def offer_draw(self, seat: int) -> None:
        """`seat` offers a draw (the AI takes none)."""
        self._check_running(seat)
        if self.seats[1 - seat].kind is SeatKind.AI:
            raise SeatError("AI_TAKES_NO_DRAW", "the AI does not answer draw offers")
        if self.draw_offer == 1 - seat:  # both offered: that is an agreement
            self.accept_draw(seat)
            return
        self.declined = None
        self.draw_offer = seat
        self._emit(DrawOffered(seat))

    def accept_draw(self, seat: int) -> None:
        self._check_running(seat)
        self._offer_to(seat, self.draw_offer, "draw")
        self._finish(Outcome(None, AGREED_DRAW))

    def decline_draw(self, seat: int) -> None:
        self._check_running(seat)
        self._offer_to(seat, self.draw_offer, "draw")
        self.draw_offer = None
        self.declined = ("draw", 1 - seat)
        self._emit(DrawDeclined(seat))

    # --- going back to a stored moment -------------------------------------------------

    def checkpoint(self) -> Checkpoint:
        """This moment of the table, to `rewind` to (cheap: the move texts, not states)."""
        return Checkpoint(
            tuple(self.record.moves),
            tuple(self.record.seconds),
            tuple(self._movers),
            tuple(self.seats),
            self.status,
            self.outcome,
            self.record.meta.get("abandoned"),
            self.takeback_offer,
            self.draw_offer,
        )

    def rewind(self, point: Checkpoint, reason: str) -> None:
        """Go back to `point` (a store that could not keep what happened since: the
        table must stay equal to its stored game). Moves since are undone, moves taken
        back since are played again, seats, status, result and offers are restored;
        listeners hear `Reverted`. The turn's clock starts again now."""
        record, state = self.record, self.state
        same = 0
        for mine, theirs in zip(record.moves, point.moves, strict=False):
            if mine != theirs:
                break
            same += 1
        for _ in range(len(record.moves) - same):
            state.undo()
        for text in point.moves[same:]:
            state.push(state.parse_move(text))
        record.moves[:] = point.moves
        record.seconds[:] = point.seconds
        self._movers[:] = point.movers
        self.seats[:] = point.seats
        self._sync_meta()
        self.status = point.status
        self.outcome = point.outcome
        record.finished = point.outcome is not None
        record.winner = None if point.outcome is None else point.outcome.winner
        record.reason = "" if point.outcome is None else point.outcome.reason
        record.scores = ((), ()) if point.outcome is None else point.outcome.scores
        if point.abandoned is None:
            record.meta.pop("abandoned", None)
        else:
            record.meta["abandoned"] = point.abandoned
        self.takeback_offer = point.takeback_offer
        self.draw_offer = point.draw_offer
        self._final = None
        if point.status in (Status.OVER, Status.ABANDONED):
            self._freeze(final_only=True)
        self.thinking = None
        self._turn_started = self.clock()
        self._emit(Reverted(self.ply, reason))

    # --- new tables from this one and from records -------------------------------------

    def rematch(self, seed: int | None = None) -> Table:
        """A new table for the same game and options with the seats swapped (each keeps
        its name and token) and a new seed (derived from this table's by default); it
        starts from a new `new_state(seed)` or from the same position text."""
        seed = seed if seed is not None else derive_seed(self.chance_seed, "rematch", self.ply)
        seats = (self.seats[1], self.seats[0])
        if self.record.seed is not None:
            return Table(self.game, seats, seed=seed, clocks=self.clocks, clock=self.clock)
        return Table(
            self.game,
            seats,
            position=self.record.start,
            chance_seed=seed,
            clocks=self.clocks,
            clock=self.clock,
        )

    @classmethod
    def from_record(
        cls,
        record: GameRecord,
        *,
        seats: Sequence[Seat] | None = None,
        chance_seed: int | None = None,
        clocks: ClockSettings | None = None,
        clock: Clock = time.monotonic,
    ) -> Table:
        """The table of a recorded game, rebuilt after a restart: every move replayed and
        checked, the clocks resumed from the recorded times, running again when both
        seats are taken (a finished or abandoned game stays so).

        `seats` default to the record's (`meta.seats`, persons named after `players`,
        free); the chance seed and clocks default to `meta.chance_seed`/`meta.clock`.
        A record that does not hold together raises `NotationError`.
        """
        game = record.load_game()
        meta = dict(record.meta)
        if chance_seed is None:
            chance_seed = chance_seed_from_meta(meta.get("chance_seed", record.seed))
        if seats is None:
            seats = seats_from_meta(meta.get("seats"), meta.get("kinds"), record.players)
            for seat in seats:  # outside text: a bad spec fails here, not at the AI's turn
                if seat.agent is not None:
                    try:
                        parse_spec(seat.agent, game)
                    except NotationError as exc:
                        raise NotationError(f"record field 'meta.seats': {exc}") from None
        if clocks is None and meta.get("clock") is not None:
            clocks = ClockSettings.from_json(meta["clock"])
        try:
            table = cls(
                game,
                seats,
                seed=record.seed,
                position=None if record.seed is not None else record.start,
                chance_seed=chance_seed,
                clocks=clocks,
                clock=clock,
            )
        except SeatError as exc:
            raise NotationError(f"record field 'meta.seats': {exc.detail}") from None
        seconds = record.seconds or [0.0] * len(record.moves)
        for index, (text, spent) in enumerate(zip(record.moves, seconds, strict=True)):
            mover = _mover(table.state)
            try:
                move = table.state.parse_move(text)
                table.state.play(move)
            except (NotationError, IllegalMoveError) as exc:
                raise NotationError(
                    f"the record, move {index + 1} ({quote(text, 30)}): {exc}"
                ) from None
            table._record(mover, str(move), spent)
        for key, value in meta.items():
            cast(dict[str, Any], table.record.meta).setdefault(key, value)
        if record.finished:
            table.status = Status.OVER
            result = table.state.outcome()
            if result is None:
                result = Outcome(record.winner, record.reason, record.scores)
            table._set_outcome(result)
            table._freeze(final_only=True)
        elif "abandoned" in meta:
            table.status = Status.ABANDONED
            table._freeze(final_only=True)
        elif all(seat.taken for seat in table.seats):
            table.start()
        return table

    # --- inside ------------------------------------------------------------------------

    def _record(self, mover: int, notation: str, seconds: float) -> None:
        self.last_think = None
        self._movers.append(mover)
        self.record.moves.append(notation)
        self.record.seconds.append(round(seconds, 4))

    def _advance(self) -> None:
        """Draw the chance outcomes now due, then end the game if the rules say so."""
        state = self.state
        while self.status is Status.RUNNING and state.is_chance():
            move = draw_chance(state, self.chance_seed, self.ply)
            description = state.describe_move(move) if self._listeners else ""
            state.push(move)
            self._record(NOBODY, str(move), 0.0)
            self._emit(ChanceDrawn(self.ply - 1, str(move), description))
        if self.status is Status.RUNNING and state.is_over():
            result = state.outcome()
            assert result is not None, "a finished game has an outcome"
            self._finish(result)

    def _freeze(self, *, final_only: bool = False) -> None:
        """Stop the clocks where they stand (the end of the game); a seat that lost on
        time shows 0. `final_only`: from the record alone (no turn under way)."""
        if self.clocks is None:
            return
        if final_only:
            self._final = None
            left = clock_times(self.clocks, self._movers, self.record.seconds, None)
        else:
            left = [self.remaining(0) or 0.0, self.remaining(1) or 0.0]
        outcome = self.outcome
        if outcome is not None and outcome.reason == TIME and outcome.winner is not None:
            left[1 - outcome.winner] = 0.0
        self._final = [round(max(0.0, value), 4) for value in left]

    def _finish(self, result: Outcome) -> None:
        self._freeze()
        self.status = Status.OVER
        self.thinking = None
        self.takeback_offer = self.draw_offer = None
        self._set_outcome(result)
        self._emit(GameOver(result.winner, result.reason, result.scores))

    def _set_outcome(self, result: Outcome) -> None:
        self.outcome = result
        record = self.record
        record.finished = True
        record.winner = result.winner
        record.reason = result.reason
        record.scores = result.scores
        if result.reason == TIME and self._final is not None and result.winner is not None:
            self._final[1 - result.winner] = 0.0  # the flag fell: that clock shows 0

    def _next_mover(self) -> int | None:
        to_move = self.state.to_move
        return to_move if to_move in (0, 1) else None

    def _sync_meta(self) -> None:
        self.record.players = (self.seats[0].name, self.seats[1].name)
        self.record.meta["seats"] = [
            {"kind": str(seat.kind), "name": seat.name, "agent": seat.agent} for seat in self.seats
        ]
        if self.clocks is not None:
            self.record.meta["clock"] = self.clocks.to_json()

    def _check_seat(self, seat: int) -> None:
        if seat not in (0, 1) or isinstance(seat, bool):
            raise SeatError("NO_SUCH_SEAT", f"there is no seat {seat!r} (seats are 0 and 1)")

    def _check_running(self, seat: int) -> None:
        self._check_seat(seat)
        self.tick()
        if self.status is Status.WAITING:
            raise SeatError("NOT_STARTED", "the game has not started: a seat is free")
        if self.status is not Status.RUNNING:
            raise SeatError("GAME_OVER", f"the game is {self.status}")

    def _check_turn(self, seat: int) -> None:
        self._check_running(seat)
        turn = self.turn
        if turn != seat:
            names = self.game.player_names
            raise SeatError(
                "NOT_YOUR_TURN",
                f"{names[seat]} (seat {seat}) is not to move: {_whose(turn, names)}",
            )

    def _check_can_take_back(self, seat: int) -> None:
        if seat not in self._movers:
            raise SeatError("NOTHING_TO_TAKE_BACK", f"seat {seat} has made no move to take back")

    def _offer_to(self, seat: int, offer: int | None, what: str) -> int:
        if offer is None:
            raise SeatError("NO_OFFER", f"there is no {what} offer to answer")
        if offer == seat:
            raise SeatError("OWN_OFFER", f"seat {seat} cannot answer its own {what} offer")
        return offer


def _mover(state: State[Any]) -> int:
    to_move = state.to_move
    return to_move if to_move in (0, 1) else NOBODY


def _whose(turn: int | None, names: tuple[str, str]) -> str:
    return "no one is" if turn is None else f"{names[turn]} (seat {turn}) is"
