"""The code of why a game ended without a result, for front ends to put in words.

The reason is stored as the short English note it always was (old records stay readable
and unchanged); the table's JSON adds the code of that note, which a front end
translates (`board.abandoned.<CODE>`), showing the note itself for an unknown one."""

from __future__ import annotations

#: Each stored note of an end without a result, and its code.
CODES = {
    "expired: nobody took the free seat": "EXPIRED",
    "aborted: no move": "NO_MOVE",
    "abandoned: no move for a long time": "STALE",
    "aborted: server restart": "RESTART",
    "aborted: by a player": "ABORTED",
    "aborted: the database is unavailable": "STORE_DOWN",
    "imported without a result": "IMPORTED",
    "a bot left before the start": "BOT_LEFT",
    "cancelled": "CANCELLED",
    "abandoned": "ABANDONED",
}
#: Notes that begin with these words (they carry the AI's own error after them).
PREFIXES = (("the AI", "AI_FAILED"),)


def abandoned_code(reason: str | None) -> str | None:
    """The code of the stored note `reason` (None for none or an unknown note)."""
    if not reason:
        return None
    if reason in CODES:
        return CODES[reason]
    for prefix, code in PREFIXES:
        if reason.startswith(prefix):
            return code
    return None
