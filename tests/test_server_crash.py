"""Crash test: a real server process is SIGKILLed mid-hand again and again; after each restart
the hands resume where they stood, play on and finish, and ``studpoker audit`` passes."""

from __future__ import annotations

import asyncio
import contextlib
import random
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from _server_support import STUD, STUDPOKER, WALL, ServerProcess, db_params, db_url, free_port, table_config
from studpoker.bots import make_bot
from studpoker.server.client import Client, play_bot
from studpoker.server.db import Database, HandEventRow, HandRow


def closed_tables(url: str) -> set[int]:
    from studpoker.server.db import TableRow

    db = Database(url)
    try:
        with db.session() as s:
            return {t.id for t in s.query(TableRow).filter(TableRow.closed.is_(True))}
    finally:
        db.dispose()


async def resilient(base: str, token: str, body: Any, stop: asyncio.Event) -> None:
    """Run ``body(client)`` and reconnect (same token) whenever the server goes away."""
    while not stop.is_set():
        client = Client(base, token=token)
        try:
            await client.connect()
            await body(client)
        except Exception:
            await asyncio.sleep(0.05)
        finally:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(client.close(), 2)


@pytest.mark.parametrize("kind", db_params())
def test_sigkill_mid_hand_then_resume(kind: str, tmp_path: Path) -> None:
    kills = 2
    rng = random.Random(11)
    with db_url(kind, tmp_path) as url:
        server = ServerProcess(url, free_port(), tmp_path / "server.log")
        server.start()
        snapshots: list[tuple[int, int, int]] = []  # (table, hand, version) just before a kill
        seen_after: dict[tuple[int, int], int] = {}  # (table, hand) -> highest version seen

        async def main() -> list[int]:
            owner = Client(server.http)
            await owner.guest()
            players = [owner] + [Client(server.http) for _ in range(3)]
            for p in players[1:]:
                await p.guest()
            stud = (await owner.create_table(table_config(STUD, action_time=5)))["id"]
            wall = (await owner.create_table(table_config(WALL, action_time=5)))["id"]
            await owner.connect()
            for bot in ("random", "station"):
                await owner.request({"type": "add_bot", "table": wall, "bot": bot, "buy_in": 1000})
            await owner.close()
            seats = [(players[0], stud), (players[1], stud), (players[2], wall), (players[3], stud)]
            stop = asyncio.Event()
            # Players asked to leave. ``resilient`` reconnects after any error and play_bot sits
            # down when it has no seat; a leaver whose seat is gone at the end of the hand can get
            # such an error (an action sent from a stale view: "not_seated"), so without this it
            # would sit down again and start a hand that nobody finishes.
            gone: set[int] = set()

            def player(i: int, table: int, seed: int) -> Any:
                async def body(c: Client) -> None:
                    if i in gone:
                        await stop.wait()
                        return
                    await play_bot(c, table, make_bot("random", seed=seed), buy_in=1000, stop=stop)
                return body

            latest: dict[int, tuple[int, int]] = {}
            humans: dict[int, int] = {}

            async def watch(c: Client) -> None:
                def note(msg: dict[str, Any]) -> None:
                    if msg["type"] in ("hand", "update"):
                        latest[msg["table"]] = (msg["hand"], msg["version"])
                        key = (msg["table"], msg["hand"])
                        seen_after[key] = max(seen_after.get(key, 0), msg["version"])
                    elif msg["type"] == "table":
                        info = msg["table"]
                        humans[info["id"]] = sum(1 for x in info["seats"] if x is not None and not x["bot"])
                c.listeners.append(note)
                for t in (stud, wall):
                    await c.request({"type": "watch", "table": t})
                assert c.closed is not None
                closed = asyncio.ensure_future(c.closed.wait())
                stopped = asyncio.ensure_future(stop.wait())
                await asyncio.wait([closed, stopped], return_when=asyncio.FIRST_COMPLETED)
                closed.cancel()
                stopped.cancel()

            observer = Client(server.http)
            await observer.guest()
            assert observer.token is not None
            tasks = [asyncio.ensure_future(resilient(server.http, observer.token, watch, stop))]
            for i, (p, t) in enumerate(seats):
                assert p.token is not None
                tasks.append(asyncio.ensure_future(resilient(server.http, p.token, player(i, t, i), stop)))
            for _ in range(kills):
                await asyncio.sleep(rng.uniform(0.8, 1.5))
                for t, (h, v) in latest.items():
                    snapshots.append((t, h, v))
                server.kill()  # SIGKILL: no cleanup of any kind
                await asyncio.sleep(0.2)
                await asyncio.get_running_loop().run_in_executor(None, server.start)
            await asyncio.sleep(2.5)  # play on after the last restart
            # everyone leaves while still playing: folded at their turn, cashed out at the end (R4.3)
            for i, (p, t) in enumerate(seats):
                gone.add(i)
                c = Client(server.http, token=p.token)
                await c.connect()
                await c.request({"type": "leave", "table": t})
                await c.close()
            deadline = time.monotonic() + 30
            while any(humans.get(t, 1) for t in (stud, wall)) and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            assert not any(humans.get(t, 1) for t in (stud, wall)), humans  # all left, none came back
            owner_c = Client(server.http, token=owner.token)
            await owner_c.connect()
            await owner_c.request({"type": "close_table", "table": wall})  # bots out after this hand
            await owner_c.close()
            while wall not in closed_tables(url) and time.monotonic() < deadline:
                await asyncio.sleep(0.1)
            stop.set()
            await asyncio.wait(tasks, timeout=10)
            for task in tasks:
                task.cancel()
            return [stud, wall]

        try:
            asyncio.run(asyncio.wait_for(main(), 150))
            time.sleep(1.0)
        finally:
            server.stop()
        # every state a watcher saw before a kill was committed, and the hand went on from there
        db = Database(url)
        with db.session() as s:
            for table, hand_id, version in snapshots:
                row = s.get(HandRow, hand_id)
                assert row is not None and row.table_id == table
                if row.status == "live":
                    assert seen_after.get((table, hand_id), 0) >= version
            over = s.query(HandRow).filter(HandRow.status == "over").count()
            events = s.query(HandEventRow).count()
            live = s.query(HandRow).filter(HandRow.status == "live").count()
        db.dispose()
        assert over >= 5 and events > 50
        assert live == 0  # every hand finished
        audit = subprocess.run([STUDPOKER, "audit", "--db", url], capture_output=True, text=True, timeout=60)
        assert audit.returncode == 0, audit.stdout + audit.stderr
        assert "audit ok" in audit.stdout
