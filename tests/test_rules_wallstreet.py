"""Scenario tests for the Wall Street rules R3.1-R3.9 of docs/rules.md.

Every test deals a fixed deck, so every card is known. Deck layout (see
``ws_deck``): third street round-robin from the dealer's left (first down
card to each seat, then the second down card, then the up card), then the four
market cards (slots 1..4), then the stub cards in the order they are drawn:
in a card round each player in turn draws one stub card (the free card, or
the refill of the slot they bought), and on seventh street one card per
active seat from the dealer's left.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from studpoker.engine import (
    Action,
    ActionKind,
    Card,
    CardError,
    GameError,
    HighCategory,
    IllegalAction,
    Phase,
    WallStreet,
)
from studpoker.engine.hand import Hand
from studpoker.engine.operations import (
    ActionTaken,
    AntePosted,
    CardDealt,
    ChipsReturned,
    CommunityCardDealt,
    MarketDealt,
    StreetStarted,
)

WS = WallStreet(ante=1, limits=(2, 2, 4, 4, 4))


# --------------------------------------------------------------------------- helpers


def order_from_dealer_left(n: int, dealer: int) -> list[int]:
    return [(dealer + 1 + i) % n for i in range(n)]


def ws_deck(
    hands: Sequence[str], market: str, *, dealer: int = 0, tail: str = ""
) -> list[str]:
    """A deck for a hand where every card round is taken as free cards.

    ``hands[s]`` lists the cards seat ``s`` receives, in order: down, down,
    up, then the free cards of card rounds 1-3, then the seventh card (a
    seat that folds early lists fewer cards). ``tail`` goes after them.
    """
    n = len(hands)
    order = order_from_dealer_left(n, dealer)
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


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def acts(hand: Hand) -> list[Action]:
    return hand.legal_actions()


def act(seat: int, kind: ActionKind, amount: int = 0, slot: int = 0) -> Action:
    return Action(seat=seat, kind=kind, amount=amount, slot=slot)


def total_chips(hand: Hand) -> int:
    return sum(hand.stacks) + hand.pot


def play_to_showdown(hand: Hand) -> None:
    """Everyone checks (or calls) and takes the free card until the showdown."""
    while hand.phase in (Phase.BETTING, Phase.CARD_ROUND):
        if hand.phase is Phase.BETTING:
            hand.check_or_call()
        else:
            hand.take_card()


def show_all(hand: Hand) -> None:
    while hand.phase is Phase.SHOWDOWN:
        hand.show()


def shares(hand: Hand) -> list[dict[int, int]]:
    return [dict(r.shares) for r in hand.results]


def betting_kinds_in_log(hand: Hand) -> list[ActionKind]:
    betting = {ActionKind.CHECK, ActionKind.BET, ActionKind.RAISE, ActionKind.CALL,
               ActionKind.FOLD}
    return [op.action.kind for op in hand.log
            if isinstance(op, ActionTaken) and op.action.kind in betting]


# --------------------------------------------------------------------------- R3.1


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_r3_1_three_to_seven_players_are_dealt_in(players: int) -> None:
    """R3.1: 3 to 7 players may play; each gets three cards and antes."""
    hand = WS.deal(stacks=[50] * players, dealer=0, seed=players)
    assert hand.n == players
    assert hand.pot == players
    assert hand.stacks == [49] * players
    for s in range(players):
        assert len(hand.down_cards(s)) == 2
        assert len(hand.up_cards(s)) == 1
    assert hand.stub_size == 52 - 3 * players - 4  # R3.1: 52 cards, no joker


@pytest.mark.parametrize("players", [2, 8])
def test_r3_1_two_or_eight_players_are_rejected(players: int) -> None:
    """R3.1: fewer than 3 or more than 7 players is a GameError naming the range."""
    with pytest.raises(GameError, match=rf"3 to 7 players, got {players}"):
        WS.deal(stacks=[50] * players, dealer=0, seed=1)
    assert (WallStreet.min_players, WallStreet.max_players) == (3, 7)


def test_r3_1_joker_only_with_the_option() -> None:
    """R3.1/R1.2: the deck is 52 cards unless the joker option is on."""
    with pytest.raises(CardError, match="joker"):
        WS.deal(stacks=[50] * 3, dealer=0, deck=["Jk"])
    hand = WallStreet(ante=1, limits=2, joker=True).deal(stacks=[50] * 3, dealer=0, seed=3)
    assert hand.stub_size == 53 - 9 - 4


# --------------------------------------------------------------------------- R3.2

# A 3-player deal (dealer 0: order 1, 2, 0). Seat 0 holds kings full; no lows.
HANDS_PLAIN = ["Kc Kd Ks Qh Qd 9c Td", "Jc Jd Js 9h 8h 3d 3c", "Ac Ad 4s 6c 6d Tc Th"]
MARKET_PLAIN = "2h 7d 5c Ah"


def test_r3_2_every_bet_and_raise_is_the_rounds_limit() -> None:
    """R3.2: each of the five rounds bets exactly its own limit; a raise adds one limit."""
    game = WallStreet(ante=1, limits=(1, 2, 3, 4, 5))
    hand = game.deal(stacks=[100] * 3, dealer=0,
                     deck=ws_deck(HANDS_PLAIN, MARKET_PLAIN))
    for limit in (1, 2, 3, 4, 5):
        if hand.phase is Phase.CARD_ROUND:
            for _ in range(3):
                hand.take_card()
        assert hand.phase is Phase.BETTING
        assert hand.to_act == 1
        assert acts(hand) == [act(1, ActionKind.CHECK), act(1, ActionKind.BET, limit)]
        hand.bet_or_raise()
        assert acts(hand) == [act(2, ActionKind.FOLD), act(2, ActionKind.CALL, limit),
                              act(2, ActionKind.RAISE, 2 * limit)]
        hand.bet_or_raise()
        assert acts(hand) == [act(0, ActionKind.FOLD), act(0, ActionKind.CALL, 2 * limit),
                              act(0, ActionKind.RAISE, 3 * limit)]
        hand.check_or_call()
        assert acts(hand) == [act(1, ActionKind.FOLD), act(1, ActionKind.CALL, limit),
                              act(1, ActionKind.RAISE, 3 * limit)]
        hand.check_or_call()
    assert hand.phase is Phase.SHOWDOWN
    # antes 3 + each of 3 players put in 2 x (1+2+3+4+5) = 30
    assert hand.pot == 3 + 3 * 30
    assert hand.stacks == [69, 69, 69]
    show_all(hand)
    assert hand.payoffs == (62, -31, -31)  # seat 0: kings full


def test_r3_2_limits_as_one_number_means_all_five_equal() -> None:
    """R3.2: ``limits`` default all equal: one number stands for five equal limits."""
    game = WallStreet(ante=1, limits=3)
    assert game.limit_tuple == (3, 3, 3, 3, 3)
    assert game.unit == 3
    assert [s.bet for s in game.streets] == [3, 3, 3, 3, 3]


def test_r3_2_invalid_limits_are_rejected() -> None:
    """R3.2: exactly five positive limits."""
    with pytest.raises(GameError, match="five numbers"):
        WallStreet(ante=1, limits=(2, 2, 4, 4))  # type: ignore[arg-type]
    with pytest.raises(GameError, match=r"limits\[2\]"):
        WallStreet(ante=1, limits=(2, 2, 0, 4, 4))
    with pytest.raises(GameError, match="market_unit"):
        WallStreet(ante=1, limits=2, market_unit=0)


def _first_card_round(game: WallStreet, stacks: Sequence[int] = (100, 100, 100)) -> Hand:
    hand = game.deal(stacks=list(stacks), dealer=0, deck=ws_deck(HANDS_PLAIN, MARKET_PLAIN))
    for _ in range(3):
        hand.check_or_call()
    assert hand.phase is Phase.CARD_ROUND
    return hand


def test_r3_2_market_unit_defaults_to_the_first_limit_in_every_card_round() -> None:
    """R3.2/R3.5: slot k costs k x the first round's limit, even when later limits differ."""
    hand = _first_card_round(WS)
    assert WS.unit == 2
    for _street in ("fourth", "fifth", "sixth"):
        assert hand.street_name == _street
        assert acts(hand) == [act(1, ActionKind.TAKE_CARD)] + [
            act(1, ActionKind.BUY, 2 * k, k) for k in (1, 2, 3, 4)
        ]
        for _ in range(3):
            hand.take_card()
        for _ in range(3):
            hand.check_or_call()


