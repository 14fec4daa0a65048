"""Evaluation with true wild cards (R8.1, R1.3; lows R1.4 with the R1.2 rule; boards R2.6)
against brute-force references that try every substitution of the wild cards."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from itertools import combinations, combinations_with_replacement
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studpoker.engine.cards import Card, CardError, Rank, parse_cards
from studpoker.engine.evaluation import board_key, evaluate_high, high_key, low_key
from studpoker.engine.wild import (
    WildCategory,
    WildHighValue,
    evaluate_wild_high,
    evaluate_wild_low,
    wild_board_key,
    wild_category_of_key,
    wild_high_key,
    wild_low_key,
    wild_mask,
)

WC = WildCategory
BASEBALL = wild_mask("93")

# ---------------------------------------------------------------------------
# The references. R1.3 read literally on five cards that may repeat (a wild card
# may be a card already in the hand, R8.1), then the best five of any number of
# cards, then every substitution of the wild cards.
# ---------------------------------------------------------------------------


def pack(cat: int, ranks: Sequence[int]) -> int:
    key = cat
    for i in range(5):
        key = (key << 4) | (ranks[i] if i < len(ranks) else 0)
    return key


STRAIGHTS = [(top, set(range(top - 4, top + 1)) if top >= 4 else {0, 1, 2, 3, 12}) for top in range(12, 2, -1)]


def straight_top(ranks: set[int]) -> int:
    for top, need in STRAIGHTS:
        if need <= ranks:
            return top
    return -1


def eval5(cards: Sequence[int]) -> int:
    """Five card codes, repeats allowed: the category and tie-break ranks of R1.3 and R8.1."""
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    flush = len({c & 3 for c in cards}) == 1
    distinct = set(ranks)
    top = straight_top(distinct) if len(distinct) == 5 else -1
    groups = sorted(((ranks.count(r), r) for r in distinct), reverse=True)
    shape = [n for n, _ in groups]
    order = [r for _, r in groups]
    if shape == [5]:
        return pack(9, order)
    if top >= 0 and flush:
        return pack(8, [top])
    if shape == [4, 1]:
        return pack(7, order)
    if shape == [3, 2]:
        return pack(6, order)
    if flush:
        return pack(5, ranks)  # every card counts, highest first, repeats included
    if top >= 0:
        return pack(4, [top])
    if shape == [3, 1, 1]:
        return pack(3, order)
    if shape == [2, 2, 1]:
        return pack(2, order)
    if shape == [2, 1, 1, 1]:
        return pack(1, order)
    return pack(0, order)


def best_of_fives(codes: Sequence[int]) -> int:
    """The best five of any number of cards by trying every five (slow: small hands only)."""
    return max(eval5(five) for five in combinations(codes, 5))


def best_of_multiset(codes: Sequence[int]) -> int:
    """The best five of any number of cards, repeats allowed, category by category (R1.3, R8.1).

    The same value as :func:`best_of_fives` (checked below), but fast enough to
    run once per substitution.
    """
    counts = [0] * 13
    suited: list[list[int]] = [[], [], [], []]
    for c in codes:
        counts[c >> 2] += 1
        suited[c & 3].append(c >> 2)
    desc = range(12, -1, -1)
    present = [r for r in desc if counts[r]]

    def at_least(k: int) -> list[int]:
        return [r for r in desc if counts[r] >= k]

    if at_least(5):
        return pack(9, at_least(5)[:1])
    sf = max((straight_top(set(s)) for s in suited), default=-1)
    if sf >= 0:
        return pack(8, [sf])
    if at_least(4):
        q = at_least(4)[0]
        return pack(7, [q, next(r for r in present if r != q)])
    if at_least(3):
        t = at_least(3)[0]
        pairs = [r for r in at_least(2) if r != t]
        if pairs:
            return pack(6, [t, pairs[0]])
    flushes = [pack(5, sorted(s, reverse=True)[:5]) for s in suited if len(s) >= 5]
    if flushes:
        return max(flushes)
    st_top = straight_top(set(present))
    if st_top >= 0:
        return pack(4, [st_top])
    if at_least(3):
        t = at_least(3)[0]
        return pack(3, [t, *[r for r in present if r != t][:2]])
    if len(at_least(2)) >= 2:
        a, b = at_least(2)[:2]
        return pack(2, [a, b, *[r for r in present if r not in (a, b)][:1]])
    if at_least(2):
        p = at_least(2)[0]
        return pack(1, [p, *[r for r in present if r != p][:3]])
    return pack(0, present[:5])


def split(codes: Sequence[int], wild: int) -> tuple[list[int], int]:
    naturals = [c for c in codes if not wild >> (c >> 2) & 1]
    return naturals, len(codes) - len(naturals)


def every_card_substitution(codes: Sequence[int], wild: int) -> int:
    """R8.1 literally: each wild card replaced by each of the 52 cards, repeats included.

    Wild cards are interchangeable, so the substitutions are the multisets of
    52 cards of the wild count (24,804 for three wild cards).
    """
    naturals, w = split(codes, wild)
    return max(best_of_multiset(naturals + list(subs)) for subs in combinations_with_replacement(range(52), w))


def every_rank_substitution(codes: Sequence[int], wild: int) -> int:
    """Every rank for each wild card, all wild cards of one suit, for each suit.

    Equal to :func:`every_card_substitution` (checked below on a sample): the
    best five of a substituted hand are either of one suit s (then giving every
    wild card suit s keeps those five and can only add) or not (then their value
    depends on ranks only, which any choice of suits keeps). About 14 times fewer
    substitutions for three wild cards.
    """
    naturals, w = split(codes, wild)
    return max(
        best_of_multiset(naturals + [4 * r + suit for r in ranks])
        for ranks in combinations_with_replacement(range(13), w)
        for suit in range(4)
    )


def sample_hands(n: int, seed: int, wild_counts: Sequence[int] = (0, 1, 2, 3)) -> list[tuple[list[int], int]]:
    """``n`` hands of 5 to 9 cards with one or two wild ranks and the given wild counts in turn.

    Half the hands take their natural cards from one or two suits and a narrow
    band of ranks, so flushes, straights and straight flushes are common.
    """
    rng = random.Random(seed)
    out = []
    for i in range(n):
        w = wild_counts[i % len(wild_counts)]
        ranks = rng.sample(range(13), 2 if w > 4 else rng.choice([1, 2, 2]))
        wild = sum(1 << r for r in ranks)
        size = rng.randint(max(5, w), 9)
        wilds = rng.sample([c for c in range(52) if wild >> (c >> 2) & 1], w)
        pool = [c for c in range(52) if not wild >> (c >> 2) & 1]
        if i % 2:
            suits = rng.sample(range(4), rng.choice([1, 2]))
            low = rng.randint(0, 8)
            band = {12, *range(low, low + rng.randint(5, 8))}
            narrow = [c for c in pool if c & 3 in suits and c >> 2 in band]
            if len(narrow) >= size - w:
                pool = narrow
        cards = wilds + rng.sample(pool, size - w)
        rng.shuffle(cards)
        out.append((cards, wild))
    return out


def codes_of(text: str) -> list[int]:
    return [c.code for c in parse_cards(text)]


def strs(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


# ---------------------------------------------------------------------------
# The references checked: against R1.3's evaluator and against each other.
# ---------------------------------------------------------------------------


def test_r1_3_reference_best_of_multiset_is_the_best_of_every_five() -> None:
    """R1.3/R8.1: the reference's category reading equals trying every five cards, repeats included,
    and equals high_key on natural hands."""
    rng = random.Random(3)
    for _ in range(1_500):
        suits = rng.sample(range(4), rng.choice([1, 2, 4]))
        low = rng.randint(0, 8)
        pool = [4 * r + s for r in {12, *range(low, min(13, low + rng.choice([5, 7, 13])))} for s in suits]
        codes = [rng.choice(pool) for _ in range(rng.randint(5, 9))]
        assert best_of_multiset(codes) == best_of_fives(codes), codes
    for _ in range(1_500):
        codes = rng.sample(range(52), rng.randint(5, 7))
        assert best_of_multiset(codes) == best_of_fives(codes) == high_key(codes), codes


def test_r8_1_rank_substitution_equals_every_card_substitution() -> None:
    """R8.1: the faster reference equals the literal one (every card for every wild card), up to two wild cards."""
    for codes, wild in sample_hands(150, seed=11, wild_counts=(1, 2)):
        assert every_rank_substitution(codes, wild) == every_card_substitution(codes, wild), codes


@pytest.mark.slow
def test_r8_1_three_wild_cards_every_card_substitution() -> None:
    """R8.1: hands with three wild cards against the literal reference (24,804 substitutions each)."""
    for codes, wild in sample_hands(12, seed=12, wild_counts=(3,)):
        expected = every_card_substitution(codes, wild)
        assert wild_high_key(codes, wild) == expected == every_rank_substitution(codes, wild), codes


# ---------------------------------------------------------------------------
# The evaluator against the references (R8.1, R1.3).
# ---------------------------------------------------------------------------


def check_against_brute_force(hands: list[tuple[list[int], int]]) -> None:
    for codes, wild in hands:
        expected = every_rank_substitution(codes, wild)
        assert wild_high_key(codes, wild) == expected, (codes, wild)


def test_r8_1_every_hand_of_a_random_sample_up_to_three_wild_cards_matches_brute_force() -> None:
    """R8.1, R1.3: 800 hands of 5 to 9 cards, 0 to 3 wild cards (one or two wild ranks)."""
    check_against_brute_force(sample_hands(800, seed=1))


@pytest.mark.slow
def test_r8_1_larger_sample_up_to_three_wild_cards_matches_brute_force() -> None:
    """R8.1, R1.3: 1,800 more hands of 5 to 9 cards, 0 to 3 wild cards."""
    check_against_brute_force(sample_hands(1_800, seed=2))


HAND_PICKED = [
    # four wild cards (R8.1): five of a kind of the highest natural rank, whatever else is there
    ("9c 9d 3h 3s 7c", "93", "Five of a kind, sevens"),
    ("9c 9d 3h 3s 2c Kd", "93", "Five of a kind, kings"),
    ("9c 9d 3h 3s Ah Kh Qh Jh Th", "93", "Five of a kind, aces"),  # not the royal flush
    ("Qc Qd Qh Qs 8c 2d", "Q7", "Five of a kind, eights"),  # Follow the Queen: 7s follow
    ("9c 9d 9h 3s 4c", "93", "Five of a kind, fours"),
    # five wild cards and more: five aces
    ("9c 9d 9h 3s 3c", "93", "Five of a kind, aces"),
    ("9c 9d 9h 9s 3c 3d 2h", "93", "Five of a kind, aces"),
    ("Qc Qd Qh Qs 5c 5d 8h", "Q5", "Five of a kind, aces"),
    ("9c 9d 9h 9s 3c 3d 3h 3s Kd", "93", "Five of a kind, aces"),
    # three wild cards
    ("9c 9d 3h Kc Kd", "93", "Five of a kind, kings"),
    ("9c 9d 3h 2c 7d", "93", "Four of a kind, sevens"),
    ("9c 9d 3h 8s 7s", "93", "Straight flush, jack high"),
    ("9c 9d 3h As Ks", "93", "Royal flush"),
]


@pytest.mark.parametrize(("text", "wild", "description"), HAND_PICKED)
def test_r8_1_hand_picked_many_wild_cards(text: str, wild: str, description: str) -> None:
    """R8.1: hand-picked hands of three, four and five wild cards (and more), brute-forced too."""
    value = evaluate_wild_high(text, wild=wild)
    assert value.description == description
    codes, mask = codes_of(text), wild_mask(wild)
    if split(codes, mask)[1] <= 5:  # beyond five wild cards the reference takes too long
        assert value.key == every_rank_substitution(codes, mask)


@pytest.mark.slow
def test_r8_1_four_wild_cards_every_card_substitution() -> None:
    """R8.1: a four-wild hand against the literal reference (341,055 substitutions)."""
    codes = codes_of("9c 9d 3h 3s Ah Kh Qh")
    assert wild_high_key(codes, BASEBALL) == every_card_substitution(codes, BASEBALL)


# ---------------------------------------------------------------------------
# The rulings of R8.1, one by one.
# ---------------------------------------------------------------------------


def test_r8_1_five_of_a_kind_beats_a_straight_flush_and_compares_by_rank() -> None:
    """R8.1, R1.3: five of a kind is the highest hand; two of them compare by rank."""
    fives = [evaluate_wild_high(f"{r}c {r}d 9h 9s 3c", wild="93") for r in "245678TJQKA"]
    assert all(v.category is WC.FIVE_OF_A_KIND for v in fives)
    assert fives == sorted(fives) and len(set(fives)) == len(fives)
    royal = evaluate_wild_high("As Ks Qs Js Ts", wild="93")
    assert royal.description == "Royal flush"
    assert fives[0] > royal  # five deuces beat a royal flush
    assert fives[-1].description == "Five of a kind, aces"


def test_r8_1_natural_and_wild_hands_of_equal_value_tie() -> None:
    """R8.1: a natural hand and a wild hand of the same value are equal (the pot is split)."""
    pairs = [
        ("Ah Kh Qh Jh Th", "Ah Kh 9h Jh Th"),  # royal flush
        ("7c 7d 7h 7s Kd", "7c 7d 9h 3s Kd"),  # four sevens, king kicker
        ("Kc Kd Ks 7h 7d", "Kc Kd 9s 7h 7d"),  # kings full of sevens
        ("8c 7d 6h 5s 4c", "8c 9d 6h 5s 4c"),  # eight-high straight
        ("Ac Ad 8h 5s 2c", "Ac 9d 8h 5s 2c"),  # pair of aces
    ]
    for natural, wild in pairs:
        a = evaluate_wild_high(natural, wild="93")
        b = evaluate_wild_high(wild, wild="93")
        assert a == b and a.key == b.key and hash(a) == hash(b), (natural, wild)
        assert a.description == b.description
        assert a.wild == 0 and b.wild >= 1


def test_r8_1_a_wild_card_may_be_a_card_already_in_the_hand() -> None:
    """R8.1: a wild card can stand for a card already held: five of a kind, and the double-ace flush."""
    five = evaluate_wild_high("Kc Kd Kh Ks 9c", wild="9")
    assert five.description == "Five of a kind, kings"
    assert strs(five.stands_for).count("Ks") == 2  # all four kings are in the hand
    flush = evaluate_wild_high("Ah 8h 5h 3h 9c 2d", wild="9")
    assert flush.description == "Flush, ace high"
    assert strs(flush.stands_for) == ["Ah", "Ah", "8h", "5h", "3h"]
    assert flush > evaluate_wild_high("Ah Kh Qh Jh 8h", wild="9")  # A-A-8-5-3 beats A-K-Q-J-8


def test_r8_1_any_number_of_cards_baseball_hands_of_eight_and_more() -> None:
    """R8.2's long hands: eight to eleven cards, with and without wild cards."""
    assert evaluate_wild_high("Ac Kd 4h 4s 7c 8d Jh 2s", wild="93").description == "One pair, fours"
    assert evaluate_wild_high("Ac Kd 4h 4s 7c 8d Jh 2s 9c", wild="93").description == "Three of a kind, fours"
    assert evaluate_wild_high("4c 4d 4h Kc Ks 7c 8c Tc Jd 2c 5h", wild="93").description == (
        "Full house, fours over kings"
    )
    rng = random.Random(8)
    for _ in range(300):
        codes = [c for c in rng.sample(range(52), rng.randint(8, 10)) if c >> 2 not in (1, 7)]
        if len(codes) >= 5:  # no wild card: the best five by R1.3
            assert wild_high_key(codes, BASEBALL) == max(high_key(five) for five in combinations(codes, 5))


