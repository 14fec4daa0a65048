"""Statistics kept as hands end (``player_stats``), and each tournament table's tournament
(``tables.tournament_id``).

The statistics of the hands stored so far are counted once here, from their
full hand histories: the hands of cash tables, by account (bots and the
placeholders of players who left are not accounts).

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-10
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("tournament_id", sa.Integer, nullable=True))
    op.create_index("ix_tables_tournament_id", "tables", ["tournament_id"])
    op.create_table(
        "player_stats",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("game", sa.String(16), primary_key=True),
        sa.Column("hands", sa.Integer, nullable=False),
        sa.Column("net", sa.BigInteger, nullable=False),
        sa.Column("counts", sa.JSON, nullable=False),
        sa.Column("chart", sa.JSON, nullable=False),
        sa.Column("chart_step", sa.Integer, nullable=False),
    )
    op.create_index("ix_player_stats_game_net", "player_stats", ["game", "net"])
    conn = op.get_bind()
    tables = sa.table("tables", sa.column("id", sa.Integer), sa.column("tournament_id", sa.Integer))
    tournaments = sa.table("tournaments", sa.column("id", sa.Integer), sa.column("state", sa.JSON))
    for tid, state in conn.execute(sa.select(tournaments.c.id, tournaments.c.state)).all():
        ids = [int(t) for t in ((state or {}).get("tables") or {}).values()]
        if ids:
            conn.execute(tables.update().where(tables.c.id.in_(ids)).values(tournament_id=tid))
    _count_stored_hands(conn)


def _count_stored_hands(conn: Any) -> None:
    from dataclasses import fields

    from studpoker.server.stats.store import chart_add, merge_counts
    from studpoker.stats import Stats

    users = sa.table("users", sa.column("id", sa.Integer), sa.column("name", sa.String))
    hands = sa.table("hands", sa.column("id", sa.Integer), sa.column("table_id", sa.Integer),
                     sa.column("status", sa.String), sa.column("phh", sa.Text))
    tables = sa.table("tables", sa.column("id", sa.Integer), sa.column("tournament_id", sa.Integer))
    ids = {str(name): int(uid) for uid, name in conn.execute(sa.select(users.c.id, users.c.name)).all()}
    rows: dict[tuple[int, str], dict[str, Any]] = {}
    q = (sa.select(hands.c.phh).join(tables, tables.c.id == hands.c.table_id)
         .where(hands.c.status == "over", hands.c.phh.is_not(None), tables.c.tournament_id.is_(None))
         .order_by(hands.c.id))
    for (text,) in conn.execute(q):
        stats = Stats()
        try:
            stats.add_text(str(text), source="hand")
        except Exception:  # a history that does not read is left out
            continue
        for st in stats.players.values():
            uid = ids.get(st.name)
            if uid is None:
                continue
            counts = {f.name: getattr(st, f.name) for f in fields(st)
                      if f.name not in ("name", "game", "nets")}
            row = rows.setdefault((uid, st.game),
                                  {"hands": 0, "net": 0, "counts": {}, "chart": [0], "step": 1})
            row["hands"] += 1
            row["net"] += st.net
            row["counts"] = merge_counts(row["counts"], counts)
            row["chart"], row["step"] = chart_add(row["chart"], row["step"], row["hands"], row["net"])
    player_stats = sa.table("player_stats", sa.column("user_id", sa.Integer), sa.column("game", sa.String),
                            sa.column("hands", sa.Integer), sa.column("net", sa.BigInteger),
                            sa.column("counts", sa.JSON), sa.column("chart", sa.JSON),
                            sa.column("chart_step", sa.Integer))
    for (uid, game), row in sorted(rows.items()):
        conn.execute(player_stats.insert().values(user_id=uid, game=game, hands=row["hands"], net=row["net"],
                                                  counts=row["counts"], chart=row["chart"],
                                                  chart_step=row["step"]))


def downgrade() -> None:
    op.drop_index("ix_player_stats_game_net", table_name="player_stats")
    op.drop_table("player_stats")
    op.drop_index("ix_tables_tournament_id", table_name="tables")
    op.drop_column("tables", "tournament_id")  # (SQLite 3.35+ drops a column in place)
