"""A night of play online: the host's controls, seat approvals, leave after the hand, automatic
show or muck, the night's ledger and settle-up, mixed games and dealer's choice (R7), your turn
told everywhere, guests' nicknames, your seats in the lobby, one definition of the statistics."""

from __future__ import annotations

import asyncio
import contextlib
import csv
import io
import itertools
import random
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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
from studpoker.engine import SevenCardStud
from studpoker.engine.actions import ActionKind
from studpoker.engine.hand import Phase
from studpoker.server import Settings
from studpoker.server.client import Client, ClientError, play_bot
from studpoker.server.protocol import SERVER_MESSAGE
from studpoker.server.tables.night import settle_up
from studpoker.server.tables.room import _auto_showdown

STUD_GAME = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)
SLOW = Settings(hand_delay=0.3, start_delay=0.2, bot_delay=0, rate_per_second=10_000, rate_burst=10_000,
                guests_per_ip=100_000, sockets_per_ip=100_000, registrations_per_ip=100_000)


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'night.db'}"


async def refused(client: Client, msg: dict[str, Any], code: str) -> str:
    """The request is refused with ``code``; returns the message."""
    with pytest.raises(ClientError) as info:
        await client.request(msg)
    assert info.value.code == code, (info.value.code, str(info.value))
    return str(info.value)


def table_of(client: Client, table_id: int) -> dict[str, Any]:
    return client.tables[table_id].info


def all_valid(client: Client) -> None:
    for msg in client.received:
        SERVER_MESSAGE.validate_python(msg)


async def play_hands(clients: list[Client], table_id: int, hands: int, *, invite: str | None = None) -> None:
    await asyncio.gather(*(play_bot(c, table_id, make_bot("station", seed=i), hands=hands, invite=invite)
                           for i, c in enumerate(clients)))


# ------------------------------------------------------------------ R7 online


def test_r7_3_a_mixed_table_rotates_and_each_hand_keeps_its_own_game(url: str) -> None:
    """R7.1-R7.3 online: stud and Wall Street every hand in turn; every hand's history is under its
    own game (PHH variant), the table message says the next game and when, the lobby too."""

    async def go() -> None:
        with ServerThread(url, FAST) as srv:
            mixed = {"mode": "rotation", "games": ["stud", "wallstreet"], "hands": 1, "unit": 2}
            tid, clients = await seated_table(srv.url, STUD, 3, mixed=mixed, buy_in=1000)
            info = table_of(clients[0], tid)
            assert info["mixed"]["games"][1] == {"game": "wallstreet", "name": "Wall Street",
                                                  "stakes": "ante 2, limits 4/4/8/8/8", "unavailable": None}
            assert info["config"]["game"]["small_bet"] == 10  # the unit times the house stakes
            await play_hands(clients, tid, 4)
            hands = await clients[0].get(f"/api/tables/{tid}/hands")
            variants = {}
            for h in hands:
                detail = await clients[0].get(f"/api/hands/{h['id']}")
                if detail["phh"]:
                    variants[h["number"]] = phh.read_one(detail["phh"]).variant
                    assert detail["game"]["game"] == ("stud" if variants[h["number"]] == "F7S" else "wallstreet")
            assert variants[1] == "F7S" and variants[2] == "FWS" and variants[3] == "F7S", variants
            lobby = await clients[1].get("/api/tables")
            entry = next(t for t in lobby if t["id"] == tid)
            assert entry["mixed"]["games"][0]["game"] == "stud" and entry["mixed"]["next"] in ("stud", "wallstreet")
            statuses = [m["table"]["mixed"] for m in clients[1].received if m.get("type") == "table"
                        and m["table"]["id"] == tid]
            assert any(s["change_in"] == 0 and s["next"] == "wallstreet" for s in statuses)
            all_valid(clients[1])
            for c in clients:
                await c.close()
        assert audit_ok(url) == []

    run(go(), timeout=180)


def test_r7_1_dealers_choice_online(url: str) -> None:
    """R7.1 online: the dealer is asked (your_turn with no hand), only they may choose, a game not
    in the list is refused; their pick is dealt; when their clock runs out the next game is."""

    async def go() -> None:
        with ServerThread(url, FAST) as srv:
            mixed = {"mode": "dealers_choice", "games": ["stud", "wallstreet"], "hands": 1}
            tid, clients = await seated_table(srv.url, STUD, 3, mixed=mixed, action_time=1.5)
            await wait_until(lambda: table_of(clients[0], tid)["mixed"]["choice_deadline"] is not None,
                             what="a dealer asked to choose")
            info = table_of(clients[0], tid)
            chooser = info["mixed"]["choosing"]
            assert chooser is not None
            dealer = clients[chooser]
            asks = [m for m in dealer.received if m.get("type") == "your_turn" and m["hand"] is None]
            assert asks and asks[0]["table"] == tid
            other = clients[(chooser + 1) % 3]
            await refused(other, {"type": "choose_game", "table": tid, "game": "wallstreet"}, "forbidden")
            await refused(dealer, {"type": "choose_game", "table": tid, "game": "razz"}, "refused")
            await refused(dealer, {"type": "choose_game", "table": tid}, "invalid")
            await dealer.request({"type": "choose_game", "table": tid, "game": "wallstreet"})
            await wait_until(lambda: clients[0].tables[tid].hand is not None, what="the chosen hand")
            assert table_of(clients[0], tid)["game_info"]["game"] == "wallstreet"
            # the hand is played; the next dealer does not choose: the list's next game is dealt
            await play_hands(clients, tid, 1)
            await wait_until(lambda: any(m.get("type") == "hand" and m["number"] == 2 for m in clients[0].received),
                             timeout=40, what="a second hand after the choice timed out")
            second = [m for m in clients[0].received if m.get("type") == "table" and m["table"]["hands_played"] == 1
                      and m["table"]["mixed"]["game"] is not None]
            assert second[-1]["table"]["game_info"]["game"] == "stud"
            await refused(dealer, {"type": "choose_game", "table": tid, "game": "stud"}, "refused")
            for c in clients:
                await c.close()
        assert audit_ok(url) == []

    run(go(), timeout=120)


