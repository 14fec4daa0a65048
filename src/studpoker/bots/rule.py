"""``rule``: a hand-strength bot with fixed thresholds per street.

Strength (see :mod:`studpoker.bots._strength`): the percentile of the seat's
projected final hand among random seven-card hands, its own cards to come
sampled from the cards it has not seen, raised to the power of the number of
opponents, and cut down where an opponent's board already beats the seat's
made hand, shows four to a flush, or (high-low) shows three low cards. In
Wall Street and Stud Hi-Lo the value is the expected share of a split pot:
half for the high, half for the low, all of it for the high when nobody
makes a low. In razz the hand is its razz low (R6.2): low cards are
strength, pairs and high cards weakness, and a board of unpaired low cards
is the threat.

Betting (see :mod:`studpoker.bots._policy`): bet above the fair share plus
an edge, raise above a larger edge, call while the value beats the pot odds
plus a margin that is larger on early streets, fold otherwise. Games with
one winner (stud, razz) and hi-lo games have their own tables.

Market (Wall Street card rounds): the value with each market card is
compared with the value after an average free card, on the same sampled
deals; a slot is bought when the gain in share times the expected final
pot is larger than what the price costs (the seat gets its share of the
price back through the pot).

Showdown: always show.

>>> from studpoker.engine import WallStreet
>>> from studpoker.bots.rule import RuleBot
>>> hand = WallStreet(ante=1, limits=2).deal(stacks=[100] * 3, seed=4)
>>> RuleBot(seed=1).act(hand.view(hand.to_act)) in hand.legal_actions()
True
"""

from __future__ import annotations

from studpoker.bots._common import expected_final_pot, make_rng, read_table
from studpoker.bots._policy import Thresholds, decide_bet, pay_or_fold, thresholds_of
from studpoker.bots._strength import Strength
from studpoker.engine.actions import Action, ActionKind
from studpoker.engine.hand import Phase, SeatView

__all__ = ["HILO_THRESHOLDS", "STUD_THRESHOLDS", "RuleBot"]

STUD_THRESHOLDS = Thresholds(
    call_margin=(0.02, 0.01, 0.0, 0.0, 0.0),
    bet_edge=(0.06, 0.05, 0.04, 0.03, 0.03),
    raise_edge=(0.16, 0.14, 0.12, 0.12, 0.12),
)
HILO_THRESHOLDS = Thresholds(
    call_margin=(0.01, 0.0, 0.0, 0.0, 0.0),
    bet_edge=(0.06, 0.05, 0.04, 0.03, 0.03),
    raise_edge=(0.15, 0.13, 0.12, 0.11, 0.10),
)


class RuleBot:
    """Hand-strength thresholds per street, plus a market policy for Wall Street."""

    name = "rule"

    def __init__(self, *, seed: int | None = None, samples: int = 64) -> None:
        self.rng = make_rng(seed)
        self.samples = samples

    def act(self, view: SeatView) -> Action:
        """Decide from ``view`` alone."""
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if view.phase is Phase.SHOWDOWN:
            return next(a for a in legal if a.kind is ActionKind.SHOW)
        table = read_table(view)
        strength = Strength(table, self.rng)
        if view.phase is Phase.CARD_ROUND:
            return self._card_round(view, strength)
        if view.phase is Phase.PAY_OR_FOLD:  # R8.2
            return pay_or_fold(view, strength.value(self.samples))
        th = HILO_THRESHOLDS if view.game.high_low else STUD_THRESHOLDS
        value = strength.value(self.samples)
        return decide_bet(view, value, thresholds_of(view, th))

    def _card_round(self, view: SeatView, strength: Strength) -> Action:
        table = strength.table
        samples = 2 * self.samples
        seed = self.rng.getrandbits(63)
        base = strength.value(samples, seed=seed)
        final_pot = expected_final_pot(view, players=len(table.opponents) + 1)
        best: Action = next(a for a in view.legal_actions if a.kind is ActionKind.TAKE_CARD)
        best_gain = 0.0
        for a in view.legal_actions:
            if a.kind is not ActionKind.BUY:
                continue
            card = table.market[a.slot - 1]
            if card is None:
                continue
            value = strength.value(samples, extra=card, seed=seed)
            gain = (value - base) * final_pot - a.amount * (1.0 - value)
            if gain > best_gain:
                best, best_gain = a, gain
        return best
