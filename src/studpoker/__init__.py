"""studpoker: exact, fast rules for Seven Card Stud, Stud Hi-Lo, Razz and Wall Street.

>>> from studpoker import WallStreet
>>> game = WallStreet(ante=1, limits=(2, 2, 4, 4, 4))
>>> hand = game.deal(stacks=[200] * 5, dealer=4, seed=7)
>>> while not hand.is_over:
...     hand.apply(hand.legal_actions()[0])
>>> sum(hand.payoffs)
0
"""

# the display layer gives actions and log records their words (str(action): "seat 2 raises to 10")
# and cards their picture (Jupyter): both register in studpoker.engine.words
from studpoker import describe as _describe  # noqa: F401
from studpoker import svg as _svg  # noqa: F401
from studpoker.engine.actions import Action, ActionKind, IllegalAction
from studpoker.engine.cards import JOKER, Card, CardError, Rank, Suit, parse_cards
from studpoker.engine.evaluation import (
    HighCategory,
    HighValue,
    LowCategory,
    LowValue,
    RazzCategory,
    RazzValue,
    evaluate_high,
    evaluate_low,
    evaluate_razz,
)
from studpoker.engine.games import (
    Baseball,
    FollowTheQueen,
    Game,
    GameError,
    HighChicago,
    LowChicago,
    Razz,
    SevenCardStud,
    SevenCardStudHiLo,
    StudHiLo,
    WallStreet,
)
from studpoker.engine.hand import Hand, Phase, PotResult, SeatView

__version__ = "0.1.0"

__all__ = [
    "JOKER",
    "Action",
    "ActionKind",
    "Baseball",
    "Card",
    "CardError",
    "FollowTheQueen",
    "Game",
    "GameError",
    "Hand",
    "HighCategory",
    "HighChicago",
    "HighValue",
    "IllegalAction",
    "LowCategory",
    "LowChicago",
    "LowValue",
    "Phase",
    "PotResult",
    "Rank",
    "Razz",
    "RazzCategory",
    "RazzValue",
    "SeatView",
    "SevenCardStud",
    "SevenCardStudHiLo",
    "StudHiLo",
    "Suit",
    "WallStreet",
    "__version__",
    "evaluate_high",
    "evaluate_low",
    "evaluate_razz",
    "parse_cards",
]