def test_r8_1_which_ranks_are_wild_comes_from_the_caller() -> None:
    """R8.1-R8.3: the same cards under Baseball's, Follow the Queen's and no wild ranks."""
    text = "Qc 9d 3h 7s 7d 2c Kh"
    assert evaluate_wild_high(text, wild="93").description == "Four of a kind, sevens"
    assert evaluate_wild_high(text, wild={"Q", "7"}).description == "Four of a kind, kings"
    assert evaluate_wild_high(text, wild=[Rank.QUEEN]).description == "Three of a kind, sevens"
    assert evaluate_wild_high(text, wild="").description == evaluate_high(text).description == "One pair, sevens"


# ---------------------------------------------------------------------------
# Words as players say them.
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "wild", "description", "slug"),
    [
        ("7c 7d 7h 9s 3c", "93", "Five of a kind, sevens", "five_of_a_kind"),
        ("6c 6d 9h 3s 6h Kd", "93", "Five of a kind, sixes", "five_of_a_kind"),
        ("Jh Th 9c 8h 7h", "9", "Straight flush, jack high", "straight_flush"),
        ("Jh Th 9c 7h 2d", "9", "One pair, jacks", "one_pair"),
        ("Ah 2h 3h 4h 9s", "9", "Straight flush, five high", "straight_flush"),
        ("Ks Kd 9h 4c 4d", "9", "Full house, kings over fours", "full_house"),
        ("Ks Qd 9h 4c 2d", "9", "One pair, kings", "one_pair"),
        ("Kh 8h 6h 3h 9c", "9", "Flush, ace high", "flush"),
        ("Ks Qd 9h 9c 2d", "9", "Three of a kind, kings", "three_of_a_kind"),
        ("Ks Qd 9h Jc Td", "9", "Straight, ace high", "straight"),
        ("Ks Qd 7h 6c 2d", "9", "High card, king", "high_card"),
        ("Ks Kd 7h 7c 2d", "9", "Two pair, kings and sevens", "two_pair"),
    ],
)
def test_r8_1_descriptions(text: str, wild: str, description: str, slug: str) -> None:
    """R8.1, R1.3: descriptions and slugs as players say them."""
    value = evaluate_wild_high(text, wild=wild)
    assert (value.description, value.slug, str(value)) == (description, slug, description)
    assert wild_category_of_key(value.key).slug == slug


