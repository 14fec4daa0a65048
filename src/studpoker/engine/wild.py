"""Hand evaluation with true wild cards (R8.1, R1.3): Baseball, Follow the Queen and any
game where the caller says which ranks are wild.

A wild card can be any card its holder wants, including a card already in the
hand (R8.1). So five of a kind exists, and it is the highest hand (above a
straight flush); two five of a kind compare by rank; a natural hand and a wild
hand of the same value tie (their keys are equal). The wild ranks are always
given by the caller (``{Rank.NINE, Rank.THREE}`` in Baseball, queens and the
follower rank in Follow the Queen): nothing here knows a game.

>>> evaluate_wild_high("7c 7d 7h 9s 3h Kc 2d", wild="93").description
'Five of a kind, sevens'
>>> evaluate_wild_high("Qh Jh Th 9h 9c", wild="9").description  # the 9s are wild
'Royal flush'
>>> evaluate_wild_high("Ah Kd Qs Jc Tc", wild="9").description  # no wild card: as evaluate_high
'Straight, ace high'

Hands hold five or more cards: a Baseball hand can hold eight or more. Keys
(:func:`wild_high_key`) use the layout of :func:`studpoker.engine.evaluation.high_key`
with one more category, :attr:`WildCategory.FIVE_OF_A_KIND`; a hand of five to
seven cards with no wild card has exactly its ``high_key``. A wild card in a
flush is the ace of the flush suit, even when that ace is in the hand (a
double-ace flush: R8.1 lets a wild card be a card already held), so
``A-A-8-5-3`` of hearts beats ``A-K-Q-J-9`` of hearts.

Lows (R1.4, eight or better) follow the joker's rule of R1.2: a wild card is
the lowest rank not already in the hand.

>>> evaluate_wild_low("9c 7d 3h 2s Kd 8c", wild="93").description
'8-7-3-2-A low'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from studpoker.engine.cards import RANK_CHARS, Card, CardError, CardsLike, Rank, parse_cards
from studpoker.engine.evaluation import (
    _LOW_BIT,
    _LOW_KEY,
    _NONFLUSH_KEY,
    _STRAIGHT_MASKS,
    _STRAIGHT_TOP,
    _W,
    _WILD_STRAIGHT_TOP,
    LowValue,
    _describe_high,
    _high_key_slow,
    _KeyOrdered,
    _pack,
    evaluate_low,
)

__all__ = [
    "RankLike",
    "WildCategory",
    "WildHighValue",
    "evaluate_wild_high",
    "evaluate_wild_low",
    "wild_board_key",
    "wild_category_of_key",
    "wild_high_key",
    "wild_low_key",
    "wild_mask",
    "wild_value",
]

RankLike = Rank | str | int
"""A rank: a :class:`~studpoker.engine.cards.Rank`, its character (``"9"``, ``"T"``, ``"Q"``) or its
value 0..12."""

_ACE: Final = 12
_CAT_SHIFT: Final = 20
_MAX_CARDS: Final = 52
# The categories as plain ints, for speed (as in evaluation.py), plus five of a kind.
(_HC, _P1, _P2, _K3, _ST, _FL, _FH, _K4, _SF, _K5) = range(10)


class WildCategory(IntEnum):
    """Categories of high hands with true wild cards (R8.1, R1.3); larger is better.

    The same values as :class:`~studpoker.engine.evaluation.HighCategory` up to the
    straight flush; five of a kind (any rank) is above it.

    >>> WildCategory.FIVE_OF_A_KIND > WildCategory.STRAIGHT_FLUSH
    True
    >>> WildCategory.FIVE_OF_A_KIND.slug
    'five_of_a_kind'
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
    FIVE_OF_A_KIND = 9

    @property
    def slug(self) -> str:
        """The snake_case name, e.g. ``"five_of_a_kind"``."""
        return self.name.lower()


assert [int(c) for c in WildCategory] == list(range(10))
_CATEGORIES: Final[tuple[WildCategory, ...]] = tuple(WildCategory)
_FIVE_BASE: Final = _K5 << _CAT_SHIFT


