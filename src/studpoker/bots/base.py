"""The one small protocol every bot speaks.

A bot sees only what its seat may see (a :class:`~studpoker.engine.hand.SeatView`,
whose ``legal_actions`` are the choices it has) and returns one of them.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from studpoker.engine.actions import Action
from studpoker.engine.hand import SeatView

__all__ = ["Bot"]


@runtime_checkable
class Bot(Protocol):
    """A player program: ``act(view)`` returns one of ``view.legal_actions``."""

    name: str

    def act(self, view: SeatView) -> Action:
        """Choose an action for ``view.seat``; ``view.legal_actions`` is never empty."""
        ...
