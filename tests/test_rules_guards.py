"""Tests a wrong rule cannot pass: behaviours that one-line changes of the engine once left
unnoticed (R1.6, R2.4, R2.5, tournament payouts), and what each betting action records
in the one betting round (``studpoker.engine.betting``) the hand calls."""

from __future__ import annotations

import pytest

from studpoker.bots import make_bot
from studpoker.engine import Action, ActionKind, IllegalAction, SevenCardStud, WallStreet
from studpoker.engine.betting import BettingRound
from studpoker.engine.hand import Hand
from studpoker.engine.operations import ActionTaken
from studpoker.tournament import Tournament, TournamentConfig, payout_percentages, prizes

STUD = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)


def kinds(hand: Hand) -> list[tuple[ActionKind, int]]:
    return [(a.kind, a.amount) for a in hand.legal_actions()]


def rnd(hand: Hand) -> BettingRound:
    assert hand._round is not None
    return hand._round


# --------------------------------------------------------------------------- R1.6


def test_r1_6_r2_5_short_all_in_raise_after_a_completion_does_not_reopen_for_the_completer() -> None:
    """R1.6/R2.5: stud 5/10: seat 1 completes to 5, seat 2 goes all-in to 7 (a raise of 2,
    less than half of 5): the completer may only call or fold; the bring-in, whose last
    action came before the completion, may still raise."""
    hand = STUD.deal(stacks=[100, 100, 1 + 7], dealer=2, deck="Ah Ad Ac Kh Kd Kc 2s 9d 9c")
    assert hand.to_act == 0
    hand.bring_in()
    hand.bet_or_raise()  # seat 1 completes to 5
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 5), (ActionKind.RAISE, 7)]
    hand.bet_or_raise()  # seat 2 all-in to 7
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 5), (ActionKind.RAISE, 10)]
    hand.check_or_call()  # seat 0 calls 7
    assert hand.to_act == 1
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 2)]
    with pytest.raises(IllegalAction, match="cannot raise"):
        hand.apply(Action(seat=1, kind=ActionKind.RAISE, amount=12))


def test_r1_6_successive_short_all_ins_add_up_to_a_full_raise() -> None:
    """R1.6 (docs/rules-decisions.md): limit 10, seat 0 bets 10, seat 1 all-in to 13 (short),
    seat 2 all-in to 16: together 6, more than half a raise, so the bettor may raise again
    (to 16 + 10); after the first short all-in alone it could not."""
    game = WallStreet(ante=1, limits=10)
    hand = game.deal(stacks=[100, 1 + 13, 1 + 16, 100], dealer=3, seed=1)
    assert hand.to_act == 0
    hand.bet_or_raise()  # 10
    hand.bet_or_raise()  # seat 1 all-in 13
    assert hand.stacks[1] == 0
    alone = hand.copy()
    alone.fold()  # seat 2 folds: the short all-in stands alone
    alone.check_or_call()  # seat 3 calls 13
    assert kinds(alone) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 3)]
    hand.bet_or_raise()  # seat 2 all-in 16
    assert hand.stacks[2] == 0
    hand.check_or_call()  # seat 3 calls 16
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 6), (ActionKind.RAISE, 26)]


def test_r1_6_a_caller_facing_a_short_all_in_raise_may_only_call_or_fold() -> None:
    """R1.6: limit 4, seat 1 bets 4, seat 2 calls, seat 0 raises all-in to 5 (short): the
    bettor and the caller, who both acted, may only call the 1 or fold."""
    game = WallStreet(ante=1, limits=4)
    hand = game.deal(stacks=[1 + 5, 100, 100], dealer=0, seed=2)
    assert hand.to_act == 1
    hand.bet_or_raise()  # 4
    hand.check_or_call()  # seat 2 calls
    hand.bet_or_raise()  # seat 0 all-in to 5
    assert hand.stacks[0] == 0
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 1)]  # the bettor
    hand.check_or_call()
    assert hand.to_act == 2
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 1)]  # the caller
    with pytest.raises(IllegalAction, match="cannot raise"):
        hand.apply(Action(seat=2, kind=ActionKind.RAISE, amount=8))


# --------------------------------------------------------------------------- what is recorded


