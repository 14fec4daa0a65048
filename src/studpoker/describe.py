"""Actions and log records in words: the one place the game's phrasing lives.

Every layer that shows a hand to a person (PHH replays, the terminal, the
server's messages for the browser) takes its words from here, so a bring-in
reads the same everywhere. The engine's records carry no words of their own.

``names`` maps a seat to what to call it (a list or a function); without it a
seat is ``"seat N"``. A card the reader may not see (``None``) is ``??``.

>>> from studpoker.engine.actions import Action, ActionKind
>>> describe_action(Action(seat=1, kind=ActionKind.BET, amount=4))
'bets 4'
>>> describe_action(Action(seat=1, kind=ActionKind.BUY, slot=2, amount=4), name="Ann", cards=["4d"])
'Ann buys slot 2: 4d'
>>> action_label(Action(seat=0, kind=ActionKind.TAKE_CARD))
'Take a free card'
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Sequence

from studpoker.engine import words as _words
from studpoker.engine.actions import Action, ActionKind
from studpoker.engine.cards import RANK_CHARS, Card, Rank
from studpoker.engine.operations import (
    ActionTaken,
    AntePosted,
    CardDealt,
    ChipsReturned,
    CommunityCardDealt,
    HandEnded,
    LogReader,
    MarketDealt,
    Operation,
    PotAwarded,
    StreetStarted,
    WildRanksChanged,
)

__all__ = [
    "UNSEEN",
    "Names",
    "action_label",
    "cards_text",
    "describe_action",
    "describe_operation",
    "follower_word",
    "pay_or_fold_text",
    "pot_name",
    "seat_name",
    "wild_text",
]

UNSEEN = "??"
"""How a card the reader may not see is written."""

Names = Sequence[str] | Callable[[int], str]
"""What to call each seat: a list indexed by seat, or a function of the seat."""

# (third person for a log, imperative for a button); "{amount}"/"{slot}" are filled in
_WORDS: dict[ActionKind, tuple[str, str]] = {
    ActionKind.FOLD: ("folds", "fold"),
    ActionKind.CHECK: ("checks", "check"),
    ActionKind.CALL: ("calls {amount}", "call {amount}"),
    ActionKind.BRING_IN: ("brings in {amount}", "bring in {amount}"),
    ActionKind.COMPLETE: ("completes to {amount}", "complete to {amount}"),
    ActionKind.BET: ("bets {amount}", "bet {amount}"),
    ActionKind.RAISE: ("raises to {amount}", "raise to {amount}"),
    ActionKind.TAKE_CARD: ("takes a free card", "take a free card"),
    ActionKind.BUY: ("buys slot {slot}", "buy slot {slot} for {amount}"),
    ActionKind.SHOW: ("shows", "show"),
    ActionKind.MUCK: ("mucks", "muck"),
    ActionKind.PAY: ("pays {amount} to stay in", "pay {amount} to stay in"),  # R8.2's face-up 3
}


def follower_word(rank: str) -> str:
    """A rank as players name a wild rank in a sentence: ``"7"``, ``"ten"``, ``"king"``.

    >>> follower_word("7"), follower_word("T"), follower_word("K")
    ('7', 'ten', 'king')
    """
    if rank in "23456789":
        return rank
    return Rank(RANK_CHARS.index("T" if rank == "10" else rank)).word


def wild_text(ranks: Sequence[str]) -> str:
    """The wild ranks in words (R8): ``"nines and threes are wild"``, ``"nothing is wild"``.

    >>> wild_text(["9", "3"]), wild_text(["Q", "7"]), wild_text([])
    ('nines and threes are wild', 'queens and sevens are wild', 'nothing is wild')
    """
    words = [Rank(RANK_CHARS.index("T" if r == "10" else r)).plural for r in ranks]
    return f"{' and '.join(words)} are wild" if words else "nothing is wild"


def pay_or_fold_text(price: int, *, name: str | None = None, card: Card | str | None = None) -> str:
    """Baseball's decision for a face-up 3 in words (R8.2).

    >>> pay_or_fold_text(10, name="Ann", card="3h")
    'Ann must pay 10 for the 3h dealt face up, or fold'
    >>> pay_or_fold_text(5)
    'pay 5 for the 3 dealt face up, or fold'
    """
    what = f"the {card}" if card is not None else "the 3"
    words = f"pay {price} for {what} dealt face up, or fold"
    return words if name is None else f"{name} must {words}"


def seat_name(seat: int, names: Names | None = None) -> str:
    """What to call ``seat``: its name from ``names``, else ``"seat N"``."""
    if names is None:
        return f"seat {seat}"
    if callable(names):
        return names(seat)
    return names[seat] if 0 <= seat < len(names) else f"seat {seat}"


def cards_text(cards: Iterable[Card | str | None]) -> str:
    """Cards separated by spaces, ``??`` for one the reader may not see."""
    return " ".join(UNSEEN if c is None else str(c) for c in cards)


_cards_text = cards_text


def pot_name(pot: int) -> str:
    """``"main pot"`` for pot 0, ``"side pot N"`` for the others."""
    return "main pot" if pot == 0 else f"side pot {pot}"


def describe_action(
    action: Action, *, name: str | None = None, cards: Sequence[Card | str | None] = ()
) -> str:
    """An action in words: ``"bets 4"``, ``"brings in 2"``, ``"takes a free card"``.

    With ``name`` the sentence starts with it; ``cards`` (shown, bought or
    taken) follow a colon: ``"Ann buys slot 2: 4d"``.
    """
    words = _WORDS[action.kind][0].format(amount=action.amount, slot=action.slot)
    if cards:
        words += ": " + cards_text(cards)
    return words if name is None else f"{name} {words}"


def action_label(action: Action) -> str:
    """A button's label for a legal action: ``"Raise to 10"``, ``"Buy slot 2 for 4"``."""
    words = _WORDS[action.kind][1].format(amount=action.amount, slot=action.slot)
    return words[0].upper() + words[1:]


