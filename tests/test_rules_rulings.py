"""Defects found by an audit of the engine and the rulings made since (docs/rules.md R1.2, R1.7,
R1.9, R2.4, R2.6, R4.2, R4.3): each test names its rule id and plays the exact scenario.

Decks are in dealing order: third street round-robin from the dealer's left (first down
card to each seat, then the second, then the door card), then one card per active seat
per later street, again from the dealer's left.
"""

from __future__ import annotations

from studpoker.describe import describe_operation
from studpoker.engine import Action, ActionKind, Card, Phase, SevenCardStud, WallStreet
from studpoker.engine.hand import Hand
from studpoker.engine.operations import ActionTaken, CardDealt
from studpoker.engine.pots import Pot
from studpoker.engine.settlement import settle
from studpoker.engine.table import Table, default_action

STUD = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)
WS = WallStreet(ante=1, limits=(2, 2, 4, 4, 4))


def kinds(hand: Hand) -> list[tuple[ActionKind, int]]:
    return [(a.kind, a.amount) for a in hand.legal_actions()]


def taken(hand: Hand, kind: ActionKind) -> list[int]:
    """The seats that took an action of ``kind``, in log order."""
    return [op.action.seat for op in hand.log if isinstance(op, ActionTaken) and op.action.kind is kind]


def awards(hand: Hand) -> list[tuple[int, tuple[int, ...], dict[int, int]]]:
    return [(r.amount, r.eligible, dict(r.shares)) for r in hand.results]


# --------------------------------------------------------------------------- R2.6


def test_r2_6_open_pair_counts_only_on_an_active_players_board() -> None:
    """R2.6: seat 1 shows 9-9 on fourth street but left the table during third street, so
    it is folded at its turn; the open pair was on its board only, so seat 2 is offered the
    small bet and no longer the big one (the pair is judged when the bet is made)."""
    hand = STUD.deal(stacks=[100] * 3, dealer=2, deck="Kc Ac Jc Kd Ad Qd 2c 9c 8c 3c 9d 7c")
    assert hand.to_act == 0  # 2c brings in
    hand.bring_in()
    hand.check_or_call()  # seat 1 calls
    hand.leave(1)
    hand.check_or_call()  # seat 2 calls
    assert hand.street_name == "fourth" and hand.up_cards(1) == [Card.parse("9c"), Card.parse("9d")]
    assert hand.to_act == 1 and kinds(hand) == [(ActionKind.FOLD, 0)]
    hand.fold()
    assert hand.to_act == 2
    assert kinds(hand) == [(ActionKind.CHECK, 0), (ActionKind.BET, 5)]
    hand.bet_or_raise()
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 5), (ActionKind.RAISE, 10)]


def test_r2_6_open_pair_stays_while_its_owner_is_in_the_hand() -> None:
    """R2.6: the same deal without anyone leaving: seat 1's 9-9 gives the big-bet choice,
    to seat 1 and, after its check, to seat 2."""
    hand = STUD.deal(stacks=[100] * 3, dealer=2, deck="Kc Ac Jc Kd Ad Qd 2c 9c 8c 3c 9d 7c")
    hand.bring_in()
    hand.check_or_call()
    hand.check_or_call()
    assert kinds(hand) == [(ActionKind.CHECK, 0), (ActionKind.BET, 5), (ActionKind.BET, 10)]
    hand.check_or_call()
    assert kinds(hand) == [(ActionKind.CHECK, 0), (ActionKind.BET, 5), (ActionKind.BET, 10)]


# Dealer 0 (order 1, 2, 0): seat 1 brings in with the 2c; seat 0 pairs its king on fourth
# street and acts first there.
OPEN_PAIR = "3d 7h Ah 4d 8h Qd 2c Kh Ks 5s 9c Kd"


def _open_pair_with_a_short_stack() -> Hand:
    """Seat 2 has 3 chips behind on fourth street; seats 0 and 1 check to it."""
    hand = STUD.deal(stacks=[100, 100, 1 + 2 + 3], dealer=0, deck=OPEN_PAIR)
    hand.bring_in()  # 1
    hand.check_or_call()  # 2
    hand.check_or_call()  # 0
    assert hand.street_name == "fourth" and hand.to_act == 0
    assert kinds(hand) == [(ActionKind.CHECK, 0), (ActionKind.BET, 5), (ActionKind.BET, 10)]
    hand.check_or_call()  # 0
    hand.check_or_call()  # 1
    assert kinds(hand) == [(ActionKind.CHECK, 0), (ActionKind.BET, 3)]
    hand.bet_or_raise()  # seat 2 all-in for 3
    return hand


