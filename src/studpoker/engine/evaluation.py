"""Hand evaluation: high hands (R1.2, R1.3), eight-or-better lows (R1.4), razz
lows (R6.2), deuce-to-seven lows (R10.1), and the up-card orderings used for
the bring-in (R2.4, R6.3, R10.2), the first player to act (R2.6, R6.4, R10.2)
and the odd chip (R2.10, R6.5, R10.3).

Every hand value carries an integer ``key``: larger is better, equal keys are
equal hands (suits never break ties). The fast paths :func:`high_key` and
:func:`low_key` work on card codes (``4 * rank + suit``, joker 52) without any
validation; :func:`evaluate_high` and :func:`evaluate_low` validate their input
and return rich values with the best five cards and an English description.

>>> evaluate_high("As Ad Kc Kd 7h 2s 3c").description
'Two pair, aces and kings'
>>> evaluate_high("As Ks Qs 2s Jk").description   # the joker is the Js (R1.2)
'Flush, ace high'
>>> evaluate_low("8c 6d 5h 4s 3c Kd Kh").description
'8-6-5-4-3 low'
>>> evaluate_razz("8c 6d 5h 4s 3c Kd Kh").description
'Eight-six low, 8-6-5-4-3'

How the fast path works. Each card code has one integer weight. The sum of the
weights of a hand holds, in separate bit fields, a 4-bit counter per suit
(bits 0..15), a joker flag (bit 19) and, from bit 20 up, the rank multiset as
a base-5 number (one digit per rank, at most four cards of a rank). One
addition and one mask tell whether the hand may be a flush or holds the joker;
if not (about 97% of seven-card hands), the base-5 number indexes a dict of
every rank multiset of five to seven cards (base 5 rather than 3-bit fields
spreads the dict's hash slots: fewer probes). Flushes look up a 13-bit rank
mask of the flush suit; the joker takes a slower branch. One set of tables,
built at import, serves every function here. Razz (:func:`razz_key`) indexes
a second dict by the same base-5 number (a razz hand is its ranks alone),
built at the first razz evaluation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from studpoker.engine.cards import Card, CardError, CardsLike, Rank, parse_cards

__all__ = [
    "DeuceSevenValue",
    "HighCategory",
    "HighValue",
    "LowCategory",
    "LowValue",
    "RazzCategory",
    "RazzValue",
    "board_has_pair",
    "board_key",
    "bring_in_key",
    "deuce_seven_board_key",
    "deuce_seven_bring_in_key",
    "deuce_seven_category_of_key",
    "deuce_seven_key",
    "deuce_seven_odd_chip_key",
    "deuce_seven_value",
    "evaluate_deuce_seven",
    "evaluate_high",
    "evaluate_low",
    "evaluate_razz",
    "high_category_of_key",
    "high_key",
    "low_key",
    "odd_chip_key",
    "razz_board_key",
    "razz_bring_in_key",
    "razz_category_of_key",
    "razz_key",
    "razz_odd_chip_key",
    "razz_value",
]

_JOKER: Final = 52
_ACE: Final = 12
_RANK_CHARS: Final = "23456789TJQKA"


class HighCategory(IntEnum):
    """Categories of high hands (R1.3); larger is better.

    >>> HighCategory.FULL_HOUSE > HighCategory.FLUSH
    True
    >>> HighCategory.FIVE_ACES.slug
    'five_aces'
    """

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_ACES = 9

    @property
    def slug(self) -> str:
        """The snake_case name, e.g. ``"full_house"``."""
        return self.name.lower()


class LowCategory(IntEnum):
    """Categories of eight-or-better lows (R1.4) by their highest card; larger is better.

    ``WHEEL`` is 5-4-3-2-A, ``SIX_LOW`` any 6-x-x-x-x, and so on.

    >>> LowCategory.WHEEL > LowCategory.EIGHT_LOW
    True
    """

    EIGHT_LOW = 0
    SEVEN_LOW = 1
    SIX_LOW = 2
    WHEEL = 3

    @property
    def slug(self) -> str:
        """The snake_case name, e.g. ``"eight_low"``."""
        return self.name.lower()


class _KeyOrdered:
    """Comparisons and hashing by ``key`` only, between values of the same class."""

    __slots__ = ()

    key: int

    def __eq__(self, other: object) -> bool:
        if isinstance(other, type(self)):
            return self.key == other.key
        return NotImplemented

    def __lt__(self, other: object) -> bool:
        if isinstance(other, type(self)):
            return self.key < other.key
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, type(self)):
            return self.key <= other.key
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, type(self)):
            return self.key > other.key
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, type(self)):
            return self.key >= other.key
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.key)


@dataclass(frozen=True, eq=False, slots=True, kw_only=True)
class HighValue(_KeyOrdered):
    """The value of a high hand (R1.3), as returned by :func:`evaluate_high`.

    Values compare and hash by ``key`` only: equal keys are equal hands.

    Attributes:
        key: totally ordered integer; larger is better.
        category: the hand's :class:`HighCategory`.
        cards: the best five cards as dealt, most significant first (the joker
            appears as the joker, in the place of the card it stands for).
        description: English, e.g. ``"Full house, kings over sevens"``.

    >>> evaluate_high("Kc Kd Ks 7h 7d") > evaluate_high("Qc Qd Qs Ah Ad")
    True
    """

    key: int
    category: HighCategory
    cards: tuple[Card, ...]
    description: str

    @property
    def slug(self) -> str:
        """The category's snake_case name, e.g. ``"two_pair"``."""
        return self.category.slug

    def __str__(self) -> str:
        return self.description


@dataclass(frozen=True, eq=False, slots=True, kw_only=True)
class LowValue(_KeyOrdered):
    """The value of an eight-or-better low (R1.4), as returned by :func:`evaluate_low`.

    Values compare and hash by ``key`` only: larger is a better low.

    Attributes:
        key: integer in 0..224; larger is better (224 is the wheel).
        category: the hand's :class:`LowCategory`.
        cards: the best five cards as dealt, highest rank first (ace last).
        description: e.g. ``"8-6-5-4-3 low"`` or ``"Wheel, 5-4-3-2-A"``.

    >>> evaluate_low("7c 6d 5h 4s 2c") > evaluate_low("8c 6d 5h 4s 3c")
    True
    """

    key: int
    category: LowCategory
    cards: tuple[Card, ...]
    description: str

    @property
    def slug(self) -> str:
        """The category's snake_case name, e.g. ``"wheel"``."""
        return self.category.slug

    def __str__(self) -> str:
        return self.description


class RazzCategory(IntEnum):
    """Categories of razz hands (R6.2) by their pairs; larger is better.

    Any unpaired five beats any paired five (``NO_PAIR`` is the best category).

    >>> RazzCategory.NO_PAIR > RazzCategory.ONE_PAIR > RazzCategory.TWO_PAIR
    True
    """

    FOUR_OF_A_KIND = 0
    FULL_HOUSE = 1
    THREE_OF_A_KIND = 2
    TWO_PAIR = 3
    ONE_PAIR = 4
    NO_PAIR = 5

    @property
    def slug(self) -> str:
        """The snake_case name, e.g. ``"one_pair"``."""
        return self.name.lower()


