"""The bot lobby's admin password check, shared by the XML and JSON protocols: a
constant-time comparison, never a default password (a lobby without one refuses every
admin request), and password guessing limited per client address (the `admin` limit of
`core.guard`: failed attempts per minute; past it even the right password is refused
until the window moves on)."""

from __future__ import annotations

import hmac

from spieltisch.core.guard import Guard

__all__ = ["check_admin"]


def check_admin(
    password: str | None, given: object, guard: Guard | None, address: str
) -> str | None:
    """None when `given` is the admin `password`, else why not (the client's message)."""
    if guard is not None:
        wait = guard.blocked("admin", address)
        if wait is not None:
            return f"too many wrong passwords: try again in {int(wait)} seconds"
    if password is None:
        return "this server has no admin password: admin requests are refused"
    if isinstance(given, str) and hmac.compare_digest(
        given.encode("utf-8", "replace"), password.encode("utf-8")
    ):
        return None
    if guard is not None:
        guard.hit("admin", address)
    return "wrong password"
