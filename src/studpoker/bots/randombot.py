"""``random``: a uniformly random legal action, from a seeded generator.

>>> from studpoker.engine import SevenCardStud
>>> from studpoker.bots.randombot import RandomBot
>>> hand = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10).deal(
...     stacks=[100, 100], seed=1)
>>> bot = RandomBot(seed=3)
>>> bot.act(hand.view(hand.to_act)) in hand.legal_actions()
True
"""

from __future__ import annotations

from studpoker.bots._common import make_rng
from studpoker.engine.actions import Action
from studpoker.engine.hand import SeatView

__all__ = ["RandomBot"]


class RandomBot:
    """Picks one of ``view.legal_actions`` uniformly at random."""

    name = "random"

    def __init__(self, *, seed: int | None = None) -> None:
        self.rng = make_rng(seed)

    def act(self, view: SeatView) -> Action:
        """A uniformly random legal action."""
        return self.rng.choice(view.legal_actions)