def test_r8_1_best_five_cards_and_what_the_wild_cards_stand_for() -> None:
    """R8.1: the best five as dealt, each wild card in the place of the card it stands for."""
    v = evaluate_wild_high("Jh Th 9c 7h 2d 3s", wild="93")
    assert strs(v.cards) == ["Jh", "Th", "9c", "3s", "7h"]
    assert strs(v.stands_for) == ["Jh", "Th", "9h", "8h", "7h"]
    assert v.wild == 2
    v = evaluate_wild_high("Ah 2c 3h 4h 5s", wild="3")  # the wheel, the wild 3 as a 3
    assert v.description == "Straight, five high"
    assert strs(v.stands_for)[2] == "3s" and strs(v.cards)[2] == "3h"


def test_r8_1_values_compare_only_with_wild_values() -> None:
    v = evaluate_wild_high("Ah Kh Qh Jh Th", wild="9")
    assert isinstance(v, WildHighValue)
    assert v.key == evaluate_high("Ah Kh Qh Jh Th").key
    with pytest.raises(TypeError):
        _ = v < evaluate_high("Ah Kh Qh Jh Th")  # type: ignore[operator]


# ---------------------------------------------------------------------------
# Properties.
# ---------------------------------------------------------------------------

hands_5_to_9 = st.lists(st.integers(0, 51), min_size=5, max_size=9, unique=True)
rank_masks = st.integers(0, 8191)


