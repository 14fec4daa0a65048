"""Actions and log records in words: studpoker.describe, the one describer (issue 16)."""

from __future__ import annotations

import pytest

from studpoker.describe import action_label, describe_action, describe_operation, seat_name
from studpoker.engine import Action, ActionKind, SevenCardStud, WallStreet
from studpoker.engine.cards import Card
from studpoker.engine.operations import (
    ActionTaken,
    AntePosted,
    CardDealt,
    ChipsReturned,
    CommunityCardDealt,
    HandEnded,
    MarketDealt,
    Operation,
    PotAwarded,
    StreetStarted,
    WildRanksChanged,
)

K = ActionKind
WORDS = [
    (Action(seat=0, kind=K.FOLD), "folds", "Fold"),
    (Action(seat=0, kind=K.CHECK), "checks", "Check"),
    (Action(seat=0, kind=K.CALL, amount=3), "calls 3", "Call 3"),
    (Action(seat=0, kind=K.BRING_IN, amount=2), "brings in 2", "Bring in 2"),
    (Action(seat=0, kind=K.COMPLETE, amount=5), "completes to 5", "Complete to 5"),
    (Action(seat=0, kind=K.BET, amount=4), "bets 4", "Bet 4"),
    (Action(seat=0, kind=K.RAISE, amount=10), "raises to 10", "Raise to 10"),
    (Action(seat=0, kind=K.TAKE_CARD), "takes a free card", "Take a free card"),
    (Action(seat=0, kind=K.BUY, slot=2, amount=4), "buys slot 2", "Buy slot 2 for 4"),
    (Action(seat=0, kind=K.SHOW), "shows", "Show"),
    (Action(seat=0, kind=K.MUCK), "mucks", "Muck"),
    (Action(seat=0, kind=K.PAY, amount=10), "pays 10 to stay in", "Pay 10 to stay in"),  # R8.2
]


@pytest.mark.parametrize(("action", "words", "label"), WORDS)
def test_every_action_kind_has_words_and_a_label(action: Action, words: str, label: str) -> None:
    assert describe_action(action) == words
    assert describe_action(action, name="Ann") == f"Ann {words}"
    assert action_label(action) == label
    assert str(action) == f"seat 0 {words}"


def test_an_action_has_a_short_notation_too() -> None:
    """``Action.notation()`` is the engine's own notation; ``str()`` is in this module's words
    (registered in ``studpoker.engine.words``, which the engine never imports upward for)."""
    assert Action(seat=2, kind=K.RAISE, amount=10).notation() == "seat 2 raise 10"
    assert Action(seat=1, kind=K.BRING_IN, amount=2).notation() == "seat 1 bring in 2"
    assert Action(seat=0, kind=K.BUY, slot=2, amount=4).notation() == "seat 0 buy slot 2 for 4"
    assert Action(seat=3, kind=K.FOLD).notation() == "seat 3 fold"
    assert str(Action(seat=2, kind=K.RAISE, amount=10)) == "seat 2 raises to 10"


def test_every_kind_is_covered() -> None:
    assert {a.kind for a, _, _ in WORDS} == set(ActionKind)


def test_cards_follow_a_colon_and_unseen_cards_read_unknown() -> None:
    buy = Action(seat=1, kind=K.BUY, slot=2, amount=4)
    assert describe_action(buy, cards=[Card.parse("4d")]) == "buys slot 2: 4d"
    show = Action(seat=1, kind=K.SHOW)
    assert describe_action(show, name="Bo", cards=["Ah", None]) == "Bo shows: Ah ??"


