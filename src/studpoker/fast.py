"""Compiled batch evaluation (numba) on the tables of :mod:`studpoker.engine.evaluation`.

The per-hand evaluator is exact but pure Python. This module evaluates whole
numpy arrays of hands, enumerates every seven-card hand, and holds the
compiled kernels behind :mod:`studpoker.equity`. Its keys are the per-hand
evaluator's keys, bit for bit: ``fast.evaluate_high(hands)[i] ==
high_key(hands[i])``, ``fast.evaluate_low(hands)[i] == low_key(hands[i])``
and ``fast.evaluate_razz(hands)[i] == razz_key(hands[i])`` (R6.2).

>>> import numpy as np
>>> hands = np.array([[51, 47, 43, 39, 35, 0, 1], [48, 1, 6, 11, 12, 40, 41]], dtype=np.uint8)
>>> [HighCategory(c).slug for c in category_of(evaluate_high(hands))]
['straight_flush', 'straight']
>>> [LowCategory(c).slug if c >= 0 else None for c in low_category_of(evaluate_low(hands))]
[None, 'wheel']

How it works. Every card code has one 64-bit weight: a 4-bit counter for its
suit (bits 0..15), a joker flag (bit 19) and, from bit 20 up, a rank
multiplier (:data:`studpoker._perfect_hash.RANK_MULTIPLIERS`) chosen so that
the sum over a hand identifies its rank multiset. Adding the weights and
masking tells whether the hand may be a flush or holds the joker (the rare
slow path, which mirrors ``evaluation._high_key_slow`` step by step on the
same flush and straight tables). Otherwise a row-displacement perfect hash
maps the rank sum to a slot of a 332 KB table of keys: two loads per hand.
A razz hand is its rank multiset alone, so razz uses the same hash into a
second table of razz keys (built at the first razz call), never the slow path.
The tables are built once, lazily, from :func:`studpoker.engine.evaluation.high_key`
and the evaluator's private flush, straight and low tables, and are passed to
the kernels as arguments (never frozen into the compiled code), so the disk
cache of the compiled kernels (numba ``cache=True``, in ``__pycache__``) can
never serve stale tables.

The kernels run in parallel (``prange``) over rows, or over balanced blocks of
the enumeration; ``numba.set_num_threads`` limits them. Small jobs run on the
calling thread (:func:`threads_for`). Import this module as ``studpoker.fast``:
running the file by path (``python -m doctest src/studpoker/fast.py``) caches
kernels under another module name, which a later import cannot load (delete
``src/studpoker/__pycache__/fast.*.nb[ic]`` if that happened).
"""

from __future__ import annotations

import contextlib
import functools
import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple

from studpoker._extras import missing_extra

try:
    import numba
    import numpy as np
    import numpy.typing as npt
    from numba import njit, prange
except ImportError as _exc:
    raise missing_extra(_exc, what="studpoker.fast", extra="fast") from _exc

from studpoker._perfect_hash import RANK_MULTIPLIERS, ROW_SHIFT, displacements, rank_multisets
from studpoker.engine import evaluation as _ev
from studpoker.engine import wild as _wild
from studpoker.engine.evaluation import HighCategory, LowCategory, RazzCategory, high_key, razz_key
from studpoker.engine.wild import RankLike, wild_mask

__all__ = [
    "HandCounts",
    "RazzCounts",
    "category_of",
    "enumerate_hands",
    "enumerate_razz",
    "evaluate_high",
    "evaluate_low",
    "evaluate_razz",
    "evaluate_wild_high",
    "evaluate_wild_low",
    "low_category_of",
    "razz_category_of",
    "threads_for",
    "warmup",
]

IntArray = npt.NDArray[np.int64]
I32Array = npt.NDArray[np.int32]
U64Array = npt.NDArray[np.uint64]

JOKER: Final = 52
_RANK_SHIFT: Final = 20  # the rank sum sits above bit 20 of a hand's weight sum
_JOKER_FLAG: Final = 1 << 19
_CHECK_ADD: Final = 0x3333  # a suit counter reaches bit 3 of its nibble at five cards
_CHECK_MASK: Final = 0x88888  # the four suit bits and the joker flag
_ROW_SHIFT: Final = ROW_SHIFT
_ACE_MULTIPLIER: Final = RANK_MULTIPLIERS[12]
_CAT_SHIFT: Final = _ev._CAT_SHIFT
_SUIT_MASK_WIDTH: Final = 13  # per-suit rank masks side by side in one int64 (enumeration)
# The kernels spell these as literals (numba folds them either way; literals keep them readable).
assert (_CHECK_ADD, _CHECK_MASK, _JOKER_FLAG, _RANK_SHIFT, _ROW_SHIFT, _ACE_MULTIPLIER, _SUIT_MASK_WIDTH) == (
    0x3333, 0x88888, 0x80000, 20, 12, 0x494493, 13
)


class _Tables(NamedTuple):
    """Tables every kernel needs, whatever values it returns."""

    weight: IntArray  # per card code (53): suit counter, joker flag, rank multiplier << 20
    offsets: I32Array  # per row of the perfect hash: displacement - (row << ROW_SHIFT)
    wild_top: IntArray  # per 13-bit rank mask: best straight top with one wild card, or -1
    low_bit: IntArray  # per card code: evaluation._LOW_BIT
    low_key: IntArray  # per 9-bit low mask: evaluation._LOW_KEY
    suit_bit: IntArray  # per card code: 1 << (13 * suit + rank), the joker 0


class _Values(NamedTuple):
    """High values of each case of the evaluator: the keys themselves, or their dense ids."""

    nonflush: I32Array  # per perfect-hash slot
    flush: I32Array  # per 13-bit mask of one suit (five or more ranks)
    joker_flush: I32Array  # per mask of four to six ranks: the joker completes the flush
    double_ace: I32Array  # likewise, with option double_ace_flush
    straight: I32Array  # per top rank 3..12
    straight_flush: I32Array  # per top rank 3..12
    five_aces: I32Array  # one element


@dataclass(frozen=True)
class _Built:
    tables: _Tables
    keys: _Values
    ids: _Values
    id_keys: I32Array  # the key of each id, ascending


def _pack(category: int, ranks: Sequence[int]) -> int:
    return int(_ev._pack(category, list(ranks)))