@settings(max_examples=300, deadline=None)
@given(hands_5_to_9, rank_masks, st.integers(0, 51))
def test_r8_1_adding_a_wild_card_never_makes_a_hand_worse(codes: list[int], wild: int, extra: int) -> None:
    """R8.1: a wild card can be any card, so one more never hurts."""
    wild |= 1 << (extra >> 2)
    if extra in codes:
        return
    assert wild_high_key([*codes, extra], wild) >= wild_high_key(codes, wild)


@settings(max_examples=300, deadline=None)
@given(hands_5_to_9, rank_masks, rank_masks)
def test_r8_1_more_wild_ranks_never_make_a_hand_worse(codes: list[int], wild: int, more: int) -> None:
    """R8.1: a wild card may stand for itself, so making a rank wild never hurts."""
    assert wild_high_key(codes, wild | more) >= wild_high_key(codes, wild)
    assert wild_low_key(codes, wild | more) >= wild_low_key(codes, wild)


def test_r1_3_no_wild_card_evaluates_as_evaluate_high() -> None:
    """R1.3: a hand of five to seven cards without wild cards has evaluate_high's key and words."""
    rng = random.Random(5)
    for _ in range(20_000):
        codes = rng.sample(range(52), rng.randint(5, 7))
        wild = 0 if rng.random() < 0.3 else 1 << rng.choice([r for r in range(13) if r not in {c >> 2 for c in codes}])
        assert wild_high_key(codes, wild) == high_key(codes)
        assert wild_low_key(codes, wild) == low_key(codes)
    for text in ("As Ad Kc Kd 7h 2s 3c", "Ah Kh Qh Jh Th", "2c 3d 4h 5s Ac", "Kh Kd 7s 7c Kc 2d 3h"):
        assert evaluate_wild_high(text, wild="9").description == evaluate_high(text).description


