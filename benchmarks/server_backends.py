"""What one PostgreSQL and one Redis carry for the server, measured on this machine.

- PostgreSQL: the server's hot transaction (``store.record_event``: one
  ``hand_events`` INSERT, the commit of one accepted action) from T threads
  at once, as a cluster of processes would send them: commits/s.
- Redis: publishing typical table messages (a ``Fanout`` of a 7-seat Wall
  Street update, all texts, about 10 KB) through one pipelined connection, the
  way each server process publishes, and receiving them on a subscriber:
  messages/s and MB/s.

    python benchmarks/server_backends.py --threads 1,4,16 --seconds 5
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import threading
import time
import uuid
from typing import Any

PG_BASE = os.environ.get("STUDPOKER_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("STUDPOKER_TEST_REDIS", "redis://127.0.0.1:6379/0")


def pg_commits(threads: int, seconds: float) -> dict[str, Any]:
    """Commits/s of ``record_event`` from ``threads`` threads (one hand per thread)."""
    import psycopg

    from studpoker.server.db import Database, HandRow, TableRow, UserRow
    from studpoker.server.tables import store

    schema = "studpoker_bench_" + uuid.uuid4().hex[:10]
    db = Database(f"{PG_BASE}?schema={schema}")
    try:
        db.migrate()
        with db.session() as s:
            user = UserRow(name="bench", password_hash=None, guest=True, balance=0)
            s.add(user)
            s.flush()
            table = TableRow(name="t", owner_id=user.id, config={}, private=False, closed=False,
                             hands_played=0)
            s.add(table)
            s.flush()
            hands = []
            for i in range(threads):
                h = HandRow(table_id=table.id, number=i + 1, seed="0" * 64, commitment="0" * 64,
                            prev_button=None, dealer=0, hand_seats=[0, 1], start=[], status="live")
                s.add(h)
                s.flush()
                hands.append(h.id)
            s.commit()
            table_id = table.id
        counts = [0] * threads
        stop = time.perf_counter() + seconds

        def work(k: int) -> None:
            idx = 0
            while time.perf_counter() < stop:
                store.record_event(db, table_id=table_id, hand_id=hands[k], idx=idx, kind="act",
                                   data={"seat": 0, "kind": "call", "amount": 2, "slot": 0},
                                   source="player", seat_updates={}, finish=None)
                idx += 1
            counts[k] = idx

        started = time.perf_counter()
        ts = [threading.Thread(target=work, args=(k,)) for k in range(threads)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        took = time.perf_counter() - started
        return {"threads": threads, "commits_per_s": round(sum(counts) / took, 1)}
    finally:
        db.dispose()
        with psycopg.connect(PG_BASE, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


def sample_fanout() -> str:
    """A typical table message as published: a 7-seat Wall Street update, all its texts."""
    from studpoker.codec import op_dict, view_dict
    from studpoker.engine.games import from_options

    game = from_options("wallstreet", ante=1, limits=(2, 2, 4, 4, 4))
    hand = game.deal(stacks=[500] * 7, seed=3)
    for _ in range(10):
        hand.apply(hand.legal_actions()[0])
    texts = {}
    for key, seat in [("public", None), *((str(i), i) for i in range(7))]:
        v = hand.view(seat)
        texts[key] = json.dumps({"type": "update", "table": 1, "hand": 1, "version_from": len(v.log) - 1,
                                 "version": len(v.log), "events": [op_dict(op) for op in v.log[-1:]],
                                 "view": view_dict(v, log=False), "timer": None}, separators=(",", ":"))
    return "proc|" + json.dumps({"table": 1, "texts": texts, "deltas": {},
                                 "by_user": {str(i): str(i) for i in range(7)}}, separators=(",", ":"))


async def redis_pubsub(seconds: float) -> dict[str, Any]:
    """Messages/s published (pipelined, one connection) and received by one subscriber."""
    from redis.asyncio import Redis

    data = sample_fanout()
    channel = "studpoker-bench-" + uuid.uuid4().hex[:8]
    pub = Redis.from_url(REDIS_URL, single_connection_client=True)
    sub = Redis.from_url(REDIS_URL)
    ps = sub.pubsub(ignore_subscribe_messages=True)
    await ps.subscribe(channel)
    received = 0
    done = asyncio.Event()

    async def reader() -> None:
        nonlocal received
        while not done.is_set():
            msg = await ps.get_message(ignore_subscribe_messages=True, timeout=0.5)
            if msg is not None:
                received += 1

    task = asyncio.ensure_future(reader())
    sent = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        async with pub.pipeline(transaction=False) as pipe:
            for _ in range(50):
                pipe.publish(channel, data)
            await pipe.execute()
        sent += 50
    took = time.perf_counter() - started
    await asyncio.sleep(1.0)
    done.set()
    await task
    await ps.aclose()
    await pub.aclose()
    await sub.aclose()
    return {"message_bytes": len(data), "published_per_s": round(sent / took, 1),
            "received_per_s": round(received / took, 1),
            "published_mb_per_s": round(sent * len(data) / took / 1e6, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--threads", default="1,4,16", help="PostgreSQL writer threads, a comma list")
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    try:
        threads = [int(x) for x in args.threads.split(",")]
    except ValueError:
        ap.error("--threads takes a comma list of numbers")
    pg = [pg_commits(t, args.seconds) for t in threads]
    rd = asyncio.run(redis_pubsub(args.seconds))
    out = {"postgresql": pg, "redis": rd, "cpus": os.cpu_count(), "load_avg_1m": round(os.getloadavg()[0], 2)}
    if args.json:
        print(json.dumps(out))
        return
    print(f"{os.cpu_count()} CPUs, shared (load average {os.getloadavg()[0]:.1f})")
    for row in pg:
        print(f"PostgreSQL record_event, {row['threads']:>2} threads: {row['commits_per_s']:>8} commits/s")
    print(f"Redis: {rd['message_bytes']} B messages, {rd['published_per_s']} published/s "
          f"({rd['published_mb_per_s']} MB/s), {rd['received_per_s']} received/s by one subscriber")


if __name__ == "__main__":
    main()
