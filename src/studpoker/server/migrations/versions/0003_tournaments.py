"""Sit-and-go tournaments: tournaments, their entrants, the ledger's tournament column, and the
game a hand was dealt at (a tournament table's stakes rise with the levels).

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("owner_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("config", sa.JSON, nullable=False),
        sa.Column("status", sa.String(12), nullable=False, index=True),
        sa.Column("state", sa.JSON, nullable=True),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("started_at", sa.DateTime, nullable=True),
        sa.Column("ended_at", sa.DateTime, nullable=True),
    )
    op.create_table(
        "tournament_entrants",
        sa.Column("tournament_id", sa.Integer, sa.ForeignKey("tournaments.id"), primary_key=True),
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
        sa.Column("bot", sa.String(32), nullable=True),
        sa.Column("place", sa.Integer, nullable=True),
        sa.Column("prize", sa.BigInteger, nullable=True),
        sa.Column("registered_at", sa.DateTime, nullable=False),
    )
    with op.batch_alter_table("ledger") as batch:
        batch.add_column(sa.Column("tournament_id", sa.Integer, nullable=True))
    with op.batch_alter_table("hands") as batch:
        batch.add_column(sa.Column("game", sa.JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("hands") as batch:
        batch.drop_column("game")
    with op.batch_alter_table("ledger") as batch:
        batch.drop_column("tournament_id")
    op.drop_table("tournament_entrants")
    op.drop_table("tournaments")
