"""The immutable log of a hand: one record per thing that happened.

The log is the single source of truth: replay, hand histories, views and the
UI are derived from it. Every record is a frozen, keyword-only dataclass.
``visible_to(seat)`` gives the record as that seat may see it (``None``
stands for a card it may not see); ``seat=None`` is the public view.
A record in words is the display layer's
(:func:`studpoker.describe.describe_operation`); ``str()`` of one is its
dataclass form.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

from studpoker.engine import words as _words
from studpoker.engine.actions import Action
from studpoker.engine.cards import Card

__all__ = [
    "OPERATION_TYPES",
    "READERS",
    "ActionTaken",
    "AntePosted",
    "CardDealt",
    "ChipsReturned",
    "CommunityCardDealt",
    "HandEnded",
    "LogReader",
    "MarketDealt",
    "Operation",
    "PotAwarded",
    "StreetStarted",
    "WildRanksChanged",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class Operation:
    """Base of every log record."""

    def __str__(self) -> str:
        """The record in words (:func:`studpoker.describe.describe_operation`, registered in
        :mod:`.words`); without the display layer, as its dataclass."""
        words = _words.operation_words
        return words(self) if words is not None else repr(self)

    def visible_to(self, seat: int | None, shown: frozenset[int]) -> Operation:
        """This record as ``seat`` sees it, given the seats whose hands were shown."""
        return self


@dataclass(frozen=True, slots=True, kw_only=True)
class AntePosted(Operation):
    """A seat posted its ante (all it had if short)."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class StreetStarted(Operation):
    """Street ``index`` (0 = third street) begins."""

    index: int
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CardDealt(Operation):
    """A card to one seat, face up or down. ``card`` is None where hidden from the viewer."""

    seat: int
    card: Card | None
    face_up: bool

    def visible_to(self, seat: int | None, shown: frozenset[int]) -> Operation:
        if self.face_up or seat == self.seat or self.seat in shown:
            return self
        return replace(self, card=None)


@dataclass(frozen=True, slots=True, kw_only=True)
class CommunityCardDealt(Operation):
    """One face-up card in the middle that every active player uses (R1.10)."""

    card: Card


@dataclass(frozen=True, slots=True, kw_only=True)
class MarketDealt(Operation):
    """A face-up card into Wall Street market slot 1..4 (R3.3, R3.5)."""

    slot: int
    card: Card


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionTaken(Operation):
    """A player's decision, with the chips it moved from the stack (``paid``).

    For SHOW, ``cards`` are the cards shown; for BUY, ``cards`` is the bought card.
    """

    action: Action
    paid: int = 0
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipsReturned(Operation):
    """Chips no one could call go back to the seat (R1.6)."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PotAwarded(Operation):
    """``amount`` of pot ``pot`` goes to ``seat``; ``half`` is "high", "low" or "all"."""

    pot: int
    seat: int
    amount: int
    half: str
    hand: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class WildRanksChanged(Operation):
    """The wild ranks changed (R8.3): ``ranks`` are wild from now on (rank characters,
    e.g. ``("Q", "7")``); ``follower`` is the rank that follows the last face-up queen, or
    None when a queen was the last face-up card (then only queens are wild). Public."""

    ranks: tuple[str, ...]
    follower: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class HandEnded(Operation):
    """The hand is over; ``stacks`` are the finishing stacks."""

    stacks: tuple[int, ...]


OPERATION_TYPES: tuple[type[Operation], ...] = (
    AntePosted, StreetStarted, CardDealt, CommunityCardDealt, MarketDealt, ActionTaken,
    ChipsReturned, PotAwarded, WildRanksChanged, HandEnded,
)
"""Every kind of log record. A new mechanic that logs something new adds its record here, and
then every reader of the log (:data:`READERS`) needs a handler for it (tests/test_layers.py
checks each one has a handler for every type)."""

R = TypeVar("R")


class LogReader(Generic[R]):
    """One reader of the log (PHH, words, statistics, the observation encoder, ...): its one
    handler per record type, in one table, so that no reader misses a record type.

    ``handlers`` maps each type of :data:`OPERATION_TYPES` to a function called with the record
    and whatever the reader passes along (``reader(op, *args)``); a record a reader does not use
    still has its handler, :meth:`skip`. Making one registers it in :data:`READERS` under ``name``.

    >>> count = LogReader("example", {t: (lambda op, seen: seen.append(type(op).__name__))
    ...                                for t in OPERATION_TYPES})
    >>> seen: list[str] = []
    >>> count(AntePosted(seat=0, amount=1), seen); seen
    ['AntePosted']
    >>> count.missing()
    ()
    >>> del READERS["example"]
    """

    __slots__ = ("handlers", "name")

    def __init__(self, name: str, handlers: Mapping[type[Operation], Callable[..., R]]) -> None:
        self.name = name
        self.handlers: dict[type[Operation], Callable[..., R]] = dict(handlers)
        READERS[name] = self

    def __call__(self, op: Operation, *args: Any) -> R:
        """The handler of ``op``'s type, called with ``op`` and ``args``."""
        handler = self.handlers.get(type(op))
        if handler is None:
            raise TypeError(f"the log reader {self.name!r} has no handler for {type(op).__name__}: {op!r}")
        return handler(op, *args)

    def handler(self, kind: type[Operation]) -> Callable[..., R]:
        """The handler of record type ``kind`` (for a reader that starts from the type, e.g. a
        decoder); :class:`TypeError` when it has none."""
        handler = self.handlers.get(kind)
        if handler is None:
            raise TypeError(f"the log reader {self.name!r} has no handler for {kind.__name__}")
        return handler

    def missing(self) -> tuple[str, ...]:
        """The record types of :data:`OPERATION_TYPES` this reader has no handler for."""
        return tuple(t.__name__ for t in OPERATION_TYPES if t not in self.handlers)

    @staticmethod
    def skip(op: Operation, *args: Any) -> None:
        """The handler of a record the reader has nothing to do with."""
        return None


