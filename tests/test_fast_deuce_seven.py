"""studpoker.fast's deuce-to-seven keys (R10.1) equal the per-hand evaluator's, bit for bit."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")
fast = pytest.importorskip("studpoker.fast")

from studpoker.engine.evaluation import deuce_seven_key  # noqa: E402


@pytest.mark.parametrize("k", [5, 6, 7])
def test_r10_1_fast_equals_per_hand_evaluator(k: int) -> None:
    rng = random.Random(k)
    rows = [rng.sample(range(52), k) for _ in range(4000)]
    for _ in range(2000):  # five cards of a suit or more: the flushes count against the hand
        suit = rng.randrange(4)
        suited = [4 * r + suit for r in rng.sample(range(13), rng.randrange(5, k + 1))]
        rows.append(suited + rng.sample([c for c in range(52) if c % 4 != suit], k - len(suited)))
    got = fast.evaluate_deuce_seven(np.array(rows, np.uint8)).tolist()
    assert got == [deuce_seven_key(r) for r in rows]


def test_r10_1_fast_edge_cases() -> None:
    """7-5-4-3-2 off suit the best; the wheel ace high; 6-5-4-3-2 a straight; suited, a flush."""
    rows = np.array([[20, 12, 9, 4, 0], [48, 12, 9, 4, 0], [16, 12, 9, 4, 0], [22, 14, 10, 6, 2]], np.uint8)
    best, wheel, straight, flush = fast.evaluate_deuce_seven(rows).tolist()
    assert best > wheel > straight > flush


def test_fast_deuce_seven_refuses_the_joker() -> None:
    with pytest.raises(ValueError, match="joker"):
        fast.evaluate_deuce_seven(np.array([[52, 0, 4, 8, 12]], np.uint8))
