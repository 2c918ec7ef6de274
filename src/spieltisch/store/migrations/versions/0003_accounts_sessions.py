"""Accounts and sessions; the seat tokens of running games become guest identities.

Before this revision a seat was held by a browser whose secret cookie hashed (SHA-256)
to the seat's token in `meta.holders`. That cookie is now the browser's guest session,
whose identity key is `guest:<SHA-256 of the session id>`: every running game's holders
are rewritten to that form and each gets a guest session row with the same hash, so a
browser that held a seat before the upgrade still holds it after.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-25
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

#: How long the guest sessions made for the holders of running games last.
_LEGACY_GUEST_DAYS = 365
_HEX64 = re.compile(r"[0-9a-f]{64}")


def _time(name: str, nullable: bool = False) -> sa.Column[object]:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("username", sa.String(length=40), nullable=False),
        sa.Column("username_key", sa.String(length=80), nullable=False),
        sa.Column("password_hash", sa.String(length=255), nullable=False),
        _time("created_at"),
        _time("password_changed_at"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_accounts")),
        sa.UniqueConstraint("username_key", name=op.f("uq_accounts_username_key")),
    )
    op.create_table(
        "sessions",
        sa.Column("id_hash", sa.String(length=64), nullable=False),
        sa.Column("kind", sa.String(length=12), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(length=200), nullable=True),
        _time("created_at"),
        _time("seen_at"),
        _time("expires_at"),
        sa.CheckConstraint("kind IN ('account', 'guest')", name=op.f("ck_sessions_kind")),
        sa.CheckConstraint(
            "(kind = 'account' AND account_id IS NOT NULL)"
            " OR (kind = 'guest' AND account_id IS NULL)",
            name=op.f("ck_sessions_account"),
        ),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_sessions_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id_hash", name=op.f("pk_sessions")),
    )
    op.create_index(op.f("ix_sessions_account_id"), "sessions", ["account_id"])
    op.create_index(op.f("ix_sessions_expires_at"), "sessions", ["expires_at"])
    _adopt_holders()


def _adopt_holders() -> None:
    """Running games' seat tokens (SHA-256 of a browser's old secret cookie) become
    guest keys, each with a guest session of that hash (rows to read: not when the
    migration is only printed as SQL)."""
    if op.get_context().as_sql:
        return
    connection = op.get_bind()
    games = sa.table(
        "games", sa.column("id", sa.Integer()), sa.column("status"), sa.column("meta", sa.JSON())
    )
    sessions = sa.table(
        "sessions",
        sa.column("id_hash"),
        sa.column("kind"),
        sa.column("account_id"),
        sa.column("name"),
        sa.column("created_at", sa.DateTime(timezone=True)),
        sa.column("seen_at", sa.DateTime(timezone=True)),
        sa.column("expires_at", sa.DateTime(timezone=True)),
    )
    now = datetime.now(UTC)
    stamp = now.replace(tzinfo=None) if connection.dialect.name == "sqlite" else now
    expires = stamp + timedelta(days=_LEGACY_GUEST_DAYS)
    adopted: set[str] = set()
    rows = connection.execute(
        sa.select(games.c.id, games.c.meta).where(games.c.status == "running")
    )
    for game_id, raw in rows.all():
        meta = json.loads(raw) if isinstance(raw, str) else dict(raw or {})
        holders = meta.get("holders")
        if not isinstance(holders, list):
            continue
        changed = False
        for index, token in enumerate(holders):
            if isinstance(token, str) and _HEX64.fullmatch(token):
                holders[index] = f"guest:{token}"
                adopted.add(token)
                changed = True
        if changed:
            meta["holders"] = holders
            connection.execute(sa.update(games).where(games.c.id == game_id).values(meta=meta))
    for token in sorted(adopted):
        connection.execute(
            sa.insert(sessions).values(
                id_hash=token,
                kind="guest",
                account_id=None,
                name=None,
                created_at=stamp,
                seen_at=stamp,
                expires_at=expires,
            )
        )


def downgrade() -> None:
    if not op.get_context().as_sql:
        _restore_holders()
    op.drop_index(op.f("ix_sessions_expires_at"), table_name="sessions")
    op.drop_index(op.f("ix_sessions_account_id"), table_name="sessions")
    op.drop_table("sessions")
    op.drop_table("accounts")


def _restore_holders() -> None:
    """Guest keys of running games back to the plain seat tokens of revision 0002."""
    connection = op.get_bind()
    games = sa.table(
        "games", sa.column("id", sa.Integer()), sa.column("status"), sa.column("meta", sa.JSON())
    )
    rows = connection.execute(
        sa.select(games.c.id, games.c.meta).where(games.c.status == "running")
    )
    for game_id, raw in rows.all():
        meta = json.loads(raw) if isinstance(raw, str) else dict(raw or {})
        holders = meta.get("holders")
        if isinstance(holders, list) and any(
            isinstance(t, str) and t.startswith("guest:") for t in holders
        ):
            meta["holders"] = [
                t.removeprefix("guest:") if isinstance(t, str) else t for t in holders
            ]
            connection.execute(sa.update(games).where(games.c.id == game_id).values(meta=meta))
