"""Tests of the deuce-to-seven evaluator: R10.1 (aces high only, straights and flushes
count against the hand), R10.2 (bring-in and board order), R10.3 (odd chip)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement

import pytest

from studpoker.engine.cards import Card, CardError, parse_cards
from studpoker.engine.evaluation import (
    HighCategory,
    deuce_seven_board_key,
    deuce_seven_bring_in_key,
    deuce_seven_category_of_key,
    deuce_seven_key,
    deuce_seven_odd_chip_key,
    evaluate_deuce_seven,
    high_key,
)


def reference_five(codes: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """R10.1 for exactly five cards, written out: smaller is better.

    The worse the high hand (aces high only: A-5-4-3-2 is no straight), the
    better the low: category (no pair 0, pair 1, two pair 2, trips 3,
    straight 4, flush 5, full house 6, quads 7, straight flush 8), then the
    groups' ranks, larger groups first, higher ranks first.
    """
    ranks = [c // 4 for c in codes]
    counts = Counter(ranks)
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    shape = tuple(n for n, _ in groups)
    flush = len({c % 4 for c in codes}) == 1
    straight = shape == (1, 1, 1, 1, 1) and max(ranks) - min(ranks) == 4
    if straight and flush:
        category = 8
    elif flush:
        category = 5
    elif straight:
        category = 4
    else:
        category = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 6,
                    (4, 1): 7}[shape]
    return (category, *(r for _, r in groups))


def reference(codes: list[int]) -> tuple[int, ...]:
    """The best five of 5 to 7 cards by brute force: the smallest reference_five."""
    return min(reference_five(five) for five in combinations(codes, 5))


def codes_of(text: str) -> list[int]:
    return [c.code for c in parse_cards(text)]


def key(text: str) -> int:
    return deuce_seven_key(codes_of(text))


def test_r10_1_published_ordering_of_the_best_hands() -> None:
    """R10.1: 7-5-4-3-2 is the nuts, then 7-6-4-3-2, 7-6-5-3-2, 7-6-5-4-2, 8-5-4-3-2,
    8-6-4-3-2 ... (the standard deuce-to-seven ranking of the best lows)."""
    order = ["7c 5d 4h 3s 2c", "7c 6d 4h 3s 2c", "7c 6d 5h 3s 2c", "7c 6d 5h 4s 2c",
             "8c 5d 4h 3s 2c", "8c 6d 4h 3s 2c", "8c 6d 5h 3s 2c", "8c 6d 5h 4s 2c",
             "8c 6d 5h 4s 3c", "8c 7d 4h 3s 2c", "9c 5d 4h 3s 2c", "Kc Qd Jh Ts 8c",
             "Ac 5d 4h 3s 2c", "Ac Kd Qh Js 9c", "2c 2d 3h 4s 5c", "Ac Ad Kh Qs Jc",
             "2c 2d 3h 3s 4c", "2c 2d 2h 3s 4c", "6c 5d 4h 3s 2c", "Ac Kd Qh Js Tc",
             "7h 5h 4h 3h 2h", "Ah Kh Qh Jh 9h", "2c 2d 2h 3s 3c", "2c 2d 2h 2s 3c",
             "6h 5h 4h 3h 2h", "Ah Kh Qh Jh Th"]
    keys = [key(h) for h in order]
    assert keys == sorted(keys, reverse=True)
    assert len(set(keys)) == len(keys)


def test_r10_1_wheel_is_ace_high_not_a_straight_nor_a_low() -> None:
    """R10.1: A-5-4-3-2 is ace high (A is high only): worse than any king-high hand."""
    value = evaluate_deuce_seven("Ac 5d 4h 3s 2c")
    assert value.category is HighCategory.HIGH_CARD
    assert value.description == "Ace high, A-5-4-3-2"
    assert key("Ac 5d 4h 3s 2c") < key("Kc Qd Jh Ts 8c")
    assert key("Ac 5d 4h 3s 2c") > key("2c 2d 3h 4s 5c")  # any pair is worse


def test_r10_1_straights_and_flushes_count_against_the_hand() -> None:
    """R10.1: 6-5-4-3-2 is a straight, worse than trips; 7-5-4-3-2 suited a flush."""
    straight = evaluate_deuce_seven("6c 5d 4h 3s 2c")
    assert straight.category is HighCategory.STRAIGHT
    assert key("6c 5d 4h 3s 2c") < key("2c 2d 2h Ks Qc")
    assert evaluate_deuce_seven("7h 5h 4h 3h 2h").category is HighCategory.FLUSH
    assert key("7h 5h 4h 3h 2h") < key("Ac Kd Qh Js Tc")  # a flush is worse than a straight
    # with more cards the flush is avoided: the 8c plays with four hearts
    v = evaluate_deuce_seven("7h 5h 4h 3h 2h 8c 9d")
    assert v.category is HighCategory.HIGH_CARD
    assert v.description == "Eight-five low, 8-5-4-3-2"
    assert reference(codes_of("7h 5h 4h 3h 2h 8c 9d")) == (0, 6, 3, 2, 1, 0)


def test_r10_1_seven_cards_pick_the_best_five() -> None:
    v = evaluate_deuce_seven("7c 5d 4h 3s 2c Ad Ks")
    assert v.description == "Seven-five low, 7-5-4-3-2"
    assert sorted(str(c) for c in v.cards) == sorted(["7c", "5d", "4h", "3s", "2c"])
    assert evaluate_deuce_seven("6c 5d 4h 3s 2c 9d 9h").description == "Nine-five low, 9-5-4-3-2"


def test_r10_1_every_five_card_class_once() -> None:
    """7,462 distinct five-card hands, as in high poker, ordered by the brute-force reference;
    for five cards the order is the reverse of the high order, but for the wheel (R10.1)."""
    hands: list[list[int]] = []
    for ranks in combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        suits = Counter[int]()
        codes = []
        for r in ranks:  # off suit: the first suits free for this rank, never all five alike
            codes.append(4 * r + suits[r])
            suits[r] += 1
        if len({c % 4 for c in codes}) == 1:
            codes[0] = codes[0] - codes[0] % 4 + 1
        hands.append(codes)
        if len(set(ranks)) == 5:
            hands.append([4 * r + 2 for r in ranks])  # the same ranks suited
    keys = [deuce_seven_key(h) for h in hands]
    assert len(set(keys)) == 7462
    refs = [reference_five(h) for h in hands]
    by_key = sorted(range(len(hands)), key=lambda i: -keys[i])
    assert [refs[i] for i in by_key] == sorted(refs)
    wheel = {12, 3, 2, 1, 0}
    plain = [i for i, h in enumerate(hands) if {c // 4 for c in h} != wheel]
    by_high = sorted(plain, key=lambda i: high_key(hands[i]))
    assert [keys[i] for i in by_high] == sorted((keys[i] for i in plain), reverse=True)


def test_r10_1_random_six_and_seven_card_hands_match_brute_force() -> None:
    rng = random.Random(27)
    deck = list(range(52))
    for n in (5, 6, 7):
        hands = [rng.sample(deck, n) for _ in range(1500)]
        keys = [deuce_seven_key(h) for h in hands]
        refs = [reference(h) for h in hands]
        for i in range(len(hands) - 1):
            a, b = keys[i], keys[i + 1]
            ra, rb = refs[i], refs[i + 1]
            assert (a > b) == (ra < rb) and (a == b) == (ra == rb), (hands[i], hands[i + 1])


def test_r10_1_flush_heavy_hands_match_brute_force() -> None:
    """Five to seven cards of one suit: the flushes must be avoided where they can."""
    rng = random.Random(7)
    for _ in range(1500):
        suit = rng.randrange(4)
        k = rng.randrange(5, 8)
        suited = [4 * r + suit for r in rng.sample(range(13), k)]
        others = rng.sample([c for c in range(52) if c % 4 != suit], 7 - k)
        codes = suited + others
        best = reference(codes)
        value = evaluate_deuce_seven(codes)
        assert reference_five([c.code for c in value.cards]) == best
        assert HighCategory(value.category) == deuce_seven_category_of_key(value.key)


def test_r10_1_value_cards_are_the_best_five() -> None:
    rng = random.Random(3)
    for _ in range(300):
        codes = rng.sample(range(52), 7)
        value = evaluate_deuce_seven(codes)
        assert len(value.cards) == 5 and {c.code for c in value.cards} <= set(codes)
        assert reference_five([c.code for c in value.cards]) == reference(codes)


def test_r10_1_no_joker_and_bad_input() -> None:
    with pytest.raises(CardError):
        evaluate_deuce_seven("Jk 2c 3d 4h 5s")
    with pytest.raises(CardError):
        evaluate_deuce_seven("2c 3d 4h 5s")
    with pytest.raises(CardError):
        evaluate_deuce_seven("2c 2c 3d 4h 5s")


def test_r10_2_bring_in_highest_door_card_aces_highest_spades_first() -> None:
    """R10.2: the highest door card brings in (lowest key); aces highest; spades first."""
    cards = parse_cards("As Ah Ks Kc Qd 2c")
    keys = [deuce_seven_bring_in_key(c) for c in cards]
    assert keys == sorted(keys)
    assert deuce_seven_bring_in_key(Card.parse("Ac")) < deuce_seven_bring_in_key(Card.parse("Ks"))


def test_r10_2_board_order_pairs_worse_straights_do_not_count() -> None:
    """R10.2: the best deuce-to-seven board acts first; pairs are worse; on fewer than
    five cards straights and flushes do not count; aces are high."""
    def board(text: str) -> tuple[int, ...]:
        return deuce_seven_board_key(parse_cards(text))

    assert board("7d 2c") > board("8c 3d") > board("Ac 2d")
    assert board("Kd Qc") > board("2c 2d")
    assert board("5h 4h 3h 2h") > board("7c 5d 4h 2s")  # a four-straight-flush is just 5-high
    assert board("5c 4d 3h 2s") == board("5d 4c 3s 2h")  # suits never count
    assert board("9c 9d 2h 3s") > board("2c 2d 2h 3s")
    assert board("2c 2d 3h 3s") < board("Kc Kd 3h 4s")  # two pair worse than one pair


def test_r10_3_odd_chip_lowest_card_deuce_lowest_clubs_first() -> None:
    """R10.3: the tied winner holding the lowest card by rank, then suit (clubs lowest)."""
    a = deuce_seven_odd_chip_key(parse_cards("7c 5d 4h 3s 2c"))
    b = deuce_seven_odd_chip_key(parse_cards("7d 5c 4s 3h 2d"))
    assert a > b
    assert deuce_seven_odd_chip_key(parse_cards("Kc Qd Jh 9s 8s")) > deuce_seven_odd_chip_key(
        parse_cards("Ac Kd Qh Js 9c"))
    with pytest.raises(CardError):
        deuce_seven_odd_chip_key([])
