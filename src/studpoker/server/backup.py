"""``studpoker backup FILE`` / ``studpoker restore FILE``: a consistent snapshot of the room's
database taken while the server runs, and the room put back from it (docs/deploy.md).

Three kinds of file, told apart by their first bytes:

- ``sqlite``: a copy of an SQLite database made with SQLite's online backup API (the
  server keeps writing meanwhile; the copy is one consistent state of the file);
- ``pg_dump``: PostgreSQL's custom format (``pg_dump -Fc``), one snapshot of the whole
  database, restored with ``pg_restore`` in one transaction;
- ``logical``: gzip'd JSON lines written through SQLAlchemy inside one ``REPEATABLE READ``
  transaction (SQLite: read from a backup-API copy): every table's rows. For a PostgreSQL
  server newer than the ``pg_dump`` at hand (``pg_dump`` refuses to dump a newer server), or
  a database in a schema of its own (``?schema=``). It restores into PostgreSQL or SQLite
  alike (as does an SQLite file, into PostgreSQL: the way from SQLite to PostgreSQL when a
  room outgrows its file).

Each file knows its schema's Alembic revision. A restore refuses (:class:`Refused`, exit 2
on the command line), changing nothing:

- a backup whose revision this code does not know (made by a newer studpoker);
- a database that already holds rows, unless ``force`` (then they are replaced);
- a file that is none of the three kinds, or a ``pg_dump`` file for an SQLite database.

The restored database is at the backup's revision; ``studpoker serve`` migrates it forward
at start. Stop the server before restoring (a backup needs no stop).
"""

from __future__ import annotations

import base64
import datetime as dt
import gzip
import json
import os
import re
import shutil
import sqlite3
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sqlalchemy import MetaData, Table, create_engine, func, inspect, select, text
from sqlalchemy.engine import Connection, make_url

from studpoker.server.db import Database

__all__ = ["BackupFailed", "Refused", "backup", "file_kind", "known_revisions", "restore"]

LOGICAL_MAGIC = b"\x1f\x8b"  # gzip
SQLITE_MAGIC = b"SQLite format 3\x00"
PG_DUMP_MAGIC = b"PGDMP"
FORMAT = "studpoker-backup"
VERSION_TABLE = "alembic_version"
Batches = Iterator[tuple[str, list[str], list[list[Any]]]]  # (table, columns, rows) a batch at a time


class Refused(Exception):
    """A backup or restore refused for a reason the user can fix (nothing was changed)."""


class BackupFailed(Exception):
    """A backup or restore that failed on the way (a tool's error; nothing was changed)."""


def known_revisions() -> tuple[set[str], str]:
    """The Alembic revisions this code knows, and its newest (the head)."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    script = ScriptDirectory.from_config(cfg)
    head = script.get_current_head()
    assert head is not None
    return {r.revision for r in script.walk_revisions()}, head


def _check_revision(revision: str | None) -> None:
    if not revision:
        raise Refused("the backup holds no schema revision: it is not a studpoker database")
    known, head = known_revisions()
    if revision not in known:
        raise Refused(f"the backup's schema is revision {revision}, newer than this studpoker knows "
                      f"(its newest is {head}): restore it with the studpoker version that made it, or newer")


def file_kind(path: Path) -> str:
    """``sqlite``, ``pg_dump`` or ``logical`` (:class:`Refused` for anything else)."""
    try:
        with open(path, "rb") as f:
            head = f.read(16)
    except OSError as exc:
        raise Refused(f"cannot read {path}: {exc.strerror}") from None
    if head.startswith(SQLITE_MAGIC):
        return "sqlite"
    if head.startswith(PG_DUMP_MAGIC):
        return "pg_dump"
    if head.startswith(LOGICAL_MAGIC):
        return "logical"
    raise Refused(f"{path} is not a studpoker backup (an SQLite file, a pg_dump file, or a logical backup)")


def _shown(url: str) -> str:
    return make_url(url).render_as_string(hide_password=True)


def _sqlite_path(db: Database) -> str:
    path = make_url(db.url).database
    if not path or path == ":memory:":
        raise Refused("an in-memory SQLite database has nothing to back up or restore into")
    return path


# ---------------------------------------------------------------- counting and emptiness


def _user_tables(conn: Connection) -> list[str]:
    return sorted(t for t in inspect(conn).get_table_names() if t != VERSION_TABLE)


def _revision(conn: Connection) -> str | None:
    if VERSION_TABLE not in inspect(conn).get_table_names():
        return None
    row = conn.execute(text(f"SELECT version_num FROM {VERSION_TABLE}")).first()
    return str(row[0]) if row else None


def _counts(conn: Connection) -> dict[str, int]:
    meta = MetaData()
    out = {}
    for name in _user_tables(conn):
        table = Table(name, meta)
        out[name] = int(conn.execute(select(func.count()).select_from(table)).scalar_one())
    return out


def _refuse_if_not_empty(db: Database, force: bool) -> None:
    if force:
        return
    with db.engine.connect() as conn:
        full = [name for name, n in _counts(conn).items() if n]
    if full:
        raise Refused(f"the database {_shown(db.url)} is not empty (rows in {', '.join(full)}): "
                      "restore into an empty database, or add --force to replace what it holds")


# ---------------------------------------------------------------- logical files


def _encode(value: Any) -> Any:
    if isinstance(value, dt.datetime):
        return {"$dt": value.isoformat()}
    if isinstance(value, bytes):
        return {"$b64": base64.b64encode(value).decode("ascii")}
    return value


def _decode(value: Any) -> Any:
    if isinstance(value, dict) and len(value) == 1:
        if "$dt" in value:
            return dt.datetime.fromisoformat(value["$dt"])
        if "$b64" in value:
            return base64.b64decode(value["$b64"])
    return value


def _write_logical(conn: Connection, path: Path) -> tuple[str | None, dict[str, int]]:
    """Every table's rows, in the transaction of ``conn`` (one snapshot)."""
    revision = _revision(conn)
    meta = MetaData()
    meta.reflect(conn)
    tables = [t for t in meta.sorted_tables if t.name != VERSION_TABLE]
    counts: dict[str, int] = {}
    with gzip.open(path, "wt", encoding="utf-8", compresslevel=6) as out:
        out.write(json.dumps({"format": FORMAT, "version": 1, "revision": revision,
                              "tables": [t.name for t in tables]}) + "\n")
        for table in tables:
            columns = [c.name for c in table.columns]
            out.write(json.dumps({"table": table.name, "columns": columns}) + "\n")
            n = 0
            order = list(table.primary_key.columns) or list(table.columns)
            for row in conn.execute(select(table).order_by(*order)).yield_per(1000):
                out.write(json.dumps([_encode(v) for v in row], ensure_ascii=False) + "\n")
                n += 1
            counts[table.name] = n
    return revision, counts


