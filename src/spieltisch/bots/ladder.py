"""The bot server's side of the ladder: the door a bot with a token comes through.

A connection that shows a bot token (XML: `<joinPrepared reservationCode="TOKEN"/>`;
JSON over TCP or WebSocket: `{"type": "join", "token": TOKEN}`) is checked by
`bots.identity.authenticate` in a store thread (never on the event loop); meanwhile what
else it sends waits. A bot that passes enters the ladder (`LadderDoor.enter`), which
pairs it and seats it in a room (`LadderBot.placed`); one that does not is turned away
with the reason (`LadderBot.turned_away`). The ladder itself (pairing, house levels,
results) is `spieltisch.arena.ladder`, which implements `LadderDoor`.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Protocol

from spieltisch.bots.identity import BotIdentity, BotRefused, authenticate
from spieltisch.bots.rooms import Participant, Room
from spieltisch.store import Store, StoreError
from spieltisch.tables.recorder import store_call

__all__ = ["LadderBot", "LadderDoor", "admit"]

log = logging.getLogger(__name__)


class LadderBot(Participant, Protocol):
    """A connection of a bot on the ladder (a `Participant` that can also be queued)."""

    #: The ladder holds it (waiting for a game or playing one).
    queued: bool
    #: It speaks the competition's XML (its game needs a competition codec).
    xml: bool

    def placed(self, room: Room, seat: int) -> None:
        """The ladder seated you at `seat` of `room` (the game starts at once)."""

    def waiting(self, bot: BotIdentity) -> None:
        """You wait on the ladder for your next game."""

    def turned_away(self, code: str, message: str) -> None:
        """The ladder will not have you (a wrong token, a paused bot, …): say why, close."""

    def done(self, games: int) -> None:
        """You played the games you asked for; the ladder lets you go."""

    def resume(self) -> None:
        """The door has answered: handle what was sent meanwhile."""


class LadderDoor(Protocol):
    """What the bot server asks of the ladder."""

    store: Store

    def enter(
        self, bot: LadderBot, identity: BotIdentity, rating: float, games: int | None
    ) -> None:
        """`bot` (proven as `identity`, live rating `rating`) waits for a game; `games`:
        leave the ladder after that many (None: until it disconnects)."""

    def leave(self, bot: LadderBot) -> None:
        """`bot` went away (or left): out of the queue; a game it plays it loses."""

    def rating(self, identity: BotIdentity) -> float:
        """The bot's live rating in its game (read in a store thread)."""


def admit(
    door: LadderDoor, bot: LadderBot, token: Any, games: int | None = None
) -> asyncio.Task[None]:
    """Check `token` off the event loop, then let `bot` in or turn it away (see the
    module); what the bot sends meanwhile is handled after (`LadderBot.resume`)."""

    async def run() -> None:
        try:
            identity = await store_call("bot_token", authenticate, door.store, token)
            rating = await store_call("bot_rating", door.rating, identity)
        except BotRefused as exc:
            bot.turned_away(exc.code, str(exc))
            return
        except StoreError as exc:
            bot.turned_away("STORE_UNAVAILABLE", f"the store cannot answer: {exc}")
            return
        except Exception:
            log.exception("a bot token could not be checked")
            bot.turned_away("ERROR", "the token could not be checked")
            return
        try:
            door.enter(bot, identity, rating, games)
        except BotRefused as exc:
            bot.turned_away(exc.code, str(exc))
            return
        bot.resume()

    return asyncio.get_running_loop().create_task(run())
