"""Tests of the hand evaluator: R1.2 (joker), R1.3 (high), R1.4 (low),
R2.4 (bring-in order), R2.6 (up-card order, open pair), R2.10 (odd chip)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from itertools import combinations, pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studpoker.engine.cards import Card, CardError, parse_cards
from studpoker.engine.evaluation import (
    HighCategory,
    HighValue,
    LowCategory,
    LowValue,
    board_has_pair,
    board_key,
    bring_in_key,
    evaluate_high,
    evaluate_low,
    high_category_of_key,
    high_key,
    low_key,
    odd_chip_key,
)

JOKER = 52
HC = HighCategory


def codes_of(text: str) -> list[int]:
    return [c.code for c in parse_cards(text)]


def high(text: str, *, double_ace_flush: bool = False) -> HighValue:
    return evaluate_high(text, double_ace_flush=double_ace_flush)


def low(text: str) -> LowValue:
    value = evaluate_low(text)
    assert value is not None, text
    return value


def strs(cards: tuple[Card, ...]) -> list[str]:
    return [str(c) for c in cards]


# ---------------------------------------------------------------------------
# Published ground truth: every five-card hand (R1.3, R1.4, R1.2).
# ---------------------------------------------------------------------------


def category_counts(keys: Counter[int]) -> dict[HighCategory, int]:
    counts: Counter[HighCategory] = Counter()
    for key, n in keys.items():
        counts[high_category_of_key(key)] += n
    return dict(counts)


def test_r1_3_all_five_card_hands_from_52_match_published_counts() -> None:
    """R1.3: the 2,598,960 five-card hands: category counts and 7,462 distinct values."""
    keys = Counter(map(high_key, combinations(range(52), 5)))
    assert sum(keys.values()) == 2_598_960
    assert len(keys) == 7_462
    assert category_counts(keys) == {
        HC.STRAIGHT_FLUSH: 40,
        HC.FOUR_OF_A_KIND: 624,
        HC.FULL_HOUSE: 3_744,
        HC.FLUSH: 5_108,
        HC.STRAIGHT: 10_200,
        HC.THREE_OF_A_KIND: 54_912,
        HC.TWO_PAIR: 123_552,
        HC.ONE_PAIR: 1_098_240,
        HC.HIGH_CARD: 1_302_540,
    }


def test_r1_4_all_five_card_hands_from_52_have_57344_eight_or_better_lows() -> None:
    """R1.4: 56 sets of five distinct ranks A..8, times 4**5 suits."""
    lows = Counter(map(low_key, combinations(range(52), 5)))
    assert sum(n for key, n in lows.items() if key >= 0) == 57_344
    assert len([key for key in lows if key >= 0]) == 56


def test_r1_2_all_five_card_hands_from_53_with_the_bug_match_published_counts() -> None:
    """R1.2: the 2,869,685 five-card hands of a 53-card deck, joker as the bug."""
    keys = Counter(map(high_key, combinations(range(53), 5)))
    assert sum(keys.values()) == 2_869_685
    assert category_counts(keys) == {
        HC.FIVE_ACES: 1,
        HC.STRAIGHT_FLUSH: 204,
        HC.FOUR_OF_A_KIND: 828,
        HC.FULL_HOUSE: 4_368,
        HC.FLUSH: 7_804,
        HC.STRAIGHT: 20_532,
        HC.THREE_OF_A_KIND: 63_360,
        HC.TWO_PAIR: 138_600,
        HC.ONE_PAIR: 1_215_024,
        HC.HIGH_CARD: 1_418_964,
    }


# ---------------------------------------------------------------------------
# R1.3 high hands.
# ---------------------------------------------------------------------------

# Strongest first, one or more per category (R1.3 category order).
LADDER = [
    ("Ac Ad Ah As Jk", HC.FIVE_ACES),
    ("As Ks Qs Js Ts", HC.STRAIGHT_FLUSH),
    ("9h 8h 7h 6h 5h", HC.STRAIGHT_FLUSH),
    ("5d 4d 3d 2d Ad", HC.STRAIGHT_FLUSH),
    ("Ac Ad Ah As Kc", HC.FOUR_OF_A_KIND),
    ("2c 2d 2h 2s Ac", HC.FOUR_OF_A_KIND),
    ("Kc Kd Ks 7h 7d", HC.FULL_HOUSE),
    ("Kc Kd Ks 6h 6d", HC.FULL_HOUSE),
    ("Qc Qd Qs Ah Ad", HC.FULL_HOUSE),
    ("As Ks Qs Js 9s", HC.FLUSH),
    ("As Ks Qs Js 8s", HC.FLUSH),
    ("7c 5c 4c 3c 2c", HC.FLUSH),
    ("Ac Kd Qh Js Tc", HC.STRAIGHT),
    ("6c 5d 4h 3s 2c", HC.STRAIGHT),
    ("5c 4d 3h 2s Ac", HC.STRAIGHT),
    ("Ac Ad Ah Ks Qc", HC.THREE_OF_A_KIND),
    ("2c 2d 2h 4s 3c", HC.THREE_OF_A_KIND),
    ("Ac Ad Kh Ks 2c", HC.TWO_PAIR),
    ("Ac Ad Qh Qs Kc", HC.TWO_PAIR),
    ("Ac Ad 4h 4s Kc", HC.TWO_PAIR),
    ("Ac Ad 4h 4s 3c", HC.TWO_PAIR),
    ("Ac Ad Kh Qs Jc", HC.ONE_PAIR),
    ("Ac Ad Kh Qs Tc", HC.ONE_PAIR),
    ("Kc Kd Ah Qs Jc", HC.ONE_PAIR),
    ("2c 2d 5h 4s 3c", HC.ONE_PAIR),
    ("Ac Kd Qh Js 9c", HC.HIGH_CARD),
    ("Ac Kd Qh Js 8c", HC.HIGH_CARD),
    ("Ac 6d 4h 3s 2c", HC.HIGH_CARD),
    ("7c 5d 4h 3s 2c", HC.HIGH_CARD),
]


def test_r1_3_category_and_rank_order() -> None:
    """R1.3: five aces > straight flush > ... > high card, then by ranks."""
    values = [high(text) for text, _ in LADDER]
    for (text, category), value in zip(LADDER, values, strict=True):
        assert value.category is category, text
        assert high_category_of_key(value.key) is category
    for stronger, weaker in pairwise(values):
        assert stronger > weaker, (stronger.description, weaker.description)
        assert weaker < stronger
        assert stronger.key > weaker.key
    assert sorted(values, reverse=True) == values


def test_r1_3_ace_plays_low_only_in_the_wheel() -> None:
    """R1.3: A-2-3-4-5 is the lowest straight; A-K-Q-J-T the highest; no wrap-around."""
    wheel = high("5c 4d 3h 2s Ac")
    assert wheel.category is HC.STRAIGHT
    assert wheel.description == "Straight, five high"
    assert strs(wheel.cards) == ["5c", "4d", "3h", "2s", "Ac"]
    assert wheel < high("6c 5d 4h 3s 2c") < high("Ac Kd Qh Js Tc")
    assert wheel > high("Ac Ad Ah 4s 3c")
    assert high("Qc Kd Ah 2s 3c").category is HC.HIGH_CARD  # Q-K-A-2-3 is no straight
    assert high("5h 4h 3h 2h Ah") < high("6h 5h 4h 3h 2h")  # steel wheel, lowest SF


def test_r1_3_suits_never_break_ties() -> None:
    """R1.3: equal ranks are equal hands whatever the suits."""
    pairs = [
        ("As Ks Qs Js 9s", "Ah Kh Qh Jh 9h"),
        ("Ac Kd Qh Js 9c", "As Kh Qd Jc 9s"),
        ("Kc Kd Ks 7h 7d", "Kh Kd Ks 7c 7s"),
        ("Ac Kd Qh Js Tc", "Ad Kc Qs Jh Ts"),
        ("Jk Ah Kd 9c 3s", "Ac As Kh 9d 3c"),
    ]
    for a, b in pairs:
        va, vb = high(a), high(b)
        assert va == vb and va.key == vb.key and hash(va) == hash(vb), (a, b)
        assert not va < vb and not va > vb and va <= vb and va >= vb


def test_r1_3_best_five_of_six_and_seven() -> None:
    """R1.3: the best five of six or seven cards."""
    v = high("Kh Kd 7s 7c Kc 2d 3h")
    assert v.description == "Full house, kings over sevens"
    assert strs(v.cards) == ["Kh", "Kd", "Kc", "7s", "7c"]
    v = high("Kc Kd Ks 7h 7d 7c 2s")  # two trips: the higher three, the lower as pair
    assert v.description == "Full house, kings over sevens"
    v = high("Ac Ad Kh Ks 4c 4d 9s")  # three pairs: the third pair's card may kick
    assert v.description == "Two pair, aces and kings"
    assert strs(v.cards)[-1] == "9s"
    assert high("Ac Ad Kh Ks 4c 4d Qs") > high("Ac Ad Kh Ks 4c 4d 9s")
    assert high("Ac Ad Kh Ks 4c 4d 2s") == high("Ac Ad Kh Ks 4c 3d 2s")
    v = high("Th 9h 8h 7h 6h 5h Ac")  # straight flush beats the ace high flush
    assert v.description == "Straight flush, ten high"
    v = high("Ah 9h 8h 5h 2h 7c 6d")  # a flush beats the straight 9-8-7-6-5
    assert v.category is HC.FLUSH
    v = high("Ah Kh 8h 4h 2h 7h")
    assert strs(v.cards) == ["Ah", "Kh", "8h", "7h", "4h"]
    v = high("Kc Kd Ks Kh Qc Qd Qh")
    assert v.description == "Four of a kind, kings"
    assert strs(v.cards)[-1] == "Qh"
    v = high("9c 8d 7h 6s 5c 4d Ah")
    assert v.description == "Straight, nine high"


def test_r1_3_descriptions() -> None:
    """R1.3: plain English descriptions of every category."""
    cases = {
        "Ac Ad Ah As Jk": "Five aces",
        "As Ks Qs Js Ts": "Royal flush",
        "9h 8h 7h 6h 5h": "Straight flush, nine high",
        "5d 4d 3d 2d Ad": "Straight flush, five high",
        "9c 9d 9h 9s 2c": "Four of a kind, nines",
        "Kc Kd Ks 7h 7d": "Full house, kings over sevens",
        "6c 6d 6s 2h 2d": "Full house, sixes over twos",
        "As Ks Qs Js 9s": "Flush, ace high",
        "5c 4d 3h 2s Ac": "Straight, five high",
        "Qc Qd Qs 7h 2d": "Three of a kind, queens",
        "Ac Ad 4h 4s 3c": "Two pair, aces and fours",
        "Tc Td 4h 5s 3c": "One pair, tens",
        "Kc 9d 4h 5s 3c": "High card, king",
    }
    for text, description in cases.items():
        value = high(text)
        assert value.description == description
        assert str(value) == description
        assert value.slug == value.category.slug


def test_r1_3_slugs() -> None:
    assert [c.slug for c in HC] == [
        "high_card", "one_pair", "two_pair", "three_of_a_kind", "straight", "flush",
        "full_house", "four_of_a_kind", "straight_flush", "five_aces",
    ]  # fmt: skip
    assert [c.slug for c in LowCategory] == ["eight_low", "seven_low", "six_low", "wheel"]


def test_r1_3_value_objects() -> None:
    """Values are frozen, compare by key only, and never compare high with low."""
    a, b = high("As Ks Qs Js 9s"), high("Ah Kh Qh Jh 9h")
    assert a == b and a.cards != b.cards
    assert len({a, b}) == 1
    with pytest.raises(AttributeError):
        a.key = 0  # type: ignore[misc]
    lo = low("8c 6d 5h 4s 3c")
    assert a != lo
    with pytest.raises(TypeError):
        _ = a < lo
    assert a != "Flush, ace high"


# ---------------------------------------------------------------------------
# R1.2 the joker in high hands.
# ---------------------------------------------------------------------------


def test_r1_2_five_aces_is_the_best_hand() -> None:
    """R1.2: four aces plus the joker is five aces, above a royal flush."""
    v = high("Ac Ad Ah As Jk")
    assert v.category is HC.FIVE_ACES
    assert strs(v.cards) == ["As", "Ah", "Ad", "Ac", "Jk"]
    assert v > high("As Ks Qs Js Ts")
    assert high("Ac Ad Ah As Jk 2c 2d").category is HC.FIVE_ACES
    assert high("Ks Qs Js Ts Jk Ac Ad").category is HC.STRAIGHT_FLUSH
    assert high("Ac Ad Ah Jk 2c").description == "Four of a kind, aces"  # joker + three aces


def test_r1_2_joker_is_an_ace_not_any_pair_card() -> None:
    """R1.2: outside straights and flushes the joker is an ace only."""
    v = high("7c 7d Jk 4s 2h")
    assert v.category is HC.ONE_PAIR and v.description == "One pair, sevens"
    assert strs(v.cards) == ["7d", "7c", "Jk", "4s", "2h"]
    assert v == high("7h 7s Ac 4d 2c")  # the joker plays as the ace kicker
    assert v > high("7h 7s Kc Qd Jc")
    v = high("Jk Ah Kd 9c 3s")
    assert v.description == "One pair, aces"
    assert strs(v.cards) == ["Ah", "Jk", "Kd", "9c", "3s"]
    assert high("Kc Kd 7h 7s Jk").description == "Two pair, kings and sevens"  # not a full house
    assert high("Kc Kd Ks 7h Jk").description == "Three of a kind, kings"  # not quads
    assert high("Kc Kd Ks 7h 7s Jk").description == "Full house, kings over sevens"
    assert high("Kc 9d 7h 4s Jk").description == "High card, ace"


def test_r1_2_joker_completes_a_straight() -> None:
    """R1.2: the joker is any card that completes a straight (the highest one)."""
    v = high("9c 8d 7h 6s Jk")
    assert v.description == "Straight, ten high"
    assert strs(v.cards) == ["Jk", "9c", "8d", "7h", "6s"]
    v = high("9c 8d 6h 5s Jk")  # inside
    assert v.description == "Straight, nine high"
    assert strs(v.cards) == ["9c", "8d", "Jk", "6h", "5s"]
    assert high("Kc Qd Jh Ts Jk").description == "Straight, ace high"
    assert high("2c 3d 4h 5s Jk").description == "Straight, six high"
    assert high("Ac 2d 3h 5s Jk").description == "Straight, five high"
    assert high("Ac Kd Qh Js Jk").description == "Straight, ace high"  # joker is the ten
    assert high("Qc Kd Ac 2s Jk").category is HC.ONE_PAIR  # no wrap-around


def test_r1_2_joker_completes_a_straight_flush() -> None:
    """R1.2: the joker fills the missing card of a straight flush."""
    assert high("9h 8h 6h 5h Jk").description == "Straight flush, nine high"
    assert high("Kh Qh Jh Th Jk").description == "Royal flush"
    v = high("Ah 2h 3h 4h Jk")
    assert v.description == "Straight flush, five high"
    assert strs(v.cards) == ["Jk", "4h", "3h", "2h", "Ah"]
    # A straight flush beats the four aces the joker could also make.
    assert high("Ac Ad Ah Kh Qh Jh Jk").description == "Royal flush"
    assert high("Ad As 9h 8h 6h 5h Jk").description == "Straight flush, nine high"


def test_r1_2_joker_in_a_flush_is_the_highest_missing_card() -> None:
    """R1.2: in a flush the joker is the highest card of that suit not in the hand."""
    v = high("As Ks Qs 2s Jk")
    assert v.category is HC.FLUSH
    assert strs(v.cards) == ["As", "Ks", "Qs", "Jk", "2s"]
    assert v == high("Ah Kh Qh Jh 2h")  # the joker is the Js
    assert v < high("As Ks Qs Js 9s")
    assert high("Ks Qs 5s 2s Jk") == high("Ah Kh Qh 5h 2h")  # the joker is the As
    # Five spades already: the joker still lifts the flush.
    assert high("As Ks Qs 3s 2s Jk") == high("Ah Kh Qh Jh 3h")
    # The joker makes a flush rather than a pair of aces.
    assert high("Kh 9h 5h 2h Jk").category is HC.FLUSH


def test_r1_2_double_ace_flush_option() -> None:
    """R1.2 option double_ace_flush: the joker in a flush is always an ace."""
    joker_flush = "As Ks Qs 2s Jk"
    natural = "As Ks Qs Js 9s"
    assert high(joker_flush) < high(natural)
    doubled = high(joker_flush, double_ace_flush=True)
    assert doubled > high(natural, double_ace_flush=True)
    assert doubled.category is HC.FLUSH
    assert strs(doubled.cards) == ["As", "Jk", "Ks", "Qs", "2s"]
    assert high_key(codes_of(joker_flush), double_ace_flush=True) == doubled.key
    # Without the ace of the suit, the option changes nothing.
    assert high("Ks Qs 5s 2s Jk", double_ace_flush=True) == high("Ks Qs 5s 2s Jk")
    # Straight flushes and five aces come first either way.
    assert high("Ks Qs Js Ts Jk", double_ace_flush=True).description == "Royal flush"


def test_r1_2_joker_prefers_the_best_use() -> None:
    """R1.2: the joker takes whichever allowed value makes the best hand."""
    # Four aces (joker as ace) beat the spade flush it could also complete.
    v = high("As 9s 5s 2s Ah Ad Jk")
    assert v.description == "Four of a kind, aces"
    # A flush beats the straight it could also complete.
    assert high("9h 8h 7h 2h 6c Jk").category is HC.FLUSH
    # A straight beats a pair of aces.
    assert high("Ac Td 9h 8s 7c Jk").description == "Straight, jack high"


# ---------------------------------------------------------------------------
# R1.4 low hands.
# ---------------------------------------------------------------------------


def test_r1_4_low_order_from_the_highest_card_down() -> None:
    """R1.4: 8-6-5-4-3 loses to 7-6-5-4-2; A-2-3-4-5 is the best."""
    assert low("8c 6d 5h 4s 3c") < low("7c 6d 5h 4s 2c")
    assert low("8c 5d 4h 3s 2c") > low("8c 6d 3h 2s Ac")
    assert low("8c 7d 6h 5s 4c") < low("8c 7d 6h 5s 3c")
    ladder = ["5c 4d 3h 2s Ac", "6c 4d 3h 2s Ac", "6c 5d 4h 3s 2c", "7c 4d 3h 2s Ac",
              "7c 6d 5h 4s 3c", "8c 4d 3h 2s Ac", "8c 7d 6h 5s 4c"]  # fmt: skip
    values = [low(t) for t in ladder]
    assert sorted(values, reverse=True) == values
    assert len({v.key for v in values}) == len(values)
    assert [v.category for v in values] == [
        LowCategory.WHEEL, LowCategory.SIX_LOW, LowCategory.SIX_LOW, LowCategory.SEVEN_LOW,
        LowCategory.SEVEN_LOW, LowCategory.EIGHT_LOW, LowCategory.EIGHT_LOW,
    ]  # fmt: skip


def test_r1_4_descriptions_and_cards() -> None:
    v = low("8c 6d 5h 4s 3c")
    assert v.description == "8-6-5-4-3 low" and str(v) == v.description
    assert v.slug == "eight_low"
    v = low("Ac Ad 2h 3s 4c 5d Kh")
    assert v.description == "Wheel, 5-4-3-2-A"
    assert strs(v.cards) == ["5d", "4c", "3s", "2h", "Ad"]
    assert v.category is LowCategory.WHEEL


def test_r1_4_no_low() -> None:
    """R1.4: without five distinct ranks of 8 or lower there is no low."""
    assert evaluate_low("9c 6d 5h 4s 3c") is None
    assert evaluate_low("8c 8d 5h 4s 3c") is None
    assert evaluate_low("8c 8d 5h 5s 3c 3d Kh") is None
    assert low_key(codes_of("9c 6d 5h 4s 3c")) == -1
    assert low_key(codes_of("Kc Qd Jh Ts 9c 8d 7h")) == -1


def test_r1_4_pairs_straights_and_flushes_do_not_count() -> None:
    """R1.4: pairs are not used, straights and flushes do not count against a low."""
    assert low("Ac Ad 2c 3d 4h 5s").category is LowCategory.WHEEL
    assert low("5h 4h 3h 2h Ah") == low("5c 4d 3h 2s Ac")  # steel wheel is a wheel
    assert low("6s 5s 4s 3s 2s").description == "6-5-4-3-2 low"


def test_r1_4_best_low_of_six_and_seven() -> None:
    """R1.4: the best five of six or seven cards."""
    v = low("Kc Qd 8h 7s 6c 5d 4h")
    assert v.description == "8-7-6-5-4 low"
    v = low("8c 7d 6h 4s 3c 2d Ah")
    assert v.description == "6-4-3-2-A low"
    assert strs(v.cards) == ["6h", "4s", "3c", "2d", "Ah"]


def test_r1_2_joker_in_a_low_is_the_lowest_missing_rank() -> None:
    """R1.2/R1.4: in a low hand the joker is the lowest rank not already in the hand."""
    v = low("7c 6d Jk 4s 2c")
    assert v.description == "7-6-4-2-A low"
    assert strs(v.cards) == ["7c", "6d", "4s", "2c", "Jk"]
    assert low("8c 7d Jk 2c Ad").description == "8-7-3-2-A low"
    assert low("Ac 2c 3c 4c Jk").description == "Wheel, 5-4-3-2-A"
    assert low("Ac 2c 3c 4c Jk Kd Qh").cards[0] is Card.parse("Jk")
    # The joker is not used when the hand already has the wheel.
    v = low("Ac 2d 3h 4s 5c 6d Jk")
    assert Card.parse("Jk") not in v.cards and v.category is LowCategory.WHEEL
    assert evaluate_low("Kc Qd 5h 4s Jk") is None
    v = low("Kc 6d 5h 4s 3c 2d Jk")  # the joker is the ace
    assert v.description == "Wheel, 5-4-3-2-A"
    assert strs(v.cards) == ["5h", "4s", "3c", "2d", "Jk"]


# ---------------------------------------------------------------------------
# Input checking.
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("evaluate", [evaluate_high, evaluate_low])
def test_r1_1_bad_input_is_rejected(evaluate: Callable[[str], object]) -> None:
    """R1.1: bad cards are named; five to seven distinct cards are required."""
    with pytest.raises(CardError, match="'Xs'"):
        evaluate("As Kd Xs 7c 7d")
    with pytest.raises(CardError, match="5 to 7"):
        evaluate("As Kd Qs 7c")
    with pytest.raises(CardError, match="5 to 7"):
        evaluate("As Kd Qs 7c 7d 6d 5d 4d")
    with pytest.raises(CardError, match="duplicate card As"):
        evaluate("As Kd Qs As 7d")
    with pytest.raises(CardError, match="duplicate card Jk"):
        evaluate("As Kd Jk Jk 7d")


def test_inputs_may_be_text_cards_or_codes() -> None:
    text = "As Kd Jk 7c 7d"
    cards = parse_cards(text)
    by_text = evaluate_high(text)
    assert evaluate_high(cards) == by_text
    assert evaluate_high([c.code for c in cards]) == by_text
    assert evaluate_high([str(c) for c in cards]) == by_text
    assert evaluate_high(tuple(cards)).cards == by_text.cards


# ---------------------------------------------------------------------------
# R2.4 bring-in, R2.6 up cards, R2.10 odd chip.
# ---------------------------------------------------------------------------


def test_r2_4_bring_in_order_rank_then_suit() -> None:
    """R2.4: lowest door card by rank (ace high), ties by suit c < d < h < s."""
    order = [Card.parse(t) for t in ("2c", "2d", "2h", "2s", "3c", "Tc", "Kd", "Ac", "As", "Jk")]
    keys = [bring_in_key(c) for c in order]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    assert bring_in_key(Card.parse("As")) == 51
    assert bring_in_key(Card.parse("Jk")) == 53  # R1.2: an ace above the ace of spades
    door = parse_cards("Kd 3h 3c Jk")
    assert min(door, key=bring_in_key) == Card.parse("3c")


def test_r2_6_board_key_order() -> None:
    """R2.6: quads > trips > two pair > one pair > high cards, then by rank."""
    ladder = ["Ac Ad Ah As", "2c 2d 2h 2s", "Ac Ad Ah Ks", "3c 3d 3h", "Ac Ad Kh Ks",
              "Ac Ad 2h 2s", "Kc Kd Qh Qs", "Ac Ad Ks", "Ac Ad Qs", "Ac Ad", "2c 2d 3h",
              "2c 2d", "Ac Kd Qh Js", "Ac Kd Qh Ts", "Ac Kd", "Ac", "Kc 9d 7h 2s", "Kc",
              "7c 5d 4h 3s", "2c"]  # fmt: skip
    keys = [board_key(parse_cards(t)) for t in ladder]
    for a, b, ka, kb in zip(ladder, ladder[1:], keys, keys[1:], strict=False):
        assert ka > kb, (a, b)


def test_r2_6_board_key_ignores_straights_flushes_and_suits() -> None:
    """R2.6: straights and flushes do not count; suits never count (equal keys tie)."""
    assert board_key(parse_cards("9h 8h 7h 6h")) < board_key(parse_cards("2c 2d 3h 4s"))
    assert board_key(parse_cards("9h 8h 7h 6h")) == board_key(parse_cards("9c 8d 7s 6h"))
    assert board_key(parse_cards("Kc 7d")) == board_key(parse_cards("Ks 7h"))
    assert board_key(parse_cards("Kc 7d")) == (0, 11, 5, 0)
    assert board_key(parse_cards("Qc Qd 5h")) == (1, 10, 3, 0)


def test_r2_6_board_key_joker_counts_as_an_ace() -> None:
    """R2.6 with R1.2: a face-up joker counts as an ace ranking above the ace of spades."""
    assert board_key(parse_cards("Jk")) > board_key(parse_cards("As"))
    assert board_key(parse_cards("Jk"))[:-1] == board_key(parse_cards("As"))[:-1]
    assert board_key(parse_cards("Jk Ac")) > board_key(parse_cards("Ah Ac"))
    assert board_key(parse_cards("Jk Ac")) < board_key(parse_cards("Ah Ac Kd"))
    assert board_key(parse_cards("Jk 2c")) > board_key(parse_cards("Kc Qc"))
    assert board_key(parse_cards("Jk 2c")) < board_key(parse_cards("3c 3d"))
    assert board_key(parse_cards("Jk Ac Ad Ah")) > board_key(parse_cards("As Ac Ad Ah"))
    assert board_key(parse_cards("Jk Ac Ad Ah As")) > board_key(parse_cards("Kh Kc Kd Ks Ah"))
    assert board_key(parse_cards("Kc Kd Kh 7s 7c")) > board_key(parse_cards("Ac Ad Ah Ks Qc"))
    assert board_key([]) == (0, 0)


def test_r2_6_open_pair() -> None:
    """R2.6 open pair: any pair among the up cards; the joker counts as an ace."""
    assert board_has_pair(parse_cards("7c 7d"))
    assert board_has_pair(parse_cards("Kc 7d 7h"))
    assert board_has_pair(parse_cards("Jk As"))
    assert not board_has_pair(parse_cards("Jk Ks"))
    assert not board_has_pair(parse_cards("9h 8h 7h 6h"))
    assert not board_has_pair(parse_cards("2c"))
    assert not board_has_pair([])


def test_r2_10_odd_chip_key() -> None:
    """R2.10: the highest card of the winning five by rank, then suit."""
    a = high("Ks Kc 7d 7c 2h")
    b = high("Kh Kd 7s 7h 2c")
    assert a == b
    assert odd_chip_key(a.cards) > odd_chip_key(b.cards)  # Ks beats Kh
    assert odd_chip_key(parse_cards("As 2c 3c 4c 5c")) == 51
    with pytest.raises(CardError):
        odd_chip_key([])


def test_r1_2_r2_10_joker_is_the_card_it_stands_for_below_a_natural_card_of_its_rank() -> None:
    """R1.2/R2.10: at showdown the joker is the card it stands for and has no suit: for the
    odd chip it ranks below every natural card of that rank (a joker standing for a 9 loses
    to a natural 9, even the 9c) and above the cards of lower ranks."""
    natural, wild = high("9c 8d 7h 6s 5c"), high("Jk 8c 7d 6h 5d")
    assert natural == wild  # both nine-high straights
    assert odd_chip_key(natural.cards) > odd_chip_key(wild.cards)
    assert odd_chip_key(wild.cards) > odd_chip_key(high("8s 7s 6c 5s 4c").cards)
    assert odd_chip_key(parse_cards("Ah Jk 2c 3c 4c")) == 50  # the joker is the five: Ah counts
    assert odd_chip_key(high("Ac Ad Ah As Jk").cards) == 51  # five aces: the As, not the joker
    # a flush: the joker is the highest card of its suit not in the hand (here the ace, which
    # a natural ace of spades would still beat), or with double_ace_flush always an ace
    assert odd_chip_key(high("Jk Qs 9s 5s 2s").cards) == 4 * 12 - 0.5
    assert odd_chip_key(high("Jk As Qs 9s 2s").cards) == Card.parse("As").code  # joker: Ks
    doubled = evaluate_high("Jk Ah Qh 9h 2h", double_ace_flush=True)
    assert odd_chip_key(doubled.cards, double_ace_flush=True) == Card.parse("Ah").code


# ---------------------------------------------------------------------------
# Properties: fast path = rich path, joker = brute force, order = eval7, PokerKit.
# ---------------------------------------------------------------------------


def hands(deck: int = 53) -> st.SearchStrategy[list[int]]:
    return st.integers(5, 7).flatmap(
        lambda n: st.lists(st.integers(0, deck - 1), min_size=n, max_size=n, unique=True)
    )


@settings(max_examples=400, deadline=None)
@given(codes=hands(), double_ace_flush=st.booleans())
def test_r1_3_fast_key_equals_rich_value(codes: list[int], double_ace_flush: bool) -> None:
    """R1.2/R1.3: high_key on codes is evaluate_high's key; the best five make that key."""
    cards = [Card.from_code(c) for c in codes]
    value = evaluate_high(cards, double_ace_flush=double_ace_flush)
    assert high_key(codes, double_ace_flush) == value.key
    assert high_key(tuple(codes), double_ace_flush) == value.key
    assert len(value.cards) == 5 and set(value.cards) <= set(cards)
    assert high_key([c.code for c in value.cards], double_ace_flush) == value.key
    assert value.category is high_category_of_key(value.key)
    if JOKER not in codes:
        assert high_key(codes, not double_ace_flush) == value.key


