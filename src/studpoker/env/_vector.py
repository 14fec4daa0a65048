"""Many hands stepped together: a Gymnasium vector environment for self-play.

>>> import numpy as np
>>> from studpoker.env import vector_env
>>> envs = vector_env(game="stud", players=3, num_envs=4)
>>> obs, infos = envs.reset(seed=7)
>>> obs.shape, infos["action_mask"].shape
((4, 782), (4, 11))
>>> actions = np.array([int(np.flatnonzero(m)[0]) for m in infos["action_mask"]])
>>> obs, rewards, terminations, truncations, infos = envs.step(actions)
>>> rewards.shape
(4, 3)

Every sub-environment plays one hand at a time with ``players`` seats; one
policy plays every seat (self-play). At each step each sub-environment
waits for the decision of its seat to act: ``obs[i]`` is that seat's
observation (the layout of :mod:`studpoker.env._encode`, seat-relative),
``infos["seat"][i]`` the seat and ``infos["action_mask"][i]`` (int8, 11
entries) its legal actions. ``step(actions)`` plays ``actions[i]`` (an
:class:`~studpoker.env.ActionId`) for that seat in every sub-environment.

Rewards are per seat: ``rewards[i, s]`` is seat ``s``'s chip payoff when
hand ``i`` ended at this step (divided by the game's largest bet with
``normalize_rewards=True``) and 0 otherwise, so each row sums to zero.
``terminations[i]`` is True at the step that ended the hand; there is no
truncation (a hand always ends).

Autoreset follows Gymnasium's default, ``AutoresetMode.NEXT_STEP``
(``metadata["autoreset_mode"]``): the step that ends a hand returns the
final observation of the seat that acted last (hand over, mask all zeros);
the next ``step`` ignores that sub-environment's action and deals a new
hand, returning its first decision with zero rewards and
``terminations[i] = False``. Showdowns are automatic (every seat still in
shows). An illegal action raises ``ValueError``, or with
``illegal_action="fallback"`` is replaced by check, free card, bring-in or
fold (R4.4) and flagged in ``infos["illegal_action"]``.

``reset(seed=s)`` seeds sub-environment ``i`` with ``s + i``: the same seed
and actions give the same hands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.vector.utils import batch_space
from numpy.typing import NDArray

from studpoker.engine.actions import Action
from studpoker.engine.games import Game, GameError
from studpoker.engine.hand import Hand
from studpoker.env._encode import Encoder, Tracker
from studpoker.env._spec import DEFAULT_STACK, NUM_ACTIONS, auto_show, fallback_id, legal_table, make_config

__all__ = ["StudPokerVectorEnv", "vector_env"]

_MASKS: dict[tuple[int, ...], NDArray[np.int8]] = {}
_StepResult = tuple[
    NDArray[np.float32], NDArray[np.float32], NDArray[np.bool_], NDArray[np.bool_], dict[str, Any]
]


def _mask(key: tuple[int, ...]) -> NDArray[np.int8]:
    """The mask of the legal ids ``key`` (sorted)."""
    mask = _MASKS.get(key)
    if mask is None:
        mask = _MASKS[key] = np.zeros(NUM_ACTIONS, dtype=np.int8)
        mask[list(key)] = 1
    return mask


class StudPokerVectorEnv(gym.vector.VectorEnv):  # type: ignore[type-arg]
    """``num_envs`` hands of ``game`` stepped together (see the module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (gymnasium declares it so)
        "autoreset_mode": gym.vector.AutoresetMode.NEXT_STEP,
        "render_modes": [],
    }

    def __init__(
        self,
        game: str | Game = "stud",
        players: int = 3,
        num_envs: int = 8,
        *,
        joker: bool = False,
        stacks: int | Sequence[int] = DEFAULT_STACK,
        dealer: int | None = None,
        normalize_rewards: bool = False,
        illegal_action: str = "raise",
        **options: object,
    ) -> None:
        if not isinstance(num_envs, int) or isinstance(num_envs, bool) or num_envs < 1:
            raise GameError(f"num_envs must be a positive integer, got {num_envs!r}")
        if illegal_action not in ("raise", "fallback"):
            raise ValueError(f"illegal_action must be 'raise' or 'fallback', got {illegal_action!r}")
        self.config = make_config(game, players, joker=joker, stacks=stacks, dealer=dealer, **options)
        self.encoder = Encoder(self.config)
        self.num_envs = num_envs
        self.players = players
        self.normalize_rewards = normalize_rewards
        self.illegal_action = illegal_action
        self.render_mode = None
        self.single_observation_space = spaces.Box(
            low=0.0, high=self.encoder.layout.high(), shape=(self.encoder.obs_size,), dtype=np.float32
        )
        self.single_action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, NUM_ACTIONS))
        self._scale = 1.0 / self.config.largest_bet if normalize_rewards else 1.0
        self._rngs = [random.Random() for _ in range(num_envs)]
        self.hands: list[Hand] = []
        self._trackers: list[Tracker] = []
        self._legal: list[dict[int, Action]] = []
        self._done = np.zeros(num_envs, dtype=np.bool_)
        self._obs = np.zeros((num_envs, self.encoder.obs_size), dtype=np.float32)
        self._masks = np.zeros((num_envs, NUM_ACTIONS), dtype=np.int8)
        self._seats = np.zeros(num_envs, dtype=np.int64)

    # --------------------------------------------------------------------- API

    def reset(
        self, *, seed: int | Sequence[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        """Deal a new hand in every sub-environment; ``seed`` (int: ``seed + i``, or one per env)."""
        if seed is not None:
            seeds = [seed + i for i in range(self.num_envs)] if isinstance(seed, int) else list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"give one seed or {self.num_envs} seeds, got {len(seeds)}")
            self._rngs = [random.Random(s) for s in seeds]
        self.hands = [self._deal(i) for i in range(self.num_envs)]
        self._trackers = [self.encoder.tracker(h, info=False) for h in self.hands]
        self._legal = [{} for _ in range(self.num_envs)]
        self._done[:] = False
        for i in range(self.num_envs):
            self._observe(i)
        return self._obs.copy(), self._infos(None)

    def step(
        self, actions: Sequence[int] | NDArray[np.integer[Any]]
    ) -> _StepResult:
        """Play ``actions[i]`` for the seat to act in every sub-environment (see the module docstring)."""
        if not self.hands:
            raise RuntimeError("call reset() first")
        acts = np.asarray(actions)
        if acts.shape != (self.num_envs,):
            raise ValueError(f"actions must have shape ({self.num_envs},), got {acts.shape}")
        rewards = np.zeros((self.num_envs, self.players), dtype=np.float32)
        terminations = np.zeros(self.num_envs, dtype=np.bool_)
        illegal = np.zeros(self.num_envs, dtype=np.bool_)
        # check every action first: a bad one raises before any hand changes
        chosen: list[int] = []
        for i in range(self.num_envs):
            action = int(acts[i])
            if not self._done[i] and action not in self._legal[i]:
                if self.illegal_action == "raise":
                    raise ValueError(
                        f"illegal action {action} in env {i} (seat {self._seats[i]}); "
                        f"legal ids: {sorted(self._legal[i])}"
                    )
                action = fallback_id(self._legal[i])
                illegal[i] = True
            chosen.append(action)
        for i in range(self.num_envs):
            if self._done[i]:  # NEXT_STEP autoreset: a new hand, the action is ignored
                hand = self.hands[i] = self._deal(i)
                self._trackers[i] = self.encoder.tracker(hand, info=False)
                self._done[i] = False
                self._observe(i)
                continue
            hand = self.hands[i]
            hand.apply(self._legal[i][chosen[i]])
            auto_show(hand)
            if hand.is_over:
                rewards[i] = hand.payoffs
                terminations[i] = True
                self._done[i] = True
                self._observe(i, seat=int(self._seats[i]))
            else:
                self._observe(i)
        if self._scale != 1.0:
            rewards *= self._scale
        return (self._obs.copy(), rewards, terminations, np.zeros(self.num_envs, dtype=np.bool_),
                self._infos(illegal))

    def close(self, **kwargs: Any) -> None:
        self.hands = []
        self._trackers = []
        self.closed = True

    # ----------------------------------------------------------------- helpers

    def _deal(self, i: int) -> Hand:
        config = self.config
        rng = self._rngs[i]
        for _ in range(1000):
            dealer = config.dealer if config.dealer is not None else rng.randrange(config.players)
            hand = config.game.deal(stacks=config.stacks, dealer=dealer, rng=rng)
            auto_show(hand)
            if not hand.is_over:
                return hand
        raise RuntimeError("no hand with a decision in 1000 deals (stacks no larger than the ante)")

    def _observe(self, i: int, seat: int | None = None) -> None:
        """Write env ``i``'s observation, mask and seat into the batch arrays."""
        hand = self.hands[i]
        tracker = self._trackers[i]
        tracker.sync()
        if seat is None:  # the seat to act
            seat = hand.to_act
            assert seat is not None
            legal, key = legal_table(hand)
            self._legal[i] = legal
            self._masks[i] = _mask(key)
        else:  # the hand is over: the last actor's final view, nothing legal
            self._legal[i] = {}
            self._masks[i] = 0
        self._seats[i] = seat
        tracker.write(seat, self._obs[i], info=False)

    def _infos(self, illegal: NDArray[np.bool_] | None) -> dict[str, Any]:
        infos: dict[str, Any] = {"action_mask": self._masks.copy(), "seat": self._seats.copy()}
        if illegal is not None and illegal.any():
            infos["illegal_action"] = illegal
        return infos


def vector_env(
    game: str | Game = "stud", players: int = 3, num_envs: int = 8, **options: Any
) -> StudPokerVectorEnv:
    """A Gymnasium ``VectorEnv`` of ``num_envs`` self-play hands of ``game`` with ``players`` seats.

    ``options``: the game's options (as for :func:`studpoker.env.pettingzoo_env`)
    and the environment's (``joker`` = False, ``stacks`` = 200, ``dealer`` =
    random each hand, ``normalize_rewards`` = False, ``illegal_action`` = "raise").
    """
    return StudPokerVectorEnv(game, players, num_envs, **options)