@dataclass(frozen=True, eq=False, slots=True, kw_only=True)
class RazzValue(_KeyOrdered):
    """The value of a razz hand (R6.2), as returned by :func:`evaluate_razz`.

    Values compare and hash by ``key`` only: larger is a better (lower) hand.

    Attributes:
        key: integer; larger is better (the wheel 5-4-3-2-A is the largest).
        category: the hand's :class:`RazzCategory` (its pairs).
        cards: the best five cards as dealt, in order of significance (an
            unpaired hand from its highest card down, the ace last).
        description: as players say it, e.g. ``"Seven-five low, 7-5-4-2-A"``
            or ``"Pair of twos, 2-2-8-7-5"``.

    >>> evaluate_razz("7c 5d 4h 2s Ac Kd Kh") > evaluate_razz("8c 4d 3h 2s Ac Qd Qh")
    True
    """

    key: int
    category: RazzCategory
    cards: tuple[Card, ...]
    description: str

    @property
    def slug(self) -> str:
        """The category's snake_case name, e.g. ``"no_pair"``."""
        return self.category.slug

    def __str__(self) -> str:
        return self.description


# ---------------------------------------------------------------------------
# Keys. A high key is ``category << 20`` plus five 4-bit rank fields, most
# significant first: the groups' ranks in order of significance, then zeros.
# ---------------------------------------------------------------------------

_CAT_SHIFT: Final = 20
# The categories as plain ints, for speed.
(_HC, _P1, _P2, _K3, _ST, _FL, _FH, _K4, _SF, _K5) = range(10)
assert [int(c) for c in HighCategory] == list(range(10))
_Ranks = tuple[int, ...]
_FIVE_ACES_KEY: Final = _K5 << _CAT_SHIFT


def _pack(category: int, ranks: Sequence[int]) -> int:
    key = category
    for i in range(5):
        key = (key << 4) | (ranks[i] if i < len(ranks) else 0)
    return key


# Straights by top rank: 3 (five high, the wheel A-2-3-4-5) up to 12 (ace high).
_STRAIGHT_MASKS: Final[tuple[tuple[int, int], ...]] = tuple(
    (top, (0b11111 << (top - 4)) if top >= 4 else (0b1111 | (1 << _ACE))) for top in range(3, 13)
)


def _build_straight_tables() -> tuple[list[int], list[int]]:
    """Best straight top per 13-bit rank mask: natural, and with one wild card."""
    natural = [-1] * 8192
    wild = [-1] * 8192
    for top, smask in _STRAIGHT_MASKS:  # ascending, so higher tops overwrite
        rest = [b for b in range(13) if not smask >> b & 1]
        others = [0]
        for b in rest:
            others += [o | (1 << b) for o in others]
        for o in others:
            natural[o | smask] = top
        for missing in range(-1, 13):
            if missing >= 0 and not smask >> missing & 1:
                continue
            part = smask & ~(1 << missing) if missing >= 0 else smask
            for o in others:
                wild[o | part] = top
    return natural, wild


_STRAIGHT_TOP, _WILD_STRAIGHT_TOP = _build_straight_tables()


def _top_ranks(mask: int, n: int) -> list[int]:
    """The ``n`` highest ranks set in a 13-bit mask, highest first."""
    out: list[int] = []
    r = 12
    while len(out) < n and r >= 0:
        if mask >> r & 1:
            out.append(r)
        r -= 1
    return out


def _build_flush_table() -> list[int]:
    """Key of a flush or straight flush per 13-bit rank mask of five to seven ranks."""
    table = [0] * 8192
    for mask in range(8192):
        if mask.bit_count() < 5:
            continue
        top = _STRAIGHT_TOP[mask]
        table[mask] = _pack(_SF, (top,)) if top >= 0 else _pack(_FL, _top_ranks(mask, 5))
    return table


_FLUSH_KEY: Final = _build_flush_table()


def _build_nonflush_table() -> dict[int, int]:
    """Key of every rank multiset of 5..7 cards (at most four of a rank), flushes aside.

    Indexed by the sum of ``5 ** rank`` over the cards. The multisets are
    generated rank by rank, highest first, so each group list stays sorted.
    """
    table: dict[int, int] = {}
    # One int object per distinct key (about 6,000), shared by the 73,775
    # entries, keeps the values the fast path returns hot in the CPU cache.
    shared: dict[int, int] = {}
    pow5 = [5**r for r in range(13)]
    straight_top = _STRAIGHT_TOP
    cat_quads, cat_full, cat_straight, cat_trips, cat_two, cat_pair = (
        c << _CAT_SHIFT for c in (_K4, _FH, _ST, _K3, _P2, _P1)
    )

    def emit(index: int, mask: int, quads: _Ranks, trips: _Ranks, pairs: _Ranks, singles: _Ranks) -> None:
        if quads:
            kicker = max(trips[:1] + pairs[:1] + singles[:1])
            key = cat_quads | quads[0] << 16 | kicker << 12
        elif trips and (len(trips) > 1 or pairs):
            key = cat_full | trips[0] << 16 | max(trips[1:2] + pairs[:1]) << 12
        elif straight_top[mask] >= 0:
            key = cat_straight | straight_top[mask] << 16
        elif trips:
            key = cat_trips | trips[0] << 16 | singles[0] << 12 | singles[1] << 8
        elif len(pairs) > 1:
            kicker = max(pairs[2:3] + singles[:1])
            key = cat_two | pairs[0] << 16 | pairs[1] << 12 | kicker << 8
        elif pairs:
            key = cat_pair | pairs[0] << 16 | singles[0] << 12 | singles[1] << 8 | singles[2] << 4
        else:
            key = _pack(_HC, singles)
        table[index] = shared.setdefault(key, key)

    def grow(
        top: int,
        size: int,
        index: int,
        mask: int,
        quads: _Ranks,
        trips: _Ranks,
        pairs: _Ranks,
        singles: _Ranks,
    ) -> None:
        if size >= 5:
            emit(index, mask, quads, trips, pairs, singles)
        room = 7 - size
        if not room:
            return
        for r in range(top, -1, -1):
            w = pow5[r]
            m = mask | 1 << r
            rank = (r,)
            grow(r - 1, size + 1, index + w, m, quads, trips, pairs, singles + rank)
            if room >= 2:
                grow(r - 1, size + 2, index + 2 * w, m, quads, trips, pairs + rank, singles)
            if room >= 3:
                grow(r - 1, size + 3, index + 3 * w, m, quads, trips + rank, pairs, singles)
            if room >= 4:
                grow(r - 1, size + 4, index + 4 * w, m, quads + rank, trips, pairs, singles)

    grow(12, 0, 0, 0, (), (), (), ())
    return table


_NONFLUSH_KEY: Final = _build_nonflush_table()

