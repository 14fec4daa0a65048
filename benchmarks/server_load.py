"""Server load: N remote bot clients over M tables on this machine.

Starts ``studpoker serve`` (a fresh SQLite database unless ``--db``), creates
M tables (half Seven Card Stud, half Wall Street), then P client processes
open N websocket clients between them, seat them and play the random bot.
Each decision waits a think time drawn uniformly from [0, 2 x --think]
(``--think 0``: a closed loop, every bot answering at once). After a warm-up
every accepted action is timed from sending ``act`` to its ``ack`` (which
the server sends after the commit and the broadcast).

Prints actions/s and the p50/p90/p99 action latency. Runs for about
``--duration`` seconds plus set-up; everything it starts stops by itself.

    python benchmarks/server_load.py --clients 1000 --tables 150 --duration 60
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing as mp
import os
import random
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

STUDPOKER = str(Path(sys.executable).with_name("studpoker"))
STUD = {"game": "stud", "ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10}
WALL = {"game": "wallstreet", "ante": 1, "limits": [2, 2, 4, 4, 4]}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _raise_fd_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 65536)), hard))


def _client_process(base: str, jobs: list[tuple[str, int, int]], think: float, warmup_until: float,
                    stop_at: float, out: Any) -> None:
    """Play ``jobs`` = [(token, table, seat)] until ``stop_at``; send back the latencies."""
    _raise_fd_limit()
    from studpoker.bots import make_bot
    from studpoker.server.client import Client, play_bot

    latencies: list[float] = []
    errors = 0

    async def one(token: str, table: int, seat: int, i: int) -> None:
        nonlocal errors
        client = Client(base, token=token)
        rng = random.Random(i)
        stop = asyncio.Event()

        def record(latency: float) -> None:
            if time.time() >= warmup_until:
                latencies.append(latency)

        try:
            await client.connect()
            task = asyncio.ensure_future(play_bot(
                client, table, make_bot("random", seed=i), buy_in=1000, seat=seat, stop=stop,
                think=(lambda: rng.uniform(0, 2 * think)) if think > 0 else None, on_action=record))
            await asyncio.sleep(max(0.0, stop_at - time.time()))
            stop.set()
            task.cancel()
        except Exception:
            errors += 1
        finally:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(client.close(), 5)

    async def main() -> None:
        await asyncio.gather(*(one(t, tb, s, i) for i, (t, tb, s) in enumerate(jobs)))

    asyncio.run(main())
    out.put({"latencies": latencies, "errors": errors})


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--clients", type=int, default=1000)
    ap.add_argument("--tables", type=int, default=150)
    ap.add_argument("--procs", type=int, default=4, help="client processes")
    ap.add_argument("--duration", type=float, default=40, help="seconds of measured play")
    ap.add_argument("--warmup", type=float, default=10, help="seconds of play before measuring")
    ap.add_argument("--think", type=float, default=1.0, help="mean think time per decision (s)")
    ap.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    ap.add_argument("--json", action="store_true", help="print one JSON line")
    args = ap.parse_args()
    if args.clients < 2 * args.tables:
        ap.error("need at least 2 clients per table")
    _raise_fd_limit()
    tmp = tempfile.mkdtemp(prefix="studpoker-load-")
    db = args.db or f"sqlite:///{tmp}/load.db"
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    log = open(os.path.join(tmp, "server.log"), "wb")  # noqa: SIM115 - outlives this block
    server = subprocess.Popen([STUDPOKER, "serve", "--port", str(port), "--db", db, "--hand-delay", "0.5",
                               "--log-level", "warning", "--guests-per-ip", "1000000",
                               "--sockets-per-ip", "1000000"], stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.time() + 60
        while True:
            try:
                if httpx.get(f"{base}/api/health", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.time() > deadline or server.poll() is not None:
                sys.exit("the server did not start")
            time.sleep(0.2)
        # accounts and tables
        with httpx.Client(base_url=base, timeout=60) as http:
            tokens = [http.post("/api/guest").json()["token"] for _ in range(args.clients)]
            tables: list[tuple[int, int]] = []
            for i in range(args.tables):
                owner = {"Authorization": f"Bearer {tokens[i]}"}  # at most 50 tables per owner
                game = STUD if i % 2 == 0 else WALL
                cfg = {"name": f"load {i}", "game": game, "action_time": 20, "time_bank": 30,
                       "min_buy_in": 100, "max_buy_in": 1000}
                tables.append((http.post("/api/tables", json=cfg, headers=owner).json()["id"],
                               8 if game is STUD else 7))
        jobs: list[tuple[str, int, int]] = []
        per_table = [0] * len(tables)
        for i, token in enumerate(tokens):
            t = i % len(tables)
            if per_table[t] >= tables[t][1]:
                t = per_table.index(min(per_table))
            jobs.append((token, tables[t][0], per_table[t]))
            per_table[t] += 1
        start = time.time() + 2
        warmup_until = start + args.warmup
        stop_at = warmup_until + args.duration
        out: Any = mp.get_context("spawn").Queue()
        procs = [mp.get_context("spawn").Process(
            target=_client_process, args=(base, jobs[k::args.procs], args.think, warmup_until, stop_at, out))
            for k in range(args.procs)]
        for p in procs:
            p.start()
        results = [out.get(timeout=args.warmup + args.duration + 600) for _ in procs]
        for p in procs:
            p.join(30)
        lat = sorted(x for r in results for x in r["latencies"])
        errors = sum(r["errors"] for r in results)
        with httpx.Client(base_url=base, timeout=30) as http:
            health = http.get("/api/health").json()
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
    audit = subprocess.run([STUDPOKER, "audit", "--db", db], capture_output=True, text=True)

    def pct(q: float) -> float:
        return 1000 * lat[min(len(lat) - 1, int(q * len(lat)))] if lat else float("nan")

    summary = {
        "clients": args.clients, "tables": args.tables, "client_processes": args.procs,
        "think_mean_s": args.think, "measured_s": args.duration, "actions": len(lat),
        "actions_per_s": round(len(lat) / args.duration, 1), "p50_ms": round(pct(0.50), 2),
        "p90_ms": round(pct(0.90), 2), "p99_ms": round(pct(0.99), 2), "client_errors": errors,
        "server_actions_total": health.get("actions"), "audit_ok": audit.returncode == 0,
        "db": "sqlite" if db.startswith("sqlite") else "postgresql", "cpus": os.cpu_count(),
    }
    if args.json:
        print(json.dumps(summary))
        return
    print(f"{args.clients} clients, {args.tables} tables, {args.procs} client processes, "
          f"think {args.think} s mean, {summary['db']}, {os.cpu_count()} CPUs")
    print(f"actions/s: {summary['actions_per_s']}  ({len(lat)} actions in {args.duration:.0f} s)")
    print(f"latency:   p50 {summary['p50_ms']} ms   p90 {summary['p90_ms']} ms   p99 {summary['p99_ms']} ms")
    print(f"client errors: {errors}; audit: {'ok' if audit.returncode == 0 else 'MISMATCH'}")


if __name__ == "__main__":
    main()
