"""``station``: the calling station. It never folds, never bets or raises, never
buys from the market, and shows at showdown: check or call, post the
bring-in, take the free card, show.

>>> from studpoker.engine import SevenCardStud
>>> from studpoker.bots.station import StationBot
>>> hand = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10).deal(
...     stacks=[100, 100], seed=1)
>>> StationBot().act(hand.view(hand.to_act)).kind.value
'bring_in'
"""

from __future__ import annotations

from studpoker.bots._common import passive
from studpoker.engine.actions import Action
from studpoker.engine.hand import SeatView

__all__ = ["StationBot"]


class StationBot:
    """Calls everything down; ``seed`` is accepted for a uniform interface and unused."""

    name = "station"

    def __init__(self, *, seed: int | None = None) -> None:
        del seed

    def act(self, view: SeatView) -> Action:
        """Show, check, call, bring in or take the free card."""
        return passive(view)