@dataclass(frozen=True, eq=False, slots=True, kw_only=True)
class WildHighValue(_KeyOrdered):
    """The value of a high hand with wild cards (R8.1), as returned by :func:`evaluate_wild_high`.

    Values compare and hash by ``key`` only: equal keys are equal hands, so a
    natural hand and a wild hand of the same value are equal.

    Attributes:
        key: totally ordered integer; larger is better (see :func:`wild_high_key`).
        category: the hand's :class:`WildCategory`.
        cards: the best five cards as dealt, most significant first; a wild card
            sits in the place of the card it stands for.
        stands_for: what each card of ``cards`` is read as: the card itself,
            or for a wild card the card it stands for (which may repeat a card
            of the hand, R8.1).
        wild: how many of ``cards`` are wild.
        description: as players say it, e.g. ``"Five of a kind, sevens"``.

    >>> v = evaluate_wild_high("Kc Kd 9s 7h 7d 2c 4s", wild="9")
    >>> v.description, [str(c) for c in v.cards], [str(c) for c in v.stands_for]
    ('Full house, kings over sevens', ['Kd', 'Kc', '9s', '7h', '7d'], ['Kd', 'Kc', 'Ks', '7h', '7d'])
    >>> v == evaluate_wild_high("Kc Kd Kh 7h 7d", wild="9")  # natural and wild hands tie (R8.1)
    True
    """

    key: int
    category: WildCategory
    cards: tuple[Card, ...]
    stands_for: tuple[Card, ...]
    wild: int
    description: str

    @property
    def slug(self) -> str:
        """The category's snake_case name, e.g. ``"five_of_a_kind"``."""
        return self.category.slug

    @property
    def odd_chip_key(self) -> int:
        """R2.10 with wild cards: the highest of the five by rank, then suit; larger wins.

        A wild card counts as the rank it stands for, below every natural card
        of that rank (as the joker does, R1.2).

        >>> a = evaluate_wild_high("Ac Kd Qh Jd 9s", wild="9")  # the 9s is the ten
        >>> b = evaluate_wild_high("As Kc Qd Jh 9h", wild="9")
        >>> a == b, a.odd_chip_key < b.odd_chip_key
        (True, True)
        """
        return max(
            10 * (read.code >> 2) + (1 + (read.code & 3) if card is read else 0)
            for card, read in zip(self.cards, self.stands_for, strict=True)
        )

    def __str__(self) -> str:
        return self.description


# ---------------------------------------------------------------------------
# Which ranks are wild: a 13-bit mask, bit r for rank r (2..A = 0..12).
# ---------------------------------------------------------------------------


def _rank_of(value: RankLike) -> int:
    if isinstance(value, bool):
        raise CardError(f"bad wild rank {value!r}: expected a Rank, a rank character or 0..12")
    if isinstance(value, int):
        if 0 <= value <= _ACE:
            return int(value)
        raise CardError(f"bad wild rank {value!r}: rank values are 0 (deuce) to 12 (ace)")
    if isinstance(value, str):
        text = value.strip().upper()
        if text == "10":
            text = "T"
        if len(text) == 1 and text in RANK_CHARS:
            return RANK_CHARS.index(text)
        raise CardError(f"bad wild rank {value!r}: expected one of 2-9, T, J, Q, K, A")
    raise CardError(f"bad wild rank {value!r}: expected a Rank, a rank character or 0..12")


def wild_mask(ranks: Iterable[RankLike] | str) -> int:
    """The 13-bit mask of the wild ranks (bit ``r`` for rank ``r``, deuce 0 to ace 12).

    ``ranks`` is any iterable of :class:`~studpoker.engine.cards.Rank`, rank characters or
    rank values, or a string of rank characters. Raises :class:`CardError` naming a bad rank.

    >>> wild_mask("93") == (1 << Rank.NINE) | (1 << Rank.THREE)
    True
    >>> wild_mask([Rank.QUEEN, "7"]) == wild_mask("Q7")
    True
    >>> wild_mask(())
    0
    """
    if isinstance(ranks, str):
        tokens = ranks.replace(",", " ").split()
        ranks = [c for t in tokens for c in ([t] if t == "10" else t)]
    mask = 0
    for value in ranks:
        mask |= 1 << _rank_of(value)
    return mask