# Card weights for the fast path (see the module docstring).
_RANK_SHIFT: Final = 20
_JOKER_FLAG: Final = 8 << 16
_CHECK_ADD: Final = 0x3333  # a suit counter reaches bit 3 of its nibble at five cards
_CHECK_MASK: Final = 0x8888 | _JOKER_FLAG
_W: Final[list[int]] = [((5 ** (c >> 2)) << _RANK_SHIFT) | (1 << (4 * (c & 3))) for c in range(52)]
_W.append(_JOKER_FLAG)
_ACE_COUNTER: Final = 5**_ACE  # the ace's digit in the rank index
assert (_CHECK_ADD, _CHECK_MASK, _RANK_SHIFT) == (0x3333, 0x88888, 20)  # literals in high_key
_STRAIGHT_BASE: Final = _ST << _CAT_SHIFT
_RANK_BIT: Final[list[int]] = [1 << (c >> 2) for c in range(52)] + [0]
_STRAIGHT_FLUSH_BASE: Final = _SF << _CAT_SHIFT


def _flush_suit_mask(codes: Sequence[int], suit: int) -> int:
    mask = 0
    for c in codes:
        if c != _JOKER and c & 3 == suit:
            mask |= 1 << (c >> 2)
    return mask


def _high_key_slow(codes: Sequence[int], s: int, double_ace_flush: bool) -> int:
    """Flushes and hands with the joker."""
    if not s & _JOKER_FLAG:
        # Exactly one suit counter reached five: 0x8 << 4 * suit.
        suit = (((s + _CHECK_ADD) & 0x8888).bit_length() >> 2) - 1
        return _FLUSH_KEY[_flush_suit_mask(codes, suit)]
    index = s >> _RANK_SHIFT
    if index >= 4 * _ACE_COUNTER:  # four aces (the top base-5 digit) and the joker
        return _FIVE_ACES_KEY
    # The joker as an ace (of no suit).
    best = _NONFLUSH_KEY[index + _ACE_COUNTER]
    # The joker completing a straight.
    ranks = 0
    for c in codes:
        ranks |= _RANK_BIT[c]
    top = _WILD_STRAIGHT_TOP[ranks]
    if top >= 0:
        key = _STRAIGHT_BASE | top << 16
        if key > best:
            best = key
    # The joker completing a flush or straight flush: a suit with four real cards
    # or more (at most one suit, with at most six real cards).
    four = (s + 0x4444) & 0x8888
    if four:
        mask = _flush_suit_mask(codes, (four.bit_length() >> 2) - 1)
        top = _WILD_STRAIGHT_TOP[mask]
        if top >= 0:
            return _STRAIGHT_FLUSH_BASE | top << 16
        if double_ace_flush:
            key = _pack(_FL, [_ACE, *_top_ranks(mask, 4)])
        else:
            highest_missing = 12
            while mask >> highest_missing & 1:
                highest_missing -= 1
            key = _FLUSH_KEY[mask | (1 << highest_missing)]
        if key > best:
            best = key
    return best


def high_key(codes: Sequence[int], double_ace_flush: bool = False) -> int:
    """The high key (R1.2, R1.3) of 5, 6 or 7 card codes: the fast path, no validation.

    Same as ``evaluate_high(codes, double_ace_flush=...).key``; larger is better.
    Codes are ``4 * rank + suit`` (ranks 2..A = 0..12, suits c, d, h, s = 0..3),
    the joker 52.

    >>> high_key([51, 47, 43, 39, 35]) > high_key([50, 46, 42, 38, 3])  # royal > ace-high
    True
    """
    w = _W
    n = len(codes)
    if n == 7:
        c0, c1, c2, c3, c4, c5, c6 = codes
        s = w[c0] + w[c1] + w[c2] + w[c3] + w[c4] + w[c5] + w[c6]
    elif n == 5:
        c0, c1, c2, c3, c4 = codes
        s = w[c0] + w[c1] + w[c2] + w[c3] + w[c4]
    else:
        s = 0
        for c in codes:
            s += w[c]
    if (s + 0x3333) & 0x88888:  # (s + _CHECK_ADD) & _CHECK_MASK, as literals for speed
        return _high_key_slow(codes, s, double_ace_flush)
    return _NONFLUSH_KEY[s >> 20]  # s >> _RANK_SHIFT


def high_category_of_key(key: int) -> HighCategory:
    """The :class:`HighCategory` of a high key.

    >>> high_category_of_key(high_key([0, 1, 2, 3, 4])).slug
    'four_of_a_kind'
    """
    return HighCategory(key >> _CAT_SHIFT)


# ---------------------------------------------------------------------------
# Lows (R1.4). A low is a mask of low ranks: bit 0 the ace, bit i the rank
# i + 1 (2..8). Among five distinct ranks, comparing from the highest card down
# is comparing the masks as numbers, lower being better; the key is 255 - mask.
# ---------------------------------------------------------------------------

_LOW_JOKER_BIT: Final = 256


def _low_bit(code: int) -> int:
    if code == _JOKER:
        return _LOW_JOKER_BIT
    rank = code >> 2
    if rank == _ACE:
        return 1
    return 1 << (rank + 1) if rank <= 6 else 0


def _build_low_table() -> list[int]:
    table = [-1] * 512
    for m in range(512):
        mask = m & 255
        if m & _LOW_JOKER_BIT:
            bit = 1
            while mask & bit:
                bit <<= 1
            mask |= bit & 255
        if mask.bit_count() < 5:
            continue
        five = 0
        for b in range(8):
            if mask >> b & 1 and five.bit_count() < 5:
                five |= 1 << b
        table[m] = 255 - five
    return table


_LOW_BIT: Final[list[int]] = [_low_bit(c) for c in range(53)]
_LOW_KEY: Final = _build_low_table()
_WHEEL_KEY: Final = 255 - 0b11111


def low_key(codes: Sequence[int]) -> int:
    """The eight-or-better low key (R1.4) of card codes: the fast path, no validation.

    Larger is better; -1 when there is no low. Same as ``evaluate_low(codes).key``
    when there is a low.

    >>> low_key([48, 0, 4, 8, 12]) > low_key([24, 16, 12, 8, 4])  # wheel > 8-6-5-4-3
    True
    >>> low_key([48, 0, 4, 8, 32])  # A-2-3-4-T: no low
    -1
    """
    b = _LOW_BIT
    n = len(codes)
    if n == 7:
        c0, c1, c2, c3, c4, c5, c6 = codes
        m = b[c0] | b[c1] | b[c2] | b[c3] | b[c4] | b[c5] | b[c6]
    elif n == 5:
        c0, c1, c2, c3, c4 = codes
        m = b[c0] | b[c1] | b[c2] | b[c3] | b[c4]
    else:
        m = 0
        for c in codes:
            m |= b[c]
    return _LOW_KEY[m]


# ---------------------------------------------------------------------------
# Razz (R6.2): the best five-card ace-to-five low with pairs counting. The
# value depends only on the ranks held, so one table maps every rank multiset
# of five to seven cards (indexed like the high table: the base-5 rank sum of
# the card weights) to its key. Inside, ranks are "low ranks": ace 0, deuce 1,
# ..., king 12. A hand's badness packs its pairing category (0 no pair, 1 one
# pair, 2 two pair, 3 three of a kind, 4 full house, 5 four of a kind) and its
# groups' low ranks in order of significance, like a high key; the razz key is
# ``_RAZZ_TOP - badness``: larger is better, the wheel is the largest.
# ---------------------------------------------------------------------------