@functools.cache
def _built() -> _Built:
    """Build the tables from the per-hand evaluator (about 0.2 s, once per process)."""
    multipliers = np.array(RANK_MULTIPLIERS, np.int64)
    counts = rank_multisets()
    sums = counts @ multipliers
    disp = displacements()
    slots = disp[sums >> _ROW_SHIFT] + (sums & ((1 << _ROW_SHIFT) - 1))
    if len(np.unique(slots)) != len(slots):  # pragma: no cover - the data file is fixed
        raise RuntimeError("studpoker._perfect_hash displacements do not form a perfect hash")
    rows = np.arange(len(disp), dtype=np.int64)
    offsets = (disp - (rows << _ROW_SHIFT)).astype(np.int32)

    # Each rank multiset's key from a representative hand that cannot be a flush:
    # cards by rank, highest first, suits dealt round-robin (at most two of a suit).
    descending = counts[:, ::-1]
    lengths = descending.sum(axis=1)
    ranks = np.repeat(np.tile(np.arange(12, -1, -1), len(counts)), descending.ravel())
    ends = np.cumsum(lengths)
    position = np.arange(len(ranks)) - np.repeat(ends - lengths, lengths)
    flat = (4 * ranks + position % 4).tolist()
    bounds = [0, *ends.tolist()]
    hands = [flat[bounds[i] : bounds[i + 1]] for i in range(len(counts))]
    nonflush = np.zeros(int(slots.max()) + 1, np.int32)
    nonflush[slots] = list(map(high_key, hands))

    flush_keys = list(_ev._FLUSH_KEY)
    flush = np.array(flush_keys, np.int32)
    joker_flush = np.zeros(8192, np.int32)
    double_ace = np.zeros(8192, np.int32)
    for mask in range(8192):
        if not 4 <= mask.bit_count() <= 12:
            continue
        highest_missing = 12
        while mask >> highest_missing & 1:
            highest_missing -= 1
        joker_flush[mask] = flush_keys[mask | (1 << highest_missing)]
        double_ace[mask] = _pack(_ev._FL, [12, *_ev._top_ranks(mask, 4)])
    straight = np.full(13, -1, np.int32)
    straight_flush = np.full(13, -1, np.int32)
    for top in range(3, 13):
        straight[top] = _pack(_ev._ST, [top])
        straight_flush[top] = _pack(_ev._SF, [top])
    five_aces = np.array([_ev._FIVE_ACES_KEY], np.int32)
    keys = _Values(nonflush, flush, joker_flush, double_ace, straight, straight_flush, five_aces)

    five_up = np.array([m.bit_count() >= 5 for m in range(8192)])
    four_up = np.array([4 <= m.bit_count() <= 12 for m in range(8192)])
    every = np.unique(
        np.concatenate(
            [
                nonflush[slots],
                flush[five_up],
                joker_flush[four_up],
                double_ace[four_up],
                straight[3:],
                straight_flush[3:],
                five_aces,
            ]
        )
    ).astype(np.int32)

    def ids_of(a: I32Array) -> I32Array:
        out = np.searchsorted(every, a).astype(np.int32)
        out[a < 0] = -1
        return out

    ids = _Values(*(ids_of(a) for a in keys))

    weight = np.zeros(53, np.int64)
    suit_bit = np.zeros(53, np.int64)
    for code in range(52):
        rank, suit = code >> 2, code & 3
        weight[code] = (int(multipliers[rank]) << _RANK_SHIFT) | (1 << (4 * suit))
        suit_bit[code] = 1 << (_SUIT_MASK_WIDTH * suit + rank)
    weight[JOKER] = _JOKER_FLAG
    tables = _Tables(
        weight=weight,
        offsets=offsets,
        wild_top=np.array(_ev._WILD_STRAIGHT_TOP, np.int64),
        low_bit=np.array(_ev._LOW_BIT, np.int64),
        low_key=np.array(_ev._LOW_KEY, np.int64),
        suit_bit=suit_bit,
    )
    return _Built(tables=tables, keys=keys, ids=ids, id_keys=every)


@dataclass(frozen=True)
class _RazzBuilt:
    keys: I32Array  # per perfect-hash slot: the razz key of that rank multiset (R6.2)
    ids: I32Array  # per slot: the dense id of that key
    id_keys: I32Array  # the key of each id, ascending


@functools.cache
def _razz_built() -> _RazzBuilt:
    """The razz key of every perfect-hash slot, from :func:`studpoker.engine.evaluation.razz_key`."""
    multipliers = np.array(RANK_MULTIPLIERS, np.int64)
    counts = rank_multisets()
    sums = counts @ multipliers
    disp = displacements()
    slots = disp[sums >> _ROW_SHIFT] + (sums & ((1 << _ROW_SHIFT) - 1))
    # a representative hand of each multiset: its ranks, suits in turn (razz ignores suits)
    hands = [[4 * r + k for r in range(13) for k in range(int(row[r]))] for row in counts.tolist()]
    keys = np.full(len(_built().keys.nonflush), -1, np.int32)
    keys[slots] = list(map(razz_key, hands))
    every = np.unique(keys[slots]).astype(np.int32)
    ids = np.full(len(keys), -1, np.int32)
    ids[slots] = np.searchsorted(every, keys[slots]).astype(np.int32)
    return _RazzBuilt(keys=keys, ids=ids, id_keys=every)


# ---------------------------------------------------------------------------
# Kernels. Scalars are int64 throughout; masks of the equity kernels uint64.
# ---------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _nonflush_value(s: int, t: _Tables, v: _Values) -> int:
    key = s >> 20
    return int(v.nonflush[key + t.offsets[key >> 12]])


@njit(cache=True, inline="always")
def _flush_suit(s: int) -> int:
    """The suit whose counter reached five (the caller knows one did)."""
    hit = (s + 0x3333) & 0x8888
    if hit & 0x8000:
        return 3
    if hit & 0x800:
        return 2
    if hit & 0x80:
        return 1
    return 0


@njit(cache=True, inline="always")
def _joker_value(s: int, m0: int, m1: int, m2: int, m3: int, t: _Tables, v: _Values, double: bool) -> int:
    """A hand with the joker: ``evaluation._high_key_slow``, joker branch, step by step.

    ``m0..m3`` are the 13-bit rank masks of the real cards of each suit.
    """
    if (m0 >> 12 & 1) + (m1 >> 12 & 1) + (m2 >> 12 & 1) + (m3 >> 12 & 1) == 4:
        return int(v.five_aces[0])
    # The joker as an ace (of no suit).
    best = _nonflush_value(s + (0x494493 << 20), t, v)
    # The joker completing a straight.
    top = t.wild_top[m0 | m1 | m2 | m3]
    if top >= 0:
        value = int(v.straight[top])
        if value > best:
            best = value
    # The joker completing a flush or straight flush (the first suit with four).
    for suit in range(4):
        if (s >> (4 * suit)) & 15 >= 4:
            if suit == 0:
                mask = m0
            elif suit == 1:
                mask = m1
            elif suit == 2:
                mask = m2
            else:
                mask = m3
            top = t.wild_top[mask]
            if top >= 0:
                return int(v.straight_flush[top])
            value = int(v.double_ace[mask]) if double else int(v.joker_flush[mask])
            if value > best:
                best = value
            break
    return best


