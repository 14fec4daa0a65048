"""Train a small policy against the ``rule`` bot and plot its learning curve.

The agent plays one seat of ``gymnasium_env`` (the others are ``rule``
bots) with a small network trained by actor-critic policy gradient (REINFORCE
with a learned value baseline); illegal actions are masked out of the
softmax with ``info["action_mask"]``. Rewards
are chip payoffs in big bets (``normalize_rewards=True``). Every batch of
hands adds one point to the curve (mean reward per hand, and its moving
average); the plot goes to ``--out`` (PNG) and the numbers to the same path
with ``.csv``.

Usage::

    .venv/bin/python examples/train_vs_rule.py                       # stud, 3000 hands
    .venv/bin/python examples/train_vs_rule.py --game wallstreet --opponents rule rule rule
    .venv/bin/python examples/train_vs_rule.py --hands 200 --out /tmp/curve.png

Needs the ``[ai]`` and ``[rl]`` extras (torch, matplotlib).
"""

from __future__ import annotations

import argparse
import csv
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

from studpoker.env import NUM_ACTIONS, gymnasium_env


class Policy(nn.Module):
    """Observation -> logits over the 11 actions, and a value (expected reward)."""

    def __init__(self, size: int, hidden: int = 64) -> None:
        super().__init__()
        self.body = nn.Sequential(nn.Linear(size, hidden), nn.ReLU())
        self.logits = nn.Linear(hidden, NUM_ACTIONS)
        self.value = nn.Linear(hidden, 1)

    def forward(
        self, obs: torch.Tensor, mask: torch.Tensor
    ) -> tuple[torch.distributions.Categorical, torch.Tensor]:
        h = self.body(obs)
        logits = self.logits(h).masked_fill(mask == 0, -1e9)
        return torch.distributions.Categorical(logits=logits), self.value(h).squeeze(-1)


def train(
    *, game: str, opponents: list[str], hands: int, batch: int, lr: float, seed: int
) -> list[tuple[int, float]]:
    """Actor-critic (REINFORCE with a learned baseline) for ``hands`` hands.

    Returns (hands played, mean reward per hand) for every batch.
    """
    torch.manual_seed(seed)
    env = gymnasium_env(game=game, opponents=opponents, normalize_rewards=True)
    size = env.observation_space.shape[0]
    policy = Policy(size)
    opt = torch.optim.Adam(policy.parameters(), lr=lr)
    curve: list[tuple[int, float]] = []
    played = 0
    while played < hands:
        log_probs: list[torch.Tensor] = []
        values: list[torch.Tensor] = []
        entropies: list[torch.Tensor] = []
        returns: list[float] = []
        rewards: list[float] = []
        for _ in range(batch):
            obs, info = env.reset(seed=seed * 1_000_003 + played)
            played += 1
            steps = 0
            total, done = 0.0, False
            while not done:
                dist, value = policy(torch.as_tensor(obs), torch.as_tensor(info["action_mask"]))
                action = dist.sample()
                log_probs.append(dist.log_prob(action))
                values.append(value)
                entropies.append(dist.entropy())
                obs, reward, done, _truncated, info = env.step(int(action))
                total += reward
                steps += 1
            rewards.append(total)
            returns += [total] * steps  # the only reward comes at the end of the hand
        target = torch.as_tensor(returns)
        value_t = torch.stack(values)
        advantages = (target - value_t).detach()
        loss = (
            -(torch.stack(log_probs) * advantages).mean()
            + 0.5 * ((value_t - target) ** 2).mean()
            - 0.01 * torch.stack(entropies).mean()
        )
        opt.zero_grad()
        loss.backward()
        opt.step()
        curve.append((played, float(np.mean(rewards))))
    return curve


def plot(curve: list[tuple[int, float]], out: Path, title: str) -> None:
    """Write the curve as PNG (``out``) and CSV (``out`` with ``.csv``)."""
    with out.with_suffix(".csv").open("w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["hands", "mean_reward_big_bets"])
        writer.writerows(curve)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    x = np.array([c[0] for c in curve])
    y = np.array([c[1] for c in curve])
    window = max(1, len(y) // 10)
    smooth = np.convolve(y, np.ones(window) / window, mode="valid")
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(x, y, alpha=0.35, label="mean reward per hand (batch)")
    ax.plot(x[window - 1:], smooth, label=f"moving average ({window} batches)")
    ax.axhline(0.0, color="grey", linewidth=0.8)
    ax.set_xlabel("hands played")
    ax.set_ylabel("reward per hand (big bets)")
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    plt.close(fig)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Train a small policy against studpoker's rule bot.")
    parser.add_argument("--game", default="stud", choices=["stud", "wallstreet"])
    parser.add_argument("--opponents", nargs="+", default=["rule", "rule"])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--batch", type=int, default=32, help="hands per policy update")
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("learning_curve.png"))
    args = parser.parse_args(argv)
    start = time.time()
    curve = train(game=args.game, opponents=args.opponents, hands=args.hands, batch=args.batch,
                  lr=args.lr, seed=args.seed)
    title = f"{args.game}: actor-critic vs {', '.join(args.opponents)}"
    plot(curve, args.out, title)
    first = np.mean([c[1] for c in curve[: max(1, len(curve) // 5)]])
    last = np.mean([c[1] for c in curve[-max(1, len(curve) // 5):]])
    print(f"{curve[-1][0]} hands in {time.time() - start:.0f}s; reward per hand (big bets): "
          f"first fifth {first:+.3f}, last fifth {last:+.3f}; curve in {args.out}")


if __name__ == "__main__":
    main()
