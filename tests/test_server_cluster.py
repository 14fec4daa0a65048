"""Three real ``studpoker serve --redis`` processes on one PostgreSQL and one Redis form one room:
clients on different processes play at one table, the table's owner is SIGKILLed mid-hand, a
survivor takes the table over within 10 s, the hand completes, and ``studpoker audit`` passes."""

from __future__ import annotations

import asyncio
import contextlib
import subprocess
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from _server_support import (
    REDIS_URL,
    STUD,
    STUDPOKER,
    ServerProcess,
    cluster_prefix,
    forget_cluster,
    free_port,
    lease_owner,
    need_cluster_services,
    pg_schema_url,
    running_cluster,
    table_config,
)
from studpoker.bots import make_bot
from studpoker.server.client import Client, play_bot
from studpoker.server.db import Database, HandRow


@pytest.fixture
def services() -> None:
    need_cluster_services()


@pytest.mark.slow
def test_three_processes_one_table_owner_killed(services: None, tmp_path: Path) -> None:
    prefix = cluster_prefix()
    with pg_schema_url() as url:
        procs = [ServerProcess(url, free_port(), tmp_path / f"server{i}.log",
                               ["--redis", REDIS_URL, "--redis-prefix", prefix, "--seat-timeout", "600"])
                 for i in range(3)]
        for proc in procs:
            proc.start()  # one after the other: the first applies the migrations
        alive = [True, True, True]
        try:
            async def main() -> tuple[int, int, float]:
                # the table is created on process 0, which therefore owns it
                owner = Client(procs[0].http)
                await owner.guest()
                tid = int((await owner.create_table(table_config(STUD, action_time=4)))["id"])
                owner_proc = lease_owner(prefix, tid)
                assert owner_proc is not None
                # the lobby is shared: the other processes list the table
                for proc in procs[1:]:
                    lobby = httpx.get(f"{proc.http}/api/tables", timeout=10).json()
                    assert any(t["id"] == tid for t in lobby)
                    info = httpx.get(f"{proc.http}/api/tables/{tid}", timeout=10).json()
                    assert info["id"] == tid
                stop = asyncio.Event()
                hands_seen: dict[int, int] = {}  # hand id -> highest version seen by the observer
                ended: set[int] = set()
                last_msg = [time.monotonic()]

                async def seat(home: int, seed: int) -> None:
                    c = Client(procs[home].http)
                    await c.guest()
                    token = c.token
                    i = home
                    while not stop.is_set():
                        if not alive[i]:
                            i = (i + 1) % 3
                            continue
                        c = Client(procs[i].http, token=token)
                        try:
                            await c.connect()
                            await play_bot(c, tid, make_bot("random", seed=seed), buy_in=500, stop=stop)
                        except Exception:
                            await asyncio.sleep(0.1)
                        finally:
                            with contextlib.suppress(Exception):
                                await asyncio.wait_for(c.close(), 2)

                # three players on three processes, an observer on process 1
                players = [asyncio.ensure_future(seat(home, home + 1)) for home in (0, 1, 2)]
                observer = Client(procs[1].http)
                await observer.guest()
                await observer.connect()

                def note(msg: dict[str, Any]) -> None:
                    if msg.get("table") != tid:
                        return
                    last_msg[0] = time.monotonic()
                    if msg["type"] in ("hand", "update"):
                        hands_seen[msg["hand"]] = max(hands_seen.get(msg["hand"], 0), msg["version"])
                    elif msg["type"] == "hand_end":
                        ended.add(msg["hand"])

                observer.listeners.append(note)
                await observer.request({"type": "watch", "table": tid})
                deadline = time.monotonic() + 60
                while len(ended) < 3:  # a few hands played across processes
                    assert time.monotonic() < deadline, "no hands played across processes"
                    await asyncio.sleep(0.05)
                # SIGKILL the owner mid-hand
                while True:
                    live = [h for h in hands_seen if h not in ended]
                    if live:
                        break
                    await asyncio.sleep(0.01)
                killed_hand = max(live)
                alive[0] = False
                procs[0].kill()
                killed_at = time.monotonic()
                # a survivor takes the table within 10 s and the hand goes on
                while True:
                    holder = lease_owner(prefix, tid)
                    if holder is not None and holder != owner_proc:
                        break
                    assert time.monotonic() - killed_at < 10, "no process took the table within 10 s"
                    await asyncio.sleep(0.05)
                takeover = time.monotonic() - killed_at
                while killed_hand not in ended:
                    assert time.monotonic() - killed_at < 40, "the hand of the killed owner did not finish"
                    await asyncio.sleep(0.05)
                more = len(ended)
                while len(ended) < more + 2:  # and play goes on after it
                    assert time.monotonic() - killed_at < 60, "play did not go on after the failover"
                    await asyncio.sleep(0.05)
                stop.set()
                await asyncio.wait(players, timeout=15)
                for task in players:
                    task.cancel()
                # everyone leaves; the owner closes the table, through a survivor
                closer = Client(procs[2].http, token=owner.token)
                await closer.connect()
                await closer.request({"type": "close_table", "table": tid})
                await closer.close()
                # a logout through process 2 closes the same token's socket on process 1
                kicked = asyncio.Event()
                observer.listeners.append(
                    lambda m: kicked.set() if m.get("type") == "error" and m.get("code") == "unauthorized" else None)
                async with httpx.AsyncClient(base_url=procs[2].http, timeout=10) as http:
                    r = await http.post("/api/logout", headers={"Authorization": f"Bearer {observer.token}"})
                    assert r.status_code == 200, r.text
                await asyncio.wait_for(kicked.wait(), 10)
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(observer.close(), 2)
                return tid, killed_hand, takeover

            tid, killed_hand, takeover = asyncio.run(asyncio.wait_for(main(), 180))
            assert takeover < 10
            db = Database(url)
            try:
                # the hand in play when the players left is played out by the clock: away players
                # check when they can (4 s a decision, up to 15 decisions with three still in)
                deadline = time.monotonic() + 120
                while True:
                    with db.session() as s:
                        live = s.query(HandRow).filter(HandRow.table_id == tid, HandRow.status == "live").count()
                        killed = s.get(HandRow, killed_hand)
                    if live == 0:
                        break
                    assert time.monotonic() < deadline, "a hand stayed live"
                    time.sleep(0.2)
                assert killed is not None and killed.status == "over"
            finally:
                db.dispose()
        finally:
            for proc, up in zip(procs, alive, strict=True):
                if up:
                    proc.stop()
            forget_cluster(prefix)
        audit = subprocess.run([STUDPOKER, "audit", "--db", url], capture_output=True, text=True, timeout=60)
        assert audit.returncode == 0, audit.stdout + audit.stderr