# ---------------------------------------------------------------------------
# Tables: the best straight top per 13-bit rank mask with at most k ranks
# missing (filled by wild cards), k = 0..3. Four wild cards or more always make
# five of a kind, so no straight needs more.
# ---------------------------------------------------------------------------


def _build_top_table(k: int) -> list[int]:
    table = [-1] * 8192
    for top, smask in _STRAIGHT_MASKS:  # ascending, so higher tops overwrite
        bits = [b for b in range(13) if smask >> b & 1]
        rest = [b for b in range(13) if not smask >> b & 1]
        others = [0]
        for b in rest:
            others += [o | (1 << b) for o in others]
        parts = {smask}
        for _ in range(k):
            parts |= {p & ~(1 << b) for p in parts for b in bits}
        for part in parts:
            for o in others:
                table[o | part] = top
    return table


# k = 0 and 1 are the evaluator's own tables; 2 and 3 are built at their first use.
_TOP: Final[list[list[int]]] = [_STRAIGHT_TOP, _WILD_STRAIGHT_TOP, [], []]


def _top_table(k: int) -> list[int]:
    """The table of straight tops with at most ``k`` ranks missing (k = 0..3)."""
    table = _TOP[k]
    if not table:
        table = _TOP[k] = _build_top_table(k)
    return table
_STRAIGHT_BASE: Final = _ST << _CAT_SHIFT
_STRAIGHT_FLUSH_BASE: Final = _SF << _CAT_SHIFT


def _top_bits(mask: int, n: int) -> list[int]:
    """The ``n`` highest ranks set in a 13-bit mask, highest first."""
    out: list[int] = []
    while mask and len(out) < n:
        r = mask.bit_length() - 1
        out.append(r)
        mask ^= 1 << r
    return out


def _key_of(m1: int, m2: int, m3: int, m4: int, suits: Sequence[int], w: int) -> int:
    """The best high key of natural cards given as layers plus ``w`` wild cards.

    ``m1..m4`` are the ranks held at least once .. four times, ``suits`` the
    rank mask of each suit. Every wild card goes where it helps most; the
    reasoning per category is in docs/wild-cards.md and the brute-force tests
    (tests/test_wild.py) check it against every substitution.
    """
    # ranks held at least k times, k = 0..4 ("at least 0 times" is every rank)
    layer = (8191, m1, m2, m3, m4)
    if w:
        if w >= 5:
            return _FIVE_BASE | _ACE << 16
        m = layer[5 - w]
        if m:
            return _FIVE_BASE | (m.bit_length() - 1) << 16
        # From here on count + w <= 4 for every rank, so w <= 3 (a natural card exists).
    top = -1
    table = _top_table(w)
    for sm in suits:
        if sm.bit_count() + w >= 5:
            t = table[sm]
            if t > top:
                top = t
    if top >= 0:
        return _STRAIGHT_FLUSH_BASE | top << 16
    m = layer[4 - w]
    if m:  # four of a kind uses every wild card; the kicker is natural
        q = m.bit_length() - 1
        return _pack(_K4, [q, (m1 & ~(1 << q)).bit_length() - 1])
    m = layer[3 - w]
    if m:  # trips (with every wild card) and a natural pair
        t = m.bit_length() - 1
        p = m2 & ~(1 << t)
        if p:
            return _pack(_FH, [t, p.bit_length() - 1])
    best = -1
    for sm in suits:
        if sm.bit_count() + w >= 5:  # every wild card is the ace of the suit
            key = _pack(_FL, [_ACE] * w + _top_bits(sm, 5 - w))
            if key > best:
                best = key
    if best >= 0:
        return best
    t = _top_table(w)[m1]
    if t >= 0:
        return _STRAIGHT_BASE | t << 16
    m = layer[3 - w]
    if m:
        t = m.bit_length() - 1
        return _pack(_K3, [t, *_top_bits(m1 & ~(1 << t), 2)])
    if w == 0 and m2.bit_count() >= 2:
        a, b = _top_bits(m2, 2)
        return _pack(_P2, [a, b, *_top_bits(m1 & ~(1 << a) & ~(1 << b), 1)])
    m = layer[2 - w]
    if m:
        p = m.bit_length() - 1
        return _pack(_P1, [p, *_top_bits(m1 & ~(1 << p), 3)])
    return _pack(_HC, _top_bits(m1, 5))


