"""Run the PettingZoo environment under RLlib (self-play at scale).

RLlib's :class:`~ray.rllib.env.wrappers.pettingzoo_env.PettingZooEnv` wraps
our AEC environment as a ``MultiAgentEnv``; RLlib's example
``ActionMaskingTorchRLModule`` masks illegal actions, and it expects the
observation dict to hold ``"observations"`` and ``"action_mask"``, so
:class:`RenamedObservations` renames our ``"observation"`` key.

A PPO run with one policy shared by every seat (self-play)::

    import ray
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
        ActionMaskingTorchRLModule,
    )
    from studpoker.env.rllib import register_env

    ray.init(num_cpus=2, include_dashboard=False)
    name = register_env()  # "studpoker"; env_config = pettingzoo_env()'s arguments
    config = (
        PPOConfig()
        .environment(name, env_config={"game": "wallstreet", "players": 4,
                                       "normalize_rewards": True})
        .multi_agent(policies={"shared"},
                     policy_mapping_fn=lambda agent_id, *args, **kwargs: "shared")
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={
            "shared": RLModuleSpec(module_class=ActionMaskingTorchRLModule)}))
    )
    algo = config.build_algo()
    for _ in range(10):
        print(algo.train()["env_runners"]["episode_return_mean"])
"""

from __future__ import annotations

from typing import Any

from studpoker._extras import missing_extra

try:
    from gymnasium import spaces
    from pettingzoo.utils import BaseWrapper
except ImportError as _exc:
    raise missing_extra(_exc, what="studpoker.env.rllib", extra="rl") from _exc

from studpoker.env._pettingzoo import StudPokerAEC, pettingzoo_env

__all__ = ["RenamedObservations", "make_rllib_env", "register_env"]


class RenamedObservations(BaseWrapper):  # type: ignore[misc]  # pettingzoo is untyped
    """Our AEC env with observation dicts ``{"observations", "action_mask"}`` (RLlib's names)."""

    def __init__(self, env: StudPokerAEC) -> None:
        super().__init__(env)
        inner = env.observation_space(env.possible_agents[0])
        assert isinstance(inner, spaces.Dict)
        self._space = spaces.Dict({
            "observations": inner["observation"], "action_mask": inner["action_mask"],
        })

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._space

    def observe(self, agent: str) -> dict[str, Any] | None:
        obs = super().observe(agent)
        if obs is None:
            return None
        return {"observations": obs["observation"], "action_mask": obs["action_mask"]}


def make_rllib_env(env_config: dict[str, Any] | None = None) -> Any:
    """An RLlib ``MultiAgentEnv``: RLlib's PettingZooEnv around our (renamed) AEC env.

    ``env_config`` holds :func:`studpoker.env.pettingzoo_env`'s arguments;
    ``illegal_action`` defaults to "fallback" here, as RLlib's environment
    check steps with unmasked random actions (the masked module never picks
    an illegal one).
    """
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv

    kwargs = {"illegal_action": "fallback", **dict(env_config or {})}
    return PettingZooEnv(RenamedObservations(pettingzoo_env(**kwargs)))  # type: ignore[no-untyped-call]


def register_env(name: str = "studpoker") -> str:
    """Register :func:`make_rllib_env` with Ray Tune under ``name``; returns the name."""
    from ray.tune.registry import register_env as tune_register

    tune_register(name, make_rllib_env)
    return name
