"""Leases: which server process owns each live table, until when (several `spieltisch
serve` processes on one database; `spieltisch.store.leases`).

Revision ID: 0006_leases
Revises: 0003
Create Date: 2026-11-26
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006_leases"
down_revision: str | None = "0005_analysis"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "leases",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("owner", sa.String(length=80), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_leases_game_id_games"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("game_id", name=op.f("pk_leases")),
    )
    op.create_index(op.f("ix_leases_owner"), "leases", ["owner"])
    op.create_index(op.f("ix_leases_expires_at"), "leases", ["expires_at"])


def downgrade() -> None:
    op.drop_index(op.f("ix_leases_expires_at"), table_name="leases")
    op.drop_index(op.f("ix_leases_owner"), table_name="leases")
    op.drop_table("leases")
