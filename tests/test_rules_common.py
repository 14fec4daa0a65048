"""Scenario tests for the rules common to both games, R1.5-R1.12 of docs/rules.md.

Every test deals a fixed deck. Deck layout (see ``deck_for``): third street
round-robin from the dealer's left (first down card to each seat, then the
second, then the up card), the four Wall Street market cards if any, then one
card per active seat per later street (a Wall Street free card counts as that
street's card), from the dealer's left.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from studpoker.engine import (
    Action,
    ActionKind,
    Card,
    HighCategory,
    IllegalAction,
    Phase,
    SevenCardStud,
    WallStreet,
)
from studpoker.engine.hand import Hand
from studpoker.engine.operations import (
    ActionTaken,
    CardDealt,
    ChipsReturned,
    CommunityCardDealt,
    HandEnded,
    PotAwarded,
    StreetStarted,
)

WS = WallStreet(ante=1, limits=(2, 2, 4, 4, 4))
WS_MUCK = WallStreet(ante=1, limits=(2, 2, 4, 4, 4), showdown_muck=True)  # R3.10 option on
WS4 = WallStreet(ante=1, limits=4)  # a raise is 4, half a raise is 2
STUD = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)

BETTING_KINDS = frozenset({ActionKind.CHECK, ActionKind.BET, ActionKind.RAISE, ActionKind.CALL,
                           ActionKind.FOLD, ActionKind.BRING_IN, ActionKind.COMPLETE})


# --------------------------------------------------------------------------- helpers


def deck_for(hands: Sequence[str], *, dealer: int = 0, market: str = "",
             tail: str = "") -> list[str]:
    """``hands[s]``: the cards seat ``s`` receives in order (down, down, up, 4th..7th)."""
    n = len(hands)
    order = [(dealer + 1 + i) % n for i in range(n)]
    per_seat = [h.split() for h in hands]
    deck: list[str] = []
    for k in range(3):
        deck += [per_seat[s][k] for s in order]
    deck += market.split()
    for k in range(3, 7):
        deck += [per_seat[s][k] for s in order if len(per_seat[s]) > k]
    deck += tail.split()
    assert len(set(deck)) == len(deck), "duplicate card in test deck"
    return deck


def act(seat: int, kind: ActionKind, amount: int = 0, slot: int = 0) -> Action:
    return Action(seat=seat, kind=kind, amount=amount, slot=slot)


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def play_to_showdown(hand: Hand) -> None:
    """Everyone posts the bring-in / checks / calls and takes free cards up to the showdown."""
    while hand.phase in (Phase.BETTING, Phase.CARD_ROUND):
        if hand.phase is Phase.CARD_ROUND:
            hand.take_card()
        elif any(a.kind is ActionKind.BRING_IN for a in hand.legal_actions()):
            hand.bring_in()
        else:
            hand.check_or_call()


def play_to_street(hand: Hand, name: str) -> None:
    """Check/call/take free cards until the betting round of street ``name`` begins."""
    while not (hand.street_name == name and hand.phase is Phase.BETTING):
        assert hand.phase in (Phase.BETTING, Phase.CARD_ROUND)
        if hand.phase is Phase.CARD_ROUND:
            hand.take_card()
        elif any(a.kind is ActionKind.BRING_IN for a in hand.legal_actions()):
            hand.bring_in()
        else:
            hand.check_or_call()


def show_all(hand: Hand) -> list[int]:
    order = []
    while hand.phase is Phase.SHOWDOWN:
        order.append(hand.to_act)
        hand.show()
    return order


def shares(hand: Hand) -> list[dict[int, int]]:
    return [dict(r.shares) for r in hand.results]


def betting_log(hand: Hand, start: int = 0) -> list[Action]:
    return [op.action for op in hand.log[start:]
            if isinstance(op, ActionTaken) and op.action.kind in BETTING_KINDS]


def snapshot(hand: Hand) -> tuple[object, ...]:
    return (len(hand.log), tuple(hand.stacks), hand.to_act, hand.pot, hand.phase,
            tuple(hand.legal_actions()), hand.street, tuple(hand.market), hand.stub_size)


# Three-player Wall Street deal, dealer 0 (order 1, 2, 0), no lows anywhere:
# seat 0 kings full, seat 1 jacks full, seat 2 aces and tens.
HANDS_WS = ["Kc Kd Ks Qh Qd 9c Td", "Jc Jd Js 9h 8h 3d 3c", "Ac Ad 4s 6c 6d Tc Th"]
MARKET_WS = "2h 7d 5c Ah"


def ws_hand(stacks: Sequence[int] = (100, 100, 100), *, game: WallStreet = WS,
            hands: Sequence[str] = HANDS_WS) -> Hand:
    return game.deal(stacks=list(stacks), dealer=0, deck=deck_for(hands, market=MARKET_WS))


# --------------------------------------------------------------------------- R1.5


def test_r1_5_bets_and_raises_are_exactly_the_increment() -> None:
    """R1.5: only the street's increment is offered; other sizes are rejected."""
    hand = ws_hand()
    assert hand.legal_actions() == [act(1, ActionKind.CHECK), act(1, ActionKind.BET, 2)]
    for wrong in (1, 3, 4):
        with pytest.raises(IllegalAction, match=rf"wrong amount {wrong}: bet is 2"):
            hand.apply(act(1, ActionKind.BET, wrong))
    hand.apply(act(1, ActionKind.BET, 2))
    with pytest.raises(IllegalAction, match="wrong amount 5: raise is 4"):
        hand.apply(act(2, ActionKind.RAISE, 5))
    hand.apply(act(2, ActionKind.RAISE, 4))
    assert hand.legal_actions() == [act(0, ActionKind.FOLD), act(0, ActionKind.CALL, 4),
                                    act(0, ActionKind.RAISE, 6)]


def test_r1_5_stud_increments_small_then_big() -> None:
    """R1.5 (stud): completion and raises in small bets on third street, big bets on fifth."""
    hands = ["Kc Kd As Ks 7d 8d 9d", "3c 4d 2c 5h 9h Jh Js", "Tc Th 9c 8c 4h 3h Jd"]
    hand = STUD.deal(stacks=[200] * 3, dealer=0, deck=deck_for(hands))
    assert hand.to_act == 1  # 2c brings in
    assert hand.legal_actions() == [act(1, ActionKind.BRING_IN, 2), act(1, ActionKind.COMPLETE, 5)]
    hand.bring_in()
    hand.bet_or_raise()  # seat 2 completes to 5
    assert hand.legal_actions() == [act(0, ActionKind.FOLD), act(0, ActionKind.CALL, 5),
                                    act(0, ActionKind.RAISE, 10)]
    with pytest.raises(IllegalAction, match="wrong amount 12"):
        hand.apply(act(0, ActionKind.RAISE, 12))
    hand.check_or_call()
    hand.check_or_call()
    play_to_street(hand, "fifth")
    seat = hand.to_act
    assert seat == 0  # A-K-7 showing
    assert hand.legal_actions() == [act(0, ActionKind.CHECK), act(0, ActionKind.BET, 10)]


