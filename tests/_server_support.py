"""Shared helpers of the server tests: a real server in a thread, database URLs, clients."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from studpoker.server import Settings, create_app

STUDPOKER = str(Path(sys.executable).with_name("studpoker"))
PG_BASE = os.environ.get("STUDPOKER_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")
# the Redis database the cluster tests use (each developer or CI job its own number)
REDIS_URL = os.environ.get("STUDPOKER_TEST_REDIS", "redis://127.0.0.1:6379/0")

FAST = Settings(hand_delay=0, start_delay=0.3, bot_delay=0, rate_per_second=10_000, rate_burst=10_000,
                guests_per_ip=100_000, sockets_per_ip=100_000, registrations_per_ip=100_000)

STUD = {"game": "stud", "ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10}
WALL = {"game": "wallstreet", "ante": 1, "limits": [2, 2, 4, 4, 4]}
STUD8 = {**STUD, "game": "stud8"}
RAZZ = {**STUD, "game": "razz"}


def table_config(game: dict[str, Any], **kw: Any) -> dict[str, Any]:
    cfg: dict[str, Any] = {"name": "t", "game": game, "action_time": 30, "time_bank": 0,
                           "min_buy_in": 20, "max_buy_in": 2000}
    cfg.update(kw)
    return cfg


def pg_available() -> bool:
    try:
        import psycopg

        with psycopg.connect(PG_BASE.replace("postgresql://", "postgresql://", 1), connect_timeout=3):
            return True
    except Exception:
        return False


@contextlib.contextmanager
def pg_schema_url() -> Iterator[str]:
    """A PostgreSQL URL with a fresh schema of its own, dropped afterwards."""
    import psycopg

    schema = "studpoker_test_" + uuid.uuid4().hex[:12]
    try:
        yield f"{PG_BASE}?schema={schema}"
    finally:
        with psycopg.connect(PG_BASE, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


def redis_available() -> bool:
    try:
        import redis

        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=3).ping()
        return True
    except Exception:
        return False


def need_cluster_services() -> None:
    """The cluster tests need PostgreSQL and Redis on localhost: they fail, never skip, without."""
    if not pg_available():
        pytest.fail(f"the cluster tests need PostgreSQL at {PG_BASE} ($STUDPOKER_TEST_PG)")
    if not redis_available():
        pytest.fail(f"the cluster tests need Redis at {REDIS_URL} ($STUDPOKER_TEST_REDIS)")


def lease_owner(prefix: str, table_id: int) -> str | None:
    """The process holding a table's lease in a test cluster (``--redis-prefix prefix``)."""
    import redis

    value = redis.Redis.from_url(REDIS_URL, decode_responses=True).get(f"{prefix}:lease:{table_id}")
    return str(value) if value is not None else None


def cluster_prefix() -> str:
    """A Redis prefix of its own for one test's cluster."""
    return "studpoker-test-" + uuid.uuid4().hex[:10]


