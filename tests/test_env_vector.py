"""The vector environment: shapes, seeding, legal masks, zero-sum rewards, autoreset."""

from __future__ import annotations

import numpy as np
import pytest

from studpoker.engine.games import GameError
from studpoker.env import NUM_ACTIONS, ActionId, Encoder, make_config, vector_env


def _random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])


def _run(game: str, players: int, num_envs: int, seed: int, steps: int) -> list[np.ndarray]:
    envs = vector_env(game=game, players=players, num_envs=num_envs)
    obs, infos = envs.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trace = [obs]
    for _ in range(steps):
        obs, rewards, term, _trunc, infos = envs.step(_random_actions(infos["action_mask"], rng))
        trace += [obs, rewards, term]
    return trace


@pytest.mark.parametrize(("game", "players"), [("stud", 2), ("stud", 6), ("wallstreet", 3), ("wallstreet", 7),
                                               ("stud8", 4), ("razz", 3), ("baseball", 4),
                                               ("follow_the_queen", 3), ("high_chicago", 2)])
def test_shapes_masks_rewards_and_autoreset(game: str, players: int) -> None:
    n = 5
    joker = game not in ("razz", "baseball", "follow_the_queen")  # R6.1, R8.1: no joker
    envs = vector_env(game=game, players=players, num_envs=n, joker=joker)
    size = Encoder(make_config(game, players, joker=joker)).obs_size
    assert envs.num_envs == n
    assert envs.single_observation_space.shape == (size,)
    assert envs.observation_space.shape == (n, size)
    assert envs.metadata["autoreset_mode"].value == "NextStep"
    obs, infos = envs.reset(seed=3)
    assert obs.shape == (n, size) and obs.dtype == np.float32
    assert infos["action_mask"].shape == (n, NUM_ACTIONS) and infos["seat"].shape == (n,)
    rng = np.random.default_rng(0)
    done_before = np.zeros(n, dtype=bool)
    hands_ended = 0
    for _ in range(400):
        masks, seats = infos["action_mask"], infos["seat"]
        # masks are exactly the legal ids of the seat to act (R1.12)
        for i in range(n):
            if done_before[i]:
                assert not masks[i].any()
                continue
            hand = envs.hands[i]
            assert seats[i] == hand.to_act
            legal = {a.kind for a in hand.legal_actions()}
            assert masks[i].sum() >= 1 and len(legal) >= 1
        obs, rewards, term, trunc, infos = envs.step(_random_actions(masks, rng))
        assert obs.shape == (n, size) and rewards.shape == (n, players)
        assert term.dtype == np.bool_ and not trunc.any()
        np.testing.assert_allclose(rewards.sum(axis=1), 0.0, atol=1e-4)  # zero-sum (R1.6)
        assert not rewards[~term].any()  # chips move only when a hand ends
        assert not term[done_before].any()  # NEXT_STEP: the reset step ends nothing
        assert envs.observation_space.contains(obs)
        hands_ended += int(term.sum())
        done_before = term
    assert hands_ended > n


def test_same_seed_same_hands_and_different_seed_differs() -> None:
    a = _run("stud", 4, 3, seed=11, steps=60)
    b = _run("stud", 4, 3, seed=11, steps=60)
    c = _run("stud", 4, 3, seed=12, steps=60)
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    assert not all(np.array_equal(x, y) for x, y in zip(a, c, strict=True))


def test_observation_is_the_seat_tensor() -> None:
    envs = vector_env(game="wallstreet", players=4, num_envs=2)
    obs, infos = envs.reset(seed=1)
    enc = Encoder(envs.config)
    for _ in range(30):
        for i in range(2):
            np.testing.assert_array_equal(obs[i], enc.observation(envs.hands[i], int(infos["seat"][i])))
        obs, _, _, _, infos = envs.step(_random_actions(infos["action_mask"], np.random.default_rng(2)))


def test_illegal_actions_raise_or_fall_back() -> None:
    envs = vector_env(game="stud", players=3, num_envs=2)
    _, infos = envs.reset(seed=5)
    bad = np.array([ActionId.BUY_4, ActionId.BUY_4])
    before = [len(h.log) for h in envs.hands]
    with pytest.raises(ValueError, match="illegal action"):
        envs.step(bad)
    assert [len(h.log) for h in envs.hands] == before  # nothing changed
    with pytest.raises(ValueError, match="shape"):
        envs.step(np.array([0]))
    forgiving = vector_env(game="stud", players=3, num_envs=2, illegal_action="fallback")
    forgiving.reset(seed=5)
    _, _, _, _, infos = forgiving.step(bad)
    assert infos["illegal_action"].all()
    with pytest.raises(GameError):
        vector_env(num_envs=0)
    with pytest.raises(RuntimeError, match="reset"):
        vector_env().step(np.zeros(8, dtype=int))


def test_performance_doc_python_blocks_run() -> None:
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "performance.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, "docs/performance.md", "exec"), {})