c = Card.parse
OPS: list[tuple[Operation, str]] = [
    (AntePosted(seat=1, amount=1), "Bo posts ante 1"),
    (StreetStarted(index=0, name="third"), "third street"),
    (CardDealt(seat=0, card=c("Ah"), face_up=True), "Ann gets Ah up"),
    (CardDealt(seat=2, card=None, face_up=False), "Cy gets ?? down"),
    (CommunityCardDealt(card=c("7c")), "community card 7c"),
    (MarketDealt(slot=3, card=c("Kd")), "market slot 3: Kd"),
    (ActionTaken(action=Action(seat=2, kind=K.TAKE_CARD), cards=(c("5s"),)), "Cy takes a free card: 5s"),
    (ActionTaken(action=Action(seat=0, kind=K.RAISE, amount=8), paid=6), "Ann raises to 8"),
    (ChipsReturned(seat=1, amount=3), "Bo takes back 3 uncalled"),
    (PotAwarded(pot=0, seat=0, amount=20, half="all", hand="two pair"), "Ann wins 20 from the main pot with two pair"),
    (PotAwarded(pot=1, seat=2, amount=5, half="low"), "Cy wins 5 from the side pot 1 (low)"),
    (HandEnded(stacks=(10, 20, 30)), "hand over; stacks [10, 20, 30]"),
    (WildRanksChanged(ranks=("Q", "7"), follower="7"), "the 7 is wild now"),  # R8.3
    (WildRanksChanged(ranks=("Q",)), "only queens are wild now"),
]


@pytest.mark.parametrize(("op", "text"), OPS)
def test_every_record_in_words(op: Operation, text: str) -> None:
    names = ["Ann", "Bo", "Cy"]
    assert describe_operation(op, names=names) == text
    assert describe_operation(op, names=lambda s: names[s]) == text
    plain = describe_operation(op)
    assert str(op) == plain
    for i, name in enumerate(names):
        plain = plain.replace(f"seat {i}", name)
    assert plain == text


def test_seat_name_falls_back_to_the_seat_number() -> None:
    assert seat_name(4) == "seat 4"
    assert seat_name(4, ["a", "b"]) == "seat 4"


def test_not_a_record() -> None:
    with pytest.raises(TypeError):
        describe_operation(object())  # type: ignore[arg-type]


@pytest.mark.parametrize("game", [
    SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10), WallStreet(ante=1, limits=(2, 2, 4, 4, 4))])
def test_a_whole_hand_describes_every_record(game: SevenCardStud | WallStreet) -> None:
    hand = game.deal(stacks=[60] * 4, seed=11)
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.apply(legal[len(hand.log) % len(legal)])
    for op in hand.log:
        assert describe_operation(op)
    for seat in range(4):
        for op in hand.view(seat).log:  # views hide cards: those read ??
            assert "None" not in describe_operation(op)


def test_r8_wild_ranks_and_pay_or_fold_in_words() -> None:
    """R8.2, R8.3: what is wild, a follower as players name it, Baseball's choice for a 3."""
    from studpoker.describe import follower_word, pay_or_fold_text, wild_text

    assert wild_text(["9", "3"]) == "nines and threes are wild"
    assert wild_text(["Q", "T"]) == "queens and tens are wild" and wild_text([]) == "nothing is wild"
    assert [follower_word(r) for r in ("2", "9", "T", "J", "K", "A")] == ["2", "9", "ten", "jack", "king", "ace"]
    assert str(WildRanksChanged(ranks=("K", "Q"), follower="K")) == "the king is wild now"
    assert str(WildRanksChanged(ranks=("Q",))) == "only queens are wild now"
    assert pay_or_fold_text(10, name="Ann", card=Card.parse("3h")) == \
        "Ann must pay 10 for the 3h dealt face up, or fold"
    pay = Action(seat=0, kind=K.PAY, amount=10)
    assert describe_action(pay, name="Ann") == "Ann pays 10 to stay in" and action_label(pay) == "Pay 10 to stay in"


def test_r8_1_hands_with_wild_cards_are_named_as_players_say_them() -> None:
    """R8.1: a showdown won with wild cards reads 'Five of a kind, sevens' in the log."""
    from studpoker.engine.games import from_options

    game = from_options("baseball", ante=1, bring_in=2, small_bet=5, big_bet=10)
    # seat 0: 7c 7d / 7h, then the 9s up and the 3c down (both wild); seat 1: nothing wild
    hand = game.deal(stacks=[100, 100], dealer=1, deck="7c 2c 7d 2d 7h 5s 9s 6c Kd 8h Qh Th 3c Jd")
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.apply(next((a for a in legal if a.kind in (K.PAY, K.CHECK, K.CALL, K.BRING_IN, K.SHOW)), legal[0]))
    awards = [op for op in hand.log if isinstance(op, PotAwarded)]
    assert [str(op) for op in awards] == ["seat 0 wins 6 from the main pot with Five of a kind, sevens"]
