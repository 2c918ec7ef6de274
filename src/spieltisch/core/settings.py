"""The host's settings: every limit, rate, timeout and AI cap of a public server, in one
place.

Each setting has a default fit for a small public server, and can be set by an
environment variable `SPIELTISCH_<NAME>` (upper case, e.g. `SPIELTISCH_AI_WORKERS=4`) or
by a TOML file (`spieltisch serve --config FILE`, keys as the field names below); the
environment wins over the file. `docs/hosting.md` lists them with their meaning.
A value that cannot be read is refused with `SettingsError` naming the setting, before
the server starts.
"""

from __future__ import annotations

import dataclasses
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from spieltisch.core.errors import SpieltischError

__all__ = ["CHOICES", "ENV_PREFIX", "Settings", "SettingsError"]

#: The prefix of the environment variables that set a setting.
ENV_PREFIX = "SPIELTISCH_"
#: What a broker URL starts with (Redis over TCP, TLS or a unix socket).
BROKER_SCHEMES = ("redis://", "rediss://", "unix://")


class SettingsError(SpieltischError):
    """A setting that cannot be read (unknown name, wrong type, out of range)."""


#: The settings that take one of a few words, with those words.
CHOICES: dict[str, tuple[str, ...]] = {
    "ai_backend": ("local", "ray"),
    "ai_workers_start": ("at-start", "on-demand"),
}
#: The longest text a text setting (an address, a URL) may have.
MAX_TEXT = 1000


