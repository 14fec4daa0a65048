"""Seven Card Stud rules R2.1-R2.10, one or more tests per rule id."""

from __future__ import annotations

import pytest

from studpoker import Action, ActionKind, GameError, IllegalAction, SevenCardStud
from studpoker.hand import Hand
from studpoker.operations import AntePosted, CardDealt, CommunityCardDealt, StreetStarted

GAME = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)


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


def test_r2_1_player_counts() -> None:
    """R2.1: 2 to 8 players."""
    for n in (2, 8):
        assert GAME.deal(stacks=[50] * n, seed=1).n == n
    for n in (1, 9):
        with pytest.raises(GameError, match="2 to 8 players"):
            GAME.deal(stacks=[50] * n, seed=1)


def test_r2_1_joker_deck_has_53_cards() -> None:
    """R2.1/R1.2: the joker option makes a 53-card deck."""
    hand = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10, joker=True).deal(
        stacks=[50] * 2, seed=3)
    assert hand.stub_size == 53 - 6
    with pytest.raises(Exception, match="joker"):
        GAME.deal(stacks=[50] * 2, deck=["Jk"])


def test_r2_2_antes_before_cards_and_stakes_validated() -> None:
    """R2.2: antes are posted before any card is dealt; stakes are checked."""
    hand = GAME.deal(stacks=[50, 50, 50], dealer=0, seed=2)
    first_card = next(i for i, op in enumerate(hand.log) if isinstance(op, CardDealt))
    antes = [op for op in hand.log[:first_card] if isinstance(op, AntePosted)]
    assert [a.seat for a in antes] == [1, 2, 0] and all(a.amount == 1 for a in antes)
    with pytest.raises(GameError, match="bring_in"):
        SevenCardStud(ante=1, bring_in=5, small_bet=5, big_bet=10)
    with pytest.raises(GameError, match="big_bet"):
        SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=4)
    with pytest.raises(GameError, match="ante"):
        SevenCardStud(ante=-1, bring_in=2, small_bet=5, big_bet=10)


def test_r2_2_short_ante_is_all_in() -> None:
    """R2.2/R1.6: a player who cannot cover the ante posts what they have."""
    game = SevenCardStud(ante=5, bring_in=2, small_bet=5, big_bet=10)
    hand = game.deal(stacks=[3, 50, 50], dealer=2, seed=4)
    assert hand.stacks[0] == 0 and hand.contrib[0] == 3


def test_r2_3_third_street_two_down_one_up() -> None:
    """R2.3: two cards face down and one face up to each player."""
    hand = GAME.deal(stacks=[50] * 4, seed=5)
    for s in range(4):
        assert len(hand.down_cards(s)) == 2 and len(hand.up_cards(s)) == 1
    assert isinstance(hand.log[4], StreetStarted)


def test_r2_4_lowest_door_card_brings_in_suit_breaks_tie() -> None:
    """R2.4: lowest door card by rank, ties by suit c < d < h < s."""
    d = deck(3, 2, {0: "Ah Kh 2s", 1: "Ad Kd 2d", 2: "Ac Kc 9c"})
    hand = GAME.deal(stacks=[50] * 3, dealer=2, deck=d)
    assert hand.to_act == 1  # 2d is lower than 2s
    assert kinds(hand) == [(ActionKind.BRING_IN, 2), (ActionKind.COMPLETE, 5)]


def test_r2_4_ace_is_high_and_joker_above_ace_of_spades() -> None:
    """R2.4/R1.2: aces are high for the bring-in; a face-up joker ranks above As."""
    game = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10, joker=True)
    d = deck(3, 2, {0: "2h 3h As", 1: "2d 3d Jk", 2: "2c 3c Kc"})
    hand = game.deal(stacks=[50] * 3, dealer=2, deck=d)
    assert hand.to_act == 2  # Kc is the lowest door card
    d = deck(2, 1, {0: "2h 3h As", 1: "2d 3d Jk"})
    assert game.deal(stacks=[50] * 2, dealer=1, deck=d).to_act == 0


def test_r2_4_bring_in_may_not_fold_or_check() -> None:
    """R2.4: the bring-in player may only bring in or complete."""
    d = deck(3, 2, {0: "Ah Kh 2s", 1: "Ad Kd 9d", 2: "Ac Kc 9c"})
    hand = GAME.deal(stacks=[50] * 3, dealer=2, deck=d)
    for kind in (ActionKind.FOLD, ActionKind.CHECK):
        with pytest.raises(IllegalAction, match="cannot"):
            hand.apply(Action(seat=0, kind=kind))


