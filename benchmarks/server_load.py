"""Server load: N remote bot clients over M tables on this machine, on 1 or more server processes.

Starts ``studpoker serve`` (``--servers 1``: one process; more: a cluster of
processes with ``--redis``), creates M tables (half Seven Card Stud, half Wall
Street; table i through server i mod S, which therefore owns it), then P
client processes open N websocket clients between them, seat them and play
the random bot. Each client connects to the server that owns its table (as a
table-sticky load balancer would; ``--spread`` connects it to a random server
instead, so that requests are forwarded). Each decision waits a think time
drawn uniformly from [0, 2 x think] (``think 0``: a closed loop, every bot
answering at once: the saturation throughput). After a warm-up every accepted
action is timed from sending ``act`` to its ``ack`` (which the server sends
after the commit and the broadcast).

``--servers`` and ``--think`` take comma lists and every combination runs in
turn, printed side by side: actions/s, p50/p90/p99 action latency, and the
bytes a client receives per ``update`` message (and per action, all messages).
Clients ask for updates as deltas of the view (``watch`` with ``delta``), as the
browser does; ``--whole``: with whole views. ``--backend pg-redis`` (the default with more than one server) runs on a fresh
PostgreSQL schema and Redis prefix per run; ``sqlite`` on a fresh file.

    python benchmarks/server_load.py --servers 1,2 --think 0,1 --clients 1000 --tables 150
    python benchmarks/server_load.py --servers 1 --think 1 --backend sqlite
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
import uuid
from pathlib import Path
from typing import Any

import httpx

STUDPOKER = str(Path(sys.executable).with_name("studpoker"))
STUD = {"game": "stud", "ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10}
WALL = {"game": "wallstreet", "ante": 1, "limits": [2, 2, 4, 4, 4]}
PG_BASE = os.environ.get("STUDPOKER_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("STUDPOKER_TEST_REDIS", "redis://127.0.0.1:6379/0")
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def _proc_stat(pid: int) -> tuple[int, float] | None:
    """(parent pid, CPU seconds in user and system mode) of a live process, from /proc."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    # after the command: state ppid ... utime (11) stime (12), counted from the state
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def server_cpu_seconds(pids: list[int]) -> float:
    """The CPU time used so far by the server processes and their children (e.g. the password
    hashing worker), from the kernel's own counters: the load generator is not counted."""
    parents: dict[int, int] = {}
    cpu: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            stat = _proc_stat(int(entry))
            if stat is not None:
                parents[int(entry)], cpu[int(entry)] = stat
    roots = set(pids)
    total = 0.0
    for pid, seconds in cpu.items():
        p = pid
        while p > 1 and p not in roots:
            p = parents.get(p, 0)
        if p in roots:
            total += seconds
    return total


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _raise_fd_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 65536)), hard))


def _client_process(jobs: list[tuple[str, str, int, int]], think: float, warmup_until: float,
                    stop_at: float, out: Any, delta: bool = False) -> None:
    """Play ``jobs`` = [(server, token, table, seat)] until ``stop_at``; send back the latencies
    and what was received after the warm-up."""
    _raise_fd_limit()
    from studpoker.bots import make_bot
    from studpoker.server.client import Client, ClientError, play_bot

    latencies: list[float] = []
    errors = 0
    traffic: dict[str, int] = {}
    traffic_bytes: dict[str, int] = {}
    cpu_marks: dict[str, float] = {}  # this process's CPU time when measuring starts and stops
    error_kinds: dict[str, int] = {}

    async def one(base: str, token: str, table: int, seat: int, i: int) -> None:
        nonlocal errors
        client = Client(base, token=token, delta=delta)
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
            await asyncio.sleep(max(0.0, warmup_until - time.time()))
            cpu_marks.setdefault("start", time.process_time())
            client.traffic.clear()
            client.traffic_bytes.clear()
            await asyncio.sleep(max(0.0, stop_at - time.time()))
            cpu_marks.setdefault("stop", time.process_time())
            for k, v in client.traffic.items():
                traffic[k] = traffic.get(k, 0) + v
            for k, v in client.traffic_bytes.items():
                traffic_bytes[k] = traffic_bytes.get(k, 0) + v
            stop.set()
            task.cancel()
        except Exception as exc:
            errors += 1
            kind = type(exc).__name__ + (f" {exc.code}" if isinstance(exc, ClientError) else "")
            error_kinds[kind] = error_kinds.get(kind, 0) + 1
        finally:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(client.close(), 5)

    async def main() -> None:
        await asyncio.gather(*(one(b, t, tb, s, i) for i, (b, t, tb, s) in enumerate(jobs)))

    # the load generator's own collections would be counted as the server's latency: its
    # long-lived objects (250 clients and their sockets per process) are frozen as the server's are
    from studpoker.server import collector

    collector.install()
    asyncio.run(main())
    out.put({"latencies": latencies, "errors": errors, "traffic": traffic, "traffic_bytes": traffic_bytes,
             "cpu_s": cpu_marks.get("stop", 0.0) - cpu_marks.get("start", 0.0), "error_kinds": error_kinds})


