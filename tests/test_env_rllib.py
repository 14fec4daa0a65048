"""Self-play at scale: the PettingZoo environment under RLlib's PettingZoo wrapper, on local Ray."""

from __future__ import annotations

import math
import shutil
import tempfile

import numpy as np
import pytest

pytest.importorskip("ray.rllib")
pytest.importorskip("torch")

from studpoker.env.rllib import RenamedObservations, make_rllib_env, register_env


def test_rllib_wrapper_speaks_multi_agent() -> None:
    env = make_rllib_env({"game": "stud", "players": 3})
    obs, _infos = env.reset(seed=3)
    assert len(obs) == 1
    (agent, first), = obs.items()
    assert set(first) == {"observations", "action_mask"}
    assert env.observation_space[agent].contains(first)
    episodes, done = 0, False
    while not done:
        (agent, o), = ((a, v) for a, v in obs.items() if v["action_mask"].any())
        obs, rewards, terminateds, _truncateds, _ = env.step({agent: int(np.flatnonzero(o["action_mask"])[0])})
        done = terminateds["__all__"]
        episodes += done
    assert episodes == 1 and math.isclose(sum(rewards.values()), 0.0, abs_tol=1e-9)
    assert isinstance(RenamedObservations, type)


@pytest.mark.slow
def test_ppo_self_play_trains_on_a_local_ray_instance() -> None:
    import ray
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule

    temp = tempfile.mkdtemp(prefix="ray", dir="/tmp")  # short: Ray's socket paths are limited
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, _temp_dir=temp)
    try:
        name = register_env("studpoker_test")
        config = (
            PPOConfig()
            .environment(name, env_config={"game": "wallstreet", "players": 3, "normalize_rewards": True})
            .multi_agent(policies={"shared"}, policy_mapping_fn=lambda agent_id, *a, **k: "shared")
            .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={
                "shared": RLModuleSpec(module_class=ActionMaskingTorchRLModule,
                                       model_config={"fcnet_hiddens": [32], "head_fcnet_hiddens": [32]}),
            }))
            .env_runners(num_env_runners=0)
            .learners(num_learners=0)
            .training(train_batch_size_per_learner=200, minibatch_size=50, num_epochs=1)
        )
        algo = config.build_algo()
        try:
            results = [algo.train() for _ in range(2)]
        finally:
            algo.stop()
    finally:
        ray.shutdown()
        shutil.rmtree(temp, ignore_errors=True)
    runners = results[-1]["env_runners"]
    assert runners["num_env_steps_sampled_lifetime"] >= 400
    assert runners["num_episodes"] > 0
    learner = results[-1]["learners"]["shared"]
    assert math.isfinite(float(learner["policy_loss"]))
