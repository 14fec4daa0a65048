"""Actions a player can take, and the error an illegal one raises (R1.12).

The module lives in :mod:`studpoker.engine.actions`, the rules core; this old path
re-exports it.
"""

from studpoker.engine.actions import (
    Action,
    ActionKind,
    IllegalAction,
    make_action,
)

__all__ = [
    "Action",
    "ActionKind",
    "IllegalAction",
    "make_action",
]
