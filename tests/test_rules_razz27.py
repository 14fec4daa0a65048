"""Deuce-to-Seven Razz: rules R10.1-R10.3, one or more tests per rule id."""

from __future__ import annotations

import pytest

from studpoker.engine.actions import ActionKind
from studpoker.engine.games import GameError, from_options, game_info
from studpoker.engine.games.razz27 import DeuceSevenRazz
from studpoker.engine.hand import Hand

GAME = DeuceSevenRazz(ante=1, bring_in=2, small_bet=5, big_bet=10)


def deck(n: int, dealer: int, third: dict[int, str], *later: dict[int, str]) -> list[str]:
    """Cards in dealing order: third street round-robin from the dealer's left, then one
    card per listed seat per later street, again from the dealer's left."""
    order = [(dealer + 1 + i) % n for i in range(n)]
    cards = {s: third[s].split() for s in third}
    out = [cards[s][0] for s in order] + [cards[s][1] for s in order]
    out += [cards[s][2] for s in order]
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


def test_r10_1_as_razz_streets_players_no_joker() -> None:
    """R10.1: as Razz (R6): seven-card stud streets and bets, 2 to 8 players, no joker."""
    assert [(s.name, s.down, s.up, s.bet) for s in GAME.streets] == [
        ("third", 2, 1, 5), ("fourth", 0, 1, 5), ("fifth", 0, 1, 10), ("sixth", 0, 1, 10),
        ("seventh", 1, 0, 10)]
    with pytest.raises(GameError, match="2 to 8 players"):
        GAME.deal(stacks=[50] * 9, seed=1)
    with pytest.raises(TypeError):
        DeuceSevenRazz(ante=1, bring_in=2, small_bet=5, big_bet=10, joker=True)  # type: ignore[call-arg]
    assert from_options("razz27") == GAME and from_options("2-7 Razz") == GAME
    info = game_info(GAME)
    assert info["low"] == "deuce_seven" and info["bring_in_card"] == "highest_ace_high"
    assert info["first_to_act"] == "deuce_seven_board" and info["open_pair"] is False


def test_r10_1_deuce_to_seven_low_wins_the_whole_pot() -> None:
    """R10.1: 7-5-4-3-2 beats a wheel (ace high); straights count: 6-5-4-3-2 loses to K high."""
    d = deck(2, 1, {0: "Ac 2d 3h", 1: "7c 5d Kh"}, {0: "4s", 1: "4c"}, {0: "5c", 1: "3d"},
             {0: "Kd", 1: "2s"}, {0: "Qc", 1: "Qd"})
    hand = GAME.deal(stacks=[100, 100], dealer=1, deck=d)
    check_down(hand)
    result = hand.results[0]
    assert result.low_winners == (1,) and result.high_winners == ()
    assert result.low_hand is not None and result.low_hand.description == "Seven-five low, 7-5-4-3-2"
    # seat 0: 6-5-4-3-2 is a straight; with K and Q it plays Q-5-4-3-2 instead
    d = deck(2, 1, {0: "6c 2d 3h", 1: "9c 8d Kh"}, {0: "4s", 1: "Ts"}, {0: "5c", 1: "Jd"},
             {0: "Kd", 1: "Qs"}, {0: "Qc", 1: "Ah"})
    hand = GAME.deal(stacks=[100, 100], dealer=1, deck=d)
    check_down(hand)
    assert hand.results[0].low_winners == (0,)  # the straight broken: Q-5-4-3-2 beats K-Q-J-T-9
    low = hand.results[0].low_hand
    assert low is not None and low.description == "Queen high, Q-5-4-3-2"


def test_r10_1_flush_counts_against_the_hand() -> None:
    """R10.1: five suited cards are a flush: a paired hand beats it."""
    d = deck(2, 1, {0: "7h 5h 4h", 1: "2c 2d Kc"}, {0: "3h", 1: "Ks"}, {0: "2h", 1: "Qc"},
             {0: "Ah", 1: "Qd"}, {0: "Kh", 1: "Js"})
    hand = GAME.deal(stacks=[100, 100], dealer=1, deck=d)
    check_down(hand)
    low = hand.results[0].low_hand
    assert hand.results[0].low_winners == (1,)
    assert low is not None and low.category.slug == "one_pair"


def test_r10_2_bring_in_highest_door_card_aces_highest_spades_first() -> None:
    """R10.2: the highest door card brings in, aces highest (unlike razz), spades first."""
    hand = GAME.deal(stacks=[50] * 3, dealer=2, deck=deck(3, 2, {0: "2c 3c Kd", 1: "2d 3d Ac",
                                                                 2: "4c 4d Ks"}))
    assert hand.to_act == 1 and kinds(hand) == [(ActionKind.BRING_IN, 2), (ActionKind.COMPLETE, 5)]
    hand = GAME.deal(stacks=[50] * 3, dealer=2, deck=deck(3, 2, {0: "2c 3c Kd", 1: "2d 3d Qc",
                                                                 2: "4c 4d Ks"}))
    assert hand.to_act == 2  # Ks above Kd


def test_r10_2_best_deuce_to_seven_board_acts_first() -> None:
    """R10.2: from fourth street the best deuce-to-seven board acts first: aces are high,
    pairs worse, straights do not count on fewer than five cards."""
    d = deck(3, 2, {0: "Tc Jc Ac", 1: "Td Jd 4d", 2: "Th Jh Ks"}, {0: "2s", 1: "3c", 2: "Qh"})
    hand = GAME.deal(stacks=[100] * 3, dealer=2, deck=d)
    assert hand.to_act == 0  # Ac brings in (aces highest)
    hand.bring_in()
    hand.check_or_call()
    hand.check_or_call()
    assert hand.street_name == "fourth" and hand.to_act == 1  # 4-3 beats A-2 and K-Q
    d = deck(3, 2, {0: "Tc Jc 3d", 1: "Td Jd 4d", 2: "Th Jh Ks"}, {0: "3s", 1: "5c", 2: "Qh"},
             {0: "2s", 1: "6c", 2: "7d"})
    hand = GAME.deal(stacks=[100] * 3, dealer=2, deck=d)
    hand.bring_in()  # seat 2: Ks
    hand.check_or_call()
    hand.check_or_call()
    assert hand.street_name == "fourth" and hand.to_act == 1  # 5-4 best; the pair 3-3 worse than K-Q
    for _ in range(3):
        hand.check_or_call()
    assert hand.to_act == 1  # 6-5-4 beats K-Q-7 and 3-3-2 (a straight draw does not count)


def test_r10_3_odd_chip_to_the_lowest_card_deuce_lowest_clubs_first() -> None:
    """R10.3: tied winners split; the odd chip goes to the one holding the lowest card
    (deuce lowest, then clubs lowest)."""
    d = deck(3, 2, {0: "2c 3d 4h", 1: "2d 3c 4s", 2: "Kc Kd Ac"}, {0: "5h", 1: "5d", 2: "Qc"},
             {0: "7h", 1: "7d", 2: "Qd"}, {0: "Ks", 1: "Kh", 2: "Jc"}, {0: "Qh", 1: "Qs", 2: "Jd"})
    hand = GAME.deal(stacks=[100, 100, 100], dealer=2, deck=d)
    check_down(hand)
    result = hand.results[0]
    assert result.low_winners == (0, 1) and result.amount % 2 == 1
    shares = dict(result.shares)
    assert shares[0] == shares[1] + 1  # seat 0 holds the 2c