def test_r7_1_dealers_choice_by_orbit_online(url: str) -> None:
    """R7.1 online, choice_for orbit: the chooser picks the game of a round, then the choice passes to
    the seat on their left (not the dealer button): three rounds, three different choosers; the
    table message names the seat holding the choice button; a game the players cannot fill is
    offered with the reason in plain words."""

    async def go() -> None:
        with ServerThread(url, FAST) as srv:
            mixed = {"mode": "dealers_choice", "choice_for": "orbit", "hands": 2,
                     "games": ["stud", "wallstreet", "razz"]}
            tid, clients = await seated_table(srv.url, STUD, 3, mixed=mixed, action_time=1.0)
            info = table_of(clients[0], tid)
            assert info["mixed"]["choice_for"] == "orbit" and info["config"]["mixed"]["choice_for"] == "orbit"
            choosers: list[int] = []

            def note() -> bool:
                choosers.clear()
                for m in clients[0].received:
                    if m.get("type") == "table" and m["table"]["mixed"]["choosing"] is not None:
                        seat = m["table"]["mixed"]["choosing"]
                        if not choosers or choosers[-1] != seat:
                            choosers.append(seat)
                return len(choosers) >= 3

            play = asyncio.ensure_future(play_hands(clients, tid, 5))
            await wait_until(note, timeout=120, what="three choices of the game")
            await play
            assert len(set(choosers[:3])) == 3, choosers  # each of the three players chose once
            assert [(a + 1) % 3 for a in choosers[:2]] == choosers[1:3]  # passed one seat left each time
            for c in clients:
                await c.close()
        assert audit_ok(url) == []

    run(go(), timeout=180)


def test_r7_1_dealers_choice_by_orbit_survives_a_restart(url: str) -> None:
    """R7.1: after a restart a dealer's choice by orbit goes on where it stood: the seat holding the
    choice button is the same, read again from the stored hands."""

    async def first() -> tuple[int, list[str], Any]:
        with ServerThread(url, FAST) as srv:
            mixed = {"mode": "dealers_choice", "choice_for": "orbit", "hands": 1, "games": ["stud", "razz"]}
            tid, clients = await seated_table(srv.url, STUD, 3, mixed=mixed, action_time=1.0)
            await play_hands(clients, tid, 2)
            await wait_until(lambda: table_of(clients[0], tid)["hands_played"] >= 2, timeout=60, what="two hands")
            await clients[0].request({"type": "pause", "table": tid})
            await wait_until(lambda: clients[0].tables[tid].hand is None or clients[0].tables[tid].hand.over,
                             timeout=60, what="the hand over")
            await wait_until(lambda: table_of(clients[0], tid)["paused"] and clients[0].tables[tid].info["mixed"]
                             ["chooser"] is not None, timeout=60, what="a chooser")
            chooser = table_of(clients[0], tid)["mixed"]["chooser"]
            tokens = [str(c.token) for c in clients]
            for c in clients:
                await c.close()
            return tid, tokens, chooser

    async def second(tid: int, tokens: list[str]) -> Any:
        with ServerThread(url, FAST) as srv:
            c = Client(srv.url, token=tokens[0], record=True)
            await c.connect()
            await c.request({"type": "watch", "table": tid})
            chooser = c.tables[tid].info["mixed"]["chooser"]
            await c.close()
            return chooser

    tid, tokens, before = run(first(), timeout=180)
    assert run(second(tid, tokens), timeout=60) == before


def test_r7_2_a_game_the_table_cannot_deal_says_why(url: str) -> None:
    """R7.2: with two players, Wall Street (three or more) is offered to the dealer as unavailable
    with its reason in plain words; a pick of it is refused."""

    async def go() -> None:
        with ServerThread(url, FAST) as srv:
            mixed = {"mode": "dealers_choice", "games": ["stud", "wallstreet"]}
            tid, clients = await seated_table(srv.url, STUD, 2, mixed=mixed, seats=3, action_time=30)
            await wait_until(lambda: table_of(clients[0], tid)["mixed"]["choice_deadline"] is not None,
                             what="a dealer asked to choose")
            info = table_of(clients[0], tid)
            games = {g["game"]: g["unavailable"] for g in info["mixed"]["games"]}
            assert games["stud"] is None
            assert games["wallstreet"] == "Wall Street needs at least 3 players; 2 are ready to play"
            chooser = clients[info["mixed"]["choosing"]]
            await refused(chooser, {"type": "choose_game", "table": tid, "game": "wallstreet"}, "refused")
            for c in clients:
                await c.close()

    run(go(), timeout=120)


