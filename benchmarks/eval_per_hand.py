"""Seven-card high-hand evaluation, one Python call per hand.

The same random seven-card hands (fixed seed) are evaluated by:

* studpoker ``high_key`` on lists of card codes (the fast path),
* studpoker ``evaluate_high`` on lists of Card objects (the rich value),
* eval7 ``evaluate`` on pre-built lists of ``eval7.Card`` (C extension),
* phevaluator ``evaluate_cards`` on pre-built card ids (C++ extension),
* PokerKit ``StandardHighHand.from_game`` on pre-built ``pokerkit.Card`` tuples
  (pure Python, on fewer hands because it is slow).

Every input is built before timing, so only the evaluation calls are timed
(plus the Python loop, whose cost the "empty call" line shows). Times are the
CPU time of this process (``time.process_time``), so other load on the machine
skews them less than wall time would; each is the best of a few repeats. A peer that is not installed is skipped. Before
timing, the order of the hands by our keys is checked against eval7's.

Run: ``python benchmarks/eval_per_hand.py [--hands N] [--seed S]``.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from studpoker.engine.cards import Card
from studpoker.engine.evaluation import evaluate_high, high_key


def per_hand(fn: Callable[[Any], object], hands: Sequence[Any], repeats: int) -> float:
    """Best seconds per hand over ``repeats`` passes of ``fn(hand)`` for every hand."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        for hand in hands:
            fn(hand)
        best = min(best, time.process_time() - start)
    return best / len(hands)


def per_hand_star(fn: Callable[..., object], hands: Sequence[Sequence[Any]], repeats: int) -> float:
    """Like :func:`per_hand` but calls ``fn(*hand)``."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        for hand in hands:
            fn(*hand)
        best = min(best, time.process_time() - start)
    return best / len(hands)


def report(name: str, seconds: float | None, n: int, base: float | None) -> None:
    if seconds is None:
        print(f"{name:<44} not installed")
        return
    ratio = f"{base / seconds:8.2f}x" if base else ""
    print(f"{name:<44} {1 / seconds:>12,.0f} hands/s {seconds * 1e9:>10,.0f} ns/hand  n={n:<7,} {ratio}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000, help="hands for the fast evaluators")
    parser.add_argument("--seed", type=int, default=20240607)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    n = args.hands
    codes = [rng.sample(range(52), 7) for _ in range(n)]
    cards = [[Card.from_code(c) for c in hand] for hand in codes]
    joker_codes = [[*rng.sample(range(52), 6), 52] for _ in range(n // 4)]
    n_rich = max(1, n // 10)
    n_pokerkit = max(1, n // 40)
    texts = [[str(c) for c in hand] for hand in cards]

    def empty(hand: object) -> None:
        return None

    rows: list[tuple[str, float | None, int]] = []
    floor = per_hand(empty, codes, args.repeats)
    ours = per_hand(high_key, codes, args.repeats)
    rows.append(("Python loop + empty call (floor)", floor, n))
    rows.append(("studpoker high_key(codes)", ours, n))
    rows.append(
        (
            "studpoker high_key(codes), hands with joker",
            per_hand(high_key, joker_codes, args.repeats),
            len(joker_codes),
        )
    )
    rows.append(
        ("studpoker evaluate_high(Cards)", per_hand(evaluate_high, cards[:n_rich], args.repeats), n_rich)
    )

    try:
        import eval7  # type: ignore[import-untyped]
    except ImportError:
        rows.append(("eval7 evaluate(eval7.Cards)", None, 0))
    else:
        e7 = [[eval7.Card(t) for t in hand] for hand in texts]
        check = min(n, 5_000)
        ours_keys = [high_key(h) for h in codes[:check]]
        their_keys = [eval7.evaluate(h) for h in e7[:check]]
        rank_ours = {k: i for i, k in enumerate(sorted(set(ours_keys)))}
        rank_theirs = {k: i for i, k in enumerate(sorted(set(their_keys)))}
        agree = all(rank_ours[a] == rank_theirs[b] for a, b in zip(ours_keys, their_keys, strict=True))
        print(f"order of {check:,} hands by high_key == order by eval7: {agree}")
        if not agree:
            raise SystemExit("evaluators disagree")
        rows.append(("eval7 evaluate(eval7.Cards)", per_hand(eval7.evaluate, e7, args.repeats), n))

    try:
        from phevaluator import evaluate_cards  # type: ignore[import-untyped]
    except ImportError:
        rows.append(("phevaluator evaluate_cards(*ids)", None, 0))
    else:
        # phevaluator's card id is 4 * rank + suit with suits c, d, h, s: our code.
        rows.append(
            ("phevaluator evaluate_cards(*ids)", per_hand_star(evaluate_cards, codes, args.repeats), n)
        )

    try:
        import pokerkit
    except ImportError:
        rows.append(("pokerkit StandardHighHand.from_game", None, 0))
    else:
        pk = [tuple(pokerkit.Card.parse("".join(hand))) for hand in texts[:n_pokerkit]]
        from_game = pokerkit.StandardHighHand.from_game
        rows.append(("pokerkit StandardHighHand.from_game", per_hand(from_game, pk, 1), n_pokerkit))

    print(f"seven-card hands, seed {args.seed}, best of {args.repeats}; last column: speed / high_key")
    for name, seconds, count in rows:
        report(name, seconds, count, ours)
    e7_row = next((s for name, s, _ in rows if name.startswith("eval7")), None)
    if e7_row:
        print(f"high_key vs eval7: {e7_row / ours:.2f}x the hands per second")

    if args.json:
        print(json.dumps({
            "benchmark": "eval_per_hand", "seed": args.seed, "repeats": args.repeats, "base": "studpoker high_key(codes)",
            "results": [{"name": row_name, "hands_per_s": None if secs is None else round(1 / secs),
                         "ns_per_hand": None if secs is None else round(secs * 1e9, 1), "n": count}
                        for row_name, secs, count in rows],
        }))

if __name__ == "__main__":
    main()
