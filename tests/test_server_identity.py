"""Identity is the account id; a name is only a label. Attacks on the names: a stranger taking a
seat's old name to read its replays, look-alike names through a rename or a guest's conversion,
and names that a spreadsheet would run as formulas in the night's ledger CSV."""

from __future__ import annotations

import asyncio
import csv
import io
from pathlib import Path
from typing import Any

import httpx
import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient

from _server_support import (
    FAST,
    STUD,
    ServerThread,
    db_params,
    db_url,
    guest,
    hands_dealt_into,
    run,
    table_config,
    wait_until,
)
from studpoker import phh
from studpoker.bots import make_bot
from studpoker.server import create_app
from studpoker.server.accounts.auth import Auth
from studpoker.server.client import Client, play_bot
from studpoker.server.tables.night import ledger_csv


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'identity.db'}"


# ------------------------------------------------------------------ the ledger CSV


def _line(name: str, net: int, funded_by: str | None = None) -> dict[str, object]:
    return {"name": name, "funded_by": funded_by, "buy_ins": 100, "top_ups": 0, "cash_out": 100 + net,
            "chips": 0, "net": net}


def test_the_ledger_csv_escapes_formulas_but_keeps_numbers() -> None:
    """OWASP's CSV injection rule: a cell a person wrote that starts with ``=``, ``+``, ``-``, ``@``,
    a tab or a carriage return gets a leading single quote; the server's own numbers (a net of
    -40) stay numbers."""
    players = [_line("-A1-B1", -40), _line("=1+2", 40), _line("+cmd", 0), _line("@SUM(A1)", 0),
               _line("\tx", 0), _line("\rx", 0), _line("bot-rule-3", 0, funded_by="-A1-B1"),
               _line("ann", 0)]
    ledger = {"name": "=HYPERLINK(1)", "date": "2026-12-04", "players": players,
              "totals": {"buy_ins": 800, "top_ups": 0, "cash_out": 800, "chips": 0, "net": 0},
              "settle_up": [{"payer": "-A1-B1", "payee": "=1+2", "amount": 40}]}
    rows = list(csv.DictReader(io.StringIO(ledger_csv(ledger))))
    body = [r for r in rows if r["player"] != "total" and not r["pays"]]
    assert [r["player"] for r in body] == ["'-A1-B1", "'=1+2", "'+cmd", "'@SUM(A1)", "'\tx", "'\rx",
                                           "bot-rule-3", "ann"]
    assert body[6]["bot_of"] == "'-A1-B1"  # the funder of a bot is a name too
    assert all(r["table"] == "'=HYPERLINK(1)" for r in rows)  # the table's name is a name too
    first = body[0]
    assert [first[k] for k in ("buy_ins", "top_ups", "cash_out", "chips_on_table", "net")] == \
        ["100", "0", "60", "0", "-40"]  # numbers as numbers, the minus kept
    assert body[1]["net"] == "40"
    total = next(r for r in rows if r["player"] == "total")
    assert [total[k] for k in ("buy_ins", "top_ups", "cash_out", "chips_on_table", "net")] == \
        ["800", "0", "800", "0", "0"]
    transfer = next(r for r in rows if r["pays"])
    assert (transfer["player"], transfer["pays"], transfer["amount"]) == ("'-A1-B1", "'=1+2", "40")
    assert all(not (r[k] or "").startswith(("=", "+", "-", "@", "\t", "\r"))
               for r in rows for k in ("table", "player", "bot_of", "pays"))


# ------------------------------------------------------------------ look-alikes


def _cheap_auth() -> Auth:
    """Fast hashes: these tests are about names."""
    return Auth(hasher=PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1))


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_look_alike_names_are_refused_on_every_rename_and_conversion(url: str) -> None:
    """The look-alike key (``name_skeleton``) is checked on a guest's nickname, a rename and a
    conversion to an account, and moves with the name: the old name's look-alikes are free again,
    the new one's are taken."""
    with TestClient(create_app(url, FAST, auth=_cheap_auth())) as http:
        def guest(name: str | None = None) -> str:
            r = http.post("/api/guest", json={"name": name} if name else None)
            assert r.status_code == 200, r.text
            return str(r.json()["token"])

        def register(name: str) -> int:
            return http.post("/api/register", json={"name": name, "password": "a good password"}).status_code

        assert register("aliceofhj") == 200
        g = guest()
        r = http.post("/api/me/name", json={"name": "aIiceofhj"}, headers=_bearer(g))  # a capital i
        assert r.status_code == 409 and "aliceofhj" in r.json()["detail"], r.text
        r = http.post("/api/me/account", json={"password": "a good password", "name": "a1iceofhj"},
                      headers=_bearer(g))
        assert r.status_code == 409 and "aliceofhj" in r.json()["detail"], r.text
        assert http.get("/api/me", headers=_bearer(g)).json()["guest"]  # nothing changed
        assert http.post("/api/guest", json={"name": "ALICEOFHJ"}).status_code == 409
        assert http.post("/api/guest", json={"name": "a1iceofhj"}).status_code == 409
        # a guest renamed carolwkev: its look-alikes are taken, by registration and by guests
        carol = guest()
        assert http.post("/api/me/name", json={"name": "carolwkev"}, headers=_bearer(carol)).status_code == 200
        assert register("caroIwkev") == 409
        assert http.post("/api/guest", json={"name": "caro1wkev"}).status_code == 409
        other = guest()
        assert http.post("/api/me/name", json={"name": "caroIwkev"}, headers=_bearer(other)).status_code == 409
        # its own look-alike is its own to take; the name it leaves is free again, look-alikes too
        assert http.post("/api/me/name", json={"name": "caroIwkev"}, headers=_bearer(carol)).status_code == 200
        assert http.post("/api/me/name", json={"name": "danaqz"}, headers=_bearer(carol)).status_code == 200
        assert register("carolwkev") == 200
        assert register("dana9z") == 200 and register("danaqZ") == 409