def _layers(codes: Sequence[int], wild: int) -> tuple[int, int, int, int, list[int], int]:
    """Rank layers (held at least 1..4 times), suit masks and the wild count of a hand."""
    w = 0
    m1 = m2 = m3 = m4 = 0
    suits = [0, 0, 0, 0]
    for c in codes:
        r = c >> 2
        if wild >> r & 1:
            w += 1
            continue
        bit = 1 << r
        suits[c & 3] |= bit
        if m1 & bit:
            if m2 & bit:
                if m3 & bit:
                    m4 |= bit
                else:
                    m3 |= bit
            else:
                m2 |= bit
        else:
            m1 |= bit
    return m1, m2, m3, m4, suits, w


# The best rank-only key (every category but flushes) per natural rank multiset and
# wild count, filled on demand: at most the multisets of up to seven cards.
_RANK_PART: dict[int, int] = {}
# Added to the suit counters of a weight sum: bit 3 of a counter is set when that suit
# holds 5 - w natural cards or more (w wild cards, at most seven cards in all).
_SUIT_ADD: Final = tuple(0x1111 * (3 + w) for w in range(4))


def _rank_part(index: int, w: int) -> int:
    m = [0, 0, 0, 0, 0]
    for r in range(13):
        n = index % 5
        index //= 5
        for k in range(1, n + 1):
            m[k] |= 1 << r
    return _key_of(m[1], m[2], m[3], m[4], (), w)


def _flush_part(codes: Sequence[int], wild: int, w: int) -> int:
    suits = [0, 0, 0, 0]
    for c in codes:
        if not wild >> (c >> 2) & 1:
            suits[c & 3] |= 1 << (c >> 2)
    best = -1
    for sm in suits:
        if sm.bit_count() + w >= 5:
            top = _top_table(w)[sm]
            if top >= 0:
                key = _STRAIGHT_FLUSH_BASE | top << 16
            else:
                key = _pack(_FL, [_ACE] * w + _top_bits(sm, 5 - w))
            if key > best:
                best = key
    return best


def wild_high_key(codes: Sequence[int], wild: int) -> int:
    """The high key (R8.1, R1.3) of five or more card codes with the ranks of ``wild`` wild.

    The fast path: no validation. Codes are ``4 * rank + suit`` (0..51; the
    joker is not dealt in wild-card games); ``wild`` is a mask from
    :func:`wild_mask`. Larger is better; equal keys are equal hands. With no
    wild card among five to seven cards this is ``high_key(codes)``.

    >>> nines = wild_mask("9")  # five sevens (two of them wild nines) beat a royal flush
    >>> wild_high_key([20, 21, 22, 28, 29], nines) > wild_high_key([51, 47, 43, 39, 35], nines)
    True
    """
    if len(codes) > 7:
        m1, m2, m3, m4, suits, w = _layers(codes, wild)
        return _key_of(m1, m2, m3, m4, suits, w)
    # Five to seven cards: evaluation's weights, a wild card counting 1 in bits 16..18
    # instead, so one sum gives the natural rank multiset, suit counts and wild count.
    weight = _WEIGHTS.get(wild)
    if weight is None:
        weight = _weights(wild)
    if len(codes) == 7:
        c0, c1, c2, c3, c4, c5, c6 = codes
        s = weight[c0] + weight[c1] + weight[c2] + weight[c3] + weight[c4] + weight[c5] + weight[c6]
    else:
        s = 0
        for c in codes:
            s += weight[c]
    w = (s >> 16) & 7
    if not w:  # evaluation's own fast path
        if (s + 0x3333) & 0x8888:
            return _high_key_slow(codes, s, False)
        return _NONFLUSH_KEY[s >> 20]
    memo = (s >> 20) << 3 | w
    best = _RANK_PART.get(memo)
    if best is None:
        best = _RANK_PART[memo] = _rank_part(s >> 20, w)
    if best < _FIVE_BASE and (s + _SUIT_ADD[w]) & 0x8888:
        flush = _flush_part(codes, wild, w)
        if flush > best:
            return flush
    return best


