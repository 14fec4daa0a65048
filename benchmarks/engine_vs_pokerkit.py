"""Hands per second: our Seven Card Stud engine against PokerKit 0.7.7.

Six players, ante 1, bring-in 2, 5/10 fixed limit, 200 chips each, the same
game rules in both engines (our ``open_pair_big_bet`` and ``heads_up_uncapped``
options are off, as PokerKit has neither). Two scenarios:

* ``random``: at every decision a seeded RNG picks uniformly among the legal
  kinds of action (fold, check/call, bring-in, complete/bet/raise);
* ``showdown``: only bring-in, check and call, so every hand reaches a showdown
  and the hand evaluator is part of the measurement.

PokerKit automates everything that is not a player decision (antes, dealing
from its own shuffled deck, burns, showdown, hand killing, chips); ours deals
with ``deal(seed=...)`` and takes each showdown decision as an explicit SHOW.
Each engine plays its own random hands: the rates are comparable, the hands
are not the same. Rates are hands per second of this process's CPU time, so
other load on the machine disturbs them less than wall-clock time would; both
engines run in this one process, and ``--repeats`` interleaves several rounds
(ours, PokerKit, ours, ...) and sums them, so load on a shared machine hits
both alike.
Usage::

    .venv/bin/python benchmarks/engine_vs_pokerkit.py [--hands N] [--ours-factor K] [--repeats R] [--json]

``--json`` prints the figures as one JSON object after the table.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from pokerkit import Automation, FixedLimitSevenCardStud, State

from studpoker.engine import ActionKind, Phase, SevenCardStud

PLAYERS = 6
STACKS = [200] * PLAYERS
ANTE, BRING_IN, SMALL_BET, BIG_BET = 1, 2, 5, 10

PK_AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)

GAME = SevenCardStud(
    ante=ANTE, bring_in=BRING_IN, small_bet=SMALL_BET, big_bet=BIG_BET,
    open_pair_big_bet=False, heads_up_uncapped=False,
)
PASSIVE = (ActionKind.BRING_IN, ActionKind.CHECK, ActionKind.CALL, ActionKind.SHOW)


def play_ours(rng: random.Random, seed: int, showdown: bool) -> int:
    """One hand of ours; returns the number of decisions."""
    hand = GAME.deal(stacks=STACKS, dealer=PLAYERS - 1, seed=seed)
    decisions = 0
    while not hand.is_over:
        legal = hand.legal_actions()
        if showdown or hand.phase is Phase.SHOWDOWN:
            action = next(a for a in legal if a.kind in PASSIVE)
        else:
            action = rng.choice(legal)
        hand.apply(action)
        decisions += 1
    return decisions


def play_pokerkit(rng: random.Random, seed: int, showdown: bool) -> int:
    """One PokerKit hand; returns the number of decisions (showdowns are automatic)."""
    random.seed(seed)  # PokerKit shuffles its deck with the global RNG
    state: State = FixedLimitSevenCardStud.create_state(
        PK_AUTOMATIONS, True, ANTE, BRING_IN, SMALL_BET, BIG_BET, STACKS, PLAYERS,
    )
    decisions = 0
    while state.status:
        bring_in = state.can_post_bring_in()
        if showdown:
            if bring_in:
                state.post_bring_in()
            else:
                state.check_or_call()
        else:
            options: list[Callable[[], object]] = (
                [state.post_bring_in] if bring_in else [state.check_or_call]
            )
            if not bring_in and state.can_fold():
                options.append(state.fold)
            if state.can_complete_bet_or_raise_to():
                options.append(state.complete_bet_or_raise_to)
            rng.choice(options)()
        decisions += 1
    return decisions


@dataclass
class Rate:
    hands: int
    seconds: float
    decisions: int

    @property
    def per_second(self) -> float:
        return self.hands / self.seconds


def warm_up(play: Callable[[random.Random, int, bool], int], hands: int, showdown: bool) -> None:
    """Hands played first and not counted: lookup tables and caches fill (ours memoises
    board keys and shares log records and legal-action lists, which takes a few thousand
    hands; a long simulation runs with them full)."""
    rng = random.Random(-1)
    for i in range(hands):
        play(rng, -2 - i, showdown)


def measure(play: Callable[[random.Random, int, bool], int], hands: int, showdown: bool,
            seed: int) -> Rate:
    rng = random.Random(seed)
    decisions = 0
    start = time.process_time()
    for i in range(hands):
        decisions += play(rng, seed + i, showdown)
    return Rate(hands=hands, seconds=time.process_time() - start, decisions=decisions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1500,
                        help="PokerKit hands per scenario (default 1500)")
    parser.add_argument("--ours-factor", type=int, default=5,
                        help="our engine plays this many times more hands (default 5)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeats", type=int, default=3,
                        help="interleaved rounds per scenario, summed (default 3)")
    parser.add_argument("--warmup", type=int, default=400,
                        help="PokerKit hands per scenario played first and not counted; ours plays "
                             "--ours-factor times as many (default 400)")
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON")
    args = parser.parse_args()
    ours_hands = args.hands * args.ours_factor
    print(f"{PLAYERS}-handed stud, ante {ANTE}, bring-in {BRING_IN}, {SMALL_BET}/{BIG_BET}, "
          f"stacks {STACKS[0]}; PokerKit {args.hands} hands, ours {ours_hands} hands per scenario "
          f"and round, {args.repeats} interleaved rounds after a warm-up of {args.warmup} and "
          f"{args.warmup * args.ours_factor} hands")
    header = f"{'scenario':<10} {'ours hands/s':>13} {'PokerKit hands/s':>17} {'ratio':>8}" \
             f" {'decisions/hand (ours, PK)':>27}"
    print(header)
    print("-" * len(header))
    figures: list[dict[str, object]] = []
    for name, showdown in (("random", False), ("showdown", True)):
        ours = Rate(hands=0, seconds=0.0, decisions=0)
        theirs = Rate(hands=0, seconds=0.0, decisions=0)
        for play, hands in ((play_ours, args.warmup * args.ours_factor), (play_pokerkit, args.warmup)):
            warm_up(play, hands, showdown)
        for r in range(args.repeats):
            for total, play, hands in ((ours, play_ours, ours_hands), (theirs, play_pokerkit, args.hands)):
                one = measure(play, hands, showdown, args.seed + r * 100_003)
                total.hands += one.hands
                total.seconds += one.seconds
                total.decisions += one.decisions
        ratio = ours.per_second / theirs.per_second
        figures.append({
            "scenario": name, "ours_hands_per_cpu_s": round(ours.per_second, 1),
            "pokerkit_hands_per_cpu_s": round(theirs.per_second, 1), "ratio": round(ratio, 2),
            "ours_decisions_per_hand": round(ours.decisions / ours.hands, 2),
            "pokerkit_decisions_per_hand": round(theirs.decisions / theirs.hands, 2),
            "ours_hands": ours.hands, "pokerkit_hands": theirs.hands,
        })
        per_hand = f"{ours.decisions / ours.hands:.1f}, {theirs.decisions / theirs.hands:.1f}"
        print(f"{name:<10} {ours.per_second:>13,.0f} {theirs.per_second:>17,.0f} "
              f"{ratio:>7.1f}x {per_hand:>27}")
    print("hands per CPU second of this process; our decisions include each SHOW at a showdown")
    if args.json:
        print(json.dumps({
            "benchmark": "engine_vs_pokerkit", "players": PLAYERS, "repeats": args.repeats,
            "seed": args.seed, "warmup_hands": args.warmup, "python": platform.python_version(), "rates": "per CPU second of this process",
            "target_ratio": 20, "scenarios": figures,
        }))


if __name__ == "__main__":
    main()
