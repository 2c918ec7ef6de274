"""The ladder: bots of accounts connected to the server play each other and the house
levels, continuously, and are rated after every game.

Rules (docs/bots.md, "The ladder"):
- Pairing, every `ladder_pair_seconds`, per game: first the return games whose two
  players both wait; then, longest waiting first, each bot meets the waiting bot of the
  nearest live rating (not the one it just played while another waits). A bot that has
  waited `ladder_house_seconds` alone plays a house level, the levels in turn.
- Games come in pairs: the second game of a pair has the seats swapped and the same
  seed (the same Hase und Igel board, the same chance draws), so neither player is
  favoured by the seat or the deal; a pair's return game is played the next time both
  wait, before any other pairing.
- Time control: the competition's, per move (`ladder_move_seconds`: a later move is not
  played and loses, SOFT_TIMEOUT; `ladder_hard_seconds`: no move loses, HARD_TIMEOUT).
  Every seat is strict: an illegal or unreadable move loses (RULE_VIOLATION), as does
  leaving a running game (LEFT); the result says why.
- Ratings: the live ratings of the store (`rate_game`, OpenSkill), per bot (`bot:#ID`)
  and per house level, after every finished game.
- A paused bot is refused at the door; pausing a waiting bot takes it out of the queue;
  a bot that disconnects leaves the queue (a game it plays it loses).

`Book` holds the pairing rules alone (no clock, no sockets: tested on its own);
`Ladder` runs them on the bot server's lobby (it is the lobby's `LadderDoor`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from spieltisch.ai.levels import EXTRA_LEVELS, level_spec, levels
from spieltisch.bots.identity import BotIdentity, BotRefused
from spieltisch.bots.ladder import LadderBot
from spieltisch.bots.rooms import JoinError, Lobby, Room
from spieltisch.core.metrics import LADDER_GAMES, LADDER_WAITING
from spieltisch.core.names import username_key
from spieltisch.core.rating import NEW_PLAYER
from spieltisch.core.registry import load
from spieltisch.core.settings import Settings
from spieltisch.store import Store
from spieltisch.store.bots import BOT_KIND
from spieltisch.tables import Seat, Status

__all__ = ["HOUSE", "HOUSE_LEVELS", "Book", "Candidate", "Ladder", "Pairing"]

log = logging.getLogger(__name__)

#: The key prefix of a house level in the book (`house:easy`).
HOUSE = "house:"
#: The house levels the ladder plays, weakest first (those a game offers); the strongest
#: level is left out: it takes every core for seconds per move.
HOUSE_LEVELS = ("random", "easy", "medium", "hard")
#: What meeting the opponent of one's last game again costs in the pairing (rating
#: points): more than any rating gap, so it happens only when nobody else waits.
AGAIN = 1000.0
#: Finished ladder games kept per game for the bots page.
RECENT = 20
#: Return games a book remembers at most (the oldest are forgotten: their bots are
#: long gone), so a server that runs for months keeps a bounded book.
OWED = 10_000


@dataclass(frozen=True)
class Candidate:
    """A bot waiting for a game: its key, live rating (ordinal) and since when."""

    key: str
    rating: float
    since: float


@dataclass(frozen=True)
class Pairing:
    """One game to play: the players' keys in seat order, the seed, and whether it is
    the first game of its pair (1) or the return game with the seats swapped (2)."""

    seats: tuple[str, str]
    seed: int
    leg: int


@dataclass
class Book:
    """The pairing rules of one game's ladder (see the module)."""

    rng: random.Random = field(default_factory=random.Random)
    #: The return game each unordered pair still owes.
    returns: dict[frozenset[str], Pairing] = field(default_factory=dict)
    #: Each player's last opponent.
    last: dict[str, str] = field(default_factory=dict)
    #: Which house level each bot meets next.
    house_turn: dict[str, int] = field(default_factory=dict)

    def pair(
        self, waiting: list[Candidate], now: float, house_after: float, house: list[str]
    ) -> list[Pairing]:
        """The games to start now among `waiting` (see the module)."""
        pool = sorted(waiting, key=lambda c: (c.since, c.key))
        keys = {c.key for c in pool}
        taken: set[str] = set()
        games: list[Pairing] = []
        for pair, owed in list(self.returns.items()):
            if pair <= keys and not pair & taken:
                games.append(self._played(owed))
                taken |= pair
        for candidate in pool:
            if candidate.key in taken:
                continue
            rest = [c for c in pool if c.key not in taken and c.key != candidate.key]
            if rest:
                other = min(rest, key=lambda c: (self._distance(candidate, c), c.since, c.key))
                games.append(self._first(candidate.key, other.key))
                taken |= {candidate.key, other.key}
            elif house and now - candidate.since >= house_after:
                games.append(self._house(candidate.key, house))
                taken.add(candidate.key)
        return games

    def _distance(self, one: Candidate, other: Candidate) -> float:
        again = AGAIN if self.last.get(one.key) == other.key else 0.0
        return abs(one.rating - other.rating) + again

    def _house(self, key: str, house: list[str]) -> Pairing:
        """The bot's owed return game against a house level, else the next level."""
        for pair, owed in self.returns.items():
            if key in pair and any(k.startswith(HOUSE) and k[len(HOUSE) :] in house for k in pair):
                return self._played(owed)
        turn = self.house_turn.get(key, 0)
        self.house_turn[key] = turn + 1
        return self._first(key, HOUSE + house[turn % len(house)])

    def _first(self, one: str, other: str) -> Pairing:
        seed = self.rng.randrange(1 << 31)
        seats = (one, other) if self.rng.random() < 0.5 else (other, one)
        self.returns[frozenset(seats)] = Pairing((seats[1], seats[0]), seed, 2)
        while len(self.returns) > OWED:
            del self.returns[next(iter(self.returns))]
        return self._played(Pairing(seats, seed, 1))

    def _played(self, pairing: Pairing) -> Pairing:
        one, other = pairing.seats
        if pairing.leg == 2:
            self.returns.pop(frozenset(pairing.seats), None)
        self.last[one], self.last[other] = other, one
        return pairing