_RAZZ_TOP: Final = (6 << _CAT_SHIFT) - 1
_LOW_RANK: Final[tuple[int, ...]] = (*range(1, 13), 0)  # by rank 2..A: the low rank (ace 0)
_RANK_OF_LOW: Final[tuple[int, ...]] = (_ACE, *range(12))  # by low rank: the rank


def _razz_badness(singles: _Ranks, pairs: _Ranks, trips: _Ranks, quads: _Ranks) -> int:
    """The badness of the best five of a multiset given as its groups of low ranks, ascending.

    The best five keep as many distinct ranks as they can (up to five), then
    pair the lowest ranks they must: every choice below is forced by the
    category (fewer pairs first) and then by the ranks in order of significance.
    """
    distinct = sorted(singles + pairs + trips + quads)
    d = len(distinct)
    if d >= 5:
        return _pack(0, distinct[4::-1])
    dups = sorted(pairs + trips + quads)  # the ranks held twice or more
    if d == 4:  # one pair: every rank plays, the lowest repeated rank pairs
        rest = [r for r in distinct if r != dups[0]]
        return _pack(1, [dups[0], rest[2], rest[1], rest[0]])
    if d == 3:
        if len(dups) >= 2:  # two pair: the two lowest repeated ranks, the third rank kicks
            low, high = dups[0], dups[1]
            kicker = next(r for r in distinct if r != low and r != high)
            return _pack(2, [high, low, kicker])
        rest = [r for r in distinct if r != dups[0]]  # three of a kind: only a five-card hand
        return _pack(3, [dups[0], rest[1], rest[0]])
    # two ranks: a full house when one rank holds three and the other two, else four of a kind
    a, b = distinct
    count = {r: 1 for r in singles} | {r: 2 for r in pairs} | {r: 3 for r in trips} | {r: 4 for r in quads}
    for t, p in ((a, b), (b, a)):
        if count[t] >= 3 and count[p] >= 2:
            return _pack(4, [t, p])
    q = a if count[a] == 4 else b
    return _pack(5, [q, b if q == a else a])


def _build_razz_table() -> dict[int, int]:
    """Razz key of every rank multiset of 5..7 cards, by the base-5 rank sum (see high_key)."""
    table: dict[int, int] = {}
    weight = [5 ** _RANK_OF_LOW[r] for r in range(13)]

    def grow(low: int, size: int, index: int, singles: _Ranks, pairs: _Ranks, trips: _Ranks,
             quads: _Ranks) -> None:
        if size >= 5:
            table[index] = _RAZZ_TOP - _razz_badness(singles, pairs, trips, quads)
        room = 7 - size
        if not room:
            return
        for r in range(low, 13):
            w = weight[r]
            rank = (r,)
            grow(r + 1, size + 1, index + w, singles + rank, pairs, trips, quads)
            if room >= 2:
                grow(r + 1, size + 2, index + 2 * w, singles, pairs + rank, trips, quads)
            if room >= 3:
                grow(r + 1, size + 3, index + 3 * w, singles, pairs, trips + rank, quads)
            if room >= 4:
                grow(r + 1, size + 4, index + 4 * w, singles, pairs, trips, quads + rank)

    grow(0, 0, 0, (), (), (), ())
    return table


_RAZZ_TABLE: dict[int, int] = {}  # filled at the first razz evaluation (about 0.2 s)


def _razz_table() -> dict[int, int]:
    if not _RAZZ_TABLE:
        _RAZZ_TABLE.update(_build_razz_table())
    return _RAZZ_TABLE


def razz_key(codes: Sequence[int]) -> int:
    """The razz key (R6.2) of 5, 6 or 7 card codes: the fast path, no validation (no joker).

    Same as ``evaluate_razz(codes).key``: larger is better, every hand has one
    (no qualifier, R6.2), and equal keys are equal hands.

    >>> razz_key([48, 0, 4, 8, 12]) > razz_key([16, 12, 8, 4, 0])  # 5-4-3-2-A beats 6-5-4-3-2
    True
    >>> razz_key([44, 40, 36, 32, 28]) > razz_key([0, 1, 4, 8, 12])  # K-Q-J-T-9 beats a pair of twos
    True
    """
    table = _RAZZ_TABLE or _razz_table()
    w = _W
    s = 0
    for c in codes:
        s += w[c]
    return table[s >> 20]  # s >> _RANK_SHIFT


def razz_category_of_key(key: int) -> RazzCategory:
    """The :class:`RazzCategory` of a razz key.

    >>> razz_category_of_key(razz_key([0, 1, 4, 8, 12])).slug
    'one_pair'
    """
    return RazzCategory(5 - ((_RAZZ_TOP - key) >> _CAT_SHIFT))


# ---------------------------------------------------------------------------
# Rich values.
# ---------------------------------------------------------------------------


def _checked_hand(cards: CardsLike) -> list[Card]:
    hand = parse_cards(cards)
    if not 5 <= len(hand) <= 7:
        raise CardError(f"a hand has 5 to 7 cards, got {len(hand)}")
    seen: set[int] = set()
    for card in hand:
        if card.code in seen:
            raise CardError(f"duplicate card {card}")
        seen.add(card.code)
    return hand


# Plain ints and tuples for the rich path (enum calls and attribute lookups are slow).
_HIGH_CATEGORIES: Final[tuple[HighCategory, ...]] = tuple(HighCategory)
_LOW_CATEGORIES: Final[tuple[LowCategory, ...]] = tuple(LowCategory)
_WORD: Final[tuple[str, ...]] = tuple(r.word for r in Rank)
_PLURAL: Final[tuple[str, ...]] = tuple(r.plural for r in Rank)


def _ranks_of_high_key(key: int) -> list[int]:
    """The five ranks of the best hand of this key, in order of significance."""
    cat = key >> _CAT_SHIFT
    n = [(key >> 16) & 15, (key >> 12) & 15, (key >> 8) & 15, (key >> 4) & 15, key & 15]
    if cat == _K5:
        return [_ACE] * 5
    if cat in (_SF, _ST):
        top = n[0]
        return [3, 2, 1, 0, _ACE] if top == 3 else list(range(top, top - 5, -1))
    if cat == _K4:
        return [n[0]] * 4 + [n[1]]
    if cat == _FH:
        return [n[0]] * 3 + [n[1]] * 2
    if cat == _K3:
        return [n[0]] * 3 + n[1:3]
    if cat == _P2:
        return [n[0], n[0], n[1], n[1], n[2]]
    if cat == _P1:
        return [n[0], n[0], *n[1:4]]
    return n  # flush, high card


def _best_five(hand: Sequence[Card], key: int) -> tuple[Card, ...]:
    """The five cards of ``hand`` that make ``key``, in order of significance.

    Real cards are taken rank by rank (of the flush suit for flushes and
    straight flushes; the highest suit first among equals); the joker takes
    the one rank no real card fills.
    """
    cat = key >> _CAT_SHIFT
    real = [c for c in hand if c.code != _JOKER]
    jokers = [c for c in hand if c.code == _JOKER]
    if cat in (_FL, _SF):
        per_suit = [0, 0, 0, 0]
        for card in real:
            per_suit[card.code & 3] += 1
        suit = per_suit.index(max(per_suit))
        real = [c for c in real if c.code & 3 == suit]
    pool = sorted(real, key=lambda c: c.code, reverse=True)
    out: list[Card] = []
    for r in _ranks_of_high_key(key):
        for i, card in enumerate(pool):
            if card.code >> 2 == r:
                out.append(pool.pop(i))
                break
        else:
            if not jokers:  # pragma: no cover - the key always matches its cards
                raise AssertionError("best five cards do not match the key")
            out.append(jokers.pop())
    return tuple(out)