def test_r2_6_all_in_first_bet_below_the_small_bet_leaves_the_choice_open() -> None:
    """R2.6: on an open pair (5/10), seat 2 bets all-in for 3: that chooses nothing, so the
    first full bet may still be small (5) or big (10), and seats 0 and 1, who checked
    before the all-in, may make it (no full bet had been made)."""
    hand = _open_pair_with_a_short_stack()
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 3), (ActionKind.RAISE, 5),
                           (ActionKind.RAISE, 10)]
    hand.check_or_call()  # seat 0 calls 3
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 3), (ActionKind.RAISE, 5),
                           (ActionKind.RAISE, 10)]
    hand.bet_or_raise(big=True)  # seat 1: the big bet, 10
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 7), (ActionKind.RAISE, 20)]


def test_r2_6_small_first_bet_after_a_short_all_in_sets_small_raises() -> None:
    """R2.6: after the all-in for 3, a first full bet of 5 chooses the small bet: raises are
    then +5 (to 10), the big bet is no longer offered."""
    hand = _open_pair_with_a_short_stack()
    hand.bet_or_raise()  # seat 0: 5, the small bet
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 5), (ActionKind.RAISE, 10)]


# --------------------------------------------------------------------------- R2.4


def test_r2_4_bring_in_with_a_stack_equal_to_the_bring_in_is_offered_the_bring_in_only() -> None:
    """R2.4: the low card has exactly the bring-in (2) after the ante: it posts it, all-in;
    no "completion" to the same 2 chips is offered."""
    hand = STUD.deal(stacks=[1 + 2, 100, 100], dealer=2, deck="Ah Ad Ac Kh Kd Kc 2s 9d 9c")
    assert hand.to_act == 0
    assert kinds(hand) == [(ActionKind.BRING_IN, 2)]
    hand.bring_in()
    assert hand.stacks[0] == 0
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 2), (ActionKind.COMPLETE, 5)]


# --------------------------------------------------------------------------- R4.3


def test_r4_3_wall_street_leaver_with_chips_is_folded_in_the_card_round() -> None:
    """R4.3: Wall Street, stacks [100, 2, 100], dealer 2, seed 9. After three checks seat 1
    (1 chip: no market slot affordable, not all-in) leaves. When seat 0 has taken its card,
    seat 1 is folded instead of being dealt the free card, and seat 2 gets the card that
    seat 1 would have been dealt."""
    hand = WS.deal(stacks=[100, 2, 100], dealer=2, seed=9)
    for _ in range(3):
        hand.check_or_call()
    assert hand.phase is Phase.CARD_ROUND and hand.stacks[1] == 1
    stayed = hand.copy()  # the same hand, nobody leaving
    hand.leave(1)
    hand.take_card()  # seat 0
    assert hand.to_act == 1 and kinds(hand) == [(ActionKind.FOLD, 0)]
    hand.fold()
    assert hand.folded[1] and len(hand.up_cards(1)) == 1
    hand.take_card()  # seat 2
    stayed.take_card()  # seat 0; seat 1 can afford no slot: its free card is dealt at once
    assert stayed.to_act == 2 and len(stayed.up_cards(1)) == 2
    assert hand.up_cards(2)[-1] == stayed.up_cards(1)[-1]


def test_r4_3_wall_street_all_in_leaver_takes_the_free_card() -> None:
    """R4.3: a player who leaves while all-in has no decision in a card round: the free card
    is dealt to them as to any all-in player, and their hand plays on."""
    hand = WS.deal(stacks=[100, 1, 100], dealer=2, seed=9)
    assert hand.stacks[1] == 0  # all-in from the ante
    hand.leave(1)
    hand.check_or_call()
    hand.check_or_call()
    hand.take_card()  # seat 0
    assert hand.to_act == 2 and len(hand.up_cards(1)) == 2 and not hand.folded[1]


def test_r4_3_bring_in_leaver_posts_the_bring_in_and_is_folded_at_the_next_decision() -> None:
    """R4.3/R2.4: the low card's player left before acting: the bring-in, which cannot be
    folded, is posted (the completion is not offered), and they are folded at their next
    decision."""
    table = Table(game=STUD, seats=3)
    for i in range(3):
        table.sit(i, name=f"p{i}", chips=100)
    hand = table.start_hand(deck="Kc Ac Jc Kd Ad Qd 2c 9c 8c")  # button seat 0: order 1, 2, 0
    bring_in = hand.to_act
    assert bring_in is not None and hand.up_cards(bring_in) == [Card.parse("2c")]
    table.leave(table.hand_seats[bring_in])
    assert kinds(hand) == [(ActionKind.BRING_IN, 2)]
    table.act(hand.legal_actions()[0])
    assert hand.to_act != bring_in
    table.act(hand.legal_actions()[-1])  # the next player completes to 5
    table.act(hand.legal_actions()[1])  # the third calls
    # the leaver's next decision (facing the completion): folded by the table
    assert hand.folded[bring_in]
    assert taken(hand, ActionKind.FOLD) == [bring_in]


