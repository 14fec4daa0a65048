"""``equity``: Monte Carlo equity against the opponents' unseen cards, by pot odds.

Every card the seat can see is known: its own cards, every up card (folded
players' up cards are dead), the Wall Street market, community cards and
cards shown. The rest are dealt at random to the opponents still in the hand
(their hidden cards) and to everyone's cards to come, and the hand is played
to a showdown; the mean share of the pot is the equity. Betting decisions use
the compiled batch path (:func:`studpoker.equity.equities`, exact when few deals
remain); card rounds and ``fast=False`` use pure-Python rollouts
(:mod:`studpoker.bots._rollout`, with :func:`~studpoker.engine.evaluation.high_key`).
In Wall Street and Stud Hi-Lo the share is the high half plus the low half (all of it to the
high when nobody makes a low); in razz the best razz low takes it all; in High and Low
Chicago the high half plus the spade half (R8.4) on the compiled path.

Rollouts stop early when the estimate is clearly away from every threshold
of the decision (at least ``min_rollouts``, at most ``max_rollouts``), so the
bot is fast where the decision is easy; a card round plays ``card_rollouts``
(every market card is scored on each of them). Everything is drawn from the bot's
seeded generator: the same seed and the same views give the same decisions.
``time_limit`` (seconds, off by default) also stops the rollouts, at the cost
of that determinism.

Betting by the thresholds of :mod:`studpoker.bots._policy`; in Wall Street
card rounds each market card is scored on the same rollouts as a free card
and bought when the gain in equity times the expected final pot outweighs
the price. Showdown: always show.

>>> from studpoker.engine import SevenCardStud
>>> from studpoker.bots.equity import EquityBot
>>> hand = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10).deal(
...     stacks=[100] * 4, seed=2)
>>> EquityBot(seed=1).act(hand.view(hand.to_act)) in hand.legal_actions()
True
"""

from __future__ import annotations

import time

from studpoker.bots._common import expected_final_pot, make_rng, read_table
from studpoker.bots._policy import Levels, Thresholds, decide_bet, pay_or_fold, thresholds_of
from studpoker.bots._rollout import Rollouts
from studpoker.engine.actions import Action, ActionKind
from studpoker.engine.cards import Card, CardError
from studpoker.engine.hand import Phase, SeatView

__all__ = ["HILO_THRESHOLDS", "STUD_THRESHOLDS", "EquityBot"]

STUD_THRESHOLDS = Thresholds(
    call_margin=(0.01, 0.0, 0.0, 0.0, 0.0),
    bet_edge=(0.06, 0.05, 0.04, 0.03, 0.03),
    raise_edge=(0.16, 0.14, 0.12, 0.12, 0.12),
)
HILO_THRESHOLDS = Thresholds(
    call_margin=(0.01, 0.0, 0.0, 0.0, 0.0),
    bet_edge=(0.06, 0.05, 0.04, 0.03, 0.03),
    raise_edge=(0.15, 0.13, 0.12, 0.11, 0.10),
)

_BATCH = 50