# ---------------------------------------------------------------------------
# Lows with wild cards (R1.4; a wild card is the lowest rank not in the hand, R1.2).
# ---------------------------------------------------------------------------


def low_by_definition(codes: Sequence[int]) -> int:
    """R1.4 read literally: five distinct ranks of 8 or lower (ace low), compared from the top."""
    ranks = sorted({1 if c >> 2 == 12 else (c >> 2) + 2 for c in codes if c >> 2 == 12 or c >> 2 <= 6})
    if len(ranks) < 5:
        return -1
    return 255 - sum(1 << (r - 1) for r in ranks[:5])


def test_r1_4_wild_lows_match_every_substitution() -> None:
    """R1.4 with R8.1's wild cards: the best low over every rank for every wild card (suits never count)."""
    for codes, wild in sample_hands(1_500, seed=4, wild_counts=(0, 1, 2, 3, 4)):
        naturals, w = split(codes, wild)
        expected = max(
            low_by_definition(naturals + [4 * r for r in ranks]) for ranks in combinations_with_replacement(range(13), w)
        )
        assert wild_low_key(codes, wild) == expected, codes


def test_r1_2_a_wild_card_in_a_low_is_the_lowest_rank_not_in_the_hand() -> None:
    v = evaluate_wild_low("9c 7d 3h 2s Kd 8c", wild="93")
    assert v is not None
    assert (v.description, strs(v.cards)) == ("8-7-3-2-A low", ["8c", "7d", "3h", "2s", "9c"])
    v = evaluate_wild_low("9c 3d 4h 5s 2d", wild="93")
    assert v is not None and v.description == "Wheel, 5-4-3-2-A" and v.category.slug == "wheel"
    assert evaluate_wild_low("Kc Qd Jh 9s 9d", wild="9") is None


