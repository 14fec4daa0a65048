"""Tests of the razz evaluator: R6.2 (the ace-to-five low with pairs), R6.3 (bring-in
order), R6.4 (board order for the first to act), R6.5 (odd chip)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studpoker.engine.cards import Card, CardError, parse_cards
from studpoker.engine.evaluation import (
    RazzCategory,
    RazzValue,
    evaluate_razz,
    razz_board_key,
    razz_bring_in_key,
    razz_category_of_key,
    razz_key,
    razz_odd_chip_key,
)

RC = RazzCategory


def low_rank(code: int) -> int:
    """Ace 0, deuce 1, ..., king 12."""
    return (code // 4 + 1) % 13


def reference_five(codes: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """R6.2 for exactly five cards, written out: smaller is better.

    Category by the shape of the rank counts (no pair, pair, two pair, trips,
    full house, quads), then the groups' low ranks, larger groups first,
    higher ranks first (compared like high hands, with low ranks best).
    """
    counts = Counter(low_rank(c) for c in codes)
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    shape = tuple(n for n, _ in groups)
    category = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4, (4, 1): 5}[shape]
    return (category, *(r for _, r in groups))


def reference(codes: list[int]) -> tuple[int, ...]:
    """The best five of 5 to 7 cards by brute force: the smallest reference_five."""
    return min(reference_five(five) for five in combinations(codes, 5))


def codes_of(text: str) -> list[int]:
    return [c.code for c in parse_cards(text)]


# ---------------------------------------------------------------------------
# Published ground truth.
# ---------------------------------------------------------------------------


def test_r6_2_five_card_hands_have_6175_distinct_values_and_the_published_counts() -> None:
    """R6.2: every five-card hand: 6,175 ace-to-five lows with pairs (the rank multisets
    of five cards), 1,317,888 unpaired, 1,098,240 one pair, 123,552 two pair, 54,912
    trips, 3,744 full houses, 624 quads (the published five-card counts)."""
    counts: Counter[int] = Counter()
    for hand in combinations(range(52), 5):
        counts[razz_key(hand)] += 1
    assert len(counts) == 6175
    per_category = Counter()
    for key, n in counts.items():
        per_category[razz_category_of_key(key)] += n
    assert per_category == {RC.NO_PAIR: 1_317_888, RC.ONE_PAIR: 1_098_240, RC.TWO_PAIR: 123_552,
                            RC.THREE_OF_A_KIND: 54_912, RC.FULL_HOUSE: 3_744, RC.FOUR_OF_A_KIND: 624}


def test_r6_2_every_five_card_rank_multiset_orders_as_the_reference() -> None:
    """R6.2: the 6,175 classes in the reference order, no two merged or swapped."""
    hands = [
        [4 * r + k for r, k in zip(ranks, _suits(ranks), strict=True)]
        for ranks in combinations_with_replacement(range(13), 5)
        if max(Counter(ranks).values()) <= 4
    ]
    assert len(hands) == 6175
    by_key = sorted(hands, key=razz_key, reverse=True)  # best first
    refs = [reference_five(h) for h in by_key]
    assert refs == sorted(refs)
    assert len({razz_key(h) for h in hands}) == 6175


def _suits(ranks: tuple[int, ...]) -> list[int]:
    seen: Counter[int] = Counter()
    out = []
    for r in ranks:
        out.append(seen[r])
        seen[r] += 1
    return out


@pytest.mark.parametrize("seed", range(3))
def test_r6_2_seven_cards_match_brute_force_on_a_fixed_sample(seed: int) -> None:
    """R6.2: the best five of seven (and six), against every five-card subset."""
    rng = random.Random(seed)
    deals = [rng.sample(range(52), rng.choice((5, 6, 7))) for _ in range(3000)]
    keys = [razz_key(d) for d in deals]
    refs = [reference(d) for d in deals]
    for i in range(len(deals) - 1):
        a, b = (keys[i], keys[i + 1]), (refs[i], refs[i + 1])
        assert (a[0] > a[1]) == (b[0] < b[1]), (deals[i], deals[i + 1])
        assert (a[0] == a[1]) == (b[0] == b[1]), (deals[i], deals[i + 1])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True),
       st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True))
def test_r6_2_order_matches_brute_force(a: list[int], b: list[int]) -> None:
    """R6.2 (hypothesis): any two seven-card hands compare as the brute-force reference."""
    ka, kb = razz_key(a), razz_key(b)
    ra, rb = reference(a), reference(b)
    assert (ka > kb) == (ra < rb) and (ka == kb) == (ra == rb)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True))
def test_r6_2_rich_value_equals_fast_key_and_its_cards_make_it(codes: list[int]) -> None:
    """R6.2: evaluate_razz's key is razz_key's; its five cards are the hand's and score the same."""
    value = evaluate_razz(codes)
    assert value.key == razz_key(codes)
    assert len(value.cards) == 5 and {c.code for c in value.cards} <= set(codes)
    assert razz_key([c.code for c in value.cards]) == value.key
    assert value.category is razz_category_of_key(value.key)


