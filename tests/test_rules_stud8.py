"""Seven Card Stud Hi-Lo, eight or better: rules R5.1-R5.4, one or more tests per rule id."""

from __future__ import annotations

import pytest

from studpoker.engine import ActionKind, GameError, SevenCardStud, StudHiLo
from studpoker.engine.hand import Hand
from studpoker.engine.operations import PotAwarded

GAME = StudHiLo(ante=1, bring_in=2, small_bet=5, big_bet=10)


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


def check_down(hand: Hand) -> None:
    """Everyone checks (or calls) and shows to the end."""
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.apply(next(a for a in legal if a.kind in (
            ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN, ActionKind.SHOW)))


def awards(hand: Hand) -> list[tuple[int, int, str]]:
    return [(op.seat, op.amount, op.half) for op in hand.log if isinstance(op, PotAwarded)]


# Seat 0 makes kings full, seat 1 a six-four low, seat 2 folds its ante (dealer 2).
SPLIT = deck(3, 2, {0: "Ks Kd Kh", 1: "Ac 2d 3h", 2: "7c 8c 9s"},
             {0: "Qs", 1: "4s"}, {0: "Qd", 1: "6c"}, {0: "9c", 1: "Jd"}, {0: "9d", 1: "Td"})


def _split_hand(cards: list[str], game: StudHiLo = GAME) -> Hand:
    hand = game.deal(stacks=[100] * 3, dealer=2, deck=cards)
    assert hand.to_act == 1  # R5.4: the 3h is the lowest door card
    hand.bring_in()
    hand.fold()  # seat 2
    hand.check_or_call()  # seat 0; pot 3 + 2 + 2 = 7
    check_down(hand)
    return hand


def test_r5_1_as_seven_card_stud_players_streets_and_bets() -> None:
    """R5.1: 2 to 8 players, stud's streets (two down and one up, three up, one down) and
    bets (small on third and fourth, big from fifth)."""
    for n in (2, 8):
        assert GAME.deal(stacks=[50] * n, seed=1).n == n
    for n in (1, 9):
        with pytest.raises(GameError, match="2 to 8 players"):
            GAME.deal(stacks=[50] * n, seed=1)
    assert [(s.name, s.down, s.up, s.bet) for s in GAME.streets] == [
        (s.name, s.down, s.up, s.bet) for s in SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10).streets]
    hand = GAME.deal(stacks=[500] * 3, dealer=2, seed=11)
    check_down(hand)
    for s in range(3):
        assert len(hand.down_cards(s)) == 3 and len(hand.up_cards(s)) == 4


def test_r5_2_high_and_low_split_the_pot() -> None:
    """R5.2: the best high and the best eight-or-better low split each pot; the odd chip
    goes to the high half (R3.8)."""
    hand = _split_hand(SPLIT)
    result = hand.results[0]
    assert result.amount == 7
    assert (result.high_winners, result.low_winners) == ((0,), (1,))
    assert result.high_hand is not None and result.high_hand.description == "Full house, kings over queens"
    assert result.low_hand is not None and result.low_hand.description == "6-4-3-2-A low"
    assert dict(result.shares) == {0: 4, 1: 3}
    assert awards(hand) == [(0, 4, "high"), (1, 3, "low")]
    assert hand.payoffs == (1, 0, -1)


def test_r5_2_no_qualifying_low_the_high_takes_the_pot() -> None:
    """R5.2: with no eight-or-better low among the pot's players, the high takes it all."""
    cards = deck(3, 2, {0: "Ks Kd Kh", 1: "Ac 2d 3h", 2: "7c 8c 9s"},
                 {0: "Qs", 1: "4s"}, {0: "Qd", 1: "9c"}, {0: "9h", 1: "Jd"}, {0: "9d", 1: "Td"})
    hand = _split_hand(cards)
    result = hand.results[0]
    assert (result.high_winners, result.low_winners, result.low_hand) == ((0,), (), None)
    assert awards(hand) == [(0, 7, "all")]
    assert hand.payoffs == (4, -3, -1)


def test_r5_2_one_player_may_scoop_both_halves() -> None:
    """R5.2 (R3.7): the high and the low are chosen independently; one hand may win both."""
    cards = deck(3, 2, {0: "Ac 2c 3d", 1: "Ks Kd Kh", 2: "7c 8c 9s"},
                 {0: "4h", 1: "Qs"}, {0: "5s", 1: "Jd"}, {0: "Jh", 1: "8h"}, {0: "Td", 1: "2s"})
    hand = GAME.deal(stacks=[100] * 3, dealer=2, deck=cards)
    assert hand.to_act == 0  # 3d
    hand.bring_in()
    hand.check_or_call()  # seat 1
    hand.fold()  # seat 2
    check_down(hand)
    result = hand.results[0]
    assert (result.high_winners, result.low_winners) == ((0,), (0,))
    assert result.high_hand is not None and result.high_hand.description == "Straight, five high"
    assert result.low_hand is not None and result.low_hand.description == "Wheel, 5-4-3-2-A"
    assert awards(hand) == [(0, 7, "both")]