def test_r1_5_cap_is_a_bet_and_three_raises() -> None:
    """R1.5: with three players holding chips, after bet + 3 raises only call or fold."""
    hand = ws_hand()
    hand.bet_or_raise()  # 1: 2
    hand.bet_or_raise()  # 2: 4
    hand.bet_or_raise()  # 0: 6
    hand.bet_or_raise()  # 1: 8
    assert hand.to_act == 2
    assert hand.legal_actions() == [act(2, ActionKind.FOLD), act(2, ActionKind.CALL, 4)]
    with pytest.raises(IllegalAction, match="cannot raise"):
        hand.apply(act(2, ActionKind.RAISE, 10))
    hand.check_or_call()
    assert hand.legal_actions() == [act(0, ActionKind.FOLD), act(0, ActionKind.CALL, 2)]
    hand.check_or_call()
    assert hand.phase is Phase.CARD_ROUND
    assert hand.pot == 3 + 3 * 8


@pytest.mark.parametrize("max_raises", [0, 1, 2])
def test_r1_5_max_raises_option(max_raises: int) -> None:
    """R1.5: option max_raises sets how many raises follow the bet."""
    game = WallStreet(ante=1, limits=(2, 2, 4, 4, 4), max_raises=max_raises)
    hand = ws_hand(game=game)
    hand.bet_or_raise()
    for _ in range(max_raises):
        assert any(a.kind is ActionKind.RAISE for a in hand.legal_actions())
        hand.bet_or_raise()
    # order 1, 2, 0: the next player owes the whole level, except seat 1 (in for 2)
    seat, owed = {0: (2, 2), 1: (0, 4), 2: (1, 4)}[max_raises]
    assert hand.legal_actions() == [act(seat, ActionKind.FOLD), act(seat, ActionKind.CALL, owed)]


def test_r1_5_heads_up_is_uncapped_by_default() -> None:
    """R1.5: with exactly two players holding chips, raising goes on past the cap."""
    hand = ws_hand()
    hand.bet_or_raise()  # 1 bets 2
    hand.fold()  # 2 folds: heads-up
    for level in (4, 6, 8, 10, 12, 14):
        seat = hand.to_act
        assert seat is not None
        assert act(seat, ActionKind.RAISE, level) in hand.legal_actions()
        hand.bet_or_raise()
    assert hand.pot == 3 + 14 + 12
    hand.check_or_call()
    assert hand.phase is Phase.CARD_ROUND
    assert hand.stacks == [85, 85, 99]


def test_r1_5_heads_up_cap_applies_when_option_off() -> None:
    """R1.5: heads_up_uncapped=False keeps the cap of a bet and three raises heads-up."""
    game = WallStreet(ante=1, limits=(2, 2, 4, 4, 4), heads_up_uncapped=False)
    hand = ws_hand(game=game)
    hand.bet_or_raise()  # 1 bets 2
    hand.fold()  # 2 folds
    hand.bet_or_raise()  # 0: 4
    hand.bet_or_raise()  # 1: 6
    hand.bet_or_raise()  # 0: 8
    assert hand.legal_actions() == [act(1, ActionKind.FOLD), act(1, ActionKind.CALL, 2)]


def test_r1_5_cap_lifts_when_a_fold_leaves_two_players() -> None:
    """R1.5: the cap is reached three-handed; once a fold leaves two players, raising resumes."""
    hand = ws_hand()
    for _ in range(4):
        hand.bet_or_raise()  # 2, 4, 6, 8: capped
    assert hand.legal_actions() == [act(2, ActionKind.FOLD), act(2, ActionKind.CALL, 4)]
    hand.fold()
    assert hand.legal_actions() == [act(0, ActionKind.FOLD), act(0, ActionKind.CALL, 2),
                                    act(0, ActionKind.RAISE, 10)]


def test_r1_5_all_in_third_player_leaves_two_with_chips_uncapped() -> None:
    """R1.5: an all-in player does not count: two players with chips raise without cap."""
    hand = ws_hand(stacks=(100, 100, 1))  # seat 2 all-in from the ante
    hand.bet_or_raise()  # 1: 2
    for level in (4, 6, 8, 10):
        hand.apply(act(hand.to_act or 0, ActionKind.RAISE, level))
    assert hand.to_act == 0
    assert act(0, ActionKind.RAISE, 12) in hand.legal_actions()


def test_r1_5_check_only_when_nothing_is_owed() -> None:
    """R1.5: facing a bet there is no check; with nothing owed, a check is offered."""
    hand = ws_hand()
    assert act(1, ActionKind.CHECK) in hand.legal_actions()
    hand.check_or_call()
    hand.bet_or_raise()  # 2 bets
    assert act(0, ActionKind.CHECK) not in hand.legal_actions()
    with pytest.raises(IllegalAction, match="cannot check now"):
        hand.apply(act(0, ActionKind.CHECK))
    hand.check_or_call()  # 0 calls
    assert hand.legal_actions() == [act(1, ActionKind.FOLD), act(1, ActionKind.CALL, 2),
                                    act(1, ActionKind.RAISE, 4)]


def test_r1_5_round_ends_when_all_have_acted_and_matched() -> None:
    """R1.5: a raise makes earlier players act again; the round ends when all are level."""
    hand = ws_hand()
    hand.check_or_call()  # 1 checks
    hand.check_or_call()  # 2 checks
    assert hand.phase is Phase.BETTING and hand.to_act == 0
    hand.bet_or_raise()  # 0 bets 2
    hand.check_or_call()  # 1 calls
    assert hand.to_act == 2 and hand.phase is Phase.BETTING
    hand.bet_or_raise()  # 2 raises to 4
    assert hand.to_act == 0
    hand.check_or_call()  # 0 calls
    assert hand.to_act == 1 and hand.phase is Phase.BETTING
    hand.check_or_call()  # 1 calls: everybody has 4 in
    assert hand.phase is Phase.CARD_ROUND and hand.street_name == "fourth"
    assert hand.stacks == [95, 95, 95]


def test_r1_5_all_check_ends_the_round() -> None:
    """R1.5: when every player checks, the round ends after the last check."""
    hand = ws_hand()
    for _ in range(3):
        assert hand.phase is Phase.BETTING
        hand.check_or_call()
    assert hand.phase is Phase.CARD_ROUND


def test_r1_5_no_betting_once_fewer_than_two_have_chips_wall_street() -> None:
    """R1.5/R3.5: with one player left holding chips the card rounds still happen, no betting."""
    hand = ws_hand(stacks=(100, 3, 3))
    hand.bet_or_raise()  # 1 all-in for 2
    hand.check_or_call()  # 2 all-in call
    hand.check_or_call()  # 0 calls
    start = len(hand.log)
    # fourth, fifth and sixth: seat 0 alone decides (free card or buy); 1 and 2 draw
    for street in ("fourth", "fifth", "sixth"):
        assert hand.phase is Phase.CARD_ROUND and hand.street_name == street
        assert hand.to_act == 0
        assert [a.kind for a in hand.legal_actions()][:2] == [ActionKind.TAKE_CARD,
                                                              ActionKind.BUY]
        if street == "fifth":
            hand.buy(1)  # 2h for 2; the Qd it would have drawn refills slot 1
        else:
            hand.take_card()
    assert hand.phase is Phase.SHOWDOWN
    assert betting_log(hand, start) == []
    for s in range(3):
        assert len(hand.down_cards(s)) == 3 and len(hand.up_cards(s)) == 4
    assert hand.pot == 9 + 2
    assert show_all(hand) == [1, 2, 0]
    # seat 0 has only trip kings now; seat 1's jacks full take the single pot, dead money too
    assert shares(hand) == [{1: 11}]
    assert hand.payoffs == (-5, 8, -3)


