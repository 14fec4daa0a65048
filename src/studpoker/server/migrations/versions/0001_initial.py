"""Initial schema: users, tokens, ledger, tables, seats, hands, hand events.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(64), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=True),
        sa.Column("guest", sa.Boolean, nullable=False),
        sa.Column("balance", sa.BigInteger, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "ledger",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("amount", sa.BigInteger, nullable=False),
        sa.Column("table_id", sa.Integer, nullable=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("note", sa.String(128), nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "tables",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("owner_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("config", sa.JSON, nullable=False),
        sa.Column("private", sa.Boolean, nullable=False),
        sa.Column("invite_code", sa.String(64), nullable=True),
        sa.Column("closed", sa.Boolean, nullable=False),
        sa.Column("button", sa.Integer, nullable=True),
        sa.Column("hands_played", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
        sa.Column("bot", sa.String(32), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("chips", sa.BigInteger, nullable=False),
        sa.Column("sitting_out", sa.Boolean, nullable=False),
        sa.Column("leaving", sa.Boolean, nullable=False),
        sa.Column("timeouts", sa.Integer, nullable=False),
        sa.Column("time_bank", sa.Float, nullable=False),
    )
    op.create_table(
        "hands",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), nullable=False, index=True),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("seed", sa.String(64), nullable=False),
        sa.Column("commitment", sa.String(64), nullable=False),
        sa.Column("prev_button", sa.Integer, nullable=True),
        sa.Column("dealer", sa.Integer, nullable=False),
        sa.Column("hand_seats", sa.JSON, nullable=False),
        sa.Column("start", sa.JSON, nullable=False),
        sa.Column("status", sa.String(8), nullable=False, index=True),
        sa.Column("payoffs", sa.JSON, nullable=True),
        sa.Column("phh", sa.Text, nullable=True),
        sa.Column("phh_public", sa.Text, nullable=True),
        sa.Column("started_at", sa.DateTime, nullable=False),
        sa.Column("ended_at", sa.DateTime, nullable=True),
        sa.UniqueConstraint("table_id", "number"),
    )
    op.create_table(
        "hand_events",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("hand_id", sa.Integer, sa.ForeignKey("hands.id"), nullable=False, index=True),
        sa.Column("idx", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("data", sa.JSON, nullable=False),
        sa.Column("source", sa.String(8), nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.UniqueConstraint("hand_id", "idx"),
    )


def downgrade() -> None:
    for name in ("hand_events", "hands", "seats", "tables", "ledger", "tokens", "users"):
        op.drop_table(name)
