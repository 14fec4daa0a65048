"""Mixed and dealer's-choice tables with the home games (R7, R8): each game of a list that holds
Baseball, Follow the Queen and the Chicago games is dealt in its turn, at stakes from one table
unit, and each hand's history is written under its own game's variant (R7.3)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from _server_support import FAST, STUD, ServerThread, audit_ok, run, seated_table
from studpoker import phh
from studpoker.bots import make_bot
from studpoker.engine.games import GameError
from studpoker.engine.table import Mixed, Table, unit_game
from studpoker.server.client import play_bot

HOME = ("baseball", "follow_the_queen", "high_chicago", "low_chicago", "kings_and_little_ones")


def _play_out(table: Table, rng: random.Random) -> None:
    hand = table.hand
    assert hand is not None
    while not hand.is_over:
        table.act(rng.choice(hand.legal_actions()))


def test_r7_1_a_rotation_through_stud_and_the_home_games() -> None:
    """R7.1, R7.3: one hand of each game in turn (``hands=1``); Baseball's price follows the
    unit's big bet (R8.2); every hand replays from the history written under its variant."""
    games = tuple(unit_game(name, 2) for name in ("stud", *HOME))
    assert games[1].three_price == games[1].big_bet == 20  # type: ignore[attr-defined]
    table = Table(seats=4, mixed=Mixed(games=games, hands=1))
    for seat in range(4):
        table.sit(seat, name=f"p{seat}", chips=5_000)
    rng = random.Random(7)
    dealt = []
    for _ in range(2 * (1 + len(HOME))):
        hand = table.start_hand(seed=rng.randrange(10**9))
        dealt.append(hand.game.name)
        _play_out(table, rng)
        history = phh.from_hand(hand)
        assert phh.VARIANT_GAMES[history.variant] == hand.game.name  # R7.3
        assert phh.replay(phh.read_one(phh.write(history))).payoffs == hand.payoffs
    assert dealt == ["stud", *HOME] * 2


def test_r7_1_the_dealer_may_choose_a_home_game() -> None:
    """R7.1: at a dealer's-choice table the dealer may call Follow the Queen or Low Chicago."""
    table = Table(seats=3, mixed=Mixed(games=tuple(unit_game(n) for n in ("stud", *HOME)),
                                       mode="dealers_choice", hands=1))
    for seat in range(3):
        table.sit(seat, name=f"p{seat}", chips=2_000)
    rng = random.Random(3)
    for name in ("follow_the_queen", "low_chicago", "baseball"):
        assert table.choosing() is not None
        table.choose_game(name)
        hand = table.start_hand(seed=rng.randrange(10**9))
        assert hand.game.name == name
        _play_out(table, rng)
    with pytest.raises(GameError, match="not a game of this table"):
        table.choose_game("razz")


def test_r7_3_online_a_mixed_table_of_home_games_records_each_hand_under_its_game(tmp_path: Path) -> None:
    """R7.1-R7.3 online: a rotation of Baseball, Follow the Queen and Low Chicago, one hand
    each; the server stores every hand under its own game and PHH variant (FBB, FFQ, FLC)."""
    db = f"sqlite:///{tmp_path / 'mixed.db'}"

    async def go() -> None:
        with ServerThread(db, FAST) as srv:
            mixed = {"mode": "rotation", "games": ["baseball", "follow_the_queen", "low_chicago"],
                     "hands": 1, "unit": 2}
            first = {**STUD, "game": "baseball", "ante": 2, "bring_in": 4, "small_bet": 10, "big_bet": 20}
            tid, clients = await seated_table(srv.url, first, 3, mixed=mixed, buy_in=1000)
            info = clients[0].tables[tid].info
            assert [g["game"] for g in info["mixed"]["games"]] == ["baseball", "follow_the_queen", "low_chicago"]
            assert info["config"]["mixed"]["games"][0]["three_price"] == 20  # the unit's big bet (R8.2)
            await asyncio.gather(*(play_bot(c, tid, make_bot("station", seed=i), hands=4)
                                   for i, c in enumerate(clients)))
            variants = {}
            for h in await clients[0].get(f"/api/tables/{tid}/hands"):
                detail = await clients[0].get(f"/api/hands/{h['id']}")
                if detail["phh"]:
                    history = phh.read_one(detail["phh"])
                    variants[h["number"]] = history.variant
                    assert phh.VARIANT_GAMES[history.variant] == detail["game"]["game"]
                    assert list(phh.replay(history).payoffs) == detail["payoffs"]
            assert [variants[n] for n in (1, 2, 3)] == ["FBB", "FFQ", "FLC"], variants
            for c in clients:
                await c.close()
        assert audit_ok(db) == []

    run(go(), timeout=180)