def _logical_header(path: Path) -> dict[str, Any]:
    try:
        with gzip.open(path, "rt", encoding="utf-8") as f:
            header = json.loads(f.readline())
    except (OSError, ValueError, EOFError):
        header = None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise Refused(f"{path} is not a studpoker backup (a gzip file, but not a logical backup)")
    return header


def _logical_rows(path: Path) -> Batches:
    """``(table, columns, rows)`` in batches."""
    with gzip.open(path, "rt", encoding="utf-8") as f:
        f.readline()
        table, columns, batch = "", list[str](), list[list[Any]]()
        for line in f:
            item = json.loads(line)
            if isinstance(item, dict):
                if batch:
                    yield table, columns, batch
                table, columns, batch = item["table"], item["columns"], []
            else:
                batch.append([_decode(v) for v in item])
                if len(batch) >= 1000:
                    yield table, columns, batch
                    batch = []
        if batch:
            yield table, columns, batch


def _sqlite_rows(path: Path) -> Batches:
    """The rows of an SQLite backup file as logical batches (to restore it into PostgreSQL)."""
    engine = create_engine(f"sqlite:///{path}")
    try:
        with engine.connect() as conn:
            meta = MetaData()
            meta.reflect(conn)
            for table in meta.sorted_tables:
                if table.name == VERSION_TABLE:
                    continue
                columns = [c.name for c in table.columns]
                batch: list[list[Any]] = []
                for row in conn.execute(select(table)).yield_per(1000):
                    batch.append(list(row))
                    if len(batch) >= 1000:
                        yield table.name, columns, batch
                        batch = []
                if batch:
                    yield table.name, columns, batch
    finally:
        engine.dispose()


def _restore_rows(db: Database, revision: str, batches: Batches) -> None:
    """Drop what the database holds, build the schema at ``revision``, insert the rows: one
    transaction (on SQLite, as far as SQLite's DDL goes)."""
    from alembic import command
    from alembic.config import Config

    with db.engine.begin() as conn:
        if db.schema:
            conn.execute(text(f'CREATE SCHEMA IF NOT EXISTS "{db.schema}"'))
        old = MetaData()
        old.reflect(conn)
        old.drop_all(conn)
        cfg = Config()
        cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)
        meta = MetaData()
        meta.reflect(conn)
        for name, columns, rows in batches:
            table = meta.tables.get(name)
            if table is None:
                raise Refused(f"the backup has a table {name!r} its schema revision {revision} does not have")
            conn.execute(table.insert(), [dict(zip(columns, row, strict=True)) for row in rows])
        if conn.dialect.name == "postgresql":  # the id sequences go on after the highest id restored
            for table in meta.sorted_tables:
                if "id" in table.columns and table.columns["id"].primary_key:
                    conn.execute(text(
                        "SELECT setval(pg_get_serial_sequence(:t, 'id'), "
                        f'COALESCE((SELECT MAX(id) FROM "{table.name}"), 0) + 1, false)'), {"t": table.name})


