"""Statistics online: profiles, the leaderboard, all my hands as one .phhs (server/player_stats)."""

from __future__ import annotations

import dataclasses
import time
from typing import Any

import httpx
from sqlalchemy import select

from _server_support import FAST, STUD, WALL, ServerThread, audit_ok, run
from studpoker import phh
from studpoker.stats import Stats
from test_web_api import _headers, _play


def test_profile_leaderboard_and_my_hands(tmp_path: Any) -> None:
    db = f"sqlite:///{tmp_path / 's.db'}"
    with ServerThread(db, FAST) as srv:
        _, clients, _ = run(_play(srv.url, STUD, 5))
        run(_play(srv.url, WALL, 3))
        me = clients[0]
        name = me.user["name"]
        headers = _headers(me)
        text = httpx.get(srv.url + "/api/me/hands.phhs", headers=headers).text
        histories = phh.read(text)
        assert len(histories) >= 5
        local = Stats()
        local.add_text(text)
        for h in histories:
            players = h.players or []
            assert name in players
            replayed = phh.replay_result(h)  # replays with the others' unknown cards
            me_seat = replayed.seat(players.index(name))
            assert "??" not in "".join(a for a in h.actions if f"p{players.index(name) + 1} " in a
                                       and a.startswith("d dh"))
            assert replayed.hand.n == len(players) and me_seat >= 0
        # the profile is the statistics of exactly those hands
        prof = httpx.get(f"{srv.url}/api/players/{name}/stats").json()
        assert prof["name"] == name and [g["game"] for g in prof["games"]] == ["stud"]
        assert prof["games"][0]["game_name"] == "Seven Card Stud"  # the display name: the browser keeps none
        row = prof["games"][0]
        mine = local.get(name, "stud")
        assert row["hands"] == mine.hands == len(histories)
        assert row["net"] == mine.net and row["vpip"] == mine.vpip
        assert prof["chart"]["stud"][0] == 0 and prof["chart"]["stud"][-1] == row["net"]
        assert len(prof["chart"]["stud"]) == row["hands"] + 1
        one = httpx.get(f"{srv.url}/api/players/{name}/stats", params={"game": "wallstreet"}).json()
        assert one["games"] == []
        board = httpx.get(srv.url + "/api/leaderboard",
                          params={"game": "stud", "min_hands": 1}).json()
        assert [r["rank"] for r in board] == list(range(1, len(board) + 1))
        assert [r["net"] for r in board] == sorted((r["net"] for r in board), reverse=True)
        assert name in {r["name"] for r in board}
        assert httpx.get(f"{srv.url}/api/players/nobody-here/stats").status_code == 404
        assert httpx.get(srv.url + "/api/leaderboard", params={"game": "chess"}).status_code == 400
        assert httpx.get(srv.url + "/api/me/hands.phhs").status_code == 401
    assert audit_ok(db) == []


def test_r8_2_a_baseball_profile_counts_the_threes_paid_for(tmp_path: Any) -> None:
    """R8.2: online statistics of Baseball hands are those of the hands' histories, with the
    face-up 3s paid for (``pay_three``) among them."""
    db = f"sqlite:///{tmp_path / 'b.db'}"
    with ServerThread(db, FAST) as srv:
        _, clients, _ = run(_play(srv.url, {**STUD, "game": "baseball"}, 6))
        for me in clients:
            name = me.user["name"]
            local = Stats()
            local.add_text(httpx.get(srv.url + "/api/me/hands.phhs", headers=_headers(me)).text)
            (row,) = httpx.get(f"{srv.url}/api/players/{name}/stats").json()["games"]
            mine = local.get(name, "baseball")
            assert row["game"] == "baseball" and row["game_name"] == "Baseball"
            assert row["hands"] == mine.hands >= 4 and row["net"] == mine.net  # (6 hands played; a client that sat down during the first is dealt into 5)
            assert row["pay_three"] == mine.pay_three
            assert row["counts"]["three_decisions"] == mine.three_decisions
    assert audit_ok(db) == []


