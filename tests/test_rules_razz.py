"""Razz: rules R6.1-R6.5, one or more tests per rule id."""

from __future__ import annotations

import pytest

from studpoker.engine import ActionKind, CardError, GameError, Razz
from studpoker.engine.hand import Hand
from studpoker.engine.operations import ActionTaken, PotAwarded

GAME = Razz(ante=1, bring_in=2, small_bet=5, big_bet=10)


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
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.apply(next(a for a in legal if a.kind in (
            ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN, ActionKind.SHOW)))


def test_r6_1_players_streets_and_no_joker() -> None:
    """R6.1: as Seven Card Stud: 2 to 8 players, stud's streets and bets; a 52-card deck."""
    for n in (2, 8):
        assert GAME.deal(stacks=[50] * n, seed=1).n == n
    with pytest.raises(GameError, match="2 to 8 players"):
        GAME.deal(stacks=[50] * 9, seed=1)
    assert [(s.name, s.down, s.up, s.bet) for s in GAME.streets] == [
        ("third", 2, 1, 5), ("fourth", 0, 1, 5), ("fifth", 0, 1, 10), ("sixth", 0, 1, 10),
        ("seventh", 1, 0, 10)]
    assert GAME.deal(stacks=[50] * 2, seed=3).stub_size == 52 - 6
    with pytest.raises(CardError, match="joker"):
        GAME.deal(stacks=[50] * 2, deck=["Jk"])
    with pytest.raises(TypeError):
        Razz(ante=1, bring_in=2, small_bet=5, big_bet=10, joker=True)  # type: ignore[call-arg]


def test_r6_2_lowest_hand_wins_the_whole_pot() -> None:
    """R6.2: the best ace-to-five low of seven cards wins it all; no qualifier: a king-high
    low beats any pair."""
    cards = deck(2, 1, {0: "Kc Kd Qh", 1: "2c 2d Ks"}, {0: "Jd", 1: "3h"}, {0: "Tc", 1: "4c"},
                 {0: "9h", 1: "5d"}, {0: "Qs", 1: "3d"})
    hand = GAME.deal(stacks=[100, 100], dealer=1, deck=cards)
    assert hand.to_act == 1  # R6.3: Ks above Qh
    check_down(hand)
    result = hand.results[0]
    # seat 0: K-Q-J-T-9 unpaired; seat 1: 2-2-3-3-4-5-K, best five K-5-4-3-2 unpaired too, lower
    assert result.low_winners == (1,) and result.high_winners == ()
    assert result.low_hand is not None and result.low_hand.description == "King-five low, K-5-4-3-2"
    awards = [(op.seat, op.amount, op.half) for op in hand.log if isinstance(op, PotAwarded)]
    assert awards == [(1, result.amount, "all")]
    cards = deck(2, 1, {0: "Kc Kd Qh", 1: "2c 2d Ks"}, {0: "Jd", 1: "3h"}, {0: "Tc", 1: "3c"},
                 {0: "9h", 1: "4d"}, {0: "Qs", 1: "4h"})
    hand = GAME.deal(stacks=[100, 100], dealer=1, deck=cards)
    check_down(hand)
    # seat 1 holds 2-2-3-3-4-4-K: two pair at best; seat 0's king-high low wins
    assert hand.results[0].low_winners == (0,)
    assert hand.payoffs[0] > 0


def test_r6_3_highest_door_card_brings_in_king_high_ace_low_spades_first() -> None:
    """R6.3: the highest door card brings in (king highest, ace lowest); between equal
    ranks the higher suit brings in (spades highest)."""
    hand = GAME.deal(stacks=[50] * 3, dealer=2, deck=deck(3, 2, {0: "2c 3c Kd", 1: "2d 3d Ks", 2: "4c 4d Kh"}))
    assert hand.to_act == 1 and kinds(hand) == [(ActionKind.BRING_IN, 2), (ActionKind.COMPLETE, 5)]
    hand = GAME.deal(stacks=[50] * 3, dealer=2, deck=deck(3, 2, {0: "2c 3c As", 1: "2d 3d 5c", 2: "4c 4d 4h"}))
    assert hand.to_act == 1  # the five: the ace is the lowest card
    hand = GAME.deal(stacks=[50] * 3, dealer=0, deck=deck(3, 0, {0: "2c 3c 8c", 1: "2d 3d 8d", 2: "4c 4d 8s"}))
    assert hand.to_act == 2  # three eights: the spade brings in


def test_r6_3_all_in_high_card_passes_the_bring_in() -> None:
    """R6.3 with R2.5: a high card all-in from the ante does not bring in: the next highest does."""
    cards = deck(3, 2, {0: "2c 3c Kd", 1: "2d 3d Qs", 2: "4c 4d 5h"})
    hand = GAME.deal(stacks=[1, 50, 50], dealer=2, deck=cards)
    assert hand.stacks[0] == 0 and hand.to_act == 1