def test_r3_2_custom_market_unit_prices_the_slots() -> None:
    """R3.2: option market_unit overrides the default price unit."""
    game = WallStreet(ante=1, limits=(2, 2, 4, 4, 4), market_unit=5)
    assert [game.market_price(k) for k in (1, 2, 3, 4)] == [5, 10, 15, 20]
    hand = _first_card_round(game)
    assert [(a.slot, a.amount) for a in acts(hand) if a.kind is ActionKind.BUY] == [
        (1, 5), (2, 10), (3, 15), (4, 20)]
    hand.buy(3)
    assert hand.stacks == [99, 84, 99]
    assert hand.pot == 3 + 15


# --------------------------------------------------------------------------- R3.3


def test_r3_3_deal_two_down_one_up_each_then_four_market_cards() -> None:
    """R3.3: antes, two down and one up to each from the dealer's left, then market slots 1..4."""
    # 4 players, dealer 1: dealing order 2, 3, 0, 1
    deck = "2c 3c 4c 5c  2d 3d 4d 5d  2h 3h 4h 5h  As Ks Qs Js"
    hand = WS.deal(stacks=[20] * 4, dealer=1, deck=deck)
    log = hand.log
    assert [(op.seat, op.amount) for op in log[:4]] == [(2, 1), (3, 1), (0, 1), (1, 1)]
    assert all(isinstance(op, AntePosted) for op in log[:4])
    assert isinstance(log[4], StreetStarted)
    dealt = [op for op in log if isinstance(op, CardDealt)]
    assert [(op.seat, str(op.card), op.face_up) for op in dealt] == [
        (2, "2c", False), (3, "3c", False), (0, "4c", False), (1, "5c", False),
        (2, "2d", False), (3, "3d", False), (0, "4d", False), (1, "5d", False),
        (2, "2h", True), (3, "3h", True), (0, "4h", True), (1, "5h", True),
    ]
    market = [op for op in log if isinstance(op, MarketDealt)]
    assert [(op.slot, str(op.card)) for op in market] == [
        (1, "As"), (2, "Ks"), (3, "Qs"), (4, "Js")]
    # the market ops come after every player's cards
    assert log.index(market[0]) > log.index(dealt[-1])
    assert hand.market == cards("As Ks Qs Js")
    assert hand.down_cards(0) == cards("4c 4d")
    assert hand.up_cards(0) == cards("4h")
    # the public sees the up cards and the market, not the down cards
    public = hand.view(None)
    assert public.players[0].down == (None, None)
    assert public.players[0].up == tuple(cards("4h"))
    assert public.market == tuple(cards("As Ks Qs Js"))
    assert hand.view(0).players[0].down == tuple(cards("4c 4d"))


# --------------------------------------------------------------------------- R3.4


@pytest.mark.parametrize(("dealer", "first"), [(0, 1), (2, 3), (3, 0)])
def test_r3_4_first_to_act_is_dealer_left_who_may_check_or_bet(dealer: int, first: int) -> None:
    """R3.4: no bring-in; the first player clockwise from the dealer's left checks or bets."""
    hand = WS.deal(stacks=[30] * 4, dealer=dealer, seed=11)
    assert hand.phase is Phase.BETTING
    assert hand.to_act == first
    assert acts(hand) == [act(first, ActionKind.CHECK), act(first, ActionKind.BET, 2)]
    assert hand.pot == 4  # antes only: nobody posted a bring-in


def test_r3_4_every_round_starts_at_dealer_left_among_players_still_in() -> None:
    """R3.4: later rounds start with the first player from the dealer's left still in the hand."""
    hand = WS.deal(stacks=[30] * 4, dealer=0, seed=5)  # order 1, 2, 3, 0
    hand.check_or_call()  # 1 checks
    hand.bet_or_raise()  # 2 bets
    hand.check_or_call()  # 3 calls
    hand.check_or_call()  # 0 calls
    hand.fold()  # 1 folds
    assert hand.phase is Phase.CARD_ROUND and hand.to_act == 2
    for _ in range(3):
        hand.take_card()
    assert hand.phase is Phase.BETTING and hand.street_name == "fourth"
    assert hand.to_act == 2
    hand.check_or_call()
    assert hand.to_act == 3


def test_r3_4_player_all_in_from_the_ante_is_skipped() -> None:
    """R3.4: the opener is the first from the dealer's left who still has chips."""
    hand = WS.deal(stacks=[30, 1, 30, 30], dealer=0, seed=5)  # seat 1 all-in from the ante
    assert hand.stacks[1] == 0
    assert hand.to_act == 2
    assert acts(hand) == [act(2, ActionKind.CHECK), act(2, ActionKind.BET, 2)]