# ---------------------------------------------------------------- PostgreSQL tools


def _pg_args(db: Database) -> tuple[list[str], dict[str, str]]:
    """libpq arguments and environment of ``db`` (the password in ``PGPASSWORD``, not argv)."""
    u = make_url(db.url)
    args = ["--dbname", u.database or "postgres"]
    if u.host:
        args += ["--host", u.host]
    if u.port:
        args += ["--port", str(u.port)]
    if u.username:
        args += ["--username", u.username]
    env = dict(os.environ)
    if u.password:
        env["PGPASSWORD"] = str(u.password)
    return args, env


def _tool_major(tool: str) -> int | None:
    """The major version of a PostgreSQL client tool on the PATH (None: not there)."""
    exe = shutil.which(tool)
    if exe is None:
        return None
    try:
        out = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    m = re.search(r"(\d+)(?:\.\d+)?", out)
    return int(m.group(1)) if m else None


def _server_major(conn: Connection) -> int:
    return int(conn.execute(text("SELECT current_setting('server_version_num')::int")).scalar_one()) // 10000


def _pg_dump_revision(path: Path) -> str | None:
    """The Alembic revision inside a ``pg_dump -Fc`` file (read with ``pg_restore``)."""
    exe = shutil.which("pg_restore")
    if exe is None:
        raise BackupFailed("pg_restore is not installed (Debian: apt-get install postgresql-client)")
    proc = subprocess.run([exe, "--data-only", f"--table={VERSION_TABLE}", "--file=-", str(path)],
                          capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        raise Refused(f"pg_restore cannot read {path}: {proc.stderr.strip()[:300]}")
    lines = proc.stdout.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("COPY ") and VERSION_TABLE in line and i + 1 < len(lines):
            value = lines[i + 1].strip()
            return value if value and value != "\\." else None
    return None


# ---------------------------------------------------------------- backup


def backup(db_url: str, path: str | Path, *, method: str = "auto") -> dict[str, Any]:
    """Write a consistent snapshot of ``db_url`` to ``path`` (replaced only once it is whole).

    ``method``: ``auto`` (SQLite: its backup API; PostgreSQL: ``pg_dump`` when its version is at
    least the server's and the database has no schema of its own, else ``logical``),
    ``pg_dump`` or ``logical``. Returns what was written: file, format, revision, rows per table.
    """
    if method not in ("auto", "pg_dump", "logical"):
        raise Refused(f"unknown backup method {method!r}: auto, pg_dump or logical")
    target = Path(path)
    db = Database(db_url)
    tmp = Path(tempfile.mkstemp(prefix=".backup-", dir=target.parent if target.parent.is_dir() else None)[1])
    try:
        if not target.parent.is_dir():
            raise Refused(f"no such directory: {target.parent}")
        if db.is_sqlite and method == "pg_dump":
            raise Refused("pg_dump backs up PostgreSQL; an SQLite database is copied with its backup API")
        if method == "logical":
            out = _backup_logical(db, tmp)
        elif db.is_sqlite:
            out = _backup_sqlite(db, tmp)
        else:
            out = _backup_postgres(db, tmp, method)
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)
        db.dispose()
    return {"ok": True, "file": str(target), "database": _shown(db_url), "bytes": target.stat().st_size,
            **out}


def _backup_sqlite(db: Database, tmp: Path) -> dict[str, Any]:
    source = _sqlite_path(db)
    if not os.path.exists(source):
        raise Refused(f"no SQLite database at {source}")
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=30)
    dst = sqlite3.connect(tmp)
    try:
        src.backup(dst)  # the online backup API: one consistent state, the server writing meanwhile
    finally:
        dst.close()
        src.close()
    engine = create_engine(f"sqlite:///{tmp}")
    try:
        with engine.connect() as conn:
            return {"format": "sqlite", "revision": _revision(conn), "rows": _counts(conn)}
    finally:
        engine.dispose()


def _backup_logical(db: Database, tmp: Path) -> dict[str, Any]:
    if db.is_sqlite:  # one state of the file first (SQLite's backup API), then its rows
        copy = tmp.with_name(tmp.name + ".sqlite")
        try:
            _backup_sqlite(db, copy)
            engine = create_engine(f"sqlite:///{copy}")
            try:
                with engine.connect() as conn:
                    revision, counts = _write_logical(conn, tmp)
            finally:
                engine.dispose()
        finally:
            copy.unlink(missing_ok=True)
    else:
        with db.engine.connect().execution_options(isolation_level="REPEATABLE READ") as conn, conn.begin():
            conn.execute(text("SET TRANSACTION READ ONLY"))
            revision, counts = _write_logical(conn, tmp)
    return {"format": "logical", "revision": revision, "rows": counts}