@settings(max_examples=400, deadline=None)
@given(codes=hands())
def test_r1_4_fast_low_key_equals_rich_value(codes: list[int]) -> None:
    """R1.4: low_key on codes is evaluate_low's key, or -1 for no low."""
    value = evaluate_low(codes)
    if value is None:
        assert low_key(codes) == -1
    else:
        assert low_key(codes) == value.key
        assert len(value.cards) == 5 and set(value.cards) <= set(parse_cards(codes))
        ranks = [12 if c.code == JOKER else c.code >> 2 for c in value.cards]
        assert len([r for r in ranks if r <= 6 or r == 12]) == 5


def reference_low(codes: list[int]) -> tuple[int, ...] | None:
    """Best low by brute force: ranks A..8 as 1..8, highest first; smaller tuple is better."""
    ranks = {
        1 if c >> 2 == 12 else (c >> 2) + 2 for c in codes if c != JOKER and (c >> 2 <= 6 or c >> 2 == 12)
    }
    if JOKER in codes:  # R1.2: the lowest rank not already in the hand
        ranks.add(min(r for r in range(1, 10) if r not in ranks))
    lows = [tuple(sorted(five, reverse=True)) for five in combinations(sorted(ranks), 5) if max(five) <= 8]
    return min(lows) if lows else None


