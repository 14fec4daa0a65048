"""Hand strength for the rule bot: how good a seat's hand will be, on its own.

The strength of a hand is its *percentile* among random seven-card hands:
the fraction of them its final high (or low, or in razz its razz low) hand
beats. With cards to come
the seat's own future cards are sampled from the cards it has not seen, so
dead cards count. Against ``k`` opponents a percentile ``p`` wins about
``p ** k`` of the time; what the opponents show on their boards lowers that
through simple threat factors (a board that already beats the seat's made
hand, four cards to a flush showing, three low cards showing; in razz three
unpaired cards of eight or lower showing).
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from functools import cache

from studpoker.bots._common import Table
from studpoker.engine.evaluation import deuce_seven_key, high_key, low_key, razz_key
from studpoker.engine.wild import wild_high_key, wild_low_key

__all__ = ["Strength", "made_hand"]

_SAMPLE_HANDS = 21_000
_ACE = 12
_JOKER = 52
_SPADE = 3  # a card's suit is code & 3: clubs, diamonds, hearts, spades


@cache
def _tables() -> tuple[list[int], list[int], float]:
    """Sorted high keys and low keys of random seven-card hands, and P(no low)."""
    rng = random.Random(20_240_607)
    deck = list(range(52))
    highs: list[int] = []
    lows: list[int] = []
    while len(highs) < _SAMPLE_HANDS:
        rng.shuffle(deck)
        for i in range(7):
            hand = deck[7 * i : 7 * i + 7]
            highs.append(high_key(hand))
            lows.append(low_key(hand))
    highs.sort()
    lows.sort()
    no_low = bisect_left(lows, 0) / len(lows)
    return highs, lows, no_low


@cache
def _razz_keys() -> list[int]:
    """Sorted razz keys (R6.2) of random seven-card hands."""
    rng = random.Random(20_240_608)
    deck = list(range(52))
    keys: list[int] = []
    while len(keys) < _SAMPLE_HANDS:
        rng.shuffle(deck)
        for i in range(7):
            keys.append(razz_key(deck[7 * i : 7 * i + 7]))
    keys.sort()
    return keys


def razz_percentile(key: int) -> float:
    """Fraction of random seven-card hands a razz key beats (ties count half)."""
    keys = _razz_keys()
    return (bisect_left(keys, key) + bisect_right(keys, key)) / (2 * len(keys))


@cache
def _sized_keys(deuce_seven: bool, cards: int) -> list[int]:
    """Sorted keys of random hands of ``cards`` cards: deuce-to-seven lows (R10.1), or highs."""
    rng = random.Random(20_261_207 + cards + 100 * deuce_seven)
    deck = list(range(52))
    key = deuce_seven_key if deuce_seven else high_key
    per = 52 // cards
    keys: list[int] = []
    while len(keys) < _SAMPLE_HANDS:
        rng.shuffle(deck)
        for i in range(per):
            keys.append(key(deck[cards * i : cards * i + cards]))
    keys.sort()
    return keys


def sized_percentile(key: int, *, deuce_seven: bool, cards: int) -> float:
    """Fraction of random hands of ``cards`` cards a key beats (ties count half): deuce-to-seven
    keys with ``deuce_seven``, else high keys (a Five Card Stud hand against five-card hands)."""
    keys = _sized_keys(deuce_seven, cards)
    return (bisect_left(keys, key) + bisect_right(keys, key)) / (2 * len(keys))


@cache
def _wild_highs(wild: int) -> list[int]:
    """Sorted wild high keys (R8.1) of random seven-card hands with the ranks of ``wild`` wild."""
    rng = random.Random(20_261_202 + wild)
    deck = list(range(52))
    highs: list[int] = []
    while len(highs) < _SAMPLE_HANDS // 3:
        rng.shuffle(deck)
        for i in range(7):
            highs.append(wild_high_key(deck[7 * i : 7 * i + 7], wild))
    highs.sort()
    return highs


def wild_percentile(key: int, wild: int) -> float:
    """Fraction of random seven-card hands, the ranks of ``wild`` wild, that a wild key beats."""
    highs = _wild_highs(wild)
    return (bisect_left(highs, key) + bisect_right(highs, key)) / (2 * len(highs))


def high_percentile(key: int) -> float:
    """Fraction of random seven-card hands a high key beats (ties count half)."""
    highs = _tables()[0]
    return (bisect_left(highs, key) + bisect_right(highs, key)) / (2 * len(highs))


def low_percentile(key: int) -> float:
    """Fraction of random seven-card hands a low key beats (no low beats nothing)."""
    if key < 0:
        return 0.0
    lows = _tables()[1]
    return (bisect_left(lows, key) + bisect_right(lows, key)) / (2 * len(lows))


def made_hand(codes: Sequence[int]) -> tuple[int, int]:
    """(category, rank) of the pairs, trips and quads among ``codes``.

    Categories as :class:`~studpoker.engine.evaluation.HighCategory`: 0 high card,
    1 pair, 2 two pair, 3 trips, 6 full house, 7 quads; ``rank`` is the rank
    of the main group (or the highest card). The joker counts as an ace.
    """
    counts = [0] * 13
    for c in codes:
        counts[_ACE if c == _JOKER else c >> 2] += 1
    groups = sorted(((n, r) for r, n in enumerate(counts) if n), reverse=True)
    if not groups:
        return (0, -1)
    n, r = groups[0]
    second = groups[1][0] if len(groups) > 1 else 0
    if n >= 4:
        return (7, r)
    if n == 3:
        return (6 if second >= 2 else 3, r)
    if n == 2:
        return (2 if second == 2 else 1, r)
    return (0, r)


def _my_made(codes: Sequence[int], daf: bool, wild: int = 0) -> tuple[int, int]:
    if len(codes) >= 5:
        key = wild_high_key(list(codes), wild) if wild else high_key(list(codes), daf)
        return (key >> 20, (key >> 16) & 15)
    return made_hand(codes)


def _razz_low_cards(codes: Sequence[int], *, ace_low: bool = True) -> int:
    """Distinct ranks of eight or lower (ace low; without ``ace_low`` the ace is high, R10.1)
    among ``codes``, none counted when paired."""
    counts: dict[int, int] = {}
    for c in codes:
        r = c >> 2
        counts[r] = counts.get(r, 0) + 1
    if any(n > 1 for n in counts.values()):
        return 0
    return sum(1 for r in counts if (r == _ACE and ace_low) or r <= 6)


def _low_ranks(codes: Sequence[int]) -> int:
    ranks = set()
    for c in codes:
        if c == _JOKER:
            ranks.add(-1)
        else:
            r = c >> 2
            if r == _ACE or r <= 6:
                ranks.add(r)
    return len(ranks)


class Strength:
    """Sampled strength of one seat's hand; see the module docstring."""

    def __init__(self, table: Table, rng: random.Random) -> None:
        self.table = table
        self.rng = rng
        self.no_low = _tables()[2]
        mine = table.mine
        made = (0, -1) if table.razz else _my_made(mine, table.double_ace_flush, table.wild)
        high_factor = 1.0
        low_factor = 1.0
        for visible in table.opponents:
            if table.razz:  # R6.2: the threat is an unpaired low board
                if _razz_low_cards(visible, ace_low=not table.deuce_seven) >= 3:
                    high_factor *= 0.75
                continue
            board = made_hand(visible)
            if board[0] >= 1 and board > made:  # a pair or better showing beats us
                high_factor *= 0.55
            suits = [0, 0, 0, 0]
            for c in visible:
                if c != _JOKER:
                    suits[c & 3] += 1
            if max(suits) >= 4 and made[0] < 5:
                high_factor *= 0.8
            if table.high_low and _low_ranks(visible) >= 3:
                low_factor *= 0.75
        self.high_factor = high_factor
        self.low_factor = low_factor

    def value(self, samples: int, *, extra: int | None = None, seed: int | None = None) -> float:
        """Expected share of the pot against the opponents still in the hand,
        sampling the seat's own cards to come ``samples`` times; ``extra`` is a
        known card the seat takes as its next card (a Wall Street market slot).
        With ``seed`` the samples come from that seed (the same seed gives
        the same deals, so values with different ``extra`` compare fairly)."""
        t = self.table
        k = len(t.opponents)
        need = t.my_need
        mine = list(t.mine)
        if extra is not None:
            if need == 0:
                return self.value(samples, seed=seed)
            mine.append(extra)
            need -= 1
        pool = list(t.pool)
        size = len(pool)
        need = min(need, size)
        if need == 0:
            samples = 1
        rand = (random.Random(seed) if seed is not None else self.rng).random
        hf, lf = self.high_factor, self.low_factor
        all_no_low = self.no_low**k
        daf = t.double_ace_flush
        wild = t.wild
        total = 0.0
        for _ in range(samples):
            for i in range(need):
                j = i + int(rand() * (size - i))
                pool[i], pool[j] = pool[j], pool[i]
            cards = mine + pool[:need]
            if len(cards) < 5:  # only possible with a broken view; be safe
                return 0.0
            if t.razz and t.deuce_seven:  # R10.1
                total += sized_percentile(deuce_seven_key(cards), deuce_seven=True, cards=t.cards) ** k * hf
                continue
            if t.razz:
                total += razz_percentile(razz_key(cards)) ** k * hf
                continue
            if t.cards != 7 and not wild and not t.high_low:  # against hands of the game's size
                total += sized_percentile(high_key(cards, daf), deuce_seven=False, cards=t.cards) ** k * hf
                continue
            if wild:  # R8.1: any number of cards, against random hands with the same wild ranks
                h = wild_percentile(wild_high_key(cards, wild), wild) ** k * hf
            else:
                h = high_percentile(high_key(cards, daf)) ** k * hf
            if t.high_low:
                lk = wild_low_key(cards, wild) if wild else low_key(cards)
                if lk < 0:
                    total += h * (0.5 + 0.5 * all_no_low)
                else:
                    total += 0.5 * (h + low_percentile(lk) ** k * lf)
            else:
                total += h
        if t.spade:
            return self._with_spade_half(total / samples)
        return total / samples

    def _with_spade_half(self, high: float) -> float:
        """R8.4: half of the pot to the best spade face down. The seat's best spade in the
        hole wins that half when no opponent holds a better one among its unseen hole cards
        (each drawn from the cards the seat has not seen); without a spade the seat's high
        takes the whole pot only when nobody holds a spade down."""
        t = self.table
        better_than = self._spade_rank()
        spades = [c for c in t.pool if c != _JOKER and c & 3 == _SPADE]
        if better_than is None:
            threats = len(spades)
        elif t.spade == "high":
            threats = sum(1 for c in spades if c >> 2 > better_than)
        else:
            threats = sum(1 for c in spades if c >> 2 < better_than)
        pool = len(t.pool)
        clear = 1.0
        unseen = min(t.hole_cards, pool)  # every opponent's hole cards, to the end of the hand
        for _ in t.opponents:
            if unseen > 0:
                clear *= math.comb(max(0, pool - threats), unseen) / math.comb(pool, unseen)
        if better_than is None:  # the spade half is someone else's unless nobody has one
            return high * (0.5 + 0.5 * clear)
        return 0.5 * high + 0.5 * clear

    def _spade_rank(self) -> int | None:
        """The rank of the seat's best spade face down (highest or lowest), None if none."""
        t = self.table
        ranks = [c >> 2 for c in t.down if c != _JOKER and c & 3 == _SPADE]
        if not ranks:
            return None
        return max(ranks) if t.spade == "high" else min(ranks)