# ---------------------------------------------------------------------------
# Up cards read with wild cards (R8.1, R2.6).
# ---------------------------------------------------------------------------


def test_r8_1_boards_are_read_with_wild_cards_for_first_to_act() -> None:
    """R8.1, R2.6: every rank for every wild up card; the best reading counts (suits never count)."""
    rng = random.Random(6)
    for _ in range(2_000):
        ranks = rng.sample(range(13), rng.choice([1, 2]))
        wild = sum(1 << r for r in ranks)
        cards = [Card.from_code(c) for c in rng.sample(range(52), rng.randint(1, 6))]
        naturals = [c for c in cards if not wild >> (c.code >> 2) & 1]
        w = len(cards) - len(naturals)
        expected = max(
            board_key(naturals + [Card.from_code(4 * r) for r in subs])[:-1]
            for subs in combinations_with_replacement(range(13), w)
        )
        assert wild_board_key(cards, wild) == expected, [str(c) for c in cards]
    nines = wild_mask("9")
    assert wild_board_key(parse_cards("9c 7d"), nines) == wild_board_key(parse_cards("7c 7d"), nines)
    assert wild_board_key(parse_cards("9c 9d 9h 9s"), nines) == (5, 12)  # four wild nines: four aces
    assert wild_board_key(parse_cards("9c Kd Kh 7s 7c"), nines) == (4, 11, 5)  # kings full


