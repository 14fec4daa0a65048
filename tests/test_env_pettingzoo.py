"""The PettingZoo AEC environment: PettingZoo's API and seed tests, masks, rewards."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from studpoker.engine import ActionKind
from studpoker.env import NUM_ACTIONS, ActionId, Encoder, make_config, pettingzoo_env
from studpoker.env._spec import auto_show, legal_ids

# every game with every option, some at once
CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("stud", 2, {}),
    ("stud", 3, {}),
    ("stud", 5, {"joker": True, "double_ace_flush": True}),
    ("stud", 8, {"stacks": 60}),
    ("stud", 4, {"open_pair_big_bet": False, "heads_up_uncapped": False, "max_raises": 1,
                 "ante": 0, "bring_in": 1, "small_bet": 2, "big_bet": 4}),
    ("stud", 3, {"normalize_rewards": True, "illegal_action": "fallback", "dealer": 1,
                 "stacks": [30, 200, 9]}),
    ("wallstreet", 3, {}),
    ("wallstreet", 4, {"joker": True}),
    ("wallstreet", 7, {"stacks": 40}),
    ("wallstreet", 5, {"limits": 3, "market_unit": 5, "max_raises": 2, "heads_up_uncapped": False}),
    ("wallstreet", 3, {"normalize_rewards": True, "illegal_action": "fallback", "dealer": 0,
                       "stacks": [25, 100, 12], "double_ace_flush": True}),
    ("stud8", 3, {}),
    ("stud8", 5, {"joker": True, "stacks": 60}),
    ("razz", 2, {}),
    ("razz", 8, {"stacks": 60, "heads_up_uncapped": False, "max_raises": 1}),
    ("baseball", 4, {}),  # R8.2
    ("baseball", 8, {"three_price": 2, "stacks": 40}),
    ("follow_the_queen", 5, {}),  # R8.3
    ("high_chicago", 3, {"joker": True}),  # R8.4
    ("low_chicago", 2, {}),
]
IDS = [f"{g}-{n}-{'-'.join(sorted(o)) or 'default'}" for g, n, o in CONFIGS]


def make(game: str, players: int, options: dict[str, Any]) -> Any:
    opts = dict(options)
    joker = bool(opts.pop("joker", False))
    return pettingzoo_env(game=game, players=players, joker=joker, **opts)


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS, ids=IDS)
def test_api_test_passes(game: str, players: int, options: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # dict observations warn, as for PettingZoo's own card games
        api_test(make(game, players, options), num_cycles=200)


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS, ids=IDS)
def test_seed_test_passes(game: str, players: int, options: dict[str, Any]) -> None:
    seed_test(lambda: make(game, players, options), num_cycles=200)


def play_random(env: Any, seed: int, hands: int) -> tuple[set[int], int]:
    """Random legal play; checks masks, observations and rewards at every step."""
    rng = random.Random(seed)
    seen: set[int] = set()
    steps = 0
    for h in range(hands):
        env.reset(seed=seed * 1000 + h)
        for agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            assert env.observation_space(agent).contains(obs)
            hand = env.hand
            seat = env.possible_agents.index(agent)
            if terminated or truncated:
                assert hand.is_over
                assert not obs["action_mask"].any()
                env.step(None)
                continue
            assert hand.to_act == seat
            # the mask is exactly the engine's legal actions (bar showdown, which is automatic)
            legal = legal_ids(hand)
            assert set(np.flatnonzero(obs["action_mask"])) == set(legal)
            engine = [a for a in hand.legal_actions() if a.kind not in (ActionKind.SHOW, ActionKind.MUCK)]
            assert sorted(map(str, legal.values())) == sorted(map(str, engine))
            for other in env.possible_agents:
                if other != agent:
                    assert not env.observe(other)["action_mask"].any()
            choice = int(rng.choice(sorted(legal)))
            seen.add(choice)
            env.step(choice)
            steps += 1
        payoffs = env.hand.payoffs
        assert sum(payoffs) == 0
        scale = env.config.largest_bet if env.normalize_rewards else 1
        for i, a in enumerate(env.possible_agents):
            assert env._cumulative_rewards.get(a, payoffs[i] / scale) == pytest.approx(payoffs[i] / scale)
    return seen, steps


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS, ids=IDS)
def test_masks_and_rewards_follow_the_engine(game: str, players: int, options: dict[str, Any]) -> None:
    env = make(game, players, options)
    _seen, steps = play_random(env, seed=players, hands=25)
    assert steps > 0


def test_rewards_are_the_chip_payoffs() -> None:
    env = pettingzoo_env(game="stud", players=3)
    env.reset(seed=11)
    rewards: dict[str, float] = {}
    for agent in env.agent_iter():
        _obs, reward, terminated, _truncated, _info = env.last()
        if terminated:
            rewards[agent] = reward
            env.step(None)
        else:
            env.step(int(ActionId.CHECK_CALL) if env.observe(agent)["action_mask"][1] else 2)
    assert [rewards[a] for a in env.possible_agents] == list(env.hand.payoffs)
    assert sum(rewards.values()) == 0


def test_every_action_id_is_reachable() -> None:
    seen_stud, _ = play_random(pettingzoo_env(game="stud", players=4, stacks=400), seed=3, hands=150)
    seen_wall, _ = play_random(pettingzoo_env(game="wallstreet", players=4, stacks=400), seed=4, hands=60)
    stud_ids = {ActionId.FOLD, ActionId.CHECK_CALL, ActionId.BRING_IN, ActionId.COMPLETE,
                ActionId.BET_RAISE, ActionId.BET_BIG}
    wall_ids = {ActionId.FOLD, ActionId.CHECK_CALL, ActionId.BET_RAISE, ActionId.TAKE_CARD,
                ActionId.BUY_1, ActionId.BUY_2, ActionId.BUY_3, ActionId.BUY_4}
    seen_baseball, _ = play_random(pettingzoo_env(game="baseball", players=4, stacks=400), seed=5, hands=40)
    baseball_ids = {ActionId.FOLD, ActionId.CHECK_CALL, ActionId.BRING_IN, ActionId.COMPLETE,
                    ActionId.BET_RAISE, ActionId.PAY}  # R8.2: no open-pair big bet, a face-up 3 paid
    assert seen_stud == {int(a) for a in stud_ids}
    assert seen_wall == {int(a) for a in wall_ids}
    assert seen_baseball == {int(a) for a in baseball_ids}
    assert len(stud_ids | wall_ids | baseball_ids) == NUM_ACTIONS


def test_big_bet_is_the_open_pair_big_bet() -> None:
    """R2.6: with an open pair on fourth street, BET_BIG bets the big bet, BET_RAISE the small."""
    config = make_config("stud", 2)
    # dealer 0: seat 1 gets 2c 3c / 7c and brings in, seat 0 gets 2d 3d / 7d;
    # fourth street 7s to seat 1 (an open pair of sevens), 9h to seat 0
    deck = "2c 2d 3c 3d 7c 7d 7s 9h"
    for big in (False, True):
        hand = config.game.deal(stacks=config.stacks, dealer=0, deck=deck, seed=1)
        while hand.street == 0:
            if hand.legal_actions()[0].kind is ActionKind.BRING_IN:
                hand.bring_in()
            else:
                hand.check_or_call()
        legal = legal_ids(hand)
        assert {ActionId.BET_RAISE, ActionId.BET_BIG} <= set(legal)
        assert legal[ActionId.BET_RAISE].amount == 5 and legal[ActionId.BET_BIG].amount == 10
        hand.apply(legal[ActionId.BET_BIG if big else ActionId.BET_RAISE])
        obs = Encoder(config).observation(hand, 0)
        assert obs.shape == (Encoder(config).obs_size,)


def test_illegal_actions_raise_or_fall_back() -> None:
    env = pettingzoo_env(game="wallstreet", players=3)
    env.reset(seed=2)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="illegal action"):
        env.step(illegal)
    env = pettingzoo_env(game="wallstreet", players=3, illegal_action="fallback")
    env.reset(seed=2)
    before = len(env.hand.log)
    env.step(int(ActionId.BUY_4))  # no market now: checks instead (R4.4)
    assert env.hand.log[before].action.kind is ActionKind.CHECK  # type: ignore[attr-defined]


def test_showdown_is_automatic() -> None:
    env = pettingzoo_env(game="stud", players=3)
    env.reset(seed=5)
    for agent in env.agent_iter():
        obs, _r, terminated, _t, _i = env.last()
        if terminated:
            env.step(None)
            continue
        mask = obs["action_mask"]
        env.step(int(ActionId.CHECK_CALL) if mask[ActionId.CHECK_CALL] else int(ActionId.BRING_IN))
        assert agent in env.possible_agents
    hand = env.hand
    assert hand.is_over and hand.results
    shows = [op for op in hand.log if getattr(op, "action", None) is not None
             and op.action.kind is ActionKind.SHOW]  # type: ignore[attr-defined]
    assert len(shows) == 3


def test_render_and_bad_arguments() -> None:
    env = pettingzoo_env(game="stud", players=3, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and "seat 0" in text
    with pytest.raises(ValueError):
        pettingzoo_env(game="poker", players=3)
    with pytest.raises(ValueError):
        pettingzoo_env(game="wallstreet", players=2)
    with pytest.raises(ValueError):
        pettingzoo_env(game="stud", players=3, bogus=1)
    with pytest.raises(ValueError):
        pettingzoo_env(game="stud", players=3, illegal_action="ignore")


def test_fast_tensors_equal_the_view_tensors() -> None:
    """The encoder reads the log directly for speed; it must agree with Hand.view()."""
    for game, players, options in CONFIGS:
        opts = {k: v for k, v in options.items()
                if k not in ("normalize_rewards", "illegal_action", "dealer")}
        joker = bool(opts.pop("joker", False))
        config = make_config(game, players, joker=joker, **opts)
        enc = Encoder(config)
        rng = random.Random(players)
        for _ in range(8):
            hand = config.game.deal(stacks=config.stacks, dealer=rng.randrange(players), rng=rng)
            while True:
                for seat in range(players):
                    view = hand.view(seat)
                    assert np.array_equal(enc.observation(hand, seat), enc.observation(view))
                    assert np.array_equal(enc.information_state(hand, seat), enc.information_state(view))
                if hand.is_over:
                    break
                hand.apply(rng.choice(list(legal_ids(hand).values())))
                auto_show(hand)


@pytest.mark.parametrize("module", ["studpoker.env._pettingzoo", "studpoker.env._gymnasium",
                                    "studpoker.env.openspiel"])
def test_env_module_doctests(module: str) -> None:
    import doctest
    import importlib

    pytest.importorskip("pyspiel")
    failures, tried = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert failures == 0 and tried > 0
