"""A seated player's latency while 40 clients flood the server with wrong logins.

Starts ``studpoker serve`` on a fresh SQLite database, seats two players (station
bots over websockets) at a stud table, and measures each accepted action's
round trip (send -> ack) in three phases of ``--seconds`` each:

- ``quiet``: no attack;
- ``one_address``: 40 concurrent clients send wrong-password logins as fast as
  they are answered, for one known name and for unknown names, all from one
  address (the per-address and per-name limits answer 429 before any hash);
- ``many_addresses``: the same, each request from another address
  (``X-Forwarded-For``, which uvicorn trusts from loopback) and another
  unknown name: the limits by address and name do not apply, so every try
  reaches the password-hash gate (``hash_concurrency`` argon2 hashes at a time,
  429 for the rest after ``hash_wait``).

Prints one JSON object: per phase the action latency p50/p99 (ms), actions/s,
login answers by status with their p50/p99/max answer time (s), and the server's peak
RSS (MB, ``VmHWM``) and that of its password-hash worker process. Goals (issue 11): p99 < 250 ms, RSS < 500 MB, every
login answered within 1 s.

    python benchmarks/login_flood.py --seconds 15
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

STUDPOKER = str(Path(sys.executable).with_name("studpoker"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def children_peak_rss_mb(pid: int) -> float:
    """The peak RSS of the server's child processes (the password-hash worker), added up."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                total += peak_rss_mb(int(stat.parent.name))
    return round(total, 1)


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def flood_process(base: str, seconds: float, spoof: bool, workers: range, out: Any) -> None:
    """Attackers in a process of their own (so they do not slow the measuring player)."""
    async def main() -> dict[int, list[float]]:
        stop = asyncio.Event()
        asyncio.get_running_loop().call_later(seconds, stop.set)
        return await flood(base, stop, spoof=spoof, workers=workers)

    out.put(asyncio.run(main()))


async def flood(base: str, stop: asyncio.Event, *, spoof: bool, workers: range) -> dict[int, list[float]]:
    times: dict[int, list[float]] = {}

    async def worker(i: int) -> None:
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            n = 0
            while not stop.is_set():
                n += 1
                name = f"nobody{i}x{n}" if spoof or n % 2 else "victim"
                headers = {"X-Forwarded-For": f"10.{i}.{n // 250 % 250}.{n % 250 + 1}"} if spoof else {}
                t0 = time.monotonic()
                try:
                    r = await http.post("/api/login", json={"name": name, "password": "wrong password"},
                                        headers=headers)
                    code = r.status_code
                except httpx.HTTPError:
                    code = 0
                times.setdefault(code, []).append(time.monotonic() - t0)

    await asyncio.gather(*(worker(i) for i in workers))
    return times


async def run(base: str, seconds: float, workers: int, pid: int, attack_procs: int) -> dict[str, Any]:
    from studpoker.bots import make_bot
    from studpoker.server.client import Client, play_bot

    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        r = await http.post("/api/register", json={"name": "victim", "password": "the right one"})
        r.raise_for_status()
    players = []
    for _ in range(2):
        c = Client(base)
        await c.guest()
        await c.connect()
        players.append(c)
    info = await players[0].create_table({"name": "bench", "game": {"game": "stud", "ante": 1, "bring_in": 2,
                                                                    "small_bet": 5, "big_bet": 10},
                                          "action_time": 30, "time_bank": 0, "min_buy_in": 20,
                                          "max_buy_in": 10_000})
    latencies: list[tuple[float, float]] = []
    stop_play = asyncio.Event()

    def record(latency: float) -> None:
        latencies.append((time.monotonic(), latency))

    games = [asyncio.ensure_future(play_bot(c, info["id"], make_bot("station", seed=i), buy_in=10_000,
                                            on_action=record, stop=stop_play))
             for i, c in enumerate(players)]
    await asyncio.sleep(2)  # warm up: first hands dealt
    out: dict[str, Any] = {}
    for phase in ("quiet", "one_address", "many_addresses"):
        t0 = time.monotonic()
        answers: dict[int, list[float]] = {}
        if phase == "quiet":
            await asyncio.sleep(seconds)
        else:
            queue: Any = multiprocessing.Queue()
            procs = [multiprocessing.Process(target=flood_process, args=(
                base, seconds, phase == "many_addresses", range(k, workers, attack_procs), queue))
                for k in range(attack_procs)]
            for proc in procs:
                proc.start()
            got = 0
            while got < len(procs):
                while queue.empty():
                    await asyncio.sleep(0.1)
                for code, ts in queue.get().items():
                    answers.setdefault(code, []).extend(ts)
                got += 1
            for proc in procs:
                proc.join()
        t1 = time.monotonic()
        lat = [x * 1000 for t, x in latencies if t0 <= t < t1]
        out[phase] = {
            "actions": len(lat), "actions_per_s": round(len(lat) / (t1 - t0), 1),
            "p50_ms": round(statistics.median(lat), 1) if lat else None,
            "p99_ms": round(pct(lat, 0.99), 1) if lat else None,
            "logins": {str(k): {"answers": len(ts), "p50_s": round(pct(ts, 0.5), 3),
                                "p99_s": round(pct(ts, 0.99), 3), "max_s": round(max(ts), 3)}
                       for k, ts in sorted(answers.items())},
            "peak_rss_mb": round(peak_rss_mb(pid), 1),
            "hash_worker_peak_rss_mb": children_peak_rss_mb(pid),
        }
        await asyncio.sleep(1)
    stop_play.set()
    for g in games:
        g.cancel()
    for c in players:
        await c.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=15.0, help="length of each phase")
    ap.add_argument("--workers", type=int, default=40, help="concurrent attacking clients")
    ap.add_argument("--attack-procs", type=int, default=4, help="processes the attackers run in")
    args = ap.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{os.path.join(tmp, 'flood.db')}"
        with open(os.path.join(tmp, "server.log"), "wb") as log:
            server = subprocess.Popen([STUDPOKER, "serve", "--port", str(port), "--db", db, "--hand-delay", "0",
                                       "--bot-delay", "0", "--log-level", "warning"],
                                      stdout=log, stderr=subprocess.STDOUT)
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
            result = asyncio.run(run(base, args.seconds, args.workers, server.pid, args.attack_procs))
        finally:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                server.kill()
    result["goals"] = {"p99_ms_below": 250, "rss_mb_below": 500, "login_answer_s_below": 1}
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