READERS: dict[str, LogReader[Any]] = {}
"""Every reader of the log by name, registered as its module is imported."""


def _setter(cls: type, name: str) -> Callable[[object, object], None]:
    descriptor = cls.__dict__[name]
    return descriptor.__set__  # type: ignore[no-any-return]


_new = object.__new__
_cd_seat = _setter(CardDealt, "seat")
_cd_card = _setter(CardDealt, "card")
_cd_up = _setter(CardDealt, "face_up")
_at_action = _setter(ActionTaken, "action")
_at_paid = _setter(ActionTaken, "paid")
_at_cards = _setter(ActionTaken, "cards")
_ap_seat = _setter(AntePosted, "seat")
_ap_amount = _setter(AntePosted, "amount")
_ss_index = _setter(StreetStarted, "index")
_ss_name = _setter(StreetStarted, "name")


def ante_posted(seat: int, amount: int) -> AntePosted:
    """``AntePosted(seat=..., amount=...)``, built without the frozen-init overhead."""
    op: AntePosted = _new(AntePosted)
    _ap_seat(op, seat)
    _ap_amount(op, amount)
    return op


def street_started(index: int, name: str) -> StreetStarted:
    """``StreetStarted(index=..., name=...)``, built without the frozen-init overhead."""
    op: StreetStarted = _new(StreetStarted)
    _ss_index(op, index)
    _ss_name(op, name)
    return op


def card_dealt(seat: int, card: Card, face_up: bool) -> CardDealt:
    """``CardDealt(seat=..., card=..., face_up=...)``, built without the frozen-init overhead.

    Records are immutable values, so equal ones may be shared: the hand deals
    from complete tables of them (:mod:`studpoker.engine.hand`).
    """
    op: CardDealt = _new(CardDealt)
    _cd_seat(op, seat)
    _cd_card(op, card)
    _cd_up(op, face_up)
    return op


def action_taken(action: Action, paid: int) -> ActionTaken:
    """``ActionTaken(action=..., paid=...)``, built without the frozen-init overhead.

    Equal records may be shared: a game keeps those of its usual actions
    (:meth:`studpoker.engine.memo.GameMemo.record`).
    """
    op: ActionTaken = _new(ActionTaken)
    _at_action(op, action)
    _at_paid(op, paid)
    _at_cards(op, ())
    return op


def action_shown(action: Action, cards: tuple[Card, ...]) -> ActionTaken:
    """``ActionTaken(action=..., cards=...)`` (a SHOW), built without the frozen-init overhead."""
    op: ActionTaken = _new(ActionTaken)
    _at_action(op, action)
    _at_paid(op, 0)
    _at_cards(op, cards)
    return op


_cr_seat = _setter(ChipsReturned, "seat")
_cr_amount = _setter(ChipsReturned, "amount")
_he_stacks = _setter(HandEnded, "stacks")


def chips_returned(seat: int, amount: int) -> ChipsReturned:
    """``ChipsReturned(seat=..., amount=...)``, built without the frozen-init overhead."""
    op: ChipsReturned = _new(ChipsReturned)
    _cr_seat(op, seat)
    _cr_amount(op, amount)
    return op


def hand_ended(stacks: tuple[int, ...]) -> HandEnded:
    """``HandEnded(stacks=...)``, built without the frozen-init overhead."""
    op: HandEnded = _new(HandEnded)
    _he_stacks(op, stacks)
    return op
