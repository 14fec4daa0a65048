"""Monte Carlo rollouts over the cards a seat has not seen.

:class:`Rollouts` deals the unseen cards at random (opponents' hidden cards
and every card still to come) and plays the hand to a showdown with nobody
folding, accumulating the seat's share of the pot: the high share in stud,
the high half plus the low half in a high-low game, the razz share in razz. ``variants`` give extra
known cards the seat might take instead of its next random card (a Wall
Street market slot); every variant is scored on the same random deals, so
differences between them carry little noise (common random numbers).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from studpoker.bots._common import Table
from studpoker.engine.evaluation import deuce_seven_key, high_key, low_key, razz_key
from studpoker.engine.wild import wild_high_key, wild_low_key

__all__ = ["Rollouts"]


class Rollouts:
    """Accumulated equity estimates for one decision; call :meth:`run` repeatedly."""

    def __init__(
        self, table: Table, rng: random.Random, *, variants: Sequence[int] = ()
    ) -> None:
        self.table = table
        self.rng = rng
        needs = [table.my_need] + [table.opp_need(i) for i in range(len(table.opponents))]
        pool_size = len(table.pool)
        players = len(needs)
        shared = 0  # R1.10: cards that must be dealt as community cards
        while sum(max(0, n - shared) for n in needs) + shared > pool_size and shared < 7:
            shared += 1
        self.shared = shared
        self.needs = [max(0, n - shared) for n in needs]
        self.draw = sum(self.needs) + shared
        if self.draw > pool_size or players < 1:  # cannot happen in a legal hand
            self.draw = 0
            self.needs = [0] * players
            self.shared = 0
        self.variants = tuple(variants) if self.needs[0] >= 1 else ()
        self.count = 0
        self.sums = [0.0] * (1 + len(self.variants))
        self.squares = [0.0] * (1 + len(self.variants))

    def run(self, n: int) -> None:
        """Play ``n`` more rollouts."""
        t = self.table
        pool = list(t.pool)
        size = len(pool)
        rand = self.rng.random
        draw = self.draw
        shared = self.shared
        my_need = self.needs[0]
        mine = list(t.mine)
        # each opponent: known cards and the slice of the deal that completes them
        spans: list[tuple[list[int], int, int]] = []
        pos = shared + my_need
        for known, need in zip(t.opponents, self.needs[1:], strict=True):
            spans.append((list(known), pos, pos + need))
            pos += need
        hilo = t.high_low
        daf = t.double_ace_flush
        wild, razz = t.wild, t.razz
        hkey, lkey = _keys(wild, razz, t.deuce_seven)
        variants = self.variants
        nv = len(variants)
        sums = self.sums
        squares = self.squares
        total = sums[0]
        total2 = squares[0]
        my_lo = shared
        my_hi = shared + my_need
        for _ in range(n):
            for i in range(draw):
                j = i + int(rand() * (size - i))
                pool[i], pool[j] = pool[j], pool[i]
            if shared:
                comm = pool[:shared]
                hands = [known + pool[a:b] + comm for known, a, b in spans]
                my_draw = pool[my_lo:my_hi]
                mine_final = mine + my_draw + comm
            else:
                comm = []
                hands = [known + pool[a:b] for known, a, b in spans]
                my_draw = pool[:my_hi]
                mine_final = mine + my_draw
            best_h = -1
            n_h = 0
            for cards in hands:
                hk = hkey(cards, daf)
                if hk > best_h:
                    best_h, n_h = hk, 1
                elif hk == best_h:
                    n_h += 1
            best_l = -1
            n_l = 0
            if hilo:
                for cards in hands:
                    lk = lkey(cards)
                    if lk > best_l:
                        best_l, n_l = lk, 1
                    elif lk == best_l:
                        n_l += 1
            share = _share(mine_final, best_h, n_h, best_l, n_l, hilo, daf, wild, razz, t.deuce_seven)
            total += share
            total2 += share * share
            for v in range(nv):
                cards = [*mine, variants[v], *my_draw[1:], *comm]
                share = _share(cards, best_h, n_h, best_l, n_l, hilo, daf, wild, razz, t.deuce_seven)
                sums[v + 1] += share
                squares[v + 1] += share * share
        sums[0] = total
        squares[0] = total2
        self.count += n

    def mean(self, variant: int = 0) -> float:
        """The mean share so far (``variant`` 0: no extra card; k: ``variants[k-1]``)."""
        return self.sums[variant] / self.count if self.count else 0.0

    def stderr(self, variant: int = 0) -> float:
        """Standard error of :meth:`mean`."""
        if self.count < 2:
            return 1.0
        m = self.mean(variant)
        var = max(0.0, self.squares[variant] / self.count - m * m)
        return math.sqrt(var / (self.count - 1))


def _keys(
    wild: int, razz: bool = False, deuce_seven: bool = False
) -> tuple[Callable[[list[int], bool], int], Callable[[list[int]], int]]:
    """The key of the hand that wins and the low key: R1.3/R1.4, the razz low (R6.2) in
    razz (with ``deuce_seven`` the deuce-to-seven low, R10.1), or with the ranks of ``wild``
    wild (R8.1)."""
    if razz and deuce_seven:
        return (lambda cards, daf: deuce_seven_key(cards)), low_key
    if razz:
        return (lambda cards, daf: razz_key(cards)), low_key
    if not wild:
        return high_key, low_key
    return (lambda cards, daf: wild_high_key(cards, wild)), (lambda cards: wild_low_key(cards, wild))


def _share(
    cards: list[int], best_h: int, n_h: int, best_l: int, n_l: int, hilo: bool, daf: bool, wild: int = 0,
    razz: bool = False, deuce_seven: bool = False,
) -> float:
    """The seat's share of the pot holding ``cards`` against the opponents' best
    high ``best_h`` (held by ``n_h`` of them; in razz their best razz low) and best
    low ``best_l`` (``n_l``)."""
    hkey, lkey = _keys(wild, razz, deuce_seven)
    hk = hkey(cards, daf)
    if not hilo:
        if hk > best_h:
            return 1.0
        return 1.0 / (n_h + 1) if hk == best_h else 0.0
    lk = lkey(cards)
    if lk < 0 and best_l < 0:  # nobody has a low: the high takes it all
        if hk > best_h:
            return 1.0
        return 1.0 / (n_h + 1) if hk == best_h else 0.0
    share = 0.0
    if hk > best_h:
        share = 0.5
    elif hk == best_h:
        share = 0.5 / (n_h + 1)
    if lk > best_l:
        share += 0.5
    elif lk == best_l:
        share += 0.5 / (n_l + 1)
    return share