def test_the_whole_nights_hands_download_as_phh_and_pokerstars_text(url: str) -> None:
    """R7.3: the night's hands in one file: PHH (one table a hand, each under its own game) and
    PokerStars text for the games it can hold; a private table's need its invite."""

    async def go() -> None:
        with ServerThread(url, FAST) as srv:
            mixed = {"mode": "rotation", "games": ["stud", "wallstreet"], "hands": 1}
            tid, clients = await seated_table(srv.url, STUD, 3, mixed=mixed, private=True, buy_in=1000)
            invite = table_of(clients[0], tid)["invite_code"]
            await play_hands(clients, tid, 3)
            outsider = httpx.get(f"{srv.url}/api/tables/{tid}/hands.phhs")
            assert outsider.status_code == 403
            r = httpx.get(f"{srv.url}/api/tables/{tid}/hands.phhs?invite={invite}")
            assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
            histories = phh.read(r.text)
            hands = await clients[0].get(f"/api/tables/{tid}/hands?invite={invite}")
            over = sorted(h["number"] for h in hands if h["status"] == "over")
            assert [h.name for h in histories] == [f"hand {n}" for n in over] and len(over) >= 3
            assert {h.variant for h in histories} == {"F7S", "FWS"}  # each hand under its own game
            stars = httpx.get(f"{srv.url}/api/tables/{tid}/hands.txt?invite={invite}")
            assert stars.status_code == 200
            assert stars.text.count("PokerStars Hand #") == sum(h.variant == "F7S" for h in histories)
            for c in clients:
                await c.close()

    run(go(), timeout=180)


def test_a_mixed_config_is_checked(url: str) -> None:
    """R7.1/R7.2: a mixed table lists known games once each; every game can be dealt at its seat
    count; a bad option is named."""
    from fastapi.testclient import TestClient

    from studpoker.server import create_app

    with TestClient(create_app(url, FAST)) as http:
        auth = {"Authorization": f"Bearer {http.post('/api/guest').json()['token']}"}

        def make(mixed: dict[str, Any], **kw: Any) -> httpx.Response:
            cfg = {"name": "mixed", "mixed": mixed, **kw}
            return http.post("/api/tables", json=cfg, headers=auth)  # type: ignore[return-value]

        ok = make({"games": ["stud", {"game": "wallstreet", "joker": True}], "unit": 3})
        assert ok.status_code == 201, ok.text
        assert ok.json()["config"]["mixed"]["games"][1]["limits"] == [6, 6, 12, 12, 12]
        assert ok.json()["config"]["mixed"]["games"][1]["joker"] is True
        assert ok.json()["seats"].__len__() == 8
        for bad, word in [({"games": ["stud", "stud"]}, "once"), ({"games": ["hearts"]}, "unknown game"),
                          ({"games": []}, "at least 1"), ({"games": ["stud"], "mode": "chaos"}, "mode"),
                          ({"games": [{"game": "stud", "bet": 3}]}, "unknown option"),
                          ({"games": ["stud"], "hands": 0}, "hands"),
                          ({"games": ["stud"], "mode": "dealers_choice", "choice_for": "dealer"}, "choice_for")]:
            r = make(bad)
            assert r.status_code == 422 and word in r.text, (bad, r.text)
        r = make({"games": ["stud", "wallstreet"]}, seats=2)
        assert r.status_code == 422 and "3 to 8 seats" in r.text
        r = make({"games": ["stud", "wallstreet"]}, game={"game": "wallstreet"})
        assert r.status_code == 422 and "first game" in r.text


# ------------------------------------------------------------------ the host's controls


