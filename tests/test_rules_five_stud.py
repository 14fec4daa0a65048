"""Five Card Stud: rules R9.1-R9.3, one or more tests per rule id."""

from __future__ import annotations

import pytest

from studpoker.engine.actions import ActionKind
from studpoker.engine.games import GameError, from_options, game_info, rules_sections
from studpoker.engine.games.five_stud import FiveCardStud
from studpoker.engine.hand import Hand

GAME = FiveCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)


def deck(n: int, dealer: int, second: dict[int, str], *later: dict[int, str]) -> list[str]:
    """Cards in dealing order: second street (one down, one up) round-robin from the dealer's
    left, then one card per listed seat per later street, again from the dealer's left."""
    order = [(dealer + 1 + i) % n for i in range(n)]
    cards = {s: second[s].split() for s in second}
    out = [cards[s][0] for s in order] + [cards[s][1] for s in order]
    for street in later:
        out += [street[s] for s in order if s in street]
    return out


def kinds(hand: Hand) -> list[tuple[ActionKind, int]]:
    return [(a.kind, a.amount) for a in hand.legal_actions()]


def passive(hand: Hand) -> None:
    legal = hand.legal_actions()
    hand.apply(next(a for a in legal if a.kind in (
        ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN, ActionKind.SHOW)))


def check_down(hand: Hand) -> None:
    while not hand.is_over:
        passive(hand)


def test_r9_1_players_streets_and_bets() -> None:
    """R9.1: 2 to 10 players; second street one down and one up, then three streets of one
    up card; small bets on second and third street, big bets on fourth and fifth."""
    assert [(s.name, s.down, s.up, s.bet) for s in GAME.streets] == [
        ("second", 1, 1, 5), ("third", 0, 1, 5), ("fourth", 0, 1, 10), ("fifth", 0, 1, 10)]
    for n in (2, 10):
        assert GAME.deal(stacks=[50] * n, seed=1).n == n
    with pytest.raises(GameError, match="2 to 10 players"):
        GAME.deal(stacks=[50] * 11, seed=1)
    with pytest.raises(GameError):
        GAME.deal(stacks=[50], seed=1)
    with pytest.raises(TypeError):
        FiveCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10, joker=True)  # type: ignore[call-arg]
    assert from_options("five_stud") == GAME
    assert from_options("Five Card Stud") == GAME
    info = game_info(GAME)
    assert info["bets"] == [5, 5, 10, 10] and info["max_players"] == 10 and info["open_pair"] is True
    assert "five cards" in " ".join(s["text"] for s in rules_sections(GAME))


def test_r9_1_ten_players_deal_and_play_to_the_showdown() -> None:
    """R9.1, R9.3: ten players take 50 cards at most; every hand has five cards (no R1.10)."""
    hand = GAME.deal(stacks=[200] * 10, dealer=9, seed=5)
    assert hand.stub_size == 52 - 20
    check_down(hand)
    for s in range(10):
        assert len(hand.down_cards(s)) == 1 and len(hand.up_cards(s)) == 4
    assert hand.stub_size == 52 - 50
    assert sum(hand.payoffs) == 0


def test_r9_1_bring_in_lowest_door_card_ace_high_ties_by_suit() -> None:
    """R9.1 (as R2.4): the lowest door card brings in, aces high, ties by suit (clubs lowest)."""
    d = deck(3, 2, {0: "Kc 2d", 1: "Qc 2c", 2: "3c Ah"})
    hand = GAME.deal(stacks=[50] * 3, dealer=2, deck=d)
    assert hand.to_act == 1  # 2c below 2d
    assert kinds(hand) == [(ActionKind.BRING_IN, 2), (ActionKind.COMPLETE, 5)]
    d = deck(2, 1, {0: "2c As", 1: "2d Kd"})
    hand = GAME.deal(stacks=[50] * 2, dealer=1, deck=d)
    assert hand.to_act == 1  # the ace is high: Kd brings in


