"""One connection speaking the JSON bot protocol (docs/bots.md), over TCP (one JSON
object per line) or a WebSocket (one object per message).

A bot joins a game, a table or a reservation, then receives the table's view (the view
the web app draws, with the legal moves in notation) after every change, a
`move_request` when it is to move, and `over` at the end; it sends moves in the game's
notation. Every problem is answered with an `error` message naming it; a refused move
changes nothing and may be sent again. The connection stays open after a game.

A bot of an account joins the ladder with `{"type": "join", "token": TOKEN}` (and
`"games": N` to leave after N games): it gets `queued`, then a game as the ladder pairs
it, and is queued again after each game. On the ladder a refused move loses the game as
in the competition (the rule is the same for every bot there).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from spieltisch.bots.admin import check_admin
from spieltisch.bots.identity import BotIdentity
from spieltisch.bots.ladder import admit
from spieltisch.bots.rooms import JoinError, Lobby, Room
from spieltisch.core.errors import SpieltischError, quote
from spieltisch.core.names import BadName, clean_name
from spieltisch.core.registry import game_names
from spieltisch.tables import Status

__all__ = ["PROTOCOL", "JsonSession"]

#: The protocol's name and version, in the `welcome` message.
PROTOCOL = "spieltisch-bots/1"
_TYPES = ("join", "move", "watch", "leave", "prepare", "stats", "ping")


def _plain_check(password: str | None, given: object) -> str | None:
    """The admin check of a session without a transport's (constant time, no limit)."""
    return check_admin(password, given, None, "")