# Per mask of wild ranks, filled on demand: a table of evaluation (at most 2**13 masks).
_WEIGHTS: dict[int, list[int]] = {}


def _weights(wild: int) -> list[int]:
    """Per card code: evaluation's weight, or 1 << 16 for a card of a wild rank."""
    table = [(1 << 16) if wild >> (c >> 2) & 1 else _W[c] for c in range(52)]
    _WEIGHTS[wild] = table
    return table


def wild_category_of_key(key: int) -> WildCategory:
    """The :class:`WildCategory` of a key of :func:`wild_high_key`.

    >>> wild_category_of_key(wild_high_key([0, 1, 2, 3, 4], wild_mask("3"))).slug
    'five_of_a_kind'
    """
    return _CATEGORIES[key >> _CAT_SHIFT]


def wild_low_key(codes: Sequence[int], wild: int) -> int:
    """The eight-or-better low key (R1.4) of card codes with the ranks of ``wild`` wild.

    Each wild card is the lowest rank not already in the hand (the joker's
    rule, R1.2). The fast path, no validation; -1 when there is no low, else
    the key of :func:`studpoker.engine.evaluation.low_key` (larger is better).

    >>> from studpoker.engine.evaluation import low_key
    >>> wild_low_key([28, 8, 12, 16, 20], wild_mask("9")) == low_key([48, 8, 12, 16, 20])  # 9 = ace
    True
    """
    m = 0
    w = 0
    low_bit = _LOW_BIT
    for c in codes:
        if wild >> (c >> 2) & 1:
            w += 1
        else:
            m |= low_bit[c]
    for _ in range(w):
        m |= (m + 1) & ~m  # the lowest missing low rank (bit 8 and up: none left)
    return _LOW_KEY[m & 255]


# ---------------------------------------------------------------------------
# Rich values.
# ---------------------------------------------------------------------------


def _checked_hand(cards: CardsLike) -> list[Card]:
    hand = parse_cards(cards)
    if len(hand) < 5:
        raise CardError(f"a hand has at least 5 cards, got {len(hand)}")
    seen: set[int] = set()
    for card in hand:
        if card.is_joker:
            raise CardError("the joker is not dealt in wild-card games (R8): use evaluate_high for R1.2")
        if card.code in seen:
            raise CardError(f"duplicate card {card}")
        seen.add(card.code)
    return hand


def _ranks_of_key(key: int) -> list[int]:
    """The five ranks read from a wild key, most significant first (repeats allowed)."""
    cat = key >> _CAT_SHIFT
    n = [(key >> 16) & 15, (key >> 12) & 15, (key >> 8) & 15, (key >> 4) & 15, key & 15]
    if cat == _K5:
        return [n[0]] * 5
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


