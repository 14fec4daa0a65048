"""The state machine of one hand (R1-R3).

The module lives in :mod:`studpoker.engine.hand`, the rules core; this old path
re-exports it.
"""

from studpoker.engine.hand import (
    Hand,
    Phase,
    PlayerView,
    PotResult,
    SeatView,
)

__all__ = [
    "Hand",
    "Phase",
    "PlayerView",
    "PotResult",
    "SeatView",
]
