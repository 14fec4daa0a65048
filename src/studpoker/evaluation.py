"""Hand evaluation: high hands (R1.2, R1.3), eight-or-better lows (R1.4), razz

The module lives in :mod:`studpoker.engine.evaluation`, the rules core; this old path
re-exports it.
"""

from studpoker.engine.evaluation import (
    DeuceSevenValue,
    HighCategory,
    HighValue,
    LowCategory,
    LowValue,
    RazzCategory,
    RazzValue,
    board_has_pair,
    board_key,
    bring_in_key,
    deuce_seven_board_key,
    deuce_seven_bring_in_key,
    deuce_seven_category_of_key,
    deuce_seven_key,
    deuce_seven_odd_chip_key,
    deuce_seven_value,
    evaluate_deuce_seven,
    evaluate_high,
    evaluate_low,
    evaluate_razz,
    high_category_of_key,
    high_key,
    low_key,
    odd_chip_key,
    razz_board_key,
    razz_bring_in_key,
    razz_category_of_key,
    razz_key,
    razz_odd_chip_key,
    razz_value,
)

# public names outside the module's __all__, importable here as before
from studpoker.engine.evaluation import high_value as high_value

__all__ = [
    "DeuceSevenValue",
    "HighCategory",
    "HighValue",
    "LowCategory",
    "LowValue",
    "RazzCategory",
    "RazzValue",
    "board_has_pair",
    "board_key",
    "bring_in_key",
    "deuce_seven_board_key",
    "deuce_seven_bring_in_key",
    "deuce_seven_category_of_key",
    "deuce_seven_key",
    "deuce_seven_odd_chip_key",
    "deuce_seven_value",
    "evaluate_deuce_seven",
    "evaluate_high",
    "evaluate_low",
    "evaluate_razz",
    "high_category_of_key",
    "high_key",
    "low_key",
    "odd_chip_key",
    "razz_board_key",
    "razz_bring_in_key",
    "razz_category_of_key",
    "razz_key",
    "razz_odd_chip_key",
    "razz_value",
]