@settings(max_examples=400, deadline=None)
@given(a=hands(), b=hands())
def test_r1_4_low_matches_brute_force(a: list[int], b: list[int]) -> None:
    """R1.4 (and R1.2 for the joker): low_key orders hands like a brute-force reference."""
    ra, rb = reference_low(a), reference_low(b)
    ka, kb = low_key(a), low_key(b)
    assert (ka >= 0) == (ra is not None) and (kb >= 0) == (rb is not None)
    if ra is not None and rb is not None:
        assert (ka > kb) == (ra < rb) and (ka == kb) == (ra == rb)
        value = evaluate_low(a)
        assert value is not None
        shown = [1 if c.code == JOKER else 1 if c.code >> 2 == 12 else (c.code >> 2) + 2 for c in value.cards]
        if JOKER not in a:
            assert tuple(shown) == ra


# A brute-force reference for the joker: try every substitute card allowed by R1.2.


def reference_five(cards: list[tuple[int, int]]) -> tuple[int, tuple[int, ...]]:
    """Plain five-card value as (category, ranks by significance); duplicates allowed."""
    ranks = sorted((r for r, _ in cards), reverse=True)
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    order = tuple(r for r, _ in groups)
    shape = [n for _, n in groups]
    flush = len({s for _, s in cards}) == 1
    top = -1
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            top = ranks[0]
        elif ranks == [12, 3, 2, 1, 0]:
            top = 3
    if shape[0] == 5:
        return (9, (12,))
    if top >= 0 and flush:
        return (8, (top,))
    if shape[0] == 4:
        return (7, order)
    if shape == [3, 2]:
        return (6, order)
    if flush:
        return (5, tuple(ranks))
    if top >= 0:
        return (4, (top,))
    return ({3: 3, 2: 2 if shape[:2] == [2, 2] else 1, 1: 0}[shape[0]], order)