@njit(cache=True, inline="always")
def _row_slow(row: npt.NDArray[np.integer], k: int, s: int, t: _Tables, v: _Values, double: bool) -> int:
    """Flushes and hands with the joker, from the row's card codes."""
    if not s & 0x80000:
        suit = _flush_suit(s)
        mask = 0
        for j in range(k):
            c = int(row[j])
            if c != 52 and c & 3 == suit:
                mask |= 1 << (c >> 2)
        return int(v.flush[mask])
    m0 = m1 = m2 = m3 = 0
    for j in range(k):
        c = int(row[j])
        if c == 52:
            continue
        bit = 1 << (c >> 2)
        suit = c & 3
        if suit == 0:
            m0 |= bit
        elif suit == 1:
            m1 |= bit
        elif suit == 2:
            m2 |= bit
        else:
            m3 |= bit
    return _joker_value(s, m0, m1, m2, m3, t, v, double)


@njit(cache=True, inline="always")
def _row_value(row: npt.NDArray[np.integer], k: int, t: _Tables, v: _Values, double: bool) -> int:
    s = 0
    for j in range(k):
        s += t.weight[row[j]]
    if (s + 0x3333) & 0x88888:
        return _row_slow(row, k, s, t, v, double)
    return _nonflush_value(s, t, v)


@njit(cache=True, parallel=True)
def _high_batch(
    hands: npt.NDArray[np.integer], t: _Tables, v: _Values, double: bool, out: I32Array
) -> None:
    n, k = hands.shape
    weight = t.weight
    if k == 7:
        for i in prange(n):
            s = (
                weight[hands[i, 0]]
                + weight[hands[i, 1]]
                + weight[hands[i, 2]]
                + weight[hands[i, 3]]
                + weight[hands[i, 4]]
                + weight[hands[i, 5]]
                + weight[hands[i, 6]]
            )
            if (s + 0x3333) & 0x88888:
                out[i] = _row_slow(hands[i], 7, s, t, v, double)
            else:
                out[i] = _nonflush_value(s, t, v)
    else:
        for i in prange(n):
            out[i] = _row_value(hands[i], k, t, v, double)


@njit(cache=True, parallel=True)
def _low_batch(hands: npt.NDArray[np.integer], t: _Tables, out: I32Array) -> None:
    n, k = hands.shape
    low_bit = t.low_bit
    for i in prange(n):
        m = 0
        for j in range(k):
            m |= low_bit[hands[i, j]]
        out[i] = t.low_key[m]


@njit(cache=True, inline="always")
def _razz_value(s: int, t: _Tables, razz: I32Array) -> int:
    """The razz key (or id) of a hand from its weight sum: its rank multiset's slot."""
    key = s >> 20
    return int(razz[key + t.offsets[key >> 12]])


@njit(cache=True, parallel=True)
def _razz_batch(hands: npt.NDArray[np.integer], t: _Tables, razz: I32Array, out: I32Array) -> None:
    n, k = hands.shape
    weight = t.weight
    for i in prange(n):
        s = 0
        for j in range(k):
            s += weight[hands[i, j]]
        out[i] = _razz_value(s, t, razz)


@njit(cache=True, parallel=True)
def _enumerate_razz7(
    n: int, items: IntArray, bounds: IntArray, t: _Tables, razz_ids: I32Array, nvalues: int
) -> IntArray:
    """Histogram of razz value ids over every 7-card hand of cards 0..n-1 (blocks as _enumerate7)."""
    blocks = len(bounds) - 1
    hist = np.zeros((blocks, nvalues), np.int64)
    w = t.weight
    for blk in prange(blocks):
        h = hist[blk]
        for it in range(bounds[blk], bounds[blk + 1]):
            c0 = items[it, 0]
            c1 = items[it, 1]
            s1 = w[c0] + w[c1]
            for c2 in range(c1 + 1, n - 4):
                s2 = s1 + w[c2]
                for c3 in range(c2 + 1, n - 3):
                    s3 = s2 + w[c3]
                    for c4 in range(c3 + 1, n - 2):
                        s4 = s3 + w[c4]
                        for c5 in range(c4 + 1, n - 1):
                            s5 = s4 + w[c5]
                            for c6 in range(c5 + 1, n):
                                h[_razz_value(s5 + w[c6], t, razz_ids)] += 1
    return hist


@njit(cache=True)
def _enumerate_razz_small(n: int, k: int, t: _Tables, razz_ids: I32Array, nvalues: int) -> IntArray:
    """Like :func:`_enumerate_razz7` for 5- and 6-card hands: one hand at a time, one thread."""
    hist = np.zeros(nvalues, np.int64)
    idx = np.arange(k)
    while True:
        s = 0
        for j in range(k):
            s += t.weight[idx[j]]
        hist[_razz_value(s, t, razz_ids)] += 1
        j = k - 1
        while j >= 0 and idx[j] == n - k + j:
            j -= 1
        if j < 0:
            break
        idx[j] += 1
        for q in range(j + 1, k):
            idx[q] = idx[q - 1] + 1
    return hist


@njit(cache=True, inline="always")
def _mask_value(s: int, b: int, t: _Tables, v: _Values, double: bool) -> int:
    """Value of a hand given its weight sum ``s`` and suit-major rank bits ``b``."""
    if (s + 0x3333) & 0x88888:
        if s & 0x80000:
            return _joker_value(
                s, b & 0x1FFF, (b >> 13) & 0x1FFF, (b >> 26) & 0x1FFF, (b >> 39) & 0x1FFF, t, v, double
            )
        return int(v.flush[(b >> (13 * _flush_suit(s))) & 0x1FFF])
    return _nonflush_value(s, t, v)


