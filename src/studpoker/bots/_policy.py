"""Betting by thresholds: from an estimate of the seat's share of the pot to an action.

A bot that can estimate ``value``, its expected share of the pot at showdown
against the players still in the hand, bets by comparing it with:

* the *fair share* ``1 / players`` plus a per-street edge: bet (or complete)
  above ``fair + bet_edge``, raise above ``fair + raise_edge`` (a bet that
  everybody calls gains when the share exceeds the fair share);
* the *pot odds* when a bet is owed: call when ``value`` is at least
  ``to_call / (pot + to_call)`` plus a per-street margin (larger on early
  streets, where calling commits the seat to more bets), otherwise fold.

Every bet or raise already made on the street raises the bar for another
one (heads-up betting is uncapped, and two strong hands must not raise each
other forever), and every bet or raise by an opponent on the street shaves
the value a little: a seat that puts money in is likely stronger than a
random hand.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from studpoker.bots._common import aggressive, give_up, passive, street_column
from studpoker.engine.actions import Action, ActionKind
from studpoker.engine.hand import SeatView
from studpoker.engine.operations import ActionTaken, StreetStarted

__all__ = ["Thresholds", "decide_bet", "pay_or_fold", "thresholds_of"]

Five = tuple[float, float, float, float, float]


@dataclass(frozen=True, slots=True, kw_only=True)
class Thresholds:
    """Per-street edges (third..seventh street) of a threshold policy."""

    call_margin: Five
    bet_edge: Five
    raise_edge: Five


@dataclass(frozen=True, slots=True, kw_only=True)
class Levels:
    """The thresholds of one decision, in the units of the value (share of the pot)."""

    call: float | None  # None: nothing is owed
    bet: float  # bet, complete (or raise when the only aggression is a completion)
    raise_: float


RERAISE_STEP = 0.08
"""How much each bet or raise already made on the street raises the raise level."""
MAX_OWN_BETS = 6
"""No more raising once the street holds this many bets and raises."""
AGGRESSION_DISCOUNT = 0.93
"""The value is multiplied by this for every opponent bet or raise on the street."""


def street_aggression(view: SeatView) -> tuple[int, int]:
    """(bets and raises on this street, those of them made by opponents)."""
    total = by_others = 0
    for op in reversed(view.log):
        if isinstance(op, StreetStarted):
            break
        if isinstance(op, ActionTaken) and op.action.kind.is_aggressive:
            total += 1
            if op.action.seat != view.seat:
                by_others += 1
    return total, by_others


def _street(view: SeatView, table: Five) -> float:
    return table[street_column(view.game, view.street, len(table))]


def thresholds_of(view: SeatView, th: Thresholds) -> Levels:
    """The value levels that separate fold/call/bet/raise at this decision."""
    players = sum(1 for p in view.players if not p.folded)
    fair = 1.0 / max(players, 1)
    call: float | None = None
    for a in view.legal_actions:
        if a.kind is ActionKind.CALL:
            required = a.amount / (view.pot + a.amount)
            call = required + _street(view, th.call_margin)
    bets, by_others = street_aggression(view)
    scale = 1.0 / AGGRESSION_DISCOUNT**by_others  # compare the raw value with raised levels
    raise_ = fair + _street(view, th.raise_edge) + RERAISE_STEP * max(0, bets - 1)
    if bets >= MAX_OWN_BETS:
        raise_ = math.inf
    return Levels(
        call=None if call is None else call * scale,
        bet=(fair + _street(view, th.bet_edge)) * scale,
        raise_=raise_ * scale,
    )


def pay_or_fold(view: SeatView, value: float) -> Action:
    """Baseball's face-up 3 (R8.2): pay its price when the expected share ``value`` of the
    final pot, the price included (it is paid into the pot), is worth more than the price
    plus the seat's own part of the bets to come (about half a bet a round, the estimate of
    :func:`~studpoker.bots._common.expected_final_pot`), else fold (folding loses nothing more).
    """
    from studpoker.bots._common import betting_rounds_left, expected_final_pot

    pay = next(a for a in view.legal_actions if a.kind is ActionKind.PAY)
    players = sum(1 for p in view.players if not p.folded)
    final_pot = expected_final_pot(view, players=players) + pay.amount
    own_bets = 0.5 * sum(betting_rounds_left(view))
    if value * final_pot - pay.amount - own_bets >= 0.0:
        return pay
    return next(a for a in view.legal_actions if a.kind is ActionKind.FOLD)


def decide_bet(view: SeatView, value: float, levels: Levels) -> Action:
    """The action of a threshold policy in a betting round."""
    kinds = {a.kind for a in view.legal_actions}
    opening = ActionKind.RAISE not in kinds  # a bet or completion, not a re-raise
    if opening and value >= levels.bet:
        return aggressive(view, big=value >= levels.raise_)
    if not opening and value >= levels.raise_:
        return aggressive(view)
    if levels.call is None or value >= levels.call:
        return passive(view)
    return give_up(view)