def _describe_high(key: int) -> str:
    cat = key >> _CAT_SHIFT
    a, b = (key >> 16) & 15, (key >> 12) & 15
    if cat == _K5:
        return "Five aces"
    if cat == _SF:
        return "Royal flush" if a == _ACE else f"Straight flush, {_WORD[a]} high"
    if cat == _K4:
        return f"Four of a kind, {_PLURAL[a]}"
    if cat == _FH:
        return f"Full house, {_PLURAL[a]} over {_PLURAL[b]}"
    if cat == _FL:
        return f"Flush, {_WORD[a]} high"
    if cat == _ST:
        return f"Straight, {_WORD[a]} high"
    if cat == _K3:
        return f"Three of a kind, {_PLURAL[a]}"
    if cat == _P2:
        return f"Two pair, {_PLURAL[a]} and {_PLURAL[b]}"
    if cat == _P1:
        return f"One pair, {_PLURAL[a]}"
    return f"High card, {_WORD[a]}"


def evaluate_high(cards: CardsLike, *, double_ace_flush: bool = False) -> HighValue:
    """The best high hand (R1.3) of 5, 6 or 7 cards, the joker per R1.2.

    ``cards`` is text (``"As Kd Jk 7c 7d"``), or Cards, texts or codes. With
    ``double_ace_flush`` the joker in a flush is always an ace, even when the ace
    of that suit is in the hand. Raises :class:`CardError` for a bad card, a
    duplicate, or fewer than five or more than seven cards.

    >>> v = evaluate_high("Kh Kd 7s 7c Kc 2d 3h")
    >>> v.category.slug, v.description
    ('full_house', 'Full house, kings over sevens')
    >>> [str(c) for c in v.cards]
    ['Kh', 'Kd', 'Kc', '7s', '7c']
    >>> evaluate_high("Ac Ad Ah As Jk").description
    'Five aces'
    >>> [str(c) for c in evaluate_high("9h 8h Jk 6h 5h").cards]
    ['9h', '8h', 'Jk', '6h', '5h']
    """
    hand = _checked_hand(cards)
    return high_value(hand, high_key([c.code for c in hand], double_ace_flush))


def high_value(hand: Sequence[Card], key: int) -> HighValue:
    """The :class:`HighValue` of ``key``, the high key of the cards ``hand`` (no validation).

    For callers that hold valid hands and already have their keys (the
    settlement of a showdown); :func:`evaluate_high` is the checked way.
    """
    return HighValue(
        key=key,
        category=_HIGH_CATEGORIES[key >> _CAT_SHIFT],
        cards=_best_five(hand, key),
        description=_describe_high(key),
    )


def _low_rank_char(bit: int) -> str:
    return "A" if bit == 0 else _RANK_CHARS[bit - 1]


def evaluate_low(cards: CardsLike) -> LowValue | None:
    """The best eight-or-better low (R1.4) of 5, 6 or 7 cards, or None if there is none.

    Ace is low, straights and flushes do not count, pairs are simply not used.
    The joker is the lowest rank not already in the hand (R1.2). Raises
    :class:`CardError` like :func:`evaluate_high`.

    >>> evaluate_low("Ac Ad 2h 3s 4c 5d Kh").description
    'Wheel, 5-4-3-2-A'
    >>> v = evaluate_low("7c 6d Jk 4s 2c")
    >>> v.description, [str(c) for c in v.cards]
    ('7-6-4-2-A low', ['7c', '6d', '4s', '2c', 'Jk'])
    >>> evaluate_low("9c 6d 5h 4s 3c") is None
    True
    """
    hand = _checked_hand(cards)
    key = low_key([c.code for c in hand])
    if key < 0:
        return None
    five = 255 - key
    bits = [b for b in range(7, -1, -1) if five >> b & 1]
    chosen: list[Card] = []
    for b in bits:
        real = [c for c in hand if c.code != _JOKER and _low_bit(c.code) == 1 << b]
        if real:
            chosen.append(max(real, key=lambda c: c.code))
        else:
            chosen.append(next(c for c in hand if c.code == _JOKER))
    top = bits[0]
    category = _LOW_CATEGORIES[7 - top]  # the top card is the 8 (bit 7) down to the 5 (bit 4)
    text = "-".join(_low_rank_char(b) for b in bits)
    description = f"Wheel, {text}" if key == _WHEEL_KEY else f"{text} low"
    return LowValue(key=key, category=category, cards=tuple(chosen), description=description)


def _razz_groups(key: int) -> tuple[int, list[int]]:
    """The badness category and the low ranks of the five cards of a razz key, in order of significance."""
    bad = _RAZZ_TOP - key
    cat = bad >> _CAT_SHIFT
    n = [(bad >> 16) & 15, (bad >> 12) & 15, (bad >> 8) & 15, (bad >> 4) & 15, bad & 15]
    if cat == 0:
        return cat, n
    if cat == 1:
        return cat, [n[0], *n[:4]]
    if cat == 2:
        return cat, [n[0], n[0], n[1], n[1], n[2]]
    if cat == 3:
        return cat, [n[0]] * 3 + n[1:3]
    if cat == 4:
        return cat, [n[0]] * 3 + [n[1]] * 2
    return cat, [n[0]] * 4 + [n[1]]


def _low_rank_text(low: int) -> str:
    return "A" if low == 0 else _RANK_CHARS[low - 1]


def _describe_razz(key: int) -> str:
    cat, lows = _razz_groups(key)
    text = "-".join(map(_low_rank_text, lows))
    word = [_WORD[_RANK_OF_LOW[r]] for r in lows]
    plural = [_PLURAL[_RANK_OF_LOW[r]] for r in lows]
    if cat == 0:
        if lows[0] == 4:  # 5-4-3-2-A
            return f"Wheel, {text}"
        return f"{word[0].capitalize()}-{word[1]} low, {text}"
    if cat == 1:
        return f"Pair of {plural[0]}, {text}"
    if cat == 2:
        return f"Two pair, {plural[0]} and {plural[2]}, {text}"
    if cat == 3:
        return f"Three of a kind, {plural[0]}, {text}"
    if cat == 4:
        return f"Full house, {plural[0]} over {plural[3]}"
    return f"Four of a kind, {plural[0]}, {text}"