def test_r1_5_no_betting_once_fewer_than_two_have_chips_stud() -> None:
    """R1.5: stud, both short stacks all-in on third street: cards to seventh, then showdown."""
    hands = ["Kc Kd As Ks 7d 8d 9d", "3c 4d 2c 5h 9h Jh Js", "Tc Th 9c 8c 4h 3h Jd"]
    hand = STUD.deal(stacks=[100, 3, 3], dealer=0, deck=deck_for(hands))
    hand.bring_in()  # seat 1: 2, all-in
    hand.check_or_call()  # seat 2 calls 2, all-in
    start = len(hand.log)
    hand.check_or_call()  # seat 0 calls
    assert hand.phase is Phase.SHOWDOWN
    assert betting_log(hand, start) == [act(0, ActionKind.CALL, 2)]
    assert [op.name for op in hand.log if isinstance(op, StreetStarted)] == [
        "third", "fourth", "fifth", "sixth", "seventh"]
    for s in range(3):
        assert [str(c) for c, _ in hand.cards[s]] == hands[s].split()
    show_all(hand)
    assert hand.payoffs == (6, -3, -3)  # seat 0: three kings


# --------------------------------------------------------------------------- R1.6


def test_r1_6_all_in_call_for_less_and_a_side_pot() -> None:
    """R1.6: a short stack calls all-in for less and can win only the main pot.

    Seat 2 (1 chip after the ante) calls seat 1's bet of 2 for 1. Main pot
    3 x 2 = 6 (all three), side pot 1 + 1 = 2 (seats 0, 1). Seat 2 holds
    kings full and wins the main pot; seat 1's jacks full win the side pot.
    """
    hands = ["Ac Ad 4s 6c 6d Tc Th", "Jc Jd Js 9h 8h 3d 3c", "Kc Kd Ks Qh Qd 9c Td"]
    hand = ws_hand(stacks=(100, 100, 2), hands=hands)
    hand.bet_or_raise()
    assert hand.legal_actions() == [act(2, ActionKind.FOLD), act(2, ActionKind.CALL, 1)]
    hand.check_or_call()
    assert hand.stacks[2] == 0
    hand.check_or_call()
    play_to_showdown(hand)
    show_all(hand)
    assert [(r.amount, r.eligible) for r in hand.results] == [(6, (0, 1, 2)), (2, (0, 1))]
    assert shares(hand) == [{2: 6}, {1: 2}]
    assert hand.payoffs == (-3, -1, 4)


def test_r1_6_side_pots_are_formed_by_contribution_levels() -> None:
    """R1.6: all-ins at 3 and 6 and two players at 7 make pots 12, 9 and 2.

    Seat 1 (quads) wins the main pot, seat 2 (kings full) the first side
    pot, seat 3 (two pair queens) the second; seat 0 loses 7.
    """
    hands = [
        "Tc Td 9s 7c 7d 3h 3s",  # seat 0: tens and sevens
        "Ac Ad Ah As 2c 9d Kd",  # seat 1: four aces
        "Kc Ks Kh Qc Qd Jc 9c",  # seat 2: kings full
        "Qh Qs Jd Js Th Ts 9h",  # seat 3: queens and jacks
    ]
    hand = WS.deal(stacks=[100, 3, 6, 100], dealer=0,
                   deck=deck_for(hands, market="2h 4h 5h 6h"))
    hand.bet_or_raise()  # 1: 2, all-in
    hand.bet_or_raise()  # 2: raises to 4
    hand.bet_or_raise()  # 3: raises to 6
    hand.check_or_call()  # 0 calls 6
    assert hand.to_act == 2
    assert hand.legal_actions() == [act(2, ActionKind.FOLD), act(2, ActionKind.CALL, 1)]
    hand.check_or_call()  # all-in for 1 more
    assert hand.phase is Phase.CARD_ROUND
    assert hand.stacks == [93, 0, 0, 93]
    play_to_showdown(hand)
    assert show_all(hand) == [3, 0, 1, 2]
    assert [(r.amount, r.eligible) for r in hand.results] == [
        (12, (0, 1, 2, 3)), (9, (0, 2, 3)), (2, (0, 3))]
    assert shares(hand) == [{1: 12}, {2: 9}, {3: 2}]
    assert hand.payoffs == (-7, 9, 3, -5)


def test_r1_6_short_all_in_raise_does_not_reopen_betting() -> None:
    """R1.6: raise all-in by 1 of 4 (less than half): who already acted may only call or fold."""
    hand = ws_hand(game=WS4, stacks=(100, 100, 6))  # seat 2 has 5 after the ante
    hand.bet_or_raise()  # 1 bets 4
    assert hand.legal_actions() == [act(2, ActionKind.FOLD), act(2, ActionKind.CALL, 4),
                                    act(2, ActionKind.RAISE, 5)]
    hand.bet_or_raise()  # 2 all-in to 5
    # seat 0 has not acted: it may still make a full raise (to 4 + 4)
    assert hand.legal_actions() == [act(0, ActionKind.FOLD), act(0, ActionKind.CALL, 5),
                                    act(0, ActionKind.RAISE, 8)]
    hand.check_or_call()
    assert hand.legal_actions() == [act(1, ActionKind.FOLD), act(1, ActionKind.CALL, 1)]
    with pytest.raises(IllegalAction, match="cannot raise"):
        hand.apply(act(1, ActionKind.RAISE, 8))
    hand.check_or_call()
    assert hand.phase is Phase.CARD_ROUND
    assert hand.stacks == [94, 94, 0]


def test_r1_6_all_in_raise_of_half_a_raise_reopens_betting() -> None:
    """R1.6: raise all-in by 2 of 4 (half a raise) counts as a full raise."""
    hand = ws_hand(game=WS4, stacks=(100, 100, 7))  # seat 2 has 6 after the ante
    hand.bet_or_raise()  # 1 bets 4
    hand.bet_or_raise()  # 2 all-in to 6
    assert hand.legal_actions() == [act(0, ActionKind.FOLD), act(0, ActionKind.CALL, 6),
                                    act(0, ActionKind.RAISE, 10)]
    hand.check_or_call()
    assert hand.legal_actions() == [act(1, ActionKind.FOLD), act(1, ActionKind.CALL, 2),
                                    act(1, ActionKind.RAISE, 10)]
    hand.bet_or_raise()  # 1 re-raises to 10
    assert hand.legal_actions() == [act(0, ActionKind.FOLD), act(0, ActionKind.CALL, 4),
                                    act(0, ActionKind.RAISE, 14)]


def test_r1_6_full_raise_after_a_short_all_in_reopens_for_everyone() -> None:
    """R1.6: after a short all-in, a later full raise lets the first bettor raise again."""
    hand = ws_hand(game=WS4, stacks=(100, 100, 6))
    hand.bet_or_raise()  # 1: 4
    hand.bet_or_raise()  # 2: all-in 5
    hand.bet_or_raise()  # 0: 8 (a full raise over 4)
    assert hand.legal_actions() == [act(1, ActionKind.FOLD), act(1, ActionKind.CALL, 4),
                                    act(1, ActionKind.RAISE, 12)]