def test_host_pauses_resumes_removes_and_sets_the_delay(url: str) -> None:
    """Only the host pauses, resumes, removes and sets the delay; a player in the hand is removed
    between hands only, chips back to the balance, and is told (``removed``); a forged or malformed
    request changes nothing."""

    async def go() -> None:
        with ServerThread(url, SLOW) as srv:
            tid, (host, ann, bob) = await seated_table(srv.url, STUD, 3, buy_in=300)
            await wait_until(lambda: host.tables[tid].hand is not None, what="a first hand")
            for msg in ({"type": "pause", "table": tid}, {"type": "resume", "table": tid},
                        {"type": "remove_player", "table": tid, "seat": 0},
                        {"type": "table_settings", "table": tid, "hand_delay": 5}):
                assert "host" in await refused(ann, msg, "forbidden")
            await refused(host, {"type": "pause", "table": tid, "extra": 1}, "invalid")
            await refused(host, {"type": "remove_player", "table": tid}, "invalid")
            await refused(host, {"type": "table_settings", "table": tid}, "invalid")
            await refused(host, {"type": "table_settings", "table": tid, "hand_delay": -1}, "invalid")
            await refused(host, {"type": "remove_player", "table": tid, "seat": 1}, "in_hand")
            await refused(host, {"type": "remove_player", "table": tid, "seat": 5}, "bad_seat")
            assert table_of(ann, tid)["seats"][1] is not None
            await host.request({"type": "table_settings", "table": tid, "hand_delay": 0.5})
            await host.request({"type": "pause", "table": tid})
            await refused(host, {"type": "pause", "table": tid}, "refused")
            assert table_of(ann, tid)["paused"] and table_of(ann, tid)["hand_delay"] == 0.5
            await play_hands([host, ann, bob], tid, 1)
            played = table_of(host, tid)["hands_played"]
            await asyncio.sleep(1.5)
            assert table_of(host, tid)["hands_played"] == played and host.tables[tid].hand.over  # type: ignore[union-attr]
            chips = table_of(host, tid)["seats"][2]["chips"]
            balance = (await bob.get("/api/me"))["balance"]
            await host.request({"type": "remove_player", "table": tid, "seat": 2})
            await wait_until(lambda: table_of(host, tid)["seats"][2] is None, what="bob removed")
            assert (await bob.get("/api/me"))["balance"] == balance + chips
            # bob is told, with the chips back to his balance; nobody else is
            await wait_until(lambda: any(m.get("type") == "removed" for m in bob.received), what="bob told")
            told = [m for m in bob.received if m.get("type") == "removed"]
            assert told == [{"type": "removed", "table": tid, "name": table_of(bob, tid)["name"], "chips": chips}]
            assert not any(m.get("type") == "removed" for m in host.received + ann.received)
            last = host.tables[tid].hand.id  # type: ignore[union-attr]
            await host.request({"type": "resume", "table": tid})
            await wait_until(lambda: host.tables[tid].hand.id != last, timeout=30,  # type: ignore[union-attr]
                             what="a hand after resume")
            for c in (host, ann, bob):
                all_valid(c)
                await c.close()
        assert audit_ok(url) == []

    run(go(), timeout=120)


def test_seat_requests_wait_for_the_hosts_approval(url: str) -> None:
    """A private table whose host approves seats: a seat asked for waits (no chip moves), the
    host turns one down and approves another; nobody else may; a public table cannot ask it."""

    async def go() -> None:
        with ServerThread(url, FAST) as srv:
            host = await guest(srv.url)
            info = await host.create_table(table_config(STUD, private=True, approve_seats=True))
            tid, invite = info["id"], info["invite_code"]
            r = httpx.post(f"{srv.url}/api/tables", json=table_config(STUD, approve_seats=True),
                           headers={"Authorization": f"Bearer {host.token}"})
            assert r.status_code == 422 and "private" in r.text
            await host.request({"type": "sit", "table": tid, "seat": 0, "buy_in": 200})
            ann, bob = await guest(srv.url), await guest(srv.url)
            before = (await ann.get("/api/me"))["balance"]
            await ann.request({"type": "sit", "table": tid, "seat": 3, "buy_in": 200, "invite": invite})
            await bob.request({"type": "sit", "table": tid, "buy_in": 150, "invite": invite})
            await wait_until(lambda: len(table_of(host, tid)["requests"]) == 2, what="two requests")
            requests = {r["name"]: r for r in table_of(host, tid)["requests"]}
            assert table_of(ann, tid)["your_request"]["seat"] == 3 and table_of(ann, tid)["requests"] == []
            assert table_of(ann, tid)["seats"][3] is None and (await ann.get("/api/me"))["balance"] == before
            await refused(ann, {"type": "approve_seat", "table": tid, "request": requests[ann.user["name"]]["id"]},
                          "forbidden")
            await refused(host, {"type": "approve_seat", "table": tid, "request": 999}, "no_request")
            await host.request({"type": "deny_seat", "table": tid, "request": requests[bob.user["name"]]["id"]})
            await host.request({"type": "approve_seat", "table": tid, "request": requests[ann.user["name"]]["id"]})
            await wait_until(lambda: table_of(ann, tid)["you"] == 3, what="ann seated")
            await wait_until(lambda: table_of(bob, tid)["your_request"] is None, what="bob's request gone")
            assert table_of(bob, tid)["you"] is None and table_of(host, tid)["requests"] == []
            assert (await ann.get("/api/me"))["balance"] == before - 200
            await host.request({"type": "table_settings", "table": tid, "approve_seats": False})
            await bob.request({"type": "sit", "table": tid, "buy_in": 150, "invite": invite})
            await wait_until(lambda: table_of(bob, tid)["you"] is not None, what="bob seated without approval")
            for c in (host, ann, bob):
                all_valid(c)
                await c.close()
        assert audit_ok(url) == []

    run(go(), timeout=60)


