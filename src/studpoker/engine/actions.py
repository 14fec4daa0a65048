"""Actions a player can take, and the error an illegal one raises (R1.12).

An :class:`Action` is a tiny immutable value, like python-chess's ``Move``.
``Hand.legal_actions()`` lists them; ``Hand.apply(action)`` plays one.

Amounts: for ``BRING_IN``, ``COMPLETE``, ``BET`` and ``RAISE`` the amount is
the street total the player's bet is brought *to*; for ``CALL`` it is the
chips the call puts in (less than owed when all-in); ``BUY`` names a market
``slot`` (1..4) and its ``amount`` is the price paid. Other kinds carry 0.

>>> from studpoker.engine.actions import Action, ActionKind
>>> str(Action(seat=2, kind=ActionKind.RAISE, amount=10))
'seat 2 raises to 10'
>>> Action(seat=2, kind=ActionKind.RAISE, amount=10).notation()
'seat 2 raise 10'

(The words are :func:`studpoker.describe.describe_action`'s, registered in
:mod:`studpoker.engine.words`; ``notation()`` is the engine's own short form.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from studpoker.engine import words as _words

__all__ = ["Action", "ActionKind", "IllegalAction", "make_action"]


class ActionKind(Enum):
    """Every kind of decision in both games."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BRING_IN = "bring_in"
    COMPLETE = "complete"
    BET = "bet"
    RAISE = "raise"
    TAKE_CARD = "take_card"
    BUY = "buy"
    SHOW = "show"
    MUCK = "muck"
    PAY = "pay"  # R8.2: pay for a face-up 3 (Baseball) rather than fold

    __hash__ = object.__hash__  # members are singletons; cheaper than Enum's name hash

    @property
    def is_aggressive(self) -> bool:
        """True for a bet, raise or completion (it sets a new level)."""
        return self in (ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE)



@dataclass(frozen=True, slots=True, kw_only=True)
class Action:
    """One player decision. See the module docstring for what ``amount`` means."""

    seat: int
    kind: ActionKind
    amount: int = 0
    slot: int = 0

    def __str__(self) -> str:
        """The action in words, as R1.12 errors print it: ``seat 2 raises to 10``
        (:func:`studpoker.describe.describe_action`, registered in :mod:`.words`);
        without the display layer, in short notation: ``seat 2 raise 10``."""
        words = _words.action_words
        if words is not None and isinstance(self.kind, ActionKind):  # (a malformed one: its notation)
            return words(self)
        return self.notation()

    def notation(self) -> str:
        """The action in the engine's short notation: ``seat 2 raise 10``,
        ``seat 0 buy slot 2 for 4``, ``seat 1 fold``."""
        if not isinstance(self.kind, ActionKind):  # malformed: say what it is
            return f"seat {self.seat} {self.kind!r} {self.amount!r}"
        text = f"seat {self.seat} {self.kind.value.replace('_', ' ')}"
        if self.kind is ActionKind.BUY:
            return f"{text} slot {self.slot} for {self.amount}"
        return f"{text} {self.amount}" if self.amount else text

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict: ``{"seat", "kind", "amount", "slot"}``."""
        return {"seat": self.seat, "kind": self.kind.value, "amount": self.amount, "slot": self.slot}

    @staticmethod
    def from_dict(data: dict[str, object]) -> Action:
        """Inverse of :meth:`to_dict`; raises ``ValueError`` on a malformed dict."""
        try:
            seat = data["seat"]
            kind = ActionKind(data["kind"])
            amount = data.get("amount", 0)
            slot = data.get("slot", 0)
        except (KeyError, ValueError) as exc:
            raise ValueError(f"malformed action {data!r}: {exc}") from None
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (seat, amount, slot)):
            raise ValueError(f"malformed action {data!r}: seat, amount and slot must be integers")
        assert isinstance(seat, int) and isinstance(amount, int) and isinstance(slot, int)
        return Action(seat=seat, kind=kind, amount=amount, slot=slot)


_new = object.__new__
_set_seat = Action.__dict__["seat"].__set__
_set_kind = Action.__dict__["kind"].__set__
_set_amount = Action.__dict__["amount"].__set__
_set_slot = Action.__dict__["slot"].__set__


def make_action(seat: int, kind: ActionKind, amount: int = 0, slot: int = 0) -> Action:
    """``Action(seat=..., kind=..., amount=..., slot=...)``, built without the frozen-init overhead.

    The engine builds its legal actions with this (the values it keeps for a
    game are held by that game: :class:`studpoker.engine.memo.GameMemo`).

    >>> make_action(1, ActionKind.CALL, 4) == Action(seat=1, kind=ActionKind.CALL, amount=4)
    True
    """
    action: Action = _new(Action)
    _set_seat(action, seat)
    _set_kind(action, kind)
    _set_amount(action, amount)
    _set_slot(action, slot)
    return action


class IllegalAction(ValueError):
    """An action the rules forbid at this point (R1.12). The hand is unchanged.

    ``reason`` says why; ``legal`` lists what the player to act may do.
    """

    def __init__(self, action: object, reason: str, legal: Sequence[Action]) -> None:
        self.action = action
        self.reason = reason
        self.legal = tuple(legal)
        options = ", ".join(str(a) for a in self.legal) or "none (the hand is over)"
        super().__init__(f"illegal action {action}: {reason}; legal: {options}")
