"""The environments in the home games (R8): Baseball's PAY decision in the action masks and the
encodings, the wild ranks of the moment in every seat's observation, and the strings."""

from __future__ import annotations

import random

import numpy as np
import pytest

from studpoker.engine import ActionKind
from studpoker.engine.games import from_options
from studpoker.engine.hand import Phase
from studpoker.env import NUM_ACTIONS, ActionId, Encoder, gymnasium_env, make_config, pettingzoo_env
from studpoker.env._spec import legal_ids


def section(enc: Encoder, tensor: np.ndarray, name: str, *, info: bool = False) -> np.ndarray:
    off, size, shape = enc.layout.sections(info=info)[name]
    return np.asarray(tensor[off:off + size]).reshape(shape)


def test_r8_2_pay_is_in_the_mask_and_the_tensors() -> None:
    """R8.2: dealt a 3 face up, a seat's mask is PAY and FOLD; the observation says the phase
    (pay or fold) and the price owed; once paid, the payment is counted as a PAY in the
    history, is in the pot and is no bet."""
    env = pettingzoo_env(game="baseball", players=4, stacks=100, three_price=7)
    enc = env.encoder
    rng = random.Random(1)
    paid = 0
    for seed in range(60):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            mask = obs["action_mask"]
            hand = env.hand
            assert hand is not None and mask.shape == (NUM_ACTIONS,)
            if hand.phase is Phase.PAY_OR_FOLD:
                assert set(np.flatnonzero(mask)) == {ActionId.FOLD, ActionId.PAY}
                seat = hand.to_act
                o = obs["observation"]
                assert section(enc, o, "phase").tolist() == [0, 0, 0, 1]
                price = min(7, hand.stacks[seat])
                assert section(enc, o, "owed")[0] == pytest.approx(price / enc.config.total_chips)
                pot, bets = hand.pot, list(section(enc, o, "bet"))
                env.step(int(ActionId.PAY))
                paid += 1
                assert env.hand is hand and hand.pot == pot + price
                after = env.observe(agent)["observation"]
                history = section(enc, after, "history")
                assert history[hand.street, 0, ActionId.PAY] >= 1
                assert list(section(enc, after, "bet")) == bets  # dead money, not a bet
                continue
            assert not mask[ActionId.PAY]
            env.step(int(rng.choice(np.flatnonzero(mask))))
        if paid >= 3:
            break
    assert paid >= 3


def test_r8_3_the_wild_ranks_are_in_every_observation() -> None:
    """R8.3: the wild section holds the ranks wild now, the same for every seat, and follows
    the queen as the cards fall; without wild cards it stays empty."""
    config = make_config("follow_the_queen", 3)
    enc = Encoder(config)
    # third street: seat 0's door is the Qh, seat 1's the 7c: queens and sevens wild
    hand = config.game.deal(stacks=config.stacks, dealer=2, deck="As 7s Jc Kd 2d Tc Qh 7c 5d 6h Qs Ks")
    tracker = enc.tracker(hand)
    tracker.sync()
    ranks = "23456789TJQKA"
    for seat in range(3):
        wild = section(enc, tracker.observation(seat), "wild")
        assert [ranks[i] for i in np.flatnonzero(wild)] == ["7", "Q"]
        view = section(enc, enc.observation(hand.view(seat)), "wild")
        assert view.tolist() == wild.tolist()
    assert "wild [Q 7]" in enc.observation_string(hand.view(0))
    while hand.street == 0:  # to fourth street: the Qs, then the Ks: kings replace the sevens
        hand.apply(next(a for a in hand.legal_actions() if a.kind in (ActionKind.BRING_IN, ActionKind.CALL,
                                                                     ActionKind.CHECK)))
    tracker.sync()
    wild = section(enc, tracker.observation(1), "wild")
    assert [ranks[i] for i in np.flatnonzero(wild)] == ["Q", "K"]
    stud = make_config("high_chicago", 3)
    stud_enc = Encoder(stud)
    other = stud.game.deal(stacks=stud.stacks, seed=3)
    assert not section(stud_enc, stud_enc.observation(other, 0), "wild").any()
    assert "wild" not in stud_enc.observation_string(other.view(0))


def test_r8_2_gymnasium_and_openspiel_offer_pay() -> None:
    """R8.2: the Gymnasium agent sees PAY in its mask when it must pay or fold; OpenSpiel
    lists it among the legal actions with its name."""
    env = gymnasium_env(game="baseball", opponents=["station", "station", "station"], seat=0)
    seen = False
    for seed in range(80):
        _, info = env.reset(seed=seed)
        done = False
        while not done:
            mask = info["action_mask"]
            action = int(ActionId.PAY) if mask[ActionId.PAY] else int(np.flatnonzero(mask)[0])
            seen = seen or bool(mask[ActionId.PAY])
            _, _, done, truncated, info = env.step(action)
            done = done or truncated
        if seen:
            break
    assert seen
    pyspiel = pytest.importorskip("pyspiel")
    import studpoker.env.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game("python_studpoker_baseball", {"players": 4})
    assert game.num_distinct_actions() == NUM_ACTIONS
    rng = random.Random(3)
    for _ in range(60):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            legal = state.legal_actions()
            if int(ActionId.PAY) in legal:
                assert state.action_to_string(state.current_player(), int(ActionId.PAY)) == "pay"
                assert set(legal) == {int(ActionId.PAY), int(ActionId.FOLD)}
                assert legal_ids(state.hand)[int(ActionId.PAY)].kind is ActionKind.PAY
                return
            state.apply_action(rng.choice(legal))
    pytest.fail("no face-up 3 in 60 hands")


def test_r8_2_openspiel_deals_an_extra_card_as_a_chance_node() -> None:
    """R8.2: a face-up 4 brings one more chance node, whose card goes to the 4's holder."""
    pyspiel = pytest.importorskip("pyspiel")
    import studpoker.env.openspiel  # noqa: F401

    game = pyspiel.load_game("python_studpoker_baseball", {"players": 2, "dealer": 1})
    state = game.new_initial_state()
    # seat 0 first: down, down (both seats), then seat 0's door card the 4c, the extra Kd
    for code in (0, 1, 4, 5, 8):  # 2c 2d 3c 3d 4c
        assert state.is_chance_node()
        state.apply_action(code)
    assert state.is_chance_node()  # the 4c asks for one more card at once
    state.apply_action(45)  # Kd, seat 0's extra card
    state.apply_action(26)  # 8h, seat 1's door card
    assert not state.is_chance_node()
    hand = state.hand
    assert [str(c) for c in hand.up_cards(0)] == ["4c", "Kd"] and [str(c) for c in hand.up_cards(1)] == ["8h"]
    assert from_options("baseball").extra_card_rank == 2