def test_r5_2_tied_lows_split_the_low_half_odd_chip_by_r2_10() -> None:
    """R5.2: inside a half the odd chip goes by R2.10 (the highest card of the winning
    five, by rank then suit): two equal 8-6-4-3-A lows, the ace of spades beats the ace
    of diamonds for the low half's odd chip; four nines take the high half."""
    game = StudHiLo(ante=1, bring_in=1, small_bet=2, big_bet=4)
    cards = deck(3, 2, {0: "3c 4c 6d", 1: "3h 4d 6s", 2: "9c 9d 9h"},
                 {0: "8c", 1: "8d", 2: "9s"}, {0: "Kh", 1: "Kd", 2: "2c"},
                 {0: "Qh", 1: "Qd", 2: "2d"}, {0: "Ad", 1: "As", 2: "2h"})
    hand = game.deal(stacks=[100] * 3, dealer=2, deck=cards)
    assert hand.to_act == 0  # 6d below 6s
    hand.bring_in()
    check_down(hand)  # pot 3 + 1 + 1 + 1 = 6: high 3, low 3
    result = hand.results[0]
    assert (result.high_winners, result.low_winners) == ((2,), (0, 1))
    assert dict(result.shares) == {0: 1, 1: 2, 2: 3}
    assert awards(hand) == [(0, 1, "low"), (1, 2, "low"), (2, 3, "high")]


def test_r5_3_no_open_pair_big_bet() -> None:
    """R5.3: a pair showing on fourth street allows only the small bet."""
    third = {0: "2h 3h 9s", 1: "2d 3d As", 2: "2c 3c 4c"}
    cards = deck(3, 2, third, {0: "9d", 1: "Kh", 2: "Td"})
    hand = GAME.deal(stacks=[100] * 3, dealer=2, deck=cards)
    hand.bring_in()
    hand.check_or_call()
    hand.check_or_call()
    assert hand.street_name == "fourth" and hand.to_act == 0  # R5.4: the pair of nines acts first
    assert kinds(hand) == [(ActionKind.CHECK, 0), (ActionKind.BET, 5)]
    assert not any(s.open_pair for s in GAME.streets)


def test_r5_4_bring_in_lowest_card_ace_high_suits_break_ties() -> None:
    """R5.4 (R2.4): the lowest door card brings in, aces high, ties by suit c < d < h < s."""
    hand = GAME.deal(stacks=[50] * 3, dealer=2, deck=deck(3, 2, {0: "Ah Kh 2s", 1: "Ad Kd 2d", 2: "Ac Kc As"}))
    assert hand.to_act == 1 and kinds(hand) == [(ActionKind.BRING_IN, 2), (ActionKind.COMPLETE, 5)]
    hand = GAME.deal(stacks=[50] * 3, dealer=2, deck=deck(3, 2, {0: "2h Kh Ah", 1: "Ad Kd Kc", 2: "Ac 2c Qc"}))
    assert hand.to_act == 2  # the queen: the ace is high for the bring-in


def test_r5_4_highest_board_acts_first() -> None:
    """R5.4 (R2.6): from fourth street the highest board acts first, ties to the dealer's left."""
    cards = deck(4, 0, {0: "2h 3h 9s", 1: "2d 3d 9d", 2: "2c 3c 4c", 3: "4d 5d Ts"},
                 {0: "Kd", 1: "Kh", 2: "7h", 3: "8c"})
    hand = GAME.deal(stacks=[100] * 4, dealer=0, deck=cards)
    assert hand.to_act == 2
    hand.bring_in()
    for _ in range(3):
        hand.check_or_call()
    assert hand.street_name == "fourth" and hand.to_act == 1


def test_r5_4_joker_option_plays_in_high_and_low() -> None:
    """R5.4/R1.2: the joker is an option (off by default): an ace or a straight/flush card
    in the high, the lowest missing rank in the low."""
    assert GAME.deal(stacks=[50] * 2, seed=3).stub_size == 52 - 6
    with pytest.raises(Exception, match="joker"):
        GAME.deal(stacks=[50] * 2, deck=["Jk"])
    game = StudHiLo(ante=1, bring_in=2, small_bet=5, big_bet=10, joker=True)
    cards = deck(3, 2, {0: "Ks Kd Kh", 1: "Jk 2d 3h", 2: "7c 8c 9s"},
                 {0: "Qs", 1: "4s"}, {0: "Qd", 1: "6c"}, {0: "9c", 1: "Jd"}, {0: "9d", 1: "Td"})
    hand = _split_hand(cards, game)
    result = hand.results[0]
    assert result.low_winners == (1,)
    assert result.low_hand is not None and result.low_hand.description == "6-4-3-2-A low"