def test_leave_after_this_hand_and_sit_out_next_hand(url: str) -> None:
    """A player who asks to leave after the hand plays it out and leaves when it ends, chips back;
    between hands the same request leaves at once."""

    async def go() -> None:
        with ServerThread(url, SLOW) as srv:
            tid, (host, ann, bob) = await seated_table(srv.url, STUD, 3, buy_in=300)
            await wait_until(lambda: host.tables[tid].hand is not None, what="a first hand")
            await refused(ann, {"type": "seat_settings", "table": tid}, "invalid")
            await refused(ann, {"type": "seat_settings", "table": tid, "auto_showdown": "always"}, "invalid")
            await ann.request({"type": "seat_settings", "table": tid, "leave_after_hand": True})
            await wait_until(lambda: table_of(host, tid)["seats"][1]["leave_after_hand"], what="flag shown")
            assert table_of(ann, tid)["your_settings"]["leave_after_hand"] is True
            balance = (await ann.get("/api/me"))["balance"]
            stop = asyncio.Event()
            players = [asyncio.ensure_future(play_bot(c, tid, make_bot("station", seed=i), stop=stop))
                       for i, c in enumerate((host, ann, bob))]
            await wait_until(lambda: table_of(host, tid)["seats"][1] is None, timeout=60, what="ann gone")
            ended = [m for m in host.received if m.get("type") == "hand_end"]
            assert ended and 1 in ended[0]["seats"]  # ann played the hand out
            # her own connection is told her balance (a message of its own: wait for it, not for the host's view)
            await wait_until(lambda: ann.balance is not None and ann.balance > balance, timeout=60,
                             what="ann's chips back to her balance")
            # bob sits out from the next hand: still seated, not dealt in
            await bob.request({"type": "sit_out", "table": tid})
            await bob.request({"type": "seat_settings", "table": tid, "leave_after_hand": True})
            await wait_until(lambda: table_of(host, tid)["seats"][2] is None, timeout=30, what="bob gone")
            stop.set()
            await asyncio.gather(*players, return_exceptions=True)
            for c in (host, ann, bob):
                await c.close()
        assert audit_ok(url) == []

    run(go(), timeout=120)


def _stud_at_showdown(deck: str) -> Any:
    """A heads-up stud hand checked down to the showdown with a stacked deck."""
    game = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)
    hand = game.deal(stacks=[100, 100], dealer=1, deck=deck)
    while hand.phase is not Phase.SHOWDOWN:
        legal = hand.legal_actions()
        kinds = {a.kind for a in legal}
        pick = ActionKind.CHECK if ActionKind.CHECK in kinds else (
            ActionKind.CALL if ActionKind.CALL in kinds else ActionKind.BRING_IN)
        hand.apply(next(a for a in legal if a.kind is pick))
    return hand


def test_r1_9_automatic_show_or_muck_at_showdown() -> None:
    """R1.9/R3.10: with nothing to choose (no muck offered) the server shows; the player's setting
    ``show`` shows; ``muck`` mucks a hand the hands already shown beat and shows a winner;
    ``ask`` leaves the choice to the player."""
    # seat 0 (aces) and seat 1 (kings): cards dealt p0 p1 p0 p1 p0 p1 (third street), then one each
    deck = "As Kc Ad Kd 2c 3h 7s 8d 9c Th Jh Qs 4d 5c"
    hand = _stud_at_showdown(deck)
    first = hand.to_act
    assert first is not None
    decided = {setting: _auto_showdown(hand, setting) for setting in ("ask", "show", "muck")}
    assert decided["ask"] is None and decided["show"] is not None and decided["show"].kind is ActionKind.SHOW
    # the first to show has nothing shown before it: its hand is not beaten, so it shows
    assert decided["muck"] is not None and decided["muck"].kind is ActionKind.SHOW
    hand.apply(decided["show"])
    second = hand.to_act
    loser_beaten = _auto_showdown(hand, "muck")
    assert loser_beaten is not None
    aces = 0 if hand.hole_and_board(0)[0].rank == hand.hole_and_board(0)[1].rank else 1
    assert loser_beaten.kind is (ActionKind.SHOW if second == aces else ActionKind.MUCK)
    assert _auto_showdown(hand, "ask") is None
    # Wall Street: mucking is not offered, the server shows whatever the setting (R3.10)
    from studpoker.engine import WallStreet

    ws = WallStreet(ante=1, limits=(2, 2, 4, 4, 4)).deal(stacks=[100, 100, 100], dealer=0, seed=3)
    while ws.phase is not Phase.SHOWDOWN:
        legal = ws.legal_actions()
        ws.apply(next((a for a in legal if a.kind in (ActionKind.CHECK, ActionKind.TAKE_CARD)), legal[0]))
    action = _auto_showdown(ws, "ask")
    assert action is not None and action.kind is ActionKind.SHOW


def test_r3_10_wall_street_showdown_is_shown_by_the_server(url: str) -> None:
    """R3.10 online: at a Wall Street showdown nobody is asked to show: the server shows every hand
    (source ``auto``); a player who chose ``show`` in stud is not asked either."""

    async def go() -> None:
        with ServerThread(url, FAST) as srv:
            tid, clients = await seated_table(srv.url, WALL, 3)
            await play_hands(clients, tid, 2)
            from studpoker.server.db import Database, HandEventRow

            db = Database(url)
            with db.session() as s:
                shows = [(e.source, e.data["kind"]) for e in s.query(HandEventRow).all()
                         if e.data.get("kind") in ("show", "muck")]
            db.dispose()
            assert shows and all(src == "auto" for src, _ in shows), shows
            for c in clients:
                await c.close()

    run(go(), timeout=120)


