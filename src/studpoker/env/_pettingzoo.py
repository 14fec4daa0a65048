"""PettingZoo AEC environment for Seven Card Stud and Wall Street.

>>> from studpoker.env import pettingzoo_env
>>> env = pettingzoo_env(game="wallstreet", players=4)
>>> env.reset(seed=1)
>>> for agent in env.agent_iter():
...     obs, reward, terminated, truncated, info = env.last()
...     action = None if terminated else int(obs["action_mask"].nonzero()[0][0])
...     env.step(action)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from studpoker._extras import missing_extra

try:
    import numpy as np
    from gymnasium import spaces
    from numpy.typing import NDArray
    from pettingzoo import AECEnv
except ImportError as _exc:
    raise missing_extra(_exc, what="the PettingZoo environment", extra="ai") from _exc

from studpoker.engine.actions import Action
from studpoker.engine.games import Game
from studpoker.engine.hand import Hand
from studpoker.env._encode import Encoder, Tracker
from studpoker.env._spec import (
    DEFAULT_STACK,
    NUM_ACTIONS,
    auto_show,
    fallback_id,
    legal_table,
    make_config,
)

__all__ = ["StudPokerAEC", "pettingzoo_env"]

Obs = dict[str, NDArray[Any]]
_MASKS: dict[tuple[int, ...], NDArray[np.int8]] = {}  # legal ids -> mask (copied out)
_NO_MASK = np.zeros(NUM_ACTIONS, dtype=np.int8)  # the mask of an agent not to act (copied out)


class StudPokerAEC(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """One hand per episode. Agents ``player_0 .. player_{N-1}`` are seats 0..N-1.

    Observations are ``{"observation": float32 vector, "action_mask": int8 vector}``
    (layout: :mod:`studpoker.env._encode`); the mask of an agent not to act is
    all zeros. Actions are :class:`~studpoker.env.ActionId` values. Rewards
    are each seat's chip payoff when the hand ends (divided by the game's
    largest bet with ``normalize_rewards=True``). Showdown is automatic: every
    player still in shows. An illegal action raises ``ValueError``, or with
    ``illegal_action="fallback"`` is replaced by check, free card, bring-in or
    fold, in that order of preference (R4.4).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "studpoker_v0",
        "render_modes": ["human", "ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str | Game = "stud",
        players: int = 3,
        joker: bool = False,
        *,
        stacks: int | Sequence[int] = DEFAULT_STACK,
        dealer: int | None = None,
        normalize_rewards: bool = False,
        illegal_action: str = "raise",
        render_mode: str | None = None,
        **options: object,
    ) -> None:
        super().__init__()
        if illegal_action not in ("raise", "fallback"):
            raise ValueError(f"illegal_action must be 'raise' or 'fallback', got {illegal_action!r}")
        if render_mode is not None and render_mode not in ("human", "ansi"):
            raise ValueError(f"render_mode must be 'human', 'ansi' or None, got {render_mode!r}")
        self.config = make_config(game, players, joker=joker, stacks=stacks, dealer=dealer, **options)
        self.encoder = Encoder(self.config)
        self.normalize_rewards = normalize_rewards
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents = self.possible_agents[:]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict({
            "observation": spaces.Box(
                low=0.0, high=self.encoder.layout.high(), shape=(self.encoder.obs_size,), dtype=np.float32
            ),
            "action_mask": spaces.Box(low=0, high=1, shape=(NUM_ACTIONS,), dtype=np.int8),
        })
        self.observation_spaces: dict[str, spaces.Space[Any]] = {a: obs_space for a in self.possible_agents}
        self.action_spaces: dict[str, spaces.Space[Any]] = {
            a: spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents
        }
        self._rng = random.Random()
        self.hand: Hand | None = None
        self._tracker: Tracker | None = None
        self._legal_cache: tuple[Hand, int, tuple[dict[int, Action], NDArray[np.int8]]] | None = None
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = self.possible_agents[0]

    # ------------------------------------------------------------------ spaces

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # --------------------------------------------------------------------- API

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        config = self.config
        dealer = config.dealer if config.dealer is not None else self._rng.randrange(config.players)
        hand = config.game.deal(stacks=config.stacks, dealer=dealer, rng=self._rng)
        auto_show(hand)
        self.hand = hand
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        if hand.is_over:  # only with stacks no larger than the ante
            self._finish(hand)
            self.agent_selection = self.agents[0]
        else:
            assert hand.to_act is not None
            self.agent_selection = self.possible_agents[hand.to_act]

    def observe(self, agent: str) -> Obs:
        hand = self._require_hand()
        seat = self._index[agent]
        tracker = self._tracker
        if tracker is None or tracker.hand is not hand:
            tracker = self._tracker = self.encoder.tracker(hand, info=False)
        tracker.sync()
        mask = self._legal(hand)[1] if hand.to_act == seat and not hand.is_over else _NO_MASK
        return {"observation": tracker.tensor(seat, info=False), "action_mask": mask.copy()}

    def _legal(self, hand: Hand) -> tuple[dict[int, Action], NDArray[np.int8]]:
        """The legal ids now and their mask (both shared: read only), kept for the
        decision (``observe`` and then ``step`` ask for them)."""
        cached = self._legal_cache
        if cached is not None and cached[0] is hand and cached[1] == len(hand.log):
            return cached[2]
        legal, key = legal_table(hand)
        mask = _MASKS.get(key)
        if mask is None:
            mask = _MASKS[key] = np.zeros(NUM_ACTIONS, dtype=np.int8)
            mask[list(key)] = 1
        self._legal_cache = (hand, len(hand.log), (legal, mask))
        return legal, mask

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        hand = self._require_hand()
        legal = self._legal(hand)[0]
        if action is None or int(action) not in legal:
            if self.illegal_action == "raise":
                names = sorted(legal)
                raise ValueError(f"illegal action {action!r} for {agent}; legal ids: {names}")
            action = fallback_id(legal)
        hand.apply(legal[int(action)])
        auto_show(hand)
        self._cumulative_rewards[agent] = 0.0
        if hand.is_over:
            self._finish(hand)
            self._accumulate_rewards()
            self._deads_step_first()
        else:
            # mid-hand every reward is 0 and nobody is terminated: accumulating
            # the rewards and reordering the dead agents would change nothing
            assert hand.to_act is not None
            self.agent_selection = self.possible_agents[hand.to_act]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        hand = self._require_hand()
        view = hand.view(None)
        text = "\n".join(self.encoder._header(view))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.hand = None

    # ----------------------------------------------------------------- helpers

    def _require_hand(self) -> Hand:
        if self.hand is None:
            raise RuntimeError("call reset() first")
        return self.hand

    def _finish(self, hand: Hand) -> None:
        scale = 1.0 / self.config.largest_bet if self.normalize_rewards else 1.0
        payoffs = hand.payoffs
        self.rewards = {a: float(payoffs[i]) * scale for i, a in enumerate(self.possible_agents)}
        self.terminations = {a: True for a in self.agents}


def pettingzoo_env(
    game: str | Game = "stud", players: int = 3, joker: bool = False, **options: Any
) -> StudPokerAEC:
    """A PettingZoo ``AECEnv`` for ``game`` (a game of the registry: "stud", "stud8", "razz",
    "wallstreet", "baseball", "follow_the_queen", "high_chicago", "low_chicago",
    "kings_and_little_ones") with ``players`` seats.

    ``options``: the game's options (``ante``, ``bring_in``, ``small_bet``,
    ``big_bet``, ``limits``, ``market_unit``, ``max_raises``,
    ``double_ace_flush``, ``heads_up_uncapped``, ``open_pair_big_bet``,
    ``showdown_muck``, ``three_price``) and the
    environment's (``stacks`` = 200, ``dealer`` = random each hand,
    ``normalize_rewards`` = False, ``illegal_action`` = "raise",
    ``render_mode`` = None).
    """
    return StudPokerAEC(game, players, joker, **options)
