"""Settling the pots of a hand: who wins each pot, each seat's share, and in what words

The module lives in :mod:`studpoker.engine.settlement`, the rules core; this old path
re-exports it.
"""

from studpoker.engine.settlement import (
    HandValue,
    PotResult,
    Settlement,
    SpadeValue,
    settle,
    settle_uncontested,
)

__all__ = [
    "HandValue",
    "PotResult",
    "Settlement",
    "SpadeValue",
    "settle",
    "settle_uncontested",
]