def test_r3_4_player_all_in_on_an_earlier_round_is_skipped() -> None:
    """R3.4: a player who went all-in does not open later rounds; the next one with chips does."""
    hand = WS.deal(stacks=[30, 3, 30], dealer=0, deck=ws_deck(HANDS_PLAIN, MARKET_PLAIN))
    hand.bet_or_raise()  # seat 1 bets its last 2
    assert hand.stacks[1] == 0
    hand.check_or_call()
    hand.check_or_call()
    # card round: seat 1 (all-in) is dealt its free card automatically, seat 2 decides
    assert hand.phase is Phase.CARD_ROUND and hand.to_act == 2
    hand.take_card()
    hand.take_card()
    assert hand.phase is Phase.BETTING and hand.street_name == "fourth"
    assert hand.to_act == 2
    assert acts(hand) == [act(2, ActionKind.CHECK), act(2, ActionKind.BET, 2)]


# --------------------------------------------------------------------------- R3.5


def test_r3_5_card_round_order_and_free_cards_from_the_stub() -> None:
    """R3.5: from the dealer's left each active player takes the top stub card face up, free."""
    # 4 players, dealer 3: order 0, 1, 2, 3
    hands = ["2c 2d 2h 9c", "3c 3d 3h 9d", "4c 4d 4h 9h", "5c 5d 5h 9s"]
    hand = WS.deal(stacks=[30] * 4, dealer=3, deck=ws_deck(hands, "Ac Ad Ah As", dealer=3))
    for _ in range(4):
        hand.check_or_call()
    assert hand.phase is Phase.CARD_ROUND
    seen = []
    while hand.phase is Phase.CARD_ROUND:
        seen.append(hand.to_act)
        assert acts(hand)[0] == act(hand.to_act, ActionKind.TAKE_CARD)
        hand.take_card()
    assert seen == [0, 1, 2, 3]
    assert [hand.up_cards(s) for s in range(4)] == [
        cards("2h 9c"), cards("3h 9d"), cards("4h 9h"), cards("5h 9s")]
    assert hand.market == cards("Ac Ad Ah As")  # untouched
    assert hand.pot == 4 and hand.stacks == [29] * 4  # free
    assert hand.phase is Phase.BETTING and hand.street_name == "fourth"


def test_r3_5_buying_a_slot_costs_k_units_refills_and_is_dead_money() -> None:
    """R3.5: slot k costs k x unit into the pot; the bought card goes face up; refill from stub."""
    # dealer 0: order 1, 2, 0
    deck = ("Kc Qc Jc  Kd Qd Jd  Kh Qh Jh  2s 3s 4s 5s  "  # third street + market
            "6s 7s 8s")  # stub: refill of slot 3, seat 2's free card, refill of slot 1
    hand = WS.deal(stacks=[50] * 3, dealer=0, deck=deck)
    for _ in range(3):
        hand.check_or_call()
    log_len = len(hand.log)
    hand.apply(act(1, ActionKind.BUY, 6, 3))  # seat 1 buys slot 3 (4s) for 3 x 2
    new = hand.log[log_len:]
    assert isinstance(new[0], ActionTaken) and new[0].paid == 6 and new[0].cards == (
        Card.parse("4s"),)
    assert isinstance(new[1], CardDealt) and (new[1].seat, str(new[1].card), new[1].face_up) == (
        1, "4s", True)
    assert isinstance(new[2], MarketDealt) and (new[2].slot, str(new[2].card)) == (3, "6s")
    assert hand.market == cards("2s 3s 6s 5s")
    assert hand.up_cards(1) == cards("Kh 4s")
    assert hand.stacks == [49, 43, 49]
    assert hand.pot == 3 + 6
    hand.take_card()  # seat 2: the free card is the next stub card
    assert hand.up_cards(2) == cards("Qh 7s")
    hand.buy(1)  # seat 0 buys slot 1 (2s) for 2
    assert hand.up_cards(0) == cards("Jh 2s")
    assert hand.market == cards("8s 3s 6s 5s")
    assert hand.stacks == [47, 43, 49]
    assert hand.pot == 3 + 6 + 2
    assert total_chips(hand) == 150
    # the purchases are not bets: seat 1 opens the next round with nothing owed
    assert hand.phase is Phase.BETTING and hand.to_act == 1
    assert acts(hand) == [act(1, ActionKind.CHECK), act(1, ActionKind.BET, 2)]
    view = hand.view(None)
    assert [p.bet for p in view.players] == [0, 0, 0]
    assert [p.contributed for p in view.players] == [1, 1, 1]


def test_r3_5_dead_money_never_counts_toward_a_call() -> None:
    """R3.5: a buyer facing a bet still owes the full bet."""
    hand = _first_card_round(WS)
    hand.buy(4)  # seat 1 pays 8
    hand.take_card()
    hand.take_card()
    hand.check_or_call()  # seat 1 checks
    hand.bet_or_raise()  # seat 2 bets 2
    hand.check_or_call()  # seat 0 calls
    assert hand.to_act == 1
    assert acts(hand) == [act(1, ActionKind.FOLD), act(1, ActionKind.CALL, 2),
                          act(1, ActionKind.RAISE, 4)]


def test_r3_5_dead_money_is_never_returned_to_a_buyer_who_folds() -> None:
    """R3.5/R1.8: a buyer who folds loses the price; the uncalled bet is returned, the price is not."""
    hand = _first_card_round(WS)
    hand.take_card()  # seat 1
    hand.take_card()  # seat 2
    hand.buy(4)  # seat 0 pays 8
    hand.bet_or_raise()  # seat 1 bets 2
    hand.fold()  # seat 2
    hand.fold()  # seat 0
    assert hand.is_over
    assert hand.stacks == [91, 110, 99]
    assert hand.payoffs == (-9, 10, -1)
    assert ChipsReturned(seat=1, amount=2) in hand.log
    assert shares(hand) == [{1: 11}]


