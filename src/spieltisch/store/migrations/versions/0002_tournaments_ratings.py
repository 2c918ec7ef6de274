"""Tournaments, their scheduled games, and live ratings with their history.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _time(name: str, nullable: bool = False) -> sa.Column[object]:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("options", sa.Text(), nullable=False),
        sa.Column("format", sa.String(length=12), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=12), nullable=False),
        _time("created_at"),
        _time("updated_at"),
        _time("finished_at", nullable=True),
        sa.CheckConstraint("status IN ('running', 'finished')", name=op.f("ck_tournaments_status")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournaments")),
    )
    op.create_index(op.f("ix_tournaments_game_created_at"), "tournaments", ["game", "created_at"])

    op.create_table(
        "tournament_games",
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("seat0", sa.Integer(), nullable=False),
        sa.Column("seat1", sa.Integer(), nullable=False),
        sa.Column("deal", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.CheckConstraint(
            "number >= 0 AND round >= 0 AND deal >= 0", name=op.f("ck_tournament_games_counts")
        ),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name=op.f("fk_tournament_games_tournament_id_tournaments"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_tournament_games_game_id_games"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("tournament_id", "number", name=op.f("pk_tournament_games")),
    )
    op.create_index(op.f("ix_tournament_games_game_id"), "tournament_games", ["game_id"])

    op.create_table(
        "ratings",
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("player", sa.String(length=200), nullable=False),
        sa.Column("kind", sa.String(length=210), nullable=False),
        sa.Column("mu", sa.Double(), nullable=False),
        sa.Column("sigma", sa.Double(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        _time("updated_at"),
        sa.PrimaryKeyConstraint("game", "player", "kind", name=op.f("pk_ratings")),
    )

    op.create_table(
        "rating_changes",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.SmallInteger(), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("player", sa.String(length=200), nullable=False),
        sa.Column("kind", sa.String(length=210), nullable=False),
        sa.Column("mu", sa.Double(), nullable=False),
        sa.Column("sigma", sa.Double(), nullable=False),
        _time("rated_at"),
        sa.CheckConstraint("seat IN (0, 1)", name=op.f("ck_rating_changes_seat")),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_rating_changes_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("game_id", "seat", name=op.f("pk_rating_changes")),
    )
    op.create_index(
        op.f("ix_rating_changes_game_player_rated_at"),
        "rating_changes",
        ["game", "player", "rated_at"],
    )


def downgrade() -> None:
    op.drop_table("rating_changes")
    op.drop_table("ratings")
    op.drop_table("tournament_games")
    op.drop_table("tournaments")