def describe_operation(
    op: Operation, *, names: Names | None = None, unseen: Container[Card] = frozenset()
) -> str:
    """One log record in words, e.g. ``"seat 2 raises to 10"``, ``"third street"``.

    Records from a view hold ``None`` for cards the viewer may not see; those
    read ``??``, and so do the cards in ``unseen`` (stand-ins for unknown cards).
    """

    def cards_text(cards: Iterable[Card | None]) -> str:
        return _cards_text(None if c is not None and c in unseen else c for c in cards)

    if not isinstance(op, Operation):
        raise TypeError(f"not a log record: {op!r}")
    return _WORDS_OF(op, names, cards_text, unseen)


_CardsText = Callable[[Iterable[Card | None]], str]


def _taken(op: ActionTaken, names: Names | None, cards_text: _CardsText, unseen: Container[Card]) -> str:
    return describe_action(op.action, name=seat_name(op.action.seat, names),
                           cards=[None if c in unseen else c for c in op.cards])


def _street(op: StreetStarted, names: Names | None, cards_text: _CardsText, unseen: Container[Card]) -> str:
    return f"{op.name.replace('_', ' ')} street"


def _dealt(op: CardDealt, names: Names | None, cards_text: _CardsText, unseen: Container[Card]) -> str:
    return f"{seat_name(op.seat, names)} gets {cards_text([op.card])} " + ("up" if op.face_up else "down")


def _ante(op: AntePosted, names: Names | None, cards_text: _CardsText, unseen: Container[Card]) -> str:
    return f"{seat_name(op.seat, names)} posts ante {op.amount}"


def _community(op: CommunityCardDealt, names: Names | None, cards_text: _CardsText,
               unseen: Container[Card]) -> str:
    return f"community card {cards_text([op.card])}"


def _market(op: MarketDealt, names: Names | None, cards_text: _CardsText, unseen: Container[Card]) -> str:
    return f"market slot {op.slot}: {cards_text([op.card])}"


def _returned(op: ChipsReturned, names: Names | None, cards_text: _CardsText, unseen: Container[Card]) -> str:
    return f"{seat_name(op.seat, names)} takes back {op.amount} uncalled"


def _awarded(op: PotAwarded, names: Names | None, cards_text: _CardsText, unseen: Container[Card]) -> str:
    half = "" if op.half == "all" else f" ({op.half})"
    with_hand = f" with {op.hand}" if op.hand else ""
    return f"{seat_name(op.seat, names)} wins {op.amount} from the {pot_name(op.pot)}{half}{with_hand}"


def _ended(op: HandEnded, names: Names | None, cards_text: _CardsText, unseen: Container[Card]) -> str:
    return f"hand over; stacks {list(op.stacks)}"


def _wild(op: WildRanksChanged, names: Names | None, cards_text: _CardsText, unseen: Container[Card]) -> str:
    if op.follower is not None:  # R8.3
        return f"the {follower_word(op.follower)} is wild now"
    return "only " + wild_text(op.ranks) + " now" if op.ranks else "nothing is wild now"


_WORDS_OF: LogReader[str] = LogReader("describe", {
    ActionTaken: _taken, StreetStarted: _street, CardDealt: _dealt, AntePosted: _ante,
    CommunityCardDealt: _community, MarketDealt: _market, ChipsReturned: _returned,
    PotAwarded: _awarded, HandEnded: _ended, WildRanksChanged: _wild,
})
"""Each record type in words (:func:`describe_operation`)."""


def _action_words(action: Action) -> str:
    return describe_action(action, name=f"seat {action.seat}")


def _operation_words(op: Operation) -> str:
    return describe_operation(op)


_words.register(action=_action_words, operation=_operation_words)  # str() of actions and records