def test_r1_5_what_a_call_a_check_and_a_fold_record() -> None:
    """R1.5: a check puts in nothing, marks the seat as having acted at the current full
    level and leaves the bets alone; a call adds exactly the amount owed to the seat's bet;
    a fold puts in nothing and only takes the seat out of the players still to act. Each
    record's ``paid`` is what left the stack."""
    game = WallStreet(ante=1, limits=4)
    hand = game.deal(stacks=[100, 100, 100, 100], dealer=3, seed=5)
    r = rnd(hand)
    assert hand.to_act == 0 and r.pending == {0, 1, 2, 3}

    hand.check_or_call()  # seat 0 checks
    assert (r.bets, r.current, r.full_level, r.raises) == ([0, 0, 0, 0], 0, 0, 0)
    assert r.pending == {1, 2, 3} and r.acted_full == {0: 0}
    check = hand.log[-1]
    assert isinstance(check, ActionTaken) and check.action.kind is ActionKind.CHECK
    assert check.paid == 0 and hand.stacks[0] == 99

    hand.bet_or_raise()  # seat 1 bets 4
    assert (r.bets, r.current, r.full_level, r.raises) == ([0, 4, 0, 0], 4, 4, 1)
    assert r.pending == {0, 2, 3}

    hand.check_or_call()  # seat 2 calls 4
    call = hand.log[-1]
    assert isinstance(call, ActionTaken) and call.action == Action(seat=2, kind=ActionKind.CALL, amount=4)
    assert call.paid == 4 and hand.stacks[2] == 95 and hand.contrib[2] == 5
    assert r.bets == [0, 4, 4, 0] and r.current == 4 and r.full_level == 4 and r.raises == 1
    assert r.pending == {0, 3} and r.acted_full[2] == 4

    hand.fold()  # seat 3 folds
    fold = hand.log[-1]
    assert isinstance(fold, ActionTaken) and fold.action.kind is ActionKind.FOLD
    assert fold.paid == 0 and hand.stacks[3] == 99 and hand.folded[3]
    assert r.bets == [0, 4, 4, 0] and r.pending == {0} and 3 not in r.acted_full

    at = len(hand.log)
    hand.check_or_call()  # seat 0 calls: the round is over
    assert hand.log[at] == ActionTaken(action=Action(seat=0, kind=ActionKind.CALL, amount=4), paid=4)
    assert hand.contrib == [5, 5, 5, 1] and hand.phase.value == "card_round"


def test_r1_5_the_hand_offers_exactly_the_betting_rounds_options() -> None:
    """R1.5/R1.12: the legal actions the hand lists are the round's options, the same
    objects; an action equal to a legal one but built by the caller is accepted too."""
    hand = STUD.deal(stacks=[100] * 4, dealer=0, seed=3)
    while not hand.is_over and hand.phase.value == "betting":
        seat = hand.to_act
        assert seat is not None
        r = rnd(hand)
        if seat == hand._bring_in_seat and not r.acted_full:
            expected = r.bring_in_options(seat, hand.stacks[seat])
        else:
            live = sum(1 for s in range(hand.n) if not hand.folded[s] and hand.stacks[s])
            expected = r.options(seat, hand.stacks[seat], live)
        legal = hand.legal_actions()
        assert legal == expected and all(a is b for a, b in zip(legal, expected, strict=True))
        chosen = legal[-1]
        hand.apply(Action(seat=chosen.seat, kind=chosen.kind, amount=chosen.amount))


# --------------------------------------------------------------------------- payouts


def test_payout_table_with_more_places_than_entrants_gives_the_rest_to_the_winner() -> None:
    """A custom payout table paying four places, for three entrants: the fourth place's
    share goes to the winner (not to the last paid place)."""
    table = ((10, (50, 30, 15, 5)),)
    assert payout_percentages(3, table) == (55, 30, 15)
    assert payout_percentages(2, table) == (70, 30)
    config = TournamentConfig(game=STUD, payouts=table)
    t = Tournament(config=config, players=["a", "b", "c"], seed=1)
    assert t.prize_table == prizes(t.prize_pool, (55, 30, 15))
    t.play({name: make_bot("rule", seed=i) for i, name in enumerate("abc")})
    result = t.result()
    first, second, third = result.finish
    assert (first.prize, second.prize, third.prize) == (165, 90, 45)
    assert sum(result.payouts.values()) == result.prize_pool
