"""One fixed-limit betting round (R1.5, R1.6, R2.4-R2.6).

The round keeps only street-level state: each seat's bet this street, the
level of the last *full* bet or raise, how many bets and raises were made,
who still has to act, and at which full level each seat last acted. The hand
(:mod:`studpoker.hand`) owns the chips and calls :meth:`BettingRound.options`
and :meth:`BettingRound.record`.

House rules encoded here, all documented in ``docs/rules-decisions.md``:

* A bet or raise always brings the bet to ``full_level + increment``. An
  all-in for less is *short*; it counts as a full raise when it is at least
  half an increment above the last full level (R1.6), short all-ins adding up.
* A seat may raise only if it has not acted this round, or a full raise has
  been made since it last acted (R1.6).
* Cap: a bet and ``max_raises`` raises; none while exactly two players with
  chips remain and ``heads_up_uncapped`` (R1.5). Bring-in does not count;
  completion counts as the bet (R2.5).
* On the bring-in street, until someone completes, any player may complete;
  an all-in above the bring-in but below the small bet is not a completion.
* Folding is offered only when something is owed.
"""

from __future__ import annotations

from collections.abc import Set
from dataclasses import dataclass, field

from studpoker.actions import Action, ActionKind, make_action

__all__ = ["BettingRound"]

_FOLDS = tuple(make_action(seat, ActionKind.FOLD) for seat in range(32))
_CHECKS = tuple(make_action(seat, ActionKind.CHECK) for seat in range(32))
_CALL, _COMPLETE, _BET, _RAISE = ActionKind.CALL, ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE
_FOLD, _CHECK, _BRING_IN = ActionKind.FOLD, ActionKind.CHECK, ActionKind.BRING_IN

# The interned actions of make_action by ``amount << 5 | seat`` (seats are < 32), one
# table per kind: the options path looks them up without the call.
_BY_KIND: dict[ActionKind, dict[int, Action]] = {
    kind: {} for kind in (_CALL, _COMPLETE, _BET, _RAISE, _BRING_IN)
}
_CALLS = _BY_KIND[_CALL]


def _intern(kind: ActionKind, seat: int, amount: int) -> Action:
    table = _BY_KIND[kind]
    if len(table) >= 20_000:
        table.clear()
    action = table[amount << 5 | seat] = make_action(seat, kind, amount)
    return action


