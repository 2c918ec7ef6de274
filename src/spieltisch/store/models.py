"""The tables of the game store as SQLAlchemy 2 typed ORM models.

`games` holds one row per game (options, start, the two seats, status and result),
`moves` every move with its time as it is played, `positions` the positions saved for
analysis. The Alembic migrations in `migrations/` create exactly this schema; a test
checks that they agree.

Revision 0002 adds `tournaments` (game, options, format, settings JSON, status, times)
with their schedule `tournament_games` (round, seats, deal, and the stored game once
played), live `ratings` keyed by (game, player name, kind) and their history
`rating_changes` per (game id, seat). A player is the (name, kind) pair of a seat, so
bot games keep the bots' names and ratings need no player table.

Revision 0003 adds `accounts` (a username, its case-insensitive key, unique, and the
password's argon2 hash) and `sessions`: a browser's session, kept only as the SHA-256 of
its random id, either signed in to an account or a guest's (with the guest's name), with
its expiry. A seat held by an account is stored with the kind `account:ID`.

Revision 0005 adds `analyses`: the computer analysis of a stored game (one row per game,
deleted with it), its progress while it runs and its result (JSON) when done.

Revision 0004_bots adds `bots`: a bot of an account, with its display name (unique by
its case-insensitive key), its ladder game, the SHA-256 of its secret token (the token
itself is shown once, never kept) and whether it is paused. A seat held by a bot of an
account is stored with the kind `bot:#ID`.

Revision 0006 adds `leases`: for each live table of a server of several processes, the
process that owns it and until when (`spieltisch.store.leases`).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    DateTime,
    Dialect,
    Double,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    SmallInteger,
    String,
    Text,
    TypeDecorator,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

#: Constraint names every database gives alike, so later migrations can name them.
NAMING = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

#: Lengths of the bounded text columns (the repository checks them before writing).
GAME_NAME_LENGTH = 40
PLAYER_NAME_LENGTH = 200
KIND_LENGTH = 210
NOTATION_LENGTH = 200
STATUS_LENGTH = 12


class UTCDateTime(TypeDecorator[datetime]):
    """A point in time, stored in UTC and always read back as an aware UTC datetime
    (SQLite keeps no time zone, PostgreSQL's `timestamptz` does)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("the store keeps only aware datetimes (with a time zone)")
        moment = value.astimezone(UTC)
        return moment.replace(tzinfo=None) if dialect.name == "sqlite" else moment

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


class Base(DeclarativeBase):
    """The declarative base of the store's tables."""

    metadata = MetaData(naming_convention=NAMING)


class GameRow(Base):
    """One game: how it was set up, who sits where, how far it is, how it ended."""

    __tablename__ = "games"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(String(GAME_NAME_LENGTH))
    options: Mapped[str] = mapped_column(Text)
    seed: Mapped[int | None] = mapped_column(BigInteger)
    chance_seed: Mapped[int | None] = mapped_column(BigInteger)
    start: Mapped[str] = mapped_column(Text)
    player0: Mapped[str] = mapped_column(String(PLAYER_NAME_LENGTH))
    kind0: Mapped[str] = mapped_column(String(KIND_LENGTH))
    player1: Mapped[str] = mapped_column(String(PLAYER_NAME_LENGTH))
    kind1: Mapped[str] = mapped_column(String(KIND_LENGTH))
    status: Mapped[str] = mapped_column(String(STATUS_LENGTH))
    plies: Mapped[int] = mapped_column(Integer)
    winner: Mapped[int | None] = mapped_column(SmallInteger)
    reason: Mapped[str] = mapped_column(Text)
    scores: Mapped[Any] = mapped_column(JSON)
    meta: Mapped[Any] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    __table_args__ = (
        CheckConstraint("status IN ('running', 'finished', 'abandoned')", name="status"),
        CheckConstraint("winner IS NULL OR winner IN (0, 1)", name="winner"),
        CheckConstraint("plies >= 0", name="plies"),
        Index(None, "created_at"),
        Index(None, "game", "created_at"),
        Index(None, "status", "created_at"),
        Index(None, "player0"),
        Index(None, "player1"),
    )


class MoveRow(Base):
    """One move of a game (a chance outcome too), written as it is played."""

    __tablename__ = "moves"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    ply: Mapped[int] = mapped_column(Integer, primary_key=True)
    notation: Mapped[str] = mapped_column(String(NOTATION_LENGTH))
    seat: Mapped[int] = mapped_column(SmallInteger)
    seconds: Mapped[float | None] = mapped_column(Double)
    played_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    __table_args__ = (
        CheckConstraint("seat IN (-1, 0, 1)", name="seat"),
        CheckConstraint("ply >= 0", name="ply"),
        CheckConstraint("seconds IS NULL OR seconds >= 0", name="seconds"),
    )


class PositionRow(Base):
    """A position saved for analysis, optionally with the game and ply it came from."""

    __tablename__ = "positions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(String(GAME_NAME_LENGTH))
    options: Mapped[str] = mapped_column(Text)
    text: Mapped[str] = mapped_column(Text)
    note: Mapped[str] = mapped_column(Text)
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id", ondelete="SET NULL"))
    ply: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)

    __table_args__ = (
        Index(None, "game", "created_at"),
        Index(None, "game_id"),
    )