def _leaver_keeps_the_side_pot_stud() -> Hand:
    """Stud, stacks [4, 100, 100], dealer 2: seat 0 brings in, seat 1 completes, seat 2
    calls, seat 0 calls all-in; fourth and fifth checked; sixth: seat 1 bets, leaves,
    seat 2 folds."""
    hand = STUD.deal(stacks=[4, 100, 100], dealer=2,
                     deck="2c Ks Qs 3d Kd Qd 4d Kh Jh 7s Kc Th 8h 5h 2s 9c 6s 3h Jc Ah")
    hand.bring_in()  # 0
    hand.bet_or_raise()  # 1 completes to 5
    hand.check_or_call()  # 2
    hand.check_or_call()  # 0 all-in
    assert hand.stacks == [0, 94, 94] and hand.contrib == [4, 6, 6]
    while hand.street_name in ("fourth", "fifth"):
        hand.check_or_call()
    assert hand.street_name == "sixth" and hand.to_act == 1
    hand.bet_or_raise()
    hand.leave(1)
    hand.fold()  # seat 2
    return hand


def test_r4_3_r1_9_leaver_is_not_forced_to_show_by_a_one_player_side_pot() -> None:
    """R4.3/R1.9: seat 1 left; the side pot of 4 has seat 1 as its only eligible player,
    which needs no showdown: seat 1 mucks (giving up the main pot it would win with kings),
    seat 0 takes the main pot of 12 and seat 1 the side pot."""
    hand = _leaver_keeps_the_side_pot_stud()
    assert hand.phase is Phase.SHOWDOWN and hand.to_act == 1
    assert kinds(hand) == [(ActionKind.MUCK, 0)]
    hand.muck()
    assert hand.is_over
    assert awards(hand) == [(12, (0, 1), {0: 12}), (4, (1,), {1: 4})]
    assert hand.payoffs == (8, -2, -6)
    assert taken(hand, ActionKind.SHOW) == []


def test_r4_3_r1_9_same_in_wall_street_at_the_last_betting_round() -> None:
    """R4.3/R1.9 in Wall Street (where nobody else may muck): seat 0 all-in in the first
    round, seat 2 folds to seat 1's bet in the last round and seat 1 leaves: seat 1 mucks,
    seat 0 wins the main pot unseen, seat 1 keeps the side pot only it can win."""
    hand = WS.deal(stacks=[4, 100, 100], dealer=2, seed=3)
    hand.bet_or_raise()  # 0 bets 2
    hand.bet_or_raise()  # 1 raises to 4
    hand.check_or_call()  # 2
    hand.check_or_call()  # 0 all-in for 3
    assert hand.contrib == [4, 5, 5]
    while hand.street_name != "seventh":
        if hand.phase is Phase.CARD_ROUND:
            hand.take_card()
        else:
            hand.check_or_call()
    hand.bet_or_raise()  # seat 1
    hand.leave(1)
    hand.fold()  # seat 2
    assert hand.phase is Phase.SHOWDOWN and kinds(hand) == [(ActionKind.MUCK, 0)]
    hand.muck()
    assert hand.is_over
    assert awards(hand) == [(12, (0, 1), {0: 12}), (2, (1,), {1: 2})]


def test_r4_3_wall_street_leaver_folded_in_a_card_round_keeps_a_pot_only_it_can_win() -> None:
    """R4.3: the same side pot, but seat 1 leaves in the second round: it is folded at the
    next card round (it has chips) and gives up the main pot; the side pot, in which it is
    the only eligible player, is still its own."""
    hand = WS.deal(stacks=[4, 100, 100], dealer=2, seed=3)
    hand.bet_or_raise()
    hand.bet_or_raise()
    hand.check_or_call()
    hand.check_or_call()
    while hand.phase is Phase.CARD_ROUND:
        hand.take_card()
    hand.bet_or_raise()  # seat 1 bets 2
    hand.leave(1)
    hand.fold()  # seat 2: seat 1's bet comes back
    assert hand.phase is Phase.CARD_ROUND and hand.to_act == 1
    assert kinds(hand) == [(ActionKind.FOLD, 0)]
    hand.fold()
    assert hand.is_over
    assert awards(hand) == [(12, (0, 1), {0: 12}), (2, (1,), {1: 2})]
    assert hand.payoffs == (8, -3, -5)