def evaluate_razz(cards: CardsLike) -> RazzValue:
    """The best razz hand (R6.2) of 5, 6 or 7 cards: the ace-to-five low with pairs counting.

    Aces are low, straights and flushes do not count, pairs count against the
    hand; every hand has a value (no qualifier). Raises :class:`CardError` like
    :func:`evaluate_high`, and for the joker (razz is played without it, R6.1).

    >>> v = evaluate_razz("7c 5d Kh 4s 2c Ad Ks")
    >>> v.description, [str(c) for c in v.cards]
    ('Seven-five low, 7-5-4-2-A', ['7c', '5d', '4s', '2c', 'Ad'])
    >>> evaluate_razz("2c 2d 8h 7s 5c 8d 7h").description
    'Pair of twos, 2-2-8-7-5'
    >>> evaluate_razz("Ac 2d 3h 4s 5c").description
    'Wheel, 5-4-3-2-A'
    """
    hand = _checked_hand(cards)
    if any(c.code == _JOKER for c in hand):
        raise CardError("razz is played without the joker (R6.1)")
    key = razz_key([c.code for c in hand])
    return razz_value(hand, key)


def razz_value(hand: Sequence[Card], key: int) -> RazzValue:
    """The :class:`RazzValue` of ``key``, the razz key of the cards ``hand`` (no validation)."""
    pool = sorted(hand, key=lambda c: c.code, reverse=True)  # the highest suit first among equals
    chosen: list[Card] = []
    for low in _razz_groups(key)[1]:
        rank = _RANK_OF_LOW[low]
        for i, card in enumerate(pool):
            if card.code >> 2 == rank:
                chosen.append(pool.pop(i))
                break
        else:  # pragma: no cover - the key always matches its cards
            raise AssertionError("best five cards do not match the razz key")
    return RazzValue(key=key, category=razz_category_of_key(key), cards=tuple(chosen),
                     description=_describe_razz(key))


# ---------------------------------------------------------------------------
# Up cards: bring-in (R2.4), first to act (R2.6), odd chip (R2.10).
# ---------------------------------------------------------------------------


def _showing_rank(card: Card) -> int:
    return _ACE if card.code == _JOKER else card.code >> 2


def board_key(cards: Sequence[Card]) -> tuple[int, ...]:
    """Order of up cards for the first player to act (R2.6); see :func:`_board_key`.

    The key depends only on the ranks showing (the joker as an ace) and the
    number of jokers: the engine keeps it per game by those
    (:meth:`studpoker.engine.memo.GameMemo.board`).
    """
    return _board_key(cards)


def _board_key(cards: Sequence[Card]) -> tuple[int, ...]:
    """Order of up cards for the first player to act (R2.6): larger is higher.

    The first element is the category: 0 high cards, 1 one pair, 2 two pair,
    3 three of a kind, 4 full house (five or more cards only), 5 four of a kind,
    6 five of a kind (the joker and four aces). Then the ranks (2..A = 0..12) of
    the groups, larger groups first, then higher ranks first. Straights and
    flushes do not count, suits never count, and the joker counts as an ace
    ranking above the ace of spades (R1.2): a last element counts the jokers
    showing, so an otherwise equal board with the joker is higher. Equal tuples
    are tied.

    >>> board_key(parse_cards("Kd 7c"))
    (0, 11, 5, 0)
    >>> board_key(parse_cards("3c 3d")) > board_key(parse_cards("As Kd"))
    True
    >>> board_key(parse_cards("Jk Ac"))
    (1, 12, 1)
    >>> board_key(parse_cards("Jk 7c")) > board_key(parse_cards("As 7d"))
    True
    """
    counts = [0] * 13
    for card in cards:
        counts[_showing_rank(card)] += 1
    groups = sorted(((n, r) for r, n in enumerate(counts) if n), reverse=True)
    jokers = sum(1 for card in cards if card.is_joker)
    if not groups:
        return (0, 0)
    top = groups[0][0]
    multiples = sum(1 for n, _ in groups if n >= 2)
    if top >= 5:
        category = 6
    elif top == 4:
        category = 5
    elif top == 3:
        category = 4 if multiples >= 2 else 3
    elif top == 2:
        category = 2 if multiples >= 2 else 1
    else:
        category = 0
    return (category, *(r for _, r in groups), jokers)


def board_has_pair(cards: Sequence[Card]) -> bool:
    """Whether up cards show a pair or better (the open pair of R2.6); the joker is an ace.

    >>> board_has_pair(parse_cards("Jk As")), board_has_pair(parse_cards("Kd Qd"))
    (True, False)
    """
    seen = 0
    for card in cards:
        bit = 1 << _showing_rank(card)
        if seen & bit:
            return True
        seen |= bit
    return False


def bring_in_key(card: Card) -> int:
    """Order of door cards for the bring-in (R2.4): the lowest key brings in.

    Rank first (ace high), then suit c < d < h < s (R1.1): this is the card's
    code. The joker is 53, an ace above the ace of spades (R1.2).

    >>> bring_in_key(Card.parse("2c")) < bring_in_key(Card.parse("2d"))
    True
    >>> bring_in_key(Card.parse("Jk")) > bring_in_key(Card.parse("As"))
    True
    """
    return 53 if card.code == _JOKER else card.code


def odd_chip_key(cards: Sequence[Card], *, double_ace_flush: bool = False) -> float:
    """Key for the odd chip among tied winners (R2.10): larger wins.

    The highest card of the given (winning five) cards, by rank then suit:
    a card's code (``4 * rank + suit``). The joker is the card it stands for in
    the best high hand of five cards (R1.2, ``double_ace_flush`` as in
    :func:`evaluate_high`) and has no suit: it ranks below every natural card
    of that rank and above those of lower ranks (key ``4 * rank - 0.5``). Given
    more or fewer than five cards it counts as an ace. Raises
    :class:`CardError` when no cards are given.

    >>> odd_chip_key(parse_cards("Ks Kc 7d 7c 2h")) > odd_chip_key(parse_cards("Kh Kd 7s 7h 2c"))
    True
    >>> odd_chip_key(parse_cards("9c 8d 7h 6s 5c")) > odd_chip_key(parse_cards("Jk 8c 7d 6h 5d"))
    True
    """
    if not cards:
        raise CardError("odd_chip_key needs at least one card")
    best = -2
    joker = False
    for card in cards:
        code = card.code
        if code == _JOKER:
            joker = True
        elif code > best:
            best = code
    if not joker:
        return best
    rank = _ACE
    if len(cards) == 5:  # the rank the joker stands for: the one its hand's ranks lack
        ranks = _ranks_of_high_key(high_key([c.code for c in cards], double_ace_flush))
        for card in cards:
            if card.code != _JOKER:
                ranks.remove(card.code >> 2)
        rank = ranks[0]
    return max(best, 4 * rank - 0.5)


# ---------------------------------------------------------------------------
# Up cards in razz: bring-in (R6.3), first to act (R6.4), odd chip (R6.5).
# ---------------------------------------------------------------------------


def razz_bring_in_key(card: Card) -> int:
    """Order of door cards for the razz bring-in (R6.3): the lowest key brings in.

    The highest card brings in: king highest, ace lowest; between equal ranks
    the higher suit brings in (spades highest, R1.1). The joker (not in razz,
    R6.1) is 52, last.

    >>> [razz_bring_in_key(Card.parse(c)) for c in ("Ks", "Kh", "Qs", "Ac")]
    [0, 1, 4, 51]
    >>> razz_bring_in_key(Card.parse("Ac")) > razz_bring_in_key(Card.parse("2c"))
    True
    """
    code = card.code
    if code == _JOKER:
        return 52
    return 51 - (_LOW_RANK[code >> 2] << 2 | code & 3)


