"""Leak test: over hundreds of hands, no message to a seat or an observer holds another seat's
down card before that seat shows it (the server only sends ``hand.view(seat)``)."""

from __future__ import annotations

import asyncio
from typing import Any

from _server_support import STUD, WALL, ServerProcess, audit_ok, free_port, guest, run, seated_table
from studpoker import phh
from studpoker.bots import make_bot
from studpoker.server.client import play_bot
from studpoker.server.db import Database, HandRow

HANDS = {"stud": 100, "wallstreet": 100}


def _strings(obj: Any) -> list[str]:
    if isinstance(obj, str):
        return [obj]
    if isinstance(obj, dict):
        return [s for v in obj.values() for s in _strings(v)]
    if isinstance(obj, list):
        return [s for v in obj for s in _strings(v)]
    return []


def _shows(msg: dict[str, Any]) -> set[int]:
    records = list(msg.get("events") or [])
    view = msg.get("view") or {}
    records += view.get("log") or []
    return {r["action"]["seat"] for r in records
            if r.get("op") == "action_taken" and r["action"]["kind"] == "show"}


def test_no_down_card_reaches_another_seat_before_it_is_shown(tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path / 'leak.db'}"
    srv = ServerProcess(url, free_port(), tmp_path / "server.log")  # its own process: two cores
    srv.start()
    try:
        async def table(game: dict[str, Any], hands: int) -> tuple[int, list[Any]]:
            tid, clients = await seated_table(srv.url, game, 2, buy_in=2000)
            owner = clients[0]
            for bot in ("station", "random", "station"):
                await owner.request({"type": "add_bot", "table": tid, "bot": bot, "buy_in": 2000})
            observer = await guest(srv.url)
            await observer.request({"type": "watch", "table": tid})
            names = ["station", "random"]
            await asyncio.gather(*(play_bot(c, tid, make_bot(names[i], seed=i), hands=hands)
                                   for i, c in enumerate(clients)))
            for c in clients:
                await c.request({"type": "leave", "table": tid})
            return tid, [*clients, observer]

        async def main() -> list[tuple[int, list[Any]]]:
            out = await asyncio.gather(table(STUD, HANDS["stud"]), table(WALL, HANDS["wallstreet"]))
            for _, cs in out:
                for c in cs:
                    await c.close()
            return list(out)

        tables = run(main(), timeout=200)
    finally:
        srv.stop()

    # the truth: every hand's down cards, from the full (server-side) hand histories
    db = Database(url)
    truth: dict[int, tuple[list[int], list[set[str]]]] = {}
    with db.session() as s:
        for row in s.query(HandRow).filter(HandRow.status == "over"):
            assert row.phh is not None
            hand = phh.replay(phh.read_one(row.phh))
            truth[row.id] = (row.hand_seats, [{str(c) for c in hand.down_cards(hs)} for hs in range(hand.n)])
    db.dispose()
    assert len(truth) >= sum(HANDS.values())

    checked_messages = 0
    checked_hands: set[int] = set()
    shown_somewhere = 0
    for tid, clients in tables:
        for client in clients:
            seat_of_client: int | None = None
            shown: dict[int, set[int]] = {}
            for msg in client.received:
                if msg["type"] == "table" and msg["table"]["id"] == tid:
                    seat_of_client = msg["table"]["you"]
                hand_id = msg.get("hand") if msg["type"] in ("hand", "update", "hand_end") else None
                if hand_id is None or hand_id not in truth:
                    continue
                hand_seats, down = truth[hand_id]
                me = hand_seats.index(seat_of_client) if seat_of_client in hand_seats else None
                seen = shown.setdefault(hand_id, set())
                seen |= _shows(msg)
                cards = set(_strings(msg))
                for hs, secret in enumerate(down):
                    if hs == me or hs in seen:
                        continue
                    leaked = cards & secret
                    assert not leaked, (f"client at seat {seat_of_client} got hand seat {hs}'s down "
                                        f"cards {leaked} in {msg['type']} of hand {hand_id}")
                if me is not None and msg["type"] == "hand":
                    mine = msg["view"]["players"][me]["down"]
                    assert set(mine) <= down[me] and None not in mine  # its own cards, in full
                shown_somewhere += bool(seen)
                checked_hands.add(hand_id)
                checked_messages += 1
    assert len(checked_hands) >= sum(HANDS.values())
    assert checked_messages > 3000
    assert shown_somewhere > 0  # showdowns happened: the "shown" rule was exercised
    assert audit_ok(url) == []