def test_r3_5_dead_money_joins_the_pot_holding_the_buyers_last_chip() -> None:
    """R3.5/R1.6: a purchase goes into the highest pot the buyer is eligible for *then*.

    Seat 1 is all-in for 3 after round 1. Seat 2 buys in card round 1, when all
    three are at level 3: its 4 goes to the main pot. Seats 2 and 0 then bet 2
    more each; seat 0 buys in card round 2 at level 5: its 2 goes to the side
    pot, which seat 1 cannot win. Seat 1 (four aces) takes the main pot
    9 + 4 = 13; seat 2 (kings full) takes the side pot 4 + 2 = 6. No lows.
    """
    # third street (order 1, 2, 0), market, then the stub in drawing order
    deck = ("Ac Kc Qh  Ad Kd Qs  Kh Qc Jh  Th Ks 2h 3h  "
            "Ah 4h 9h  As Jd 5h  9c Jc 9s  Tc 9d Td")
    hand = WS.deal(stacks=[100, 3, 100], dealer=0, deck=deck)
    hand.bet_or_raise()  # seat 1 bets 2, all-in
    hand.check_or_call()
    hand.check_or_call()
    assert hand.stacks == [97, 0, 97] and hand.pot == 9
    # card round 1: seat 1 is all-in and gets the free card (Ah) automatically
    assert hand.to_act == 2 and hand.up_cards(1) == cards("Kh Ah")
    hand.buy(2)  # seat 2 buys Ks for 4; slot 2 refilled with 4h
    hand.take_card()  # seat 0 gets 9h
    assert hand.pot == 13
    # round 2: seat 1 is all-in; seat 2 opens
    assert hand.to_act == 2
    hand.bet_or_raise()
    hand.check_or_call()
    assert hand.pot == 17
    # card round 2: seat 1 auto As; seat 2 free Jd; seat 0 buys slot 1 (Th) for 2, refill 5h
    assert hand.to_act == 2
    hand.take_card()
    hand.buy(1)
    assert hand.pot == 19
    play_to_showdown(hand)
    show_all(hand)
    assert [(r.amount, r.eligible) for r in hand.results] == [(13, (0, 1, 2)), (6, (0, 2))]
    assert shares(hand) == [{1: 13}, {2: 6}]
    assert hand.results[0].high_hand is not None
    assert hand.results[0].high_hand.category is HighCategory.FOUR_OF_A_KIND
    assert hand.stacks == [93, 13, 97]
    assert hand.payoffs == (-7, 10, -3)


def test_r3_5_purchase_above_a_short_all_in_goes_to_the_side_pot() -> None:
    """R3.5: with a player all-in from a short ante, a purchase is side-pot money.

    Ante 2; seat 1 has 1 chip and posts it all. Pots at the card round: main
    1 x 3 = 3 (all), side 1 + 1 = 2 (seats 0, 2). Seat 2 buys slot 1 for 2:
    it joins the side pot. Seat 1 (all-in) holds a steel wheel, the best high
    and the best low, so it scoops the main pot of 3 and nothing else; seat 0
    wins the side pot 2 + 2 = 4 with queens full over seat 2's jacks full.
    """
    hands = [
        "Qc Qd Qs 9h 9d Tc Jd",  # seat 0: queens full of nines, no low
        "Ad 2d 3d 4d 5d Kc Ks",  # seat 1: straight flush 5-high; low 5-4-3-2-A
        "Jc Js Jh Th Ts 6c 6h",  # seat 2: jacks full of tens, no low
    ]
    # seat 2 buys slot 1 in card round 1 (receives the market card, the stub refills the
    # slot); the free cards of seats 1 and 0 are unchanged in drawing order.
    h = [x.split() for x in hands]
    deck = [h[1][0], h[2][0], h[0][0], h[1][1], h[2][1], h[0][1], h[1][2], h[2][2], h[0][2],
            h[2][3], "7c", "7d", "7h",  # market: slot 1 is seat 2's fourth card
            h[1][3], "2c", h[0][3],  # card round 1: seat 1 free, refill of slot 1, seat 0 free
            h[1][4], h[2][4], h[0][4], h[1][5], h[2][5], h[0][5], h[1][6], h[2][6], h[0][6]]
    game = WallStreet(ante=2, limits=(2, 2, 4, 4, 4))
    hand = game.deal(stacks=[50, 1, 50], dealer=0, deck=deck)
    assert hand.stacks == [48, 0, 48]
    assert hand.to_act == 2
    hand.check_or_call()
    hand.check_or_call()
    assert hand.phase is Phase.CARD_ROUND and hand.to_act == 2  # seat 1 drew automatically
    hand.buy(1)
    hand.take_card()
    play_to_showdown(hand)
    show_all(hand)
    assert [(r.amount, r.eligible) for r in hand.results] == [(3, (0, 1, 2)), (4, (0, 2))]
    assert shares(hand) == [{1: 3}, {0: 4}]
    assert hand.results[0].low_winners == (1,) and hand.results[0].high_winners == (1,)
    assert hand.payoffs == (2, 2, -4)


def test_r3_5_cannot_buy_a_slot_you_cannot_afford() -> None:
    """R3.5: slots priced above the stack are not offered, and buying one is rejected."""
    hand = _first_card_round(WS, stacks=(100, 6, 100))  # seat 1 has 5 after the ante
    assert acts(hand) == [act(1, ActionKind.TAKE_CARD), act(1, ActionKind.BUY, 2, 1),
                          act(1, ActionKind.BUY, 4, 2)]
    before = (len(hand.log), list(hand.stacks), hand.to_act, list(hand.market))
    with pytest.raises(IllegalAction, match="market slot 3") as exc:
        hand.apply(act(1, ActionKind.BUY, 6, 3))
    assert exc.value.legal == tuple(acts(hand))
    with pytest.raises(IllegalAction):
        hand.buy(4)
    assert (len(hand.log), list(hand.stacks), hand.to_act, list(hand.market)) == before


def test_r3_5_a_player_may_spend_exactly_their_stack_on_a_slot() -> None:
    """R3.5: a price equal to the stack can be paid; the buyer is then all-in."""
    hand = _first_card_round(WS, stacks=(100, 5, 100))  # seat 1 has 4 after the ante
    assert act(1, ActionKind.BUY, 4, 2) in acts(hand)
    hand.buy(2)
    assert hand.stacks[1] == 0
    hand.take_card()
    hand.take_card()
    assert hand.to_act == 2  # seat 1 is all-in: seat 2 opens the next round
    assert hand.view(None).players[1].all_in


def test_r3_5_all_in_players_only_get_the_free_card() -> None:
    """R3.5: an all-in player cannot buy; the free card is dealt in their turn automatically."""
    # dealer 0: order 1, 2, 0. Seat 2 is all-in from the ante.
    deck = ("Kc Qc Jc  Kd Qd Jd  Kh Qh Jh  2s 3s 4s 5s  "
            "6s 7s 8s 9s")
    hand = WS.deal(stacks=[50, 50, 1], dealer=0, deck=deck)
    hand.check_or_call()
    hand.check_or_call()
    assert hand.phase is Phase.CARD_ROUND and hand.to_act == 1
    hand.buy(1)  # 2s; refill 6s
    # seat 2 drew 7s without being asked
    assert hand.to_act == 0
    assert hand.up_cards(2) == cards("Qh 7s")
    taken = [op for op in hand.log if isinstance(op, ActionTaken)
             and op.action.kind is ActionKind.TAKE_CARD]
    assert [(op.action.seat, op.cards) for op in taken] == [(2, (Card.parse("7s"),))]
    assert acts(hand)[0] == act(0, ActionKind.TAKE_CARD)
    hand.take_card()
    assert hand.up_cards(0) == cards("Jh 8s")


