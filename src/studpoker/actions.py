"""Actions a player can take, and the error an illegal one raises (R1.12).

An :class:`Action` is a tiny immutable value, like python-chess's ``Move``.
``Hand.legal_actions()`` lists them; ``Hand.apply(action)`` plays one.

Amounts: for ``BRING_IN``, ``COMPLETE``, ``BET`` and ``RAISE`` the amount is
the street total the player's bet is brought *to*; for ``CALL`` it is the
chips the call puts in (less than owed when all-in); ``BUY`` names a market
``slot`` (1..4) and its ``amount`` is the price paid. Other kinds carry 0.

>>> from studpoker.actions import Action, ActionKind
>>> str(Action(seat=2, kind=ActionKind.RAISE, amount=10))
'seat 2 raises to 10'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

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
        """The action in words (:func:`studpoker.describe.describe_action`): ``seat 2 bets 4``."""
        if not isinstance(self.kind, ActionKind):  # malformed: say what it is (R1.12 errors print it)
            return f"seat {self.seat} {self.kind!r} {self.amount!r}"
        from studpoker.describe import describe_action

        if not isinstance(self.kind, ActionKind):  # say what it is (R1.12 errors print it)
            return f"seat {self.seat} {self.kind!r} {self.amount!r}"
        return describe_action(self, name=f"seat {self.seat}")

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


_INTERNED: dict[ActionKind, dict[int, Action]] = {kind: {} for kind in ActionKind}


def make_action(seat: int, kind: ActionKind, amount: int = 0, slot: int = 0) -> Action:
    """An :class:`Action`, shared from a cache (actions are immutable values).

    The engine builds its legal actions with this; it saves allocating the
    same few values at every decision.
    """
    cache = _INTERNED[kind]
    key = (((amount << 3) | slot) << 5) | seat if 0 <= seat < 32 and 0 <= slot < 8 else -1
    action = cache.get(key)
    if action is None:
        action = Action(seat=seat, kind=kind, amount=amount, slot=slot)
        if key >= 0:
            if len(cache) > 20_000:
                cache.clear()
            cache[key] = action
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
