"""``studpoker backup`` / ``studpoker restore`` (studpoker/server/backup.py, docs/deploy.md): a
consistent snapshot taken while the server deals hands (SQLite's online backup API, pg_dump,
a logical copy), put back into an empty database; a newer schema and a database holding rows
are refused with exit 2 and nothing changed."""

from __future__ import annotations

import asyncio
import gzip
import json
import os
import shutil
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

import pytest

from _server_support import (
    STUD,
    STUDPOKER,
    ServerProcess,
    audit_ok,
    free_port,
    need_pg,
    pg_database_url,
    pg_schema_url,
    run,
    seated_table,
    wait_until,
)
from studpoker.bots import make_bot
from studpoker.server.backup import known_revisions
from studpoker.server.client import play_bot
from studpoker.server.db import Database, HandRow, UserRow

HEAD = known_revisions()[1]
"""The newest schema revision this code knows (what a backup of a current database carries)."""


def cli(*args: str, env: dict[str, str] | None = None) -> tuple[int, dict[str, Any]]:
    proc = subprocess.run([STUDPOKER, *args, "--json"], capture_output=True, text=True, timeout=600, env=env)
    assert proc.stdout.strip(), proc.stderr
    return proc.returncode, json.loads(proc.stdout)


def hands_in(url: str) -> int:
    db = Database(url)
    try:
        with db.session() as s:
            return s.query(HandRow).count()
    finally:
        db.dispose()


def backup_during_a_night(db_url: str, tmp_path: Path, file: Path, *extra: str,
                          env: dict[str, str] | None = None) -> dict[str, Any]:
    """Run a server on ``db_url`` whose two players play on, and back it up while they do."""
    server = ServerProcess(db_url, free_port(), tmp_path / "server.log")
    server.start()
    try:
        async def main() -> dict[str, Any]:
            tid, clients = await seated_table(server.url, STUD, 2, buy_in=500)
            stop = asyncio.Event()
            bots = [asyncio.ensure_future(play_bot(c, tid, make_bot("random", seed=i), stop=stop))
                    for i, c in enumerate(clients)]

            def ended() -> int:
                return sum(1 for m in clients[0].received if m.get("type") == "hand_end")

            await wait_until(lambda: ended() >= 3, timeout=120, what="three hands")
            proc = await asyncio.create_subprocess_exec(
                STUDPOKER, "backup", str(file), "--db", db_url, "--json", *extra,
                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, env=env)
            out, err = await proc.communicate()
            assert proc.returncode == 0, err.decode()
            before = ended()
            await wait_until(lambda: ended() >= before + 2, timeout=120, what="hands after the backup")
            stop.set()
            await asyncio.gather(*bots, return_exceptions=True)
            for c in clients:
                await c.close()
            result: dict[str, Any] = json.loads(out)
            return result

        out: dict[str, Any] = run(main(), timeout=300)
    finally:
        server.stop()
    return out


def check_restored(url: str, out: dict[str, Any]) -> None:
    """The restored database holds the snapshot's rows, and its chips add up (R-free: the audit)."""
    assert audit_ok(url) == []
    db = Database(url)
    try:
        with db.session() as s:
            assert s.query(UserRow).count() == out["rows"]["users"] >= 2
            assert s.query(HandRow).count() == out["rows"]["hands"] >= 3
    finally:
        db.dispose()


def test_sqlite_backup_while_the_server_deals_and_restore(tmp_path: Path) -> None:
    live = f"sqlite:///{tmp_path / 'live.db'}"
    file = tmp_path / "night.bak"
    out = backup_during_a_night(live, tmp_path, file)
    assert out["ok"] and out["format"] == "sqlite" and out["revision"] == HEAD
    assert file.read_bytes().startswith(b"SQLite format 3\x00")
    assert hands_in(live) > out["rows"]["hands"]  # the night went on after the snapshot
    copy = f"sqlite:///{tmp_path / 'copy.db'}"
    code, restored = cli("restore", str(file), "--db", copy)
    assert code == 0 and restored["format"] == "sqlite" and restored["rows"] == out["rows"]
    check_restored(copy, out)
    # a database that holds rows is refused without --force, and left as it was
    code, refused = cli("restore", str(file), "--db", live)
    assert code == 2 and not refused["ok"] and "not empty" in refused["error"] and "--force" in refused["error"]
    code, again = cli("restore", str(file), "--db", live, "--force")
    assert code == 0 and again["rows"] == out["rows"]
    check_restored(live, out)