def test_r3_7_the_low_or_low_draw_is_named_at_every_street_of_a_hi_lo_game() -> None:
    """R3.7/R5.2 help: the best low once there is one, else the low draw until the last card
    (Q-3-K-2-7-5 on sixth street holds a 7-5-3-2 draw); after seven cards without a low, none."""
    from studpoker.codec import strength
    from studpoker.engine import WallStreet
    from studpoker.engine.cards import parse_cards

    game = WallStreet(ante=1, limits=(2, 2, 4, 4, 4))
    lows = [strength(parse_cards(cards), game)["low"] for cards in  # type: ignore[index]
            ("Qh 3d Kc", "Qh 3d Kc 2c", "Qh 3d Kc 2c 7s", "Qh 3d Kc 2c 7s 5d", "Qh 3d Kc 2c 7s 5d 4h",
             "Qh 3d Kc 2c 7s 5d Ks")]
    assert lows == [None, None, "7-3-2 low draw", "7-5-3-2 low draw", "7-5-4-3-2 low", None]
    assert strength(parse_cards("Qh 3d Kc 2c 7s 5d"), STUD_GAME)["low"] is None  # type: ignore[index]


# ------------------------------------------------------------------ your turn, everywhere


def test_your_turn_reaches_every_connection_of_the_player(url: str) -> None:
    """A player's other connection (the lobby, another page: not watching the table) is told
    ``your_turn`` with the clock, then ``turn_over``; nobody else is."""

    async def go() -> None:
        with ServerThread(url, FAST) as srv:
            tid, (ann, bob) = await seated_table(srv.url, STUD, 2, action_time=60)
            elsewhere = Client(srv.url, token=ann.token, record=True)
            await elsewhere.connect()
            await play_hands([ann, bob], tid, 2)
            turns = [m for m in elsewhere.received if m.get("type") == "your_turn"]
            overs = [m for m in elsewhere.received if m.get("type") == "turn_over"]
            assert turns and overs and all(m["table"] == tid and m["name"] == "t" for m in turns)
            assert all(m["bank_deadline"] >= m["deadline"] for m in turns)
            assert not any(m.get("type") in ("update", "hand") for m in elsewhere.received)
            mine = {m["hand"] for m in turns}
            theirs = {m["hand"] for m in bob.received if m.get("type") == "your_turn"}
            assert mine and theirs  # each is told of their own turns only
            assert all(m["type"] != "your_turn" or m["table"] == tid for m in ann.received)
            all_valid(elsewhere)
            for c in (ann, bob, elsewhere):
                await c.close()

    run(go(), timeout=120)


# ------------------------------------------------------------------ the ledger


def test_the_nights_ledger_matches_the_chips_and_settles_to_zero(url: str) -> None:
    """Buy-ins, top-ups and cash-outs per player, the chips on the table and each net; the nets and
    the balances agree; the CSV holds the same; the settle-up leaves everyone even."""

    async def go() -> None:
        with ServerThread(url, FAST) as srv:
            tid, (host, ann, bob) = await seated_table(srv.url, STUD, 3, buy_in=100, private=True)
            await host.request({"type": "add_bot", "table": tid, "bot": "station", "seat": 3, "buy_in": 100})
            await host.request({"type": "table_settings", "table": tid, "hand_delay": 3})
            await play_hands([host, ann, bob], tid, 3)
            await host.request({"type": "pause", "table": tid})  # within the delay: no other hand
            await wait_until(lambda: not any(s and s["in_hand"] for s in table_of(host, tid)["seats"]),
                             what="between hands")
            try:
                await ann.request({"type": "add_chips", "table": tid, "amount": 50})
            except ClientError as exc:
                assert exc.code == "bad_buy_in"
            await bob.request({"type": "leave", "table": tid})
            ledger = await host.get(f"/api/tables/{tid}/ledger")
            lines = {x["name"]: x for x in ledger["players"]}
            assert ledger["totals"]["net"] == 0 and sum(x["net"] for x in ledger["players"]) == 0
            bot = next(x for x in ledger["players"] if x["bot"])
            assert bot["funded_by"] == host.user["name"] and bot["buy_ins"] == 100
            seats = table_of(host, tid)["seats"]
            for c in (host, ann, bob):  # every guest started with 10,000 chips
                me = await c.get("/api/me")
                you = table_of(c, tid)["you"]
                on_table = seats[you]["chips"] if you is not None else 0
                line = lines[c.user["name"]]
                assert line["chips"] == on_table
                if c is host:  # the bot is the host's money
                    assert me["balance"] + on_table + bot["chips"] - 10_000 == line["net"] + bot["net"]
                else:
                    assert me["balance"] + on_table - 10_000 == line["net"], (line, me)
            assert lines[bob.user["name"]]["cash_out"] > 0 and not lines[bob.user["name"]]["seated"]
            transfers = ledger["settle_up"]
            owed = {x["name"]: 0 for x in ledger["players"] if not x["bot"]}
            for x in ledger["players"]:
                owed[x["funded_by"] or x["name"]] += x["net"]
            for t in transfers:
                owed[t["payer"]] += t["amount"]
                owed[t["payee"]] -= t["amount"]
            assert all(v == 0 for v in owed.values()), (owed, transfers)
            r = httpx.get(f"{srv.url}/api/tables/{tid}/ledger.csv", headers={"Authorization": f"Bearer {ann.token}"})
            assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
            rows = list(csv.DictReader(io.StringIO(r.text)))
            # every row names the table and the night's date; the players, the totals, then the transfers
            assert {(x["table"], x["date"]) for x in rows} == {(ledger["name"], ledger["date"])}
            players = len(ledger["players"])
            assert [(x["player"], int(x["net"])) for x in rows[:players]] == [(x["name"], x["net"]) for x in ledger["players"]]
            assert rows[players]["player"] == "total" and int(rows[players]["net"]) == 0
            assert [(x["player"], x["pays"], int(x["amount"])) for x in rows[players + 1:]] == [
                (t["payer"], t["payee"], t["amount"]) for t in transfers]
            # the nights each played, with their net (the lobby's "Your nights")
            nights = await ann.get("/api/me/nights")
            assert [(n["table"], n["name"], n["date"]) for n in nights][:1] == [(tid, ledger["name"], ledger["date"])]
            assert nights[0]["net"] == sum(x["net"] for x in ledger["players"] if x["name"] == ann.user["name"])
            outsider = await guest(srv.url)
            with pytest.raises(ClientError) as info:
                await outsider.get(f"/api/tables/{tid}/ledger")
            assert info.value.code == "403"
            for c in (host, ann, bob, outsider):
                await c.close()
        assert audit_ok(url) == []

    run(go(), timeout=120)