def test_r3_5_exactly_one_card_per_player_per_card_round() -> None:
    """R3.5: each active player receives exactly one card per card round, and acts once."""
    hand = _first_card_round(WS)
    before = [len(hand.up_cards(s)) for s in range(3)]
    hand.buy(2)  # seat 1
    with pytest.raises(IllegalAction, match="out of turn"):
        hand.apply(act(1, ActionKind.TAKE_CARD))  # seat 1 cannot take a second card
    hand.take_card()  # seat 2
    hand.buy(1)  # seat 0
    assert [len(hand.up_cards(s)) for s in range(3)] == [b + 1 for b in before]
    assert hand.phase is Phase.BETTING
    with pytest.raises(IllegalAction, match="cannot take card"):
        hand.apply(act(1, ActionKind.TAKE_CARD))


def test_r3_5_folded_players_get_no_card_in_a_card_round() -> None:
    """R3.5: only active players take part in a card round."""
    hand = WS.deal(stacks=[30] * 3, dealer=0, deck=ws_deck(HANDS_PLAIN, MARKET_PLAIN))
    hand.bet_or_raise()  # 1 bets
    hand.fold()  # 2 folds
    hand.check_or_call()  # 0 calls
    order = []
    while hand.phase is Phase.CARD_ROUND:
        order.append(hand.to_act)
        hand.take_card()
    assert order == [1, 0]
    assert len(hand.up_cards(2)) == 1


# --------------------------------------------------------------------------- R3.6


def test_r3_6_five_betting_rounds_and_cards_per_street() -> None:
    """R3.6: 3 cards after the deal, then 4, 5, 6 up to the card rounds, 7th down; 5 rounds."""
    hand = WS.deal(stacks=[30] * 3, dealer=0, deck=ws_deck(HANDS_PLAIN, MARKET_PLAIN))
    seen = []
    while not hand.is_over:
        if hand.phase is Phase.BETTING:
            key = (hand.street_name, len(hand.down_cards(0)), len(hand.up_cards(0)))
            if not seen or seen[-1] != key:
                seen.append(key)
            hand.check_or_call()
        elif hand.phase is Phase.CARD_ROUND:
            hand.take_card()
        else:
            hand.show()
    assert seen == [("third", 2, 1), ("fourth", 2, 2), ("fifth", 2, 3), ("sixth", 2, 4),
                    ("seventh", 3, 4)]
    assert betting_kinds_in_log(hand) == [ActionKind.CHECK] * 15  # 5 rounds x 3 players
    assert [op.name for op in hand.log if isinstance(op, StreetStarted)] == [
        "third", "fourth", "fifth", "sixth", "seventh"]
    for s in range(3):
        assert [str(c) for c, _ in hand.cards[s]] == HANDS_PLAIN[s].split()


def test_r3_6_seventh_card_is_dealt_face_down() -> None:
    """R3.6: the seventh card goes face down to each active player, from the dealer's left."""
    hand = WS.deal(stacks=[30] * 3, dealer=0, deck=ws_deck(HANDS_PLAIN, MARKET_PLAIN))
    while hand.street_name != "seventh":
        if hand.phase is Phase.BETTING:
            hand.check_or_call()
        else:
            hand.take_card()
    seventh = hand.log[next(i for i, op in enumerate(hand.log)
                            if isinstance(op, StreetStarted) and op.name == "seventh") + 1:]
    dealt = [op for op in seventh if isinstance(op, CardDealt)]
    assert [(op.seat, str(op.card), op.face_up) for op in dealt] == [
        (1, "3c", False), (2, "Th", False), (0, "Td", False)]
    assert hand.view(2).players[0].down == (None, None, None)
    assert hand.view(0).players[0].down == tuple(cards("Kc Kd Td"))


def test_r3_6_seven_players_share_a_community_seventh_card() -> None:
    """R3.6/R1.10: with 7 players 52 - 21 - 4 - 21 = 6 stub cards remain, fewer than 7:
    the seventh card is one community card."""
    deck = [r + s for s in "shdc" for r in "AKQJT98765432"]  # a fixed order, all 52
    hand = WS.deal(stacks=[30] * 7, dealer=6, deck=deck)
    play_to_showdown(hand)
    assert hand.stub_size == 5
    community = [op for op in hand.log if isinstance(op, CommunityCardDealt)]
    assert community == [CommunityCardDealt(card=Card.parse(deck[46]))]
    assert hand.community == cards(deck[46])
    for s in range(7):
        assert len(hand.down_cards(s)) == 2 and len(hand.up_cards(s)) == 4
        assert len(hand.hole_and_board(s)) == 7


# --------------------------------------------------------------------------- R3.7 / R3.8

# Each list: the seven cards of seats 0, 1, 2 (dealer 0), every card round free.
MARKET = "Kh 8c 8d 7s"


def _showdown(hands: Sequence[str], *, ante: int = 2, dealer: int = 0,
              market: str = MARKET) -> Hand:
    game = WallStreet(ante=ante, limits=(2, 2, 4, 4, 4))
    hand = game.deal(stacks=[50] * len(hands), dealer=dealer,
                     deck=ws_deck(hands, market, dealer=dealer))
    play_to_showdown(hand)
    show_all(hand)
    assert hand.is_over
    return hand


def test_r3_7_pot_splits_between_best_high_and_best_low() -> None:
    """R3.7: half to the best high (trip kings), half to the best low (6-4-3-2-A)."""
    hand = _showdown([
        "Kc Kd Ks Qh Jh 9c 3d",  # trips, no low
        "Ac 2d 3h 4s 6c Td Tc",  # pair of tens; 6-4-3-2-A
        "5d 5h Jc Qs 8h 8s 2c",  # two pair, no low
    ])
    (res,) = hand.results
    assert res.amount == 6
    assert res.high_winners == (0,) and res.low_winners == (1,)
    assert res.low_hand is not None and res.low_hand.description.startswith("6-4-3-2-A")
    assert shares(hand) == [{0: 3, 1: 3}]
    assert hand.payoffs == (1, 1, -2)


