"""Hand evaluation with true wild cards (R8.1, R1.3): Baseball, Follow the Queen and any

The module lives in :mod:`studpoker.engine.wild`, the rules core; this old path
re-exports it.
"""

from studpoker.engine.wild import (
    RankLike,
    WildCategory,
    WildHighValue,
    evaluate_wild_high,
    evaluate_wild_low,
    wild_board_key,
    wild_category_of_key,
    wild_high_key,
    wild_low_key,
    wild_mask,
    wild_value,
)

__all__ = [
    "RankLike",
    "WildCategory",
    "WildHighValue",
    "evaluate_wild_high",
    "evaluate_wild_low",
    "wild_board_key",
    "wild_category_of_key",
    "wild_high_key",
    "wild_low_key",
    "wild_mask",
    "wild_value",
]