def test_r6_4_lowest_board_acts_first_paired_is_worse() -> None:
    """R6.4: from fourth street the lowest hand showing acts first; a paired board is worse
    than any unpaired one."""
    cards = deck(3, 2, {0: "Ac 2c 7d", 1: "Ad 2d 6h", 2: "3c 3d Ks"}, {0: "5c", 1: "4d", 2: "Kd"})
    hand = GAME.deal(stacks=[100] * 3, dealer=2, deck=cards)
    assert hand.to_act == 2  # the king brings in
    hand.bring_in()
    hand.check_or_call()
    hand.check_or_call()
    # boards: seat 0 7-5, seat 1 6-4, seat 2 K-K
    assert hand.street_name == "fourth" and hand.to_act == 1
    cards = deck(3, 2, {0: "Ac 2c Qd", 1: "Ad 2d 2h", 2: "3c 3d Ks"}, {0: "Kh", 1: "2s", 2: "Jd"})
    hand = GAME.deal(stacks=[100] * 3, dealer=2, deck=cards)
    hand.bring_in()
    hand.check_or_call()
    hand.check_or_call()
    # boards: seat 0 K-Q, seat 1 2-2, seat 2 K-J: K-J is the lowest unpaired board
    assert hand.to_act == 2


def test_r6_4_ties_to_the_first_clockwise_from_the_dealer_left_and_all_in_skipped() -> None:
    """R6.4: equal boards: the first tied player clockwise from the dealer's left acts; a
    leader who is all-in passes first action to the next player clockwise with chips."""
    cards = deck(4, 1, {0: "Ac 2c 6c", 1: "Ad 2d 6d", 2: "3c 3d Ks", 3: "4c 4d 9s"},
                 {0: "4h", 1: "4s", 2: "Kd", 3: "Qd"})
    hand = GAME.deal(stacks=[100] * 4, dealer=1, deck=cards)
    assert hand.to_act == 2
    hand.bring_in()
    for _ in range(3):
        hand.check_or_call()
    # seats 0 and 1 both show 6-4; from the dealer's left (seat 2) the order is 2, 3, 0, 1
    assert hand.street_name == "fourth" and hand.to_act == 0
    hand = GAME.deal(stacks=[100, 100, 3, 100], dealer=1, deck=deck(
        4, 1, {0: "Ac 2c 6c", 1: "Ad 2d 7d", 2: "3c 3d 5s", 3: "4c 4d Ks"}, {0: "4h", 1: "4s", 2: "2h", 3: "Qd"}))
    assert hand.to_act == 3
    hand.bring_in()
    hand.check_or_call()  # seat 0
    hand.check_or_call()  # seat 1
    hand.check_or_call()  # seat 2, all in for 2
    assert hand.stacks[2] == 0
    # seat 2 (5-2) shows the lowest board but is all-in: seat 3 is next clockwise with chips
    assert hand.street_name == "fourth" and hand.to_act == 3


def test_r6_4_showdown_without_a_bet_starts_with_the_lowest_board() -> None:
    """R6.4 with R1.9: when nobody bets on seventh street, the first to act there (the
    lowest board) shows first."""
    cards = deck(3, 2, {0: "Ac 2c 8d", 1: "Ad 2d 6h", 2: "3c 3d Ks"},
                 {0: "Tc", 1: "Th", 2: "Kd"}, {0: "Jc", 1: "Jh", 2: "Qc"},
                 {0: "9c", 1: "Qh", 2: "Qd"}, {0: "5c", 1: "5d", 2: "4c"})
    hand = GAME.deal(stacks=[100] * 3, dealer=2, deck=cards)
    check_down(hand)
    shows = [op.action.seat for op in hand.log
             if isinstance(op, ActionTaken) and op.action.kind is ActionKind.SHOW]
    # seventh street boards: seat 0 J-T-9-8, seat 1 Q-J-T-6, seat 2 K-K-Q-Q
    assert shows == [0, 1, 2]


def test_r6_5_no_open_pair_big_bet() -> None:
    """R6.5: a pair showing on fourth street allows only the small bet."""
    cards = deck(3, 2, {0: "Ac 2c 7d", 1: "Ad 2d 7h", 2: "3c 4d Ks"}, {0: "5c", 1: "4c", 2: "Kd"})
    hand = GAME.deal(stacks=[100] * 3, dealer=2, deck=cards)
    hand.bring_in()
    hand.check_or_call()
    hand.check_or_call()
    assert hand.to_act == 1
    assert kinds(hand) == [(ActionKind.CHECK, 0), (ActionKind.BET, 5)]
    assert not any(s.open_pair for s in GAME.streets)


def test_r6_5_odd_chip_to_the_lowest_card() -> None:
    """R6.5: tied razz hands split the pot; the odd chip goes to the tied winner holding the
    lowest card by rank (ace lowest), then by suit (clubs lowest)."""
    game = Razz(ante=1, bring_in=1, small_bet=2, big_bet=4)
    cards = deck(3, 2, {0: "Ad 2c 7s", 1: "Ac 2d 7h", 2: "Kc Kd Ks"},
                 {0: "4h", 1: "4s", 2: "Qc"}, {0: "5h", 1: "5s", 2: "Qd"},
                 {0: "Th", 1: "Ts", 2: "Jc"}, {0: "9d", 1: "9c", 2: "Jd"})
    hand = game.deal(stacks=[100] * 3, dealer=2, deck=cards)
    assert hand.to_act == 2  # the king of spades brings in
    hand.bring_in()
    hand.bet_or_raise()  # seat 0 completes to 2
    hand.check_or_call()
    hand.check_or_call()  # pot 3 + 2 + 2 + 2 = 9
    check_down(hand)
    result = hand.results[0]
    # seats 0 and 1: 7-5-4-2-A; seat 2: pairs
    assert result.amount == 9 and result.low_winners == (0, 1)
    assert dict(result.shares) == {0: 4, 1: 5}  # seat 1 holds the ace of clubs