def _backup_postgres(db: Database, tmp: Path, method: str) -> dict[str, Any]:
    with db.engine.connect() as probe:
        server = _server_major(probe)
    tool = _tool_major("pg_dump")
    if method == "auto":
        use_dump = tool is not None and tool >= server and not db.schema
        if not use_dump:
            return _backup_logical(db, tmp)
    elif tool is None:
        raise BackupFailed("pg_dump is not installed (Debian: apt-get install postgresql-client); "
                           "or use --method logical")
    elif tool < server:
        raise BackupFailed(f"pg_dump {tool} cannot dump a PostgreSQL {server} server; use --method logical")
    elif db.schema:
        raise Refused("pg_dump backs up whole databases; a database in a schema of its own (?schema=): "
                      "use --method logical")
    # one snapshot for pg_dump and for the counts: the transaction's, exported
    with db.engine.connect().execution_options(isolation_level="REPEATABLE READ") as conn, conn.begin():
        conn.execute(text("SET TRANSACTION READ ONLY"))
        snapshot = conn.execute(text("SELECT pg_export_snapshot()")).scalar_one()
        revision, counts = _revision(conn), _counts(conn)
        args, env = _pg_args(db)
        exe = shutil.which("pg_dump")
        assert exe is not None
        proc = subprocess.run([exe, "--format=custom", "--no-owner", "--no-privileges",
                               f"--snapshot={snapshot}", f"--file={tmp}", *args],
                              capture_output=True, text=True, env=env, timeout=3600)
    if proc.returncode != 0:
        if method == "auto" and "version mismatch" in proc.stderr:
            return _backup_logical(db, tmp)
        raise BackupFailed(f"pg_dump failed: {proc.stderr.strip()[:500]}")
    return {"format": "pg_dump", "revision": revision, "rows": counts}


# ---------------------------------------------------------------- restore


def restore(db_url: str, path: str | Path, *, force: bool = False) -> dict[str, Any]:
    """Put the database ``db_url`` back to the backup ``path`` (see the module's refusals)."""
    source = Path(path)
    kind = file_kind(source)
    db = Database(db_url)
    try:
        if kind == "sqlite":
            engine = create_engine(f"sqlite:///{source}")
            try:
                with engine.connect() as conn:
                    revision = _revision(conn)
            finally:
                engine.dispose()
        elif kind == "logical":
            revision = _logical_header(source).get("revision")
        else:
            if db.is_sqlite:
                raise Refused("a pg_dump backup restores into PostgreSQL only "
                              "(make one with --method logical to restore it into SQLite)")
            revision = _pg_dump_revision(source)
        _check_revision(revision)
        assert revision is not None
        if db.is_sqlite:
            target = _sqlite_path(db)
            if os.path.exists(target):
                _refuse_if_not_empty(db, force)
        else:
            _refuse_if_not_empty(db, force)
        if kind == "sqlite" and db.is_sqlite:
            db.dispose()
            src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
            dst = sqlite3.connect(_sqlite_path(db), timeout=30)
            try:
                src.backup(dst)  # the target's pages replaced in one go
            finally:
                dst.close()
                src.close()
        elif kind == "pg_dump":
            _pg_restore(db, source)
        else:
            _restore_rows(db, revision, _logical_rows(source) if kind == "logical" else _sqlite_rows(source))
        with db.engine.connect() as conn:
            counts = _counts(conn)
    finally:
        db.dispose()
    return {"ok": True, "file": str(source), "database": _shown(db_url), "format": kind, "revision": revision,
            "rows": counts}


def _pg_restore(db: Database, source: Path) -> None:
    if db.schema:
        raise Refused("a pg_dump backup restores whole databases; a database in a schema of its own "
                      "(?schema=) takes a logical backup")
    exe = shutil.which("pg_restore")
    if exe is None:
        raise BackupFailed("pg_restore is not installed (Debian: apt-get install postgresql-client)")
    db.dispose()
    args, env = _pg_args(db)
    # --clean drops what the backup holds before it is created again; one transaction: all or nothing
    proc = subprocess.run([exe, "--clean", "--if-exists", "--no-owner", "--no-privileges",
                           "--single-transaction", "--exit-on-error", *args, str(source)],
                          capture_output=True, text=True, env=env, timeout=3600)
    if proc.returncode != 0:
        raise BackupFailed(f"pg_restore failed: {proc.stderr.strip()[:500]}")
