"""The incremental tensors (``Tracker``) equal the tensors of the encoder that
rebuilt them from the whole log at every read (``tests/_old_encode.py``).

Random playouts of both games, with and without the joker, for every seat
count (stud 2..8, Wall Street 3..7), short and deep stacks (all-ins and
runouts, R1.5), mostly-passive play (long hands, the community card of R1.10
with eight players) and showdowns with shows and mucks (R1.9): at every
decision every seat's observation and information state, read four ways
(numpy and list from the tracker, from the hand and from the seat's view,
and written into a strided array), equal the old encoder's.

The layout has grown since (R8: a fourth phase, pay or fold, and the wild ranks
of the moment): the new tensors are compared section by section with the old
ones (:func:`as_old`), and what the old layout lacks must be zero in these games.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from _old_encode import OldEncoder
from studpoker.engine.actions import ActionKind
from studpoker.engine.hand import Hand
from studpoker.engine.operations import CommunityCardDealt
from studpoker.env import Encoder, make_config
from studpoker.env._spec import EnvConfig


def as_old(tensor: object, *, info: bool, new: Encoder, old: OldEncoder) -> np.ndarray:
    """The new tensor in the old layout: each old section from the new section of its name
    (the phase's first three entries); the new-only entries are checked to be zero."""
    values = np.asarray(tensor, dtype=np.float32)
    new_sections = new.layout.sections(info=info)
    out = np.zeros(old.layout.size(info=info), dtype=np.float32)
    for name, (off, size, _) in old.layout.sections(info=info).items():
        n_off, n_size, _ = new_sections[name]
        assert n_size >= size
        out[off:off + size] = values[n_off:n_off + size]
        assert not values[n_off + size:n_off + n_size].any(), name  # the pay-or-fold phase
    for name in set(new_sections) - set(old.layout.sections(info=info)):
        n_off, n_size, _ = new_sections[name]
        assert not values[n_off:n_off + n_size].any(), name  # no wild card in these games
    return out


PASSIVE = (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN, ActionKind.TAKE_CARD, ActionKind.SHOW)


def _deal(config: EnvConfig, rng: random.Random) -> Hand:
    dealer = rng.randrange(config.players)
    return config.game.deal(stacks=config.stacks, dealer=dealer, seed=rng.randrange(2**32))


def _compare(config: EnvConfig, hands: int, seed: int) -> int:
    """Play ``hands`` random hands; compare every seat's tensors at every decision.
    Returns how many hands dealt a community card (R1.10)."""
    rng = random.Random(seed)
    new, old = Encoder(config), OldEncoder(config)
    community = 0
    for _ in range(hands):
        passive = rng.choice((0.0, 0.6, 0.97))
        hand = _deal(config, rng)
        tracker = new.tracker(hand)
        def obs(t: object) -> np.ndarray:
            return as_old(t, info=False, new=new, old=old)

        def info(t: object) -> np.ndarray:
            return as_old(t, info=True, new=new, old=old)

        while True:
            tracker.sync()
            for seat in range(config.players):
                want_obs = old.observation(hand, seat)
                want_info = old.information_state(hand, seat)
                np.testing.assert_array_equal(obs(new.observation(hand, seat)), want_obs)
                np.testing.assert_array_equal(info(new.information_state(hand, seat)), want_info)
                assert info(tracker.as_list(seat, info=True)).tolist() == want_info.tolist()
                assert obs(tracker.as_list(seat, info=False)).tolist() == want_obs.tolist()
                np.testing.assert_array_equal(obs(tracker.observation(seat)), want_obs)
                if rng.random() < 0.2:  # into a strided float32 view: the slice writes, not the packed ones
                    strided = np.full((new.info_size, 2), 9.0, dtype=np.float32)[:, 0]
                    tracker.write(seat, strided, info=True)
                    np.testing.assert_array_equal(info(strided), want_info)
                    tracker.write(seat, strided, info=False)
                    np.testing.assert_array_equal(obs(strided[:new.obs_size]), want_obs)
                if rng.random() < 0.2:  # the view path (slower): a sample of the reads
                    view = hand.view(seat)
                    np.testing.assert_array_equal(info(new.information_state(view)), want_info)
                    np.testing.assert_array_equal(old.information_state(view), want_info)
            if hand.is_over:
                break
            legal = hand.legal_actions()
            calm = [a for a in legal if a.kind in PASSIVE]
            hand.apply(rng.choice(calm) if calm and rng.random() < passive else rng.choice(legal))
        community += any(isinstance(op, CommunityCardDealt) for op in hand.log)
    return community


CASES = [("stud", p) for p in range(2, 9)] + [("wallstreet", p) for p in range(3, 8)]


@pytest.mark.parametrize("joker", [False, True])
@pytest.mark.parametrize(("game", "players"), CASES)
def test_incremental_tensors_equal_the_old_encoder(game: str, players: int, joker: bool) -> None:
    seed = players * 10 + joker
    deep = make_config(game, players, joker=joker, stacks=200)
    _compare(deep, 1, seed)
    short = make_config(game, players, joker=joker, stacks=[random.Random(seed).randrange(4, 40)
                                                            for _ in range(players)])
    _compare(short, 1, seed + 1)


@pytest.mark.slow
def test_incremental_tensors_equal_the_old_encoder_many_hands() -> None:
    community = 0
    for game, players in CASES:
        for joker in (False, True):
            community += _compare(make_config(game, players, joker=joker), 3, players + 100 * joker)
    assert community > 0, "no playout reached the community card of R1.10"


def test_tracker_follows_copies_and_stops_at_another_hand() -> None:
    config = make_config("stud", 4)
    enc, old = Encoder(config), OldEncoder(config)
    hand = config.game.deal(stacks=config.stacks, dealer=0, seed=5)
    tracker = enc.tracker(hand)
    tracker.sync()
    other = hand.copy()
    other.apply(other.legal_actions()[0])
    assert tracker.follow(other)  # a copy that continues the same log
    tracker.sync()
    for seat in range(4):
        got = as_old(tracker.as_list(seat, info=True), info=True, new=enc, old=old)
        assert got.tolist() == old.information_state(other, seat).tolist()
    stranger = config.game.deal(stacks=config.stacks, dealer=0, seed=6)
    assert not tracker.follow(stranger)


@pytest.mark.parametrize(("name", "players", "joker"), [
    ("python_studpoker_stud", 2, False), ("python_studpoker_stud", 7, True),
    ("python_studpoker_wallstreet", 3, True), ("python_studpoker_wallstreet", 6, False),
])
def test_openspiel_tensors_equal_the_old_encoder(name: str, players: int, joker: bool) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import studpoker.env.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game(name, {"players": players, "joker": joker, "stacks": 60})
    old = OldEncoder(game.config)
    enc = game.encoder

    def info(t: object) -> list[float]:
        return as_old(t, info=True, new=enc, old=old).tolist()  # type: ignore[no-any-return]

    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    rng = random.Random(players)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            for seat in range(players):
                want = old.information_state(state.hand, seat)
                assert info(state.information_state_tensor(seat)) == want.tolist()
                assert as_old(state.observation_tensor(seat), info=False, new=enc, old=old).tolist() == \
                    old.observation(state.hand, seat).tolist()
                observer.set_from(state, seat)
                np.testing.assert_array_equal(info(observer.tensor), want)
            before = state.information_state_tensor()
            twin = state.clone()
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            assert twin.information_state_tensor() == before  # the clone tracks on its own
        for seat in range(players):
            assert info(state.information_state_tensor(seat)) == old.information_state(state.hand, seat).tolist()


def test_the_scaled_chip_memo_is_the_multiplication_and_stays_bounded() -> None:
    from studpoker.env._encode import _Scaled

    scale = 1.0 / 1200
    memo = _Scaled(scale)
    for chips in (0, 1, 7, 599, 1199, 1200):
        assert memo[chips] == chips * scale and type(memo[chips]) is float
    for chips in range(70_000):  # more counts than any table has: the memo starts again
        assert memo[chips] == chips * scale
        assert len(memo) <= 1 << 16