def test_r2_4_short_bring_in_posts_all_and_the_others_owe_the_full_bring_in() -> None:
    """R2.4: a player who cannot cover the bring-in posts what they have, all-in; the others
    still owe the full bring-in (as with a short big blind), or may complete."""
    d = deck(3, 2, {0: "Ah Kh 2s", 1: "Ad Kd 9d", 2: "Ac Kc 9c"})
    hand = GAME.deal(stacks=[2, 50, 50], dealer=2, deck=d)
    assert kinds(hand) == [(ActionKind.BRING_IN, 1)]
    hand.bring_in()
    assert hand.stacks[0] == 0
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 2), (ActionKind.COMPLETE, 5)]
    hand.check_or_call()  # seat 1 calls the full bring-in
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 2), (ActionKind.COMPLETE, 5)]
    hand.check_or_call()  # seat 2 too: the round is over, nothing is returned (two called 2)
    assert hand.street_name == "fourth"
    assert hand.stacks == [0, 47, 47] and hand.contrib == [2, 3, 3]


def test_r2_5_completion_then_small_bet_raises_and_cap() -> None:
    """R2.5: complete to the small bet, raises in small bets; bring-in, complete, 3 raises."""
    d = deck(4, 3, {0: "Ah Kh 2s", 1: "Ad Kd 9d", 2: "Ac Kc 9c", 3: "Qh Qd 9s"})
    hand = GAME.deal(stacks=[100] * 4, dealer=3, deck=d)
    hand.bring_in()
    hand.bet_or_raise()  # seat 1 completes to 5
    assert hand.log[-1].action == Action(seat=1, kind=ActionKind.COMPLETE, amount=5)  # type: ignore[attr-defined]
    hand.bet_or_raise()  # 10
    hand.bet_or_raise()  # 15
    hand.bet_or_raise()  # seat 0: 20, third raise
    assert hand.to_act == 1
    assert [a.kind for a in hand.legal_actions()] == [ActionKind.FOLD, ActionKind.CALL]


def test_r2_5_bring_in_has_no_option_when_nobody_completes() -> None:
    """R2.5: if all others call or fold, the round ends; the bring-in does not act again."""
    d = deck(3, 2, {0: "Ah Kh 2s", 1: "Ad Kd 9d", 2: "Ac Kc 9c"}, {0: "3s", 1: "Ts", 2: "Js"})
    hand = GAME.deal(stacks=[100] * 3, dealer=2, deck=d)
    hand.bring_in()
    hand.check_or_call()
    hand.check_or_call()
    assert hand.street_name == "fourth"
    assert hand.to_act == 2  # Kc Js showing is high


def test_r2_5_all_in_low_card_passes_bring_in() -> None:
    """R2.5: if the low card is all-in from the ante, the next-lowest door card brings in."""
    d = deck(3, 2, {0: "Ah Kh 2s", 1: "Ad Kd 3d", 2: "Ac Kc 9c"})
    hand = GAME.deal(stacks=[1, 50, 50], dealer=2, deck=d)
    assert hand.stacks[0] == 0
    assert hand.to_act == 1


def test_r2_5_short_all_in_is_not_a_completion() -> None:
    """R2.5: an all-in above the bring-in but below the small bet is not a completion."""
    d = deck(4, 3, {0: "Ah Kh 2s", 1: "Ad Kd 9d", 2: "Ac Kc 9c", 3: "Qh Qd 9s"})
    hand = GAME.deal(stacks=[100, 5, 100, 100], dealer=3, deck=d)
    hand.bring_in()
    assert kinds(hand)[-1] == (ActionKind.COMPLETE, 4)  # seat 1 has 4 left
    hand.bet_or_raise()
    assert hand.stacks[1] == 0
    # the next player may call the 4 or complete to 5
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 4), (ActionKind.COMPLETE, 5)]
    hand.check_or_call()
    hand.check_or_call()
    assert hand.to_act == 0
    # the bring-in, who already acted, may still complete: no completion has been made
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 2), (ActionKind.COMPLETE, 5)]


def test_r2_6_highest_board_acts_first_ties_to_dealer_left() -> None:
    """R2.6: highest hand showing acts first; ties go to the first clockwise from the dealer's left."""
    d = deck(4, 0, {0: "2h 3h 9s", 1: "2d 3d 9d", 2: "2c 3c 4c", 3: "4d 5d Ts"},
             {0: "Kd", 1: "Kh", 2: "7h", 3: "8c"})
    hand = GAME.deal(stacks=[100] * 4, dealer=0, deck=d)
    assert hand.to_act == 2  # 4c brings in
    hand.bring_in()
    for _ in range(3):
        hand.check_or_call()
    # boards: seat 0 9s Kd, seat 1 9d Kh: tie, seat 1 is first from dealer's left
    assert hand.street_name == "fourth" and hand.to_act == 1