# ---------------------------------------------------------------------------
# The rule's examples.
# ---------------------------------------------------------------------------


def test_r6_2_order_examples() -> None:
    """R6.2: the wheel is best; compared from the highest card down; any unpaired five
    beats any paired five; fewer pairs are better; straights and flushes do not count."""
    order = [
        "Ac 2d 3h 4s 5c",  # the wheel
        "Ad 2c 3d 4h 6s",
        "Ac 2d 3h 5s 6c",
        "2c 3d 4h 5s 6c",  # a straight counts as a six-low
        "Ac 2d 3h 4s 7c",
        "7c 5c 4c 2c Ac",  # a flush counts as a seven-five low
        "8c 6d 5h 4s 3c",
        "Kc Qd Jh Ts 9c",  # the worst unpaired hand
        "Ac Ad 2h 3s 4c",  # a pair of aces, the best paired hand
        "2c 2d Ah 3s 4c",
        "Kc Kd Qh Js Tc",
        "Ac Ad 2h 2s 3c",  # two pair
        "Kc Kd Qh Qs Jc",
        "Ac Ad Ah 2s 3c",  # three of a kind
        "Ac Ad Ah 2s 2c",  # a full house
        "Kc Kd Kh Ks Qc",  # four kings, the worst
    ]
    keys = [razz_key(codes_of(h)) for h in order]
    assert keys == sorted(keys, reverse=True)
    assert len(set(keys)) == len(keys)


def test_r6_2_best_five_of_seven() -> None:
    """R6.2: the seven cards' best five: distinct low ranks first, then the lowest pair."""
    assert evaluate_razz("Kc Kd 7h 5s 4c 2d Ah").description == "Seven-five low, 7-5-4-2-A"
    assert evaluate_razz("Ac Ad 2h 2s 3c 3d 4h").description == "Pair of aces, A-A-4-3-2"
    assert evaluate_razz("Ac Ad 2h 2s 3c 3d Kh").description == "Pair of aces, A-A-K-3-2"
    assert evaluate_razz("9c 9d 9h 5s 5c 5d 2h").description == "Two pair, nines and fives, 9-9-5-5-2"
    assert evaluate_razz("Kc Kd Kh 2s 2c 2d 2h").description == "Full house, twos over kings"
    assert evaluate_razz("Kc Kd Kh Ks 2c").description == "Four of a kind, kings, K-K-K-K-2"
    assert evaluate_razz("7c 7d 7h 5s 2c").description == "Three of a kind, sevens, 7-7-7-5-2"
    assert evaluate_razz("Ac 2d 3h 4s 5c 5d 5h").description == "Wheel, 5-4-3-2-A"


def test_r6_2_descriptions_and_cards_as_players_say_them() -> None:
    """R6.2: "seven-five low", "pair of twos"; the cards most significant first, the ace last."""
    v = evaluate_razz("7c 5d 4h 2s Ac Kd Ks")
    assert (v.description, [str(c) for c in v.cards]) == ("Seven-five low, 7-5-4-2-A", ["7c", "5d", "4h", "2s", "Ac"])
    assert (v.category, v.slug, str(v)) == (RC.NO_PAIR, "no_pair", v.description)
    v = evaluate_razz("2c 2d 8h 7s 5c 8d 7h")
    assert v.description == "Pair of twos, 2-2-8-7-5" and v.category is RC.ONE_PAIR
    assert [str(c) for c in v.cards] == ["2d", "2c", "8h", "7s", "5c"]  # the higher suit of a rank first
    assert evaluate_razz("Kc Qd Jh Ts 9c").description == "King-queen low, K-Q-J-T-9"
    assert evaluate_razz("Tc 6d 4h 3s 2c").description == "Ten-six low, T-6-4-3-2"