def razz_board_key(cards: Sequence[Card]) -> tuple[int, ...]:
    """Order of up cards for the first player to act in razz (R6.4): larger acts first.

    The lowest (best) hand showing by R6.2 on the up cards alone: an unpaired
    board beats any paired one, then fewer pairs, then ranks from the most
    significant down (ace low; suits never count). Equal tuples are tied.

    >>> razz_board_key(parse_cards("6d 4c")) > razz_board_key(parse_cards("7c 5d"))
    True
    >>> razz_board_key(parse_cards("Kd Qc")) > razz_board_key(parse_cards("2c 2d"))
    True
    >>> razz_board_key(parse_cards("Ac 2d")) == razz_board_key(parse_cards("As 2h"))
    True
    """
    counts = [0] * 13
    for card in cards:
        counts[_LOW_RANK[_showing_rank(card)]] += 1
    groups = sorted(((n, r) for r, n in enumerate(counts) if n), reverse=True)
    if not groups:
        return (0,)
    top = groups[0][0]
    multiples = sum(1 for n, _ in groups if n >= 2)
    if top == 4:
        category = 5
    elif top == 3:
        category = 4 if multiples >= 2 else 3
    elif top == 2:
        category = 2 if multiples >= 2 else 1
    else:
        category = 0
    return (-category, *(-r for _, r in groups))


def razz_odd_chip_key(cards: Sequence[Card]) -> int:
    """Key for the odd chip among tied razz winners (R6.5): larger wins.

    The lowest card of the given (winning five) cards wins: by rank, ace
    lowest, then by suit, clubs lowest. Raises :class:`CardError` when no
    cards are given.

    >>> razz_odd_chip_key(parse_cards("7c 5d 4h 2s Ac")) > razz_odd_chip_key(parse_cards("7d 5c 4s 2h Ad"))
    True
    """
    if not cards:
        raise CardError("razz_odd_chip_key needs at least one card")
    return max(51 - (_LOW_RANK[_showing_rank(c)] << 2 | (c.code & 3 if c.code != _JOKER else 3))
               for c in cards)


# ---------------------------------------------------------------------------
# Deuce-to-seven lows (R10.1): the best five cards are the worst high hand of
# five, aces high only (A-5-4-3-2 is ace high, not a straight), straights and
# flushes counting. A hand's badness is its high key read without the wheel;
# the deuce-to-seven key is ``_DEUCE_SEVEN_TOP - badness``: larger is better,
# 7-5-4-3-2 unsuited the largest. Without five cards of a suit no five can be
# a flush, so one table maps every rank multiset of five to seven cards (the
# base-5 index of the high table) to its best key; a hand with five cards of a
# suit or more tries its fives one by one. Built at the first evaluation.
# ---------------------------------------------------------------------------

_DEUCE_SEVEN_TOP: Final = (_SF + 1) << _CAT_SHIFT


def _deuce_seven_badness(ranks: Sequence[int], flush: bool) -> int:
    """The high key of five ranks without the wheel (A-5-4-3-2 is ace high); ``flush``: one suit."""
    counts = [0] * 13
    for r in ranks:
        counts[r] += 1
    groups = sorted(((n, r) for r, n in enumerate(counts) if n), reverse=True)
    order = [r for _, r in groups]
    top = groups[0][0]
    if top == 1:
        straight = order[0] - order[4] == 4
        if straight:
            return _pack(_SF if flush else _ST, order[:1])
        return _pack(_FL if flush else _HC, order)
    if top == 4:
        return _pack(_K4, order)
    if top == 3:
        return _pack(_FH if groups[1][0] == 2 else _K3, order)
    return _pack(_P2 if groups[1][0] == 2 else _P1, order)


def _build_deuce_seven_table() -> dict[int, int]:
    """Deuce-to-seven key of every rank multiset of 5..7 cards, flushes aside, by base-5 index."""
    from itertools import combinations_with_replacement

    pow5 = [5**r for r in range(13)]
    table: dict[int, int] = {}
    shared: dict[int, int] = {}
    previous: dict[int, int] = {}
    for size in (5, 6, 7):
        current: dict[int, int] = {}
        for ranks in combinations_with_replacement(range(13), size):
            if any(ranks[i] == ranks[i + 4] for i in range(size - 4)):
                continue  # five of a rank
            index = sum(pow5[r] for r in ranks)
            if size == 5:
                key = _DEUCE_SEVEN_TOP - _deuce_seven_badness(ranks, False)
            else:  # the best of the hands one card smaller
                key = max(previous[index - pow5[r]] for r in set(ranks))
            current[index] = shared.setdefault(key, key)
        table.update(current)
        previous = current
    return table


_DEUCE_SEVEN_TABLE: dict[int, int] = {}  # filled at the first deuce-to-seven evaluation


def _deuce_seven_table() -> dict[int, int]:
    if not _DEUCE_SEVEN_TABLE:
        _DEUCE_SEVEN_TABLE.update(_build_deuce_seven_table())
    return _DEUCE_SEVEN_TABLE


def _deuce_seven_suited(codes: Sequence[int], table: dict[int, int]) -> int:
    """Five cards of one suit or more: every five, the flushes counting against the hand."""
    from itertools import combinations

    w = _W
    best = -1
    for five in combinations(codes, 5):
        suit = five[0] & 3
        if all(c & 3 == suit for c in five):
            key = _DEUCE_SEVEN_TOP - _deuce_seven_badness([c >> 2 for c in five], True)
        else:
            key = table[(w[five[0]] + w[five[1]] + w[five[2]] + w[five[3]] + w[five[4]]) >> 20]
        if key > best:
            best = key
    return best


def deuce_seven_key(codes: Sequence[int]) -> int:
    """The deuce-to-seven key (R10.1) of 5, 6 or 7 card codes: the fast path, no validation.

    Larger is better; every hand has one (no qualifier) and equal keys are
    equal hands. Aces are high only, straights and flushes count against the
    hand: 7-5-4-3-2 unsuited is the best, A-5-4-3-2 is ace high, 6-5-4-3-2 is
    a straight. No joker.

    >>> deuce_seven_key([20, 12, 9, 4, 0]) > deuce_seven_key([24, 12, 8, 4, 0])  # 7-5-4-3-2 beats 8-5-4-3-2
    True
    >>> deuce_seven_key([48, 12, 8, 4, 0]) < deuce_seven_key([44, 13, 8, 4, 0])  # A-5-4-3-2 is ace high
    True
    >>> deuce_seven_key([16, 12, 8, 4, 1]) < deuce_seven_key([48, 44, 41, 36, 28])  # 6-5-4-3-2 a straight
    True
    """
    table = _DEUCE_SEVEN_TABLE or _deuce_seven_table()
    w = _W
    s = 0
    for c in codes:
        s += w[c]
    if (s + 0x3333) & 0x8888:  # five cards of a suit: a flush may count against the hand
        return _deuce_seven_suited(codes, table)
    return table[s >> 20]  # s >> _RANK_SHIFT


