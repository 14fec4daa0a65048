"""The OpenSpiel games: registration, OpenSpiel's own checks, agreement with the engine."""

from __future__ import annotations

import pickle
import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import studpoker.env.openspiel  # noqa: E402, F401  (registers the games)
from studpoker.describe import describe_operation  # noqa: E402
from studpoker.engine import ActionKind, Card  # noqa: E402
from studpoker.engine.cards import full_deck  # noqa: E402
from studpoker.env import NUM_ACTIONS, Encoder  # noqa: E402
from studpoker.env._spec import auto_show, legal_ids  # noqa: E402
from studpoker.env.openspiel import _config  # noqa: E402

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("python_studpoker_stud", {}),
    ("python_studpoker_stud", {"players": 2}),
    ("python_studpoker_stud", {"players": 8, "stacks": 50, "joker": True}),
    ("python_studpoker_stud", {"players": 4, "open_pair_big_bet": False, "heads_up_uncapped": False,
                               "max_raises": 1, "ante": 0, "bring_in": 1, "small_bet": 2, "big_bet": 4,
                               "double_ace_flush": True, "dealer": 1}),
    ("python_studpoker_wallstreet", {}),
    ("python_studpoker_wallstreet", {"players": 7, "stacks": 40}),
    ("python_studpoker_wallstreet", {"players": 4, "joker": True, "limits": "3 3 3 3 3", "market_unit": 2,
                                     "heads_up_uncapped": False, "max_raises": 2, "dealer": 0}),
    ("python_studpoker_wallstreet", {"players": 5, "stacks": 12, "limits": "1 2 3 4 5"}),
    ("python_studpoker_stud8", {}),  # R5
    ("python_studpoker_stud8", {"players": 5, "joker": True, "stacks": 50, "heads_up_uncapped": False}),
    ("python_studpoker_razz", {}),  # R6
    ("python_studpoker_razz", {"players": 6, "stacks": 40, "max_raises": 2, "dealer": 2}),
    ("python_studpoker_baseball", {}),  # R8.2: extra cards and payments
    ("python_studpoker_baseball", {"players": 8, "stacks": 40, "three_price": 3}),
    ("python_studpoker_follow_the_queen", {"players": 5}),  # R8.3
    ("python_studpoker_high_chicago", {"joker": True}),  # R8.4
    ("python_studpoker_low_chicago", {"players": 2}),
    ("python_studpoker_kings_and_little_ones", {"players": 4}),  # R8.5
]
IDS = [f"{n.removeprefix('python_studpoker_')}-{'-'.join(sorted(p)) or 'default'}" for n, p in CONFIGS]