def reference_high(codes: list[int], double_ace_flush: bool) -> tuple[int, tuple[int, ...]]:
    in_hand = set(codes)
    best: tuple[int, tuple[int, ...]] = (-1, ())
    for five in combinations(codes, 5):
        real = [(c >> 2, c & 3) for c in five if c != JOKER]
        if len(real) == 5:
            best = max(best, reference_five(real))
            continue
        for x in range(52):
            rank = x >> 2
            value = reference_five([*real, (rank, x & 3)])
            if x not in in_hand:
                allowed = rank == 12 or value[0] in (4, 5, 8)
            else:  # the joker as a second ace of a suit: five aces, or a double-ace flush
                allowed = rank == 12 and (value[0] == 9 or (double_ace_flush and value[0] == 5))
            if allowed:
                best = max(best, value)
    return best


@settings(max_examples=150, deadline=None)
@given(
    a=hands().map(lambda h: h if JOKER in h else [*h[:-1], JOKER]),
    b=hands(),
    double_ace_flush=st.booleans(),
)
def test_r1_2_joker_matches_brute_force_substitution(
    a: list[int], b: list[int], double_ace_flush: bool
) -> None:
    """R1.2: the joker's value is the best of every substitute R1.2 allows."""
    ra, rb = reference_high(a, double_ace_flush), reference_high(b, double_ace_flush)
    ka, kb = high_key(a, double_ace_flush), high_key(b, double_ace_flush)
    assert high_category_of_key(ka) == ra[0]
    assert high_category_of_key(kb) == rb[0]
    assert (ka > kb) == (ra > rb) and (ka == kb) == (ra == rb)