@njit(cache=True, parallel=True)
def _enumerate7(
    n: int,
    items: IntArray,
    bounds: IntArray,
    t: _Tables,
    v: _Values,
    double: bool,
    nvalues: int,
    low_values: IntArray,
    low_tail: IntArray,
    with_lows: bool,
) -> tuple[IntArray, IntArray]:
    """Histograms of value ids and of low masks over every 7-card hand of cards 0..n-1.

    Work items are the (first, second) card pairs ``items``, grouped in blocks of
    about equal work (``bounds``); one histogram row per block, summed by the caller.
    The last card's low bit takes few values (``low_values``); ``low_tail[i, j]``
    counts the cards from ``i`` on with low bit ``low_values[j]``, so the low
    histogram grows by a few sums per six-card prefix rather than one
    (store-to-load bound) increment per hand.
    """
    nlow = len(low_values)
    blocks = len(bounds) - 1
    hist = np.zeros((blocks, nvalues), np.int64)
    lows = np.zeros((blocks, 512), np.int64)
    w = t.weight
    sb = t.suit_bit
    lb = t.low_bit
    for blk in prange(blocks):
        h = hist[blk]
        lo = lows[blk]
        for it in range(bounds[blk], bounds[blk + 1]):
            c0 = items[it, 0]
            c1 = items[it, 1]
            s1 = w[c0] + w[c1]
            b1 = sb[c0] | sb[c1]
            l1 = lb[c0] | lb[c1]
            for c2 in range(c1 + 1, n - 4):
                s2 = s1 + w[c2]
                b2 = b1 | sb[c2]
                l2 = l1 | lb[c2]
                for c3 in range(c2 + 1, n - 3):
                    s3 = s2 + w[c3]
                    b3 = b2 | sb[c3]
                    l3 = l2 | lb[c3]
                    for c4 in range(c3 + 1, n - 2):
                        s4 = s3 + w[c4]
                        b4 = b3 | sb[c4]
                        l4 = l3 | lb[c4]
                        for c5 in range(c4 + 1, n - 1):
                            s5 = s4 + w[c5]
                            b5 = b4 | sb[c5]
                            l5 = l4 | lb[c5]
                            for c6 in range(c5 + 1, n):
                                s = s5 + w[c6]
                                if (s + 0x3333) & 0x88888:
                                    h[_mask_value(s, b5 | sb[c6], t, v, double)] += 1
                                else:
                                    h[_nonflush_value(s, t, v)] += 1
                            if with_lows:
                                for j in range(nlow):
                                    lo[l5 | low_values[j]] += low_tail[c5 + 1, j]
    return hist, lows


@njit(cache=True)
def _enumerate_small(
    n: int, k: int, t: _Tables, v: _Values, double: bool, nvalues: int
) -> tuple[IntArray, IntArray]:
    """Like :func:`_enumerate7` for 5- and 6-card hands: one hand at a time, one thread."""
    hist = np.zeros(nvalues, np.int64)
    lows = np.zeros(512, np.int64)
    idx = np.arange(k)
    while True:
        s = 0
        b = 0
        m = 0
        for j in range(k):
            c = idx[j]
            s += t.weight[c]
            b |= t.suit_bit[c]
            m |= t.low_bit[c]
        hist[_mask_value(s, b, t, v, double)] += 1
        lows[m] += 1
        j = k - 1
        while j >= 0 and idx[j] == n - k + j:
            j -= 1
        if j < 0:
            break
        idx[j] += 1
        for q in range(j + 1, k):
            idx[q] = idx[q - 1] + 1
    return hist, lows


# ---------------------------------------------------------------------------
# Equity kernels (used by studpoker.equity). A deal's outcome is the pair of
# player sets (best high, best qualifying low; 0 when no low qualifies),
# counted in a histogram indexed by ``high_set << players | low_set``.
# ---------------------------------------------------------------------------


@njit(cache=True)
def combinations(n: int, r: int) -> npt.NDArray[np.int8]:
    """Every r-subset of 0..n-1 in lexicographic order, one per row (int8)."""
    total = 1
    for i in range(r):
        total = total * (n - i) // (i + 1)
    out = np.empty((total, r), np.int8)
    idx = np.arange(r)
    for row in range(total):
        for j in range(r):
            out[row, j] = idx[j]
        j = r - 1
        while j >= 0 and idx[j] == n - r + j:
            j -= 1
        if j < 0:
            break
        idx[j] += 1
        for q in range(j + 1, r):
            idx[q] = idx[q - 1] + 1
    return out


@njit(cache=True, parallel=True)
def _exact_counts(
    masks: U64Array,
    high: I32Array,
    low: I32Array,
    start: IntArray,
    hilo: bool,
    chunk_bounds: IntArray,
) -> IntArray:
    """Outcome histogram over every deal of disjoint completions, one row per chunk.

    Player ``p``'s possible completions are entries ``start[p]:start[p + 1]`` of
    ``masks`` (the stub cards they take, as bits), ``high`` and ``low`` (their
    keys, low -1 for none). Chunks split player 0's completions.
    """
    players = len(start) - 1
    width = (1 << players) * ((1 << players) if hilo else 1)
    chunks = len(chunk_bounds) - 1
    out = np.zeros((chunks, width), np.int64)
    last = players - 1
    last_bit = 1 << last
    shift = players if hilo else 0
    for ch in prange(chunks):
        cnt = out[ch]
        idx = np.zeros(players + 1, np.int64)
        used = np.zeros(players + 1, np.uint64)
        best_h = np.zeros(players + 1, np.int64)
        set_h = np.zeros(players + 1, np.int64)
        best_l = np.zeros(players + 1, np.int64)
        set_l = np.zeros(players + 1, np.int64)
        for i0 in range(chunk_bounds[ch], chunk_bounds[ch + 1]):
            used[1] = masks[i0]
            best_h[1] = high[i0]
            set_h[1] = 1
            best_l[1] = low[i0]
            set_l[1] = 1 if low[i0] >= 0 else 0
            if players == 1:
                cnt[(set_h[1] << shift) | (set_l[1] if hilo else 0)] += 1
                continue
            lvl = 1
            idx[1] = start[1]
            while lvl >= 1:
                if lvl == last:
                    # The innermost player: one tight loop over their completions.
                    u = used[lvl]
                    bh = best_h[lvl]
                    sh = set_h[lvl]
                    bl = best_l[lvl]
                    sl = set_l[lvl]
                    for j in range(start[lvl], start[lvl + 1]):
                        if masks[j] & u:
                            continue
                        h = high[j]
                        if h > bh:
                            hs = last_bit
                        elif h == bh:
                            hs = sh | last_bit
                        else:
                            hs = sh
                        if hilo:
                            lv = low[j]
                            if lv > bl:
                                ls = last_bit
                            elif lv == bl and lv >= 0:
                                ls = sl | last_bit
                            else:
                                ls = sl
                            cnt[(hs << shift) | ls] += 1
                        else:
                            cnt[hs] += 1
                    lvl -= 1
                    if lvl >= 1:
                        idx[lvl] += 1
                    continue
                j = idx[lvl]
                if j == start[lvl + 1]:
                    lvl -= 1
                    if lvl >= 1:
                        idx[lvl] += 1
                    continue
                if masks[j] & used[lvl]:
                    idx[lvl] = j + 1
                    continue
                bit = 1 << lvl
                h = high[j]
                if h > best_h[lvl]:
                    best_h[lvl + 1] = h
                    set_h[lvl + 1] = bit
                elif h == best_h[lvl]:
                    best_h[lvl + 1] = h
                    set_h[lvl + 1] = set_h[lvl] | bit
                else:
                    best_h[lvl + 1] = best_h[lvl]
                    set_h[lvl + 1] = set_h[lvl]
                lv = low[j]
                if lv > best_l[lvl]:
                    best_l[lvl + 1] = lv
                    set_l[lvl + 1] = bit
                elif lv == best_l[lvl] and lv >= 0:
                    best_l[lvl + 1] = lv
                    set_l[lvl + 1] = set_l[lvl] | bit
                else:
                    best_l[lvl + 1] = best_l[lvl]
                    set_l[lvl + 1] = set_l[lvl]
                used[lvl + 1] = used[lvl] | masks[j]
                lvl += 1
                idx[lvl] = start[lvl]
    return out


