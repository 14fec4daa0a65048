"""Persistence on SQLite and on the local PostgreSQL: migrations, resume after a restart, the audit."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import inspect, select, text, update

from _server_support import (
    STUD,
    WALL,
    ServerThread,
    audit_ok,
    db_params,
    db_url,
    need_pg,
    pg_database_url,
    pg_schema_url,
    run,
    seated_table,
    wait_until,
)
from studpoker.bots import make_bot
from studpoker.server.client import Client, play_bot
from studpoker.server.db import Database, HandEventRow, HandRow, SeatRow, UserRow


def _head() -> str:
    """The newest migration (one head: migrations form a line)."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    import studpoker.server.db as dbmod

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(dbmod.__file__).parent / "migrations"))
    heads = ScriptDirectory.from_config(cfg).get_heads()
    assert len(heads) == 1, heads
    return str(heads[0])


@pytest.mark.parametrize("kind", db_params())
def test_migrations_create_the_schema_once(kind: str, tmp_path: Path) -> None:
    with db_url(kind, tmp_path) as url:
        db = Database(url)
        db.migrate()
        db.migrate()  # idempotent
        names = set(inspect(db.engine).get_table_names(schema=db.schema))
        assert {"users", "tokens", "ledger", "tables", "seats", "hands", "hand_events",
                "alembic_version"} <= names
        with db.engine.connect() as conn:
            assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == _head()
        db.dispose()


_MIGRATE_AT = """
import sys, time
from studpoker.server.db import Database
url, at = sys.argv[1], float(sys.argv[2])
db = Database(url)
time.sleep(max(0.0, at - time.time()))
db.migrate()
db.dispose()
"""


@pytest.mark.slow
@pytest.mark.parametrize("fresh", ["database", "schema"])
def test_three_processes_migrate_a_fresh_postgresql_database_at_once(fresh: str) -> None:
    """Issue 22 s.1 item 2: cold starts race on the migrations (``UniqueViolation ...
    alembic_version``); a database lock around them lets one migrate and the others find the
    schema at its newest revision. Three cold starts of three processes each."""
    need_pg()
    for _ in range(3):
        with pg_database_url() if fresh == "database" else pg_schema_url() as url:
            at = time.time() + 3.0  # every process has imported everything by then
            procs = [subprocess.Popen([sys.executable, "-c", _MIGRATE_AT, url, str(at)],
                                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
                     for _ in range(3)]
            outs = [proc.communicate(timeout=180)[0] for proc in procs]
            for proc, out in zip(procs, outs, strict=True):
                assert proc.returncode == 0, out[-3000:]
            db = Database(url)
            try:
                with db.engine.connect() as conn:
                    assert conn.execute(text("SELECT version_num FROM alembic_version")).scalars().all() \
                        == [_head()]
            finally:
                db.dispose()


@pytest.mark.parametrize("kind", db_params())
def test_restart_resumes_the_hand_where_it_stood(kind: str, tmp_path: Path) -> None:
    """A server stopped mid-hand comes back with the same hand, cards and decision pending."""
    with db_url(kind, tmp_path) as url:
        with ServerThread(url) as srv:
            async def first() -> tuple[int, list[str], dict[str, Any]]:
                tid, clients = await seated_table(srv.url, WALL, 3)
                await wait_until(lambda: all(c.tables[tid].hand is not None for c in clients),
                                 what="a hand at every client")
                # play a few decisions, then stop in the middle of the hand
                for _ in range(4):
                    for c in clients:
                        turn = c.my_turn(tid)
                        if turn is not None:
                            hand, _ = turn
                            game = c.tables[tid].game
                            await c.act(tid, hand, make_bot("station").act(hand.seat_view(game)))
                            await wait_until(lambda h=hand: all(  # type: ignore[misc]
                                x.tables[tid].hand.version >= h.version for x in clients))
                            break
                mine = clients[1].tables[tid].hand
                before = {"id": mine.id, "version": mine.version, "view": mine.view}
                tokens = [c.token for c in clients]
                for c in clients:
                    await c.close()
                return tid, tokens, before

            tid, tokens, before = run(first())
        with ServerThread(url) as srv:
            async def second() -> None:
                clients = [Client(srv.url, token=t, record=True) for t in tokens]
                for c in clients:
                    await c.connect()
                    await c.request({"type": "watch", "table": tid})
                again = clients[1].tables[tid].hand
                assert again is not None
                assert (again.id, again.version) == (before["id"], before["version"])
                assert again.view["players"] == before["view"]["players"]  # same cards, same chips
                assert again.view["to_act"] == before["view"]["to_act"]
                await asyncio.gather(*(play_bot(c, tid, make_bot("random", seed=i), hands=3)
                                       for i, c in enumerate(clients)))
                for c in clients:
                    await c.request({"type": "leave", "table": tid})
                    await c.close()

            run(second())
        assert audit_ok(url) == []
        db = Database(url)
        with db.session() as s:
            assert s.scalar(select(HandRow.status).where(HandRow.id == before["id"])) == "over"
        db.dispose()


@pytest.mark.parametrize("kind", db_params())
def test_audit_finds_every_kind_of_mismatch(kind: str, tmp_path: Path) -> None:
    with db_url(kind, tmp_path) as url:
        with ServerThread(url) as srv:
            async def play() -> None:
                tid, clients = await seated_table(srv.url, STUD, 3)
                await asyncio.gather(*(play_bot(c, tid, make_bot("random", seed=i), hands=3)
                                       for i, c in enumerate(clients)))
                for c in clients:
                    await c.close()  # still seated: a hand is live

            run(play())
        assert audit_ok(url) == []
        db = Database(url)
        with db.session() as s:
            user = s.scalars(select(UserRow)).first()
            assert user is not None
            s.execute(update(UserRow).where(UserRow.id == user.id).values(balance=UserRow.balance + 1))
            s.commit()
        problems = audit_ok(url)
        assert any("do not add up" in p for p in problems)
        assert any("!= ledger" in p for p in problems)
        with db.session() as s:
            s.execute(update(UserRow).where(UserRow.id == user.id).values(balance=UserRow.balance - 1))
            seat = s.scalars(select(SeatRow)).first()
            assert seat is not None
            s.execute(update(SeatRow).where(SeatRow.table_id == seat.table_id, SeatRow.seat == seat.seat)
                      .values(chips=SeatRow.chips + 5))
            s.commit()
        assert audit_ok(url)
        with db.session() as s:
            s.execute(update(SeatRow).where(SeatRow.table_id == seat.table_id, SeatRow.seat == seat.seat)
                      .values(chips=SeatRow.chips - 5))
            s.commit()
        assert audit_ok(url) == []
        with db.session() as s:  # a forged action in a live hand's history
            live = s.scalars(select(HandRow).where(HandRow.status == "live")).first()
            assert live is not None
            n = len(s.scalars(select(HandEventRow).where(HandEventRow.hand_id == live.id)).all())
            s.add(HandEventRow(hand_id=live.id, idx=n, kind="act", source="player",
                               data={"seat": 0, "kind": "raise", "amount": 999, "slot": 0}))
            s.commit()
        assert any("cannot be replayed" in p for p in audit_ok(url))
        db.dispose()
