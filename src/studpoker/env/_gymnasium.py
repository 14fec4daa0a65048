"""A single-agent Gymnasium environment: one learning seat against studpoker's bots.

>>> from studpoker.env import gymnasium_env
>>> env = gymnasium_env(game="stud", opponents=["station", "random"])
>>> obs, info = env.reset(seed=3)
>>> done = False
>>> while not done:
...     action = int(info["action_mask"].nonzero()[0][0])
...     obs, reward, done, truncated, info = env.step(action)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from studpoker._extras import missing_extra

try:
    import gymnasium as gym
    import numpy as np
    from gymnasium import spaces
    from numpy.typing import NDArray
except ImportError as _exc:
    raise missing_extra(_exc, what="the Gymnasium environment", extra="ai") from _exc

from studpoker.bots import Bot, make_bot
from studpoker.engine.games import Game, GameError
from studpoker.engine.hand import Hand
from studpoker.env._encode import Encoder
from studpoker.env._spec import (
    DEFAULT_STACK,
    NUM_ACTIONS,
    auto_show,
    fallback_id,
    legal_ids,
    make_config,
)

__all__ = ["StudPokerGym", "gymnasium_env"]


class StudPokerGym(gym.Env[NDArray[np.float32], np.int64]):
    """One hand per episode; the agent plays seat ``seat`` (random each hand when None).

    ``opponents`` are bot names (see :data:`studpoker.bots.BOT_NAMES`) or bot
    objects, one per other seat, in seat order after the agent. The
    observation is the agent's tensor (layout: :mod:`studpoker.env._encode`);
    ``info["action_mask"]`` (int8, 11 entries) marks the legal actions. The
    reward is the agent's chip payoff at the end of the hand (divided by the
    largest bet with ``normalize_rewards=True``), 0 before. An illegal action
    is replaced by check, free card, bring-in or fold (R4.4), costs
    ``illegal_penalty`` and sets ``info["illegal_action"]``; with
    ``illegal_action="raise"`` it raises ``ValueError`` instead.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium declares it so)

    def __init__(
        self,
        game: str | Game = "stud",
        opponents: Sequence[str | Bot] = ("rule", "rule"),
        joker: bool = False,
        *,
        seat: int | None = None,
        stacks: int | Sequence[int] = DEFAULT_STACK,
        dealer: int | None = None,
        normalize_rewards: bool = False,
        illegal_action: str = "fallback",
        illegal_penalty: float = 0.0,
        render_mode: str | None = None,
        **options: object,
    ) -> None:
        if isinstance(opponents, str):
            opponents = [opponents]
        players = len(opponents) + 1
        self.config = make_config(game, players, joker=joker, stacks=stacks, dealer=dealer, **options)
        if seat is not None and not 0 <= seat < players:
            raise GameError(f"seat must be 0..{players - 1} or None, got {seat!r}")
        if illegal_action not in ("raise", "fallback"):
            raise ValueError(f"illegal_action must be 'raise' or 'fallback', got {illegal_action!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi' or None, got {render_mode!r}")
        self.opponent_specs = list(opponents)
        for spec in self.opponent_specs:
            if isinstance(spec, str):
                make_bot(spec)  # raises UnknownBot early
        self.encoder = Encoder(self.config)
        self.fixed_seat = seat
        self.normalize_rewards = normalize_rewards
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.render_mode = render_mode
        self.observation_space = spaces.Box(
            low=0.0, high=self.encoder.layout.high(), shape=(self.encoder.obs_size,), dtype=np.float32
        )
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self.hand: Hand | None = None
        self.seat = 0
        self._bots: dict[int, Bot] = {}
        self._rng = random.Random()

    # --------------------------------------------------------------------- API

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        self._rng = random.Random(int(self.np_random.integers(2**62)))
        config = self.config
        for _ in range(1000):
            seat = self.fixed_seat
            self.seat = seat if seat is not None else self._rng.randrange(config.players)
            others = [(self.seat + k) % config.players for k in range(1, config.players)]
            self._bots = {}
            for s, spec in zip(others, self.opponent_specs, strict=True):
                bot_seed = self._rng.randrange(2**62)
                self._bots[s] = make_bot(spec, seed=bot_seed) if isinstance(spec, str) else spec
            dealer = config.dealer if config.dealer is not None else self._rng.randrange(config.players)
            self.hand = config.game.deal(stacks=config.stacks, dealer=dealer, rng=self._rng)
            self._play_bots()
            if not self.hand.is_over:
                break
        else:  # pragma: no cover - only with stacks that cannot cover the ante
            raise RuntimeError("the agent never got a decision in 1000 hands")
        return self._obs(), self._info()

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        hand = self._require_hand()
        if hand.is_over:
            raise RuntimeError("the hand is over: call reset()")
        legal = legal_ids(hand)
        penalty = 0.0
        illegal = int(action) not in legal
        if illegal:
            if self.illegal_action == "raise":
                raise ValueError(f"illegal action {action!r}; legal ids: {sorted(legal)}")
            action = fallback_id(legal)
            penalty = self.illegal_penalty
        hand.apply(legal[int(action)])
        auto_show(hand)
        self._play_bots()
        reward = -penalty
        if hand.is_over:
            scale = 1.0 / self.config.largest_bet if self.normalize_rewards else 1.0
            reward += hand.payoffs[self.seat] * scale
        info = self._info()
        if illegal:
            info["illegal_action"] = True
        return self._obs(), float(reward), hand.is_over, False, info

    def action_masks(self) -> NDArray[np.int8]:
        """The legal-action mask now (for sb3-contrib's MaskablePPO and the like)."""
        hand = self._require_hand()
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        if not hand.is_over and hand.to_act == self.seat:
            mask[list(legal_ids(hand))] = 1
        return mask

    def render(self) -> str | None:  # type: ignore[override]
        if self.render_mode != "ansi":
            return None
        view = self._require_hand().view(self.seat)
        return self.encoder.observation_string(view)

    # ----------------------------------------------------------------- helpers

    def _require_hand(self) -> Hand:
        if self.hand is None:
            raise RuntimeError("call reset() first")
        return self.hand

    def _play_bots(self) -> None:
        hand = self._require_hand()
        while not hand.is_over and hand.to_act != self.seat:
            seat = hand.to_act
            assert seat is not None
            hand.apply(self._bots[seat].act(hand.view(seat)))
            auto_show(hand)

    def _obs(self) -> NDArray[np.float32]:
        return self.encoder.observation(self._require_hand(), self.seat)

    def _info(self) -> dict[str, Any]:
        hand = self._require_hand()
        return {"action_mask": self.action_masks(), "seat": self.seat, "dealer": hand.dealer}


def gymnasium_env(
    game: str | Game = "stud",
    opponents: Sequence[str | Bot] = ("rule", "rule"),
    joker: bool = False,
    **options: Any,
) -> StudPokerGym:
    """A Gymnasium ``Env``: the agent against ``opponents`` (bot names such as "rule", "equity").

    ``options``: the game's options (as for :func:`studpoker.env.pettingzoo_env`)
    and the environment's (``seat`` = random each hand, ``stacks`` = 200,
    ``dealer`` = random, ``normalize_rewards`` = False, ``illegal_action`` =
    "fallback", ``illegal_penalty`` = 0.0, ``render_mode`` = None).
    """
    return StudPokerGym(game, opponents, joker, **options)