# ---------------------------------------------------------------------------
# Errors.
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: evaluate_wild_high("As Ks Qs Js", wild="9"), "at least 5 cards"),
        (lambda: evaluate_wild_high("As Ks Qs Js As", wild="9"), "duplicate card As"),
        (lambda: evaluate_wild_high("As Ks Qs Js Jk", wild="9"), "joker"),
        (lambda: evaluate_wild_high("As Ks Qs Js Ts", wild="1"), "bad wild rank '1'"),
        (lambda: evaluate_wild_low("As Ks Qs Js Ts", wild=[13]), "bad wild rank 13"),
        (lambda: wild_mask([True]), "bad wild rank True"),
    ],
)
def test_bad_input_is_a_clear_error(call: Callable[[], object], message: str) -> None:
    with pytest.raises(CardError, match=message):
        call()


def test_wild_mask_accepts_ranks_characters_and_values() -> None:
    assert wild_mask("93") == wild_mask([Rank.NINE, Rank.THREE]) == wild_mask("9, 3") == wild_mask([7, 1])
    assert wild_mask("10") == wild_mask("t") == 1 << Rank.TEN
    assert wild_mask("") == 0


# ---------------------------------------------------------------------------
# studpoker.fast: the same keys in batches.
# ---------------------------------------------------------------------------


def test_fast_wild_keys_equal_the_pure_python_keys() -> None:
    """R8.1: fast.evaluate_wild_high / evaluate_wild_low equal wild_high_key / wild_low_key, row by row."""
    np = pytest.importorskip("numpy")
    fast = pytest.importorskip("studpoker.fast")
    rng = random.Random(9)
    hands = sample_hands(4_000, seed=9, wild_counts=(0, 1, 2, 3, 4, 5))
    for wild_text in ("93", "Q7", "Q", "", "2345"):
        wild = wild_mask(wild_text)
        rows = [rng.sample(range(52), rng.randint(5, 11)) for _ in range(3_000)]
        rows += [codes for codes, _ in hands]
        lengths = [len(r) for r in rows]
        padded = np.array([r + [255] * (11 - len(r)) for r in rows], np.uint8)
        expected_high = [wild_high_key(r, wild) for r in rows]
        expected_low = [wild_low_key(r, wild) for r in rows]
        assert fast.evaluate_wild_high(padded, wild_text, lengths=lengths).tolist() == expected_high
        assert fast.evaluate_wild_low(padded, wild_text, lengths=lengths).tolist() == expected_low
    seven = np.array([rng.sample(range(52), 7) for _ in range(2_000)], np.int64)
    assert fast.evaluate_wild_high(seven, "93").tolist() == [wild_high_key(r, BASEBALL) for r in seven.tolist()]
    assert fast.evaluate_wild_high(seven, "").tolist() == fast.evaluate_high(seven).tolist()


def test_fast_wild_rejects_bad_input() -> None:
    np = pytest.importorskip("numpy")
    fast = pytest.importorskip("studpoker.fast")
    good = np.array([[0, 1, 2, 3, 4, 5]], np.int64)
    with pytest.raises(ValueError, match="k >= 5"):
        fast.evaluate_wild_high(good[:, :4], "9")
    with pytest.raises(ValueError, match=r"0\.\.51"):
        fast.evaluate_wild_high(np.array([[0, 1, 2, 3, 52]]), "9")
    with pytest.raises(ValueError, match=r"each length must be 5\.\.6"):
        fast.evaluate_wild_high(good, "9", lengths=[4])
    with pytest.raises(ValueError, match="one per hand"):
        fast.evaluate_wild_low(good, "9", lengths=[5, 5])
    with pytest.raises(CardError, match="bad wild rank"):
        fast.evaluate_wild_high(good, "X")
    assert fast.evaluate_wild_high(np.array([[0, 1, 2, 3, 4, 99]]), "9", lengths=[5]).tolist() == [
        wild_high_key([0, 1, 2, 3, 4], wild_mask("9"))
    ]


def test_docs_wild_cards_examples_run() -> None:
    """docs/wild-cards.md: every Python example runs (the batch one needs studpoker.fast)."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "wild-cards.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert len(blocks) >= 4
    for block in blocks:
        if "studpoker import fast" in block:
            pytest.importorskip("studpoker.fast")
        exec(compile(block, "docs/wild-cards.md", "exec"), {})
