"""Cards, ranks, suits and decks (R1.1, R1.2).

The module lives in :mod:`studpoker.engine.cards`, the rules core; this old path
re-exports it.
"""

from studpoker.engine.cards import (
    JOKER,
    UNKNOWN,
    Card,
    CardError,
    CardLike,
    CardsLike,
    Rank,
    Suit,
    format_cards,
    full_deck,
    parse_card,
    parse_cards,
)

# public names outside the module's __all__, importable here as before
from studpoker.engine.cards import JOKER_CODE as JOKER_CODE
from studpoker.engine.cards import RANK_CHARS as RANK_CHARS
from studpoker.engine.cards import SUIT_CHARS as SUIT_CHARS
from studpoker.engine.cards import check_distinct as check_distinct
from studpoker.engine.cards import shuffled_deck as shuffled_deck

__all__ = [
    "JOKER",
    "UNKNOWN",
    "Card",
    "CardError",
    "CardLike",
    "CardsLike",
    "Rank",
    "Suit",
    "format_cards",
    "full_deck",
    "parse_card",
    "parse_cards",
]
