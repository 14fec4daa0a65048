"""Look-alike account names (``users.name_skeleton``: Unicode confusables, UTS #39).

Existing accounts keep their names; one whose skeleton an older account has
already gets none (null), so the unique index holds, and no new name can take
that skeleton.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-10
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from studpoker.server.accounts.names import name_skeleton

revision = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column("users", sa.Column("name_skeleton", sa.String(128), nullable=True))
    conn = op.get_bind()
    users = sa.table("users", sa.column("id", sa.Integer), sa.column("name", sa.String),
                     sa.column("name_skeleton", sa.String))
    seen: set[str] = set()
    for uid, name in conn.execute(sa.select(users.c.id, users.c.name).order_by(users.c.id)).all():
        key = name_skeleton(str(name))
        if key in seen:
            continue
        seen.add(key)
        conn.execute(users.update().where(users.c.id == uid).values(name_skeleton=key))
    op.create_index("ix_users_name_skeleton", "users", ["name_skeleton"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_users_name_skeleton", table_name="users")
    op.drop_column("users", "name_skeleton")  # (SQLite 3.35+ drops a column in place)