def test_r6_2_values_compare_by_key_only() -> None:
    """R6.2: suits never break ties; values order and hash by key."""
    a, b = evaluate_razz("7c 5d 4h 2s Ac"), evaluate_razz("7d 5c 4s 2h Ad")
    assert a == b and hash(a) == hash(b) and not a < b
    assert evaluate_razz("6c 5d 4h 2s Ac") > a
    assert isinstance(a, RazzValue)


@pytest.mark.parametrize("bad", ["Ac 2d 3h 4s", "Ac 2d 3h 4s 5c 6d 7h 8s", "Ac Ac 2d 3h 4s", "Ac 2d 3h 4s Jk",
                                 "Ac 2d 3h 4s Xx"])
def test_r6_1_bad_input_is_rejected(bad: str) -> None:
    """R6.1/R1.12: five to seven distinct cards of the 52-card deck (no joker in razz)."""
    with pytest.raises(CardError):
        evaluate_razz(bad)


# ---------------------------------------------------------------------------
# Up cards: bring-in (R6.3), first to act (R6.4), odd chip (R6.5).
# ---------------------------------------------------------------------------


def test_r6_3_bring_in_order_king_highest_ace_lowest_spades_first() -> None:
    """R6.3: the highest door card brings in (the lowest key): king highest, ace lowest;
    between equal ranks the higher suit (spades, hearts, diamonds, clubs)."""
    order = [Card.parse(t) for t in ("Ks", "Kh", "Kd", "Kc", "Qs", "Qc", "Ts", "2s", "2c", "As", "Ac")]
    keys = [razz_bring_in_key(c) for c in order]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    assert min(range(52), key=lambda c: razz_bring_in_key(Card.from_code(c))) == Card.parse("Ks").code


def test_r6_4_board_order_lowest_hand_showing_acts_first() -> None:
    """R6.4: the lowest (best) board acts first (the largest key): unpaired beats paired,
    compared from the highest card down, ace low, suits never count."""
    order = ["Ac 2d 3h 4s", "Ac 2d 3h 5s", "2c 3d 4h 6s", "Ac 2d 3h Ks", "Kc Qd Jh Ts", "Ac Ad 2h 3s",
             "2c 2d Ah 3s", "Kc Kd Qh Js", "Ac Ad 2h 2s", "Ac Ad Ah 2s", "Kc Kd Kh Ks"]
    keys = [razz_board_key(parse_cards(b)) for b in order]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == len(keys)
    assert razz_board_key(parse_cards("6d 4c")) > razz_board_key(parse_cards("7c 5d"))
    assert razz_board_key(parse_cards("7c 2d")) > razz_board_key(parse_cards("7d 3c"))
    assert razz_board_key(parse_cards("Kd")) < razz_board_key(parse_cards("Qs"))
    assert razz_board_key(parse_cards("Kd Qc")) > razz_board_key(parse_cards("Ac As"))
    assert razz_board_key(parse_cards("9c 8d")) == razz_board_key(parse_cards("8s 9h"))


def test_r6_5_odd_chip_key_lowest_card_by_rank_then_suit() -> None:
    """R6.5: among tied winners the odd chip goes to the lowest card: ace lowest, then clubs."""
    assert razz_odd_chip_key(parse_cards("7c 5d 4h 2s Ac")) > razz_odd_chip_key(parse_cards("7d 5c 4s 2h Ad"))
    assert razz_odd_chip_key(parse_cards("8h 6h 4d 3d 2c")) > razz_odd_chip_key(parse_cards("8c 6c 4c 3c 2d"))
    with pytest.raises(CardError):
        razz_odd_chip_key([])