def test_r2_6_pair_beats_high_cards_and_all_in_leader_is_skipped() -> None:
    """R2.6: a pair showing beats high cards; an all-in leader passes first action clockwise."""
    d = deck(3, 2, {0: "2h 3h 9s", 1: "2d 3d As", 2: "2c 3c 4c"},
             {0: "9d", 1: "Kh", 2: "Td"})
    hand = GAME.deal(stacks=[100, 100, 100], dealer=2, deck=d)
    hand.bring_in()
    hand.check_or_call()
    hand.check_or_call()
    assert hand.to_act == 0  # pair of nines showing
    hand2 = GAME.deal(stacks=[3, 100, 100], dealer=2, deck=d)
    hand2.bring_in()  # seat 2: 4c
    hand2.check_or_call()  # seat 0 calls 2, all-in
    hand2.check_or_call()
    assert hand2.stacks[0] == 0
    assert hand2.to_act == 1  # seat 0 leads with nines but is all-in


def test_r2_6_open_pair_big_bet_option() -> None:
    """R2.6: with an open pair on fourth street the first bet may be small or big, and sets raises."""
    third = {0: "2h 3h 9s", 1: "2d 3d As", 2: "2c 3c 4c"}
    d = deck(3, 2, third, {0: "9d", 1: "Kh", 2: "Td"})
    hand = GAME.deal(stacks=[100] * 3, dealer=2, deck=d)
    hand.bring_in()
    hand.check_or_call()
    hand.check_or_call()
    assert kinds(hand) == [(ActionKind.CHECK, 0), (ActionKind.BET, 5), (ActionKind.BET, 10)]
    hand.bet_or_raise(big=True)
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 10), (ActionKind.RAISE, 20)]
    off = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10, open_pair_big_bet=False)
    hand = off.deal(stacks=[100] * 3, dealer=2, deck=d)
    hand.bring_in()
    hand.check_or_call()
    hand.check_or_call()
    assert kinds(hand) == [(ActionKind.CHECK, 0), (ActionKind.BET, 5)]
    # no pair showing: only the small bet
    d = deck(3, 2, third, {0: "8d", 1: "Kh", 2: "Td"})
    hand = GAME.deal(stacks=[100] * 3, dealer=2, deck=d)
    hand.bring_in()
    hand.check_or_call()
    hand.check_or_call()
    assert (ActionKind.BET, 10) not in kinds(hand)


def test_r2_7_big_bets_from_fifth_street_and_seventh_down() -> None:
    """R2.7: fifth, sixth and seventh streets use the big bet; seventh is dealt down."""
    hand = GAME.deal(stacks=[500] * 3, dealer=2, seed=11)
    sizes: dict[str, int] = {}
    while not hand.is_over:
        legal = hand.legal_actions()
        aggressive = [a for a in legal if a.kind in (ActionKind.BET,)]
        if aggressive and hand.street_name not in sizes:
            sizes[hand.street_name] = aggressive[0].amount
        hand.apply(next(a for a in legal if a.kind in (ActionKind.CHECK, ActionKind.CALL,
                                                       ActionKind.BRING_IN, ActionKind.SHOW)))
    assert sizes["fifth"] == sizes["sixth"] == sizes["seventh"] == 10
    for s in range(3):
        assert len(hand.down_cards(s)) == 3 and len(hand.up_cards(s)) == 4