class TournamentRow(Base):
    """A tournament: the game, its format and settings (players and their specs, rounds,
    games per pair, seed), and how far it is."""

    __tablename__ = "tournaments"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(PLAYER_NAME_LENGTH))
    game: Mapped[str] = mapped_column(String(GAME_NAME_LENGTH))
    options: Mapped[str] = mapped_column(Text)
    format: Mapped[str] = mapped_column(String(STATUS_LENGTH))
    settings: Mapped[Any] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(STATUS_LENGTH))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    __table_args__ = (
        CheckConstraint("status IN ('running', 'finished')", name="status"),
        Index(None, "game", "created_at"),
    )


class TournamentGameRow(Base):
    """One scheduled game of a tournament: its round, who sits where (indices into the
    tournament's players), the deal it shares with its seat-swapped twin, and the stored
    game once it is played (None until then)."""

    __tablename__ = "tournament_games"

    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    round: Mapped[int] = mapped_column(Integer)
    seat0: Mapped[int] = mapped_column(Integer)
    seat1: Mapped[int] = mapped_column(Integer)
    deal: Mapped[int] = mapped_column(Integer)
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id", ondelete="SET NULL"))

    __table_args__ = (
        CheckConstraint("number >= 0 AND round >= 0 AND deal >= 0", name="counts"),
        Index(None, "game_id"),
    )


class RatingRow(Base):
    """A player's live rating in one game (Weng–Lin mu and sigma, games counted)."""

    __tablename__ = "ratings"

    game: Mapped[str] = mapped_column(String(GAME_NAME_LENGTH), primary_key=True)
    player: Mapped[str] = mapped_column(String(PLAYER_NAME_LENGTH), primary_key=True)
    kind: Mapped[str] = mapped_column(String(KIND_LENGTH), primary_key=True)
    mu: Mapped[float] = mapped_column(Double)
    sigma: Mapped[float] = mapped_column(Double)
    games: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


class RatingChangeRow(Base):
    """A player's live rating after one rated game: the rating history, one row per
    (game id, seat), so a game is never rated twice."""

    __tablename__ = "rating_changes"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(SmallInteger, primary_key=True)
    game: Mapped[str] = mapped_column(String(GAME_NAME_LENGTH))
    player: Mapped[str] = mapped_column(String(PLAYER_NAME_LENGTH))
    kind: Mapped[str] = mapped_column(String(KIND_LENGTH))
    mu: Mapped[float] = mapped_column(Double)
    sigma: Mapped[float] = mapped_column(Double)
    rated_at: Mapped[datetime] = mapped_column(UTCDateTime)

    __table_args__ = (
        CheckConstraint("seat IN (0, 1)", name="seat"),
        Index(None, "game", "player", "rated_at"),
    )