def test_r1_6_uncalled_chips_are_returned() -> None:
    """R1.6: seat 1 bets 4, seat 2 calls all-in for 1, seat 0 folds: 3 go back to seat 1."""
    hands = ["Ac Ad 4s", "Jc Jd Js 9h 8h 3d 3c", "Kc Kd Ks Qh Qd 9c Td"]
    hand = ws_hand(game=WS4, stacks=(100, 100, 2), hands=hands)
    hand.bet_or_raise()
    hand.check_or_call()  # seat 2 all-in for 1
    hand.fold()  # seat 0
    assert ChipsReturned(seat=1, amount=3) in hand.log
    assert hand.stacks == [99, 98, 0]
    assert hand.pot == 5
    # only seat 1 has chips: no more betting, the cards are still dealt
    play_to_showdown(hand)
    assert show_all(hand) == [1, 2]
    assert shares(hand) == [{2: 5}]
    assert hand.payoffs == (-1, -2, 3)


def test_r1_6_table_stakes_short_ante_and_short_call() -> None:
    """R1.6: a player never puts in more than they had at the start of the hand."""
    game = WallStreet(ante=3, limits=4)
    hand = game.deal(stacks=[100, 2, 5], dealer=0, deck=deck_for(HANDS_WS, market=MARKET_WS))
    assert hand.stacks == [97, 0, 2]  # seat 1 posts the 2 it has
    assert hand.to_act == 2
    assert hand.legal_actions() == [act(2, ActionKind.CHECK), act(2, ActionKind.BET, 2)]
    hand.check_or_call()
    hand.bet_or_raise()  # seat 0 bets 4
    assert hand.legal_actions() == [act(2, ActionKind.FOLD), act(2, ActionKind.CALL, 2)]
    hand.check_or_call()
    assert hand.stacks == [95, 0, 0]  # 2 of seat 0's bet returned
    play_to_showdown(hand)
    show_all(hand)
    assert [(r.amount, r.eligible) for r in hand.results] == [(6, (0, 1, 2)), (6, (0, 2))]
    assert shares(hand) == [{0: 6}, {0: 6}]  # kings full
    assert hand.payoffs == (7, -2, -5)



def test_r1_6_folded_chips_stay_in_the_pots_they_reached() -> None:
    """R1.6: seat 3 folds after putting in 5; its chips feed the main pot (3) and the side pot (2).

    Seat 1 is all-in for 3: main pot 4 x 3 = 12 (seats 0, 1, 2). Seats 2 and 0
    go on to 7 and seat 3 folds at 5: side pot 4 + 4 + 2 = 10 (seats 0, 2).
    """
    hands = [
        "Kc Ks Kh Qc Qd Jc 9c",  # seat 0: kings full
        "Ac Ad Ah As 2c 9d Kd",  # seat 1: four aces
        "Qh Qs Jd Js Th Ts 9h",  # seat 2: queens and jacks
        "Tc Td 9s 7c",  # seat 3 folds on fourth street
    ]
    hand = WS.deal(stacks=[100, 3, 100, 100], dealer=0,
                   deck=deck_for(hands, market="2h 4h 5h 6h"))
    hand.bet_or_raise()  # 1 all-in
    hand.bet_or_raise()  # 2 raises to 4
    hand.check_or_call()  # 3
    hand.check_or_call()  # 0
    for _ in range(3):
        hand.take_card()
    assert hand.to_act == 2
    hand.bet_or_raise()  # 2 bets 2
    hand.fold()  # 3
    hand.check_or_call()  # 0
    play_to_showdown(hand)
    assert show_all(hand) == [2, 0, 1]
    assert [(r.amount, r.eligible) for r in hand.results] == [(12, (0, 1, 2)), (10, (0, 2))]
    assert shares(hand) == [{1: 12}, {0: 10}]
    assert hand.payoffs == (3, 9, -7, -5)


@pytest.mark.parametrize(("stack", "all_in_to", "reopened"), [(8, 7, False), (9, 8, True)])
def test_r1_6_half_of_an_odd_increment(stack: int, all_in_to: int, reopened: bool) -> None:
    """R1.6: with a limit of 5, an all-in raise of 2 is short, one of 3 is at least half."""
    game = WallStreet(ante=1, limits=5)
    hand = ws_hand(game=game, stacks=(100, 100, stack))
    hand.bet_or_raise()  # 1 bets 5
    hand.bet_or_raise()  # 2 all-in
    assert hand.stacks[2] == 0
    hand.check_or_call()  # 0 calls
    expected = [act(1, ActionKind.FOLD), act(1, ActionKind.CALL, all_in_to - 5)]
    if reopened:
        expected.append(act(1, ActionKind.RAISE, all_in_to + 5))
    assert hand.legal_actions() == expected


def test_r1_6_player_who_checked_may_raise_a_full_bet_despite_a_short_all_in() -> None:
    """R1.6: seat 1 checked, then faces a full bet (4) and a short all-in raise (to 5).
    The full bet reopens its action; the bettor, seat 2, may only call the short raise."""
    hand = ws_hand(game=WS4, stacks=(6, 100, 100))  # seat 0 has 5 after the ante
    hand.check_or_call()  # 1 checks
    hand.bet_or_raise()  # 2 bets 4
    hand.bet_or_raise()  # 0 all-in to 5
    assert hand.legal_actions() == [act(1, ActionKind.FOLD), act(1, ActionKind.CALL, 5),
                                    act(1, ActionKind.RAISE, 8)]
    hand.check_or_call()
    assert hand.legal_actions() == [act(2, ActionKind.FOLD), act(2, ActionKind.CALL, 1)]


def test_r1_6_no_raise_when_no_opponent_has_chips_behind() -> None:
    """R1.5/R1.6: facing an all-in bet with everyone else all-in or folded, only call or fold."""
    hand = ws_hand(stacks=(100, 100, 3))
    hand.check_or_call()  # 1 checks
    hand.bet_or_raise()  # 2 bets its last 2
    hand.fold()  # 0
    assert hand.legal_actions() == [act(1, ActionKind.FOLD), act(1, ActionKind.CALL, 2)]
    with pytest.raises(IllegalAction, match="cannot raise"):
        hand.apply(act(1, ActionKind.RAISE, 4))


# --------------------------------------------------------------------------- R1.8


def test_r1_8_everyone_folds_to_a_bet_in_wall_street() -> None:
    """R1.8: the last player takes the pot at once; no more cards, no showdown, bet returned."""
    hand = ws_hand()
    stub = hand.stub_size
    hand.bet_or_raise()  # 1 bets
    hand.fold()  # 2
    n = len(hand.log)
    hand.fold()  # 0
    assert hand.is_over and hand.to_act is None
    tail = hand.log[n:]
    assert [type(op) for op in tail] == [ActionTaken, ChipsReturned, PotAwarded, HandEnded]
    assert tail[2] == PotAwarded(pot=0, seat=1, amount=3, half="all")
    assert hand.stub_size == stub
    assert not any(op.action.kind is ActionKind.SHOW for op in hand.log
                   if isinstance(op, ActionTaken))
    assert hand.payoffs == (-1, 2, -1)
    assert hand.results[0].high_hand is None and hand.results[0].low_winners == ()
    assert hand.view(None).players[1].down == (None, None)  # never shown