@njit(cache=True, inline="always")
def _splitmix(state: U64Array) -> np.uint64:
    """The next output of a SplitMix64 generator whose state is ``state[0]``."""
    state[0] += np.uint64(0x9E3779B97F4A7C15)
    z = state[0]
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))  # type: ignore[no-any-return]


@njit(cache=True, parallel=True)
def _sample_counts(
    pool: IntArray,
    known: IntArray,
    nknown: IntArray,
    needs: IntArray,
    community: bool,
    t: _Tables,
    v: _Values,
    double: bool,
    hilo: bool,
    razz: bool,
    razz_keys: I32Array,
    seeds: U64Array,
    per_chunk: IntArray,
    spade: bool,
    spade_keys: I32Array,
    down: IntArray,
    hole_key: IntArray,
) -> IntArray:
    """Outcome histogram over ``per_chunk[i]`` random deals from ``seeds[i]``, one row per seed.

    Player ``p`` holds ``known[p, :nknown[p]]`` and is dealt ``needs[p]`` cards
    from ``pool``, plus the one community card when ``community``. With ``razz``
    the best hand is the best razz low (``razz_keys`` per slot, R6.2). With
    ``spade`` (and ``hilo``) the second share is Chicago's spade in the hole
    (R8.4) instead of a low: the first ``down[p]`` cards dealt to player ``p``
    are face down, ``spade_keys`` ranks a card (-1: no spade) and
    ``hole_key[p]`` is the best of the player's known hole cards. Each chunk
    draws with a partial Fisher-Yates shuffle driven by SplitMix64 from its
    seed, so results do not depend on the number of threads.
    """
    players = len(needs)
    width = (1 << players) * ((1 << players) if hilo else 1)
    shift = players if hilo else 0
    chunks = len(seeds)
    out = np.zeros((chunks, width), np.int64)
    size = len(pool)
    draw = 0
    for p in range(players):
        draw += needs[p]
    if community:
        draw += 1
    for ch in prange(chunks):
        cnt = out[ch]
        state = np.empty(1, np.uint64)
        state[0] = seeds[ch]
        deck = pool.copy()
        row = np.empty(7, np.int64)
        base_s = np.zeros(players, np.int64)
        base_l = np.zeros(players, np.int64)
        for p in range(players):
            for q in range(nknown[p]):
                base_s[p] += t.weight[known[p, q]]
                base_l[p] |= t.low_bit[known[p, q]]
        for _ in range(per_chunk[ch]):
            for i in range(draw):
                z = _splitmix(state)
                j = i + np.int64(((z >> np.uint64(32)) * np.uint64(size - i)) >> np.uint64(32))
                tmp = deck[i]
                deck[i] = deck[j]
                deck[j] = tmp
            shared = deck[draw - 1] if community else -1
            pos = 0
            bh = -1
            hs = 0
            bl = -1
            ls = 0
            for p in range(players):
                s = base_s[p]
                m = base_l[p]
                for q in range(needs[p]):
                    c = deck[pos + q]
                    s += t.weight[c]
                    m |= t.low_bit[c]
                if community:
                    s += t.weight[shared]
                    m |= t.low_bit[shared]
                if razz:
                    h = _razz_value(s, t, razz_keys)
                elif (s + 0x3333) & 0x88888:
                    k = nknown[p]
                    for q in range(k):
                        row[q] = known[p, q]
                    for q in range(needs[p]):
                        row[k + q] = deck[pos + q]
                    k += needs[p]
                    if community:
                        row[k] = shared
                        k += 1
                    h = _row_slow(row, k, s, t, v, double)
                else:
                    h = _nonflush_value(s, t, v)
                if spade:
                    lv = hole_key[p]
                    for q in range(down[p]):
                        sk = spade_keys[deck[pos + q]]
                        if sk > lv:
                            lv = sk
                elif hilo:
                    lv = t.low_key[m]
                else:
                    lv = -1
                pos += needs[p]
                bit = 1 << p
                if h > bh:
                    bh = h
                    hs = bit
                elif h == bh:
                    hs |= bit
                if hilo:
                    if lv > bl:
                        bl = lv
                        ls = bit
                    elif lv == bl and lv >= 0:
                        ls |= bit
            cnt[(hs << shift) | ls] += 1
    return out


# ---------------------------------------------------------------------------
# Wild cards (R8.1): studpoker.engine.wild's rank-layer evaluation, step by step.
# ---------------------------------------------------------------------------


class _WildTables(NamedTuple):
    """Tables of the wild-card kernels, from :mod:`studpoker.engine.wild` and the evaluator."""

    top: IntArray  # (4, 8192): best straight top with at most k ranks missing, or -1
    ones: IntArray  # per 13-bit mask: number of ranks set
    high_bit: IntArray  # per 13-bit mask: highest rank set, -1 for none
    low_bit: IntArray  # per card code: evaluation._LOW_BIT
    low_key: IntArray  # per 9-bit low mask: evaluation._LOW_KEY


@functools.cache
def _wild_tables() -> _WildTables:
    return _WildTables(
        top=np.array([_wild._top_table(k) for k in range(4)], np.int64),
        ones=np.array([m.bit_count() for m in range(8192)], np.int64),
        high_bit=np.array([m.bit_length() - 1 for m in range(8192)], np.int64),
        low_bit=np.array(_ev._LOW_BIT, np.int64),
        low_key=np.array(_ev._LOW_KEY, np.int64),
    )


@njit(cache=True, inline="always")
def _top_pack(key: int, mask: int, n: int, hb: IntArray) -> int:
    """``key`` followed by the ``n`` highest ranks of ``mask`` (4 bits each)."""
    for _ in range(n):
        r = int(hb[mask])
        key = (key << 4) | r
        mask ^= 1 << r
    return key


