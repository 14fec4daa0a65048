"""The environments in Five Card Stud (R9) and Deuce-to-Seven Razz (R10): PettingZoo,
Gymnasium, OpenSpiel and the vector environment play whole hands; the street sections of
the tensors hold every street of the game's street table."""

from __future__ import annotations

import random

import numpy as np
import pytest

from studpoker.engine.games import from_options
from studpoker.env import Encoder, gymnasium_env, make_config, pettingzoo_env, vector_env

GAMES = [("five_stud", 10), ("razz27", 8)]


def section(enc: Encoder, tensor: np.ndarray, name: str, *, info: bool = False) -> np.ndarray:
    off, size, shape = enc.layout.sections(info=info)[name]
    return np.asarray(tensor[off:off + size]).reshape(shape)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_r9_r10_pettingzoo_plays_whole_hands(game: str, players: int) -> None:
    """R9.1 (ten players), R10: random legal play to the end; the street one-hot has the
    game's streets (four in Five Card Stud) and names the street being played."""
    env = pettingzoo_env(game=game, players=players, stacks=100)
    enc = env.encoder
    streets = enc.layout.sections()["street"][2][0]
    assert streets >= len(from_options(game).streets)
    assert enc.layout.sections()["history"][2][0] == streets
    rng = random.Random(2)
    for seed in range(4):
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            hand = env.hand
            assert hand is not None
            street = section(enc, obs["observation"], "street")
            assert street.tolist() == [1.0 if i == hand.street else 0.0 for i in range(streets)]
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_r9_r10_gymnasium_and_vector_env(game: str, players: int) -> None:
    env = gymnasium_env(game=game, opponents=["station"] * 2, seat=0)
    for seed in range(3):
        _, info = env.reset(seed=seed)
        done = False
        while not done:
            action = int(np.flatnonzero(info["action_mask"])[0])
            _, _, done, truncated, info = env.step(action)
            done = done or truncated
    venv = vector_env(game, players=3, num_envs=4)
    obs, infos = venv.reset(seed=1)
    assert obs.shape == (4, venv.encoder.obs_size)
    for _ in range(40):  # (a hand over shows an empty mask: the next step resets it)
        actions = np.array([int(np.flatnonzero(m)[0]) if m.any() else 0 for m in infos["action_mask"]])
        obs, _, _, _, infos = venv.step(actions)
    config = make_config(game, players)
    assert Encoder(config).layout.sections()["street"][2][0] >= len(config.game.streets)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_r9_r10_openspiel_plays_whole_hands(game: str, players: int) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import studpoker.env.openspiel  # noqa: F401  (registers the games)

    spiel_game = pyspiel.load_game(f"python_studpoker_{game}", {"players": players})
    rng = random.Random(5)
    for _ in range(3):
        state = spiel_game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            state.apply_action(rng.choice(state.legal_actions()))
        assert sum(state.returns()) == pytest.approx(0.0)
        assert len(state.information_state_tensor(0)) == spiel_game.information_state_tensor_size()