# ------------------------------------------------------------------ identity is the account id


def _rename_in_db(url: str, user_id: int, name: str) -> None:
    """What a rename while a seat request waited left behind on an older server: the account
    renamed, its seat and hands still labelled with the old name."""
    from studpoker.server.accounts.names import name_key, name_skeleton
    from studpoker.server.db import Database, UserRow

    db = Database(url)
    try:
        with db.session() as s:
            row = s.get(UserRow, user_id)
            assert row is not None
            row.name, row.name_key, row.name_skeleton = name, name_key(name), name_skeleton(name)
            s.commit()
    finally:
        db.dispose()


def test_a_stranger_named_like_a_seat_reads_none_of_its_hands(url: str) -> None:
    """Attack: a guest asks for a seat at a private table whose host approves seats and renames
    itself before the approval; a fresh guest takes the old name, the one on the seat and its
    hands. Renaming is refused while a seat request waits (409 with the reason); and whatever a
    seat or a hand is labelled, who played it is the account id: a stranger called like it gets
    no replay (403), no PHH, nothing in its hands and its hands file; the player gets all."""

    async def go() -> None:
        with ServerThread(url, FAST) as srv:
            host = await guest(srv.url)
            info = await host.create_table(table_config(STUD, private=True, approve_seats=True))
            tid, invite = info["id"], info["invite_code"]
            await host.request({"type": "sit", "table": tid, "seat": 0, "buy_in": 200})
            r = httpx.post(f"{srv.url}/api/guest", json={"name": "victimname"})
            victim = Client(srv.url, token=r.json()["token"], record=True)
            await victim.connect()
            await victim.request({"type": "sit", "table": tid, "seat": 1, "buy_in": 200, "invite": invite})
            await wait_until(lambda: len(host.tables[tid].info["requests"]) == 1, what="the seat request")
            r = httpx.post(f"{srv.url}/api/me/name", json={"name": "renamedvic"},
                           headers=_bearer(victim.token))
            assert r.status_code == 409 and "seat" in r.json()["detail"], r.text
            assert (await victim.get("/api/me"))["name"] == "victimname"
            request = host.tables[tid].info["requests"][0]
            assert request["name"] == "victimname"
            await host.request({"type": "approve_seat", "table": tid, "request": request["id"]})
            await wait_until(lambda: victim.tables[tid].info["you"] == 1, what="the victim seated")
            await asyncio.gather(*(play_bot(c, tid, make_bot("station", seed=i), hands=1, invite=invite)
                                   for i, c in enumerate((host, victim))))
            hand_id = max(hands_dealt_into(victim, tid))
            # a public table too: there anyone gets the public replay, the player its own
            public = (await host.create_table(table_config(STUD, name="public")))["id"]
            await asyncio.gather(*(play_bot(c, public, make_bot("station", seed=i), hands=1, seat=i)
                                   for i, c in enumerate((host, victim))))
            public_hand = max(hands_dealt_into(victim, public))
            _rename_in_db(url, victim.user["id"], "renamedvic")
            r = httpx.post(f"{srv.url}/api/guest", json={"name": "victimname"})
            assert r.status_code == 200, r.text
            stranger = _bearer(r.json()["token"])
            for path in (f"/api/hands/{hand_id}/replay", f"/api/hands/{hand_id}/phh"):
                r = httpx.get(f"{srv.url}{path}", headers=stranger)
                assert r.status_code == 403, (path, r.status_code, r.text[:200])
            anonymous = httpx.get(f"{srv.url}/api/hands/{public_hand}/replay").json()
            theirs = httpx.get(f"{srv.url}/api/hands/{public_hand}/replay", headers=stranger).json()
            assert theirs["you"] is None and theirs == anonymous  # the public view, nothing more
            r = httpx.get(f"{srv.url}/api/hands/{public_hand}/phh", headers=stranger)
            assert r.text == httpx.get(f"{srv.url}/api/hands/{public_hand}/phh").text
            assert httpx.get(f"{srv.url}/api/me/hands", headers=stranger).json() == []
            assert httpx.get(f"{srv.url}/api/me/hands.phhs", headers=stranger).text.strip() == ""
            # the player: its own replay with its own down cards, its hands, its file
            mine = httpx.get(f"{srv.url}/api/hands/{hand_id}/replay", headers=_bearer(victim.token)).json()
            you = mine["you"]
            assert you is not None and mine["seats"][you] == 1
            listed = httpx.get(f"{srv.url}/api/me/hands", headers=_bearer(victim.token)).json()
            assert [h["id"] for h in listed] == [public_hand, hand_id] and listed[1]["you"] == you
            text = httpx.get(f"{srv.url}/api/me/hands.phhs", headers=_bearer(victim.token)).text
            assert [h.name for h in phh.read(text)] == [f"t{tid}h{listed[1]['number']}",
                                                        f"t{public}h{listed[0]['number']}"]
            own = httpx.get(f"{srv.url}/api/hands/{public_hand}/replay", headers=_bearer(victim.token)).json()
            assert own["you"] is not None and own != anonymous
            for c in (host, victim):
                await c.close()

    run(go(), timeout=120)


