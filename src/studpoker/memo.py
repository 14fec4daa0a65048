"""What every hand of one game shares: values built once per game, as hands need them.

The module lives in :mod:`studpoker.engine.memo`, the rules core; this old path
re-exports it.
"""

from studpoker.engine.memo import (
    GameMemo,
    Setup,
)

__all__ = [
    "GameMemo",
    "Setup",
]