@pytest.mark.parametrize("seed", [1, 2])
def test_r1_2_joker_brute_force_on_a_fixed_sample(seed: int) -> None:
    """R1.2: a fixed sample of seven-card joker hands against the brute force."""
    rng = random.Random(seed)
    for _ in range(150):
        codes = [*rng.sample(range(52), 6), JOKER]
        daf = rng.random() < 0.5
        ref = reference_high(codes, daf)
        key = high_key(codes, daf)
        assert high_category_of_key(key) == ref[0], codes


eval7 = pytest.importorskip("eval7")

EVAL7_CATEGORY = {
    "High Card": HC.HIGH_CARD, "Pair": HC.ONE_PAIR, "Two Pair": HC.TWO_PAIR,
    "Trips": HC.THREE_OF_A_KIND, "Straight": HC.STRAIGHT, "Flush": HC.FLUSH,
    "Full House": HC.FULL_HOUSE, "Quads": HC.FOUR_OF_A_KIND,
    "Straight Flush": HC.STRAIGHT_FLUSH,
}  # fmt: skip


def eval7_value(codes: list[int]) -> int:
    return int(eval7.evaluate([eval7.Card(str(Card.from_code(c))) for c in codes]))


@settings(max_examples=500, deadline=None)
@given(deal=st.lists(st.integers(0, 51), min_size=14, max_size=14, unique=True))
def test_r1_3_order_agrees_with_eval7(deal: list[int]) -> None:
    """R1.3: for two seven-card hands our order is eval7's order (differential test)."""
    a, b = deal[:7], deal[7:]
    ka, kb = high_key(a), high_key(b)
    ea, eb = eval7_value(a), eval7_value(b)
    assert (ka > kb) == (ea > eb) and (ka == kb) == (ea == eb)