#: Lengths of the account columns.
USERNAME_LENGTH = 40
USERNAME_KEY_LENGTH = 80
PASSWORD_HASH_LENGTH = 255
SESSION_HASH_LENGTH = 64
SESSION_KIND_LENGTH = 12


class AccountRow(Base):
    """An account: its username as typed at sign-up, the username's key (case-folded
    NFC, unique: two accounts never differ only by case) and its password's hash."""

    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    username: Mapped[str] = mapped_column(String(USERNAME_LENGTH))
    username_key: Mapped[str] = mapped_column(String(USERNAME_KEY_LENGTH), unique=True)
    password_hash: Mapped[str] = mapped_column(String(PASSWORD_HASH_LENGTH))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    password_changed_at: Mapped[datetime] = mapped_column(UTCDateTime)


class SessionRow(Base):
    """A browser's session: the SHA-256 of its random id (the id itself lives only in
    the browser's cookie), signed in to an account or a guest's with the guest's name."""

    __tablename__ = "sessions"

    id_hash: Mapped[str] = mapped_column(String(SESSION_HASH_LENGTH), primary_key=True)
    kind: Mapped[str] = mapped_column(String(SESSION_KIND_LENGTH))
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    name: Mapped[str | None] = mapped_column(String(PLAYER_NAME_LENGTH))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    seen_at: Mapped[datetime] = mapped_column(UTCDateTime)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)

    __table_args__ = (
        CheckConstraint("kind IN ('account', 'guest')", name="kind"),
        CheckConstraint(
            "(kind = 'account' AND account_id IS NOT NULL)"
            " OR (kind = 'guest' AND account_id IS NULL)",
            name="account",
        ),
        Index(None, "account_id"),
        Index(None, "expires_at"),
    )


# --- revision 0005: whole-game analyses ----------------------------------------------------

#: Length of an analysis status (`queued`, `running`, `done`, `failed`).
ANALYSIS_STATUS_LENGTH = 12


class AnalysisRow(Base):
    """The computer analysis of one stored game: where the job is (`queued`, `running`,
    `done`, `failed`), how many positions are searched of how many, the seconds per
    position, and when done the result (the evaluation of every position and the review
    of every move, JSON); the error when it failed."""

    __tablename__ = "analyses"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    status: Mapped[str] = mapped_column(String(ANALYSIS_STATUS_LENGTH))
    done: Mapped[int] = mapped_column(Integer)
    total: Mapped[int] = mapped_column(Integer)
    seconds: Mapped[float] = mapped_column(Double)
    result: Mapped[Any | None] = mapped_column(JSON)
    error: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    __table_args__ = (
        CheckConstraint("status IN ('queued', 'running', 'done', 'failed')", name="status"),
        Index(None, "status"),
    )


#: Lengths of the bot columns.
BOT_NAME_LENGTH = 40
BOT_NAME_KEY_LENGTH = 80
TOKEN_HASH_LENGTH = 64


class BotRow(Base):
    """A bot of an account: its name (and the name's case-insensitive key, unique, so a
    bot's page and leaderboard entry name one bot), the game it plays on the ladder, the
    SHA-256 of its token and whether it is paused."""

    __tablename__ = "bots"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(BOT_NAME_LENGTH))
    name_key: Mapped[str] = mapped_column(String(BOT_NAME_KEY_LENGTH), unique=True)
    game: Mapped[str] = mapped_column(String(GAME_NAME_LENGTH))
    token_hash: Mapped[str] = mapped_column(String(TOKEN_HASH_LENGTH))
    paused: Mapped[bool] = mapped_column(Boolean)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    token_created_at: Mapped[datetime] = mapped_column(UTCDateTime)

    __table_args__ = (Index(None, "account_id"),)


# --- revision 0006: leases of live tables ---------------------------------------------------

OWNER_LENGTH = 80


class LeaseRow(Base):
    """Which server process owns a live table (revision 0006), until when: the owner
    renews it; once it has expired another process may take the table over."""

    __tablename__ = "leases"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    owner: Mapped[str] = mapped_column(String(OWNER_LENGTH))
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)

    __table_args__ = (Index(None, "owner"), Index(None, "expires_at"))