@pytest.mark.slow
def test_limits_are_counted_across_the_cluster(services: None, tmp_path: Path) -> None:
    """Issue 22 s.1 item 7: with Redis the limits count every process's requests together: 30
    wrong passwords for one account spread over three processes get 8 hashes (the limit per
    name), the rest 429; 100 guests from one address get 30 (the limit per address)."""
    with running_cluster(tmp_path, extra=["--guests-per-ip", "30"]) as (_url, _prefix, procs):
        r = httpx.post(f"{procs[0].http}/api/register", json={"name": "victim", "password": "the right one"},
                       timeout=60)
        assert r.status_code == 200, r.text
        codes = [httpx.post(f"{procs[i % 3].http}/api/login", json={"name": "victim", "password": f"wrong {i}!"},
                            timeout=60).status_code for i in range(30)]
        assert codes.count(401) == 8 and codes.count(429) == 22, codes

        async def guests() -> tuple[list[int], float]:
            async with httpx.AsyncClient(timeout=60) as http:
                started = time.monotonic()
                rs = await asyncio.gather(*(http.post(f"{procs[i % 3].http}/api/guest") for i in range(100)))
                return [x.status_code for x in rs], time.monotonic() - started

        codes, took = asyncio.run(guests())
        assert set(codes) <= {200, 429}, codes
        # 30 in any 10 s: exactly 30 when the burst took less than the window (it takes a second or two)
        windows = 1 if took < 9.5 else int(took // 10) + 1
        assert codes.count(200) == 30 if windows == 1 else 30 <= codes.count(200) <= 30 * windows, (codes, took)


@pytest.mark.slow
def test_failover_nobody_feels(services: None, tmp_path: Path) -> None:
    """Issue 22 s.1 item 1, the attack as it was made: three processes on PostgreSQL and Redis,
    four tables created through process 0 (which runs them), bots seated through process 1,
    every table watched through process 2. SIGKILL process 0: every table is updated for the
    watcher within 8 s of the kill without the watcher doing anything; a request sent through
    process 1 right after the kill is re-routed as soon as the tables move (no 10 s block of the
    socket); a client of the dead process that reconnects to another at once is served; play
    goes on at every table, and the books balance."""
    with running_cluster(tmp_path, extra=["--bot-delay", "0.2", "--hand-delay", "0.5"]) as (url, prefix, procs):
        async def main() -> tuple[dict[int, float], float, float]:
            owner = Client(procs[0].http)
            await owner.guest()
            tids = [int((await owner.create_table(table_config(STUD, action_time=5, name=f"t{i}")))["id"])
                    for i in range(4)]
            assert {lease_owner(prefix, t) for t in tids} == {lease_owner(prefix, tids[0])}
            owner_proc = lease_owner(prefix, tids[0])
            seater = Client(procs[1].http, token=owner.token)  # the owner, through process 1
            await seater.connect()
            for tid in tids:
                for _ in range(3):
                    await seater.request({"type": "add_bot", "table": tid, "bot": "random", "buy_in": 500})
            watcher = Client(procs[2].http)
            await watcher.guest()
            await watcher.connect()
            seen: dict[int, list[float]] = {t: [] for t in tids}
            ended: dict[int, int] = {t: 0 for t in tids}

            def note(msg: dict[str, Any]) -> None:
                tid = msg.get("table")
                if isinstance(tid, dict):
                    tid = tid.get("id")
                if tid in seen and msg["type"] in ("table", "hand", "update", "hand_end"):
                    seen[tid].append(time.monotonic())
                    if msg["type"] == "hand_end":
                        ended[tid] += 1

            watcher.listeners.append(note)
            for tid in tids:
                await watcher.request({"type": "watch", "table": tid})
            deadline = time.monotonic() + 90
            while min(ended.values()) < 2:  # every table plays
                assert time.monotonic() < deadline, ended
                await asyncio.sleep(0.05)
            procs[0].kill()
            killed = time.monotonic()
            # a request through process 1 at once: answered when the table has moved, not 10 s later
            started = time.monotonic()
            await seater.request({"type": "watch", "table": tids[0]}, timeout=30)
            rerouted = time.monotonic() - started
            # a client of the dead process reconnects to process 2 at once and watches
            back = Client(procs[2].http, token=owner.token)
            await back.connect()
            started = time.monotonic()
            await back.request({"type": "watch", "table": tids[1]}, timeout=30)
            served = time.monotonic() - started
            deadline = time.monotonic() + 30
            while not all(any(t > killed for t in seen[tid]) for tid in tids):
                assert time.monotonic() < deadline, {t: [x - killed for x in v[-3:]] for t, v in seen.items()}
                await asyncio.sleep(0.05)
            first = {tid: min(t for t in seen[tid] if t > killed) - killed for tid in tids}
            more = dict(ended)
            deadline = time.monotonic() + 60
            while any(ended[t] < more[t] + 2 for t in tids):  # play goes on everywhere
                assert time.monotonic() < deadline, (more, ended)
                await asyncio.sleep(0.05)
            assert all(lease_owner(prefix, t) not in (None, owner_proc) for t in tids)
            for tid in tids:
                await seater.request({"type": "close_table", "table": tid})
            for c in (seater, watcher, back):
                await c.close()
            return first, rerouted, served

        first, rerouted, served = asyncio.run(asyncio.wait_for(main(), 240))
        print(f"from the kill: first update per table {sorted(round(x, 2) for x in first.values())} s; "
              f"request re-routed in {rerouted:.2f} s; reconnected client served in {served:.2f} s")
        assert max(first.values()) <= 8.0, first
        assert rerouted <= 8.0 and served <= 8.0, (rerouted, served)
        db = Database(url)
        try:
            deadline = time.monotonic() + 60
            while True:
                with db.session() as s:
                    live = s.query(HandRow).filter(HandRow.status == "live").count()
                if live == 0:
                    break
                assert time.monotonic() < deadline, "a hand stayed live"
                time.sleep(0.2)
        finally:
            db.dispose()
        audit = subprocess.run([STUDPOKER, "audit", "--db", url], capture_output=True, text=True, timeout=60)
        assert audit.returncode == 0, audit.stdout + audit.stderr


def _tournament_lease(prefix: str, tournament_id: int) -> str | None:
    import redis

    key = f"{prefix}:lease:tournament:{tournament_id}"
    value = redis.Redis.from_url(REDIS_URL, decode_responses=True).get(key)
    return str(value) if value is not None else None


@pytest.mark.slow
def test_a_tournament_on_the_cluster_survives_its_process(services: None, tmp_path: Path) -> None:
    """Issue 22 s.1 item 4: a sit-and-go is created through one process, a player registers through
    another and the creator fills it with bots through the third; it runs on one of them (with its
    tables), is watched from the others, and when that process is SIGKILLed mid-hand another takes
    it over: the hand finishes, the tournament ends, the prizes go to the balances and the books
    balance."""
    with running_cluster(tmp_path, extra=["--bot-delay", "0.05"]) as (url, prefix, procs):
        http = [httpx.Client(base_url=p.http, timeout=30) for p in procs]
        try:
            def guest(h: httpx.Client) -> tuple[dict[str, str], dict[str, Any]]:
                body = h.post("/api/guest").json()
                return {"Authorization": f"Bearer {body['token']}"}, body["user"]

            owner, _ = guest(http[0])
            player, user = guest(http[1])
            r = http[0].post("/api/tournaments", headers=owner, json={
                "name": "cluster sng", "game": {"game": "stud"}, "players": 6, "buy_in": 100,
                "starting_stack": 40, "bots_fill": True, "bots": ["rule", "random"], "action_time": 1,
                "time_bank": 0,  # the registered player never connects: blinded off, 1 s a turn
                "schedule": {"hands_per_level": 2, "levels": [
                    {"ante": 1, "bring_in": 2, "small_bet": 4, "big_bet": 8},
                    {"ante": 2, "bring_in": 3, "small_bet": 6, "big_bet": 12}]}})
            assert r.status_code == 201, r.text
            tid = r.json()["id"]
            start = [int(h.get("/api/me", headers=a).json()["balance"])
                     for h, a in ((http[0], owner), (http[1], player))]
            assert http[1].post(f"/api/tournaments/{tid}/register", headers=player).status_code == 200
            r = http[2].post(f"/api/tournaments/{tid}/fill", headers=owner)
            assert r.status_code == 200 and r.json()["status"] == "running", r.text
            runner = _tournament_lease(prefix, tid)
            assert runner is not None
            tables = r.json()["tables"]
            assert tables and all(lease_owner(prefix, t) == runner for t in tables)
            # every process serves the tournament and its tables
            for h in http:
                t = h.get(f"/api/tournaments/{tid}", headers=player).json()
                assert t["status"] == "running" and t["your_table"] in tables
                info = h.get(f"/api/tables/{tables[0]}").json()
                assert info["tournament"]["id"] == tid
            db = Database(url)
            try:
                def live_hands() -> list[int]:
                    with db.session() as s:
                        return [h.id for h in s.query(HandRow).filter(HandRow.table_id.in_(tables),
                                                                     HandRow.status == "live")]

                def dealt() -> int:
                    with db.session() as s:
                        return s.query(HandRow).filter(HandRow.table_id.in_(tables)).count()

                deadline = time.monotonic() + 90
                while dealt() < 3 or not live_hands():  # a few rounds in, a hand in play
                    assert time.monotonic() < deadline, "no hand in play"
                    time.sleep(0.02)
                killed_hands = live_hands()
                victim = next(i for i, p in enumerate(procs) if _tournament_owner_is(p, runner, prefix, tables))
                procs[victim].kill()
                killed = time.monotonic()
                before = dealt()
                survivor = http[(victim + 1) % 3]
                while _tournament_lease(prefix, tid) in (None, runner):
                    assert time.monotonic() - killed < 30, "nobody took the tournament over"
                    time.sleep(0.05)
                print(f"the tournament was taken over {time.monotonic() - killed:.2f} s after the kill")
                deadline = time.monotonic() + 240
                while True:
                    t = survivor.get(f"/api/tournaments/{tid}").json()
                    if t["status"] == "over":
                        break
                    assert time.monotonic() < deadline, t
                    time.sleep(0.3)
                assert dealt() > before  # hands were dealt after the kill
                with db.session() as s:
                    assert all(s.get(HandRow, h).status == "over" for h in killed_hands)  # type: ignore[union-attr]
            finally:
                db.dispose()
            places = t["places"]
            assert len(places) == 6 and sum(p["prize"] for p in places) == t["prize_pool"] == 600
            prize = next(p["prize"] for p in places if p["name"] == user["name"])
            bots_won = sum(p["prize"] for p in places if p["name"] != user["name"])
            balances = [int(survivor.get("/api/me", headers=a).json()["balance"]) for a in (owner, player)]
            assert balances == [start[0] - 500 + bots_won, start[1] - 100 + prize]
        finally:
            for h in http:
                h.close()
        audit = subprocess.run([STUDPOKER, "audit", "--db", url], capture_output=True, text=True, timeout=60)
        assert audit.returncode == 0, audit.stdout + audit.stderr


def _tournament_owner_is(proc: ServerProcess, runner: str, prefix: str, tables: list[int]) -> bool:
    """Whether ``proc`` is the process ``runner`` of the cluster (its health says which it is)."""
    return bool(httpx.get(f"{proc.http}/api/health", timeout=10).json()["process"] == runner)


def test_a_rename_is_seen_by_every_process(services: None, tmp_path: Path) -> None:
    """Attack: a guest renamed through one process kept its old name on the other (its seat,
    its chat). Identity is the account id and the name follows it on every process: a rename
    asked at process 1 while the guest waits for a seat at a table run by process 0 is refused
    (409); once the host answered it goes through, and the guest's connections on both processes
    chat, ask and sit under the new name."""
    with running_cluster(tmp_path, n=2) as (_url, prefix, procs):
        async def main() -> None:
            host = Client(procs[0].http, record=True)
            await host.guest()
            await host.connect()
            info = await host.create_table(table_config(STUD, private=True, approve_seats=True))
            tid, invite = int(info["id"]), info["invite_code"]
            assert lease_owner(prefix, tid) is not None
            await host.request({"type": "sit", "table": tid, "seat": 0, "buy_in": 200})
            r = httpx.post(f"{procs[1].http}/api/guest", json={"name": "wanderer1"}, timeout=30)
            token = r.json()["token"]
            auth = {"Authorization": f"Bearer {token}"}
            far, near = Client(procs[1].http, token=token, record=True), Client(procs[0].http, token=token,
                                                                                 record=True)
            for c in (far, near):
                await c.connect()
                await c.request({"type": "watch", "table": tid, "invite": invite})
            await far.request({"type": "sit", "table": tid, "seat": 1, "buy_in": 200, "invite": invite})

            def requests() -> list[dict[str, Any]]:
                return list(host.tables[tid].info["requests"])

            deadline = time.monotonic() + 20
            while len(requests()) != 1:
                assert time.monotonic() < deadline, "the seat request did not reach the host"
                await asyncio.sleep(0.02)
            r = httpx.post(f"{procs[1].http}/api/me/name", json={"name": "wanderer2"}, headers=auth, timeout=30)
            assert r.status_code == 409 and f"table {tid}" in r.json()["detail"], r.text
            await host.request({"type": "deny_seat", "table": tid, "request": requests()[0]["id"]})
            deadline = time.monotonic() + 20
            while True:  # the request's end reaches process 1 through Redis
                r = httpx.post(f"{procs[1].http}/api/me/name", json={"name": "wanderer2"}, headers=auth,
                               timeout=30)
                if r.status_code == 200:
                    break
                assert r.status_code == 409 and time.monotonic() < deadline, r.text
                await asyncio.sleep(0.1)

            def said(text: str) -> list[str]:
                return [m["name"] for m in host.received if m.get("type") == "chat" and m["text"] == text]

            for i, c in enumerate((near, far)):  # its connection on each process chats as it is named now
                await c.request({"type": "chat", "table": tid, "text": f"hello {i}"})
                deadline = time.monotonic() + 20
                while not said(f"hello {i}"):
                    assert time.monotonic() < deadline, "the chat line did not arrive"
                    await asyncio.sleep(0.02)
                assert said(f"hello {i}") == ["wanderer2"], (i, said(f"hello {i}"))
            await near.request({"type": "sit", "table": tid, "seat": 1, "buy_in": 200, "invite": invite})
            deadline = time.monotonic() + 20
            while len(requests()) != 1:
                assert time.monotonic() < deadline, "the second seat request did not reach the host"
                await asyncio.sleep(0.02)
            assert requests()[0]["name"] == "wanderer2"
            await host.request({"type": "approve_seat", "table": tid, "request": requests()[0]["id"]})

            def seat_name(c: Client) -> str | None:
                seat = c.tables[tid].info["seats"][1]
                return None if seat is None else str(seat["name"])

            deadline = time.monotonic() + 20
            while not (seat_name(host) == seat_name(far) == "wanderer2"):
                assert time.monotonic() < deadline, (seat_name(host), seat_name(far))
                await asyncio.sleep(0.02)
            r = httpx.post(f"{procs[0].http}/api/me/name", json={"name": "wanderer3"}, headers=auth, timeout=30)
            assert r.status_code == 409 and f"table {tid}" in r.json()["detail"], r.text  # seated now
            for c in (host, far, near):
                await c.close()

        asyncio.run(asyncio.wait_for(main(), 120))
