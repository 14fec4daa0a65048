"""Pots: contributions to main and side pots, dead money, splits (R1.6, R1.9, R2.10, R3.5, R3.7, R3.8).

The module lives in :mod:`studpoker.engine.pots`, the rules core; this old path
re-exports it.
"""

from studpoker.engine.pots import (
    DeadMoney,
    Pot,
    build_pots,
    split_evenly,
)

__all__ = [
    "DeadMoney",
    "Pot",
    "build_pots",
    "split_evenly",
]
