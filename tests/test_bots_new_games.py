"""The rule, equity and search bots play Five Card Stud (R9) and Deuce-to-Seven Razz (R10)
without error, and sensibly: they read the game's hand size and its ranking."""

from __future__ import annotations

import random

import pytest

from studpoker.bots import make_bot
from studpoker.bots._common import read_table, street_column
from studpoker.bots._strength import Strength
from studpoker.engine.actions import ActionKind
from studpoker.engine.games import from_options

BOTS = ["rule", "equity", "search"]


def _seven_card_deck(n: int, dealer: int, third: dict[int, str], *later: dict[int, str]) -> list[str]:
    order = [(dealer + 1 + i) % n for i in range(n)]
    cards = {s: third[s].split() for s in third}
    out = [cards[s][k] for k in range(3) for s in order]
    for street in later:
        out += [street[s] for s in order if s in street]
    return out


@pytest.mark.parametrize("game_name", ["five_stud", "razz27"])
@pytest.mark.parametrize("bot_name", BOTS)
def test_bots_play_whole_hands(game_name: str, bot_name: str) -> None:
    """R9, R10: every decision a bot makes is legal, to the end of every hand."""
    game = from_options(game_name)
    rng = random.Random(4)
    bots = [make_bot(bot_name, seed=s) for s in range(3)]
    for h in range(4):
        hand = game.deal(stacks=[200, 200, 200], dealer=h % 3, seed=100 + h)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            action = bots[seat].act(hand.view(seat)) if rng.random() < 0.9 else rng.choice(
                hand.legal_actions())
            assert action in hand.legal_actions()
            hand.apply(action)
        assert sum(hand.payoffs) == 0


def test_r9_bots_read_five_card_hands() -> None:
    """R9.1: a Five Card Stud hand ends with five cards: the rule bot's table needs three
    more on second street, and its strength is measured against five-card hands."""
    game = from_options("five_stud")
    hand = game.deal(stacks=[200, 200], dealer=1, deck=["Ac", "7d", "As", "2c"])
    view = hand.view(hand.to_act)
    table = read_table(view)
    assert table.cards == 5 and table.my_need == 3
    pair = Strength(read_table(game.deal(stacks=[200, 200], dealer=1, deck=["Ac", "7d", "As", "2c"])
                               .view(0)), random.Random(1)).value(400, seed=1)
    assert pair > 0.6  # aces wired in five-card stud are a big favourite heads-up
    assert [street_column(game, s, 5) for s in range(4)] == [0, 1, 3, 4]


def test_r10_bots_rank_deuce_to_seven() -> None:
    """R10.1: the rule and equity bots value 7-5-4-3-2 as the nuts and a wheel as weak."""
    game = from_options("razz27")
    # seat 0 holds 7-5-4-3 + 2 on sixth street; seat 1 a paired board
    d = _seven_card_deck(2, 1, {0: "7c 5d 4h", 1: "Kc Kd Qh"}, {0: "3s", 1: "Qs"}, {0: "2c", 1: "Jd"},
                         {0: "Ad", 1: "Jc"})
    hand = game.deal(stacks=[500, 500], dealer=1, deck=d)
    while not hand.is_over and hand.street_name != "sixth":
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal_actions()
        hand.apply(next(a for a in legal if a.kind in (ActionKind.CHECK, ActionKind.CALL,
                                                       ActionKind.BRING_IN)))
    assert hand.street_name == "sixth"
    view = hand.view(0)
    strength = Strength(read_table(view), random.Random(2)).value(300, seed=2)
    assert strength > 0.9
    equity_bot = make_bot("equity", seed=1)
    if hand.to_act == 0:
        assert equity_bot.act(hand.view(0)).kind in (ActionKind.BET, ActionKind.RAISE)
    # the same cards read as razz (ace-to-five) would not be the nuts for the wheel holder
    wheel = _seven_card_deck(2, 1, {0: "Ac 5d 4h", 1: "9c 8d Th"}, {0: "3s", 1: "7s"},
                             {0: "2c", 1: "6d"}, {0: "Kd", 1: "Qc"})
    hand = game.deal(stacks=[500, 500], dealer=1, deck=wheel)
    while not hand.is_over and hand.street_name != "sixth":
        legal = hand.legal_actions()
        hand.apply(next(a for a in legal if a.kind in (ActionKind.CHECK, ActionKind.CALL,
                                                       ActionKind.BRING_IN)))
    weak = Strength(read_table(hand.view(0)), random.Random(2)).value(300, seed=2)
    assert weak < strength