def _best_five(hand: Sequence[Card], key: int, wild: int) -> tuple[list[Card], list[Card]]:
    """The five cards of ``hand`` making ``key`` and what each stands for.

    Natural cards are taken rank by rank (of the flush suit for flushes; the
    highest suit first); a wild card fills each place no natural card fills,
    standing for that rank in the flush suit, else in the highest suit not yet
    in the hand (a card already held when all four are).
    """
    cat = key >> _CAT_SHIFT
    naturals = sorted((c for c in hand if not wild >> (c.code >> 2) & 1), key=lambda c: c.code, reverse=True)
    wilds = [c for c in hand if wild >> (c.code >> 2) & 1]
    suit = -1
    if cat in (_FL, _SF):
        best_suit = -1
        for s in range(4):
            mask = 0
            for c in naturals:
                if c.code & 3 == s:
                    mask |= 1 << (c.code >> 2)
            if mask.bit_count() + len(wilds) < 5:
                continue
            if cat == _SF:
                ok = _top_table(len(wilds))[mask] == (key >> 16) & 15
            else:
                ranks = [_ACE] * len(wilds) + _top_bits(mask, 5 - len(wilds))
                ok = _pack(_FL, ranks) == key
            if ok:
                best_suit = s
                break
        suit = best_suit
        naturals = [c for c in naturals if c.code & 3 == suit]
    held = {c.code for c in hand}
    cards: list[Card] = []
    stands: list[Card] = []
    for r in _ranks_of_key(key):
        for i, card in enumerate(naturals):
            if card.code >> 2 == r:
                cards.append(naturals.pop(i))
                stands.append(card)
                break
        else:
            if not wilds:  # pragma: no cover - the key always matches its cards
                raise AssertionError("best five cards do not match the key")
            cards.append(wilds.pop(0))
            if suit >= 0:
                code = 4 * r + suit
            else:
                free = [4 * r + s for s in range(3, -1, -1) if 4 * r + s not in held]
                code = free[0] if free else 4 * r + 3
            held.add(code)
            stands.append(Card.from_code(code))
    return cards, stands


def _describe(key: int) -> str:
    if key >> _CAT_SHIFT == _K5:
        return f"Five of a kind, {Rank((key >> 16) & 15).plural}"
    return _describe_high(key)


def evaluate_wild_high(cards: CardsLike, *, wild: Iterable[RankLike] | str) -> WildHighValue:
    """The best high hand (R8.1, R1.3) of five or more cards, the ranks ``wild`` wild.

    ``wild`` is the set of wild ranks: Ranks or rank characters (``"93"``,
    ``{"Q", "7"}``, ``[Rank.NINE]``); empty means no wild card.
    Raises :class:`CardError` for a bad card or rank, a duplicate card, the
    joker, or fewer than five cards.

    >>> evaluate_wild_high("Ks Kh 9d 3c 2h", wild="93").description
    'Four of a kind, kings'
    >>> evaluate_wild_high("9s 9h 3d 3c 9c", wild="93").description  # every card wild
    'Five of a kind, aces'
    >>> v = evaluate_wild_high("Qc 7h Jd Td Kd 2c", wild={"Q", "7"})  # Q and 7 as Ad Qd
    >>> v.description, [str(c) for c in v.stands_for]
    ('Royal flush', ['Ad', 'Kd', 'Qd', 'Jd', 'Td'])
    """
    hand = _checked_hand(cards)
    mask = wild_mask(wild)
    key = wild_high_key([c.code for c in hand], mask)
    return wild_value(hand, key, mask)


def wild_value(hand: Sequence[Card], key: int, wild: int) -> WildHighValue:
    """The :class:`WildHighValue` of ``key``, the :func:`wild_high_key` of ``hand`` (no validation).

    For callers that hold valid hands, the mask of wild ranks and the keys
    already (a showdown); :func:`evaluate_wild_high` is the checked way.
    """
    five, stands = _best_five(hand, key, wild)
    return WildHighValue(
        key=key,
        category=_CATEGORIES[key >> _CAT_SHIFT],
        cards=tuple(five),
        stands_for=tuple(stands),
        wild=sum(1 for c in five if wild >> (c.code >> 2) & 1),
        description=_describe(key),
    )


