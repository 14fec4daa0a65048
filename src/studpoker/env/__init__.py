"""Game-AI environments for Seven Card Stud and Wall Street (the ``[ai]`` extra).

* :func:`pettingzoo_env` - a PettingZoo AEC environment, observations
  ``{"observation", "action_mask"}`` like PettingZoo's classic card games;
* :func:`gymnasium_env` - a single-agent Gymnasium environment against the
  bots of :mod:`studpoker.bots`, the action mask in ``info["action_mask"]``;
* :func:`vector_env` - many self-play hands stepped together with numpy
  arrays (Gymnasium's vector API, per-seat rewards, masks in ``infos``);
* ``import studpoker.env.openspiel`` registers the OpenSpiel games
  ``python_studpoker_stud``, ``python_studpoker_stud8``, ``python_studpoker_razz`` and
  ``python_studpoker_wallstreet``.

All share one discrete action space (:class:`ActionId`, 11 actions) and one
observation layout (:mod:`studpoker.env._encode`, :class:`Layout`). Each
optional dependency is imported only by the environment that needs it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from studpoker._extras import missing_extra

try:
    from studpoker.env._encode import Encoder, Layout, Tracker, max_decisions
    from studpoker.env._spec import ACTION_NAMES, NUM_ACTIONS, ActionId, EnvConfig, make_config
except ImportError as _exc:
    raise missing_extra(_exc, what="studpoker.env", extra="ai") from _exc

if TYPE_CHECKING:
    from studpoker.env._gymnasium import StudPokerGym
    from studpoker.env._pettingzoo import StudPokerAEC
    from studpoker.env._vector import StudPokerVectorEnv

__all__ = [
    "ACTION_NAMES",
    "NUM_ACTIONS",
    "ActionId",
    "Encoder",
    "EnvConfig",
    "Layout",
    "Tracker",
    "gymnasium_env",
    "make_config",
    "max_decisions",
    "pettingzoo_env",
    "vector_env",
]


def pettingzoo_env(game: str = "stud", players: int = 3, joker: bool = False, **options: Any) -> StudPokerAEC:
    """A PettingZoo AEC environment; see :func:`studpoker.env._pettingzoo.pettingzoo_env`."""
    from studpoker.env._pettingzoo import pettingzoo_env as make

    return make(game, players, joker, **options)


def gymnasium_env(
    game: str = "stud", opponents: Any = ("rule", "rule"), joker: bool = False, **options: Any
) -> StudPokerGym:
    """A single-agent Gymnasium environment; see :func:`studpoker.env._gymnasium.gymnasium_env`."""
    from studpoker.env._gymnasium import gymnasium_env as make

    return make(game, opponents, joker, **options)


def vector_env(game: str = "stud", players: int = 3, num_envs: int = 8, **options: Any) -> StudPokerVectorEnv:
    """A Gymnasium vector environment; see :func:`studpoker.env._vector.vector_env`."""
    from studpoker.env._vector import vector_env as make

    return make(game, players, num_envs, **options)