def test_r1_8_everyone_folds_on_fifth_street_in_stud() -> None:
    """R1.8: stud, a bet on fifth street is not called: no sixth-street cards."""
    hands = ["Qc Qd As Ks 7d 8d 9d", "3c 4d 2c 5h 9h Jh Js", "Tc Th 9c 8c 4h 3h Jd"]
    hand = STUD.deal(stacks=[100] * 3, dealer=0, deck=deck_for(hands))
    hand.bring_in()  # seat 1, 2c
    hand.check_or_call()
    hand.check_or_call()
    play_to_street(hand, "fifth")
    assert hand.to_act == 0  # A-K-7 showing
    hand.bet_or_raise()  # 10
    hand.fold()
    hand.fold()
    assert hand.is_over
    assert [op.name for op in hand.log if isinstance(op, StreetStarted)] == [
        "third", "fourth", "fifth"]
    assert [len(hand.cards[s]) for s in range(3)] == [5, 5, 5]
    assert ChipsReturned(seat=0, amount=10) in hand.log
    assert shares(hand) == [{0: 9}]
    assert hand.payoffs == (6, -3, -3)


# --------------------------------------------------------------------------- R1.9


def _to_seventh(hand: Hand) -> None:
    play_to_street(hand, "seventh")


def test_r1_9_last_bettor_on_the_final_street_shows_first() -> None:
    """R1.9: seat 2 bets on seventh street and shows first; the others follow clockwise."""
    hand = ws_hand()
    _to_seventh(hand)
    hand.check_or_call()  # 1
    hand.bet_or_raise()  # 2 bets 4
    hand.check_or_call()  # 0
    hand.check_or_call()  # 1
    assert hand.phase is Phase.SHOWDOWN
    assert show_all(hand) == [2, 0, 1]


def test_r1_9_last_raiser_on_the_final_street_shows_first() -> None:
    """R1.9: seat 2 bets, seat 0 raises: seat 0 shows first."""
    hand = ws_hand()
    _to_seventh(hand)
    hand.check_or_call()  # 1
    hand.bet_or_raise()  # 2 bets
    hand.bet_or_raise()  # 0 raises
    hand.check_or_call()  # 1 calls
    hand.check_or_call()  # 2 calls
    assert show_all(hand) == [0, 1, 2]


def test_r1_9_no_bet_on_final_street_first_to_act_shows_first() -> None:
    """R1.9: a bet on sixth street does not count; nobody bet on seventh: seat 1 (first to act)."""
    hand = ws_hand()
    play_to_street(hand, "sixth")
    hand.check_or_call()
    hand.bet_or_raise()  # seat 2 bets on sixth
    hand.check_or_call()
    hand.check_or_call()
    assert hand.street_name == "seventh"
    for _ in range(3):
        hand.check_or_call()
    assert show_all(hand) == [1, 2, 0]


def test_r1_9_stud_no_bet_first_to_act_is_the_high_board() -> None:
    """R1.9/R2.7: stud checked down; seat 0 shows A-K on board and acts first, so shows first."""
    hands = ["Qc Qd As Ks 7d 8d 9d", "3c 4d 2c 5h 9h Jh Js", "Tc Th 9c 8c 4h 3h Jd"]
    hand = STUD.deal(stacks=[100] * 3, dealer=0, deck=deck_for(hands))
    play_to_street(hand, "seventh")
    assert hand.to_act == 0
    for _ in range(3):
        hand.check_or_call()
    assert show_all(hand) == [0, 1, 2]
    assert shares(hand) == [{0: 9}]  # queens


def test_r1_9_mucking_gives_up_the_pot() -> None:
    """R1.9: seat 2 would win with kings full but mucks: seat 0's aces up win instead
    (Wall Street with the R3.10 option ``showdown_muck`` on)."""
    hands = ["Ac Ad 4s 6c 6d Tc Th", "Jc Jd 9s 9h 8h 3d 3c", "Kc Kd Ks Qh Qd 9c Td"]
    hand = ws_hand(hands=hands, game=WS_MUCK)
    play_to_showdown(hand)
    assert hand.to_act == 1
    hand.show()
    assert act(2, ActionKind.MUCK) in hand.legal_actions()
    hand.muck()
    hand.show()
    assert shares(hand) == [{0: 3}]
    assert hand.results[0].high_winners == (0,)
    assert hand.payoffs == (2, -1, -1)
    assert hand.view(None).players[2].down == (None, None, None)
    assert hand.view(None).players[2].mucked


def test_r1_9_when_all_others_muck_the_last_player_wins_unseen() -> None:
    """R1.9: seats 1 and 2 muck; seat 0 is the only contender and takes the pot without showing."""
    hand = ws_hand(game=WS_MUCK)
    play_to_showdown(hand)
    hand.muck()
    hand.muck()
    assert hand.is_over
    assert shares(hand) == [{0: 3}]
    assert not hand.view(None).players[0].shown
    assert hand.view(None).players[0].down == (None, None, None)


def _side_pot_showdown() -> Hand:
    """Seat 1 all-in for 3 (main pot 9, seats 0-2); seats 2 and 0 add 2 each (side pot 4)."""
    hands = ["Ac Ad 4s 6c 6d Tc Th", "Jc Jd Js 9h 8h 3d 3c", "Kc Kd Ks Qh Qd 9c Td"]
    hand = ws_hand(stacks=(100, 3, 100), hands=hands, game=WS_MUCK)
    hand.bet_or_raise()  # 1 all-in
    hand.check_or_call()
    hand.check_or_call()
    hand.take_card()
    hand.take_card()
    hand.bet_or_raise()  # 2 bets 2
    hand.check_or_call()
    play_to_showdown(hand)
    assert hand.phase is Phase.SHOWDOWN
    return hand


def test_r1_9_last_contender_of_a_side_pot_may_not_muck() -> None:
    """R1.9: seat 2 mucks, so seat 0 is the last contender of the side pot: it must show."""
    hand = _side_pot_showdown()
    assert hand.to_act == 2  # first to act on seventh (seat 1 is all-in)
    hand.muck()
    assert hand.legal_actions() == [act(0, ActionKind.SHOW)]
    before = snapshot(hand)
    with pytest.raises(IllegalAction, match="cannot muck"):
        hand.apply(act(0, ActionKind.MUCK))
    assert snapshot(hand) == before
    hand.show()
    # seat 1 may still muck: seat 0 contends the main pot
    assert hand.legal_actions() == [act(1, ActionKind.SHOW), act(1, ActionKind.MUCK)]
    hand.show()
    # main pot: seat 1's jacks full beat seat 0's aces up; the side pot goes to seat 0
    assert shares(hand) == [{1: 9}, {0: 4}]
    assert hand.payoffs == (-1, 6, -5)


def test_r1_9_all_in_player_who_mucks_gives_up_the_main_pot() -> None:
    """R1.9: the all-in seat 1 mucks its jacks full: seat 2 wins main and side with kings full."""
    hand = _side_pot_showdown()
    hand.show()  # 2
    hand.show()  # 0
    hand.muck()  # 1
    assert shares(hand) == [{2: 9}, {2: 4}]
    assert hand.payoffs == (-5, -3, 8)


