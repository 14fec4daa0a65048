"""Environment steps per second: our OpenSpiel game against OpenSpiel's PokerKit wrapper.

Both run Seven Card Stud in this process with the same rules (six players,
ante 1, bring-in 2, 5/10 fixed limit, 200 chips each; our
``open_pair_big_bet`` and ``heads_up_uncapped`` are off, as PokerKit has
neither). A step is one ``apply_action``: a chance node (one card dealt,
chosen uniformly from ``chance_outcomes()``) or a player decision (uniform
over ``legal_actions()``). Rates are per second of this process's CPU time.

Also measured: our game with an ``information_state_tensor`` read at every
decision (the PokerKit wrapper has no tensors): one read of the player to
act, ``state.information_state_tensor(state.current_player())``, as
OpenSpiel's NFSP and deep CFR code and ``rl_agent_policy`` read it (the
tensor is a new float32 numpy array the caller may keep, see
``studpoker.env.openspiel.Tensor``); and every seat's tensor at every
decision, as OpenSpiel's ``rl_environment`` builds its time steps. And
our PettingZoo environment (``agent_iter`` / ``last`` / ``step``, with the
observation dict built at every step, random legal actions from the mask),
for stud and Wall Street, and the vector environment (``vector_env``,
``num_envs`` hands stepped together, an observation of every hand at every
step; a step of one sub-environment counts as one step), all on one core.

Usage::

    .venv/bin/python benchmarks/env_steps.py [--hands N] [--rounds R] [--warmup W] [--json]

``--json`` prints the figures as one JSON object (rates per CPU second) after
the table, for tracking them from run to run.

OpenSpiel's ``python_pokerkit_wrapper`` is skipped when the installed
OpenSpiel lacks it or its ``FixedLimitSevenCardStud`` variant.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

import studpoker.env.openspiel  # noqa: F401  (registers the games)
from studpoker.env import pettingzoo_env, vector_env

PLAYERS = 6
OURS = {
    "players": PLAYERS, "stacks": 200, "ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10,
    "open_pair_big_bet": False, "heads_up_uncapped": False,
}
POKERKIT = {
    "variant": "FixedLimitSevenCardStud", "num_players": PLAYERS, "bring_in": 2, "small_bet": 5,
    "big_bet": 10, "antes": " ".join(["1"] * PLAYERS), "stack_sizes": " ".join(["200"] * PLAYERS),
}


PK_NAME = "OpenSpiel python_pokerkit_wrapper FixedLimitSevenCardStud"
EVERY_SEAT = "ours: same, every seat's tensor per decision"


def load_pokerkit() -> Any | None:
    try:
        from open_spiel.python.games import pokerkit_wrapper  # noqa: F401
    except ImportError:
        return None
    try:
        return pyspiel.load_game("python_pokerkit_wrapper", POKERKIT)
    except Exception:  # the variant or the wrapper is missing from this OpenSpiel
        return None


def openspiel_steps(
    game: Any, hands: int, seed: int, tensors: bool = False, every_seat: bool = False
) -> tuple[float, float, int]:
    """(steps per CPU second, hands per CPU second, steps) of random playouts; ``tensors``:
    the information-state tensor of the player to act read at every decision (``every_seat``:
    every player's)."""
    rng = random.Random(seed)
    seats = range(game.num_players())
    steps = 0
    start = time.process_time()
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                if every_seat:
                    for seat in seats:
                        state.information_state_tensor(seat)
                elif tensors:
                    state.information_state_tensor(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
    elapsed = time.process_time() - start
    return steps / elapsed, hands / elapsed, steps


def pettingzoo_steps(game: str, hands: int, seed: int) -> tuple[float, float, int]:
    """(decisions per CPU second, hands per CPU second, decisions) of random play."""
    env = pettingzoo_env(game=game, players=PLAYERS, **({"heads_up_uncapped": False}))
    rng = random.Random(seed)
    steps = 0
    start = time.process_time()
    for h in range(hands):
        env.reset(seed=seed + h)
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    elapsed = time.process_time() - start
    return steps / elapsed, hands / elapsed, steps


def vector_steps(game: str, hands: int, seed: int, num_envs: int = 64) -> tuple[float, float, int]:
    """(sub-environment steps per CPU second, hands per CPU second, steps) of random play."""
    envs = vector_env(game=game, players=PLAYERS, num_envs=num_envs, heads_up_uncapped=False)
    rng = np.random.default_rng(seed)
    _obs, infos = envs.reset(seed=seed)
    steps = ended = 0
    start = time.process_time()
    while ended < hands:
        masks = infos["action_mask"]
        # a random legal id per row (rows of a finished hand have no legal id; any action does)
        pick = rng.random(masks.shape) * masks
        _obs, _rewards, terminations, _trunc, infos = envs.step(pick.argmax(axis=1))
        steps += num_envs
        ended += int(terminations.sum())
    elapsed = time.process_time() - start
    return steps / elapsed, ended / elapsed, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300, help="hands per measurement (PokerKit: a third)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (less noise from load)")
    parser.add_argument("--warmup", type=int, default=1,
                        help="rounds run first and not counted (caches of both sides warm)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON")
    args = parser.parse_args()
    ours = pyspiel.load_game("python_studpoker_stud", OURS)
    pk = load_pokerkit()
    rows: list[tuple[str, Callable[[int], tuple[float, float, int]]]] = [
        ("ours: OpenSpiel python_studpoker_stud", lambda r: openspiel_steps(ours, args.hands, args.seed + r)),
        ("ours: same, info-state tensor per decision",
         lambda r: openspiel_steps(ours, args.hands // 3, args.seed + r, tensors=True)),
        (EVERY_SEAT,
         lambda r: openspiel_steps(ours, args.hands // 3, args.seed + r, every_seat=True)),
    ]
    if pk is not None:
        rows.append((PK_NAME, lambda r: openspiel_steps(pk, max(1, args.hands // 3), args.seed + r)))
    rows += [
        ("ours: PettingZoo stud (decisions, obs each step)",
         lambda r: pettingzoo_steps("stud", args.hands, args.seed + r)),
        ("ours: PettingZoo wallstreet", lambda r: pettingzoo_steps("wallstreet", args.hands, args.seed + r)),
        ("ours: vector_env stud, 64 hands at once (obs each step)",
         lambda r: vector_steps("stud", args.hands, args.seed + r)),
    ]
    # rounds interleave the measurements, so load on the machine hits them alike
    totals = {name: [0.0, 0.0, 0] for name, _ in rows}  # CPU seconds, hands, steps
    for r in range(args.warmup):
        for _name, run in rows:
            run(1000 + r)
    for r in range(args.rounds):
        for name, run in rows:
            steps_per_s, hands_per_s, steps = run(r)
            totals[name][0] += steps / steps_per_s
            totals[name][1] += steps / steps_per_s * hands_per_s
            totals[name][2] += steps
    print(f"{PLAYERS} players, random playouts, rates per CPU second ({args.rounds} interleaved rounds "
          f"after {args.warmup} not counted)")
    results: dict[str, float] = {}
    rows_json: list[dict[str, object]] = []
    for name, (seconds, hands, steps) in totals.items():
        results[name] = steps / seconds
        rows_json.append({"name": name, "steps_per_cpu_s": round(steps / seconds, 1),
                          "hands_per_cpu_s": round(hands / seconds, 2), "steps": int(steps),
                          "cpu_s": round(seconds, 4)})
        print(f"{name:60s} {steps / seconds:10.0f} steps/s {hands / seconds:8.1f} hands/s ({int(steps)} steps)")
    ratios: dict[str, float] = {}
    if pk is not None:
        base = results[PK_NAME]
        ratio = results["ours: OpenSpiel python_studpoker_stud"] / base
        ratio_t = results["ours: same, info-state tensor per decision"] / base
        ratio_all = results[EVERY_SEAT] / base
        ratios = {"openspiel_vs_pokerkit_wrapper": round(ratio, 2),
                  "openspiel_with_tensor_vs_pokerkit_wrapper": round(ratio_t, 2),
                  "openspiel_with_every_seat_tensor_vs_pokerkit_wrapper": round(ratio_all, 2)}
        print(f"speed-up of our OpenSpiel game over the PokerKit wrapper: {ratio:.1f}x "
              f"({ratio_t:.1f}x with an info-state tensor at every decision, {ratio_all:.1f}x with "
              f"every seat's); target >= 10x")
    else:
        print("python_pokerkit_wrapper with FixedLimitSevenCardStud is not available: no ratio")
    if args.json:
        print(json.dumps({
            "benchmark": "env_steps", "players": PLAYERS, "rounds": args.rounds, "warmup": args.warmup,
            "hands": args.hands,
            "seed": args.seed, "python": platform.python_version(), "rates": "per CPU second of this process",
            "results": rows_json, "ratios": ratios,
        }))


if __name__ == "__main__":
    main()
