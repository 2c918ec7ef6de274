"""The bot server and its clients: the competition's XML protocol and the JSON protocol
over one TCP port (and JSON over the web app's WebSocket), rooms on tables kept in the
store and the project's AI as a network bot (docs/bots.md). The duel runner is
`spieltisch.arena.duel`; the WebSocket endpoint of the web app is `spieltisch.server.bot_socket`."""

from spieltisch.bots.rooms import HARD_TIMEOUT, SOFT_TIMEOUT, JoinError, Lobby, Room, StoreHost
from spieltisch.bots.server import DEFAULT_PORT, BotServer, make_lobby

__all__ = [
    "DEFAULT_PORT",
    "HARD_TIMEOUT",
    "SOFT_TIMEOUT",
    "BotServer",
    "JoinError",
    "Lobby",
    "Room",
    "StoreHost",
    "make_lobby",
]
