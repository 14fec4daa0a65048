"""Settling the pots of a hand: who wins each pot, each seat's share, and in what words
(R1.8, R1.9, R2.8, R2.10, R3.7, R3.8, R5.2, R6.2, R6.5).

The hand engine (:mod:`studpoker.engine.hand`) builds the pots (:mod:`studpoker.engine.pots`)
and asks this module to settle them by the game's pot halves
(:attr:`studpoker.engine.games.Game.halves`): the best high hand of each pot's
contenders, and in a high-low game the best qualifying low (R1.4), or in razz
the best razz low (R6.2); equal hands splitting, odd chips by each half's
rule, and a description of each winning hand. The result is a :class:`PotResult` per pot plus the
:class:`~studpoker.engine.operations.PotAwarded` records the hand logs.

>>> from studpoker.engine import SevenCardStud
>>> from studpoker.engine.cards import parse_cards
>>> from studpoker.engine.pots import Pot
>>> game = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)
>>> cards = {0: parse_cards("As Ad Kc Kd 7h 5s 2c"), 1: parse_cards("Qs Qd Jc Jd 8h 4s 3c")}
>>> settled = settle(game=game, pots=[Pot(index=0, amount=20, eligible=(0, 1))],
...                  cards=cards.__getitem__, shown={0, 1}, dealer=1, n=2)
>>> [(a.seat, a.amount, a.hand) for a in settled.awards]
[(0, 20, 'Two pair, aces and kings')]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence, Set

from studpoker.engine.cards import Card, Rank
from studpoker.engine.evaluation import (
    HighValue,
    LowValue,
    RazzValue,
    evaluate_high,
    evaluate_low,
    evaluate_razz,
    high_key,
    high_value,
    low_key,
    odd_chip_key,
    razz_key,
    razz_odd_chip_key,
    razz_value,
)
from studpoker.engine.games import Game, OddChip, PotHalf, Ranking
from studpoker.engine.operations import PotAwarded
from studpoker.engine.pots import Pot, split_evenly
from studpoker.engine.results import HandValue, PotResult, Settlement, SpadeValue, settle_uncontested
from studpoker.engine.wild import WildHighValue, wild_high_key, wild_value

__all__ = ["HandValue", "PotResult", "Settlement", "SpadeValue", "settle", "settle_uncontested"]


def _spade_value(down: Sequence[Card], low: bool) -> SpadeValue | None:
    spades = [c for c in down if not c.is_joker and c.code & 3 == 3]
    if not spades:
        return None
    card = (min if low else max)(spades, key=lambda c: c.code)
    rank = card.code >> 2
    return SpadeValue(key=12 - rank if low else rank, cards=(card,),
                      description=f"{Rank(rank).word.capitalize()} of spades in the hole")


class _Ranker:
    """One share's ranking at a showdown: keys for every contender, rich values for winners.

    ``key(seat)`` is the hand's key (larger is better; -1 when the seat has no
    qualifying hand, R1.4); ``value(seat)`` its :class:`HighValue`,
    :class:`LowValue` or :class:`RazzValue` with the best five cards and words.
    """

    __slots__ = ("_cards", "_double", "_down", "_keys", "_other", "_private", "_ranking", "_values",
                 "_wild")

    def __init__(
        self,
        ranking: Ranking,
        cards: Callable[[int], Sequence[Card]],
        double: bool,
        wild: int = 0,
        down: Callable[[int], Sequence[Card]] | None = None,
        private: Callable[[int], int] | None = None,
    ) -> None:
        self._ranking = ranking
        # R8's rankings (identity tests: an Enum's hash is a Python call)
        self._other = ranking is _WILD or ranking is Ranking.HIGH_SPADE or ranking is Ranking.LOW_SPADE
        self._cards = cards
        self._double = double
        self._wild = wild
        self._down = down
        self._private = private
        self._keys: dict[int, int] = {}
        self._values: dict[int, HandValue] = {}

    def key(self, seat: int) -> int:
        value = self._keys.get(seat)
        if value is None and self._other:
            value = self._keys[seat] = self._other_key(seat)
        if value is None:
            hand = self._cards(seat)
            if not 5 <= len(hand) <= 7:  # the checked evaluators' error (a showdown deals seven cards)
                return self.value(seat).key
            codes = [c.code for c in hand]
            ranking = self._ranking
            if ranking is _HIGH:
                value = high_key(codes, self._double)
            elif ranking is _EIGHT:
                value = low_key(codes)
            else:
                value = razz_key(codes)
            self._keys[seat] = value
        return value

    def _other_key(self, seat: int) -> int:
        """R8.1's wild high and R8.4's spades (-1: no spade in the hole)."""
        if self._ranking is _WILD:
            return wild_high_key([c.code for c in self._cards(seat)], self._seat_wild(seat))
        spade = self._spade(seat)
        return -1 if spade is None else spade.key

    def _seat_wild(self, seat: int) -> int:
        """The ranks wild in this seat's hand: everyone's, and its own (R8.5)."""
        private = self._private
        return self._wild if private is None else self._wild | private(seat)

    def _spade(self, seat: int) -> SpadeValue | None:
        assert self._down is not None, "the spade shares need the seats' down cards"
        return _spade_value(self._down(seat), self._ranking is Ranking.LOW_SPADE)

    def value(self, seat: int) -> HandValue:
        value = self._values.get(seat)
        if value is None and self._other:
            if self._ranking is _WILD:
                value = wild_value(self._cards(seat), self.key(seat), self._seat_wild(seat))
            else:
                spade = self._spade(seat)
                assert spade is not None, "only a spade in the hole wins the spade share"
                value = spade
            self._values[seat] = value
        if value is None:
            hand = self._cards(seat)
            known = self._keys.get(seat)
            ranking = self._ranking
            if ranking is _HIGH:
                value = (evaluate_high(hand, double_ace_flush=self._double) if known is None
                         else high_value(hand, known))  # cards already ranked (and checked by count)
            elif ranking is _EIGHT:
                low = evaluate_low(hand)
                assert low is not None, "only a qualifying low wins a share"
                value = low
            else:
                value = evaluate_razz(hand) if known is None else razz_value(hand, known)
            self._values[seat] = value
        return value


_HIGH, _EIGHT, _WILD = Ranking.HIGH, Ranking.EIGHT_OR_BETTER, Ranking.WILD_HIGH


def settle(
    *,
    game: Game,
    pots: Sequence[Pot],
    cards: Callable[[int], Sequence[Card]],
    shown: Set[int],
    dealer: int,
    n: int,
    sole: int | None = None,
    wild: int = 0,
    down: Callable[[int], Sequence[Card]] | None = None,
) -> Settlement:
    """Settle ``pots`` at a showdown (R1.9, R2.8, R3.7, R5.2, R6.2).

    Each pot is shared between the game's :attr:`~studpoker.engine.games.Game.halves`
    (high only, high and an eight-or-better low, the razz low): equal shares
    for the halves some contender qualifies for, the odd chips to the first
    (R3.8); inside a share equal hands split it, the odd chip by the half's
    rule (R2.10, R3.8, R6.5). ``cards(seat)``: the cards the seat plays with
    (its own and any community card); ``shown``: the seats that showed (only
    they contend, R1.9); ``sole``: the last player holding cards when every
    other contender mucked (they take every pot they are eligible for without
    showing). A pot with a single eligible player is theirs without a showdown,
    shown or not (R1.9). ``dealer`` and ``n`` fix "clockwise from the dealer's left".
    ``wild``: the mask of wild ranks (R8.1, :func:`studpoker.engine.wild.wild_mask`) of
    a wild-card game, for everyone; ``down(seat)``: the seat's face-down cards (R8.4's
    spades, and the ranks wild in that seat's hand only, R8.5's
    :meth:`~studpoker.engine.games.Game.private_wild`).
    """
    halves = game.halves
    private: Callable[[int], int] | None = None
    if game.lowest_down_wild and down is not None:
        def private(seat: int) -> int:
            return game.private_wild(down(seat))
    rankers = [_Ranker(h.ranking, cards, game.double_ace_flush, wild, down, private) for h in halves]

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
        winners: dict[str, tuple[int, ...]] = {}
        hands: dict[str, HandValue] = {}
        if len(contenders) == 1:  # the whole pot, as the first share (no other hand to beat)
            only = contenders[0]
            winners[halves[0].name] = (only,)
            shares = {only: pot.amount}
            if sole is None and only in shown:  # (no hand for a pot won unseen, R1.9)
                hands[halves[0].name] = rankers[0].value(only)
        else:
            won: list[tuple[PotHalf, _Ranker, tuple[int, ...]]] = []
            for half, ranker in zip(halves, rankers, strict=True):
                ranked = {s: ranker.key(s) for s in contenders}
                best = max(ranked.values())
                if best < 0:
                    continue  # nobody qualifies (R1.4): the other shares take this one
                won.append((half, ranker, tuple(s for s in contenders if ranked[s] == best)))
            part, extra = divmod(pot.amount, len(won))
            for i, (half, ranker, tied) in enumerate(won):
                values = {s: ranker.value(s) for s in tied}
                winners[half.name] = tied
                hands[half.name] = values[tied[0]]
                amount = part + extra if i == 0 else part  # R3.8: odd chips to the first (high) share
                if len(tied) == 1:
                    split = {tied[0]: amount}
                elif half.odd_chip is OddChip.BY_CARD:  # R2.10 (with wild cards: their odd_chip_key)
                    by_card = {s: -(v.odd_chip_key if isinstance(v := values[s], WildHighValue)
                                    else odd_chip_key(v.cards, double_ace_flush=game.double_ace_flush))
                               for s in tied}
                    split = split_evenly(amount, tied, by_card.__getitem__)
                elif half.odd_chip is OddChip.BY_LOW_CARD:  # R6.5
                    by_low_card = {s: -razz_odd_chip_key(values[s].cards) for s in tied}
                    split = split_evenly(amount, tied, by_low_card.__getitem__)
                else:  # R3.8
                    split = split_evenly(amount, tied, position)
                for s, a in split.items():
                    shares[s] = shares.get(s, 0) + a
        several = len(winners) > 1
        for s in sorted(shares):
            mine = [name for name, tied in winners.items() if s in tied]
            if not several:
                half_name = "all"
            elif len(mine) > 1:
                half_name = "both"
            else:
                half_name = mine[0]
            desc = "; ".join(hands[name].description for name in mine if name in hands)
            awards.append(PotAwarded(pot=pot.index, seat=s, amount=shares[s], half=half_name, hand=desc))
        high_hand = hands.get("high")
        low_hand = hands.get("low")
        results.append(PotResult(
            index=pot.index, amount=pot.amount, eligible=pot.eligible,
            high_winners=winners.get("high", ()), low_winners=winners.get("low", ()),
            high_hand=high_hand if isinstance(high_hand, (HighValue, WildHighValue)) else None,
            low_hand=low_hand if isinstance(low_hand, (LowValue, RazzValue)) else None,
            shares=tuple(sorted(shares.items())),
            spade_winners=winners.get("spade", ()),
            spade_hand=spade_hand if isinstance(spade_hand := hands.get("spade"), SpadeValue) else None,
        ))
    return Settlement(results=tuple(results), awards=tuple(awards))
