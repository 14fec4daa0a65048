"""Batch evaluation (studpoker.fast) against the per-hand evaluator (R1.2-R1.4), and
exhaustive enumeration against published ground truth."""

from __future__ import annotations

import math

import numpy as np
import pytest

from studpoker import fast
from studpoker._perfect_hash import RANK_MULTIPLIERS, ROW_SHIFT, displacements, rank_multisets
from studpoker.engine.evaluation import (
    HighCategory,
    LowCategory,
    RazzCategory,
    evaluate_high,
    evaluate_low,
    evaluate_razz,
    high_key,
    low_key,
    razz_category_of_key,
    razz_key,
)


def random_hands(n: int, k: int, joker: bool, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    deck = 53 if joker else 52
    return np.argsort(rng.random((n, deck)), axis=1)[:, :k].astype(np.uint8)


def joker_heavy_hands(n: int, k: int, seed: int) -> np.ndarray:
    """Hands that all hold the joker, mostly in one or two suits (flush and straight flush draws)."""
    rng = np.random.default_rng(seed)
    out = np.empty((n, k), np.uint8)
    for i in range(n):
        suits = rng.choice(4, size=2, replace=False)
        cards = [4 * r + s for s in suits for r in range(13)]
        rest = [c for c in range(52) if c not in cards]
        pick = list(rng.choice(cards, size=k - 2, replace=False)) + list(rng.choice(rest, size=1))
        out[i] = [*pick, 52]
    return out


def test_perfect_hash_is_perfect() -> None:
    keys = rank_multisets() @ np.array(RANK_MULTIPLIERS, np.int64)
    assert len(keys) == 73_775 == len(np.unique(keys))
    slots = displacements()[keys >> ROW_SHIFT] + (keys & ((1 << ROW_SHIFT) - 1))
    assert len(np.unique(slots)) == len(keys)


@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("joker", [False, True])
def test_batch_high_and_low_match_per_hand_keys(k: int, joker: bool) -> None:
    """R1.2-R1.4: the batch keys are the per-hand keys, bit for bit (random hands)."""
    hands = random_hands(30_000, k, joker, seed=k * 10 + joker)
    if joker:
        hands = np.vstack([hands, joker_heavy_hands(3_000, k, seed=k)])
    rows = hands.tolist()
    assert fast.evaluate_high(hands).tolist() == [high_key(r) for r in rows]
    assert fast.evaluate_high(hands, double_ace_flush=True).tolist() == [high_key(r, True) for r in rows]
    assert fast.evaluate_low(hands).tolist() == [low_key(r) for r in rows]


@pytest.mark.parametrize("k", [5, 6, 7])
def test_r6_2_batch_razz_matches_per_hand_keys(k: int) -> None:
    """R6.2: the batch razz keys are the per-hand keys, bit for bit (random hands, and
    hands crowded into few ranks so that every pairing category occurs)."""
    hands = random_hands(30_000, k, joker=False, seed=100 + k)
    rng = np.random.default_rng(k)
    crowded = []
    for _ in range(2_000):
        ranks = rng.choice(13, size=rng.integers(2, 4), replace=False)
        cards = [4 * int(r) + suit for r in ranks for suit in range(4)]
        crowded.append(rng.choice(cards, size=k, replace=False))
    hands = np.vstack([hands, np.array(crowded, np.uint8)])
    rows = hands.tolist()
    keys = fast.evaluate_razz(hands)
    assert keys.tolist() == [razz_key(r) for r in rows]
    categories = fast.razz_category_of(keys).tolist()
    assert categories == [razz_category_of_key(key) for key in keys.tolist()]
    assert categories[-100:] == [evaluate_razz(r).category for r in rows[-100:]]


def test_r6_1_batch_razz_refuses_the_joker() -> None:
    """R6.1: razz is played without the joker."""
    with pytest.raises(ValueError, match="joker"):
        fast.evaluate_razz([[0, 4, 8, 12, 52]])
    assert fast.evaluate_razz(np.zeros((0, 7), np.uint8)).tolist() == []


def test_r6_2_enumerate_five_card_razz_hands() -> None:
    """R6.2 over all 2,598,960 five-card hands: 6,175 distinct ace-to-five lows with pairs."""
    counts = fast.enumerate_razz(5)
    assert counts.hands == 2_598_960 == int(counts.value_counts.sum())
    assert counts.distinct == 6_175
    assert {c.slug: n for c, n in counts.category.items()} == {
        "no_pair": 1_317_888, "one_pair": 1_098_240, "two_pair": 123_552, "three_of_a_kind": 54_912,
        "full_house": 3_744, "four_of_a_kind": 624,
    }
    assert counts.top == {t: 4**5 * (math.comb(t - 1, 4)) for t in range(5, 14)}


@pytest.mark.slow
def test_r6_2_enumerate_all_seven_card_razz_hands() -> None:
    """R6.2 over all 133,784,560 seven-card hands: the published table of seven-card
    lowball hands (ace low, straights and flushes not counting), by the highest card."""
    counts = fast.enumerate_razz(7)
    assert counts.hands == 133_784_560 == int(counts.value_counts.sum())
    assert counts.top == {
        5: 781_824, 6: 3_151_360, 7: 7_426_560, 8: 13_171_200, 9: 19_174_400, 10: 23_675_904,
        11: 24_837_120, 12: 21_457_920, 13: 13_939_200,
    }
    assert counts.category[RazzCategory.NO_PAIR] == 127_615_488
    # the rest: 4+3 of two ranks is a full house, three ranks make two pair, four ranks one pair
    assert counts.category[RazzCategory.FULL_HOUSE] == 13 * 12 * 4
    assert sum(counts.category.values()) == counts.hands
    assert counts.category[RazzCategory.THREE_OF_A_KIND] == counts.category[RazzCategory.FOUR_OF_A_KIND] == 0


def test_batch_accepts_integer_dtypes_and_lists() -> None:
    hands = random_hands(500, 7, True, seed=3)
    expected = fast.evaluate_high(hands)
    for dtype in (np.int8, np.int16, np.int32, np.int64, np.uint16, np.uint64):
        assert (fast.evaluate_high(hands.astype(dtype)) == expected).all()
    assert (fast.evaluate_high(hands.tolist()) == expected).all()
    assert (fast.evaluate_high(np.asfortranarray(hands)) == expected).all()
    assert fast.evaluate_high(np.zeros((0, 7), np.uint8)).shape == (0,)


@pytest.mark.parametrize(
    "bad",
    [np.zeros((3, 4), np.uint8), np.zeros((3, 8), np.uint8), np.zeros(7, np.uint8),
     np.full((2, 7), 53, np.uint8), np.full((2, 7), -1, np.int64), np.zeros((2, 7), np.float64)],
)
def test_batch_rejects_bad_input(bad: np.ndarray) -> None:
    with pytest.raises(ValueError):
        fast.evaluate_high(bad)
    with pytest.raises(ValueError):
        fast.evaluate_low(bad)


def test_categories_match_rich_values() -> None:
    """R1.3/R1.4 categories of the batch keys agree with evaluate_high/evaluate_low."""
    hands = random_hands(3_000, 7, True, seed=11)
    high = fast.category_of(fast.evaluate_high(hands))
    low = fast.low_category_of(fast.evaluate_low(hands))
    for row, h, lo in zip(hands.tolist(), high.tolist(), low.tolist(), strict=True):
        assert HighCategory(h) == evaluate_high(row).category
        value = evaluate_low(row)
        assert (lo == -1) if value is None else (LowCategory(lo) == value.category)


def test_special_joker_hands() -> None:
    """R1.2: five aces, the joker completing a straight flush, a flush, a straight."""
    cases = {
        "As Ad Ah Ac Jk Kd 2c": HighCategory.FIVE_ACES,
        "9h 8h Jk 6h 5h 2c 2d": HighCategory.STRAIGHT_FLUSH,
        "Ah Kh Qh 2h Jk 3c 4d": HighCategory.FLUSH,
        "Ah 5c 4d 3s Jk 9c Td": HighCategory.STRAIGHT,
        "Kh Kd Jk 7c 7d": HighCategory.TWO_PAIR,  # the joker is an ace here, not wild
    }
    from studpoker.engine.cards import parse_cards

    rows = [[c.code for c in parse_cards(text)] for text in cases]
    for row, (text, cat) in zip(rows, cases.items(), strict=True):
        key = fast.evaluate_high(np.array([row], np.uint8))[0]
        assert key == high_key(row), text
        assert fast.category_of([key])[0] == cat, text


def test_low_categories_of_keys() -> None:
    keys = np.array([-1, 255 - 0b11111, 255 - 0b111110, 255 - 0b1011101, 255 - 0b11001011])
    assert fast.low_category_of(keys).tolist() == [-1, LowCategory.WHEEL, LowCategory.SIX_LOW,
                                                   LowCategory.SEVEN_LOW, LowCategory.EIGHT_LOW]


@pytest.mark.slow
def test_enumerate_five_card_hands() -> None:
    counts = fast.enumerate_hands(5)
    assert counts.hands == 2_598_960 == sum(counts.high.values())
    assert counts.distinct == 7_462
    assert counts.high[HighCategory.STRAIGHT_FLUSH] == 40
    assert counts.high[HighCategory.FOUR_OF_A_KIND] == 624
    assert counts.high[HighCategory.FULL_HOUSE] == 3_744
    assert counts.high[HighCategory.FLUSH] == 5_108
    assert counts.high[HighCategory.STRAIGHT] == 10_200
    assert counts.high[HighCategory.HIGH_CARD] == 1_302_540
    assert sum(counts.low.values()) + counts.no_low == counts.hands
    assert counts.low[LowCategory.WHEEL] == 4**5


@pytest.mark.slow
def test_enumerate_all_seven_card_hands() -> None:
    """R1.3/R1.4 over all 133,784,560 seven-card hands: the published table."""
    counts = fast.enumerate_hands(7)
    assert counts.hands == 133_784_560 == int(counts.value_counts.sum())
    assert {c.slug: n for c, n in counts.high.items()} == {
        "straight_flush": 41_584,
        "four_of_a_kind": 224_848,
        "full_house": 3_473_184,
        "flush": 4_047_644,
        "straight": 6_180_020,
        "three_of_a_kind": 6_461_620,
        "two_pair": 31_433_400,
        "one_pair": 58_627_800,
        "high_card": 23_294_460,
        "five_aces": 0,
    }
    assert counts.distinct == 4_824
    assert sum(counts.low.values()) == 24_530_944
    assert counts.low == {
        LowCategory.WHEEL: 781_824,
        LowCategory.SIX_LOW: 3_151_360,
        LowCategory.SEVEN_LOW: 7_426_560,
        LowCategory.EIGHT_LOW: 13_171_200,
    }
    assert counts.no_low == counts.hands - 24_530_944


@pytest.mark.slow
def test_enumerate_seven_cards_from_53_with_joker() -> None:
    """R1.2 over all 154,143,080 seven-card hands of the 53-card deck."""
    counts = fast.enumerate_hands(7, joker=True, lows=False)
    assert counts.hands == 154_143_080 == int(counts.value_counts.sum())
    assert {c.slug: n for c, n in counts.high.items()} == {
        "five_aces": 1_128,
        "straight_flush": 210_964,
        "four_of_a_kind": 307_472,
        "full_house": 4_188_528,
        "flush": 6_172_088,
        "straight": 11_236_028,
        "three_of_a_kind": 7_470_676,
        "two_pair": 35_553_816,
        "one_pair": 64_221_960,
        "high_card": 24_780_420,
    }