# --------------------------------------------------------------------------- R1.10

# 8 players, dealer 7 (order 0..7): six cards each, then As, Ad, Ac, 2s.
# Seat 5 has the 2c door card; seat 3 holds Ks Qs Js Ts: with the As a royal flush.
DECK8 = ("Kd Qd Jd Ks Td 9h 6h 8s 8c 8d 8h Qs 7c 7d 7s 6s Ah Kh Qh 9d Jh 2c Th 9s "
         "7h 6c 5c Js 5d 5h 2h 3s 3d 4h 6d Ts 3h 4d 4s 5s 9c Tc 2d 4c 3c Jc Qc Kc "
         "As Ad Ac 2s")


def test_r1_10_eight_player_stud_seventh_street_is_a_community_card() -> None:
    """R1.10/R2.9: 8 x 6 = 48 cards leave a stub of 4 < 8: one community card, the As."""
    hand = STUD.deal(stacks=[100] * 8, dealer=7, deck=DECK8)
    assert hand.to_act == 5  # 2c brings in
    play_to_street(hand, "sixth")
    assert hand.stub_size == 52 - 48
    for _ in range(8):
        hand.check_or_call()
    assert hand.street_name == "seventh"
    assert hand.stub_size == 3
    community = [op for op in hand.log if isinstance(op, CommunityCardDealt)]
    assert community == [CommunityCardDealt(card=Card.parse("As"))]
    seventh = hand.log[[i for i, op in enumerate(hand.log) if isinstance(op, StreetStarted)][-1]:]
    assert not any(isinstance(op, CardDealt) for op in seventh)
    assert hand.community == cards("As")
    for s in range(8):
        assert len(hand.cards[s]) == 6
        assert len(hand.hole_and_board(s)) == 7
    play_to_showdown(hand)
    show_all(hand)
    (res,) = hand.results
    assert res.high_winners == (3,)
    assert res.high_hand is not None
    assert res.high_hand.category is HighCategory.STRAIGHT_FLUSH
    assert Card.parse("As") in res.high_hand.cards
    assert shares(hand) == [{3: 8 + 16}]


def test_r1_10_stub_equal_to_active_players_deals_normally() -> None:
    """R1.10: one folds on third street; 24 + 3 x 7 = 45 dealt, 7 left for 7 players: no community."""
    hand = STUD.deal(stacks=[100] * 8, dealer=7, deck=DECK8)
    hand.bring_in()  # seat 5
    hand.fold()  # seat 6
    play_to_street(hand, "seventh")
    assert not hand.community
    assert not any(isinstance(op, CommunityCardDealt) for op in hand.log)
    assert hand.stub_size == 0
    for s in range(8):
        expected = (2, 1) if s == 6 else (3, 4)
        assert (len(hand.down_cards(s)), len(hand.up_cards(s))) == expected


# --------------------------------------------------------------------------- R1.11


def _conserved(hand: Hand, total: int) -> None:
    assert sum(hand.stacks) + hand.pot == total
    assert all(s >= 0 for s in hand.stacks)


def test_r1_11_chips_conserved_through_a_scripted_wall_street_hand() -> None:
    """R1.11: buys, raises, short all-ins, side pots, illegal attempts: the total never changes."""
    hands = [
        "Tc Td 9s 7c 7d 3h 3s",
        "Ac Ad Ah As 2c 9d Kd",
        "Kc Ks Kh Qc Qd Jc 9c",
        "Qh Qs Jd Js Th Ts 9h",
    ]
    hand = WS.deal(stacks=[60, 9, 14, 40], dealer=0,
                   deck=deck_for(hands, market="2h 4h 5h 6h"))
    total = 123
    script: list[Callable[[], None]] = [
        hand.bet_or_raise, hand.bet_or_raise, hand.check_or_call, hand.bet_or_raise,
        hand.check_or_call, hand.check_or_call, hand.check_or_call,  # third street
        hand.take_card, lambda: hand.buy(3), lambda: hand.buy(4), lambda: hand.buy(1),
    ]
    _conserved(hand, total)
    for step in script:
        step()
        _conserved(hand, total)
    steps = 0
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        wrong_kind = ActionKind.CHECK if hand.phase is Phase.SHOWDOWN else ActionKind.SHOW
        for bad in (act(9, ActionKind.CHECK), act(seat, ActionKind.BET, 99),
                    act(seat, wrong_kind), act((seat + 1) % 4, ActionKind.CALL, 2)):
            with pytest.raises(IllegalAction):
                hand.apply(bad)
            _conserved(hand, total)
        legal = hand.legal_actions()
        hand.apply(legal[-1] if hand.phase is Phase.BETTING else legal[0])
        _conserved(hand, total)
        steps += 1
    assert steps > 5
    assert sum(hand.payoffs) == 0 and sum(hand.stacks) == total
    assert hand.pot == 0


def test_r1_11_chips_conserved_through_a_scripted_stud_hand() -> None:
    """R1.11: stud with bring-in, completion, raises, a fold and an all-in."""
    hands = ["Qc Qd As Ks 7d 8d 9d", "3c 4d 2c 5h 9h Jh Js", "Tc Th 9c 8c 4h 3h Jd"]
    hand = STUD.deal(stacks=[100, 50, 23], dealer=0, deck=deck_for(hands))
    total = 173
    _conserved(hand, total)
    script = [hand.bring_in, hand.bet_or_raise, hand.bet_or_raise, hand.bet_or_raise,
              hand.check_or_call, hand.check_or_call]
    for step in script:
        step()
        _conserved(hand, total)
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.apply(legal[-1])
        _conserved(hand, total)
    assert sum(hand.payoffs) == 0


@pytest.mark.parametrize("game", [WS, STUD], ids=["wallstreet", "stud"])
def test_r1_11_chips_conserved_in_many_seeded_hands(game: WallStreet | SevenCardStud) -> None:
    """R1.11: 60 seeded hands, varied stacks and choices; checked after every action."""
    import random

    for seed in range(60):
        rng = random.Random(seed)
        n = rng.randint(game.min_players, game.max_players)
        stacks = [rng.choice([1, 2, 3, 5, 8, 13, 40, 100]) for _ in range(n)]
        hand = game.deal(stacks=stacks, dealer=rng.randrange(n), seed=seed)
        total = sum(stacks)
        _conserved(hand, total)
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
            _conserved(hand, total)
        assert sum(hand.payoffs) == 0 and hand.pot == 0


# --------------------------------------------------------------------------- R1.12


def _rejected(hand: Hand, action: Action, reason: str) -> IllegalAction:
    before = snapshot(hand)
    with pytest.raises(IllegalAction) as info:
        hand.apply(action)
    err = info.value
    assert reason in err.reason
    assert err.legal == tuple(hand.legal_actions())
    for legal in err.legal:
        assert str(legal) in str(err)
    assert snapshot(hand) == before
    return err


def test_r1_12_out_of_turn_is_rejected() -> None:
    """R1.12: seat 2 acts while seat 1 is to act."""
    hand = ws_hand()
    err = _rejected(hand, act(2, ActionKind.CHECK), "out of turn: seat 1 is to act")
    assert err.legal == (act(1, ActionKind.CHECK), act(1, ActionKind.BET, 2))
    assert "seat 1 checks" in str(err) and "seat 1 bets 2" in str(err)