def test_r4_3_all_in_leaver_keeps_a_live_hand_and_is_shown() -> None:
    """R4.3: seat 0 leaves after going all-in: it has no decision left, its hand plays on
    and is shown at the showdown, where it wins the main pot with three aces."""
    # seat 0: three aces; seat 1: three kings; seat 2: two pair
    hand = STUD.deal(stacks=[4, 100, 100], dealer=2,
                     deck="As Ks Qs Ad Kd Qd 2c Kh Jh Ac 7s Th 9d 5h 2s 8c 6s 3h 4c Jc 2h")
    assert hand.to_act == 0
    hand.bring_in()
    hand.bet_or_raise()  # 1 completes
    hand.check_or_call()  # 2
    hand.check_or_call()  # 0 all-in
    hand.leave(0)
    while hand.phase is Phase.BETTING:
        hand.check_or_call()
    order = []
    while not hand.is_over:
        order.append(hand.to_act)
        if hand.to_act == 0:
            assert kinds(hand) == [(ActionKind.SHOW, 0)]
        hand.show()
    assert 0 in order and 0 in taken(hand, ActionKind.SHOW)
    assert hand.results[0].high_winners == (0,)


# --------------------------------------------------------------------------- R1.9


def test_r1_9_a_beaten_hand_may_muck_and_still_take_its_own_side_pot() -> None:
    """R1.9: seat 1 is the only player eligible for the side pot (seat 2 folded), so it
    need not show to take it: it mucks its beaten hand, seat 0 wins the main pot unseen."""
    hand = STUD.deal(stacks=[4, 100, 100], dealer=2,
                     deck="2c 3s Qs Ks Kd Qd 4d Kh Jh 7s Kc Th 8h 5h 2s 9c 6s 3h Jc Ah")
    hand.bring_in()
    hand.bet_or_raise()
    hand.check_or_call()
    hand.check_or_call()
    while hand.street_name in ("fourth", "fifth"):
        hand.check_or_call()
    hand.bet_or_raise()  # seat 1
    hand.fold()  # seat 2
    assert hand.phase is Phase.SHOWDOWN and hand.to_act == 1
    assert kinds(hand) == [(ActionKind.SHOW, 0), (ActionKind.MUCK, 0)]
    hand.muck()
    assert hand.is_over
    assert awards(hand) == [(12, (0, 1), {0: 12}), (4, (1,), {1: 4})]
    assert hand.results[1].high_hand is None  # no showdown for that pot


def test_r1_9_a_pot_with_a_single_eligible_player_is_theirs_at_settlement() -> None:
    """R1.9: settle gives a single-eligible pot to its player whether or not they showed."""
    game = STUD
    cards = {0: "As Ad Ac Kc Kd 2h 3h", 1: "2c 3d 7h 8s 9d Jc 4s"}
    result = settle(game=game, pots=[Pot(index=0, amount=10, eligible=(0, 1)),
                                     Pot(index=1, amount=6, eligible=(0,))],
                    cards=lambda s: [Card.parse(t) for t in cards[s].split()],
                    shown={1}, dealer=1, n=2)
    assert [dict(r.shares) for r in result.results] == [{1: 10}, {0: 6}]


# --------------------------------------------------------------------------- R1.2


def test_r1_2_joker_standing_for_a_nine_loses_the_odd_chip_to_a_natural_nine() -> None:
    """R1.2/R2.10: two nine-high straights split a pot of 7; the joker stands for a 9 and
    has no suit, so the natural 9 (even a club) gets the odd chip."""
    game = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10, joker=True)
    hands = {0: "Jk 8c 7d 6h 5d 2c 3d", 1: "9c 8d 7h 6s 5c 2h 3s"}
    result = settle(game=game, pots=[Pot(index=0, amount=7, eligible=(0, 1))],
                    cards=lambda s: [Card.parse(t) for t in hands[s].split()],
                    shown={0, 1}, dealer=1, n=2)
    (pot,) = result.results
    assert pot.high_winners == (0, 1)
    assert dict(pot.shares) == {0: 3, 1: 4}


# --------------------------------------------------------------------------- R4.2, R1.7


def _play_out(table: Table) -> None:
    hand = table.hand
    assert hand is not None
    while not hand.is_over:
        table.act(default_action(hand))