def test_profile_and_leaderboard_are_one_definition(tmp_path: Any) -> None:
    """Issue 23 item 10 (issue 22 s.1 item 9): a profile and the leaderboard show the same hands
    and chips for a player: the hands dealt at cash tables, counted as they end. Hands of a
    tournament the player entered (blinded off there) count in neither."""
    from studpoker.server.db import Database, HandRow, TableRow

    db = f"sqlite:///{tmp_path / 's.db'}"
    with ServerThread(db, dataclasses.replace(FAST, away_grace=0.05)) as srv:
        _, clients, _ = run(_play(srv.url, STUD, 4))
        me = clients[0]
        name = me.user["name"]
        with httpx.Client(base_url=srv.url, timeout=30) as http:
            owner = {"Authorization": f"Bearer {http.post('/api/guest').json()['token']}"}
            t = http.post("/api/tournaments", headers=owner, json={
                "name": "sng", "game": {"game": "stud"}, "players": 3, "buy_in": 10, "starting_stack": 20,
                "bots_fill": True, "bots": ["random"], "action_time": 2,
                "schedule": {"hands_per_level": 1, "levels": [{"ante": 2, "bring_in": 3, "small_bet": 6,
                                                                "big_bet": 12}]}}).json()
            assert http.post(f"/api/tournaments/{t['id']}/register", headers=_headers(me)).status_code == 200
            assert http.post(f"/api/tournaments/{t['id']}/fill", headers=owner).status_code == 200
            deadline = time.time() + 120
            while http.get(f"/api/tournaments/{t['id']}").json()["status"] != "over":
                assert time.time() < deadline
                time.sleep(0.2)
            prof = http.get(f"/api/players/{name}/stats").json()
            board = http.get("/api/leaderboard", params={"game": "stud", "min_hands": 0, "limit": 500}).json()
    row = prof["games"][0]
    entry = next(r for r in board if r["name"] == name)
    assert {k: entry[k] for k in ("hands", "net", "per100", "vpip", "af")} == \
        {"hands": row["hands"], "net": row["net"], "per100": row["per100"], "vpip": row["vpip"], "af": row["af"]}
    # ... and they are the statistics of the player's cash-table hands, from their full histories
    database = Database(db)
    try:
        with database.session() as s:
            cash = Stats()
            played = 0
            for h in s.scalars(select(HandRow).join(TableRow, TableRow.id == HandRow.table_id)
                               .where(HandRow.status == "over").order_by(HandRow.id)):
                assert h.phh is not None
                names = [str(e["name"]) for e in h.start]
                if name not in names:
                    continue
                table = s.get(TableRow, h.table_id)
                assert table is not None
                if table.tournament_id is not None:
                    played += 1
                    continue
                cash.add_text(h.phh)
    finally:
        database.dispose()
    assert played > 0  # the player was dealt tournament hands: not in the statistics
    mine = cash.get(name, "stud")
    assert (row["hands"], row["net"], row["vpip"], row["af"]) == (mine.hands, mine.net, mine.vpip, mine.af())
    assert prof["chart"]["stud"][-1] == row["net"] and len(prof["chart"]["stud"]) == row["hands"] + 1


def _work(db: str, fn: Any) -> tuple[int, int]:
    """``(SQL statements, SQLite virtual-machine steps / 10)`` of ``fn(database)`` on a fresh
    connection: the work a query does, without any clock."""
    from sqlalchemy import event

    from studpoker.server.db import Database

    database = Database(db)
    counts = [0, 0]

    def tick() -> int:
        counts[1] += 1
        return 0

    def on_connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.set_progress_handler(tick, 10)

    def on_execute(*_args: Any) -> None:
        counts[0] += 1

    event.listen(database.engine, "connect", on_connect)
    event.listen(database.engine, "before_cursor_execute", on_execute)
    try:
        fn(database)
    finally:
        database.dispose()
    return counts[0], counts[1]


