"""Every request does bounded work: uploads cannot freeze the room.

Hand histories uploaded (``POST /api/import``) and imported hands replayed
(``POST /api/import/replay``) are read in worker processes (studpoker/server/work.py), a
few at once, the others refused with 503 and ``Retry-After``; they are counted per address
(429) and size-limited (413), each with its reason. Reading is linear in the file (a header
with a long run of digits was quadratic in PokerStars' stakes pattern), and a replay is
linear in the hand's log (each step rebuilt the view from the whole log). Forty uploads at
once leave a logged-in ``GET /api/me``, a new websocket and a seated player's action answered
while they run.
"""

from __future__ import annotations

import asyncio
import re
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest

from _server_support import (
    FAST,
    STUD,
    ServerProcess,
    ServerThread,
    free_port,
    guest,
    need_pg,
    pg_schema_url,
    run,
    seated_table,
    wait_until,
)
from studpoker import phh
from studpoker.bots import make_bot
from studpoker.engine.games import SevenCardStud
from studpoker.server.imports import MAX_REPLAY_CHARS, replay_steps

DATA = Path(__file__).parent / "data" / "history"
STARS = (DATA / "pokerstars-stud.txt").read_bytes()
# a header whose stakes never come: a long run of digits (the stakes pattern was quadratic in it)
DIGITS = b"PokerStars Hand #1: Razz Limit (" + b"1" * 150_000 + b"\n"


def raises_hand(raises: int) -> phh.HandHistory:
    """A legal heads-up stud hand: the bring-in, ``raises`` raises (uncapped heads-up), a fold."""
    game = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)
    hand = game.deal(stacks=[10**9, 10**9], dealer=1, deck="As Kd 2c Qh Jd 7c")
    hand.bring_in()
    for _ in range(raises):
        hand.bet_or_raise()
    hand.fold()
    return phh.from_hand(hand)


@pytest.fixture(scope="module")
def long_hand() -> str:
    text = phh.write(raises_hand(11_000))
    assert 190_000 < len(text) <= MAX_REPLAY_CHARS
    return text


