"""Names and other short text from people and bots, checked once at the edge.

Every front end (the web API, the table WebSocket, the bot protocols, the CLI) passes a
name or a piece of user text through these helpers before anything keeps it, so that a
lone surrogate, a control character, a right-to-left override or a 5 MB name never
reaches a table, the store or another player's screen.

- `clean_name`: a display name (seat names, bot names, guest names).
- `clean_username`: an account name: a display name limited to letters, digits, `_`, `-`
  and `.`, 3 to 20 characters, not a reserved word; `username_key` is its case-insensitive
  identity (two accounts never differ only by case).
- `clean_text`: other short text (chat lines, messages): like a name, but newlines and
  tabs may stand inside.
"""

from __future__ import annotations

import unicodedata

from spieltisch.core.errors import SpieltischError

__all__ = [
    "NAME_LONGEST",
    "RESERVED_USERNAMES",
    "TEXT_LONGEST",
    "USERNAME_LONGEST",
    "USERNAME_SHORTEST",
    "BadName",
    "clean_name",
    "clean_text",
    "clean_username",
    "username_key",
]

#: The most characters of a display name (after normalisation).
NAME_LONGEST = 40
#: The fewest and most characters of an account name.
USERNAME_SHORTEST = 3
USERNAME_LONGEST = 20
#: The most characters of other user text (a chat line).
TEXT_LONGEST = 500

#: Account names nobody may take (compared by `username_key`): they would impersonate
#: the house, the AI or the system in a lobby, a chat or a leaderboard.
RESERVED_USERNAMES = frozenset(
    {
        "admin",
        "administrator",
        "root",
        "system",
        "server",
        "spieltisch",
        "moderator",
        "mod",
        "support",
        "staff",
        "ai",
        "computer",
        "engine",
        "bot",
        "guest",
        "anonymous",
        "friend",
        "you",
        "null",
        "none",
        "undefined",
    }
)

#: Unicode categories never allowed: controls, format characters (bidirectional
#: overrides, zero-width joiners), surrogates, private use and unassigned code points.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
#: Separators other than the plain space (line and paragraph separators).
_REFUSED_SEPARATORS = frozenset({"Zl", "Zp"})
_USERNAME_PUNCTUATION = frozenset("_-.")


class BadName(SpieltischError):
    """A name or user text that cannot be kept; `code` is a short constant for clients."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def _normal(raw: object, field: str, longest: int, allowed_inside: frozenset[str]) -> str:
    """`raw` as NFC text with its outer white space removed and runs of spaces folded,
    or `BadName` naming what is wrong."""
    if not isinstance(raw, str):
        raise BadName("NOT_TEXT", f"{field} must be text")
    # Checked before anything else: a lone surrogate cannot even be normalised safely
    # into UTF-8, and a huge input must not cost more than its refusal.
    if len(raw) > 4 * longest + 64:
        raise BadName("TOO_LONG", f"{field} has at most {longest} characters")
    for ch in raw:
        if ch in allowed_inside:
            continue
        category = unicodedata.category(ch)
        if category in _REFUSED_CATEGORIES or category in _REFUSED_SEPARATORS:
            raise BadName(
                "BAD_CHARACTER",
                f"{field} may not contain the character U+{ord(ch):04X}",
            )
    text = unicodedata.normalize("NFC", raw)
    lines = [" ".join(line.split()) for line in text.split("\n")] if allowed_inside else None
    text = "\n".join(lines).strip() if lines is not None else " ".join(text.split())
    if not text:
        raise BadName("EMPTY", f"{field} may not be empty")
    if len(text) > longest:
        raise BadName("TOO_LONG", f"{field} has at most {longest} characters")
    return text


def clean_name(raw: object, *, field: str = "name", longest: int = NAME_LONGEST) -> str:
    """A display name: NFC, printable (no controls, format characters or lone
    surrogates), white space folded, 1 to `longest` characters."""
    return _normal(raw, field, longest, frozenset())


def clean_text(raw: object, *, field: str = "text", longest: int = TEXT_LONGEST) -> str:
    """Short user text: as a name, but line breaks and tabs may stand inside."""
    return _normal(raw, field, longest, frozenset("\n\t"))


def username_key(name: str) -> str:
    """The identity of an account name: two names with the same key are the same account."""
    return unicodedata.normalize("NFC", name.casefold())


def clean_username(raw: object, *, field: str = "username") -> str:
    """An account name: a clean name of 3 to 20 letters, digits, `_`, `-` and `.`, which
    starts with a letter or digit and is not reserved."""
    name = clean_name(raw, field=field, longest=USERNAME_LONGEST)
    if len(name) < USERNAME_SHORTEST:
        raise BadName("TOO_SHORT", f"{field} has at least {USERNAME_SHORTEST} characters")
    for ch in name:
        if not (ch.isalnum() or ch in _USERNAME_PUNCTUATION):
            raise BadName(
                "BAD_CHARACTER",
                f"{field} may hold only letters, digits, '_', '-' and '.' (not {ch!r})",
            )
    if not name[0].isalnum():
        raise BadName("BAD_START", f"{field} starts with a letter or a digit")
    if username_key(name) in RESERVED_USERNAMES:
        raise BadName("RESERVED", f"the name {name!r} is reserved")
    return name