def _start(port: int, db: str, redis: str | None, prefix: str, log: Any) -> subprocess.Popen[bytes]:
    cmd = [STUDPOKER, "serve", "--port", str(port), "--db", db, "--hand-delay", "0.5", "--log-level", "warning",
           "--guests-per-ip", "1000000", "--sockets-per-ip", "1000000"]
    if redis is not None:
        cmd += ["--redis", redis, "--redis-prefix", prefix]
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.time() + 60
    while True:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=2).status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        if time.time() > deadline or proc.poll() is not None:
            sys.exit("a server did not start")
        time.sleep(0.2)


def _start_profiler(path: str | None, pid: int, seconds: float, servers: int,
                    think: float) -> subprocess.Popen[bytes] | None:
    """``--profile``: py-spy samples the first server during the measured window (collapsed stacks)."""
    if path is None:
        return None
    spy = Path(sys.executable).with_name("py-spy")
    out = f"{path}-s{servers}-t{think:g}.txt"
    return subprocess.Popen([str(spy), "record", "--pid", str(pid), "--duration", str(max(1, int(seconds))),
                             "--rate", "200", "--nonblocking", "--format", "raw", "--output", out],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def run_config(args: argparse.Namespace, servers: int, think: float, backend: str) -> dict[str, Any]:
    """One measured run; returns its summary."""
    tmp = tempfile.mkdtemp(prefix="studpoker-load-")
    schema = None
    if backend == "sqlite":
        db, redis = f"sqlite:///{tmp}/load.db", None
    else:
        schema = "studpoker_bench_" + uuid.uuid4().hex[:10]
        db, redis = f"{args.pg}?schema={schema}", (args.redis if servers > 1 or not args.no_redis else None)
    prefix = "studpoker-bench-" + uuid.uuid4().hex[:8]
    ports = [_free_port() for _ in range(servers)]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    log = open(os.path.join(tmp, "server.log"), "wb")  # noqa: SIM115 - outlives this block
    procs: list[subprocess.Popen[bytes]] = []
    try:
        for port in ports:  # one after the other: the first applies the migrations
            procs.append(_start(port, db, redis, prefix, log))
        with httpx.Client(timeout=60) as http:
            tokens = [http.post(f"{bases[0]}/api/guest").json()["token"] for _ in range(args.clients)]
            tables: list[tuple[int, int, int]] = []  # (id, seats, server)
            for i in range(args.tables):
                owner = {"Authorization": f"Bearer {tokens[i]}"}  # at most 50 tables per owner
                game = STUD if i % 2 == 0 else WALL
                cfg = {"name": f"load {i}", "game": game, "action_time": 20, "time_bank": 30,
                       "min_buy_in": 100, "max_buy_in": 1000}
                k = i % servers
                tid = http.post(f"{bases[k]}/api/tables", json=cfg, headers=owner).json()["id"]
                tables.append((tid, 8 if game is STUD else 7, k))
        rng = random.Random(7)
        jobs: list[tuple[str, str, int, int]] = []
        per_table = [0] * len(tables)
        for i, token in enumerate(tokens):
            t = i % len(tables)
            if per_table[t] >= tables[t][1]:
                t = per_table.index(min(per_table))
            home = rng.randrange(servers) if args.spread else tables[t][2]
            jobs.append((bases[home], token, tables[t][0], per_table[t]))
            per_table[t] += 1
        start = time.time() + 2
        warmup_until = start + args.warmup
        stop_at = warmup_until + args.duration
        out: Any = mp.get_context("spawn").Queue()
        clients = [mp.get_context("spawn").Process(
            target=_client_process, args=(jobs[k::args.procs], think, warmup_until, stop_at, out, args.delta))
            for k in range(args.procs)]
        for c in clients:
            c.start()
        pids = [proc.pid for proc in procs]
        # the servers' CPU time over the measured window, read from /proc at its two ends (an HTTP
        # request to a saturated server would wait its turn behind the websocket traffic)
        time.sleep(max(0.0, warmup_until - time.time()))
        cpu0, t0 = server_cpu_seconds(pids), time.time()
        profiler = _start_profiler(args.profile, procs[0].pid, stop_at - t0, servers, think)
        time.sleep(max(0.0, stop_at - time.time()))
        cpu1, t1 = server_cpu_seconds(pids), time.time()
        if profiler is not None:
            profiler.wait(60)
        results = [out.get(timeout=args.warmup + args.duration + 600) for _ in clients]
        for c in clients:
            c.join(30)
        lat = sorted(x for r in results for x in r["latencies"])
        errors = sum(r["errors"] for r in results)
        traffic: dict[str, int] = {}
        traffic_bytes: dict[str, int] = {}
        for r in results:
            for k2, v in r["traffic"].items():
                traffic[k2] = traffic.get(k2, 0) + v
            for k2, v in r["traffic_bytes"].items():
                traffic_bytes[k2] = traffic_bytes.get(k2, 0) + v
        actions_total = 0
        with httpx.Client(timeout=30) as http:
            for base in bases:
                actions_total += int(http.get(f"{base}/api/health").json().get("actions", 0))
    finally:
        for proc in procs:
            proc.send_signal(signal.SIGTERM)
        for proc in procs:
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
        log.close()
    audit = subprocess.run([STUDPOKER, "audit", "--db", db], capture_output=True, text=True)
    if schema is not None:
        import psycopg

        with psycopg.connect(args.pg, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')

    def pct(q: float) -> float:
        return 1000 * lat[min(len(lat) - 1, int(q * len(lat)))] if lat else float("nan")

    updates = traffic.get("update", 0)
    received = sum(traffic_bytes.values())
    return {
        "servers": servers, "backend": backend, "spread": args.spread, "delta": args.delta, "clients": args.clients,
        "tables": args.tables, "client_processes": args.procs, "think_mean_s": think,
        "measured_s": args.duration, "actions": len(lat), "actions_per_s": round(len(lat) / args.duration, 1),
        "p50_ms": round(pct(0.50), 2), "p90_ms": round(pct(0.90), 2), "p99_ms": round(pct(0.99), 2),
        "bytes_per_update": round(traffic_bytes.get("update", 0) / updates) if updates else None,
        "bytes_per_action_per_client": round(received / max(1, len(lat)) / args.clients, 1),
        "server_cpu_s": round(cpu1 - cpu0, 2), "server_cores": round((cpu1 - cpu0) / max(1e-9, t1 - t0), 2),
        "cpu_ms_per_action": round(1000 * (cpu1 - cpu0) / max(1, len(lat)), 3),
        "client_cpu_ms_per_action": round(1000 * sum(r["cpu_s"] for r in results) / max(1, len(lat)), 3),
        "client_errors": errors,
        "client_error_kinds": {k: sum(r["error_kinds"].get(k, 0) for r in results)
                               for k in sorted({k for r in results for k in r["error_kinds"]})},
        "server_actions_total": actions_total, "audit_ok": audit.returncode == 0,
        "cpus": os.cpu_count(), "load_avg_1m": round(os.getloadavg()[0], 2),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--clients", type=int, default=1000)
    ap.add_argument("--tables", type=int, default=150)
    ap.add_argument("--servers", default="1", help="server processes, a comma list (e.g. 1,2)")
    ap.add_argument("--think", default="1.0", help="mean think time per decision (s), a comma list (e.g. 0,1)")
    ap.add_argument("--backend", choices=["sqlite", "pg-redis"], default=None,
                    help="sqlite (one server only) or pg-redis (default when a run has more than one server)")
    ap.add_argument("--no-redis", action="store_true",
                    help="with pg-redis, run the one-server case on PostgreSQL alone (no --redis)")
    ap.add_argument("--spread", action="store_true", help="clients connect to random servers (forwarding)")
    ap.add_argument("--whole", dest="delta", action="store_false",
                    help="clients ask for updates with whole views (default: deltas, as the browser does)")
    ap.add_argument("--delta", dest="delta", action="store_true", help=argparse.SUPPRESS)  # the default
    ap.add_argument("--procs", type=int, default=4, help="client processes")
    ap.add_argument("--duration", type=float, default=40, help="seconds of measured play")
    ap.add_argument("--warmup", type=float, default=10, help="seconds of play before measuring")
    ap.add_argument("--json", action="store_true", help="print one JSON line per run")
    ap.add_argument("--redis", default=REDIS_URL, help="Redis of the cluster runs, with its db number "
                    "(default $STUDPOKER_TEST_REDIS or redis://127.0.0.1:6379/0)")
    ap.add_argument("--pg", default=PG_BASE, help="PostgreSQL database in which each run makes a "
                    "schema of its own (default $STUDPOKER_TEST_PG)")
    ap.add_argument("--profile", metavar="PATH", default=None,
                    help="sample the first server with py-spy while measuring: PATH-s{servers}-t{think}.txt "
                    "(collapsed stacks)")
    args = ap.parse_args()
    try:
        servers = [int(x) for x in args.servers.split(",")]
        thinks = [float(x) for x in args.think.split(",")]
    except ValueError:
        ap.error("--servers and --think take comma lists of numbers")
    if args.clients < 2 * args.tables:
        ap.error("need at least 2 clients per table")
    if any(n < 1 for n in servers) or any(t < 0 for t in thinks):
        ap.error("--servers must be at least 1 and --think at least 0")
    backend = args.backend or ("pg-redis" if max(servers) > 1 else "sqlite")
    if backend == "sqlite" and max(servers) > 1:
        ap.error("several servers need PostgreSQL and Redis: --backend pg-redis")
    _raise_fd_limit()
    rows = []
    for think in thinks:
        for n in servers:
            row = run_config(args, n, think, backend)
            rows.append(row)
            if args.json:
                print(json.dumps(row), flush=True)
            else:
                print(f"... servers {n}, think {think}: {row['actions_per_s']} actions/s, "
                      f"p99 {row['p99_ms']} ms", file=sys.stderr, flush=True)
    if args.json:
        return
    print(f"{args.clients} clients, {args.tables} tables, {args.procs} client processes, {backend}, "
          f"{os.cpu_count()} CPUs (shared: load average {os.getloadavg()[0]:.1f})")
    print(f"{'servers':>7} {'think':>5} {'actions/s':>10} {'p50 ms':>8} {'p90 ms':>8} {'p99 ms':>8} "
          f"{'CPU ms/act':>10} {'cores':>5} {'B/update':>9} {'B/act/cl':>9} {'errors':>6} {'audit':>5}")
    for r in rows:
        print(f"{r['servers']:>7} {r['think_mean_s']:>5} {r['actions_per_s']:>10} {r['p50_ms']:>8} "
              f"{r['p90_ms']:>8} {r['p99_ms']:>8} {r['cpu_ms_per_action']:>10} {r['server_cores']:>5} "
              f"{r['bytes_per_update'] or '-':>9} "
              f"{r['bytes_per_action_per_client']:>9} {r['client_errors']:>6} "
              f"{'ok' if r['audit_ok'] else 'BAD':>5}")
    base_rows = {r["think_mean_s"]: r for r in rows if r["servers"] == min(servers)}
    for r in rows:
        b = base_rows.get(r["think_mean_s"])
        if b is not None and r is not b and b["actions_per_s"]:
            print(f"think {r['think_mean_s']}: {r['servers']} servers give "
                  f"{r['actions_per_s'] / b['actions_per_s']:.2f}x the actions/s of {b['servers']}")


if __name__ == "__main__":
    main()