class EquityBot:
    """Monte Carlo equity by pot odds; see the module docstring."""

    name = "equity"

    def __init__(
        self,
        *,
        seed: int | None = None,
        min_rollouts: int = 100,
        max_rollouts: int = 300,
        card_rollouts: int = 160,
        time_limit: float | None = None,
        fast: bool = True,
        samples: int = 3000,
    ) -> None:
        if not 1 <= min_rollouts <= max_rollouts:
            raise ValueError("need 1 <= min_rollouts <= max_rollouts")
        self.rng = make_rng(seed)
        self.min_rollouts = min_rollouts
        self.max_rollouts = max_rollouts
        self.card_rollouts = max(1, card_rollouts)
        self.time_limit = time_limit
        self.fast = fast
        self.samples = samples

    def act(self, view: SeatView) -> Action:
        """Decide from ``view`` alone."""
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if view.phase is Phase.SHOWDOWN:
            return next(a for a in legal if a.kind is ActionKind.SHOW)
        if view.phase is Phase.CARD_ROUND:
            return self._card_round(view)
        if view.phase is Phase.PAY_OR_FOLD:  # R8.2
            return pay_or_fold(view, self.equity(view))
        th = HILO_THRESHOLDS if view.game.high_low else STUD_THRESHOLDS
        levels = thresholds_of(view, th)
        equity = self.equity(view, levels)
        return decide_bet(view, equity, levels)

    def equity(self, view: SeatView, levels: Levels | None = None) -> float:
        """The seat's estimated share of the pot at showdown if nobody folds.

        With ``fast`` (the default) this is :func:`studpoker.equity.equities`
        over the compiled batch evaluator: exact when few deals remain, else
        ``samples`` seeded Monte Carlo deals. Otherwise pure-Python rollouts.
        """
        if self.fast:
            try:
                return self._fast_equity(view)
            except CardError:
                # the batch model deals every hand to the game's size with at most one community
                # card (R1.10); Baseball's extra cards (R8.2) can leave a stub shorter than that,
                # which the rollouts below deal as several community cards
                pass
        rollouts = Rollouts(read_table(view), self.rng)
        marks = [] if levels is None else [levels.bet, levels.raise_]
        if levels is not None and levels.call is not None:
            marks.append(levels.call)
        start = time.perf_counter()
        rollouts.run(self.min_rollouts)
        while rollouts.count < self.max_rollouts:
            if self.time_limit is not None and time.perf_counter() - start > self.time_limit:
                break
            mean, se = rollouts.mean(), rollouts.stderr()
            if levels is not None and all(abs(mean - m) > 2.0 * se for m in marks):
                break
            rollouts.run(min(_BATCH, self.max_rollouts - rollouts.count))
        return rollouts.mean()

    def _fast_equity(self, view: SeatView) -> float:
        from studpoker.equity import (
            GAMES,
            LOWBALL,
            LOWEST_DOWN_GAMES,
            SPADE_GAMES,
            WILD_DEFAULTS,
            equities,
        )

        own: list[Card] = []
        others: list[list[Card]] = []
        own_hole: list[Card] = []
        others_hole: list[list[Card]] = []
        dead: list[Card] = [c for c in view.market if c is not None]
        for p in view.players:
            hole = [c for c in p.down if c is not None]
            visible = hole + list(p.up)
            if p.seat == view.seat:
                own, own_hole = visible, hole
            elif p.folded:
                dead.extend(visible)
            else:
                others.append(visible)
                others_hole.append(hole)
        game = view.game
        name = game.name if game.name in GAMES else next(  # a game the equity does not count:
            n for n, high_low in GAMES.items()  # the first plain one split the same way
            if high_low == game.high_low and n not in LOWBALL | WILD_DEFAULTS.keys() | SPADE_GAMES.keys())
        return equities(
            name, [own, *others], dead=dead, joker=game.joker,
            board=list(view.community), double_ace_flush=game.double_ace_flush,
            samples=self.samples, seed=self.rng.getrandbits(62),
            wild=view.wild_ranks if game.wild or game.follow_the_queen else None,
            # R8.4, R8.5: the cards face down matter (an opponent's unknown ones fall anywhere)
            hole=[own_hole, *others_hole] if name in SPADE_GAMES or name in LOWEST_DOWN_GAMES else None,
        )[0]

    def _card_round(self, view: SeatView) -> Action:
        table = read_table(view)
        buys = [a for a in view.legal_actions
                if a.kind is ActionKind.BUY and table.market[a.slot - 1] is not None]
        cards = [table.market[a.slot - 1] for a in buys]
        rollouts = Rollouts(table, self.rng, variants=[c for c in cards if c is not None])
        best: Action = next(a for a in view.legal_actions if a.kind is ActionKind.TAKE_CARD)
        if not rollouts.variants:
            return best
        rollouts.run(self.card_rollouts)
        base = rollouts.mean()
        final_pot = expected_final_pot(view, players=len(table.opponents) + 1)
        best_gain = 0.0
        for i, a in enumerate(buys, start=1):
            value = rollouts.mean(i)
            gain = (value - base) * final_pot - a.amount * (1.0 - value)
            if gain > best_gain:
                best, best_gain = a, gain
        return best
