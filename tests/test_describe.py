"""Actions and log records in words: studpoker.describe, the one describer (issue 16)."""

from __future__ import annotations

import pytest

from studpoker import Action, ActionKind, SevenCardStud, WallStreet
from studpoker.cards import Card
from studpoker.describe import action_label, describe_action, describe_operation, seat_name
from studpoker.operations import (
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