def evaluate_wild_low(cards: CardsLike, *, wild: Iterable[RankLike] | str) -> LowValue | None:
    """The best eight-or-better low (R1.4) of five or more cards, the ranks ``wild`` wild.

    Each wild card is the lowest rank not already in the hand (R1.2's rule for
    the joker). Returns a :class:`~studpoker.engine.evaluation.LowValue` (the same keys
    as :func:`~studpoker.engine.evaluation.evaluate_low`; a wild card sits in the place
    of the rank it stands for) or None when there is no low. Raises
    :class:`CardError` like :func:`evaluate_wild_high`.

    >>> v = evaluate_wild_low("9c 7d 3h 2s Kd 8c", wild="93")
    >>> v.description, [str(c) for c in v.cards]
    ('8-7-3-2-A low', ['8c', '7d', '3h', '2s', '9c'])
    >>> evaluate_wild_low("Kc Qd Jh 9s 9d", wild="9") is None
    True
    """
    hand = _checked_hand(cards)
    mask = wild_mask(wild)
    key = wild_low_key([c.code for c in hand], mask)
    if key < 0:
        return None
    five = 255 - key
    bits = [b for b in range(7, -1, -1) if five >> b & 1]
    naturals = [c for c in hand if not mask >> (c.code >> 2) & 1]
    wilds = [c for c in hand if mask >> (c.code >> 2) & 1]
    chosen: list[Card] = []
    for b in bits:
        real = [c for c in naturals if _LOW_BIT[c.code] == 1 << b]
        chosen.append(max(real, key=lambda c: c.code) if real else wilds.pop())
    # The description and category are those of the same low without wild cards.
    value = evaluate_low([_low_card(b) for b in bits])
    assert value is not None and value.key == key
    return LowValue(key=key, category=value.category, cards=tuple(chosen), description=value.description)


def _low_card(bit: int) -> Card:
    """A card of the low rank of ``bit`` (bit 0 the ace, bit i the rank i + 1)."""
    rank = _ACE if bit == 0 else bit - 1
    return Card.from_code(4 * rank)


# ---------------------------------------------------------------------------
# Up cards read with wild cards: the first player to act (R8.1, R2.6).
# ---------------------------------------------------------------------------


def _board_of_counts(counts: Sequence[int]) -> tuple[int, ...]:
    """R2.6's order of up cards from rank counts (see ``evaluation._board_key``), no joker count."""
    groups = sorted(((n, r) for r, n in enumerate(counts) if n), reverse=True)
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
    return (category, *(r for _, r in groups))


def wild_board_key(cards: Sequence[Card], wild: int) -> tuple[int, ...]:
    """Order of up cards for the first player to act, read with wild cards (R8.1, R2.6).

    As :func:`studpoker.engine.evaluation.board_key` (straights and flushes do not
    count, suits never count; 6 five of a kind, 5 four of a kind, 4 full house,
    3 three of a kind, 2 two pair, 1 one pair, 0 high cards, then the ranks of
    the groups), with every wild card standing for the rank that makes the
    highest board; ``wild`` is a mask from :func:`wild_mask`. A wild board and
    a natural board of the same value are tied (equal tuples): the tie goes by
    seat as R2.6 says.

    >>> from studpoker.engine.cards import parse_cards
    >>> nines = wild_mask("9")
    >>> wild_board_key(parse_cards("9c Kd"), nines) == wild_board_key(parse_cards("Kc Kd"), 0)
    True
    >>> wild_board_key(parse_cards("9c 9d 7s"), nines)  # two wild nines and a seven: trip sevens
    (3, 5)
    """
    mask = wild
    counts = [0] * 13
    w = 0
    for card in cards:
        if card.is_joker:
            raise CardError("the joker is not dealt in wild-card games (R8)")
        r = card.code >> 2
        if mask >> r & 1:
            w += 1
        else:
            counts[r] += 1
    if not w:
        return _board_of_counts(counts)
    best: tuple[int, ...] | None = None
    for r in range(13):
        if counts[r] or r == _ACE:
            counts[r] += w
            key = _board_of_counts(counts)
            counts[r] -= w
            if best is None or key > best:
                best = key
    assert best is not None
    return best
