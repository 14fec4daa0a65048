"""Server protocol: accounts, tables, the websocket messages, several clients playing many hands."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from _server_support import (
    FAST,
    STUD,
    WALL,
    ServerThread,
    audit_ok,
    guest,
    run,
    seated_table,
    table_config,
    wait_until,
)
from studpoker import phh
from studpoker.bots import make_bot
from studpoker.fairness import Opening, verify_history, verify_opening
from studpoker.server import Settings, create_app
from studpoker.server.client import ClientError, play_bot
from studpoker.server.db import Database, HandEventRow, HandRow
from studpoker.server.protocol import SERVER_MESSAGE


@pytest.fixture
def sqlite_url(tmp_path: Any) -> str:
    return f"sqlite:///{tmp_path / 'server.db'}"


# ---------------------------------------------------------------- REST (in-process TestClient)


def test_rest_accounts_and_tokens(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url, FAST)) as http:
        r = http.post("/api/register", json={"name": "ann", "password": "correct horse"})
        assert r.status_code == 200, r.text
        token = r.json()["token"]
        assert r.json()["user"] == {"id": 1, "name": "ann", "guest": False, "balance": 10_000}
        assert http.post("/api/register", json={"name": "ann", "password": "another one"}).status_code == 409
        assert http.post("/api/register", json={"name": "x", "password": "short"}).status_code == 400
        assert http.post("/api/login", json={"name": "ann", "password": "wrong password"}).status_code == 401
        assert http.post("/api/login", json={"name": "nobody", "password": "whatever1"}).status_code == 401
        r = http.post("/api/login", json={"name": "ann", "password": "correct horse"})
        assert r.status_code == 200
        me = http.get("/api/me", headers={"Authorization": f"Bearer {token}"})
        assert me.json()["name"] == "ann"
        assert http.get("/api/me").status_code == 401
        assert http.get("/api/me", headers={"Authorization": "Bearer forged"}).status_code == 401
        g = http.post("/api/guest").json()
        assert g["user"]["guest"] and g["user"]["name"].startswith("guest-")
        assert http.post("/api/logout", headers={"Authorization": f"Bearer {token}"}).status_code == 200
        assert http.get("/api/me", headers={"Authorization": f"Bearer {token}"}).status_code == 401
    db = Database(sqlite_url)
    with db.session() as s:
        from studpoker.server.db import UserRow

        stored = s.get(UserRow, 1)
        assert stored is not None and stored.password_hash is not None
        assert stored.password_hash.startswith("$argon2id$")  # a real KDF, never the password
    db.dispose()


def test_rest_tables_every_option_and_privacy(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url, FAST)) as http:
        owner = {"Authorization": f"Bearer {http.post('/api/guest').json()['token']}"}
        other = {"Authorization": f"Bearer {http.post('/api/guest').json()['token']}"}
        stud = {"game": "stud", "ante": 2, "bring_in": 3, "small_bet": 10, "big_bet": 20, "joker": True,
                "double_ace_flush": True, "max_raises": 4, "heads_up_uncapped": False,
                "open_pair_big_bet": False, "showdown_muck": False}
        r = http.post("/api/tables", json=table_config(stud, seats=8, name="all options"), headers=owner)
        assert r.status_code == 201, r.text
        assert stud.items() <= r.json()["config"]["game"].items()  # every option kept (defaults added)
        wall = {"game": "wallstreet", "ante": 1, "limits": [1, 2, 3, 4, 5], "market_unit": 3, "joker": True,
                "double_ace_flush": False, "max_raises": 2, "heads_up_uncapped": True,
                "showdown_muck": True}  # R3.10: the muck turned on
        r = http.post("/api/tables", json=table_config(wall, private=True), headers=owner)
        assert r.status_code == 201, r.text
        assert r.json()["config"]["game"] == wall  # every option, R3.10's showdown_muck included
        private = r.json()
        assert private["invite_code"] and private["private"]
        bad = [
            table_config({**STUD, "bring_in": 5}),  # bring-in must be below the small bet (R2.2)
            table_config({**WALL, "limits": [2, 2]}),
            table_config(WALL, seats=8),  # Wall Street: 7 at most (R3.1)
            table_config(WALL, seats=2),  # ... and 3 at least (R3.1)
            table_config({**WALL, "showdown_muck": "sometimes"}),
            table_config(STUD, min_buy_in=500, max_buy_in=100),
            {**table_config(STUD), "surprise": 1},
            table_config({**STUD, "game": "holdem"}),
        ]
        for body in bad:
            assert http.post("/api/tables", json=body, headers=owner).status_code == 422, body
        assert http.post("/api/tables", json=table_config(STUD)).status_code == 401
        lobby_owner = http.get("/api/tables", headers=owner).json()
        lobby_other = http.get("/api/tables", headers=other).json()
        assert len(lobby_owner) == 2 and len(lobby_other) == 1
        pid = private["id"]
        assert http.get(f"/api/tables/{pid}", headers=other).status_code == 403
        seen = http.get(f"/api/tables/{pid}", headers=other, params={"invite": private["invite_code"]})
        assert seen.status_code == 200 and seen.json()["invite_code"] is None
        assert http.delete(f"/api/tables/{pid}", headers=other).status_code == 403
        assert http.delete(f"/api/tables/{pid}", headers=owner).status_code == 200
        assert http.get(f"/api/tables/{pid}", headers=owner).status_code == 404


def test_websocket_refusals_in_process(sqlite_url: str) -> None:
    """Malformed, oversized, replayed and unauthenticated messages get an error and change nothing."""
    settings = Settings(hand_delay=0, start_delay=0, max_message_bytes=1024)
    with TestClient(create_app(sqlite_url, settings)) as http:
        token = http.post("/api/guest").json()["token"]
        with http.websocket_connect("/ws") as ws:
            ws.send_text("not json")
            assert ws.receive_json()["code"] == "bad_json"
            ws.send_text(json.dumps({"type": "ping", "seq": 1, "extra": True}))
            err = ws.receive_json()
            assert err["code"] == "invalid" and err["reply_to"] == 1
            ws.send_text(json.dumps({"type": "teleport", "seq": 2}))
            assert ws.receive_json()["code"] == "invalid"
            ws.send_text(json.dumps({"type": "chat", "seq": 3, "table": 1, "text": "x" * 2000}))
            assert ws.receive_json()["code"] == "too_large"
            ws.send_json({"type": "sit", "seq": 4, "table": 1, "buy_in": 100})
            assert ws.receive_json()["code"] == "unauthorized"
            ws.send_json({"type": "auth", "seq": 5, "token": "forged-token"})
            assert ws.receive_json()["code"] == "unauthorized"
            ws.send_json({"type": "auth", "seq": 6, "token": token})
            welcome = ws.receive_json()
            assert welcome["type"] == "welcome" and welcome["user"]["balance"] == 10_000
            ws.send_json({"type": "ping", "seq": 6})
            assert ws.receive_json()["code"] == "replayed"
            ws.send_json({"type": "ping", "seq": 3})
            assert ws.receive_json()["code"] == "replayed"
            ws.send_json({"type": "ping", "seq": 7})
            assert ws.receive_json()["type"] == "pong"
            ws.send_json({"type": "ping", "seq": True})
            assert ws.receive_json()["code"] == "invalid"  # strict: a boolean is not a number
            ws.send_json({"type": "lobby", "seq": 8})
            assert ws.receive_json() == {"type": "lobby", "reply_to": 8, "tables": []}
            ws.send_bytes(b"\x00\x01")
            assert ws.receive_json()["code"] == "bad_message"
            ws.send_json({"type": "watch", "seq": 9, "table": 99})
            assert ws.receive_json()["code"] == "no_table"
        assert http.get("/api/me", headers={"Authorization": f"Bearer {token}"}).json()["balance"] == 10_000


def test_rate_limit_closes_a_flooding_connection(sqlite_url: str) -> None:
    settings = Settings(hand_delay=0, rate_per_second=1, rate_burst=5, rate_close_after=10)
    with TestClient(create_app(sqlite_url, settings)) as http, http.websocket_connect("/ws") as ws:
        codes = []
        for i in range(1, 30):
            ws.send_json({"type": "ping", "seq": i})
        try:
            for _ in range(30):
                codes.append(ws.receive_json().get("code", "pong"))
        except Exception:  # closed by the server
            pass
        assert codes[:5] == ["pong"] * 5
        assert "rate_limited" in codes
        assert len(codes) < 29  # the connection was closed before answering everything


# ------------------------------------------------------------ a real server in a thread


def _validate_all(clients: list[Any]) -> int:
    n = 0
    for c in clients:
        for msg in c.received:
            SERVER_MESSAGE.validate_python(msg)
            n += 1
    return n


@pytest.mark.parametrize("game,players,hands", [(STUD, 4, 25), (WALL, 5, 15)])
def test_clients_play_many_hands(sqlite_url: str, game: dict[str, Any], players: int, hands: int) -> None:
    """Several websocket clients play whole hands; every message fits the protocol; the books balance."""
    with ServerThread(sqlite_url) as srv:
        async def main() -> list[Any]:
            tid, clients = await seated_table(srv.url, game, players)
            observer = await guest(srv.url)
            await observer.request({"type": "watch", "table": tid})
            bots = ["random", "station", "rule", "random", "station"]
            await asyncio.gather(*(play_bot(c, tid, make_bot(bots[i], seed=i), hands=hands)
                                   for i, c in enumerate(clients)))
            for c in clients:
                await c.request({"type": "leave", "table": tid})
            await wait_until(lambda: all(c.balance == 10_000 - 0 or c.balance is not None for c in clients))
            for c in [*clients, observer]:
                await c.close()
            return [*clients, observer]

        everyone = run(main())
    assert _validate_all(everyone) > 100
    hand_ends = [m for m in everyone[-1].received if m["type"] == "hand_end"]
    assert len(hand_ends) >= hands
    for m in hand_ends:  # each opened card was in the deck committed to at the start (provably fair)
        assert "seed" not in m and m["openings"]
        assert all(verify_opening(m["commitment"], Opening.from_dict(o)) for o in m["openings"])
        assert sum(m["payoffs"]) == 0
    assert audit_ok(sqlite_url) == []
    db = Database(sqlite_url)
    with db.session() as s:
        rows = s.query(HandRow).filter(HandRow.status == "over").all()
        assert len(rows) >= hands
        for row in rows[:10]:
            assert row.phh is not None and row.phh_public is not None
            for text in (row.phh, row.phh_public):
                history = phh.read_one(text)
                assert verify_history(history) == []
                assert list(phh.replay(history).payoffs) == row.payoffs
        assert s.query(HandEventRow).count() > 0
    db.dispose()
    # balances: every chip came back when they left
    total = sum(c.balance for c in everyone[:-1])
    assert total == 10_000 * (len(everyone) - 1)


def test_refused_actions_change_nothing(sqlite_url: str) -> None:
    """Out-of-turn, forged, stale, replayed and unauthorized requests get errors; state is unchanged."""
    with ServerThread(sqlite_url) as srv:
        async def main() -> None:
            tid, clients = await seated_table(srv.url, STUD, 3)
            await wait_until(lambda: all(c.tables[tid].hand is not None for c in clients), what="a hand")
            hand = clients[0].tables[tid].hand
            to_act = hand.view["to_act"]
            seats = hand.seats
            actor = next(c for c in clients if c.tables[tid].info["you"] == seats[to_act])
            idle = next(c for c in clients if c is not actor and c.tables[tid].info["you"] in seats)
            version = hand.version
            legal = actor.tables[tid].hand.view["legal_actions"]
            act = {"type": "act", "table": tid, "hand": hand.id, "version": version}
            # out of turn (R1.12)
            with pytest.raises(ClientError) as e:
                await idle.request({**act, "action": {"kind": "fold"}})
            assert e.value.code == "illegal" and "out of turn" in e.value.message
            # forged: acting for another seat
            with pytest.raises(ClientError) as e:
                await idle.request({**act, "action": {**legal[0], "seat": to_act}})
            assert e.value.code == "forbidden"
            # wrong amount
            with pytest.raises(ClientError) as e:
                await actor.request({**act, "action": {"kind": legal[0]["kind"], "amount": 999}})
            assert e.value.code == "illegal"
            # stale version
            with pytest.raises(ClientError) as e:
                await actor.request({**act, "version": version - 1, "action": legal[0]})
            assert e.value.code == "stale"
            # an observer and a stranger
            stranger = await guest(srv.url)
            with pytest.raises(ClientError) as e:
                await stranger.request({**act, "action": legal[0]})
            assert e.value.code == "not_seated"
            with pytest.raises(ClientError) as e:
                await stranger.request({"type": "add_bot", "table": tid, "bot": "random", "buy_in": 100})
            assert e.value.code == "forbidden"
            with pytest.raises(ClientError) as e:
                await stranger.request({"type": "close_table", "table": tid})
            assert e.value.code == "forbidden"
            with pytest.raises(ClientError) as e:
                await stranger.request({"type": "sit", "table": tid, "buy_in": 10**6})
            assert e.value.code == "bad_buy_in"
            assert actor.tables[tid].hand.version == version  # nothing happened
            # the real action, then a byte-for-byte replay of it
            seq = actor.seq + 1
            frame = json.dumps({**act, "action": legal[0], "seq": seq})
            assert actor.ws is not None
            fut = asyncio.get_running_loop().create_future()
            actor.pending[seq] = fut
            actor.seq = seq
            await actor.ws.send(frame)
            assert (await asyncio.wait_for(fut, 10))["type"] == "ack"
            fut2 = asyncio.get_running_loop().create_future()
            actor.pending[seq] = fut2
            await actor.ws.send(frame)
            assert (await asyncio.wait_for(fut2, 10))["code"] == "replayed"
            # the same action with a fresh seq is stale now
            with pytest.raises(ClientError) as e:
                await actor.request({**act, "action": legal[0]})
            assert e.value.code in ("stale", "illegal")
            await wait_until(lambda: idle.tables[tid].hand.version > version)
            for c in [*clients, stranger]:
                await c.close()

        run(main())
    assert audit_ok(sqlite_url) == []
    db = Database(sqlite_url)
    with db.session() as s:
        assert s.query(HandEventRow).count() == 1  # only the one accepted action
    db.dispose()


def test_timeouts_default_actions_and_sit_out(sqlite_url: str) -> None:
    """R4.4: on timeout check, else fold; Wall Street takes the free card; repeated timeouts sit out."""
    with ServerThread(sqlite_url) as srv:
        async def main() -> tuple[int, int]:
            tid_s, stud = await seated_table(srv.url, STUD, 2, action_time=0.15, time_bank=0.1)
            tid_w, wall = await seated_table(srv.url, WALL, 3, action_time=0.15, time_bank=0)
            await wait_until(lambda: any(m["type"] == "hand_end" for m in wall[0].received), timeout=30,
                             what="a Wall Street hand to time out")
            await wait_until(lambda: all(s is None or s["sitting_out"]
                                         for s in stud[0].tables[tid_s].info["seats"][:2]), timeout=30,
                             what="idle players to sit out")
            timer = next(m["timer"] for m in stud[0].received if m["type"] == "hand")
            assert timer is not None
            assert abs(timer["bank_deadline"] - timer["deadline"] - 0.1) < 1e-6
            for c in stud + wall:
                await c.close()
            return tid_s, tid_w

        tid_s, tid_w = run(main())
    db = Database(sqlite_url)
    with db.session() as s:
        events = s.query(HandEventRow).all()
        # R3.10: a Wall Street showdown is shown by the server itself (mucking is not offered)
        assert events and all(e.source == "timeout" or (e.source == "auto" and e.data["kind"] == "show")
                              for e in events)
        hands = {h.id: h.table_id for h in s.query(HandRow).all()}
        kinds_w = {e.data["kind"] for e in events if hands[e.hand_id] == tid_w}
        kinds_s = {e.data["kind"] for e in events if hands[e.hand_id] == tid_s}
        assert "take_card" in kinds_w and "buy" not in kinds_w
        assert kinds_w <= {"check", "fold", "take_card", "show"}
        assert kinds_s <= {"bring_in", "check", "fold", "show"}
    db.dispose()
    assert audit_ok(sqlite_url) == []


def test_leave_sit_out_reconnect_and_chat(sqlite_url: str) -> None:
    """R4.3 leave during a hand; sit out and back; reconnect with the full state; chat limits."""
    settings = Settings(hand_delay=0.2, start_delay=0.3, bot_delay=0, chat_per_window=3, chat_window=30)
    with ServerThread(sqlite_url, settings) as srv:
        async def main() -> None:
            tid, (a, b, c) = await seated_table(srv.url, STUD, 3, buy_in=300)
            await wait_until(lambda: a.tables[tid].hand is not None, what="a hand")
            hand = a.tables[tid].hand
            # c leaves during the hand: folded when the turn comes, chips back at the end (R4.3)
            await c.request({"type": "leave", "table": tid})
            assert a.tables[tid].info["seats"][2]["leaving"]
            # reconnect: b drops the socket and comes back with the same token
            token = b.token
            await b.close()
            from studpoker.server.client import Client

            b2 = Client(srv.url, token=token, record=True)
            await b2.connect()
            await b2.request({"type": "watch", "table": tid})
            mirror = b2.tables[tid].hand
            assert mirror is not None and mirror.id == hand.id
            you = b2.tables[tid].info["you"]
            mine = mirror.view["players"][mirror.seats.index(you)]["down"]
            assert len(mine) == 2 and None not in mine  # its own down cards, in full
            others = [p["down"] for i, p in enumerate(mirror.view["players"]) if mirror.seats[i] != you]
            assert all(card is None for d in others for card in d)
            # play the hand out
            bots = {id(a): make_bot("station", seed=1), id(b2): make_bot("station", seed=2)}

            async def finish(cl: Any) -> None:
                await play_bot(cl, tid, bots[id(cl)], hands=1)

            await asyncio.gather(finish(a), finish(b2))
            await wait_until(lambda: c.balance is not None and c.balance != 10_000 - 300, what="c paid out")
            assert a.tables[tid].info["seats"][2] is None
            # sit out between hands: not dealt in
            await b2.request({"type": "sit_out", "table": tid})
            await asyncio.sleep(0.5)
            assert a.tables[tid].hand is None or a.tables[tid].hand.over  # one ready player: no hand (R4.2)
            await b2.request({"type": "sit_in", "table": tid})
            await wait_until(lambda: a.tables[tid].hand is not None and not a.tables[tid].hand.over,
                             what="a hand after sitting in")
            # chat: relayed to watchers, limited in length and rate, kept for newcomers
            await c.request({"type": "watch", "table": tid})
            for i in range(3):
                await a.request({"type": "chat", "table": tid, "text": f"hello {i}\x07"})
            with pytest.raises(ClientError) as e:
                await a.request({"type": "chat", "table": tid, "text": "one too many"})
            assert e.value.code == "rate_limited"
            with pytest.raises(ClientError) as e:
                await a.request({"type": "chat", "table": tid, "text": "x" * 301})
            assert e.value.code == "invalid"
            await wait_until(lambda: sum(m["type"] == "chat" for m in c.received) == 3)
            assert [m["text"] for m in c.received if m["type"] == "chat"] == ["hello 0", "hello 1", "hello 2"]
            late = await guest(srv.url)
            await late.request({"type": "watch", "table": tid})
            await wait_until(lambda: sum(m["type"] == "chat" for m in late.received) == 3)
            for cl in (a, b2, c, late):
                await cl.close()

        run(main())
    assert audit_ok(sqlite_url) == []


def test_owner_bots_and_private_tables(sqlite_url: str) -> None:
    """Owners add server-side bots (funded from their balance) and invite people to private tables."""
    with ServerThread(sqlite_url) as srv:
        async def main() -> None:
            owner = await guest(srv.url)
            info = await owner.create_table(table_config(WALL, private=True))
            tid, code = info["id"], info["invite_code"]
            friend = await guest(srv.url)
            with pytest.raises(ClientError) as e:
                await friend.request({"type": "watch", "table": tid})
            assert e.value.code == "forbidden"
            with pytest.raises(ClientError) as e:
                await friend.request({"type": "sit", "table": tid, "buy_in": 100, "invite": "wrong"})
            assert e.value.code == "forbidden"
            await friend.request({"type": "watch", "table": tid, "invite": code})
            for bot in ("random", "rule"):
                await owner.request({"type": "add_bot", "table": tid, "bot": bot, "buy_in": 100})
            with pytest.raises(ClientError) as e:
                await owner.request({"type": "add_bot", "table": tid, "bot": "nonsense", "buy_in": 100})
            assert e.value.code == "bad_bot"
            assert owner.balance == 10_000 - 200
            with pytest.raises(ClientError) as e:
                await friend.request({"type": "remove_bot", "table": tid, "seat": 0})
            assert e.value.code == "forbidden"
            await friend.request({"type": "sit", "table": tid, "buy_in": 100, "invite": code})
            await play_bot(friend, tid, make_bot("station", seed=3), hands=4)
            await friend.request({"type": "leave", "table": tid})  # folded when the turn comes (R4.3)
            await owner.request({"type": "close_table", "table": tid})
            await wait_until(lambda: friend.tables[tid].info["closed"] and all(
                s is None for s in friend.tables[tid].info["seats"]), what="the table to close")
            await wait_until(lambda: owner.balance is not None and friend.balance is not None
                             and owner.balance + friend.balance == 20_000, what="all chips back")
            await owner.close()
            await friend.close()

        run(main())
    assert audit_ok(sqlite_url) == []


def test_random_garbage_never_changes_state(sqlite_url: str) -> None:
    """A small fuzzer: random mutations of valid messages are refused or harmless; the books balance."""
    rng = random.Random(7)
    with ServerThread(sqlite_url) as srv:
        async def main() -> None:
            tid, clients = await seated_table(srv.url, STUD, 2)
            await wait_until(lambda: clients[0].tables[tid].hand is not None)
            attacker = clients[1]
            assert attacker.ws is not None
            templates: list[dict[str, Any]] = [
                {"type": "act", "table": tid, "hand": 1, "version": 0, "action": {"kind": "raise", "amount": 10}},
                {"type": "sit", "table": tid, "buy_in": 100}, {"type": "add_chips", "table": tid, "amount": 5},
                {"type": "leave", "table": 999}, {"type": "chat", "table": tid, "text": "hi"},
            ]
            values: list[Any] = [None, -1, 0, 2**63, "x", [], {}, True, 1.5, "\u0000", tid]
            for _ in range(200):
                msg = dict(rng.choice(templates))
                key = rng.choice([*msg.keys(), "seq", "zzz"])
                msg[key] = rng.choice(values)
                msg.setdefault("seq", rng.choice([attacker.seq + 1, 0, -5]))
                seq = msg["seq"]
                if isinstance(seq, int) and not isinstance(seq, bool) and seq <= 2**53:
                    attacker.seq = max(attacker.seq, seq)
                await attacker.ws.send(json.dumps(msg))
            await attacker.request({"type": "ping"})
            errors = [m for m in attacker.received if m["type"] == "error"]
            assert len(errors) > 150
            for c in clients:
                await c.close()

        run(main())
    assert audit_ok(sqlite_url) == []
