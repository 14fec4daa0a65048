"""One fixed-limit betting round (R1.5, R1.6, R2.4-R2.6): the one home of the betting rules.

The module lives in :mod:`studpoker.engine.betting`, the rules core; this old path
re-exports it.
"""

from studpoker.engine.betting import (
    BettingRound,
)

__all__ = [
    "BettingRound",
]