def test_r3_7_one_player_may_win_both_halves() -> None:
    """R3.7: a wheel is the best high here and the best low: it scoops."""
    hand = _showdown([
        "Jc Jd 9s 9h Kc 2s 3s",  # two pair, no low
        "Ac 2d 3h 4s 5c Kd Qh",  # straight 5-high; low 5-4-3-2-A
        "Tc Td 8s 8h Ah Qd 6c",  # two pair, no low (only 8, 6, A)
    ])
    (res,) = hand.results
    assert res.high_winners == (1,) and res.low_winners == (1,)
    assert shares(hand) == [{1: 6}]
    assert hand.payoffs == (-2, 4, -2)


def test_r3_7_high_and_low_are_chosen_independently_from_seven_cards() -> None:
    """R3.7: the flush A-K-9-3-2 and the low 6-4-3-2-A use different five cards."""
    hand = _showdown([
        "Jc Jd 9s 9c Kc 3s 3c",  # two pair, no low
        "Ah 2h 3h Kh 9h 4c 6d",  # heart flush and a 6 low
        "Tc Td 8s 8h As Qd 6c",  # two pair, no low
    ], market="Ks 8c 8d 7s")
    (res,) = hand.results
    assert res.high_hand is not None and res.high_hand.category is HighCategory.FLUSH
    assert set(res.high_hand.cards) == set(cards("Ah Kh 9h 3h 2h"))
    assert res.low_hand is not None and {str(c) for c in res.low_hand.cards} == {
        "6d", "4c", "3h", "2h", "Ah"}
    assert shares(hand) == [{1: 6}]


def test_r3_7_no_qualifying_low_means_the_high_takes_the_whole_pot() -> None:
    """R3.7: an A-2-3-4 with a pair or a 9 is no eight-or-better low: high scoops."""
    hand = _showdown([
        "Kc Kd Ks Qh Jh 9c 3d",  # trip kings
        "Ac 2d 3h 4s 4c 9d Qd",  # only four low ranks
        "9s 7h 5d 3s 2c Jc Js",  # 9-7-5-3-2: the 9 does not qualify
    ], market="Th 8c 8d 7s")
    (res,) = hand.results
    assert res.low_winners == () and res.low_hand is None
    assert res.high_winners == (0,)
    assert shares(hand) == [{0: 6}]
    assert hand.payoffs == (4, -2, -2)


def test_r3_7_tied_highs_split_the_high_half() -> None:
    """R3.7: two identical two pairs share the high half; the low takes the other half."""
    hands = [
        "Kc Kd Qs Qh 2s Jc 9c",  # kings and queens, jack kicker
        "Ac 2d 3h 4s 6c Th 7h",  # ace high; low 6-4-3-2-A
        "Ks Kh Qc Qd 3s Jd 9d",  # kings and queens, jack kicker
        "Tc Td 7c 7d 5s 5h 4h",  # tens and sevens; only 7-5-4 low
    ]
    hand = _showdown(hands, market="Ah 8c 8d As")  # ante 2 x 4 players = 8
    (res,) = hand.results
    assert res.high_winners == (0, 2) and res.low_winners == (1,)
    assert shares(hand) == [{0: 2, 1: 4, 2: 2}]
    assert hand.payoffs == (0, 2, 0, -2)


def test_r3_7_tied_lows_split_the_low_half() -> None:
    """R3.7: two equal 7-5-4-3-2 lows share the low half (quartering)."""
    hands = [
        "Kc Kd Ks Qh Jh 6h 2d",  # trip kings, no low
        "7c 5c 4d 3h 2s Qs Jd",  # 7-5-4-3-2
        "Ac Ad 9h 9s Tc Ts Qd",  # two pair
        "7d 5d 4h 3s 2h Js Qc",  # 7-5-4-3-2
    ]
    hand = _showdown(hands, market="Ah 8c 8d As")  # pot 8
    (res,) = hand.results
    assert res.high_winners == (0,) and res.low_winners == (1, 3)
    assert shares(hand) == [{0: 4, 1: 2, 3: 2}]
    assert hand.payoffs == (2, 0, -2, 0)


def test_r3_7_side_pot_without_a_low_goes_to_the_high_even_if_the_main_pot_had_one() -> None:
    """R3.7/R1.9: each pot is settled among its own players.

    Seat 1 (all-in for 3) has the only low. Main pot 9: high half 5 (odd chip,
    R3.8) to seat 0's trip queens, low half 4 to seat 1. Side pot 4 between
    seats 0 and 2: no low among them, so seat 0 takes it all.
    """
    hands = [
        "Qc Qd Qs 9h Td Jd 2h",  # trip queens, no low
        "Ac 2d 3h 4s 7c Kd Kh",  # pair of kings; 7-4-3-2-A
        "Jc Js 9c 9d 5h 5d Kc",  # two pair, no low
    ]
    game = WallStreet(ante=1, limits=(2, 2, 4, 4, 4))
    hand = game.deal(stacks=[100, 3, 100], dealer=0, deck=ws_deck(hands, "Ah 8c 8d 7s"))
    hand.bet_or_raise()  # seat 1 all-in
    hand.check_or_call()
    hand.check_or_call()
    for _ in range(2):
        hand.take_card()
    hand.bet_or_raise()  # seat 2 bets 2
    hand.check_or_call()  # seat 0 calls
    play_to_showdown(hand)
    show_all(hand)
    main, side = hand.results
    assert (main.amount, main.eligible) == (9, (0, 1, 2))
    assert main.high_winners == (0,) and main.low_winners == (1,)
    assert (side.amount, side.eligible) == (4, (0, 2))
    assert side.high_winners == (0,) and side.low_winners == ()
    assert shares(hand) == [{0: 5, 1: 4}, {0: 4}]
    assert hand.stacks == [104, 4, 95]



def test_r3_7_side_pot_with_a_high_and_a_low_is_split_too() -> None:
    """R3.7: both pots split; the all-in seat 1 has neither the high nor a low.

    Main pot 9: high 5 (odd chip, R3.8) to seat 0, low 4 to seat 2. Side pot
    4 (seats 0, 2): 2 and 2.
    """
    hands = [
        "Qc Qd Qs 9h Td Jd 2h",  # trip queens, no low
        "Jc Js 9c 9d Kd Kh Tc",  # kings and jacks, no low
        "Ac 2d 3h 4s 7c 8d Ks",  # ace high; low 7-4-3-2-A
    ]
    hand = WS.deal(stacks=[100, 3, 100], dealer=0, deck=ws_deck(hands, "Ah 8c 5h 7s"))
    hand.bet_or_raise()  # 1 all-in
    hand.check_or_call()
    hand.check_or_call()
    hand.take_card()
    hand.take_card()
    hand.bet_or_raise()  # 2 bets 2
    hand.check_or_call()
    play_to_showdown(hand)
    show_all(hand)
    main, side = hand.results
    assert (main.high_winners, main.low_winners) == ((0,), (2,))
    assert (side.high_winners, side.low_winners) == ((0,), (2,))
    assert shares(hand) == [{0: 5, 2: 4}, {0: 2, 2: 2}]
    assert hand.payoffs == (2, -3, 1)