def test_r4_2_adding_chips_deals_a_busted_player_back_in() -> None:
    """R4.2: a player who busted sits out until they add chips; adding chips deals them in
    again from the next hand, unless they chose to sit out."""
    table = Table(game=STUD, seats=3)
    for i, chips in enumerate((100, 100, 0)):
        table.sit(i, name=f"p{i}", chips=chips)
    seat = table.seats[2]
    assert seat is not None and seat.sitting_out
    assert table.ready_seats() == [0, 1]
    table.add_chips(2, 50)
    assert not seat.sitting_out and table.ready_seats() == [0, 1, 2]
    table.start_hand(seed=1)
    assert table.hand_seats == [0, 1, 2]
    _play_out(table)
    # a busted player who chooses to sit out stays out when chips are added
    seat.chips = 0
    table.sit_out(2)
    table.add_chips(2, 50)
    assert seat.sitting_out and table.ready_seats() == [0, 1]


def test_r4_2_a_player_busted_in_a_hand_is_dealt_in_again_after_adding_chips() -> None:
    """R4.2: heads-up until someone busts; the busted player adds chips and is dealt in."""
    table = Table(game=STUD, seats=2)
    table.sit(0, name="a", chips=10)
    table.sit(1, name="b", chips=200)
    seed = 0
    while all(p is not None and p.chips > 0 for p in table.seats):
        table.start_hand(seed=seed)
        hand = table.hand
        assert hand is not None
        while not hand.is_over:  # the short stack pushes, the big one calls
            legal = hand.legal_actions()
            table.act(next((a for a in legal if a.kind in (ActionKind.COMPLETE, ActionKind.BET,
                                                           ActionKind.RAISE, ActionKind.CALL)),
                           default_action(hand)))
        seed += 1
    busted = next(i for i, p in enumerate(table.seats) if p is not None and p.chips == 0)
    player = table.seats[busted]
    assert player is not None and player.sitting_out and not table.can_start()
    table.add_chips(busted, 30)
    assert table.can_start()
    table.start_hand(seed=seed)
    assert busted in table.hand_seats


def test_r1_7_button_moves_to_the_next_seat_dealt_in() -> None:
    """R1.7: the button moves clockwise to the next seat dealt into the new hand: empty,
    sitting-out and busted seats are skipped, and a seat back in is counted again."""
    table = Table(game=STUD, seats=6)
    for i in (0, 1, 3, 4):
        table.sit(i, name=f"p{i}", chips=100)
    table.sit(5, name="p5", chips=0)  # no chips: not dealt in
    table.sit_out(3)
    buttons = []
    for k in range(5):
        if k == 2:
            table.sit_out(3, False)  # seat 3 back from the third hand
        table.start_hand(seed=k)
        assert table.button in table.hand_seats
        hand = table.hand
        assert hand is not None and table.hand_seats[hand.dealer] == table.button
        buttons.append(table.button)
        _play_out(table)
        for i in (0, 1, 3, 4):  # keep everyone in chips
            player = table.seats[i]
            if player is not None and player.chips == 0:
                table.add_chips(i, 100)
    assert buttons == [0, 1, 3, 4, 0]
    assert all(b != 5 for b in buttons)


# --------------------------------------------------------------------------- what the log says


def test_r4_3_folded_leavers_cards_stay_dealt() -> None:
    """R4.3: a leaver folded in a card round keeps the cards it was dealt (the log is the
    truth), and no card is dealt to it after its fold."""
    hand = WS.deal(stacks=[100, 2, 100], dealer=2, seed=9)
    for _ in range(3):
        hand.check_or_call()
    hand.leave(1)
    hand.take_card()
    fold_at = len(hand.log)
    hand.fold()
    assert not any(isinstance(op, CardDealt) and op.seat == 1 for op in hand.log[fold_at:])
    assert Action(seat=1, kind=ActionKind.FOLD) == hand.log[fold_at].action  # type: ignore[attr-defined]


def test_r4_3_wall_street_card_round_leaver_replays_from_its_hand_history() -> None:
    """R4.3: the card-round fold of a player who left with chips (who would otherwise be
    dealt the free card at once) replays from the PHH history, whose ``_left`` names them."""
    from studpoker import phh

    hand = WS.deal(stacks=[100, 2, 100], dealer=2, seed=9)
    for _ in range(3):
        hand.check_or_call()
    hand.leave(1)
    hand.take_card()
    hand.fold()
    while not hand.is_over:
        hand.apply(hand.legal_actions()[0])
    text = phh.write(phh.from_hand(hand))
    assert "_left = [2]" in text and '"p2 f"' in text
    replayed = phh.replay(phh.read_one(text))
    assert [describe_operation(op) for op in replayed.log] == [describe_operation(op) for op in hand.log]
