"""`core.guard`: rate limits per address and limit, and connection counts."""

from __future__ import annotations

from spieltisch.core.guard import LIMITS, Guard
from spieltisch.core.settings import Settings


def test_a_limit_counts_per_address_and_says_how_long_to_wait() -> None:
    guard = Guard(Settings(tables_per_minute=2))
    assert guard.hit("tables", "a") is None
    assert guard.hit("tables", "a") is None
    wait = guard.hit("tables", "a")
    assert wait is not None and 1 <= wait <= 60
    assert guard.hit("tables", "b") is None  # another address
    assert guard.hit("joins", "a") is None  # another limit


def test_blocked_does_not_count() -> None:
    guard = Guard(Settings(admin_attempts_per_minute=1))
    for _ in range(5):
        assert guard.blocked("admin", "a") is None
    assert guard.hit("admin", "a") is None
    assert guard.blocked("admin", "a") is not None


def test_connections_are_capped_per_address() -> None:
    guard = Guard(Settings(connections_per_address=2))
    assert guard.connect("a") and guard.connect("a")
    assert not guard.connect("a")
    assert guard.connect("b")
    guard.disconnect("a")
    assert guard.open_connections("a") == 1
    assert guard.connect("a")


def test_every_limit_is_a_setting() -> None:
    settings = Settings()
    for field in LIMITS.values():
        assert getattr(settings, field) > 0
