"""One fixed-limit betting round (R1.5, R1.6, R2.4-R2.6): the one home of the betting rules.

The round keeps only street-level state: each seat's bet this street, the
level of the last *full* bet or raise, how many bets and raises were made,
who still has to act, and at which full level each seat last acted. The hand
(:mod:`studpoker.engine.hand`) owns the chips: at each decision it asks
:meth:`BettingRound.options` (or :meth:`BettingRound.bring_in_options`) for
the legal actions and hands the chosen one to :meth:`BettingRound.record`,
which says how many chips it puts in. Both are the engine's fast path: no
other code decides what a betting action may be or does.

House rules encoded here, all documented in ``docs/rules-decisions.md``:

* A bet or raise always brings the bet to ``full_level + increment``. An
  all-in for less is *short*; it counts as a full raise when it is at least
  half an increment above the last full level (R1.6), short all-ins adding up.
* A seat may raise only if it has not acted this round, or a full raise has
  been made since it last acted (R1.6).
* Cap: a bet and the game's ``max_raises`` raises; none while exactly two
  players with chips remain and ``heads_up_uncapped`` (R1.5). Bring-in does not count;
  completion counts as the bet (R2.5).
* On the bring-in street, until someone completes, any player may complete;
  an all-in above the bring-in but below the small bet is not a completion.
  A short bring-in still obliges the others to the full bring-in (R2.4), but a
  call never asks for chips nobody can match: when every other player still in
  is all-in, a call is for the largest all-in amount.
* Open pair (R2.6): the first full bet may be small or big; an all-in first
  bet below the small bet chooses nothing (anyone may still make the first
  full bet, small or big). With ``raise_big`` a small bet may be raised by the
  big bet, after which every raise of the street is big.
* Folding is offered only when something is owed, unless the game's ``fold_when_check``.

The game's betting options (the cap, ``heads_up_uncapped``, ``fold_when_check``,
the bring-in) are read from its memo (:class:`~studpoker.engine.memo.GameMemo`), which
also holds the actions the round offers.
"""

from __future__ import annotations

from collections.abc import Set
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from studpoker.engine.actions import Action, ActionKind
from studpoker.engine.games import Opener
from studpoker.engine.memo import GameMemo
from studpoker.engine.operations import ActionTaken

if TYPE_CHECKING:
    from studpoker.engine.games import Street

__all__ = ["BettingRound"]

_CALL, _COMPLETE, _BET, _RAISE = ActionKind.CALL, ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE
_FOLD, _CHECK, _BRING_IN = ActionKind.FOLD, ActionKind.CHECK, ActionKind.BRING_IN
_BRING_IN_OPENER = Opener.BRING_IN