def test_a_profile_and_the_leaderboard_cost_the_same_with_100000_stored_hands(tmp_path: Any) -> None:
    """Issue 22 s.1 item 9: the statistics are kept as hands end, so a profile and the leaderboard
    read the same rows whether 20 hands are stored or 100,000 more: the same SQL statements and
    the same SQLite virtual-machine work (counted, not timed)."""
    from sqlalchemy import func, insert

    from studpoker.server.db import Database, HandRow
    from studpoker.server.stats.store import leaderboard, profile

    db = f"sqlite:///{tmp_path / 's.db'}"
    with ServerThread(db, FAST) as srv:
        table_id, clients, _ = run(_play(srv.url, STUD, 6))
    name = clients[0].user["name"]

    def both(database: Any) -> None:
        prof = profile(database, name)
        board = leaderboard(database, game="stud", min_hands=1)
        assert prof["games"][0]["hands"] >= 4 and any(r["name"] == name for r in board)

    before = _work(db, both)
    database = Database(db)
    try:
        with database.session() as s:
            last = s.scalar(select(func.max(HandRow.number)).where(HandRow.table_id == table_id))
            sample = s.scalars(select(HandRow).where(HandRow.table_id == table_id, HandRow.status == "over")
                               .order_by(HandRow.id)).first()
            assert sample is not None and sample.phh is not None and last is not None
            # a stored hand's history without its openings (they make it ten times longer)
            text = "\n".join(line for line in sample.phh.splitlines() if not line.startswith("_openings"))
            rows = [{"table_id": table_id, "number": last + 1 + i, "seed": sample.seed,
                     "commitment": sample.commitment, "dealer": sample.dealer, "hand_seats": sample.hand_seats,
                     "start": sample.start, "status": "over", "payoffs": sample.payoffs, "phh": text,
                     "started_at": sample.started_at} for i in range(100_000)]
            s.execute(insert(HandRow), rows)
            s.commit()
            assert s.scalar(select(func.count()).select_from(HandRow)) >= 100_000
    finally:
        database.dispose()
    after = _work(db, both)
    assert after[0] == before[0], (before, after)  # the same statements ...
    assert after[1] <= before[1] + 5, (before, after)  # ... doing the same work


def test_the_chart_keeps_at_most_1000_points() -> None:
    """A chart of net chips over hands stays bounded: past 1,000 points every other one goes and a
    point stands for twice as many hands; every point kept is the net after its hand."""
    from studpoker.server.stats.store import CHART_POINTS, chart_add

    chart, step, total, after = [0], 1, 0, [0]
    for hands in range(1, 5001):
        total += hands % 7 - 3
        after.append(total)
        chart, step = chart_add(chart, step, hands, total)
        assert len(chart) <= CHART_POINTS + 1
    assert step == 8 and chart == after[::step][: len(chart)] and len(chart) == 5000 // 8 + 1


def test_migration_0005_counts_the_stored_hands_as_the_server_does(tmp_path: Any) -> None:
    """The statistics of the hands stored before migration 0005 are counted once by it, with the
    numbers the server keeps as hands end."""
    from pathlib import Path

    from alembic import command
    from alembic.config import Config

    import studpoker.server.db as dbmod
    from studpoker.server.db import Database, PlayerStatsRow

    db = f"sqlite:///{tmp_path / 's.db'}"
    with ServerThread(db, FAST) as srv:
        run(_play(srv.url, STUD, 3))
        run(_play(srv.url, WALL, 2))
    database = Database(db)
    try:
        def rows() -> dict[tuple[int, str], tuple[int, int, dict[str, Any], list[int]]]:
            with database.session() as s:
                return {(r.user_id, r.game): (r.hands, r.net, r.counts, r.chart) for r in s.scalars(select(PlayerStatsRow))}

        live = rows()
        assert {game for _, game in live} == {"stud", "wallstreet"} and len(live) == 6
        cfg = Config()
        cfg.set_main_option("script_location", str(Path(dbmod.__file__).parent / "migrations"))
        with database.engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, "0004")
        database.migrate()
        assert rows() == live
    finally:
        database.dispose()
