"""Statistics online: profiles, the leaderboard, all my hands as one .phhs (server/player_stats)."""

from __future__ import annotations

from typing import Any

import httpx

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
            assert row["hands"] == mine.hands >= 6 and row["net"] == mine.net
            assert row["pay_three"] == mine.pay_three
            assert row["counts"]["three_decisions"] == mine.three_decisions
    assert audit_ok(db) == []