@contextlib.contextmanager
def pg_database_url() -> Iterator[str]:
    """A PostgreSQL URL of a fresh database of its own (no schema in it yet), dropped afterwards."""
    import psycopg
    from sqlalchemy.engine import make_url

    name = "studpoker_test_" + uuid.uuid4().hex[:12]
    with psycopg.connect(PG_BASE, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield make_url(PG_BASE).set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(PG_BASE, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def need_pg() -> None:
    """Skip without a PostgreSQL server on localhost, except under CI (``CI`` set): fail there."""
    if not pg_available():
        if os.environ.get("CI"):
            pytest.fail("no PostgreSQL at postgresql://postgres@127.0.0.1:5432/test ($STUDPOKER_TEST_PG)")
        pytest.skip("no PostgreSQL on localhost")


def db_params() -> list[Any]:
    return ["sqlite", pytest.param("postgresql", marks=pytest.mark.skipif(
        not pg_available() and not os.environ.get("CI"), reason="no PostgreSQL on localhost"))]


@contextlib.contextmanager
def db_url(kind: str, tmp_path: Any) -> Iterator[str]:
    if kind == "sqlite":
        yield f"sqlite:///{tmp_path / 'test.db'}"
    else:
        with pg_schema_url() as url:
            yield url


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class ServerThread:
    """A real uvicorn server on a free port, in a thread of the test process."""

    def __init__(self, db: str, settings: Settings = FAST, **kw: Any) -> None:
        from studpoker.server.http import server_config

        self.app = create_app(db, settings, **kw)
        self.port = free_port()
        config = server_config(self.app, settings=settings, host="127.0.0.1", port=self.port,
                               log_level="warning", ws_max_size=1 << 20, lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def manager(self) -> Any:
        return self.app.state.services.manager

    def __enter__(self) -> ServerThread:
        self.thread.start()
        deadline = time.time() + 30
        while not self.server.started:
            if time.time() > deadline or not self.thread.is_alive():
                raise RuntimeError("server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)


def run(coro: Any, timeout: float = 120) -> Any:
    return asyncio.run(asyncio.wait_for(coro, timeout))


async def wait_until(cond: Any, timeout: float = 20, what: str = "condition") -> None:
    deadline = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)


async def guest(url: str, *, record: bool = True) -> Any:
    from studpoker.server.client import Client

    c = Client(url, record=record)
    await c.guest()
    await c.connect()
    return c


async def seated_table(url: str, game: dict[str, Any], n: int, *, buy_in: int = 200,
                       **cfg: Any) -> tuple[int, list[Any]]:
    """A new table with ``n`` guests seated at seats 0..n-1 (the first one owns it)."""
    clients = [await guest(url) for _ in range(n)]
    info = await clients[0].create_table(table_config(game, **cfg))
    tid = info["id"]
    for i, c in enumerate(clients):
        await c.request({"type": "sit", "table": tid, "seat": i, "buy_in": buy_in,
                         "invite": info.get("invite_code")})
    return tid, clients


def hands_dealt_into(client: Any, table: int | None = None) -> set[int]:
    """The ids of the hands ``client`` was dealt into (at ``table``, or anywhere), from the
    ``hand_end`` messages it received. ``play_bot`` counts every hand that ended at the table:
    one begun before the bot sat down, or dealt while it sat out busted, is not its own."""
    return {m["hand"] for m in client.received
            if m.get("type") == "hand_end" and (table is None or m.get("table") == table)
            and client.tables[m["table"]].info.get("you") in m["seats"]}


def audit_ok(db: str) -> list[str]:
    from studpoker.server.db import Database
    from studpoker.server.ledger import audit

    database = Database(db)
    try:
        return audit(database)
    finally:
        database.dispose()


class ServerProcess:
    def __init__(self, url: str, port: int, log: Path, extra: list[str] | None = None) -> None:
        self.db, self.port, self.log = url, port, log
        self.extra = list(extra or [])
        self.url = f"http://127.0.0.1:{port}"
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.launch()
        self.wait_ready()

    def launch(self) -> None:
        """Start the process (without waiting for it to answer)."""
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(
                [STUDPOKER, "serve", "--port", str(self.port), "--db", self.db, "--hand-delay", "0",
                 "--bot-delay", "0", "--log-level", "warning", "--rate", "10000", "--burst", "10000",
                 "--guests-per-ip", "100000", "--sockets-per-ip", "100000", *self.extra],
                stdout=log, stderr=subprocess.STDOUT)

    def wait_ready(self, timeout: float = 90) -> None:
        """Wait until the process answers ``/api/health``."""
        assert self.proc is not None
        deadline = time.time() + timeout
        while True:
            try:
                if httpx.get(f"{self.http}/api/health", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            assert self.proc.poll() is None, self.log.read_text()[-3000:]
            assert time.time() < deadline, "server did not start"
            time.sleep(0.1)

    def kill(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()


@contextlib.contextmanager
def running_cluster(tmp_path: Path, n: int = 3,
                    extra: Sequence[str] = ()) -> Iterator[tuple[str, str, list[ServerProcess]]]:
    """``n`` ``studpoker serve --redis`` processes on a fresh PostgreSQL schema and a Redis prefix of
    their own, started at once: ``(database URL, prefix, processes)``. Stopped (those still alive)
    and their Redis keys deleted afterwards."""
    prefix = cluster_prefix()
    with pg_schema_url() as url:
        procs = [ServerProcess(url, free_port(), tmp_path / f"server{i}.log",
                               ["--redis", REDIS_URL, "--redis-prefix", prefix, *extra]) for i in range(n)]
        try:
            for proc in procs:
                proc.launch()
            for proc in procs:
                proc.wait_ready()
            yield url, prefix, procs
        finally:
            for proc in procs:
                proc.stop()
            forget_cluster(prefix)


def forget_cluster(prefix: str) -> None:
    """Delete a test cluster's Redis keys (``{prefix}:...``)."""
    import redis

    r = redis.Redis.from_url(REDIS_URL)
    keys = list(r.scan_iter(match=f"{prefix}:*", count=1000))
    if keys:
        r.delete(*keys)