@dataclass
class Entry:
    """A bot on the ladder: its connection, who it is, and where it stands."""

    bot: LadderBot
    identity: BotIdentity
    rating: float
    since: float
    games: int | None
    played: int = 0
    room: Room | None = None
    #: Leave after the game in progress (paused, a new token).
    leaving: tuple[str, str] | None = None


@dataclass
class LadderGame:
    """A game the ladder started: its game, pairing and players' names and keys."""

    game: str
    pairing: Pairing | None
    names: tuple[str, str]
    keys: tuple[str, str]
    started: float


class Ladder:
    """The ladder on `lobby` (see the module); `start()` inside the running loop."""

    def __init__(
        self,
        lobby: Lobby,
        store: Store,
        settings: Settings | None = None,
        *,
        rng: random.Random | None = None,
    ) -> None:
        self.lobby = lobby
        self.store = store
        self.settings = settings if settings is not None else Settings()
        self.rng = rng if rng is not None else random.Random(secrets.randbits(64))
        self.entries: dict[str, Entry] = {}
        self.books: dict[str, Book] = {}
        self.games: dict[str, LadderGame] = {}
        self.recent: dict[str, deque[dict[str, Any]]] = {}
        self._task: asyncio.Task[None] | None = None
        lobby.ladder = self
        lobby.on_closed.append(self._closed)

    # --- running -------------------------------------------------------------------------

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.settings.ladder_pair_seconds)
            try:
                self.pair_now()
            except Exception:  # one bad round must not stop the ladder
                log.exception("the ladder could not pair")

    def house(self, game: str) -> list[str]:
        """The house levels the ladder plays in `game`."""
        offered = {*EXTRA_LEVELS, *levels(load(game))}
        return [level for level in HOUSE_LEVELS if level in offered]

    def pair_now(self, now: float | None = None) -> int:
        """One pairing round over every game; how many games were started."""
        now = time.monotonic() if now is None else now
        waiting: dict[str, list[Candidate]] = {}
        for key, entry in self.entries.items():
            if entry.room is None and entry.leaving is None:
                waiting.setdefault(entry.identity.game, []).append(
                    Candidate(key, entry.rating, entry.since)
                )
        for game in self.books.keys() | waiting.keys():
            LADDER_WAITING.labels(game).set(len(waiting.get(game, ())))
        started = 0
        for game, candidates in waiting.items():
            book = self.books.setdefault(game, Book(random.Random(self.rng.getrandbits(64))))
            house = self.house(game)
            after = self.settings.ladder_house_seconds
            for pairing in book.pair(candidates, now, after, house):
                if self._start(game, pairing):
                    started += 1
        return started

    # --- the door (`bots.ladder.LadderDoor`) ---------------------------------------------

    def rating(self, identity: BotIdentity) -> float:
        found = self.store.kind_rating(identity.game, identity.key)
        return (found or NEW_PLAYER).ordinal

    def enter(
        self, bot: LadderBot, identity: BotIdentity, rating: float, games: int | None
    ) -> None:
        if bot.xml and load(identity.game).competition() is None:
            raise BotRefused(
                "NO_XML", f"{identity.name} plays {identity.game}, which has no competition XML"
            )
        old = self.entries.get(identity.key)
        if old is not None:
            if old.room is not None:
                raise BotRefused(
                    "CONNECTED", f"the bot {identity.name} plays a game on another connection"
                )
            del self.entries[identity.key]
            old.bot.queued = False
            old.bot.turned_away("REPLACED", "a new connection of this bot took its place")
        self.entries[identity.key] = Entry(bot, identity, rating, time.monotonic(), games)
        bot.queued = True
        bot.waiting(identity)

    def leave(self, bot: LadderBot) -> None:
        for key, entry in list(self.entries.items()):
            if entry.bot is bot:
                del self.entries[key]
        bot.queued = False

    def turn_away(self, bot_id: int, code: str, message: str) -> None:
        """The bot `bot_id` may no longer play (paused, a new token): out of the queue
        now, or after the game it plays."""
        entry = self.entries.get(f"{BOT_KIND}{bot_id}")
        if entry is None:
            return
        if entry.room is not None:
            entry.leaving = (code, message)
            return
        del self.entries[entry.identity.key]
        entry.bot.queued = False
        entry.bot.turned_away(code, message)

    # --- games ---------------------------------------------------------------------------

    def _start(self, game_name: str, pairing: Pairing) -> bool:
        game = load(game_name)
        seats: list[Seat] = []
        names: list[str] = []
        for key in pairing.seats:
            if key.startswith(HOUSE):
                level = key[len(HOUSE) :]
                # the server's AI service plays its levels by name; without one, a spec
                served = self.lobby.ai is not None or level in EXTRA_LEVELS
                agent = level if served else level_spec(game, level)
                name = f"House {level}"
                seats.append(Seat.ai(agent, name))
                names.append(name)
            else:
                seats.append(Seat.bot(""))
                names.append(self.entries[key].identity.name)
        try:
            room = self.lobby.seated_room(
                game,
                seats,
                seed=pairing.seed,
                soft=self.settings.ladder_move_seconds,
                hard=self.settings.ladder_hard_seconds,
                purpose="ladder",
            )
        except JoinError as exc:
            log.warning("a ladder game could not start: %s", exc)
            return False
        self.games[room.id] = LadderGame(
            game_name,
            pairing,
            (names[0], names[1]),
            pairing.seats,
            time.time(),
        )
        placed: list[tuple[Entry, int]] = []
        for seat, key in enumerate(pairing.seats):
            entry = self.entries.get(key)
            if entry is None:
                continue
            room.sit(entry.bot, seat, entry.identity.name, True, token=entry.identity.key)
            entry.room = room
            placed.append((entry, seat))
        for entry, seat in placed:
            entry.bot.placed(room, seat)
        return True

    def challenge(
        self, bot_name: str, person: str, person_name: str, seat: int | None = None
    ) -> str:
        """A person (identity key `person`, shown as `person_name`) challenges the
        waiting bot `bot_name` (`seat`: the person's, else drawn): the room's id (a table
        of the web app, where the person plays). `JoinError` when the bot is not waiting."""
        wanted = username_key(bot_name)
        entry = next(
            (
                e
                for e in self.entries.values()
                if username_key(e.identity.name) == wanted and e.room is None and not e.leaving
            ),
            None,
        )
        if entry is None:
            raise JoinError(f"the bot {bot_name[:40]!r} is not waiting on the ladder")
        if person == entry.identity.key:
            raise JoinError("a bot cannot challenge itself")
        mine = seat if seat in (0, 1) else self.rng.randrange(2)
        bot_seat = 1 - mine
        seats = [Seat.bot(""), Seat.bot("")]
        seats[mine] = Seat.person(person_name, person)
        room = self.lobby.seated_room(
            load(entry.identity.game),
            seats,
            seed=self.rng.randrange(1 << 31),
            soft=self.settings.ladder_move_seconds,
            hard=self.settings.ladder_hard_seconds,
            purpose="challenge",
        )
        names = [person_name, person_name]
        names[bot_seat] = entry.identity.name
        keys = [person, person]
        keys[bot_seat] = entry.identity.key
        self.games[room.id] = LadderGame(
            entry.identity.game, None, (names[0], names[1]), (keys[0], keys[1]), time.time()
        )
        room.sit(entry.bot, bot_seat, entry.identity.name, True, token=entry.identity.key)
        entry.room = room
        entry.bot.placed(room, bot_seat)
        return room.id

    def _closed(self, room: Room) -> None:
        """A room is over: keep its result for the page, and send each of its bots back
        to the queue (or away)."""
        played = self.games.pop(room.id, None)
        if played is None:
            return
        self._remember(room, played)
        for key, entry in list(self.entries.items()):
            if entry.room is not room:
                continue
            entry.room = None
            entry.played += 1
            if entry.leaving is not None:
                del self.entries[key]
                entry.bot.queued = False
                entry.bot.turned_away(*entry.leaving)
            elif entry.games is not None and entry.played >= entry.games:
                del self.entries[key]
                entry.bot.done(entry.played)
            else:
                entry.since = time.monotonic()
                entry.bot.waiting(entry.identity)

    def _remember(self, room: Room, played: LadderGame) -> None:
        table = room.table
        outcome = table.outcome
        forfeit = room.forfeit
        entry = {
            "id": room.id,
            "game": played.game,
            "players": list(played.names),
            "status": str(table.status.value),
            "winner": None if outcome is None else outcome.winner,
            "reason": None if outcome is None else outcome.reason,
            "forfeit": None
            if forfeit is None
            else {"seat": forfeit.seat, "cause": forfeit.cause, "message": forfeit.reason},
            "plies": table.ply,
            "challenge": played.pairing is None,
            "leg": None if played.pairing is None else played.pairing.leg,
            "seed": None if played.pairing is None else played.pairing.seed,
            "ended": time.time(),
        }
        self.recent.setdefault(played.game, deque(maxlen=RECENT)).appendleft(entry)
        end = (forfeit.cause if forfeit else entry["reason"]) or "abandoned"
        LADDER_GAMES.labels(played.game, str(end)[:40]).inc()

    # --- the page ------------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """What the bots page shows live: per game the waiting bots, the games in
        progress and the latest results (the leaderboard comes from the store)."""
        now = time.monotonic()
        games: dict[str, dict[str, Any]] = {}

        def of(game: str) -> dict[str, Any]:
            return games.setdefault(game, {"waiting": [], "playing": [], "recent": []})

        for entry in self.entries.values():
            if entry.room is None and entry.leaving is None:
                of(entry.identity.game)["waiting"].append(
                    {
                        "name": entry.identity.name,
                        "owner": entry.identity.owner,
                        "seconds": round(now - entry.since, 1),
                        "rating": round(entry.rating, 2),
                    }
                )
        for room_id, played in self.games.items():
            room = self.lobby.rooms.get(room_id)
            running = room is not None and room.table.status is Status.RUNNING
            of(played.game)["playing"].append(
                {
                    "id": room_id,
                    "players": list(played.names),
                    "bots": [k.startswith(BOT_KIND) for k in played.keys],
                    "ply": room.table.ply if room is not None else 0,
                    "running": running,
                    "challenge": played.pairing is None,
                    "leg": None if played.pairing is None else played.pairing.leg,
                }
            )
        for game, recent in self.recent.items():
            of(game)["recent"] = list(recent)
        return games

    def status(self, bot_id: int) -> str:
        """`waiting`, `playing` or `offline` for the bot `bot_id`."""
        entry = self.entries.get(f"{BOT_KIND}{bot_id}")
        if entry is None:
            return "offline"
        return "playing" if entry.room is not None else "waiting"