def test_r3_7_a_mucked_low_does_not_count() -> None:
    """R3.7/R1.9: the only low mucks, so no low among the pot's players: the high scoops
    (with the R3.10 option ``showdown_muck`` on)."""
    game = WallStreet(ante=2, limits=(2, 2, 4, 4, 4), showdown_muck=True)
    hands = [
        "Kc Kd Ks Qh Jh 9c 3d",  # trip kings, no low
        "Ac 2d 3h 4s 6c Td Tc",  # 6-4-3-2-A
        "5d 5h Jc Qs 8h 8s 2c",  # two pair, no low
    ]
    hand = game.deal(stacks=[50] * 3, dealer=0, deck=ws_deck(hands, MARKET))
    play_to_showdown(hand)
    assert hand.to_act == 1
    hand.muck()
    hand.show()
    hand.show()
    (res,) = hand.results
    assert res.low_winners == () and res.high_winners == (0,)
    assert shares(hand) == [{0: 6}]
    assert hand.payoffs == (4, -2, -2)

def test_r3_8_odd_chip_of_a_split_pot_goes_to_the_high_half() -> None:
    """R3.8: a pot of 3 splits 2 to the high, 1 to the low."""
    hand = _showdown([
        "Kc Kd Ks Qh Jh 9c 3d",
        "Ac 2d 3h 4s 6c Td Tc",
        "5d 5h Jc Qs 8h 8s 2c",
    ], ante=1)
    assert shares(hand) == [{0: 2, 1: 1}]
    assert hand.payoffs == (1, 0, -1)


@pytest.mark.parametrize(("dealer", "odd_seat"), [(0, 2), (1, 2), (2, 0)])
def test_r3_8_odd_chip_in_the_high_half_to_first_tied_winner_from_dealer_left(
    dealer: int, odd_seat: int
) -> None:
    """R3.8: seats 0 and 2 tie for high (no low); of the pot of 3 the odd chip goes to
    whichever comes first clockwise from the dealer's left."""
    hand = _showdown([
        "Kc Kd Qs Qh 2s Jc 9c",
        "Tc Td 9h 9s Js 3c 3d",  # two pair, tens and nines
        "Ks Kh Qc Qd 3s Jd 9d",
    ], ante=1, dealer=dealer, market="Ah 8c 8d As")
    (res,) = hand.results
    assert res.high_winners == (0, 2) and res.low_winners == ()
    expected = {0: 1, 2: 1}
    expected[odd_seat] += 1
    assert shares(hand) == [expected]


def test_r3_8_odd_chip_in_the_low_half_to_first_tied_winner_from_dealer_left() -> None:
    """R3.8: pot 6 = high 3 + low 3; the low is tied between seats 0 and 2.

    Dealer 0, so clockwise from the dealer's left is 1, 2, 0: seat 2 gets the
    odd chip of the low half even though seat 0 has the lower number.
    """
    hand = _showdown([
        "7c 5c 4d 3h 2s Qs Jd",  # 7-5-4-3-2
        "Kc Kd Ks Qh Jh 6h 2d",  # trip kings
        "7d 5d 4h 3s 2h Js Qc",  # 7-5-4-3-2
    ], market="Ah 8c 8d As")
    (res,) = hand.results
    assert res.high_winners == (1,) and res.low_winners == (0, 2)
    assert shares(hand) == [{0: 1, 1: 3, 2: 2}]
    assert hand.payoffs == (-1, 1, 0)


# --------------------------------------------------------------------------- R3.9


def test_r3_9_no_open_pair_big_bet_in_wall_street() -> None:
    """R3.9: an open pair on board does not allow a bigger first bet; only the round's limit."""
    hands = ["Kc Kd Ks Qh Qd 9c Td", "Jc Jd 7s 7h 8h 3d 3c", "Ac Ad 4s 6c 6d Tc Th"]
    hand = WS.deal(stacks=[50] * 3, dealer=0, deck=ws_deck(hands, MARKET_PLAIN))
    play_until = "fourth"
    while not (hand.street_name == play_until and hand.phase is Phase.BETTING):
        if hand.phase is Phase.BETTING:
            hand.check_or_call()
        else:
            hand.take_card()
    assert hand.up_cards(1) == cards("7s 7h")  # an open pair
    assert all(not s.open_pair and s.big_bet is None for s in WS.streets)
    assert acts(hand) == [act(1, ActionKind.CHECK), act(1, ActionKind.BET, 2)]
    with pytest.raises(IllegalAction, match="wrong amount 4"):
        hand.apply(act(1, ActionKind.BET, 4))
    hand.bet_or_raise()
    assert acts(hand) == [act(2, ActionKind.FOLD), act(2, ActionKind.CALL, 2),
                          act(2, ActionKind.RAISE, 4)]


# --------------------------------------------------------------------------- audit cases (issue 16)


def test_r3_5_purchase_never_buys_back_the_buyers_own_chips() -> None:
    """R3.5: seat 0 and seat 1 put in 5 each, seat 2 is all-in for 2, then seat 1 folds. Seat
    0's purchase goes into the main pot (seats 0 and 2), the highest pot that another player
    still in can win, not the side pot that only seat 0 can win (its own chips)."""
    game = WallStreet(ante=1, limits=2)
    hand = game.deal(stacks=[100, 100, 2], dealer=0, seed=7)
    hand.apply(act(1, ActionKind.BET, 2))
    hand.apply(act(2, ActionKind.CALL, 1))  # all-in: 2 in all
    hand.apply(act(0, ActionKind.CALL, 2))
    hand.take_card()  # seat 1; seat 2 (no chips) takes its card automatically
    hand.take_card()  # seat 0
    hand.apply(act(1, ActionKind.BET, 2))
    hand.apply(act(0, ActionKind.RAISE, 4))
    hand.apply(act(1, ActionKind.FOLD))  # seat 0's uncalled 2 go back: 5, 5 (folded), 2
    assert hand.contrib == [5, 5, 2]
    assert hand.phase is Phase.CARD_ROUND and hand.to_act == 0
    hand.buy(1)  # 1 x unit 2
    play_to_showdown(hand)
    show_all(hand)
    main, side = hand.results
    assert (main.amount, main.eligible) == (2 + 2 + 2 + 2, (0, 2))
    assert (side.amount, side.eligible) == (3 + 3, (0,))
    assert total_chips(hand) == 202