def test_r9_1_bets_small_then_big() -> None:
    """R9.1: the bet is 5 on second and third street (no pair showing), 10 on fourth and fifth."""
    hand = GAME.deal(stacks=[500] * 3, dealer=2, deck=deck(3, 2, {0: "2h 9s", 1: "2d As", 2: "2c 4c"},
                                                          {0: "8d", 1: "Kh", 2: "Td"}))
    sizes: dict[str, int] = {}
    while not hand.is_over:
        bets = [a for a in hand.legal_actions() if a.kind in (ActionKind.BET, ActionKind.COMPLETE)]
        if bets and hand.street_name not in sizes:
            sizes[hand.street_name] = bets[0].amount
        passive(hand)
    assert sizes == {"second": 5, "third": 5, "fourth": 10, "fifth": 10}


def test_r9_2_highest_board_acts_first_from_third_street() -> None:
    """R9.2 (as R2.6): from third street the highest hand showing acts first; ties to the first
    clockwise from the dealer's left."""
    d = deck(3, 2, {0: "2h 9s", 1: "2d As", 2: "2c 4c"}, {0: "9d", 1: "Kh", 2: "Td"})
    hand = GAME.deal(stacks=[100] * 3, dealer=2, deck=d)
    hand.bring_in()  # seat 2: 4c
    hand.check_or_call()
    hand.check_or_call()
    assert hand.street_name == "third" and hand.to_act == 0  # 9-9 showing beats A-K
    d = deck(3, 2, {0: "2h Ks", 1: "2d Kh", 2: "2c 4c"}, {0: "9d", 1: "9c", 2: "Td"},
             {0: "3d", 1: "3c", 2: "5d"})
    hand = GAME.deal(stacks=[100] * 3, dealer=2, deck=d)
    hand.bring_in()
    hand.check_or_call()
    hand.check_or_call()
    assert hand.to_act == 0  # K-9 each: the first tied from the dealer's left
    for _ in range(3):
        hand.check_or_call()
    assert hand.street_name == "fourth" and hand.to_act == 0  # K-9-3 each, on two to four cards


def test_r9_2_open_pair_on_third_street_allows_the_big_bet() -> None:
    """R9.2: the second up card pairing the first allows the big bet (option open_pair_big_bet)."""
    d = deck(3, 2, {0: "2h 9s", 1: "2d As", 2: "2c 4c"}, {0: "9d", 1: "Kh", 2: "Td"})
    hand = GAME.deal(stacks=[100] * 3, dealer=2, deck=d)
    hand.bring_in()
    hand.check_or_call()
    hand.check_or_call()
    assert kinds(hand) == [(ActionKind.CHECK, 0), (ActionKind.BET, 5), (ActionKind.BET, 10)]
    hand.bet_or_raise(big=True)
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 10), (ActionKind.RAISE, 20)]
    off = FiveCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10, open_pair_big_bet=False)
    hand = off.deal(stacks=[100] * 3, dealer=2, deck=d)
    hand.bring_in()
    hand.check_or_call()
    hand.check_or_call()
    assert kinds(hand) == [(ActionKind.CHECK, 0), (ActionKind.BET, 5)]


def test_r9_3_showdown_best_five_card_high_hand() -> None:
    """R9.3: the five cards play; a pair beats ace high."""
    d = deck(2, 1, {0: "As Kd", 1: "3d 3c"}, {0: "Qs", 1: "7h"}, {0: "Js", 1: "8c"}, {0: "9h", 1: "Tc"})
    hand = GAME.deal(stacks=[100, 100], dealer=1, deck=d)
    check_down(hand)
    result = hand.results[0]
    assert result.high_winners == (1,)
    assert result.high_hand is not None and result.high_hand.description == "One pair, threes"


def test_r9_3_odd_chip_as_r2_10() -> None:
    """R9.3: tied winners split; the odd chip to the highest card of the winning five."""
    d = deck(3, 2, {0: "Ts Jh", 1: "Th Jd", 2: "2d 2c"}, {0: "Qd", 1: "Qc", 2: "3h"},
             {0: "Kh", 1: "Ks", 2: "4h"}, {0: "Ad", 1: "Ac", 2: "7s"})
    hand = GAME.deal(stacks=[100, 100, 100], dealer=2, deck=d)
    hand.bring_in()  # seat 2: 2c; the pot: 3 antes and three bring-ins
    while not hand.is_over:
        passive(hand)
    result = hand.results[0]
    assert result.high_winners == (0, 1) and result.amount == 9
    assert dict(result.shares) == {0: 5, 1: 4}
