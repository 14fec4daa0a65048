"""Exact stud and stud hi-lo equity: studpoker.equity vs poker-equity (Rust) vs PokerKit.

Side by side in one process, on the issue's heads-up fifth-street spot
(AhKh7h2h9c vs QsQdJcJd4s: 671,580 deals of two cards each) and a three-way
sixth-street spot:

* ``studpoker.equity.compute`` (numba, all cores; exact by enumeration),
* ``poker_equity.exact_from_text`` (the PyPI package ``poker-equity``, Rust,
  its own thread pool; exact by enumeration), which must give the same
  equities,
* PokerKit ``calculate_equities`` (pure Python, Monte Carlo only: timed on a
  few thousand deals and scaled to the same number of deals), the slow anchor.

Each figure is the best of a few repeats after a warm-up call (numba loads or
compiles its kernels; poker-equity builds its tables). The machine is shared,
so figures are noisy: compare the ratios within one run.

Run: ``python benchmarks/equity_vs_peers.py [--repeats R]``.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable

from studpoker.equity import compute

SPOTS = [
    ("heads-up 5th street", ["AhKh7h2h9c", "QsQdJcJd4s"]),
    ("3-way 6th street", ["AhKh7h2h9c3d", "QsQdJcJd4s5s", "8s8h3c5d6d7c"]),
]


def best_of(fn: Callable[[], object], repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--pokerkit-deals", type=int, default=2_000)
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON")
    args = parser.parse_args()
    rows: list[dict[str, object]] = []

    try:
        import poker_equity as pe  # type: ignore[import-not-found]
    except ImportError:
        pe = None
    try:
        import pokerkit
    except ImportError:
        pokerkit = None

    for label, hands in SPOTS:
        for ours_game, their_game in [("stud", "stud"), ("stud8", "stud_hi_lo")]:
            spaced = [" ".join(h[i : i + 2] for i in range(0, len(h), 2)) for h in hands]
            result = compute(ours_game, spaced)  # warm-up; also loads or compiles the kernels
            assert result.exact
            ours = best_of(lambda g=ours_game, s=spaced: compute(g, s), args.repeats)  # type: ignore[misc]
            title = f"{label}, {ours_game} ({result.deals:,} deals)"
            row: dict[str, object] = {"spot": label, "game": ours_game, "deals": result.deals,
                                      "studpoker_ms": round(ours * 1e3, 3)}
            rows.append(row)
            print(title)
            print(f"  {'studpoker.equity.compute (exact)':<44} {ours * 1e3:10.2f} ms  "
                  f"{result.deals / ours:>14,.0f} deals/s  equity[0] = {result.players[0].equity:.12f}")

            if pe is None:
                print(f"  {'poker-equity':<44} not installed")
            else:
                theirs_result = pe.exact_from_text(their_game, hands)
                if theirs_result is None:
                    print(f"  {'poker-equity exact_from_text':<44} refused (too many deals)")
                else:
                    eq = [p["equity"] for p in theirs_result["players"]]
                    if any(abs(a - b) > 1e-12 for a, b in zip(eq, result.equities, strict=True)):
                        raise SystemExit(f"equities differ: {eq} vs {result.equities}")
                    theirs = best_of(lambda g=their_game, h=hands: pe.exact_from_text(g, h), args.repeats)  # type: ignore[misc]
                    row["poker_equity_ms"] = round(theirs * 1e3, 3)
                    print(f"  {'poker-equity exact_from_text (Rust)':<44} {theirs * 1e3:10.2f} ms  "
                          f"{result.deals / theirs:>14,.0f} deals/s  same equities; "
                          f"studpoker is {theirs / ours:,.1f}x faster")

            if pokerkit is None:
                print(f"  {'PokerKit calculate_equities':<44} not installed")
            else:
                ranges = [[list(pokerkit.Card.parse(h))] for h in hands]
                types = (pokerkit.StandardHighHand,) if ours_game == "stud" else (
                    pokerkit.StandardHighHand, pokerkit.EightOrBetterLowHand)
                n = args.pokerkit_deals
                start = time.perf_counter()
                pokerkit.calculate_equities(ranges, (), 7, 0, pokerkit.Deck.STANDARD, types, sample_count=n)
                per_deal = (time.perf_counter() - start) / n
                scaled = per_deal * result.deals
                row["pokerkit_ms_scaled"] = round(scaled * 1e3, 1)
                print(f"  {'PokerKit calculate_equities (Monte Carlo)':<44} {scaled * 1e3:10.0f} ms  "
                      f"{1 / per_deal:>14,.0f} deals/s  (timed on {n:,} deals, scaled); "
                      f"studpoker is {scaled / ours:,.0f}x faster")
    print("target: faster than poker-equity (shared 2-core machine: noisy)")
    if args.json:
        print(json.dumps({"benchmark": "equity_vs_peers", "repeats": args.repeats,
                          "timing": "best wall-clock time of the repeats", "results": rows}))


if __name__ == "__main__":
    main()
