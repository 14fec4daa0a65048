"""Seven-card high-hand evaluation in bulk: studpoker.fast (numba, all cores) vs per-hand peers.

The same random seven-card hands (fixed seed) are evaluated, side by side in
one process, by:

* ``studpoker.fast.evaluate_high`` on an (N, 7) uint8 array (one call, ``prange`` over rows),
  also restricted to one thread, and on hands that all hold the joker,
* ``studpoker.fast.evaluate_low`` on the same array,
* ``studpoker.engine.evaluation.high_key`` per hand (pure Python),
* eval7 ``evaluate`` per hand (C extension) on pre-built ``eval7.Card`` lists,
* phevaluator ``evaluate_cards`` per hand (C++ extension) on card ids,
* PokerKit ``StandardHighHand.from_game`` per hand (pure Python; fewer hands).

Inputs are built before timing; each figure is the best of a few repeats. The
JIT compiles (or loads from its disk cache) before timing. Before timing, the
batch keys are checked against ``high_key`` and, where installed, the order of
the hands against eval7's. Peers that are not installed are skipped. The
machine is shared, so figures are noisy: compare ratios within one run.

Run: ``python benchmarks/batch_eval.py [--hands N] [--seed S]``.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable, Sequence
from typing import Any

import numba
import numpy as np

from studpoker import fast
from studpoker.engine.evaluation import high_key


def best_of(fn: Callable[[], object], repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def per_hand(fn: Callable[..., object], hands: Sequence[Any], repeats: int, star: bool = False) -> float:
    def loop() -> None:
        if star:
            for hand in hands:
                fn(*hand)
        else:
            for hand in hands:
                fn(hand)

    return best_of(loop, repeats) / len(hands)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000_000, help="hands for the batch path")
    parser.add_argument("--peer-hands", type=int, default=200_000, help="hands for the per-hand peers")
    parser.add_argument("--seed", type=int, default=20240607)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON")
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    n = args.hands
    # Random 7-card hands without duplicates: the first 7 of a random permutation, in blocks.
    hands = np.empty((n, 7), np.uint8)
    for lo in range(0, n, 1_000_000):
        hi = min(n, lo + 1_000_000)
        hands[lo:hi] = np.argsort(rng.random((hi - lo, 52)), axis=1)[:, :7]
    joker = hands[: n // 4].copy()
    joker[:, 6] = 52
    peers_n = min(args.peer_hands, n)
    codes = hands[:peers_n].tolist()

    fast.warmup()
    check = fast.evaluate_high(hands[:100_000])
    if check.tolist() != [high_key(h) for h in hands[:100_000].tolist()]:
        raise SystemExit("batch keys differ from high_key")
    print(f"batch keys == high_key on 100,000 hands; threads: {numba.get_num_threads()}, "
          f"threading layer: {numba.threading_layer()}")

    rows: list[tuple[str, float | None, int]] = []
    batch = best_of(lambda: fast.evaluate_high(hands), args.repeats) / n
    rows.append(("studpoker.fast.evaluate_high (batch, all threads)", batch, n))
    threads = numba.get_num_threads()
    numba.set_num_threads(1)
    rows.append(("studpoker.fast.evaluate_high (batch, 1 thread)",
                 best_of(lambda: fast.evaluate_high(hands), args.repeats) / n, n))
    numba.set_num_threads(threads)
    rows.append(("studpoker.fast.evaluate_high, every hand with joker",
                 best_of(lambda: fast.evaluate_high(joker), args.repeats) / len(joker), len(joker)))
    rows.append(("studpoker.fast.evaluate_low (batch)",
                 best_of(lambda: fast.evaluate_low(hands), args.repeats) / n, n))
    rows.append(("studpoker high_key per hand (pure Python)", per_hand(high_key, codes, 2), peers_n))

    try:
        import eval7  # type: ignore[import-untyped]
    except ImportError:
        rows.append(("eval7 evaluate per hand", None, 0))
    else:
        texts = [["23456789TJQKA"[c >> 2] + "cdhs"[c & 3] for c in h] for h in codes]
        e7 = [[eval7.Card(t) for t in hand] for hand in texts]
        ours = check[:5_000].tolist()
        theirs = [eval7.evaluate(h) for h in e7[:5_000]]
        rank_o = {k: i for i, k in enumerate(sorted(set(ours)))}
        rank_t = {k: i for i, k in enumerate(sorted(set(theirs)))}
        if any(rank_o[a] != rank_t[b] for a, b in zip(ours, theirs, strict=True)):
            raise SystemExit("batch keys order hands differently from eval7")
        print("order of 5,000 hands by batch keys == order by eval7")
        rows.append(("eval7 evaluate per hand (C)", per_hand(eval7.evaluate, e7, args.repeats), peers_n))

    try:
        from phevaluator import evaluate_cards  # type: ignore[import-untyped]
    except ImportError:
        rows.append(("phevaluator evaluate_cards per hand", None, 0))
    else:
        rows.append(("phevaluator evaluate_cards per hand (C++)",
                     per_hand(evaluate_cards, codes, args.repeats, star=True), peers_n))

    try:
        import pokerkit
    except ImportError:
        rows.append(("pokerkit StandardHighHand.from_game per hand", None, 0))
    else:
        few = codes[: max(1, peers_n // 40)]
        pk = [tuple(pokerkit.Card.parse("".join("23456789TJQKA"[c >> 2] + "cdhs"[c & 3] for c in h)))
              for h in few]
        rows.append(("pokerkit StandardHighHand.from_game per hand",
                     per_hand(pokerkit.StandardHighHand.from_game, pk, 1), len(few)))

    print(f"seven-card hands, seed {args.seed}, best of {args.repeats}; "
          "last column: how many times faster the batch path is")
    for name, seconds, count in rows:
        if seconds is None:
            print(f"{name:<52} not installed")
            continue
        print(f"{name:<52} {1 / seconds:>14,.0f} hands/s  n={count:<11,} {seconds / batch:>9.1f}x")
    print(f"target: at least 50,000,000 hands/s batch; measured {1 / batch:,.0f} "
          "(shared 2-core machine: noisy)")

    if args.json:
        print(json.dumps({
            "benchmark": "batch_eval", "seed": args.seed, "repeats": args.repeats, "batch_hands_per_s": round(1 / batch),
            "results": [{"name": row_name, "hands_per_s": None if secs is None else round(1 / secs),
                         "ns_per_hand": None if secs is None else round(secs * 1e9, 1), "n": count}
                        for row_name, secs, count in rows],
        }))

if __name__ == "__main__":
    main()