@njit(cache=True, inline="always")
def _wild_value(
    m1: int, m2: int, m3: int, m4: int, s0: int, s1: int, s2: int, s3: int, w: int, t: _WildTables
) -> int:
    """``wild._key_of``: the best key of natural layers ``m1..m4``, suit masks and ``w`` wild cards."""
    hb = t.high_bit
    cnt = t.ones
    if w >= 5:
        return (9 << 20) | (12 << 16)
    if w >= 1:
        if w == 1:
            m = m4
        elif w == 2:
            m = m3
        elif w == 3:
            m = m2
        else:
            m = m1
        if m:
            return (9 << 20) | (int(hb[m]) << 16)
    # straight flush (w <= 3 from here)
    best = -1
    for i in range(4):
        sm = s0 if i == 0 else s1 if i == 1 else s2 if i == 2 else s3
        if cnt[sm] + w >= 5:
            top = int(t.top[w, sm])
            if top > best:
                best = top
    if best >= 0:
        return (8 << 20) | (best << 16)
    layer4 = m4 if w == 0 else m3 if w == 1 else m2 if w == 2 else m1
    if layer4:  # four of a kind, natural kicker
        q = int(hb[layer4])
        return (7 << 20) | (q << 16) | (int(hb[m1 & ~(1 << q)]) << 12)
    layer3 = m3 if w == 0 else m2 if w == 1 else m1 if w == 2 else 8191
    if layer3:  # full house
        tr = int(hb[layer3])
        p = m2 & ~(1 << tr)
        if p:
            return (6 << 20) | (tr << 16) | (int(hb[p]) << 12)
    best = -1
    for i in range(4):
        sm = s0 if i == 0 else s1 if i == 1 else s2 if i == 2 else s3
        if cnt[sm] + w >= 5:
            key = 5
            for _ in range(w):
                key = (key << 4) | 12
            key = _top_pack(key, sm, 5 - w, hb)
            if key > best:
                best = key
    if best >= 0:
        return best
    top = int(t.top[w, m1])
    if top >= 0:
        return (4 << 20) | (top << 16)
    if layer3:
        tr = int(hb[layer3])
        return _top_pack(3 << 4 | tr, m1 & ~(1 << tr), 2, hb) << 8
    if w == 0 and cnt[m2] >= 2:
        a = int(hb[m2])
        b = int(hb[m2 & ~(1 << a)])
        return _top_pack((2 << 8) | (a << 4) | b, m1 & ~(1 << a) & ~(1 << b), 1, hb) << 8
    layer2 = m2 if w == 0 else m1
    if layer2:
        p = int(hb[layer2])
        return _top_pack(1 << 4 | p, m1 & ~(1 << p), 3, hb) << 4
    return _top_pack(0, m1, 5, hb)


@njit(cache=True, inline="always")
def _wild_row(row: npt.NDArray[np.integer], k: int, wild: int, t: _WildTables) -> int:
    w = 0
    m1 = m2 = m3 = m4 = 0
    s0 = s1 = s2 = s3 = 0
    for j in range(k):
        c = int(row[j])
        r = c >> 2
        if (wild >> r) & 1:
            w += 1
            continue
        bit = 1 << r
        suit = c & 3
        if suit == 0:
            s0 |= bit
        elif suit == 1:
            s1 |= bit
        elif suit == 2:
            s2 |= bit
        else:
            s3 |= bit
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
    return _wild_value(m1, m2, m3, m4, s0, s1, s2, s3, w, t)


@njit(cache=True, parallel=True)
def _wild_high_batch(
    hands: npt.NDArray[np.integer], lengths: IntArray, wild: int, t: _WildTables, out: I32Array
) -> None:
    for i in prange(hands.shape[0]):
        out[i] = _wild_row(hands[i], lengths[i], wild, t)


@njit(cache=True, parallel=True)
def _wild_low_batch(
    hands: npt.NDArray[np.integer], lengths: IntArray, wild: int, t: _WildTables, out: I32Array
) -> None:
    for i in prange(hands.shape[0]):
        m = 0
        w = 0
        for j in range(lengths[i]):
            c = int(hands[i, j])
            if (wild >> (c >> 2)) & 1:
                w += 1
            else:
                m |= t.low_bit[c]
        for _ in range(w):
            m |= (m + 1) & ~m  # the lowest missing low rank
        out[i] = t.low_key[m & 255]


# ---------------------------------------------------------------------------
# Public API.
# ---------------------------------------------------------------------------


SERIAL_BELOW: Final = 200_000
"""Work (hands, or deals times players) under which kernels run on the calling thread only:
waking the thread pool costs more than it saves, and much more on a busy machine."""


@contextlib.contextmanager
def threads_for(work: int) -> Iterator[None]:
    """Run the kernels called inside on one thread when ``work`` is below :data:`SERIAL_BELOW`."""
    if work >= SERIAL_BELOW:
        yield
        return
    before = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        yield
    finally:
        numba.set_num_threads(before)


def _checked(hands: npt.ArrayLike) -> npt.NDArray[np.integer]:
    a = np.asarray(hands)
    if a.ndim != 2 or not 5 <= a.shape[1] <= 7:
        raise ValueError(f"hands must have shape (N, k) with k = 5, 6 or 7, got {a.shape}")
    if a.dtype.kind not in "iu":
        raise ValueError(f"card codes must be integers, got dtype {a.dtype}")
    if a.dtype not in (np.int64, np.uint8):
        a = a.astype(np.int64)
    a = np.ascontiguousarray(a)
    if a.size and (int(a.max()) > JOKER or int(a.min()) < 0):
        raise ValueError("card codes must be in 0..52 (4 * rank + suit, joker 52)")
    return a


def evaluate_high(hands: npt.ArrayLike, *, double_ace_flush: bool = False) -> I32Array:
    """High keys (R1.2, R1.3) of an (N, k) array of card codes, k = 5, 6 or 7.

    Returns an int32 array equal to ``evaluation.high_key`` of each row: larger
    is better, equal keys are equal hands. Rows are not checked for duplicate
    cards (like ``high_key``). ``uint8`` or ``int64`` input avoids a copy.

    >>> import numpy as np
    >>> from studpoker.engine.evaluation import high_key
    >>> rows = np.array([[48, 49, 50, 51, 52], [0, 1, 2, 3, 4]], dtype=np.uint8)
    >>> evaluate_high(rows).tolist() == [high_key(r) for r in rows.tolist()]
    True
    """
    a = _checked(hands)
    b = _built()
    out = np.empty(a.shape[0], np.int32)
    if a.shape[0]:
        with threads_for(a.shape[0]):
            _high_batch(a, b.tables, b.keys, bool(double_ace_flush), out)
    return out


def evaluate_low(hands: npt.ArrayLike) -> I32Array:
    """Eight-or-better low keys (R1.4) of an (N, k) array of card codes, -1 where there is no low.

    Equal to ``evaluation.low_key`` of each row; larger is better.
    """
    a = _checked(hands)
    out = np.empty(a.shape[0], np.int32)
    if a.shape[0]:
        with threads_for(a.shape[0]):
            _low_batch(a, _built().tables, out)
    return out