def test_r1_12_wrong_kind_is_rejected() -> None:
    """R1.12: a check facing a bet, a show during betting, a buy outside a card round."""
    hand = ws_hand()
    hand.bet_or_raise()
    _rejected(hand, act(2, ActionKind.CHECK), "cannot check now")
    _rejected(hand, act(2, ActionKind.SHOW), "cannot show now")
    _rejected(hand, act(2, ActionKind.BUY, 2, 1), "cannot buy now")
    _rejected(hand, act(2, ActionKind.BET, 2), "cannot bet now")


def test_r1_12_wrong_size_is_rejected() -> None:
    """R1.12: a raise of the wrong size and a call of the wrong amount."""
    hand = ws_hand()
    hand.bet_or_raise()
    _rejected(hand, act(2, ActionKind.RAISE, 6), "wrong amount 6: raise is 4")
    _rejected(hand, act(2, ActionKind.CALL, 1), "wrong amount 1: call is 2")
    _rejected(hand, act(2, ActionKind.FOLD, 3), "wrong amount 3")


def test_r1_12_wrong_market_slot_is_rejected() -> None:
    """R1.12/R3.5: a buy at the wrong price or of a slot that does not exist."""
    hand = ws_hand()
    for _ in range(3):
        hand.check_or_call()
    _rejected(hand, act(1, ActionKind.BUY, 10, 5), "market slot 5")
    _rejected(hand, act(1, ActionKind.BUY, 0, 0), "market slot 0")


def test_r1_12_buy_at_the_wrong_price_names_the_price() -> None:
    """R1.12: buying slot 2 (price 4) for 2 must be rejected naming the wrong amount/price,
    not claiming that the slot is empty or unaffordable."""
    hand = ws_hand()
    for _ in range(3):
        hand.check_or_call()
    err = _rejected(hand, act(1, ActionKind.BUY, 2, 2), "market slot 2")
    assert "empty" not in err.reason and "4" in err.reason


def test_r1_12_player_not_in_the_hand_is_rejected() -> None:
    """R1.12: a folded player, and a seat that does not exist."""
    hand = ws_hand()
    hand.bet_or_raise()
    hand.fold()  # seat 2
    _rejected(hand, act(2, ActionKind.CALL, 2), "seat 2 is not in the hand")
    _rejected(hand, act(7, ActionKind.CALL, 2), "there is no seat 7")
    hand.check_or_call()  # 0
    assert hand.phase is Phase.CARD_ROUND
    _rejected(hand, act(2, ActionKind.TAKE_CARD), "seat 2 is not in the hand")


def test_r1_12_stud_bring_in_may_not_fold_or_check() -> None:
    """R1.12/R2.4: the bring-in seat's fold and check are rejected."""
    hands = ["Qc Qd As Ks 7d 8d 9d", "3c 4d 2c 5h 9h Jh Js", "Tc Th 9c 8c 4h 3h Jd"]
    hand = STUD.deal(stacks=[100] * 3, dealer=0, deck=deck_for(hands))
    _rejected(hand, act(1, ActionKind.FOLD), "cannot fold now")
    _rejected(hand, act(1, ActionKind.CHECK), "cannot check now")
    _rejected(hand, act(1, ActionKind.BRING_IN, 1), "wrong amount 1: bring in is 2")


def test_r1_12_actions_after_the_hand_is_over_are_rejected() -> None:
    """R1.12: once the hand is over nothing is legal and the error says so."""
    hand = ws_hand()
    hand.bet_or_raise()
    hand.fold()
    hand.fold()
    assert hand.is_over
    err = _rejected(hand, act(1, ActionKind.CHECK), "the hand is over")
    assert err.legal == ()
    assert "none (the hand is over)" in str(err)
    with pytest.raises(IllegalAction):
        hand.check_or_call()
    assert hand.stacks == [99, 102, 99]


def test_r1_12_showdown_out_of_turn_and_wrong_kind() -> None:
    """R1.12: at the showdown only the player in turn may show or muck."""
    hand = ws_hand()
    play_to_showdown(hand)
    assert hand.to_act == 1
    _rejected(hand, act(2, ActionKind.SHOW), "out of turn: seat 1 is to act")
    _rejected(hand, act(1, ActionKind.CHECK), "cannot check now")
    _rejected(hand, act(1, ActionKind.TAKE_CARD), "cannot take card now")


def test_r1_12_not_an_action_is_rejected() -> None:
    """R1.12: something that is not an Action is rejected with a reason, state unchanged."""
    hand = ws_hand()
    _rejected(hand, "check", "not an Action")  # type: ignore[arg-type]



# --------------------------------------------------------------------------- audit cases (issue 16)


def test_r1_6_ante_above_every_other_stack_is_returned_at_once() -> None:
    """R1.6: WallStreet(ante=2, limits=(2,2,4,4,4)), stacks [1, 1, 100]: no betting round can
    happen; the big stack's second ante chip, which nobody can call, goes back after the antes,
    so there is one pot that all three can win and every purchase goes into it."""
    game = WallStreet(ante=2, limits=(2, 2, 4, 4, 4))
    hand = game.deal(stacks=[1, 1, 100], dealer=0, seed=11)
    antes_end = max(i for i, op in enumerate(hand.log) if type(op).__name__ == "AntePosted")
    assert hand.log[antes_end + 1] == ChipsReturned(seat=2, amount=1)
    assert hand.contrib == [1, 1, 1] and hand.stacks == [0, 0, 99]
    bought = 0
    while hand.phase is Phase.CARD_ROUND:
        assert hand.to_act == 2  # the all-in seats take their free card automatically
        buy = max((a for a in hand.legal_actions() if a.kind is ActionKind.BUY),
                  key=lambda a: a.slot)
        bought += buy.amount
        hand.apply(buy)
    assert bought == 3 * 8
    show_all(hand)
    assert [(r.amount, r.eligible) for r in hand.results] == [(3 + bought, (0, 1, 2))]
    assert sum(hand.payoffs) == 0


def test_r1_6_stud_short_ante_returns_excess_and_the_beaten_big_stack_may_muck() -> None:
    """R1.6/R1.9: stud, ante 2, stacks [1, 100]: one chip goes back to the big stack after the
    antes; the one pot is contested by both, so the beaten big stack may muck."""
    game = SevenCardStud(ante=2, bring_in=3, small_bet=5, big_bet=10)
    hands = ["Ac Ad As Ah Kc Kd Ks", "2c 3d 7h 8s 9d Jc 4h"]
    hand = game.deal(stacks=[1, 100], dealer=1, deck=deck_for(hands, dealer=1))
    assert ChipsReturned(seat=1, amount=1) in hand.log
    assert hand.phase is Phase.SHOWDOWN and hand.contrib == [1, 1]
    while hand.to_act != 1:
        hand.show()
    assert act(1, ActionKind.MUCK) in hand.legal_actions()
    hand.muck()
    if not hand.is_over:
        hand.show()
    assert hand.payoffs == (1, -1)


def test_r1_6_uncalled_chips_return_when_betting_is_skipped() -> None:
    """R1.6/R1.5: whenever fewer than two players have chips, nothing above what another
    player put in stays in the middle (here the ante case: betting is skipped at once)."""
    game = SevenCardStud(ante=5, bring_in=2, small_bet=5, big_bet=10)
    hand = game.deal(stacks=[3, 2, 100], dealer=2, seed=5)
    assert ChipsReturned(seat=2, amount=2) in hand.log
    assert hand.contrib == [3, 2, 3]
    assert hand.phase is Phase.SHOWDOWN