def test_r2_8_showdown_best_five_of_seven() -> None:
    """R2.8: best five of seven cards, high only; the pot is not split for a low."""
    d = deck(2, 1, {0: "As Ks 2c", 1: "3d 4d 5d"}, {0: "Qs", 1: "6d"}, {0: "Js", 1: "7c"},
             {0: "Ts", 1: "8c"}, {0: "2h", 1: "Ah"})
    hand = GAME.deal(stacks=[100, 100], dealer=1, deck=d)
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.apply(next(a for a in legal if a.kind in (ActionKind.CHECK, ActionKind.CALL,
                                                       ActionKind.BRING_IN, ActionKind.SHOW)))
    result = hand.results[0]
    assert result.high_winners == (0,) and result.low_winners == ()
    assert result.high_hand is not None and result.high_hand.category.slug == "straight_flush"
    assert hand.payoffs == (hand.results[0].amount // 2, -(hand.results[0].amount // 2))


def test_r2_9_eight_players_seventh_street_community_card() -> None:
    """R2.9/R1.10: with eight players the stub runs short on seventh street: one community card."""
    hand = GAME.deal(stacks=[500] * 8, dealer=7, seed=21)
    while hand.street_name != "seventh" and not hand.is_over:
        legal = hand.legal_actions()
        hand.apply(next(a for a in legal if a.kind in (ActionKind.CHECK, ActionKind.CALL,
                                                       ActionKind.BRING_IN)))
    assert hand.stub_size == 3  # 52 - 48 - 1 community card
    assert len([op for op in hand.log if isinstance(op, CommunityCardDealt)]) == 1
    assert len(hand.hole_and_board(0)) == 7 and len(hand.down_cards(0)) == 2


def test_r2_10_odd_chip_to_highest_card_of_winning_five() -> None:
    """R2.10: the odd chip goes to the tied winner whose five hold the highest card (rank, suit)."""
    # seats 0 and 1 tie with ace-high straights; seat 0's Ad beats seat 1's Ac for the odd chip
    d = deck(3, 2, {0: "Ts Jh 2c", 1: "Th Jd 3c", 2: "2d 2h 4s"},
             {0: "Qd", 1: "Qc"}, {0: "Kh", 1: "Ks"}, {0: "Ad", 1: "Ac"}, {0: "5h", 1: "6h"})
    hand = GAME.deal(stacks=[100, 100, 100], dealer=2, deck=d)
    hand.bring_in()  # seat 0: 2c
    hand.check_or_call()  # seat 1
    hand.fold()  # seat 2; pot 3 + 2 + 2 = 7
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.apply(next(a for a in legal if a.kind in (ActionKind.CHECK, ActionKind.SHOW)))
    result = hand.results[0]
    assert result.high_winners == (0, 1) and result.amount == 7
    assert dict(result.shares) == {0: 4, 1: 3}
    assert hand.payoffs == (1, 0, -1)


def test_r2_6_face_up_joker_ranks_above_the_ace_of_spades_for_first_to_act() -> None:
    """R2.6 with R1.2: boards Jk-7 and As-7 are equal but for the joker, which acts first."""
    game = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10, joker=True)
    d = deck(3, 2, {0: "2h 3h As", 1: "2d 3d Jk", 2: "2c 3c 4c"}, {0: "7d", 1: "7c", 2: "Td"})
    hand = game.deal(stacks=[100] * 3, dealer=2, deck=d)
    hand.bring_in()  # seat 2: 4c
    hand.check_or_call()
    hand.check_or_call()
    assert hand.street_name == "fourth" and hand.to_act == 1


# --------------------------------------------------------------------------- audit cases (issue 16)

# Dealer 0 (order 1, 2, 0): seat 1 brings in with the 2c, seat 0 pairs its king on fourth
# street and acts first there with an open pair.
OPEN_PAIR_DECK = deck(3, 0, {0: "Ah Qd Ks", 1: "3d 4d 2c", 2: "7h 8h Kh"},
                      {0: "Kd", 1: "5s", 2: "9c"})


def _open_pair_hand(seat0_stack: int) -> Hand:
    hand = GAME.deal(stacks=[seat0_stack, 100, 100], dealer=0, deck=OPEN_PAIR_DECK)
    hand.bring_in()  # 1
    hand.check_or_call()  # 2
    hand.check_or_call()  # 0
    assert hand.street_name == "fourth" and hand.to_act == 0
    return hand


def test_r2_6_all_in_first_bet_above_the_small_bet_chooses_the_big_bet() -> None:
    """R2.6: stud 5/10, open pair, the first bet is all-in for 7 (above the small bet): it
    chooses the big bet, so a raise is +10 (to 17), not +5."""
    hand = _open_pair_hand(1 + 2 + 7)
    assert kinds(hand) == [(ActionKind.CHECK, 0), (ActionKind.BET, 5), (ActionKind.BET, 7)]
    hand.apply(Action(seat=0, kind=ActionKind.BET, amount=7))
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 7), (ActionKind.RAISE, 17)]
    hand.apply(Action(seat=1, kind=ActionKind.RAISE, amount=17))
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 17), (ActionKind.RAISE, 27)]


def test_r2_6_all_in_first_bet_equal_to_the_small_bet_keeps_the_small_bet() -> None:
    """R2.6: an all-in first bet of exactly the small bet is the small bet: raises are +5."""
    hand = _open_pair_hand(1 + 2 + 5)
    assert kinds(hand) == [(ActionKind.CHECK, 0), (ActionKind.BET, 5)]
    hand.apply(Action(seat=0, kind=ActionKind.BET, amount=5))
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 5), (ActionKind.RAISE, 10)]