def stars_file(size: int) -> bytes:
    """PokerStars hands, repeated up to about ``size`` bytes (a few seconds to read), each copy
    under hand numbers of its own (a hand read twice is a duplicate, read once)."""
    copies = max(1, size // (len(STARS) + 2))
    return b"".join(re.sub(rb"Hand #(\d+)", lambda m, k=k: b"Hand #%d" % (int(m.group(1)) + 1000 * k), STARS)
                    + b"\n\n" for k in range(copies))


def test_replay_is_linear_in_the_log() -> None:
    """A replay step costs the same however long the hand: twice the actions, about twice the
    work (counted in function calls, not timed; rebuilding the view at each step was ~4x)."""
    def calls(raises: int) -> int:
        history = raises_hand(raises)
        count = 0

        def profile(_frame: Any, event: str, _arg: Any) -> None:
            nonlocal count
            if event in ("call", "c_call"):
                count += 1

        sys.setprofile(profile)
        try:
            steps = replay_steps(history)["steps"]
        finally:
            sys.setprofile(None)
        assert len(steps) == raises + 3  # the deal, the bring-in, the raises, the fold
        return count

    small, large = calls(500), calls(1000)
    assert large < 2.3 * small, (small, large)


def test_forty_uploads_leave_the_room_playing(tmp_path: Path, long_hand: str) -> None:
    """Forty heavy uploads at once (real hands to import, a hand of 11,000 raises to replay):
    a few run in a worker, the others are refused at once; the server's own process (a
    subprocess here, as in production) answers an account, a new websocket and an action
    while they run."""
    server = ServerProcess(f"sqlite:///{tmp_path / 'w.db'}", free_port(), tmp_path / "server.log")
    server.start()
    try:
        async def main() -> None:
            tid, players = await seated_table(server.url, STUD, 2)
            await wait_until(lambda: any(p.my_turn(tid) for p in players), 60, "a player to act")
            me = await guest(server.url)
            big = stars_file(1 << 20)  # real hands: seconds of reading each
            limits = httpx.Limits(max_connections=100, max_keepalive_connections=100)
            async with httpx.AsyncClient(base_url=server.url, timeout=600, limits=limits) as http:

                async def upload(i: int) -> httpx.Response:
                    if i % 3 == 0:
                        return await http.post("/api/import", content=big)
                    return await http.post("/api/import/replay", json={"phh": long_hand})

                uploads = [asyncio.create_task(upload(i)) for i in range(40)]
                await wait_until(lambda: any(u.done() for u in uploads), 300, "a first answer")
                # the room goes on while they run: an account, a new websocket, an action
                r = await http.get("/api/me", headers={"Authorization": f"Bearer {me.token}"}, timeout=60)
                assert r.status_code == 200 and r.json()["id"] == me.user["id"]
                newcomer = await guest(server.url)
                assert (await newcomer.request({"type": "lobby"}, timeout=60))["type"] == "lobby"
                player = next(p for p in players if p.my_turn(tid))
                turn = player.my_turn(tid)
                assert turn is not None
                hand, _ = turn
                decision = make_bot("station").act(hand.seat_view(player.tables[tid].game))
                assert (await player.act(tid, hand, decision))["type"] == "ack"
                assert not all(u.done() for u in uploads), "the uploads were over before the checks"
                answers = await asyncio.gather(*uploads)
                # a header with a long run of digits is read in linear time: refused for its reason
                digits = await http.post("/api/import", content=DIGITS, timeout=60)
            for c in [*players, me, newcomer]:
                await c.close()
            statuses = [a.status_code for a in answers]
            assert set(statuses) <= {200, 429, 503}, statuses
            assert 200 in statuses and 503 in statuses
            for a in answers:
                if a.status_code != 200:  # busy or over the address's rate: when and why
                    assert int(a.headers["retry-after"]) >= 1
                    assert "busy" in a.json()["detail"] or "too many uploads" in a.json()["detail"]
                elif "steps" in a.json():
                    assert len(a.json()["steps"]) == 11_003
                else:
                    assert a.json()["replayed"] > 100 and a.json()["refused"] == 0
            assert digits.status_code in (200, 429), digits.text
            if digits.status_code == 200:
                assert digits.json()["refusals"][0]["reason"] == "the header is longer than 1000 characters"

        run(main(), timeout=900)
    finally:
        server.stop()


@pytest.fixture()
def strict(tmp_path: Path) -> Iterator[ServerThread]:
    settings = replace(FAST, import_workers=1, import_queue=0, import_time_limit=1.0, uploads_per_ip=2,
                       replays_per_ip=3)
    with ServerThread(f"sqlite:///{tmp_path / 'w.db'}", settings) as srv:
        yield srv


def test_upload_limits_answer_with_their_reason(strict: ServerThread, tmp_path: Path) -> None:
    url, work = strict.url, strict.app.state.services.guards.work

    async def main() -> None:
        async with httpx.AsyncClient(base_url=url, timeout=120) as http:
            # a job past the time limit is stopped (its worker killed): 413, why, and what to do
            slow = asyncio.create_task(http.post("/api/import", content=stars_file(4 << 20)))
            await wait_until(lambda: work.running == 1, 60, "the large upload in a worker")
            # meanwhile the one worker is taken and nobody may wait: 503, when to come back
            busy = await http.post("/api/import", content=STARS)
            assert busy.status_code == 503 and "busy" in busy.json()["detail"]
            assert int(busy.headers["retry-after"]) >= 1
            stopped = await slow
            assert stopped.status_code == 413, stopped.text
            assert "stopped after 1 s" in stopped.json()["detail"]
            assert "studpoker import" in stopped.json()["detail"]
            await wait_until(lambda: work.running == 0, 60, "the worker freed")
            # two uploads per address: the third is refused before it is read
            over = await http.post("/api/import", content=STARS)
            assert over.status_code == 429 and "too many uploads" in over.json()["detail"]
            assert int(over.headers["retry-after"]) >= 1
            # a replay too long to be a hand: 413 with the reason, before any work
            too_long = await http.post("/api/import/replay", json={"phh": "#" * (MAX_REPLAY_CHARS + 1)})
            assert too_long.status_code == 413 and "longer than 200,000 characters" in too_long.json()["detail"]
            # the text is PHH text, never the name of a file of the server
            on_disk = tmp_path / "hand"
            on_disk.write_text(phh.write(raises_hand(1)), encoding="utf-8")
            named = await http.post("/api/import/replay", json={"phh": str(on_disk)})
            assert named.status_code == 400 and "does not replay" in named.json()["detail"]
            bad = await http.post("/api/import/replay", content=b'{"phh": 3}')
            assert bad.status_code == 422
            r = await http.post("/api/import/replay", json={"phh": phh.write(raises_hand(1))})
            assert r.status_code == 429 and "too many replays" in r.json()["detail"]

    run(main(), timeout=600)


def test_pg_play_never_waits_behind_other_transactions() -> None:
    """On PostgreSQL the database calls run on threads. A burst of logins, seats and REST
    calls that takes every general database thread (here: calls held open) must not hold up
    play: the plain actions' group commits, and a hand's settlement and the next deal, have
    threads of their own (docs/scaling.md: one action in a hundred used to wait seconds in
    the one shared line)."""
    import threading

    need_pg()
    with pg_schema_url() as url, ServerThread(url) as srv:
        reg = srv.manager
        release, started = threading.Event(), threading.Semaphore(0)

        def held() -> None:  # a slow transaction of something else than play
            started.release()
            release.wait(300)

        async def main() -> None:
            tid, players = await seated_table(srv.url, STUD, 2)
            await wait_until(lambda: any(p.my_turn(tid) for p in players), 60, "a player to act")
            first = players[0].tables[tid].hand.id
            blockers = [reg.executor.submit(held) for _ in range(reg.executor._max_workers)]
            try:
                for _ in blockers:
                    assert await asyncio.to_thread(started.acquire, True, 60), "a general thread free"
                # every general thread is taken: the hand is played out, settled, and the next dealt
                await wait_until(lambda: any(p.my_turn(tid) for p in players), 60, "a player to act")
                while all(p.tables[tid].hand.id == first for p in players):
                    player = next((p for p in players if p.my_turn(tid)), None)
                    if player is None:
                        await asyncio.sleep(0.01)
                        continue
                    turn = player.my_turn(tid)
                    assert turn is not None
                    hand, _ = turn
                    decision = make_bot("station").act(hand.seat_view(player.tables[tid].game))
                    assert (await player.act(tid, hand, decision))["type"] == "ack"
                await wait_until(lambda: all(p.tables[tid].hand.id != first for p in players), 60,
                                 "the next hand dealt")
                assert not any(b.done() for b in blockers)
            finally:
                release.set()
            for c in players:
                await c.close()

        run(main(), timeout=300)
