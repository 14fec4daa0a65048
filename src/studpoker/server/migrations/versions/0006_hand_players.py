"""Who played each stored hand, by account id: ``user_id`` in each entry of ``hands.start``.

A hand's seats were told apart by name; a name is only a label (an account may be renamed, and
its old name taken by another), so each seat dealt in now names its account (null for a bot).
The hands stored before are given theirs from the books, never from the names: at a cash table
the account whose buy-in took that seat last before the hand began (a bot's buy-in, noted
``bot ...``, is a bot's seat); at a tournament table the entrant of that tournament seated under
that name (entrant names are the tournament's own labels, fixed at registration). A seat neither
tells is left without an account: nobody's.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-07
"""

from __future__ import annotations

import bisect
import datetime as dt
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None

_hands = sa.table("hands", sa.column("id", sa.Integer), sa.column("table_id", sa.Integer),
                  sa.column("start", sa.JSON), sa.column("started_at", sa.DateTime))


def upgrade() -> None:
    conn = op.get_bind()
    tables = sa.table("tables", sa.column("id", sa.Integer), sa.column("tournament_id", sa.Integer))
    ledger = sa.table("ledger", sa.column("id", sa.Integer), sa.column("user_id", sa.Integer),
                      sa.column("kind", sa.String), sa.column("table_id", sa.Integer),
                      sa.column("seat", sa.Integer), sa.column("note", sa.String),
                      sa.column("created_at", sa.DateTime))
    entrants = sa.table("tournament_entrants", sa.column("tournament_id", sa.Integer),
                        sa.column("name", sa.String), sa.column("user_id", sa.Integer),
                        sa.column("bot", sa.String))
    tournament_of = {int(t): tid for t, tid in conn.execute(sa.select(tables.c.id, tables.c.tournament_id))}
    entrant: dict[tuple[int, str], int | None] = {
        (int(tid), str(name)): (None if bot is not None else int(uid))
        for tid, name, uid, bot in conn.execute(sa.select(entrants.c.tournament_id, entrants.c.name,
                                                          entrants.c.user_id, entrants.c.bot))}
    # every buy-in of a seat, in order: (when, account or None for a bot)
    buy_ins: dict[tuple[int, int], tuple[list[dt.datetime], list[int | None]]] = {}
    q = (sa.select(ledger.c.table_id, ledger.c.seat, ledger.c.created_at, ledger.c.user_id, ledger.c.note)
         .where(ledger.c.kind == "buy_in", ledger.c.table_id.is_not(None), ledger.c.seat.is_not(None))
         .order_by(ledger.c.id))
    for table_id, seat, at, uid, note in conn.execute(q):
        times, who = buy_ins.setdefault((int(table_id), int(seat)), ([], []))
        times.append(at)
        who.append(None if str(note or "").startswith("bot ") else int(uid))

    def account(table_id: int, started: dt.datetime, entry: dict[str, Any]) -> int | None:
        name = str(entry.get("name", ""))
        if name.casefold().startswith("bot"):  # no account may be called so: a bot's seat
            return None
        tournament = tournament_of.get(table_id)
        if tournament is not None:
            return entrant.get((int(tournament), name))
        times, who = buy_ins.get((table_id, int(entry["seat"])), ([], []))
        i = bisect.bisect_right(times, started)
        return who[i - 1] if i else None

    updates = []
    hq = sa.select(_hands.c.id, _hands.c.table_id, _hands.c.start, _hands.c.started_at).order_by(_hands.c.id)
    for hand_id, table_id, start, started in conn.execute(hq):
        entries = [dict(e) for e in start or []]
        if all("user_id" in e for e in entries):
            continue
        for e in entries:
            if "user_id" not in e:
                e["user_id"] = account(int(table_id), started, e)
        updates.append({"h_id": hand_id, "h_start": entries})
    if updates:
        conn.execute(_hands.update().where(_hands.c.id == sa.bindparam("h_id"))
                     .values(start=sa.bindparam("h_start")), updates)


def downgrade() -> None:
    conn = op.get_bind()
    updates = [{"h_id": hand_id,
                "h_start": [{k: v for k, v in e.items() if k != "user_id"} for e in start or []]}
               for hand_id, start in conn.execute(sa.select(_hands.c.id, _hands.c.start))]
    if updates:
        conn.execute(_hands.update().where(_hands.c.id == sa.bindparam("h_id"))
                     .values(start=sa.bindparam("h_start")), updates)