def test_r2_6_short_stack_on_an_open_pair_has_one_all_in_bet() -> None:
    """R2.6: at or below the small bet the small and big bet are the same all-in: each legal
    action is listed once."""
    for behind in (3, 5):
        hand = _open_pair_hand(1 + 2 + behind)
        legal = hand.legal_actions()
        assert len(legal) == len(set(legal))
        assert kinds(hand) == [(ActionKind.CHECK, 0), (ActionKind.BET, behind)]


# --------------------------------------------------------------------------- rules a wrong engine cannot pass


def test_r2_6_open_pair_on_an_all_in_players_board_allows_the_big_bet() -> None:
    """R2.6: *any* active player's open pair allows the big bet on fourth street, also when
    that player is all-in (seat 0 shows a pair of nines and has no chips left)."""
    d = deck(3, 2, {0: "2h 3h 9s", 1: "2d 3d As", 2: "2c 3c 4c"}, {0: "9d", 1: "Kh", 2: "Td"})
    hand = GAME.deal(stacks=[3, 100, 100], dealer=2, deck=d)
    hand.bring_in()  # seat 2: 4c
    hand.check_or_call()  # seat 0 calls 2, all-in
    hand.check_or_call()
    assert hand.street_name == "fourth" and hand.stacks[0] == 0
    assert hand.to_act == 1
    assert kinds(hand) == [(ActionKind.CHECK, 0), (ActionKind.BET, 5), (ActionKind.BET, 10)]


def test_r2_6_first_to_act_is_judged_on_up_cards_only() -> None:
    """R2.6: seat 0 holds a pair of aces down but shows 5-2; seat 1 shows K-9 and so acts
    first on fourth street (down cards never count)."""
    d = deck(3, 2, {0: "Ac Ad 5d", 1: "3h 4h Kc", 2: "7c 8c 2c"}, {0: "2s", 1: "9d", 2: "6h"})
    hand = GAME.deal(stacks=[100] * 3, dealer=2, deck=d)
    assert hand.to_act == 2  # 2c brings in
    hand.bring_in()
    hand.check_or_call()
    hand.check_or_call()
    assert hand.street_name == "fourth" and hand.to_act == 1


def test_r2_4_heads_up_call_against_a_short_all_in_bring_in_is_for_what_was_posted() -> None:
    """R2.4: a call never asks for chips nobody can match. Heads-up Razz (ante 10, bring-in
    40): the bring-in has 9 chips left after the ante and posts them all-in; the other player
    "calls 9", as real rooms write it, not the full 40."""
    from studpoker.engine.games import Razz

    razz = Razz(ante=10, bring_in=40, small_bet=80, big_bet=160)
    d = deck(2, 1, {0: "2h 3h Kd", 1: "4h 5h 6c"})  # seat 0's king brings in (R6.3)
    hand = razz.deal(stacks=[19, 500], dealer=1, deck=d)
    assert kinds(hand) == [(ActionKind.BRING_IN, 9)]
    hand.bring_in()
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 9)]
    hand.check_or_call()
    assert hand.contrib == [19, 19] and hand.stacks == [0, 481]
    assert hand.pot == 38 and hand.street_name == "seventh"  # no more betting (R1.5)


def test_r2_4_after_a_short_bring_in_the_call_is_the_largest_all_in_when_all_others_are_all_in() -> None:
    """R2.4: after a short bring-in (1 of 2) the others owe the full bring-in while someone
    else who is still in can match it; once everyone else still in is all-in (seat 1 folds,
    or goes all-in for less), a call is for the largest all-in amount."""
    d = deck(3, 2, {0: "Ah Kh 2s", 1: "Ad Kd 9d", 2: "Ac Kc 9c"})
    hand = GAME.deal(stacks=[2, 50, 50], dealer=2, deck=d)
    hand.bring_in()  # seat 0: 1, all-in
    hand.fold()  # seat 1
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 1)]
    hand.check_or_call()
    assert hand.contrib == [2, 1, 2]
    # four players: the bring-in all-in for 1, seat 1 all-in for the 1 chip it has, then
    # seat 2 owes the largest all-in (1), not the full bring-in
    d = deck(4, 3, {0: "Ah Kh 2s", 1: "Ad Kd 9d", 2: "Ac Kc 9c", 3: "Qh Qd 9s"})
    hand = GAME.deal(stacks=[2, 2, 50, 50], dealer=3, deck=d)
    hand.bring_in()
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 1)]  # all-in for its 1 chip
    hand.check_or_call()
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 2), (ActionKind.COMPLETE, 5)]
    hand.fold()  # seat 2: seat 3 alone has chips now
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 1)]
