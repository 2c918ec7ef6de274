"""Bot tokens: made, shown once, checked here and nowhere else.

A token is `stb_<bot id>_<43 characters of randomness>` (256 bits, URL-safe): the prefix
lets a secret scanner recognise a leaked one, the bot id lets the store find the bot by
its key. The store keeps only the token's SHA-256; a token is checked by hashing what was
given and comparing the two hashes with `hmac.compare_digest`, and a token that names no
bot (or has not the form of one) is compared with a dummy hash all the same: how long a
check takes never depends on how much of a secret was right, and the answer never says
which part was wrong.

Every door a bot comes through asks `authenticate` (XML `joinPrepared`, the JSON `join`
over TCP and WebSocket); the web's `server.identity` turns the answer into the bot's
`Identity`.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

from spieltisch.core.errors import SpieltischError
from spieltisch.store import NotFoundError, Store
from spieltisch.store.bots import StoredBot, bot_kind

__all__ = [
    "TOKEN_PREFIX",
    "BotIdentity",
    "BotRefused",
    "authenticate",
    "is_token",
    "new_token",
    "token_hash",
]

#: What every bot token starts with (a reservation code never does).
TOKEN_PREFIX = "stb_"
_SECRET_LENGTH = 43  # token_urlsafe(32)
_LONGEST = len(TOKEN_PREFIX) + 10 + 1 + _SECRET_LENGTH
#: Compared with when the given token names no bot, so that every check costs the same.
_DUMMY = hashlib.sha256(b"no such bot").hexdigest()


class BotRefused(SpieltischError):
    """A bot the door refuses: `code` says why for the client (`BAD_TOKEN`: wrong,
    unknown or malformed, never which; `PAUSED`: its owner paused it)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class BotIdentity:
    """A bot proven by its token: its id, name, game, owner, and its identity key."""

    id: int
    name: str
    game: str
    account_id: int
    owner: str

    @property
    def key(self) -> str:
        """What its seats belong to and are stored as (`bot:#ID`)."""
        return bot_kind(self.id)


def token_hash(token: str) -> str:
    """What the store keeps of a token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_token(bot_id: int) -> str:
    """A fresh token for bot `bot_id` (shown to its owner once)."""
    return f"{TOKEN_PREFIX}{bot_id}_{secrets.token_urlsafe(32)}"


def is_token(text: object) -> bool:
    """Whether `text` has the form of a bot token (a reservation code is never one)."""
    return isinstance(text, str) and text.startswith(TOKEN_PREFIX)


def _bot_id(token: str) -> int | None:
    """The bot id a well-formed token names, else None."""
    if len(token) > _LONGEST or not token.isascii():
        return None
    body = token[len(TOKEN_PREFIX) :]
    number, sep, secret = body.partition("_")
    if not sep or len(secret) != _SECRET_LENGTH or not number.isdigit() or len(number) > 10:
        return None
    value = int(number)
    return value if 1 <= value <= 2**31 - 1 else None


def check(stored: str | None, given: str) -> bool:
    """Whether `given` is the token whose hash is `stored` (None: no such bot; a dummy
    is compared instead), in time independent of where the two differ."""
    expected = stored if stored is not None else _DUMMY
    matches = hmac.compare_digest(expected.encode("ascii"), token_hash(given).encode("ascii"))
    return matches and stored is not None


def authenticate(store: Store, token: object) -> BotIdentity:
    """The bot `token` proves, or `BotRefused` (a wrong, unknown or malformed token:
    `BAD_TOKEN`; a paused bot: `PAUSED`). Reads the store: call it off the event loop."""
    given = token if isinstance(token, str) else ""
    given = given[: _LONGEST + 1]
    bot_id = _bot_id(given)
    found: StoredBot | None = None
    if bot_id is not None:
        try:
            found = store.bot(bot_id)
        except NotFoundError:
            found = None
    if not check(found.token_hash if found is not None else None, given) or found is None:
        raise BotRefused("BAD_TOKEN", "this bot token is not valid")
    if found.paused:
        raise BotRefused("PAUSED", f"the bot {found.name} is paused by its owner")
    return BotIdentity(found.id, found.name, found.game, found.account_id, found.owner)
