"""Pots: contributions to main and side pots, dead money, splits (R1.6, R1.9, R2.10, R3.5, R3.7, R3.8).

Pure functions over plain numbers, so they are easy to test on their own.

>>> pots = build_pots(contributions=[10, 30, 30], folded=[False, False, False], dead=[])
>>> [(p.amount, p.eligible) for p in pots]
[(30, (0, 1, 2)), (40, (1, 2))]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ["DeadMoney", "Pot", "build_pots", "split_evenly"]


@dataclass(frozen=True, slots=True, kw_only=True)
class DeadMoney:
    """Chips that never count toward a call (R3.5 market purchases).

    ``level``: the buyer's contribution when paying; the money joins the pot
    holding the buyer's last chip at that moment.
    """

    seat: int
    level: int
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Pot:
    """A main or side pot: its chips and the seats that can win it (in seat order)."""

    index: int
    amount: int
    eligible: tuple[int, ...]


def build_pots(
    *, contributions: Sequence[int], folded: Sequence[bool], dead: Sequence[DeadMoney]
) -> list[Pot]:
    """Main pot first, then side pots by contribution level (R1.6).

    Levels are the distinct contributions of the players still in the hand.
    Chips of folded players go to the pots their chips reach. Dead money goes
    to the pot whose level range holds its ``level`` (R3.5).
    """
    live = sorted({c for c, f in zip(contributions, folded, strict=True) if not f})
    if not live or live[-1] == 0:
        live = [0]
    if len(live) == 1:  # one level: one pot with every chip, for every player still in
        n = len(contributions)
        return [Pot(index=0, amount=sum(contributions) + sum(d.amount for d in dead),
                    eligible=tuple(s for s in range(n) if not folded[s]))]
    pots: list[Pot] = []
    prev = 0
    n = len(contributions)
    for i, level in enumerate(live):
        top = i == len(live) - 1
        amount = 0
        for c in contributions:
            if top:
                amount += max(c - prev, 0)  # anything above the top level too
            else:
                amount += max(min(c, level) - prev, 0)
        for d in dead:
            if (i == 0 and d.level <= level) or (prev < d.level <= level) or (top and d.level > level):
                amount += d.amount
        eligible = tuple(s for s in range(n) if not folded[s] and contributions[s] >= level)
        if amount > 0 or top:
            pots.append(Pot(index=len(pots), amount=amount, eligible=eligible))
        prev = level
    return pots


def split_evenly(amount: int, winners: Sequence[int], odd_order: Callable[[int], object]) -> dict[int, int]:
    """Split ``amount`` among ``winners``; odd chips one each in ``odd_order`` (sort key, first gets more)."""
    share, odd = divmod(amount, len(winners))
    result = {w: share for w in winners}
    for w in sorted(winners, key=odd_order)[:odd]:  # type: ignore[arg-type]
        result[w] += 1
    return result