def _checked_wild(
    hands: npt.ArrayLike, lengths: npt.ArrayLike | None
) -> tuple[npt.NDArray[np.integer], IntArray]:
    a = np.asarray(hands)
    if a.ndim != 2 or a.shape[1] < 5:
        raise ValueError(f"hands must have shape (N, k) with k >= 5, got {a.shape}")
    if a.dtype.kind not in "iu":
        raise ValueError(f"card codes must be integers, got dtype {a.dtype}")
    if a.dtype not in (np.int64, np.uint8):
        a = a.astype(np.int64)
    a = np.ascontiguousarray(a)
    n, k = a.shape
    if lengths is None:
        ln = np.full(n, k, np.int64)
        used = a
    else:
        ln = np.asarray(lengths)
        if ln.shape != (n,) or (ln.size and ln.dtype.kind not in "iu"):
            raise ValueError(f"lengths must be {n} integers (one per hand), got shape {ln.shape}")
        ln = ln.astype(np.int64)
        if ln.size and (int(ln.min()) < 5 or int(ln.max()) > k):
            raise ValueError(f"each length must be 5..{k} (the cards of a row), got {ln.min()}..{ln.max()}")
        used = a[np.arange(k) < ln[:, None]]
    if used.size and (int(used.max()) > 51 or int(used.min()) < 0):
        raise ValueError("card codes must be in 0..51 (4 * rank + suit; no joker in wild-card games)")
    return a, ln


def evaluate_wild_high(
    hands: npt.ArrayLike, wild: Iterable[RankLike] | str, *, lengths: npt.ArrayLike | None = None
) -> I32Array:
    """High keys with true wild cards (R8.1, R1.3) of an (N, k) array of card codes, k >= 5.

    ``wild`` is the set of wild ranks (as for :func:`studpoker.engine.wild.evaluate_wild_high`:
    ``"93"``, ``{"Q", "7"}``, Ranks). Hands of different sizes share one array:
    ``lengths[i]`` cards of row ``i`` are read (5..k; the rest is padding and
    ignored). Returns an int32 array equal to ``studpoker.engine.wild.wild_high_key``
    of each row: larger is better, equal keys are equal hands.

    >>> import numpy as np
    >>> from studpoker.engine.wild import wild_high_key, wild_mask
    >>> rows = np.array([[20, 21, 22, 28, 29, 0, 0], [51, 47, 43, 39, 35, 30, 2]], dtype=np.uint8)
    >>> keys = evaluate_wild_high(rows, "9", lengths=[5, 7])
    >>> nines = wild_mask("9")
    >>> keys.tolist() == [wild_high_key(rows[0, :5].tolist(), nines), wild_high_key(rows[1].tolist(), nines)]
    True
    >>> from studpoker.engine.wild import WildCategory
    >>> [WildCategory(c).slug for c in category_of(keys)]
    ['five_of_a_kind', 'straight_flush']
    """
    mask = wild_mask(wild)
    a, ln = _checked_wild(hands, lengths)
    out = np.empty(a.shape[0], np.int32)
    if a.shape[0]:
        with threads_for(a.shape[0]):
            _wild_high_batch(a, ln, mask, _wild_tables(), out)
    return out


def evaluate_wild_low(
    hands: npt.ArrayLike, wild: Iterable[RankLike] | str, *, lengths: npt.ArrayLike | None = None
) -> I32Array:
    """Eight-or-better low keys (R1.4) with the ranks ``wild`` wild, -1 where there is no low.

    A wild card is the lowest rank not already in the hand (R1.2's rule).
    Equal to ``studpoker.engine.wild.wild_low_key`` of each row; ``lengths`` as in
    :func:`evaluate_wild_high`.
    """
    mask = wild_mask(wild)
    a, ln = _checked_wild(hands, lengths)
    out = np.empty(a.shape[0], np.int32)
    if a.shape[0]:
        with threads_for(a.shape[0]):
            _wild_low_batch(a, ln, mask, _wild_tables(), out)
    return out


def evaluate_razz(hands: npt.ArrayLike) -> I32Array:
    """Razz keys (R6.2) of an (N, k) array of card codes, k = 5, 6 or 7.

    Equal to ``evaluation.razz_key`` of each row: larger is better (the
    ace-to-five low, pairs counting). Razz has no joker (R6.1): a row holding
    code 52 is a ``ValueError``.

    >>> import numpy as np
    >>> from studpoker.engine.evaluation import razz_key
    >>> rows = np.array([[48, 0, 4, 8, 12, 50, 51], [44, 40, 36, 32, 28, 0, 1]], dtype=np.uint8)
    >>> evaluate_razz(rows).tolist() == [razz_key(r) for r in rows.tolist()]
    True
    """
    a = _checked(hands)
    if a.size and int(a.max()) == JOKER:
        raise ValueError("razz is played without the joker (card code 52)")
    out = np.empty(a.shape[0], np.int32)
    if a.shape[0]:
        table = _razz_built().keys
        with threads_for(a.shape[0]):
            _razz_batch(a, _built().tables, table, out)
    return out


def razz_category_of(keys: npt.ArrayLike) -> npt.NDArray[np.int8]:
    """The :class:`~studpoker.engine.evaluation.RazzCategory` value of each razz key (int8)."""
    k = np.asarray(keys, np.int64)
    return (5 - ((_ev._RAZZ_TOP - k) >> _CAT_SHIFT)).astype(np.int8)


def category_of(keys: npt.ArrayLike) -> npt.NDArray[np.int8]:
    """The :class:`~studpoker.engine.evaluation.HighCategory` value of each high key (int8)."""
    return (np.asarray(keys, np.int64) >> _CAT_SHIFT).astype(np.int8)


def low_category_of(keys: npt.ArrayLike) -> npt.NDArray[np.int8]:
    """The :class:`~studpoker.engine.evaluation.LowCategory` value of each low key, -1 for no low."""
    k = np.asarray(keys, np.int64)
    five = np.where(k >= 0, 255 - k, 0)
    top = np.where(five >= 128, 7, np.where(five >= 64, 6, np.where(five >= 32, 5, 4)))
    return np.where(k >= 0, 7 - top, -1).astype(np.int8)


@dataclass(frozen=True)
class HandCounts:
    """Counts over every hand of ``cards`` cards from the deck (see :func:`enumerate_hands`).

    Attributes:
        cards: cards per hand (5, 6 or 7).
        joker: whether the deck holds the joker (53 cards).
        hands: number of hands, ``comb(52 or 53, cards)``.
        high: hands per high category.
        low: hands per low category (hands with no low are not counted).
        no_low: hands with no eight-or-better low.
        distinct: number of distinct high values that occur.
        values: the distinct high keys, ascending (int32).
        value_counts: hands per value of ``values``.
    """

    cards: int
    joker: bool
    hands: int
    high: dict[HighCategory, int]
    low: dict[LowCategory, int]
    no_low: int
    distinct: int
    values: I32Array
    value_counts: IntArray


