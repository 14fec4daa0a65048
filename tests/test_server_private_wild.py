"""Kings and Little Ones on the server (R8.5): a player's private wild rank (their lowest
face-down rank) reaches that player alone. Over many hands no message to another seat or
an observer names it or holds a down card it comes from before the hand is shown."""

from __future__ import annotations

import asyncio
from typing import Any

from _server_support import STUD, ServerProcess, audit_ok, free_port, guest, run, seated_table
from studpoker import phh
from studpoker.bots import make_bot
from studpoker.server.client import play_bot
from studpoker.server.db import Database, HandRow

KINGS = {**STUD, "game": "kings_and_little_ones"}
HANDS = 30


def _strings(obj: Any) -> list[str]:
    if isinstance(obj, str):
        return [obj]
    if isinstance(obj, dict):
        return [s for v in obj.values() for s in _strings(v)]
    if isinstance(obj, list):
        return [s for v in obj for s in _strings(v)]
    return []


def _private(obj: Any) -> list[list[str]]:
    """Every ``private_wild_ranks`` value anywhere in a message."""
    if isinstance(obj, dict):
        found = [obj["private_wild_ranks"]] if "private_wild_ranks" in obj else []
        return found + [v for x in obj.values() for v in _private(x)]
    if isinstance(obj, list):
        return [v for x in obj for v in _private(x)]
    return []


def _shows(msg: dict[str, Any]) -> set[int]:
    records = list(msg.get("events") or [])
    records += (msg.get("view") or {}).get("log") or []
    return {r["action"]["seat"] for r in records
            if r.get("op") == "action_taken" and r["action"]["kind"] == "show"}


def test_r8_5_the_private_wild_rank_reaches_its_holder_only(tmp_path: Any) -> None:
    """R8.5: every view a seated player gets names as private wild ranks only ranks of that
    player's own down cards; an observer's views name none; no other seat's down card is in
    any message before that seat shows."""
    url = f"sqlite:///{tmp_path / 'kings.db'}"
    srv = ServerProcess(url, free_port(), tmp_path / "server.log")
    srv.start()
    try:
        async def main() -> tuple[int, list[Any]]:
            tid, clients = await seated_table(srv.url, KINGS, 2, buy_in=2000)
            await clients[0].request({"type": "add_bot", "table": tid, "bot": "station", "buy_in": 2000})
            observer = await guest(srv.url)
            await observer.request({"type": "watch", "table": tid})
            await asyncio.gather(*(play_bot(c, tid, make_bot(name, seed=i), hands=HANDS)
                                   for i, (c, name) in enumerate(zip(clients, ("station", "random"),
                                                                     strict=True))))
            for c in clients:
                await c.request({"type": "leave", "table": tid})
            everyone = [*clients, observer]
            for c in everyone:
                await c.close()
            return tid, everyone

        tid, clients = run(main(), timeout=200)
    finally:
        srv.stop()

    db = Database(url)
    truth: dict[int, tuple[list[int], list[set[str]]]] = {}
    with db.session() as s:
        for row in s.query(HandRow).filter(HandRow.status == "over"):
            assert row.phh is not None
            history = phh.read_one(row.phh)
            assert history.variant == "FKL"
            hand = phh.replay(history)
            truth[row.id] = (row.hand_seats, [{str(c) for c in hand.down_cards(hs)} for hs in range(hand.n)])
    db.dispose()
    assert len(truth) >= HANDS

    named = 0
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
            for ranks in _private(msg):
                if me is None:
                    assert ranks == [], f"an observer got private wild ranks {ranks}"
                else:
                    assert set(ranks) <= {c[0] for c in down[me]}, (ranks, down[me])
                    named += bool(ranks)
            cards = set(_strings(msg))
            for hs, secret in enumerate(down):
                if hs != me and hs not in seen:
                    assert not cards & secret, f"seat {seat_of_client} got hand seat {hs}'s down cards"
    assert named > 0  # the holders were told their own rank
    assert audit_ok(url) == []
