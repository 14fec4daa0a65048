"""Provable fairness without revealing hidden cards: an outsider tries to recover them.

Hands are played by bots at a public stud table and a public Wall Street
table with the joker. An anonymous outsider watches every websocket message
and fetches everything public afterwards (REST hand lists and hands, PHH
histories, replays, the lobby). From the database we know the truth: every
card dealt, and which of them nobody outside the hand saw (folded and mucked
down cards). The outsider must recover none of them, directly (a card code) or
through the fairness data (a seed, or the salt of a hidden position), while
every card it did see is proven by the deck commitment published before the
deal (docs/rules.md R1.2: one deck, each card once).
"""

from __future__ import annotations

import asyncio
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import httpx

from _server_support import STUD, ServerThread, guest, run, table_config
from studpoker import phh
from studpoker.bots import make_bot
from studpoker.fairness import (
    Opening,
    card_salt,
    dealt_cards,
    deck_from_seed,
    public_cards,
    verify_history,
    verify_opening,
)
from studpoker.server.client import Client, play_bot
from studpoker.server.db import Database, HandEventRow, HandRow, TableRow
from studpoker.server.replay import replay

CARDS = re.compile(r"^(?:[2-9TJQKA][cdhs]|Jk|\?\?)+$")
HEX64 = re.compile(r"[0-9a-fA-F]{64}")
WALL_JOKER = {"game": "wallstreet", "ante": 1, "limits": [2, 2, 4, 4, 4], "joker": True}


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)] + [s for k in value for s in _strings(k)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _card_codes(strings: list[str]) -> set[str]:
    """Every card code written in ``strings`` (JSON strings, or the tokens of PHH lines)."""
    out: set[str] = set()
    for s in strings:
        for token in s.replace('"', " ").replace(",", " ").split():
            if CARDS.match(token):
                out.update(token[i:i + 2] for i in range(0, len(token), 2))
    out.discard("??")
    return out


def test_an_outsider_recovers_no_hidden_card(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'fair.db'}"
    with ServerThread(url) as srv:
        async def main() -> tuple[list[dict[str, Any]], dict[int, list[Any]]]:
            outsider = Client(srv.url, record=True)  # no account at all
            await outsider.connect()
            tables = []
            for game, n, bots in ((STUD, 4, ["station", "rule", "random", "station"]),
                                  (WALL_JOKER, 3, ["station", "random", "rule"])):
                players = [await guest(srv.url) for _ in range(n)]
                info = await players[0].create_table(table_config(game, name="open table"))
                await outsider.request({"type": "watch", "table": info["id"]})
                tables.append((info["id"], players, bots))
            await asyncio.gather(*(play_bot(c, tid, make_bot(bots[i], seed=i), hands=10, buy_in=400)
                                   for tid, players, bots in tables for i, c in enumerate(players)))
            for _, players, _ in tables:  # no one leaves mid-hand: the hands in progress stay live
                for c in players:
                    await c.close()
            await asyncio.sleep(0.2)
            await outsider.close()
            # everything public, fetched anonymously
            fetched: dict[int, list[Any]] = defaultdict(list)
            async with httpx.AsyncClient(base_url=srv.url, timeout=30) as http:
                lobby = (await http.get("/api/tables")).json()
                for tid, _, _ in tables:
                    hands = (await http.get(f"/api/tables/{tid}/hands", params={"limit": 200})).json()
                    assert len(hands) >= 10
                    for h in hands:
                        fetched[h["id"]].append(h)
                        if h["status"] != "over":
                            continue
                        for path in ("", "/replay"):
                            r = await http.get(f"/api/hands/{h['id']}{path}")
                            assert r.status_code == 200, r.text
                            fetched[h["id"]].append(r.json())
                        r = await http.get(f"/api/hands/{h['id']}/phh")
                        assert r.status_code == 200
                        fetched[h["id"]].append(r.text)
                fetched[0].append(lobby)
            return outsider.received, fetched

        watched, fetched = run(main(), timeout=300)

    by_hand: dict[int, list[Any]] = defaultdict(list)
    for m in watched:
        if "hand" in m and isinstance(m["hand"], int):
            by_hand[m["hand"]].append(m)
        else:
            by_hand[0].append(m)
    everything = [*watched, *(x for xs in fetched.values() for x in xs)]
    hex_strings = {x.lower() for s in _strings(everything) for x in HEX64.findall(s)}

    db = Database(url)
    hidden_total = recovered = seen_total = 0
    with db.session() as s:
        rows = s.query(HandRow).filter(HandRow.status == "over").order_by(HandRow.id).all()
        assert len(rows) >= 20
        for row in rows:
            table = s.get(TableRow, row.table_id)
            assert table is not None
            events = s.query(HandEventRow).filter(HandEventRow.hand_id == row.id).order_by(HandEventRow.idx).all()
            hand = replay(table, row, events, None).hand
            joker = hand.game.joker
            dealt = {str(c) for c in dealt_cards(hand)}
            public = {str(c) for c in public_cards(hand)}
            hidden = dealt - public
            hidden_total += len(hidden)
            seen_total += len(public)
            # 1. no hidden card written anywhere the outsider could read about this hand
            public_data = [*by_hand[row.id], *fetched[row.id]]
            strings = _strings(public_data)
            texts = [x for x in public_data if isinstance(x, str)]
            for text in texts:
                history = phh.read_one(text)
                strings += history.actions
            codes = _card_codes(strings)
            recovered += len(codes & hidden)
            assert not codes & hidden, (row.id, codes & hidden)
            # 2. no seed and no salt of a hidden position among the published hex strings
            deck = [str(c) for c in deck_from_seed(row.seed, joker=joker)]
            assert row.seed.lower() not in hex_strings
            hidden_salts = {card_salt(row.seed, deck.index(c)).hex() for c in hidden}
            assert not hidden_salts & hex_strings
            for candidate in hex_strings:  # any 64-hex string tried as the seed
                assert [str(c) for c in deck_from_seed(candidate, joker=joker)[:len(deck)]] != deck
            # 3. every card seen is proven, and only those: openings match the commitment published
            #    in the hand message before the deal
            start = next(m for m in by_hand[row.id] if m["type"] == "hand")
            end = next(m for m in by_hand[row.id] if m["type"] == "hand_end")
            assert start["commitment"] == row.commitment == end["commitment"]
            openings = [Opening.from_dict(o) for o in end["openings"]]
            assert {o.card for o in openings} == public
            assert all(verify_opening(start["commitment"], o) and deck[o.position] == o.card for o in openings)
            # 4. the public history verifies on its own, with ?? for the unseen cards
            public_phh = next(x for x in fetched[row.id] if isinstance(x, str))
            history = phh.read_one(public_phh)
            assert verify_history(history) == []
            if hidden:
                assert "??" in public_phh
    db.dispose()
    assert hidden_total > 30 and seen_total > 100  # the attack had something to find
    assert recovered == 0
