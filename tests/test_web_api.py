"""The HTTP side of the browser client: static files, card pictures, your hands, replays as you
saw them, PHH downloads and the demo tables of ``serve --demo``."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from _server_support import (
    FAST,
    RAZZ,
    STUD,
    STUD8,
    WALL,
    ServerThread,
    audit_ok,
    guest,
    hands_dealt_into,
    run,
    table_config,
)
from studpoker import phh
from studpoker.bots import make_bot
from studpoker.server import create_app
from studpoker.server.client import play_bot
from studpoker.server.demo import DEMO_OWNER, DEMO_TABLES, enable_demo


def test_static_client_and_card_pictures(tmp_path: Any) -> None:
    with ServerThread(f"sqlite:///{tmp_path / 'w.db'}") as srv:
        index = httpx.get(srv.url + "/")
        assert index.status_code == 200 and '<script type="module" src="/js/main.js">' in index.text
        for path in ("/js/main.js", "/js/table.js", "/js/felt.js", "/style.css"):
            r = httpx.get(srv.url + path)
            assert r.status_code == 200 and len(r.text) > 500, path
        assert "javascript" in httpx.get(srv.url + "/js/main.js").headers["content-type"]
        for name in ("As", "Td", "Jk", "back"):
            r = httpx.get(f"{srv.url}/svg/card/{name}.svg")
            assert r.status_code == 200
            assert r.headers["content-type"].startswith("image/svg+xml")
            assert "max-age" in r.headers["cache-control"]
            assert r.text.startswith("<svg")
        assert "#1565c0" in httpx.get(f"{srv.url}/svg/card/Kd.svg?four_color=true").text
        assert httpx.get(f"{srv.url}/svg/card/Zz.svg").status_code == 404
        assert httpx.get(srv.url + "/api/health").json()["ok"] is True  # the API still comes first


async def _play(url: str, game: dict[str, Any], hands: int, *, private: bool = False) -> tuple[int, list[Any], Any]:
    clients = [await guest(url) for _ in range(3)]
    info = await clients[0].create_table(table_config(game, private=private))
    invite = info.get("invite_code")
    bots = [make_bot(name, seed=i) for i, name in enumerate(("station", "rule", "random"))]
    await asyncio.gather(*(play_bot(c, info["id"], b, buy_in=200, seat=i, invite=invite, hands=hands)
                           for i, (c, b) in enumerate(zip(clients, bots, strict=True))))
    for c in clients:
        await c.close()
    return info["id"], clients, invite


def _headers(client: Any) -> dict[str, str]:
    return {"Authorization": f"Bearer {client.token}"}


@pytest.mark.parametrize("game", [STUD, WALL, STUD8, RAZZ], ids=["stud", "wallstreet", "stud8", "razz"])
def test_replays_show_only_what_each_seat_saw(tmp_path: Any, game: dict[str, Any]) -> None:
    with ServerThread(f"sqlite:///{tmp_path / 'w.db'}", FAST) as srv:
        table_id, clients, _ = run(_play(srv.url, game, 4))
        for c in clients:
            dealt = hands_dealt_into(c, table_id)
            mine = httpx.get(srv.url + "/api/me/hands", headers=_headers(c)).json()
            assert len(dealt) >= 2 and dealt <= {h["id"] for h in mine}
            assert [h["id"] for h in mine] == sorted((h["id"] for h in mine), reverse=True)
            for h in [h for h in mine if h["id"] in dealt][:4]:
                assert h["table"] == table_id and h["players"][h["you"]] == c.user["name"]
                detail = httpx.get(f"{srv.url}/api/hands/{h['id']}").json()
                assert detail["payoffs"][h["you"]] == h["payoff"]
                rep = httpx.get(f"{srv.url}/api/hands/{h['id']}/replay", headers=_headers(c)).json()
                _check_replay(rep, h["you"], detail)
                text = httpx.get(f"{srv.url}/api/hands/{h['id']}/phh", headers=_headers(c)).text
                assert list(phh.replay(phh.read_one(text)).payoffs) == detail["payoffs"]
                own = [x for x in rep["steps"][-1]["view"]["players"][h["you"]]["down"]]
                assert own and all(card in text for card in own)
        # anyone may replay a public table's hand: the public view
        first = httpx.get(srv.url + "/api/me/hands", headers=_headers(clients[0])).json()[0]
        public = httpx.get(f"{srv.url}/api/hands/{first['id']}/replay").json()
        _check_replay(public, None, httpx.get(f"{srv.url}/api/hands/{first['id']}").json())
        assert httpx.get(srv.url + "/api/me/hands").status_code == 401
        assert httpx.get(srv.url + "/api/hands/999999/replay").status_code == 404
        assert audit_ok(f"sqlite:///{tmp_path / 'w.db'}") == []


def _check_replay(rep: dict[str, Any], you: int | None, detail: dict[str, Any]) -> None:
    assert rep["you"] == you
    assert rep["payoffs"] == detail["payoffs"] and rep["seats"] == detail["seats"]
    assert rep["names"] == [e["name"] for e in detail["start"]]
    steps = rep["steps"]
    assert len(steps) >= 2 and steps[-1]["view"]["phase"] == "over"
    assert [s["street"] for s in steps] == sorted(s["street"] for s in steps)
    for step in steps:
        view = step["view"]
        assert view["seat"] == you
        for p in view["players"]:
            if p["seat"] == you:
                assert None not in p["down"]
            elif not p["shown"]:
                assert all(c is None for c in p["down"]), "a down card before it was shown"
    final = steps[-1]["view"]["players"]
    starts = [e["chips"] for e in detail["start"]]
    assert [p["stack"] - s for p, s in zip(final, starts, strict=True)] == detail["payoffs"]
    assert rep["results"] and all(sum(r["shares"].values()) == r["amount"] for r in rep["results"])
    assert steps[-1]["view"]["results"] == rep["results"]


def test_private_table_replays_need_the_invite(tmp_path: Any) -> None:
    with ServerThread(f"sqlite:///{tmp_path / 'w.db'}", FAST) as srv:
        _, clients, invite = run(_play(srv.url, STUD, 1, private=True))
        hand = httpx.get(srv.url + "/api/me/hands", headers=_headers(clients[1])).json()[0]
        assert httpx.get(f"{srv.url}/api/hands/{hand['id']}/replay").status_code == 403
        stranger = {"Authorization": "Bearer " + httpx.post(srv.url + "/api/guest").json()["token"]}
        assert httpx.get(f"{srv.url}/api/hands/{hand['id']}/replay", headers=stranger).status_code == 403
        assert httpx.get(f"{srv.url}/api/me/hands", headers=stranger).json() == []
        ok = httpx.get(f"{srv.url}/api/hands/{hand['id']}/replay?invite={invite}").json()
        assert ok["you"] is None
        player = httpx.get(f"{srv.url}/api/hands/{hand['id']}/replay", headers=_headers(clients[1])).json()
        assert player["you"] == hand["you"]


def test_demo_tables_are_created_once_and_wait_for_a_player(tmp_path: Any) -> None:
    db = f"sqlite:///{tmp_path / 'demo.db'}"
    for _ in range(2):  # a restart finds the tables it made before
        app = create_app(db, FAST)
        enable_demo(app)
        with TestClient(app) as client:
            lobby = client.get("/api/tables").json()
            demo = [t for t in lobby if t["owner"] == DEMO_OWNER]
            assert [t["name"] for t in demo] == [d.name for d in DEMO_TABLES]
            assert [t["taken"] for t in demo] == [len(d.bots) for d in DEMO_TABLES]
            assert not any(t["in_hand"] for t in demo)  # bots alone never start a hand
            info = client.get(f"/api/tables/{demo[0]['id']}").json()
            assert all(s is None or s["bot"] for s in info["seats"])
        # nobody can log in as the house
        app = create_app(db, FAST)
        with TestClient(app) as client:
            assert client.post("/api/login", json={"name": DEMO_OWNER, "password": "whatever1"}).status_code == 401
            assert client.post("/api/register", json={"name": DEMO_OWNER, "password": "whatever1"}).status_code == 400
    assert audit_ok(db) == []
