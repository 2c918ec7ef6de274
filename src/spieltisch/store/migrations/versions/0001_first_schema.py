"""The first schema: games, moves, positions.

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _time(name: str, nullable: bool = False) -> sa.Column[object]:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("options", sa.Text(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=True),
        sa.Column("chance_seed", sa.BigInteger(), nullable=True),
        sa.Column("start", sa.Text(), nullable=False),
        sa.Column("player0", sa.String(length=200), nullable=False),
        sa.Column("kind0", sa.String(length=210), nullable=False),
        sa.Column("player1", sa.String(length=200), nullable=False),
        sa.Column("kind1", sa.String(length=210), nullable=False),
        sa.Column("status", sa.String(length=12), nullable=False),
        sa.Column("plies", sa.Integer(), nullable=False),
        sa.Column("winner", sa.SmallInteger(), nullable=True),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("scores", sa.JSON(), nullable=False),
        sa.Column("meta", sa.JSON(), nullable=False),
        _time("created_at"),
        _time("updated_at"),
        _time("finished_at", nullable=True),
        sa.CheckConstraint(
            "status IN ('running', 'finished', 'abandoned')", name=op.f("ck_games_status")
        ),
        sa.CheckConstraint("plies >= 0", name=op.f("ck_games_plies")),
        sa.CheckConstraint("winner IS NULL OR winner IN (0, 1)", name=op.f("ck_games_winner")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_games")),
    )
    op.create_index(op.f("ix_games_created_at"), "games", ["created_at"])
    op.create_index(op.f("ix_games_game_created_at"), "games", ["game", "created_at"])
    op.create_index(op.f("ix_games_status_created_at"), "games", ["status", "created_at"])
    op.create_index(op.f("ix_games_player0"), "games", ["player0"])
    op.create_index(op.f("ix_games_player1"), "games", ["player1"])

    op.create_table(
        "moves",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("ply", sa.Integer(), nullable=False),
        sa.Column("notation", sa.String(length=200), nullable=False),
        sa.Column("seat", sa.SmallInteger(), nullable=False),
        sa.Column("seconds", sa.Double(), nullable=True),
        _time("played_at", nullable=True),
        sa.CheckConstraint("ply >= 0", name=op.f("ck_moves_ply")),
        sa.CheckConstraint("seat IN (-1, 0, 1)", name=op.f("ck_moves_seat")),
        sa.CheckConstraint("seconds IS NULL OR seconds >= 0", name=op.f("ck_moves_seconds")),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_moves_game_id_games"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("game_id", "ply", name=op.f("pk_moves")),
    )

    op.create_table(
        "positions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("options", sa.Text(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("note", sa.Text(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("ply", sa.Integer(), nullable=True),
        _time("created_at"),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_positions_game_id_games"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_positions")),
    )
    op.create_index(op.f("ix_positions_game_created_at"), "positions", ["game", "created_at"])
    op.create_index(op.f("ix_positions_game_id"), "positions", ["game_id"])


def downgrade() -> None:
    op.drop_table("positions")
    op.drop_table("moves")
    op.drop_table("games")