@pytest.mark.parametrize("kind", db_params())
def test_migration_0006_gives_stored_hands_their_accounts_from_the_books(kind: str, tmp_path: Path) -> None:
    """Hands stored before migration 0006 know their seats by name only. The migration gives each
    seat its account from the books (the buy-in that took the seat last before the hand; a
    tournament's entrant), never from the names: a seat labelled with a name another account
    holds now is still its player's; a bot's seat is nobody's."""
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import text

    import studpoker.server.db as dbmod
    from studpoker.server.db import Database, HandRow

    def insert(conn: Any, sql: str, **values: Any) -> None:
        conn.execute(text(sql), values)

    with db_url(kind, tmp_path) as url:
        db = Database(url)
        if db.schema:
            with db.engine.begin() as conn:
                conn.execute(text(f'CREATE SCHEMA IF NOT EXISTS "{db.schema}"'))
        cfg = Config()
        cfg.set_main_option("script_location", str(Path(dbmod.__file__).parent / "migrations"))
        with db.engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "0005")
            # 1 played as "victimname" and was renamed; 2 took the name; 3 hosts and funds a bot
            for uid, name in ((1, "renamedvic"), (2, "victimname"), (3, "hostess"), (4, "later")):
                insert(conn, "INSERT INTO users (id, name, name_key, name_skeleton, guest, balance, created_at) "
                       "VALUES (:i, :n, :n, :n, true, 0, '2026-01-01 00:00:00')", i=uid, n=name)
            insert(conn, "INSERT INTO tables (id, name, owner_id, config, private, closed, hands_played, "
                   "created_at) VALUES (1, 't', 3, '{}', true, false, 2, '2026-01-01 00:00:00')")
            buy_ins = [(1, 3, 0, "", "00:01"), (2, 1, 1, "", "00:02"), (3, 3, 2, "bot rule", "00:03"),
                       (4, 1, 1, "add chips", "00:04"), (5, 4, 1, "", "00:20")]
            for lid, uid, seat, note, at in buy_ins:
                insert(conn, "INSERT INTO ledger (id, user_id, kind, amount, table_id, seat, note, created_at) "
                       "VALUES (:l, :u, 'buy_in', -100, 1, :s, :n, :at)", l=lid, u=uid, s=seat, n=note,
                       at=f"2026-01-01 00:{at}")
            start = ('[{"seat": 0, "name": "hostess", "chips": 100}, {"seat": 1, "name": "victimname", '
                     '"chips": 100}, {"seat": 2, "name": "bot-rule-2", "chips": 100}]')
            later = '[{"seat": 0, "name": "hostess", "chips": 100}, {"seat": 1, "name": "later", "chips": 100}]'
            for hid, number, st, seats, at in ((1, 1, start, "[0, 1, 2]", "00:10"),
                                               (2, 2, later, "[0, 1]", "00:30")):
                insert(conn, "INSERT INTO hands (id, table_id, number, seed, commitment, dealer, hand_seats, "
                       "start, status, started_at) VALUES (:h, 1, :n, 's', 'c', 0, :hs, :st, 'over', :at)",
                       h=hid, n=number, hs=seats, st=st, at=f"2026-01-01 00:{at}")
        db.migrate()
        with db.session() as s:
            first, second = s.get(HandRow, 1), s.get(HandRow, 2)
            assert first is not None and second is not None
            assert [e["user_id"] for e in first.start] == [3, 1, None]
            assert first.seat_of(1) == 1 and first.seat_of(2) is None and first.seat_of(3) == 0
            assert [e["user_id"] for e in second.start] == [3, 4] and second.seat_of(1) is None
            assert [e["name"] for e in first.start] == ["hostess", "victimname", "bot-rule-2"]  # labels kept
        db.dispose()