def _fewest(nets: dict[str, int]) -> int:
    """The fewest transfers, by brute force: n minus the most groups that add up to zero."""
    names = [x for x, v in nets.items() if v]
    best = 0

    def split(rest: list[str], groups: int) -> None:
        nonlocal best
        if not rest:
            best = max(best, groups)
            return
        first, others = rest[0], rest[1:]
        for k in range(len(others) + 1):
            for combo in itertools.combinations(others, k):
                if nets[first] + sum(nets[x] for x in combo) == 0:
                    split([x for x in others if x not in combo], groups + 1)

    split(names, 0)
    return len(names) - best


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(-50, 50), min_size=1, max_size=7))
def test_settle_up_balances_to_zero_in_the_fewest_transfers(values: list[int]) -> None:
    """Every player ends even, each transfer goes from a loser to a winner, and there are as few
    transfers as there can be."""
    nets = {f"p{i}": v for i, v in enumerate(values)}
    nets["last"] = -sum(values)
    transfers = settle_up(nets)
    owed = dict(nets)
    for t in transfers:
        assert t.amount > 0 and nets[t.payer] < 0 < nets[t.payee]
        owed[t.payer] += t.amount
        owed[t.payee] -= t.amount
    assert all(v == 0 for v in owed.values())
    assert len(transfers) == _fewest(nets)
    with pytest.raises(ValueError):
        settle_up({"a": 1})


def test_settle_up_of_many_players_still_balances() -> None:
    """Beyond the exact search (15 players and more) the settle-up still leaves everyone even."""
    rng = random.Random(5)
    nets = {f"p{i}": rng.randint(-300, 300) for i in range(20)}
    nets["last"] = -sum(nets.values())
    owed = dict(nets)
    for t in settle_up(nets):
        owed[t.payer] += t.amount
        owed[t.payee] -= t.amount
    assert all(v == 0 for v in owed.values())


# ------------------------------------------------------------------ names, seats, statistics


def test_guests_pick_a_nickname_and_become_accounts(url: str) -> None:
    """A guest picks a nickname at once under the rules of account names; it can change it before
    its first hand; it becomes an account with a password, keeping chips and hands."""

    async def go() -> None:
        with ServerThread(url, FAST) as srv:
            async with httpx.AsyncClient(base_url=srv.url) as http:
                r = await http.post("/api/guest", json={"name": "Maya"})
                assert r.status_code == 200 and r.json()["user"]["name"] == "Maya" and r.json()["user"]["guest"]
                token = r.json()["token"]
                for bad, code in [("guest-1", 400), ("x", 400), ("bot_joe", 400), ("maya", 409), ("a b", 400)]:
                    r = await http.post("/api/guest", json={"name": bad})
                    assert r.status_code == code, (bad, r.text)
                r = await http.post("/api/register", json={"name": "MAYA", "password": "long enough"})
                assert r.status_code == 409
                auth = {"Authorization": f"Bearer {token}"}
                r = await http.post("/api/me/name", json={"name": "Maya2"}, headers=auth)
                assert r.status_code == 200 and r.json()["name"] == "Maya2"
                assert (await http.post("/api/me/name", json={"name": "guestly"}, headers=auth)).status_code == 400
            maya = Client(srv.url, token=token, record=True)
            await maya.connect()
            assert maya.user["name"] == "Maya2"
            other = await guest(srv.url)
            info = await other.create_table(table_config(STUD))
            tid = info["id"]
            await other.request({"type": "sit", "table": tid, "seat": 0, "buy_in": 200})
            await play_hands([maya, other], tid, 2)
            async with httpx.AsyncClient(base_url=srv.url) as http:
                auth = {"Authorization": f"Bearer {token}"}
                r = await http.post("/api/me/name", json={"name": "Maya3"}, headers=auth)
                assert r.status_code == 409  # the hands are stored under the name
                r = await http.post("/api/me/account", json={"password": "short"}, headers=auth)
                assert r.status_code == 400
                balance = (await http.get("/api/me", headers=auth)).json()["balance"]
                hands = (await http.get("/api/me/hands", headers=auth)).json()
                r = await http.post("/api/me/account", json={"password": "maya's password"}, headers=auth)
                assert r.status_code == 200 and r.json() == {"id": maya.user["id"], "name": "Maya2",
                                                             "guest": False, "balance": balance}
                r = await http.post("/api/login", json={"name": "Maya2", "password": "maya's password"})
                assert r.status_code == 200
                again = {"Authorization": f"Bearer {r.json()['token']}"}
                assert (await http.get("/api/me/hands", headers=again)).json() == hands and hands
                assert (await http.post("/api/me/account", json={"password": "another one"},
                                        headers=again)).status_code == 400
                # a guest called guest-... keeps that name as an account (its hands are under it)
                anon = (await http.post("/api/guest")).json()
                auth = {"Authorization": f"Bearer {anon['token']}"}
                r = await http.post("/api/me/account", json={"password": "guest's password"}, headers=auth)
                assert r.status_code == 200 and r.json()["name"] == anon["user"]["name"] and not r.json()["guest"]
            for c in (maya, other):
                await c.close()

    run(go(), timeout=120)