@dataclass(slots=True, kw_only=True)
class BettingRound:
    """State of one betting round. ``bets`` is indexed by seat.

    ``big_increment`` is the open pair's big bet while the choice between the
    small and the big bet is still open (R2.6), else None. ``memo`` is the
    game's :class:`~studpoker.engine.memo.GameMemo`: the actions the round offers and
    the game's betting options (``cap``, ``heads_up_uncapped``,
    ``fold_when_check``, ``bring_in``).
    """

    memo: GameMemo
    increment: int
    big_increment: int | None = None
    raise_big: bool = False  # open_pair_raise_big (R2.6)
    bring_in_street: bool = False
    bets: list[int]
    current: int = 0
    full_level: int = 0
    raises: int = 0  # bets + raises counted toward the cap
    completed: bool = False  # bring-in street: somebody completed
    pending: set[int] = field(default_factory=set)
    acted_full: dict[int, int] = field(default_factory=dict)
    last_aggressor: int | None = None

    @classmethod
    def for_street(cls, *, memo: GameMemo, street: Street, players: int, open_pair: bool,
                   pending: set[int]) -> BettingRound:
        """The fresh round of ``street`` (a street of ``memo.game``) for ``players`` seats;
        ``open_pair``: an active player shows a pair, so the first bet may be big (R2.6);
        ``pending``: the seats to act (the round keeps the set)."""
        big = street.big_bet if open_pair and street.open_pair else None
        rnd = object.__new__(cls)  # the constructor's result, without its keyword handling
        rnd.memo = memo
        rnd.increment = street.bet
        rnd.big_increment = big
        rnd.raise_big = big is not None and street.raise_big
        rnd.bring_in_street = street.opener is _BRING_IN_OPENER
        rnd.bets = [0] * players
        rnd.current = 0
        rnd.full_level = 0
        rnd.raises = 0
        rnd.completed = False
        rnd.pending = pending
        rnd.acted_full = {}
        rnd.last_aggressor = None
        return rnd

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

    def options(self, seat: int, stack: int, with_chips: int) -> list[Action]:
        """Legal actions for ``seat`` holding ``stack`` chips behind (a fresh list).

        ``with_chips``: the players still in the hand who have chips, ``seat``
        among them (none other: no bet or raise; exactly two: the cap may lift).
        """
        memo = self.memo
        bet = self.bets[seat]
        current = self.current
        owed = current - bet
        if owed > 0 and with_chips == 1:
            # R2.4: everyone else still in is all-in (a short bring-in's full bring-in can
            # stand above all of them): the call is for the largest all-in, never more
            top = max(b for s, b in enumerate(self.bets) if s != seat)
            if top < current:
                owed = top - bet
        if owed > 0:
            paid = owed if owed < stack else stack
            out = [memo.folds[seat], memo.calls.get(paid << 5 | seat) or memo.action(_CALL, seat, paid)]
        elif memo.fold_when_check:
            out = [memo.folds[seat], memo.checks[seat]]  # R1.5 option: a fold where a check is legal
        else:
            out = [memo.checks[seat]]
        if stack <= owed or with_chips < 2:
            return out  # all-in to call, or no one left to bet against
        raises = self.raises
        if raises >= memo.cap and not (with_chips == 2 and memo.heads_up_uncapped):
            return out  # capped (R1.5)
        level = self.full_level
        big = self.big_increment
        if self.bring_in_street and not self.completed:
            kind, to = _COMPLETE, self.increment  # anyone may complete before the completion (R2.5)
        else:
            if big is None or level:  # (before an open pair's first full bet anyone may make it)
                acted = self.acted_full.get(seat)
                if acted is not None and acted >= level:
                    return out  # no full raise since this seat acted (R1.6)
            kind = _BET if current == 0 and raises == 0 else _RAISE
            to = level + self.increment
        most = bet + stack
        if to > most:
            to = most
        if to > current:
            out.append(memo.actions[kind].get(to << 5 | seat) or memo.action(kind, seat, to))
        if big is not None and most > to:
            # open pair (R2.6): the big bet too (a short stack has one all-in bet, listed once)
            to = level + big
            out.append(memo.action(kind, seat, to if to < most else most))
        return out

    def bring_in_options(self, seat: int, stack: int) -> list[Action]:
        """R2.4: the low card posts the bring-in or completes; no fold, no check. A stack
        at or below the bring-in has the bring-in only (all-in)."""
        memo = self.memo
        bring_in = memo.bring_in
        amount = bring_in if bring_in < stack else stack
        out = [memo.actions[_BRING_IN].get(amount << 5 | seat) or memo.action(_BRING_IN, seat, amount)]
        if stack > bring_in:
            to = self.increment if self.increment < stack else stack
            out.append(memo.actions[_COMPLETE].get(to << 5 | seat) or memo.action(_COMPLETE, seat, to))
        return out

    def record(self, action: Action, with_chips: Set[int]) -> ActionTaken:
        """Apply a legal ``action`` to the round; return its log record, whose ``paid``
        are the chips it puts in.

        ``with_chips``: the players in the hand with chips (read only by a
        bring-in, completion, bet or raise, which make every other one of them
        act again).
        """
        seat, kind = action.seat, action.kind
        memo = self.memo
        if kind is _CALL:
            paid = action.amount
            self.bets[seat] += paid
            self.pending.discard(seat)
            self.acted_full[seat] = self.full_level
            return memo.call_records.get(paid << 5 | seat) or memo.record(action, paid)
        if kind is _CHECK:
            self.pending.discard(seat)
            self.acted_full[seat] = self.full_level
            return memo.check_records[seat]
        if kind is _FOLD:
            self.pending.discard(seat)
            return memo.fold_records[seat]
        to = action.amount
        bets = self.bets
        paid = to - bets[seat]
        bets[seat] = to
        if kind is _BRING_IN:
            bring_in = memo.bring_in  # a short bring-in still obliges the others to the full one (R2.4)
            self.current = bring_in if to < bring_in else to
            self.acted_full[seat] = self.full_level
            pending = self.pending = set(with_chips)
            pending.discard(seat)
            return memo.record(action, paid)
        # COMPLETE, BET, RAISE
        level = self.full_level
        increment = self.increment
        big = self.big_increment
        if self.bring_in_street and not self.completed:
            full = to >= increment  # R2.5: the completion; a short all-in is none
        elif big is not None:  # R2.6: this bet or raise may choose the open pair's big bet
            if to > level + increment:  # the big bet, or an all-in above the small one
                self.increment = big
                self.big_increment = None
                full = to >= level + big or 2 * (to - level) >= big
            elif to == level + increment:  # the small bet
                full = True
                if not self.raise_big:
                    self.big_increment = None
            elif level == 0:
                full = False  # an all-in first bet below the small bet chooses nothing
            else:  # raise_big: an all-in raise below a small raise (R1.6 on the small bet)
                full = 2 * (to - level) >= increment
        else:  # a full raise reaches level + increment, or half an increment above the level (R1.6)
            full = to >= level + increment or 2 * (to - level) >= increment
        if full:
            self.full_level = to
            self.raises += 1
            if kind is _COMPLETE:
                self.completed = True
        self.current = to
        self.last_aggressor = seat
        self.acted_full[seat] = self.full_level
        pending = self.pending = set(with_chips)
        pending.discard(seat)
        return memo.records[kind].get(to * memo.span + paid << 5 | seat) or memo.record(action, paid)


_FIELDS = BettingRound.__slots__
