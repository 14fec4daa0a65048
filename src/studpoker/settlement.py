"""Settling the pots of a hand: who wins each pot, each seat's share, and in what words
(R1.8, R1.9, R2.8, R2.10, R3.7, R3.8).

The hand engine (:mod:`studpoker.hand`) builds the pots (:mod:`studpoker.pots`)
and asks this module to settle them: the best high hand of each pot's
contenders (and in a high-low game the best qualifying low, R1.4), equal
hands splitting, odd chips by the game's rule, and a description of each
winning hand. The result is a :class:`PotResult` per pot plus the
:class:`~studpoker.operations.PotAwarded` records the hand logs.

>>> from studpoker import SevenCardStud
>>> from studpoker.cards import parse_cards
>>> from studpoker.pots import Pot
>>> game = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)
>>> cards = {0: parse_cards("As Ad Kc Kd 7h 5s 2c"), 1: parse_cards("Qs Qd Jc Jd 8h 4s 3c")}
>>> settled = settle(game=game, pots=[Pot(index=0, amount=20, eligible=(0, 1))],
...                  cards=cards.__getitem__, shown={0, 1}, dealer=1, n=2)
>>> [str(a) for a in settled.awards]
['seat 0 wins 20 from the main pot with Two pair, aces and kings']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence, Set
from dataclasses import dataclass

from studpoker.cards import Card
from studpoker.evaluation import (
    HighValue,
    LowValue,
    evaluate_high,
    evaluate_low,
    high_key,
    high_value,
    odd_chip_key,
)
from studpoker.games import Game, OddChip
from studpoker.operations import PotAwarded
from studpoker.pots import Pot, split_evenly

__all__ = ["PotResult", "Settlement", "settle", "settle_uncontested"]


@dataclass(frozen=True, slots=True, kw_only=True)
class PotResult:
    """How one pot was settled: its winners, their hands and each seat's share."""

    index: int
    amount: int
    eligible: tuple[int, ...]
    high_winners: tuple[int, ...]
    low_winners: tuple[int, ...]
    high_hand: HighValue | None
    low_hand: LowValue | None
    shares: tuple[tuple[int, int], ...]

    @property
    def name(self) -> str:
        """``"main pot"`` or ``"side pot N"``."""
        return "main pot" if self.index == 0 else f"side pot {self.index}"

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {
            "pot": self.index,
            "name": self.name,
            "amount": self.amount,
            "eligible": list(self.eligible),
            "high_winners": list(self.high_winners),
            "low_winners": list(self.low_winners),
            "high_hand": None if self.high_hand is None else self.high_hand.description,
            "low_hand": None if self.low_hand is None else self.low_hand.description,
            "shares": {str(s): a for s, a in self.shares},
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class Settlement:
    """The settled pots (in pot order) and the award records to log (in pot, then seat order)."""

    results: tuple[PotResult, ...]
    awards: tuple[PotAwarded, ...]


def settle_uncontested(*, seat: int, amount: int) -> Settlement:
    """R1.8: everyone else folded; ``seat`` takes all ``amount`` chips as one pot, unseen."""
    result = PotResult(
        index=0, amount=amount, eligible=(seat,), high_winners=(seat,), low_winners=(),
        high_hand=None, low_hand=None, shares=((seat, amount),),
    )
    return Settlement(results=(result,), awards=(PotAwarded(pot=0, seat=seat, amount=amount, half="all"),))


def settle(
    *,
    game: Game,
    pots: Sequence[Pot],
    cards: Callable[[int], Sequence[Card]],
    shown: Set[int],
    dealer: int,
    n: int,
    sole: int | None = None,
) -> Settlement:
    """Settle ``pots`` at a showdown (R1.9, R2.8, R3.7).

    ``cards(seat)``: the cards the seat plays with (its own and any community
    card); ``shown``: the seats that showed (only they contend, R1.9);
    ``sole``: the last player holding cards when every other contender
    mucked (they take every pot they are eligible for without showing). A pot
    with a single eligible player is theirs without a showdown, shown or not (R1.9).
    ``dealer`` and ``n`` fix "clockwise from the dealer's left" for R3.8.
    """
    highs: dict[int, HighValue] = {}
    keys: dict[int, int] = {}
    lows: dict[int, LowValue | None] = {}
    double_ace_flush = game.double_ace_flush

    def key(seat: int) -> int:  # high(seat).key, without the rich value (needed for winners only)
        value = keys.get(seat)
        if value is None:
            hand = cards(seat)
            if not 5 <= len(hand) <= 7:  # evaluate_high's check (a showdown deals seven cards)
                return high(seat).key
            value = keys[seat] = high_key([c.code for c in hand], double_ace_flush)
        return value

    def high(seat: int) -> HighValue:
        value = highs.get(seat)
        if value is None:
            known = keys.get(seat)
            if known is None:
                value = evaluate_high(cards(seat), double_ace_flush=double_ace_flush)
            else:  # cards already ranked (and checked by count; dealt cards are distinct)
                value = high_value(cards(seat), known)
            highs[seat] = value
        return value

    def low(seat: int) -> LowValue | None:
        if seat not in lows:
            lows[seat] = evaluate_low(cards(seat))
        return lows[seat]

    def position(seat: int) -> int:
        return (seat - dealer - 1) % n

    results: list[PotResult] = []
    awards: list[PotAwarded] = []
    for pot in pots:
        if len(pot.eligible) == 1:  # R1.9: a pot with a single eligible player needs no showdown
            contenders = list(pot.eligible)
        elif sole is not None:
            contenders = [sole] if sole in pot.eligible else []
        else:
            contenders = [s for s in pot.eligible if s in shown]
        if not contenders:  # cannot happen: the muck rule keeps a contender in every contested pot
            contenders = list(pot.eligible)
        shares: dict[int, int] = {}
        high_w: tuple[int, ...] = ()
        low_w: tuple[int, ...] = ()
        best_high: HighValue | None = None
        best_low: LowValue | None = None
        if len(contenders) == 1:
            high_w = (contenders[0],)
            shares = {contenders[0]: pot.amount}
            if sole is None and contenders[0] in shown:
                best_high = high(contenders[0])
        else:
            ranked = {s: key(s) for s in contenders}
            best = max(ranked.values())
            high_w = tuple(s for s in contenders if ranked[s] == best)
            values = {s: high(s) for s in high_w}
            best_high = values[high_w[0]]  # max() of the values: the first of the best
            low_amount = 0
            if game.high_low:
                qualified = {s: v for s in contenders if (v := low(s)) is not None}
                if qualified:
                    best_low = max(qualified.values())  # R1.4: the best low is the greatest value
                    low_w = tuple(s for s in contenders if s in qualified and qualified[s] == best_low)
                    low_amount = pot.amount // 2  # R3.8: the odd chip goes to the high half
            high_amount = pot.amount - low_amount
            if game.odd_chip is OddChip.BY_CARD:  # R2.10
                card_key = {s: -odd_chip_key(values[s].cards, double_ace_flush=double_ace_flush)
                            for s in high_w}
                high_split = split_evenly(high_amount, high_w, card_key.__getitem__)
            else:  # R3.8
                high_split = split_evenly(high_amount, high_w, position)
            for s, a in high_split.items():
                shares[s] = shares.get(s, 0) + a
            if low_w:
                for s, a in split_evenly(low_amount, low_w, position).items():
                    shares[s] = shares.get(s, 0) + a
        for s in sorted(shares):
            if low_w:
                half = "both" if s in high_w and s in low_w else ("high" if s in high_w else "low")
            else:
                half = "all"
            desc = ""
            if best_high is not None and s in high_w:
                desc = best_high.description
            if best_low is not None and s in low_w:
                desc = (desc + "; " if desc else "") + best_low.description
            awards.append(PotAwarded(pot=pot.index, seat=s, amount=shares[s], half=half, hand=desc))
        results.append(PotResult(
            index=pot.index, amount=pot.amount, eligible=pot.eligible,
            high_winners=high_w, low_winners=low_w, high_hand=best_high,
            low_hand=best_low, shares=tuple(sorted(shares.items())),
        ))
    return Settlement(results=tuple(results), awards=tuple(awards))
