"""High-hand evaluation with true wild cards (R8.1), per hand and in batches.

The same random hands (fixed seed) are evaluated by:

* studpoker ``high_key`` on seven-card lists of card codes, no wild card (the
  baseline every other line is compared with),
* studpoker ``wild_high_key`` on the same hands with Baseball's wild ranks
  (9s and 3s), with Follow the Queen's (queens and sevens), and with no wild
  rank; then on nine-card Baseball hands (a hand with two extra cards),
* studpoker ``evaluate_wild_high`` on lists of Card objects (the rich value),
* ``studpoker.fast.evaluate_wild_high`` on one numpy array (per hand, one
  thread, compiled once before timing),
* a peer that evaluates true wild cards: we know of none on PyPI. eval7,
  phevaluator, treys and PokerKit evaluate natural hands only, and the
  "wildcards" of poker-equity are unknown cards to be dealt, not wild cards;
  so the figures are absolute rates plus ratios to ``high_key``.

Every input is built before timing; times are the CPU time of this process
(``time.process_time``), best of a few repeats, so other load on the machine
skews them less than wall time. Before timing, the batch keys are checked
against the per-hand keys.

Run: ``python benchmarks/wild_eval.py [--hands N] [--seed S] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from studpoker.engine.cards import Card
from studpoker.engine.evaluation import high_key
from studpoker.engine.wild import evaluate_wild_high, wild_high_key, wild_mask


def per_hand(fn: Callable[[Any], object], hands: Sequence[Any], repeats: int) -> float:
    """Best seconds per hand over ``repeats`` passes of ``fn(hand)`` for every hand."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        for hand in hands:
            fn(hand)
        best = min(best, time.process_time() - start)
    return best / len(hands)


def report(name: str, seconds: float | None, n: int, base: float) -> None:
    if seconds is None:
        print(f"{name:<52} not available")
        return
    print(f"{name:<52} {1 / seconds:>12,.0f} hands/s {seconds * 1e9:>9,.0f} ns/hand  n={n:<8,} {base / seconds:6.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000, help="hands per line (the rich path: a tenth)")
    parser.add_argument("--seed", type=int, default=20261202)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    n = args.hands
    seven = [rng.sample(range(52), 7) for _ in range(n)]
    nine = [rng.sample(range(52), 9) for _ in range(n)]
    n_rich = max(1, n // 10)
    cards = [[Card.from_code(c) for c in hand] for hand in seven[:n_rich]]
    baseball, ftq, none = wild_mask("93"), wild_mask("Q7"), wild_mask("")

    rows: list[tuple[str, float | None, int]] = []
    base = per_hand(high_key, seven, args.repeats)
    rows.append(("high_key, 7 cards (no wild card: the baseline)", base, n))
    for label, mask, hands in (
        ("wild_high_key, 7 cards, 9s and 3s wild (Baseball)", baseball, seven),
        ("wild_high_key, 7 cards, Qs and 7s wild (FTQ)", ftq, seven),
        ("wild_high_key, 7 cards, no wild rank", none, seven),
        ("wild_high_key, 9 cards, 9s and 3s wild (Baseball)", baseball, nine),
    ):
        rows.append((label, per_hand(lambda h, m=mask: wild_high_key(h, m), hands, args.repeats), n))
    rows.append(
        (
            "evaluate_wild_high(Cards), 7 cards, Baseball",
            per_hand(lambda h: evaluate_wild_high(h, wild="93"), cards, args.repeats),
            n_rich,
        )
    )

    try:
        import numba
        import numpy as np

        from studpoker import fast
    except ImportError:
        rows.append(("fast.evaluate_wild_high (numba)", None, 0))
    else:
        numba.set_num_threads(1)
        for label, hands, text, mask in (
            ("fast.evaluate_wild_high, 7 cards, Baseball, 1 thread", seven, "93", baseball),
            ("fast.evaluate_wild_high, 9 cards, Baseball, 1 thread", nine, "93", baseball),
        ):
            array = np.array(hands, np.uint8)
            keys = fast.evaluate_wild_high(array, text)  # compiles (or loads) the kernel
            check = min(n, 20_000)
            if keys[:check].tolist() != [wild_high_key(h, mask) for h in hands[:check]]:
                raise SystemExit("fast.evaluate_wild_high disagrees with wild_high_key")
            best = float("inf")
            for _ in range(args.repeats):
                start = time.process_time()
                fast.evaluate_wild_high(array, text)
                best = min(best, time.process_time() - start)
            rows.append((label, best / len(hands), len(hands)))
        print("fast.evaluate_wild_high == wild_high_key on the first hands: True")

    print(f"hands of random cards, seed {args.seed}, best of {args.repeats}; last column: speed / high_key")
    print("peers: no installed Python evaluator handles true wild cards (see the module docstring)")
    for name, seconds, count in rows:
        report(name, seconds, count, base)

    if args.json:
        print(
            json.dumps(
                {
                    "benchmark": "wild_eval",
                    "seed": args.seed,
                    "repeats": args.repeats,
                    "base": "high_key, 7 cards",
                    "results": [
                        {
                            "name": name,
                            "hands_per_s": None if secs is None else round(1 / secs),
                            "ns_per_hand": None if secs is None else round(secs * 1e9, 1),
                            "vs_high_key": None if secs is None else round(base / secs, 3),
                            "n": count,
                        }
                        for name, secs, count in rows
                    ],
                }
            )
        )


if __name__ == "__main__":
    main()
