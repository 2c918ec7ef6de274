"""The server's guard against one client taking more than its share: rate limits (a
moving window per client address and limit, with the wait until the next try) and the
count of open connections per address, shared by the web app and the bot server.

The limits are named after their `Settings` field (`tables` is `tables_per_minute`);
what each limit guards (which path, which protocol message) is decided by the front
ends, in one table each (`server/edge.py` for HTTP and WebSockets). The moving window
is the `limits` library's, in memory: a server process keeps its own counts.
"""

from __future__ import annotations

import math
import time
from collections import Counter

from limits import RateLimitItem, RateLimitItemPerMinute
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from spieltisch.core.metrics import RATE_LIMITED
from spieltisch.core.settings import Settings

__all__ = ["LIMITS", "Guard"]

#: The rate limits a front end may ask about: the name and its `Settings` field.
LIMITS = {
    "tables": "tables_per_minute",
    "joins": "joins_per_minute",
    "sign_ins": "sign_ins_per_minute",
    "sign_ups": "sign_ups_per_minute",
    "admin": "admin_attempts_per_minute",
    "websockets": "websockets_per_minute",
    "imports": "imports_per_minute",
    "analyses": "analyses_per_minute",
    "chat": "chat_per_minute",
}


class Guard:
    """Rate limits and connection counts of one server process (see the module)."""

    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = settings if settings is not None else Settings()
        self._limiter = MovingWindowRateLimiter(MemoryStorage())
        self._items: dict[str, RateLimitItem] = {
            name: RateLimitItemPerMinute(getattr(self.settings, field))
            for name, field in LIMITS.items()
        }
        self._open: Counter[str] = Counter()

    def hit(self, limit: str, address: str) -> float | None:
        """Count one attempt of `address` against `limit`: None if it may go on, else
        the seconds until it may try again (the attempt is refused and counted in the
        metrics)."""
        item = self._items[limit]
        if self._limiter.hit(item, limit, address):
            return None
        RATE_LIMITED.labels(limit).inc()
        reset, _remaining = self._limiter.get_window_stats(item, limit, address)
        return max(1.0, float(math.ceil(reset - time.time())))

    def blocked(self, limit: str, address: str) -> float | None:
        """Whether `address` used up `limit` (the seconds to wait) without counting an
        attempt: for limits that count failures only (admin passwords)."""
        item = self._items[limit]
        if self._limiter.test(item, limit, address):
            return None
        RATE_LIMITED.labels(limit).inc()
        reset, _remaining = self._limiter.get_window_stats(item, limit, address)
        return max(1.0, float(math.ceil(reset - time.time())))

    def connect(self, address: str) -> bool:
        """Count a new connection of `address`; False (and not counted) when the address
        has `connections_per_address` open already."""
        if self._open[address] >= self.settings.connections_per_address:
            RATE_LIMITED.labels("connections").inc()
            return False
        self._open[address] += 1
        return True

    def disconnect(self, address: str) -> None:
        """A connection counted by `connect` closed."""
        left = self._open[address] - 1
        if left > 0:
            self._open[address] = left
        else:
            self._open.pop(address, None)

    def open_connections(self, address: str) -> int:
        return self._open[address]