class JsonSession:
    """A bot or watcher over the JSON protocol (see the module)."""

    def __init__(
        self,
        lobby: Lobby,
        send: Callable[[str], None],
        close: Callable[[], None],
        *,
        check_admin: Callable[[str | None, object], str | None] | None = None,
    ) -> None:
        """`check_admin(password, given)`: None when `given` is the lobby's admin
        password, else why not (the transport's check, which limits guessing per
        address); without it, a plain comparison."""
        self.lobby = lobby
        self._send = send
        self._close = close
        self._check_admin = check_admin or _plain_check
        #: Messages received so far (the server's deadlines count them).
        self.messages = 0
        self.name = ""
        self.room: Room | None = None
        self.seat: int | None = None
        self.watching: list[Room] = []
        #: The ladder holds this bot (waiting or playing); messages held while its token
        #: is checked (None: none is).
        self.queued = False
        self.xml = False
        self._held: list[str] | None = None
        self._door: asyncio.Task[None] | None = None

    def send(self, message: dict[str, Any]) -> None:
        text = json.dumps(message, separators=(",", ":"), ensure_ascii=False)
        if not text.isascii():
            try:
                text.encode("utf-8")
            except UnicodeEncodeError:  # a lone surrogate quoted back: escaped, still JSON
                text = json.dumps(message, separators=(",", ":"))
        self._send(text)

    def error(self, message: str, rule: str = "ERROR") -> None:
        self.send({"type": "error", "rule": rule, "message": message[:1000]})

    def welcome(self) -> None:
        self.send({"type": "welcome", "protocol": PROTOCOL, "games": game_names()})

    # --- input ---------------------------------------------------------------------------

    def handle(self, text: str) -> None:
        """One message from the client."""
        self.messages += 1
        if self._held is not None:  # the door is checking a token: after it
            self._held.append(text)
            return
        try:
            message = json.loads(text)
        except (ValueError, RecursionError) as exc:
            self.error(f"not JSON: {exc}"[:200], "BAD_JSON")
            return
        if not isinstance(message, dict):
            self.error("a message is a JSON object with a 'type'", "BAD_MESSAGE")
            return
        kind = message.get("type")
        if kind not in _TYPES:
            shown = quote(str(kind), 40)
            self.error(f"unknown type {shown} (types: {', '.join(_TYPES)})", "BAD_MESSAGE")
            return
        try:
            getattr(self, "_on_" + str(kind))(message)
        except JoinError as exc:
            self.error(str(exc), "JOIN")
        except BadName as exc:
            self.error(str(exc), "BAD_NAME")
        except SpieltischError as exc:
            self.error(str(exc), getattr(exc, "rule", "ERROR"))

    def _text(self, message: dict[str, Any], key: str, default: str = "") -> str:
        value = message.get(key, default)
        if value is None:
            return default
        if not isinstance(value, str | int) or isinstance(value, bool):
            raise JoinError(f"'{key}' is a string")
        return str(value)[:200]

    def _name(self, given: object, field: str) -> str:
        """A name from the client: empty when absent, else a clean name (`BadName`)."""
        if given is None or (isinstance(given, str) and not given.strip()):
            return ""
        return clean_name(given, field=field)

    def _on_ping(self, message: dict[str, Any]) -> None:
        self.send({"type": "pong"})

    def _on_join(self, message: dict[str, Any]) -> None:
        if self.room is not None:
            self.error("you play in a table already (send leave first)", "JOIN")
            return
        if self.queued:
            self.error("you are on the ladder already (send leave first)", "JOIN")
            return
        if "token" in message:
            self._ladder(message)
            return
        self.name = self._name(message.get("name"), "name") or self.name
        if "reservation" in message:
            found = self.lobby.join_prepared(
                self, self._text(message, "reservation"), name=self.name, strict=False
            )
        elif "table" in message:
            found = self.lobby.join_room(
                self, self._text(message, "table"), name=self.name, strict=False
            )
        else:
            game = self._text(message, "game") or None
            options = self._text(message, "options")
            found = self.lobby.join(self, game, name=self.name, options=options, strict=False)
        room, seat = found
        self.room, self.seat = room, seat
        self.send(
            {
                "type": "joined",
                "table": room.id,
                "seat": seat,
                "game": room.game.name,
                "player": room.game.player_names[seat],
            }
        )
        room.schedule()

    def _ladder(self, message: dict[str, Any]) -> None:
        ladder = self.lobby.ladder
        if ladder is None:
            raise JoinError("this server has no ladder: bot tokens are not taken here")
        games = message.get("games")
        if games is not None and not (
            isinstance(games, int) and not isinstance(games, bool) and 1 <= games <= 1_000_000
        ):
            raise JoinError("'games' is a whole number 1..1000000 (or absent: no end)")
        self._held = []
        self._door = admit(ladder, self, message.get("token"), games)

    def _on_watch(self, message: dict[str, Any]) -> None:
        room = self.lobby.rooms.get(self._text(message, "table"))
        if room is None:
            raise JoinError(f"no table {quote(self._text(message, 'table'), 40)}")
        self.watching.append(room)
        self.send({"type": "watching", "table": room.id, "game": room.game.name})
        room.observe(self)

    def _on_leave(self, message: dict[str, Any]) -> None:
        self.closed()
        self.send({"type": "left"})

    # --- the ladder (`bots.ladder.LadderBot`) ----------------------------------------------

    def placed(self, room: Room, seat: int) -> None:
        self.room, self.seat = room, seat
        self.send(
            {
                "type": "joined",
                "table": room.id,
                "seat": seat,
                "game": room.game.name,
                "player": room.game.player_names[seat],
                "ladder": True,
            }
        )
        room.schedule()

    def waiting(self, bot: BotIdentity) -> None:
        self.name = bot.name
        self.send({"type": "queued", "bot": bot.name, "game": bot.game})

    def turned_away(self, code: str, message: str) -> None:
        self._held = None
        self.queued = False
        self.error(message, code)
        self._close()

    def done(self, games: int) -> None:
        self.queued = False
        self.send({"type": "ladder_done", "games": games})

    def resume(self) -> None:
        held, self._held = self._held or [], None
        self._door = None
        for text in held:
            self.handle(text)

    def _on_move(self, message: dict[str, Any]) -> None:
        room = self.room
        if room is None:
            self.error("join a game first", "NOT_IN_GAME")
            return
        move = message.get("move")
        if not isinstance(move, str):
            self.error("'move' is the move in the game's notation (a string)", "BAD_MESSAGE")
            return
        problem = room.move(self, move)
        if problem is not None:
            self.error(problem, "ILLEGAL_MOVE")

    def _on_prepare(self, message: dict[str, Any]) -> None:
        problem = self._check_admin(self.lobby.password, message.get("password"))
        if problem is not None:
            self.error(f"{problem}: prepare is for administrators", "NOT_ALLOWED")
            return
        names = message.get("names") or ["", ""]
        if not (isinstance(names, list) and len(names) == 2):
            raise JoinError("'names' is a list of two names")
        names = [self._name(names[0], "names[0]"), self._name(names[1], "names[1]")]
        timeouts = bool(message.get("timeouts", False))
        seed = message.get("seed")
        if seed is not None and not (
            isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 1 << 31
        ):
            raise JoinError("'seed' is a whole number 0..2147483647")
        room, codes = self.lobby.prepare(
            self._text(message, "game"),
            (names[0], names[1]),
            can_timeout=(timeouts, timeouts),
            options=self._text(message, "options"),
            seed=seed,
        )
        self.send({"type": "prepared", "table": room.id, "reservations": codes})

    def _on_stats(self, message: dict[str, Any]) -> None:
        problem = self._check_admin(self.lobby.password, message.get("password"))
        if problem is not None:
            self.error(f"{problem}: stats are for administrators", "NOT_ALLOWED")
            return
        lobby = self.lobby
        self.send(
            {
                "type": "stats",
                "rooms": len(lobby.rooms),
                "finished": lobby.finished,
                "abandoned": lobby.abandoned,
                "move_seconds": lobby.move_seconds,
            }
        )

    def closed(self) -> None:
        """The connection is gone (or the bot left): leave the ladder, the table and the
        watching."""
        if self._door is not None:
            self._door.cancel()
            self._door = None
            self._held = None
        ladder = self.lobby.ladder
        if self.queued and ladder is not None:
            ladder.leave(self)
        if self.room is not None:
            room, self.room = self.room, None
            room.leave(self)
        for watched in self.watching:
            watched.leave(self)
        self.watching = []

    # --- output (the room's calls) -------------------------------------------------------

    def _view(self, room: Room) -> dict[str, Any]:
        seat = self.seat if room is self.room else None
        return {"type": "view", "table": room.id, "seat": seat, "view": room.table.view(seat)}

    def started(self, room: Room, seat: int) -> None:
        self.send({"type": "started", "table": room.id, "seat": seat, "players": room.names()})

    def update(self, room: Room) -> None:
        self.send(self._view(room))

    def request_move(self, room: Room, seat: int) -> None:
        legal = [str(move) for move in room.table.state.legal_moves()]
        self.send({"type": "move_request", "table": room.id, "ply": room.table.ply, "legal": legal})

    def refused(self, room: Room, seat: int, message: str, move: Any) -> None:
        if room is not self.room:
            self.send({"type": "refused", "table": room.id, "seat": seat, "message": message})

    def finished(self, room: Room) -> None:
        outcome = room.table.outcome
        forfeit = room.forfeit
        self.send(
            {
                "type": "over",
                "table": room.id,
                "status": str(room.table.status),
                "winner": None if outcome is None else outcome.winner,
                "reason": None if outcome is None else outcome.reason,
                "scores": None if outcome is None else [list(s) for s in outcome.scores],
                "forfeit": None
                if forfeit is None
                else {"seat": forfeit.seat, "cause": forfeit.cause, "reason": forfeit.reason},
                "abandoned": room.table.record.meta.get("abandoned")
                if room.table.status is Status.ABANDONED
                else None,
            }
        )
        if room is self.room:
            self.room = None
        elif room in self.watching:
            self.watching.remove(room)