def test_r1_3_categories_and_order_agree_with_eval7_on_a_fixed_sample() -> None:
    """R1.3: 20,000 random seven-card hands: same category and same order as eval7."""
    rng = random.Random(2024)
    deals = [rng.sample(range(52), 7) for _ in range(20_000)]
    ours = [high_key(d) for d in deals]
    theirs = [eval7_value(d) for d in deals]
    for d, k, e in zip(deals, ours, theirs, strict=True):
        assert high_category_of_key(k) is EVAL7_CATEGORY[eval7.handtype(e)], d
    # Same order: ranking the hands by either key gives the same ties and order.
    rank_ours = {k: i for i, k in enumerate(sorted(set(ours)))}
    rank_theirs = {e: i for i, e in enumerate(sorted(set(theirs)))}
    assert len(rank_ours) == len(rank_theirs)
    assert all(rank_ours[k] == rank_theirs[e] for k, e in zip(ours, theirs, strict=True))


def test_r1_3_order_agrees_with_pokerkit() -> None:
    """R1.3: a sample of seven-card pairs compared by PokerKit's StandardHighHand."""
    pokerkit = pytest.importorskip("pokerkit")
    rng = random.Random(7)
    for _ in range(300):
        deal = rng.sample(range(52), 14)
        a, b = deal[:7], deal[7:]
        pa = pokerkit.StandardHighHand.from_game("".join(str(Card.from_code(c)) for c in a))
        pb = pokerkit.StandardHighHand.from_game("".join(str(Card.from_code(c)) for c in b))
        ka, kb = high_key(a), high_key(b)
        assert (ka > kb) == (pa > pb) and (ka == kb) == (pa == pb), (a, b)
