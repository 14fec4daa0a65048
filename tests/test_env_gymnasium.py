"""The single-agent Gymnasium environment against studpoker's bots."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env

from studpoker.bots import make_bot
from studpoker.env import ActionId, gymnasium_env
from studpoker.env._spec import legal_ids

CONFIGS: list[tuple[str, list[Any], dict[str, Any]]] = [
    ("stud", ["rule", "equity"], {}),
    ("stud", ["random"], {"joker": True, "seat": 0}),
    ("stud", ["station", "random", "rule"], {"open_pair_big_bet": False, "heads_up_uncapped": False,
                                            "max_raises": 1, "normalize_rewards": True, "stacks": 40}),
    ("wallstreet", ["rule", "equity"], {}),
    ("wallstreet", ["random", "station", "random", "random"], {"joker": True, "market_unit": 1,
                                                             "limits": 3, "dealer": 2}),
    ("stud8", ["rule", "equity"], {}),
    ("razz", ["rule", "station"], {"stacks": 60}),
]
IDS = [f"{g}-{'-'.join(o)}-{'-'.join(sorted(p)) or 'default'}" for g, o, p in CONFIGS]


def make(game: str, opponents: list[Any], options: dict[str, Any]) -> Any:
    opts = dict(options)
    joker = bool(opts.pop("joker", False))
    return gymnasium_env(game=game, opponents=opponents, joker=joker, **opts)


@pytest.mark.parametrize(("game", "opponents", "options"), CONFIGS, ids=IDS)
def test_check_env_passes(game: str, opponents: list[Any], options: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "no spec": the env is not registered with gymnasium.make
        check_env(make(game, opponents, options), skip_render_check=True)


@pytest.mark.parametrize(("game", "opponents", "options"), CONFIGS, ids=IDS)
def test_masked_random_play(game: str, opponents: list[Any], options: dict[str, Any]) -> None:
    env = make(game, opponents, options)
    rng = random.Random(1)
    for episode in range(6):
        obs, info = env.reset(seed=episode)
        done, total, steps = False, 0.0, 0
        while not done:
            assert env.observation_space.contains(obs)
            hand = env.hand
            assert hand.to_act == env.seat
            mask = info["action_mask"]
            assert set(np.flatnonzero(mask)) == set(legal_ids(hand))
            obs, reward, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
            assert not truncated
            total += reward
            steps += 1
        assert steps >= 1
        payoff = env.hand.payoffs[env.seat]
        scale = env.config.largest_bet if options.get("normalize_rewards") else 1
        assert total == pytest.approx(payoff / scale)
        assert not info["action_mask"].any()


def test_seeded_resets_repeat() -> None:
    a = gymnasium_env(game="wallstreet", opponents=["rule", "equity"])
    b = gymnasium_env(game="wallstreet", opponents=["rule", "equity"])
    for seed in (0, 1, 2):
        oa, ia = a.reset(seed=seed)
        ob, ib = b.reset(seed=seed)
        assert np.array_equal(oa, ob) and ia["seat"] == ib["seat"]
        done = False
        while not done:
            action = int(np.flatnonzero(ia["action_mask"])[-1])
            oa, ra, done, _, ia = a.step(action)
            ob, rb, done_b, _, ib = b.step(action)
            assert np.array_equal(oa, ob) and ra == rb and done == done_b


def test_illegal_actions() -> None:
    env = gymnasium_env(game="stud", opponents=["station", "station"], seat=0, illegal_penalty=1.5)
    _obs, info = env.reset(seed=4)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _obs, reward, _done, _t, info2 = env.step(illegal)
    assert info2["illegal_action"] is True
    assert reward <= -1.5 or env.hand.is_over
    strict = gymnasium_env(game="stud", opponents=["station", "station"], illegal_action="raise")
    _obs, info = strict.reset(seed=4)
    with pytest.raises(ValueError, match="illegal action"):
        strict.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))


def test_bot_objects_and_errors() -> None:
    env = gymnasium_env(game="stud", opponents=[make_bot("station", seed=1)], render_mode="ansi")
    _obs, info = env.reset(seed=0)
    assert env.action_masks().tolist() == info["action_mask"].tolist()
    assert "seat" in str(env.render())
    assert env.action_space.n == len(ActionId)
    with pytest.raises(ValueError):
        gymnasium_env(game="stud", opponents=["nobody"])
    with pytest.raises(ValueError):
        gymnasium_env(game="wallstreet", opponents=["rule"])  # Wall Street needs 3 players
    with pytest.raises(ValueError):
        gymnasium_env(game="stud", opponents=["rule"], seat=5)