# --------------------------------------------------------------------------- rules a wrong engine cannot pass


def test_r1_4_r3_7_the_best_low_wins_not_the_worst() -> None:
    """R1.4/R3.7: 7-5-4-3-2 beats 8-6-5-4-3 (compared from the highest card down): the low
    half goes to the 7-low, the high half to the trip kings."""
    hand = _showdown([
        "Kc Kd Ks Qh Jh 9c Td",  # trip kings, no low
        "7c 5d 4h 3s 2c Qd Qc",  # 7-5-4-3-2
        "8d 6h 5c 4s 3d Jd Js",  # 8-6-5-4-3
    ], market="Ah As Ac Th")
    (res,) = hand.results
    assert res.high_winners == (0,) and res.low_winners == (1,)
    assert res.low_hand is not None and res.low_hand.description.startswith("7-5-4-3-2")
    assert shares(hand) == [{0: 3, 1: 3}]
    assert hand.payoffs == (1, 1, -2)


def test_r3_5_price_is_slot_times_the_market_unit() -> None:
    """R3.5/R3.2: in every card round slot k costs k x market_unit (here 3, which is neither a
    limit of the current round nor the first limit); the buyer pays exactly that."""
    game = WallStreet(ante=1, limits=(2, 2, 4, 4, 4), market_unit=3)
    hand = game.deal(stacks=[100] * 3, dealer=0, seed=21)
    for street in ("fourth", "fifth", "sixth"):
        while hand.phase is Phase.BETTING:
            hand.check_or_call()
        assert hand.phase is Phase.CARD_ROUND
        seat = hand.to_act
        assert seat is not None
        buys = [(a.slot, a.amount) for a in acts(hand) if a.kind is ActionKind.BUY]
        assert buys == [(1, 3), (2, 6), (3, 9), (4, 12)], street
        stack, pot = hand.stacks[seat], hand.pot
        with pytest.raises(IllegalAction, match="costs 9"):
            hand.apply(act(seat, ActionKind.BUY, 6, 3))  # 3 x the first limit: wrong
        hand.buy(3)
        assert hand.stacks[seat] == stack - 9 and hand.pot == pot + 9
        while hand.phase is Phase.CARD_ROUND:
            hand.take_card()


def test_r3_5_bought_slot_is_refilled_at_once_from_the_stub() -> None:
    """R3.5: the slot is refilled from the top of the stub right after the purchase, before
    the next player acts; the next free card is the stub card after the refill."""
    deck = ("Kc Qc Jc  Kd Qd Jd  Kh Qh Jh  2s 3s 4s 5s  "  # third street + market
            "6s 7s 8s 9s")
    hand = WS.deal(stacks=[50] * 3, dealer=0, deck=deck)
    for _ in range(3):
        hand.check_or_call()
    assert hand.to_act == 1
    start = len(hand.log)
    hand.buy(2)  # 3s
    assert hand.market == cards("2s 6s 4s 5s")
    assert [type(op) for op in hand.log[start:]] == [ActionTaken, CardDealt, MarketDealt]
    assert hand.log[-1] == MarketDealt(slot=2, card=Card.parse("6s"))
    assert hand.to_act == 2  # the refill came before the next player's turn
    hand.buy(2)  # the refilled card
    assert hand.up_cards(2) == cards("Qh 6s") and hand.market == cards("2s 7s 4s 5s")
    hand.take_card()
    assert hand.up_cards(0) == cards("Jh 8s")


def test_r3_5_slot_stays_empty_when_the_stub_is_empty() -> None:
    """R3.5: a bought slot is refilled only if the stub has a card; else it stays empty and
    cannot be bought. (With 52 cards and at most 7 players the stub never runs dry in a card
    round, docs/rules-decisions.md, so the test empties the stub of a dealt hand.)"""
    hand = _first_card_round(WS)
    hand._stub = hand._stub[:hand._next + 1]  # one card left: seat 1's refill takes it
    hand._fixed = len(hand._stub)
    hand.buy(1)
    assert hand.stub_size == 0 and hand.market[0] is not None
    assert hand.to_act == 2
    hand.buy(2)  # nothing left to refill slot 2
    assert hand.market[1] is None
    assert [type(op) for op in hand.log[-2:]] == [ActionTaken, CardDealt]  # no refill
    assert all(a.slot != 2 for a in acts(hand) if a.kind is ActionKind.BUY)
    with pytest.raises(IllegalAction, match="slot 2 is empty"):
        hand.apply(act(0, ActionKind.BUY, 4, 2))


def test_r3_5_purchase_is_dead_money_in_the_pot_not_a_bet() -> None:
    """R3.5: the price goes into the pot as dead money: it is not the buyer's bet (nothing is
    owed after it, it is not returned) and it goes to the pot every player can win here."""
    hand = _first_card_round(WS, stacks=(100, 100, 3))  # seat 2 has 2 chips behind
    contrib = list(hand.contrib)
    hand.buy(4)  # seat 1 pays 8
    assert hand.contrib == contrib and hand.pot == sum(contrib) + 8
    hand.take_card()  # seat 2
    hand.take_card()  # seat 0
    assert acts(hand)[0] == act(1, ActionKind.CHECK)  # nothing owed: dead money is no bet
    hand.check_or_call()
    hand.bet_or_raise()  # seat 2 bets 2, all-in (3 in all)
    hand.check_or_call()
    hand.check_or_call()
    play_to_showdown(hand)
    show_all(hand)
    (main,) = hand.results
    assert main.eligible == (0, 1, 2) and main.amount == 3 * 3 + 8


def test_r3_5_free_card_is_dealt_face_up() -> None:
    """R3.5: the free card goes face up: logged face up, public in every view."""
    hand = _first_card_round(WS)
    hand.take_card()  # seat 1
    dealt = hand.log[-1]
    assert isinstance(dealt, CardDealt) and dealt.seat == 1 and dealt.face_up
    assert dealt.card == hand.up_cards(1)[-1]
    for viewer in (None, 0, 2):
        assert hand.view(viewer).players[1].up[-1] == dealt.card
        assert dealt.card not in hand.view(viewer).players[1].down