def test_the_lobby_shows_your_seats_private_ones_too(url: str) -> None:
    """The lobby marks the tables where the receiver sits, private ones included (no invite
    needed to return), and only for them."""

    async def go() -> None:
        with ServerThread(url, FAST) as srv:
            tid, (host, ann) = await seated_table(srv.url, STUD, 2, private=True, action_time=60)
            public = await host.create_table(table_config(WALL, name="public"))
            stranger = await guest(srv.url)
            lobby = (await ann.request({"type": "lobby"}))["tables"]
            mine = {t["id"]: t for t in lobby}
            assert mine[tid]["seated"] and mine[tid]["private"] and not mine[public["id"]]["seated"]
            theirs = {t["id"]: t for t in (await stranger.request({"type": "lobby"}))["tables"]}
            assert tid not in theirs and not theirs[public["id"]]["seated"]
            again = Client(srv.url, token=ann.token, record=True)  # the tab closed and came back
            await again.connect()
            await again.request({"type": "watch", "table": tid})  # a seat at a private table: no invite
            assert again.tables[tid].info["you"] == 1
            for c in (host, ann, stranger, again):
                await c.close()

    run(go(), timeout=60)


def test_profile_and_leaderboard_count_the_same_hands(url: str) -> None:
    """One definition of a player's statistics: the profile and the leaderboard give the same
    hands and net for every game: the hands dealt at cash tables (a tournament's chips are not
    the player's: its hands count in neither, docs/stats.md)."""

    async def go() -> None:
        with ServerThread(url, FAST) as srv:
            tid, (ann, bob) = await seated_table(srv.url, STUD, 2)
            await play_hands([ann, bob], tid, 3)
            tour = await ann._post("/api/tournaments", {
                "name": "quick", "game": {"game": "stud"}, "players": 2, "buy_in": 10, "starting_stack": 30,
                "bots_fill": True, "bots": ["station"], "action_time": 5, "time_bank": 0,
                "schedule": {"hands_per_level": 1}})
            await ann._post(f"/api/tournaments/{tour['id']}/register")
            await ann._post(f"/api/tournaments/{tour['id']}/fill")

            async def over() -> bool:
                return (await ann.get(f"/api/tournaments/{tour['id']}"))["status"] == "over"

            stop = asyncio.Event()

            async def play_tournament() -> None:
                while not stop.is_set():
                    for t in list(ann.tables):
                        turn = ann.my_turn(t)
                        if turn is not None:
                            hand, _ = turn
                            game = ann.tables[t].game
                            assert game is not None
                            with contextlib.suppress(ClientError):
                                await ann.act(t, hand, make_bot("station").act(hand.seat_view(game)))
                    await asyncio.sleep(0.05)

            runner = asyncio.ensure_future(play_tournament())
            for _ in range(600):
                if await over():
                    break
                for m in ann.received:
                    if m.get("type") == "tournament_table" and m.get("table") and m["table"] not in ann.tables:
                        await ann.request({"type": "watch", "table": m["table"]})
                await asyncio.sleep(0.2)
            stop.set()
            await runner
            assert await over()
            name = ann.user["name"]
            profile = await bob.get(f"/api/players/{name}/stats")
            board = await bob.get("/api/leaderboard?game=stud&min_hands=0")
            row = next(r for r in board if r["name"] == name)
            stud = next(g for g in profile["games"] if g["game"] == "stud")
            assert (stud["hands"], stud["net"]) == (row["hands"], row["net"]) and stud["hands"] >= 3
            for c in (ann, bob):
                await c.close()

    run(go(), timeout=240)
