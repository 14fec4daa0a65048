"""The search bot's time budget: seconds per hand in ``simulate``.

Plays heads-up Seven Card Stud (ante 1, bring-in 2, 5/10) between ``search``
(at the given ``think``) and ``equity`` on one worker, and reports the
wall-clock seconds per hand and the search bot's seconds per hand and per
decision (CPU time of its ``act`` calls). The budget of the default bot is a
heads-up stud hand under 0.5 s. Also Wall Street 3-handed (one search, two
equity) for reference.

Usage::

    .venv/bin/python benchmarks/search_bot.py [--hands N] [--think T] [--json]

The first run on a machine compiles the batch kernels (numba, cached on disk);
the kernels are loaded before the clock starts.
"""

from __future__ import annotations

import argparse
import json
import time

from studpoker.bots import make_bot
from studpoker.bots.search import SearchBot
from studpoker.engine import SevenCardStud, WallStreet
from studpoker.engine.games import Game
from studpoker.equity import warmup


def run(game: Game, players: int, hands: int, think: float) -> dict[str, float]:
    spent = 0.0
    decisions = 0
    started = time.perf_counter()
    for h in range(hands):
        search = SearchBot(seed=h, think=think)
        bots = [search] + [make_bot("equity", seed=1000 * h + s) for s in range(1, players)]
        seat_of = [(i + h) % players for i in range(players)]
        by_seat = {seat_of[i]: bots[i] for i in range(players)}
        hand = game.deal(stacks=[1000] * players, dealer=h % players, seed=h)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            bot = by_seat[seat]
            view = hand.view(seat)
            t0 = time.process_time()
            action = bot.act(view)
            if bot is search:
                spent += time.process_time() - t0
                decisions += 1
            hand.apply(action)
    wall = time.perf_counter() - started
    return {"hands": hands, "wall_per_hand": wall / hands, "search_per_hand": spent / hands,
            "search_per_decision": spent / max(decisions, 1), "decisions": decisions}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    warmup()
    run(SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10), 2, 3, args.think)  # load
    out = {
        "stud heads-up": run(SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10), 2,
                             args.hands, args.think),
        "wallstreet 3-handed": run(WallStreet(ante=1, limits=(2, 2, 4, 4, 4)), 3,
                                   max(1, args.hands // 2), args.think),
    }
    if args.json:
        print(json.dumps({"think": args.think, **out}))
        return
    for name, r in out.items():
        print(f"{name:20s} think={args.think:g}: {r['wall_per_hand']:.3f} s/hand (wall), "
              f"search {r['search_per_hand']:.3f} s/hand, "
              f"{1000 * r['search_per_decision']:.1f} ms/decision over {r['decisions']} decisions")
    budget = out["stud heads-up"]["wall_per_hand"]
    print(f"budget (heads-up stud hand < 0.5 s): {'met' if budget < 0.5 else 'NOT met'}")


if __name__ == "__main__":
    main()
