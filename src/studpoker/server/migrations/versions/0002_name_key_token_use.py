"""Case-insensitive unique account names (``users.name_key``) and sliding token expiry
(``tokens.last_used_at``).

Existing accounts whose names differ only in case keep their names; the later
ones get a key no new name can take (``alice#17``), so the unique index holds.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column("users", sa.Column("name_key", sa.String(64), nullable=True))
    op.add_column("tokens", sa.Column("last_used_at", sa.DateTime, nullable=True))
    conn = op.get_bind()
    users = sa.table("users", sa.column("id", sa.Integer), sa.column("name", sa.String),
                     sa.column("name_key", sa.String))
    seen: set[str] = set()
    for uid, name in conn.execute(sa.select(users.c.id, users.c.name).order_by(users.c.id)).all():
        key = str(name).casefold()
        if key in seen:
            key = f"{key}#{uid}"
        seen.add(key)
        conn.execute(users.update().where(users.c.id == uid).values(name_key=key))
    tokens = sa.table("tokens", sa.column("created_at", sa.DateTime), sa.column("last_used_at", sa.DateTime))
    conn.execute(tokens.update().values(last_used_at=tokens.c.created_at))
    op.create_index("ix_users_name_key", "users", ["name_key"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_users_name_key", table_name="users")
    op.drop_column("tokens", "last_used_at")
    op.drop_column("users", "name_key")