@dataclass(slots=True, kw_only=True)
class BettingRound:
    """State of one betting round. ``bets`` is indexed by seat."""

    increment: int
    big_increment: int | None = None  # open pair (R2.6): first bet may be big
    max_raises: int
    heads_up_uncapped: bool
    bring_in_street: bool = False
    bets: list[int]
    current: int = 0
    full_level: int = 0
    raises: int = 0  # bets + raises counted toward the cap
    completed: bool = False  # bring-in street: somebody completed
    pending: set[int] = field(default_factory=set)
    acted_full: dict[int, int] = field(default_factory=dict)
    last_aggressor: int | None = None

    def copy(self) -> BettingRound:
        """An independent copy: its own bets, pending seats and levels (for Hand.copy)."""
        other = object.__new__(type(self))  # copy.copy's result, without its generic protocol
        for name in _FIELDS:
            setattr(other, name, getattr(self, name))
        other.bets = list(self.bets)
        other.pending = set(self.pending)
        other.acted_full = dict(self.acted_full)
        return other

    def owed(self, seat: int) -> int:
        """Chips ``seat`` must add to call."""
        return self.current - self.bets[seat]

    def _raise_target(self) -> int:
        if self.bring_in_street and not self.completed:
            return self.increment  # completion to the small bet
        return self.full_level + self.increment

    def options(self, seat: int, stack: int, others_with_chips: int, heads_up: bool) -> list[Action]:
        """Legal actions for ``seat`` holding ``stack`` chips behind.

        ``others_with_chips``: other players still in the hand who have chips;
        ``heads_up``: exactly two players with chips remain (for the cap).
        """
        bet = self.bets[seat]
        current = self.current
        owed = current - bet
        if owed > 0:
            paid = owed if owed < stack else stack
            out = [_FOLDS[seat], _CALLS.get(paid << 5 | seat) or _intern(_CALL, seat, paid)]
        else:
            out = [_CHECKS[seat]]
        if stack <= owed or others_with_chips == 0:
            return out
        raises = self.raises
        if raises >= 1 + self.max_raises and not (heads_up and self.heads_up_uncapped):
            return out  # capped
        opening = self.bring_in_street and not self.completed
        if opening:
            # anyone may complete before the completion (R2.5)
            kind, to = _COMPLETE, self.increment
        else:
            acted = self.acted_full.get(seat)
            if acted is not None and acted >= self.full_level:
                return out  # no full raise since this seat acted (R1.6)
            kind = _BET if current == 0 and raises == 0 else _RAISE
            to = self.full_level + self.increment  # _raise_target()
        most = bet + stack
        if to > most:
            to = most
        if to > current:
            out.append(_BY_KIND[kind].get(to << 5 | seat) or _intern(kind, seat, to))
        big = self.big_increment
        if kind is _BET and big is not None and most > to:
            # open pair (R2.6): the big bet too, once (a short stack has one all-in bet)
            out.append(make_action(seat, kind, big if big < most else most))
        return out

    def bring_in_options(self, seat: int, stack: int, bring_in: int) -> list[Action]:
        """R2.4: the low card posts the bring-in or completes; no fold, no check."""
        amount = bring_in if bring_in < stack else stack
        out = [_BY_KIND[_BRING_IN].get(amount << 5 | seat) or _intern(_BRING_IN, seat, amount)]
        if stack > bring_in:
            to = self.increment if self.increment < stack else stack
            out.append(_BY_KIND[_COMPLETE].get(to << 5 | seat) or _intern(_COMPLETE, seat, to))
        return out

    @classmethod
    def start(cls, increment: int, big_increment: int | None, max_raises: int,
              heads_up_uncapped: bool, bring_in_street: bool, bets: list[int]) -> BettingRound:
        """A fresh round, as the constructor makes it (without its keyword and default handling)."""
        rnd = object.__new__(cls)
        rnd.increment = increment
        rnd.big_increment = big_increment
        rnd.max_raises = max_raises
        rnd.heads_up_uncapped = heads_up_uncapped
        rnd.bring_in_street = bring_in_street
        rnd.bets = bets
        rnd.current = 0
        rnd.full_level = 0
        rnd.raises = 0
        rnd.completed = False
        rnd.pending = set()
        rnd.acted_full = {}
        rnd.last_aggressor = None
        return rnd

    def record(self, action: Action, all_in: bool, with_chips: Set[int]) -> int:
        """Apply a legal ``action`` to the round; return the chips it puts in.

        ``all_in``: the action leaves the seat with no chips; ``with_chips``:
        players in the hand with chips after the action (read only by a
        bring-in, completion, bet or raise).
        """
        seat, kind = action.seat, action.kind
        before = self.bets[seat]
        if kind is _FOLD:
            self.pending.discard(seat)
            return 0
        if kind is _CHECK:
            self.pending.discard(seat)
            self.acted_full[seat] = self.full_level
            return 0
        if kind is _CALL:
            self.bets[seat] = before + action.amount
            self.pending.discard(seat)
            self.acted_full[seat] = self.full_level
            return action.amount
        if kind is _BRING_IN:
            self.bets[seat] = action.amount
            self.current = max(self.current, action.amount)
            self.acted_full[seat] = self.full_level
            pending = self.pending = set(with_chips)
            pending.discard(seat)
            return action.amount
        # COMPLETE, BET, RAISE
        to = action.amount
        if self.big_increment is not None and kind is _BET:
            # The first bet of an open-pair street fixes its increment (R2.6): the
            # small bet, the big bet, or an all-in above the small bet (which chooses
            # the big bet). An all-in below the small bet leaves it unchosen.
            if to > self.increment:
                self.increment = self.big_increment
                self.big_increment = None
            elif to == self.increment or not all_in:
                self.big_increment = None
        if self.bring_in_street and not self.completed:
            full = to >= self.increment  # R2.5: the completion; a short all-in is none
        else:  # a full raise reaches _raise_target(), or half an increment above the level (R1.6)
            level = self.full_level
            full = to >= level + self.increment or 2 * (to - level) >= self.increment
        if full:
            self.full_level = to
            self.raises += 1
            if kind is _COMPLETE:
                self.completed = True
        self.current = to
        self.bets[seat] = to
        self.last_aggressor = seat
        self.acted_full[seat] = self.full_level
        pending = self.pending = set(with_chips)
        pending.discard(seat)
        return to - before


_FIELDS = BettingRound.__slots__