def random_playout(game: Any, rng: random.Random) -> Any:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            state.apply_action(rng.choice(outcomes)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def engine_replay(game: Any, history: list[int], chance: list[bool]) -> Any:
    """The same hand on the engine: the chance outcomes as the deck, the decisions as actions."""
    config = game.config
    deck = [Card.from_code(a) for a, c in zip(history, chance, strict=True) if c]
    hand = config.game.deal(stacks=config.stacks, dealer=config.dealer, deck=deck, seed=0)
    for a, c in zip(history, chance, strict=True):
        if not c:
            hand.apply(legal_ids(hand)[a])
            auto_show(hand)
    return hand


def test_games_are_registered() -> None:
    names = pyspiel.registered_names()
    assert "python_studpoker_stud" in names and "python_studpoker_wallstreet" in names
    assert "python_studpoker_stud8" in names and "python_studpoker_razz" in names
    razz = pyspiel.load_game("python_studpoker_razz")
    assert razz.get_type().long_name == "Razz (studpoker)" and razz.max_chance_outcomes() == 52  # R6.1
    with pytest.raises(Exception):  # noqa: B017 - pyspiel wraps the error: no joker in razz
        pyspiel.load_game("python_studpoker_razz", {"joker": True})
    with pytest.raises(Exception):  # noqa: B017 - no open-pair big bet in stud8 (R5.3)
        pyspiel.load_game("python_studpoker_stud8", {"open_pair_big_bet": True})
    stud = pyspiel.load_game("python_studpoker_stud")
    gt = stud.get_type()
    assert gt.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert gt.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert gt.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (gt.min_num_players, gt.max_num_players) == (2, 8)
    assert gt.provides_information_state_tensor and gt.provides_observation_tensor
    wall = pyspiel.load_game("python_studpoker_wallstreet(players=5,joker=True)")
    assert wall.num_players() == 5
    assert wall.num_distinct_actions() == NUM_ACTIONS
    assert wall.max_chance_outcomes() == 53
    assert wall.get_type().min_num_players == 3
    with pytest.raises(Exception):  # noqa: B017 - pyspiel wraps the error
        pyspiel.load_game("python_studpoker_wallstreet", {"players": 2})
    with pytest.raises(Exception):  # noqa: B017
        pyspiel.load_game("python_studpoker_wallstreet", {"limits": "3"})


@pytest.mark.parametrize(("name", "params"), CONFIGS, ids=IDS)
def test_openspiel_random_sim_test(name: str, params: dict[str, Any]) -> None:
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=4, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "params"), CONFIGS, ids=IDS)
def test_random_playouts_agree_with_the_engine(
    name: str, params: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    import studpoker.env.openspiel as spiel

    replays: list[bool] = []
    original = spiel.StudPokerState._replay

    def counting(self: Any) -> Any:
        replays.append(self.hand is not None)  # a replay mid-hand means the fast path failed
        return original(self)

    monkeypatch.setattr(spiel.StudPokerState, "_replay", counting)
    game = pyspiel.load_game(name, params)
    rng = random.Random(len(params) + game.num_players())
    for _ in range(25):
        state = random_playout(game, rng)
        history = state.history()
        chance = []
        replay = game.new_initial_state()
        for a in history:
            chance.append(replay.is_chance_node())
            replay.apply_action(a)
        hand = engine_replay(game, history, chance)
        assert hand.is_over
        assert state.returns() == [float(x) for x in hand.payoffs]
        assert sum(state.returns()) == 0
        assert [describe_operation(op) for op in state.hand.log] == [describe_operation(op) for op in hand.log]
        assert chance.count(False) <= game.encoder.decisions  # the bound behind the tensor sizes
        assert len(history) <= game.max_game_length()
    assert replays and not any(replays)


def test_tensors_strings_and_sizes() -> None:
    game = pyspiel.load_game("python_studpoker_wallstreet", {"players": 4})
    enc = Encoder(_config("wallstreet", {"players": 4}))
    assert game.observation_tensor_size() == enc.obs_size
    assert game.information_state_tensor_size() == enc.info_size
    assert game.max_game_length() == enc.decisions + 52
    state = random_playout(game, random.Random(3))
    for p in range(4):
        obs = np.asarray(state.observation_tensor(p))
        info = np.asarray(state.information_state_tensor(p))
        assert obs.shape == (enc.obs_size,) and info.shape == (enc.info_size,)
        assert np.array_equal(info[: enc.obs_size], obs)
        assert f"seat {p}" in state.observation_string(p)
        assert state.information_state_string(p).startswith(f"wallstreet 4 players; seat {p}")
    first = game.new_initial_state()
    assert first.is_chance_node()
    assert not any(first.observation_tensor(0))
    assert first.action_to_string(pyspiel.PlayerId.CHANCE, 51) == "deal As"


def test_clone_and_pickle_keep_the_state() -> None:
    game = pyspiel.load_game("python_studpoker_stud", {"players": 3})
    rng = random.Random(5)
    state = game.new_initial_state()
    while state.is_chance_node() or len(state.history()) < 30:
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(state.legal_actions()[0])
    clone = state.clone()
    assert clone.history() == state.history()
    assert str(clone) == str(state)
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history()
    restored = game.deserialize_state(state.serialize())
    assert restored.history() == state.history()


def test_chance_outcomes_are_the_cards_left() -> None:
    game = pyspiel.load_game("python_studpoker_stud", {"players": 2, "joker": True})
    state = game.new_initial_state()
    assert [c for c, _ in state.chance_outcomes()] == list(range(53))
    state.apply_action(52)
    assert 52 not in [c for c, _ in state.chance_outcomes()]
    with pytest.raises(Exception):  # noqa: B017
        state.apply_action(52)


@pytest.mark.parametrize(("name", "params"), CONFIGS[:2] + CONFIGS[4:6], ids=IDS[:2] + IDS[4:6])
def test_openspiel_tensors_ignore_unseen_cards(name: str, params: dict[str, Any]) -> None:
    """Swap the chance outcomes a player never saw: its tensors and strings stay the same."""
    game = pyspiel.load_game(name, params)
    n = game.num_players()
    rng = random.Random(n)
    for _ in range(3):
        final = random_playout(game, rng)
        history = final.history()
        hand = final.hand
        for seat in range(n):
            seen = {op.card for op in hand.log
                    if (getattr(op, "face_up", True) or getattr(op, "seat", seat) == seat)
                    and getattr(op, "card", None) is not None}
            deck = full_deck(joker=game.config.game.joker)
            hidden = [c.code for c in deck if c not in seen]
            shuffled = hidden[:]
            rng.shuffle(shuffled)
            swap = dict(zip(hidden, shuffled, strict=True))
            s1, s2 = game.new_initial_state(), game.new_initial_state()
            for a in history:
                shown = s1.hand is not None and any(
                    getattr(op, "action", None) is not None and op.action.kind is ActionKind.SHOW
                    for op in s1.hand.log
                )
                if not shown:
                    assert s1.observation_tensor(seat) == s2.observation_tensor(seat)
                    assert s1.information_state_tensor(seat) == s2.information_state_tensor(seat)
                    assert s1.observation_string(seat) == s2.observation_string(seat)
                    assert s1.information_state_string(seat) == s2.information_state_string(seat)
                chance = s1.is_chance_node()
                s1.apply_action(a)
                s2.apply_action(swap.get(a, a) if chance else a)


def test_the_replay_path_agrees_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the fast path (cards put next in the stub) every deal is a replay: same hands."""
    import studpoker.env.openspiel as spiel

    monkeypatch.setattr(spiel, "_may_deal", lambda hand, action: True)
    monkeypatch.setattr(spiel, "_play_with_cards", lambda hand, action, cards: False)
    for name, params in (CONFIGS[0], CONFIGS[4]):
        game = pyspiel.load_game(name, params)
        rng = random.Random(9)
        for _ in range(10):
            state = random_playout(game, rng)
            history = state.history()
            chance = []
            replay = game.new_initial_state()
            for a in history:
                chance.append(replay.is_chance_node())
                replay.apply_action(a)
            hand = engine_replay(game, history, chance)
            assert state.returns() == [float(x) for x in hand.payoffs]
            assert [describe_operation(op) for op in state.hand.log] == [describe_operation(op) for op in hand.log]


def test_showdown_muck_is_a_game_parameter() -> None:
    """R1.9/R3.10: ``showdown_muck`` (stud True, Wall Street False) reaches the game."""
    from studpoker.env._spec import make_config
    from studpoker.env.openspiel import StudPokerGame

    stud = pyspiel.load_game("python_studpoker_stud")
    wall = pyspiel.load_game("python_studpoker_wallstreet", {"showdown_muck": True})
    assert isinstance(stud, StudPokerGame) and isinstance(wall, StudPokerGame)
    assert stud.config.game.showdown_muck is True
    assert wall.config.game.showdown_muck is True
    assert pyspiel.load_game("python_studpoker_wallstreet").config.game.showdown_muck is False
    assert make_config("wallstreet", 3, showdown_muck=True).game.showdown_muck is True
    assert make_config("stud", 3).game.showdown_muck is True


def _answer(method: Any, *args: int) -> Any:
    try:
        return method(*args)
    except pyspiel.SpielError as exc:
        return str(exc)


@pytest.mark.parametrize("name", ["python_studpoker_stud", "python_studpoker_wallstreet", "python_studpoker_razz"])
def test_python_fast_paths_answer_as_pyspiel(name: str) -> None:
    """``legal_actions``, ``is_chance_node`` and ``is_player_node`` (answered in Python)
    give what pyspiel's own methods give, for every player, at every node; and the
    tensors are new float32 arrays that compare with lists as lists do."""
    game = pyspiel.load_game(name, {"players": 4})
    rng = random.Random(3)
    for _ in range(8):
        state = game.new_initial_state()
        while True:
            assert state.legal_actions() == pyspiel.State.legal_actions(state)
            for p in range(-6, 6):
                assert _answer(state.legal_actions, p) == _answer(pyspiel.State.legal_actions, state, p)
            assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
            assert state.is_player_node() == pyspiel.State.is_player_node(state)
            if state.is_terminal():
                break
            if state.is_player_node():
                tensor = state.information_state_tensor()
                assert tensor.dtype == np.float32 and tensor.shape == (game.information_state_tensor_size(),)
                assert tensor == tensor.tolist() and tensor.tolist() == tensor
                assert tensor == state.information_state_tensor()
                tensor[:] = 7.0  # the caller's own copy
                assert state.information_state_tensor() != tensor
            legal = state.legal_actions()
            legal.clear()  # a new list: the state's own is untouched
            state.apply_action(rng.choice(state.legal_actions()))