@pytest.mark.parametrize("field,value", [("amount", 2.0), ("seat", 1.0), ("kind", "bet"),
                                         ("slot", 0.0), ("amount", True)])
def test_r1_12_wrong_types_are_rejected_with_the_reason(field: str, value: object) -> None:
    """R1.12: a float amount or seat, a bool, or a kind given as a string is rejected with
    IllegalAction naming the reason; stacks stay integers and the hand is unchanged."""
    hand = ws_hand()
    assert hand.to_act == 1
    fields: dict[str, object] = {"seat": 1, "kind": ActionKind.BET, "amount": 2, "slot": 0}
    assert Action(**fields) in hand.legal_actions()  # type: ignore[arg-type]
    fields[field] = value
    bad = Action(**fields)  # type: ignore[arg-type]
    before = snapshot(hand)
    with pytest.raises(IllegalAction, match=field) as info:
        hand.apply(bad)
    assert type(value).__name__ in info.value.reason
    assert hand.check(bad) == info.value.reason
    assert snapshot(hand) == before
    assert all(type(s) is int for s in hand.stacks)


def test_r1_9_r3_10_showdown_muck_option_defaults() -> None:
    """R1.9/R3.10: option ``showdown_muck``: off for Wall Street, on for Seven Card Stud."""
    assert WallStreet(ante=1, limits=2).showdown_muck is False
    assert STUD.showdown_muck is True
    assert WS.options()["showdown_muck"] is False and STUD.options()["showdown_muck"] is True
    assert SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10,
                         showdown_muck=False).options()["showdown_muck"] is False
    with pytest.raises(ValueError, match="showdown_muck"):
        WallStreet(ante=1, limits=2, showdown_muck="no")  # type: ignore[arg-type]


def test_r3_10_wall_street_showdown_everyone_shows_in_r1_9_order() -> None:
    """R3.10: by default a Wall Street showdown offers no muck: everyone still in shows, in
    R1.9 order (nobody bet on seventh street: the first to act, seat 1, then clockwise)."""
    hand = ws_hand()
    play_to_showdown(hand)
    order = []
    while hand.phase is Phase.SHOWDOWN:
        seat = hand.to_act
        assert seat is not None
        assert hand.legal_actions() == [act(seat, ActionKind.SHOW)]
        with pytest.raises(IllegalAction, match="cannot muck"):
            hand.apply(act(seat, ActionKind.MUCK))
        order.append(seat)
        hand.show()
    assert order == [1, 2, 0]
    assert all(p.shown for p in hand.view(None).players)


def test_r1_9_stud_showdown_offers_the_muck_and_the_option_can_turn_it_off() -> None:
    """R1.9/R3.10: stud offers show or muck by default; ``showdown_muck=False`` only show."""
    hands = ["Qc Qd As Ks 7d 8d 9d", "3c 4d 2c 5h 9h Jh Js", "Tc Th 9c 8c 4h 3h Jd"]
    for game, offered in ((STUD, True), (SevenCardStud(ante=1, bring_in=2, small_bet=5,
                                                       big_bet=10, showdown_muck=False), False)):
        hand = game.deal(stacks=[100] * 3, dealer=0, deck=deck_for(hands))
        play_to_showdown(hand)
        seat = hand.to_act
        assert seat is not None
        assert (act(seat, ActionKind.MUCK) in hand.legal_actions()) is offered


# --------------------------------------------------------------------------- Hand.stack_next


def test_stack_next_fixes_the_next_draws_of_a_shuffled_hand() -> None:
    """Hand.stack_next: the next cards dealt are the stacked ones, in order (a street, then a
    Wall Street free card and a market refill); the other cards stay where they were."""
    hand = STUD.deal(stacks=[100] * 3, dealer=2, seed=3)
    dealt = {c for s in range(3) for c in hand.hole_and_board(s)}
    wanted = [c for c in cards("As Ah Ad Ac") if c not in dealt][:3]
    hand.stack_next(wanted)
    play_to_street(hand, "fourth")
    assert [hand.up_cards(s)[-1] for s in (0, 1, 2)] == wanted

    wall = ws_hand()
    assert wall.phase is Phase.BETTING
    for _ in range(3):
        wall.check_or_call()
    assert wall.phase is Phase.CARD_ROUND and wall.to_act == 1
    wall.stack_next("Kh Qs")
    wall.buy(1)  # refill of slot 1: Kh
    wall.take_card()  # seat 2's free card: Qs
    assert wall.market[0] == Card.parse("Kh") and wall.up_cards(2)[-1] == Card.parse("Qs")


def test_stack_next_refuses_cards_not_in_the_stub_and_changes_nothing() -> None:
    """Hand.stack_next: a dealt card, a repeated card or a card outside the game's deck is
    refused with CardError naming it; the hand is unchanged."""
    hand = STUD.deal(stacks=[100] * 3, dealer=2, seed=3)
    up = hand.up_cards(0)[0]
    before = (snapshot(hand), list(hand._stub))
    for bad, name in ((str(up), str(up)), ("Kd Kd", "Kd"), ("Jk", "Jk")):
        if bad == "Kd Kd" and Card.parse("Kd") in hand.hole_and_board(0) + hand.hole_and_board(1) \
                + hand.hole_and_board(2):
            continue
        with pytest.raises(ValueError, match=name):
            hand.stack_next(bad)
        assert (snapshot(hand), list(hand._stub)) == before


# --------------------------------------------------------------------------- settlement, round copies


def test_r3_7_r3_8_settle_splits_high_and_low_with_the_odd_chip_to_the_high_half() -> None:
    """R3.7/R3.8 through ``studpoker.engine.settlement.settle`` alone: a pot of 7 splits 4 high, 3 low;
    a seat that did not show does not contend (R1.9)."""
    from studpoker.engine.pots import Pot
    from studpoker.engine.settlement import settle

    hands = {0: cards("Kc Kd Ks Qh Jh 9c Td"), 1: cards("Ac 2d 3h 4s 6c Td Tc"),
             2: cards("As 2s 3s 4d 5d Qs Qd")}
    settled = settle(game=WS, pots=[Pot(index=0, amount=7, eligible=(0, 1, 2))],
                     cards=hands.__getitem__, shown={0, 1}, dealer=0, n=3)
    (res,) = settled.results
    assert res.high_winners == (0,) and res.low_winners == (1,)
    assert res.shares == ((0, 4), (1, 3))
    assert [(a.seat, a.amount, a.half) for a in settled.awards] == [(0, 4, "high"), (1, 3, "low")]


def test_betting_round_copy_is_independent() -> None:
    """A copied BettingRound (and so Hand.copy) shares no mutable state with the original."""
    hand = ws_hand()
    other = hand.copy()
    assert other._round is not hand._round and other._round is not None
    other.bet_or_raise()
    assert hand._round is not None and hand._round.bets == [0, 0, 0]
    assert other._round.bets != hand._round.bets
    assert hand.legal_actions() == [act(1, ActionKind.CHECK), act(1, ActionKind.BET, 2)]