def _balanced_pairs(n: int, blocks: int) -> tuple[IntArray, IntArray]:
    """(first, second) card pairs of 7-card hands, ordered into ``blocks`` runs of equal work."""
    pairs = [(c0, c1) for c0 in range(n - 6) for c1 in range(c0 + 1, n - 5)]
    work = [math.comb(n - 1 - c1, 5) for _, c1 in pairs]
    order = sorted(range(len(pairs)), key=lambda i: -work[i])
    load = [0] * blocks
    assigned: list[list[int]] = [[] for _ in range(blocks)]
    for i in order:  # longest job first, onto the least loaded block
        b = min(range(blocks), key=load.__getitem__)
        load[b] += work[i]
        assigned[b].append(i)
    items = np.array([pairs[i] for b in assigned for i in b], np.int64)
    bounds = np.cumsum([0] + [len(a) for a in assigned]).astype(np.int64)
    return items, bounds


def enumerate_hands(
    cards: int = 7, *, joker: bool = False, double_ace_flush: bool = False, lows: bool = True
) -> HandCounts:
    """Evaluate every hand of ``cards`` cards (5, 6 or 7) from 52 cards, or 53 with the joker.

    Seven cards run in parallel: nested loops with incremental partial sums,
    split over balanced blocks of the first two cards; ``lows=False`` skips the
    low histogram. Seven cards from 52 give the published table: 133,784,560
    hands, 4,824 distinct values, 41,584 straight flushes, and so on (see
    ``tests/test_fast.py``).
    """
    if cards not in (5, 6, 7):
        raise ValueError(f"cards must be 5, 6 or 7, got {cards}")
    b = _built()
    n = 53 if joker else 52
    nvalues = len(b.id_keys)
    if cards == 7:
        blocks = max(1, numba.get_num_threads()) * 8
        items, bounds = _balanced_pairs(n, blocks)
        bits = b.tables.low_bit[:n]
        low_values = np.unique(bits)
        low_tail = np.array(
            [[int((bits[i:] == x).sum()) for x in low_values] for i in range(n + 1)], np.int64
        )
        hist2, lows2 = _enumerate7(
            n, items, bounds, b.tables, b.ids, bool(double_ace_flush), nvalues, low_values, low_tail, lows
        )
        hist, low_hist = hist2.sum(axis=0), lows2.sum(axis=0)
    else:
        hist, low_hist = _enumerate_small(n, cards, b.tables, b.ids, bool(double_ace_flush), nvalues)
    present = np.nonzero(hist)[0]
    values = b.id_keys[present]
    value_counts = hist[present]
    cats = category_of(values)
    high = {cat: int(value_counts[cats == int(cat)].sum()) for cat in HighCategory}
    low_keys = b.tables.low_key
    per_low = np.zeros(4, np.int64)
    low_cats = low_category_of(low_keys)
    for cat in range(4):
        per_low[cat] = low_hist[low_cats == cat].sum()
    no_low = int(low_hist[low_keys < 0].sum())
    return HandCounts(
        cards=cards,
        joker=joker,
        hands=math.comb(n, cards),
        high=high,
        low={cat: int(per_low[int(cat)]) for cat in LowCategory},
        no_low=no_low,
        distinct=len(present),
        values=values,
        value_counts=value_counts,
    )


@dataclass(frozen=True)
class RazzCounts:
    """Counts of razz values (R6.2) over every hand of ``cards`` cards (see :func:`enumerate_razz`).

    Attributes:
        cards: cards per hand (5, 6 or 7).
        hands: number of hands, ``comb(52, cards)``.
        category: hands per :class:`~studpoker.engine.evaluation.RazzCategory`.
        top: unpaired hands by their highest card's rank (5 for the wheel, up to
            13 for king high; ace 1): the published lowball table.
        distinct: number of distinct razz values that occur.
        values: the distinct razz keys, ascending (int32).
        value_counts: hands per value of ``values``.
    """

    cards: int
    hands: int
    category: dict[RazzCategory, int]
    top: dict[int, int]
    distinct: int
    values: I32Array
    value_counts: IntArray


def enumerate_razz(cards: int = 7) -> RazzCounts:
    """Evaluate every razz hand of ``cards`` cards (5, 6 or 7) from the 52-card deck (R6.1, R6.2).

    Seven cards run in parallel over balanced blocks like :func:`enumerate_hands`.
    Seven cards give the published table of seven-card lowball hands: 781,824
    wheels (five high), ..., 13,939,200 king-high lows, 127,615,488 unpaired
    lows in all (see ``tests/test_fast.py``); five cards give the 6,175
    distinct ace-to-five lows with pairs.
    """
    if cards not in (5, 6, 7):
        raise ValueError(f"cards must be 5, 6 or 7, got {cards}")
    b = _built()
    r = _razz_built()
    nvalues = len(r.id_keys)
    if cards == 7:
        blocks = max(1, numba.get_num_threads()) * 8
        items, bounds = _balanced_pairs(52, blocks)
        hist = _enumerate_razz7(52, items, bounds, b.tables, r.ids, nvalues).sum(axis=0)
    else:
        hist = _enumerate_razz_small(52, cards, b.tables, r.ids, nvalues)
    present = np.nonzero(hist)[0]
    values = r.id_keys[present]
    value_counts = hist[present]
    cats = razz_category_of(values)
    bad = (_ev._RAZZ_TOP - values.astype(np.int64)) & ((1 << _CAT_SHIFT) - 1)
    top_rank = (bad >> 16) + 1  # the highest card's low rank (ace 0) + 1: 5 for the wheel
    unpaired = cats == int(RazzCategory.NO_PAIR)
    return RazzCounts(
        cards=cards,
        hands=math.comb(52, cards),
        category={cat: int(value_counts[cats == int(cat)].sum()) for cat in RazzCategory},
        top={int(t): int(value_counts[unpaired & (top_rank == t)].sum()) for t in range(5, 14)},
        distinct=len(present),
        values=values,
        value_counts=value_counts,
    )


def warmup() -> None:
    """Build the tables and load (or compile, the first time) the batch kernels."""
    hands = np.array([[0, 5, 10, 15, 20, 25, 30], [0, 4, 8, 12, 16, 20, 52]], np.uint8)
    evaluate_high(hands)
    evaluate_low(hands)
    evaluate_high(hands[:, :5])
    evaluate_razz(hands[:1])