def test_a_newer_schema_is_refused_and_nothing_changes(tmp_path: Path) -> None:
    src = f"sqlite:///{tmp_path / 'a.db'}"
    Database(src).migrate()
    file = tmp_path / "a.bak"
    assert cli("backup", str(file), "--db", src)[0] == 0
    with sqlite3.connect(file) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999_from_the_future'")
    target = tmp_path / "b.db"
    code, out = cli("restore", str(file), "--db", f"sqlite:///{target}")
    assert code == 2 and "9999_from_the_future" in out["error"] and "newer" in out["error"]
    assert not target.exists() or target.stat().st_size == 0
    # the same for a logical backup, and without --json a clear line on stderr
    logical = tmp_path / "a.jsonl.gz"
    assert cli("backup", str(logical), "--db", src, "--method", "logical")[0] == 0
    with gzip.open(logical, "rt") as f:
        lines = f.read().splitlines()
    header = json.loads(lines[0])
    assert header["revision"] == HEAD
    header["revision"] = "0042"
    with gzip.open(logical, "wt") as f:
        f.write("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    proc = subprocess.run([STUDPOKER, "restore", str(logical), "--db", f"sqlite:///{target}"],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 2 and "revision 0042, newer than this studpoker knows" in proc.stderr


def test_what_is_not_a_backup_is_refused(tmp_path: Path) -> None:
    junk = tmp_path / "junk.bak"
    junk.write_text("hello")
    code, out = cli("restore", str(junk), "--db", f"sqlite:///{tmp_path / 'x.db'}")
    assert code == 2 and "not a studpoker backup" in out["error"]
    code, out = cli("restore", str(tmp_path / "missing.bak"), "--db", f"sqlite:///{tmp_path / 'x.db'}")
    assert code == 2 and "cannot read" in out["error"]
    code, out = cli("backup", str(tmp_path / "b.bak"), "--db", f"sqlite:///{tmp_path / 'absent.db'}")
    assert code == 2 and "no SQLite database" in out["error"]


def test_logical_backup_of_sqlite_restores_into_sqlite(tmp_path: Path) -> None:
    live = f"sqlite:///{tmp_path / 'live.db'}"
    file = tmp_path / "night.jsonl.gz"
    out = backup_during_a_night(live, tmp_path, file, "--method", "logical")
    assert out["format"] == "logical"
    copy = f"sqlite:///{tmp_path / 'copy.db'}"
    code, restored = cli("restore", str(file), "--db", copy)
    assert code == 0 and restored["rows"] == out["rows"], restored
    check_restored(copy, out)


def test_postgres_pg_dump_while_the_server_deals_and_restore(tmp_path: Path) -> None:
    need_pg()
    file = tmp_path / "night.dump"
    with pg_database_url() as live:
        out = backup_during_a_night(live, tmp_path, file)
        assert out["format"] == "pg_dump" and file.read_bytes().startswith(b"PGDMP")
        with pg_database_url() as copy:
            code, restored = cli("restore", str(file), "--db", copy)
            assert code == 0 and restored["format"] == "pg_dump" and restored["rows"] == out["rows"]
            check_restored(copy, out)
            code, refused = cli("restore", str(file), "--db", copy)
            assert code == 2 and "not empty" in refused["error"]
            assert cli("restore", str(file), "--db", copy, "--force")[0] == 0
            check_restored(copy, out)
            # the server starts on the restored database and goes on from its ids
            server = ServerProcess(copy, free_port(), tmp_path / "after.log")
            server.start()
            try:
                async def one_more() -> None:
                    _, clients = await seated_table(server.url, STUD, 2)
                    for c in clients:
                        await c.close()

                run(one_more())
            finally:
                server.stop()
        # a pg_dump file does not go into SQLite
        code, out2 = cli("restore", str(file), "--db", f"sqlite:///{tmp_path / 's.db'}")
        assert code == 2 and "PostgreSQL only" in out2["error"]


def test_postgres_logical_copy_when_pg_dump_is_older_than_the_server(tmp_path: Path) -> None:
    """A pg_dump older than the server cannot dump it: auto falls back to a logical copy through
    SQLAlchemy (a pg_dump of version 9 stands in front on the PATH)."""
    need_pg()
    fake = tmp_path / "bin"
    fake.mkdir()
    script = fake / "pg_dump"
    script.write_text("#!/bin/sh\n"
                      "if [ \"$1\" = --version ]; then echo 'pg_dump (PostgreSQL) 9.6.24'; exit 0; fi\n"
                      "echo 'pg_dump: error: aborting because of server version mismatch' >&2; exit 1\n")
    script.chmod(0o755)
    env = dict(os.environ, PATH=f"{fake}:{os.environ['PATH']}")
    assert shutil.which("pg_dump", path=env["PATH"]) == str(script)
    file = tmp_path / "night.bak"
    with pg_schema_url() as live:
        out = backup_during_a_night(live, tmp_path, file, env=env)
        assert out["format"] == "logical"
        with pg_schema_url() as copy:
            code, restored = cli("restore", str(file), "--db", copy)
            assert code == 0 and restored["format"] == "logical" and restored["rows"] == out["rows"]
            check_restored(copy, out)
        # the explicit method says why it cannot
        code, failed = cli("backup", str(tmp_path / "x.dump"), "--db", live, "--method", "pg_dump", env=env)
        assert code == 1 and "use --method logical" in failed["error"]


def test_a_room_outgrowing_sqlite_moves_to_postgres(tmp_path: Path) -> None:
    """An SQLite backup restores into PostgreSQL (rows copied through SQLAlchemy); the server runs on it."""
    need_pg()
    live = f"sqlite:///{tmp_path / 'live.db'}"
    file = tmp_path / "night.bak"
    out = backup_during_a_night(live, tmp_path, file)
    with pg_schema_url() as pg:
        code, restored = cli("restore", str(file), "--db", pg)
        assert code == 0 and restored["rows"] == out["rows"]
        check_restored(pg, out)
        server = ServerProcess(pg, free_port(), tmp_path / "pg.log")
        server.start()
        try:
            async def one_more() -> None:
                _, clients = await seated_table(server.url, STUD, 2)
                for c in clients:
                    await c.close()

            run(one_more())
        finally:
            server.stop()
        assert audit_ok(pg) == []


@pytest.mark.parametrize("method", ["sqlite-only", "nonsense"])
def test_bad_methods_are_refused(tmp_path: Path, method: str) -> None:
    src = f"sqlite:///{tmp_path / 'a.db'}"
    Database(src).migrate()
    arg = "pg_dump" if method == "sqlite-only" else method
    code, out = cli("backup", str(tmp_path / "x.bak"), "--db", src, "--method", arg)
    assert code == 2 and out["error"]
    assert not (tmp_path / "x.bak").exists()