def deuce_seven_category_of_key(key: int) -> HighCategory:
    """The :class:`HighCategory` of the best five of a deuce-to-seven key (``HIGH_CARD`` is best).

    >>> deuce_seven_category_of_key(deuce_seven_key([16, 12, 8, 4, 1])).slug
    'straight'
    """
    return HighCategory((_DEUCE_SEVEN_TOP - key) >> _CAT_SHIFT)


@dataclass(frozen=True, eq=False, slots=True, kw_only=True)
class DeuceSevenValue(_KeyOrdered):
    """The value of a deuce-to-seven low (R10.1), as returned by :func:`evaluate_deuce_seven`.

    Values compare and hash by ``key`` only: larger is a better (lower) hand.

    Attributes:
        key: integer; larger is better (7-5-4-3-2 unsuited is the largest).
        category: the :class:`HighCategory` of the best five (``HIGH_CARD`` is
            the best category, a straight flush the worst).
        cards: the best five cards as dealt, in order of significance.
        description: e.g. ``"Seven-five low, 7-5-4-3-2"``, ``"Ace high, A-5-4-3-2"``,
            ``"Straight, six high, 6-5-4-3-2"``.

    >>> evaluate_deuce_seven("7c 5d 4h 3s 2c Kd Kh") > evaluate_deuce_seven("8c 5d 4h 3s 2c Kd Kh")
    True
    """

    key: int
    category: HighCategory
    cards: tuple[Card, ...]
    description: str

    @property
    def slug(self) -> str:
        """The category's snake_case name, e.g. ``"high_card"``."""
        return self.category.slug

    def __str__(self) -> str:
        return self.description


def _describe_deuce_seven(key: int) -> str:
    bad = _DEUCE_SEVEN_TOP - key
    cat = bad >> _CAT_SHIFT
    ranks = _ranks_of_high_key(bad)
    if cat in (_ST, _SF) and ranks[-1] == _ACE:  # no wheel here: never reached
        raise AssertionError("a deuce-to-seven straight never holds the ace low")
    text = "-".join(_RANK_CHARS[r] for r in ranks)
    if cat == _HC:
        a, b = ranks[0], ranks[1]
        if a >= 9:  # jack high and up: said by the top card
            return f"{_WORD[a].capitalize()} high, {text}"
        return f"{_WORD[a].capitalize()}-{_WORD[b]} low, {text}"
    return f"{_describe_high(bad)}, {text}"


def evaluate_deuce_seven(cards: CardsLike) -> DeuceSevenValue:
    """The best deuce-to-seven low (R10.1) of 5, 6 or 7 cards.

    Aces are high only, straights and flushes count against the hand, pairs
    too; every hand has a value (no qualifier). Raises :class:`CardError` like
    :func:`evaluate_high`, and for the joker (not in this game).

    >>> evaluate_deuce_seven("7c 5d 4h 3s 2c Ad Ks").description
    'Seven-five low, 7-5-4-3-2'
    >>> evaluate_deuce_seven("Ac 5d 4h 3s 2c").description
    'Ace high, A-5-4-3-2'
    >>> evaluate_deuce_seven("6c 5d 4h 3s 2c").description
    'Straight, six high, 6-5-4-3-2'
    >>> evaluate_deuce_seven("8h 6h 4h 3h 2h 9c 9d").description
    'Nine-six low, 9-6-4-3-2'
    """
    hand = _checked_hand(cards)
    if any(c.code == _JOKER for c in hand):
        raise CardError("deuce-to-seven is played without the joker (R10.1)")
    return deuce_seven_value(hand, deuce_seven_key([c.code for c in hand]))


def deuce_seven_value(hand: Sequence[Card], key: int) -> DeuceSevenValue:
    """The :class:`DeuceSevenValue` of ``key``, the deuce-to-seven key of the cards ``hand``."""
    bad = _DEUCE_SEVEN_TOP - key
    cat = bad >> _CAT_SHIFT
    chosen: tuple[Card, ...] = ()
    if cat in (_FL, _SF):
        chosen = _best_five(hand, bad)
    else:  # ranks from the most significant down, never five of one suit
        pool = sorted(hand, key=lambda c: c.code, reverse=True)
        ranks = _ranks_of_high_key(bad)
        for pick in _rank_picks(pool, ranks):
            if len({c.code & 3 for c in pick}) > 1:
                chosen = pick
                break
    return DeuceSevenValue(key=key, category=_HIGH_CATEGORIES[cat], cards=chosen,
                           description=_describe_deuce_seven(key))


def _rank_picks(pool: Sequence[Card], ranks: Sequence[int]) -> list[tuple[Card, ...]]:
    """Every way to take ``ranks`` (in order) from ``pool`` (at most a few: seven cards)."""
    picks: list[tuple[Card, ...]] = [()]
    for r in ranks:
        picks = [(*p, c) for p in picks for c in pool if c.code >> 2 == r and c not in p]
    seen: set[frozenset[int]] = set()
    out: list[tuple[Card, ...]] = []
    for p in picks:
        codes = frozenset(c.code for c in p)
        if codes not in seen:
            seen.add(codes)
            out.append(p)
    return out


def deuce_seven_bring_in_key(card: Card) -> int:
    """Order of door cards for the deuce-to-seven bring-in (R10.2): the lowest key brings in.

    The highest card brings in, aces highest; between equal ranks the higher
    suit (spades highest, R1.1). The joker (not in this game) is 52, last.

    >>> [deuce_seven_bring_in_key(Card.parse(c)) for c in ("As", "Ah", "Ks", "2c")]
    [0, 1, 4, 51]
    """
    code = card.code
    return 52 if code == _JOKER else 51 - code


def deuce_seven_board_key(cards: Sequence[Card]) -> tuple[int, ...]:
    """Order of up cards for the first to act in deuce-to-seven (R10.2): larger acts first.

    The best (lowest) deuce-to-seven board on the up cards alone: an unpaired
    board beats any paired one, then fewer pairs, then ranks from the most
    significant down, aces high; straights and flushes do not count on fewer
    than five cards (a stud board shows four at most), suits never count.
    Equal tuples are tied.

    >>> deuce_seven_board_key(parse_cards("7d 2c")) > deuce_seven_board_key(parse_cards("8c 3d"))
    True
    >>> deuce_seven_board_key(parse_cards("Kd Qc")) > deuce_seven_board_key(parse_cards("Ac 2d"))
    True
    >>> deuce_seven_board_key(parse_cards("Kd Qc")) > deuce_seven_board_key(parse_cards("2c 2d"))
    True
    """
    return tuple(-x for x in _board_key(cards)[:-1])  # (the last element counts jokers: none here)


def deuce_seven_odd_chip_key(cards: Sequence[Card]) -> int:
    """Key for the odd chip among tied deuce-to-seven winners (R10.3): larger wins.

    The lowest card of the given (winning five) cards wins: by rank, the deuce
    lowest and the ace highest, then by suit, clubs lowest. Raises
    :class:`CardError` when no cards are given.

    >>> a, b = parse_cards("7c 5d 4h 3s 2c"), parse_cards("7d 5c 4s 3h 2d")
    >>> deuce_seven_odd_chip_key(a) > deuce_seven_odd_chip_key(b)
    True
    """
    if not cards:
        raise CardError("deuce_seven_odd_chip_key needs at least one card")
    return max(51 - c.code for c in cards if c.code != _JOKER)