@dataclass(frozen=True)
class Settings:
    """The limits of one server. Sizes in bytes, times in seconds, rates per minute."""

    # --- requests and connections --------------------------------------------------------
    #: The largest HTTP request body (checked before and while it is read).
    max_body_bytes: int = 4 * 1024 * 1024
    #: Seconds a request body may take to arrive (a slower upload is answered 408).
    body_seconds: float = 30.0
    #: The largest message on a WebSocket (tables and bots) and line on the bot TCP port.
    max_message_bytes: int = 64 * 1024
    #: Messages waiting to be sent to one WebSocket; a watcher further behind is dropped.
    send_queue: int = 64
    #: Seconds a send to one socket may take before the watcher is dropped.
    send_timeout: float = 10.0
    #: Seconds a bot connection has for its first complete message.
    first_message_seconds: float = 10.0
    #: Seconds a bot connection may go without a complete message while it holds no seat
    #: that is to move (a client trickling bytes is dropped after this).
    idle_seconds: float = 300.0
    #: Open connections from one address (WebSockets and bot TCP connections together).
    connections_per_address: int = 32

    # --- rates (per address and minute; 429 with Retry-After past them) -----------------
    tables_per_minute: int = 12
    joins_per_minute: int = 30
    sign_ins_per_minute: int = 10
    sign_ups_per_minute: int = 5
    admin_attempts_per_minute: int = 5
    websockets_per_minute: int = 60
    imports_per_minute: int = 10
    analyses_per_minute: int = 30
    #: Chat lines one identity (account or guest) may write per minute, all tables together.
    chat_per_minute: int = 20

    # --- tables ---------------------------------------------------------------------------
    #: Waiting tables (a seat free) one player may have open at once.
    open_tables_per_player: int = 5
    #: Seconds a waiting table stays in the lobby before it expires.
    waiting_seconds: float = 3600.0
    #: Seconds a started game may go without its first moves before it is aborted.
    abort_seconds: float = 300.0
    #: Seconds a player may be gone (no move, no connection) before the other may claim
    #: the win.
    claim_seconds: float = 60.0
    #: Seconds a started game may go without a move (nobody there) before it is ended
    #: as abandoned; a restart does not rebuild such games.
    stale_game_seconds: float = 7 * 86400.0

    # --- chat (per table, server/chat.py) ---------------------------------------------------
    #: Lines each room of a table (players', spectators') keeps, in memory.
    chat_history: int = 100
    #: The longest chat line in characters.
    chat_longest: int = 300

    # --- the AI service -------------------------------------------------------------------
    #: Long-lived AI worker processes (searches at once).
    ai_workers: int = 2
    #: When the local backend starts its first worker: "at-start" (with the server, so the
    #: first AI move does not wait seconds for a worker to import the games) or
    #: "on-demand" (at the first question; the test servers use it).
    ai_workers_start: str = "at-start"
    #: AI questions that may wait for a worker; more are refused (503).
    ai_queue: int = 64
    #: The most threads, hash megabytes and seconds one search may use.
    ai_max_threads: int = 1
    ai_max_hash_mb: int = 64
    ai_max_seconds: float = 5.0
    #: Where the searches run: "local" (the server's own worker processes) or "ray" (Ray
    #: actors on the cluster at `ai_ray_address`; needs the `ray` extra).
    ai_backend: str = "local"
    #: The Ray cluster of the "ray" backend: "auto" (the cluster this machine joined with
    #: `ray start`), "ray://HOST:10001" (Ray Client), "HOST:6379" (a head node), or
    #: "local" (a Ray instance of its own inside the server, for trying it out).
    ai_ray_address: str = "auto"

    # --- computer analysis of whole games (server/analysis_jobs.py) ----------------------
    #: Whole-game analyses waiting or running at once; more are refused (503).
    analysis_jobs: int = 8
    #: Whole-game analyses searching at once (each one AI search at a time), so that the
    #: AI workers stay free for moves.
    analysis_jobs_at_once: int = 1
    #: Seconds the engine searches each position of a game (at most `ai_max_seconds`).
    analysis_ply_seconds: float = 0.5
    #: Seconds one whole game may take at most: a longer game searches each position less.
    analysis_game_seconds: float = 120.0

    # --- accounts and sessions -----------------------------------------------------------
    #: Days a signed-in session lasts since it was last used.
    session_days: float = 30.0
    #: Days a guest session (a browser's anonymous identity and its seats) lasts since it
    #: was last used.
    guest_session_days: float = 365.0
    #: Password hashes (argon2, 64 MiB each) computed at once; more sign-ins wait.
    password_hashes_at_once: int = 2

    # --- bot accounts and the ladder (docs/bots.md) ------------------------------------------
    #: Bots one account may have.
    bots_per_account: int = 10
    #: The ladder's time control, the competition's per move: a move later than
    #: `ladder_move_seconds` after its request is not played and loses (SOFT_TIMEOUT), no
    #: move within `ladder_hard_seconds` loses (HARD_TIMEOUT).
    ladder_move_seconds: float = 2.0
    ladder_hard_seconds: float = 10.0
    #: Seconds a bot waits alone on the ladder before it plays a house level instead.
    ladder_house_seconds: float = 5.0
    #: Seconds between two pairing rounds of the ladder.
    ladder_pair_seconds: float = 0.5

    # --- several server processes on one database (docs/hosting.md) ----------------------
    #: The broker that joins the server processes (`redis://host:port/db`); None: one
    #: process alone, no broker. With it every table has one owner process (a lease in
    #: the store) and its events reach the watchers on every process.
    broker_url: str | None = None
    #: Seconds a table's lease lasts unless its owner renews it (every third of it): how
    #: long a table waits for a new owner after its process died.
    lease_seconds: float = 5.0

    # --- admin ----------------------------------------------------------------------------
    #: The admin password of the bot lobby (None: `serve` generates one and prints it once).
    admin_password: str | None = None

    @classmethod
    def load(
        cls, file: str | Path | None = None, environ: Mapping[str, str] | None = None
    ) -> Settings:
        """The settings from the TOML `file` (if any), then the environment."""
        values: dict[str, Any] = {}
        if file is not None:
            try:
                with open(file, "rb") as handle:
                    data = tomllib.load(handle)
            except (OSError, tomllib.TOMLDecodeError) as exc:
                raise SettingsError(f"cannot read the settings file {file}: {exc}") from None
            for key, value in data.items():
                values[key] = cls._check(key, value, f"{file}: {key}")
        env = os.environ if environ is None else environ
        for field in fields(cls):
            raw = env.get(ENV_PREFIX + field.name.upper())
            if raw is not None:
                values[field.name] = cls._check(
                    field.name, raw, ENV_PREFIX + field.name.upper(), from_text=True
                )
        return cls(**values)

    def replace(self, **changes: Any) -> Settings:
        """These settings with `changes` (each checked as a loaded value is)."""
        checked = {key: self._check(key, value, key) for key, value in changes.items()}
        return dataclasses.replace(self, **checked)

    @classmethod
    def _check(cls, name: str, value: Any, where: str, *, from_text: bool = False) -> Any:
        known = {field.name: field for field in fields(cls)}
        if name not in known:
            raise SettingsError(f"{where}: no such setting (known: {', '.join(known)})")
        default: Any = known[name].default
        if name == "broker_url":
            if value is None:
                return None
            if not isinstance(value, str) or not value.startswith(BROKER_SCHEMES):
                raise SettingsError(
                    f"{where}: a broker URL starts with {' or '.join(BROKER_SCHEMES)}"
                )
            return value
        if name == "admin_password":
            if value is None:
                return None
            if not isinstance(value, str) or len(value) < 8:
                raise SettingsError(f"{where}: the admin password has at least 8 characters")
            return value
        kind = type(default)
        if kind is str:
            return cls._text(name, value, where)
        try:
            if from_text:
                value = kind(value)
            elif kind is float and isinstance(value, int) and not isinstance(value, bool):
                value = float(value)
        except ValueError:
            raise SettingsError(f"{where}: not a {kind.__name__}: {value!r}") from None
        if not isinstance(value, kind) or isinstance(value, bool):
            raise SettingsError(f"{where}: not a {kind.__name__}: {value!r}")
        if value <= 0:
            raise SettingsError(f"{where}: must be positive, not {value!r}")
        return value

    @staticmethod
    def _text(name: str, value: Any, where: str) -> str:
        """A text setting: one of its words (`CHOICES`), or a non-empty printable line."""
        if not isinstance(value, str):
            raise SettingsError(f"{where}: not a text: {value!r}")
        text: str = value.strip()
        if name in CHOICES:
            if text not in CHOICES[name]:
                raise SettingsError(f"{where}: one of {', '.join(CHOICES[name])}, not {text!r}")
            return text
        if not text or len(text) > MAX_TEXT or not text.isprintable():
            raise SettingsError(f"{where}: a printable line of 1 to {MAX_TEXT} characters")
        return text
