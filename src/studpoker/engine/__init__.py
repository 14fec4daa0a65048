"""The rules core: cards, hand evaluation (wild cards too), the games, betting, pots,
settlement, the hand engine and the table of seats across hands.

The engine imports nothing from the rest of :mod:`studpoker` and nothing outside the
standard library; display (:mod:`studpoker.svg`, :mod:`studpoker.describe`,
:mod:`studpoker.codec`) and applications (histories, bots, equity, simulations,
environments, the command line, the server) are built on it. Its modules depend on
one another in one direction only, from the bottom up:

* :mod:`~studpoker.engine.cards`, :mod:`~studpoker.engine.actions`, :mod:`~studpoker.engine.pots`
* :mod:`~studpoker.engine.evaluation` (cards), :mod:`~studpoker.engine.wild` (evaluation)
* :mod:`~studpoker.engine.operations`, the log records (actions, cards)
* :mod:`~studpoker.engine.results`, what a settled pot reports (evaluation, wild, operations)
* :mod:`~studpoker.engine.memo`, what every hand of a game shares (operations, results)
* :mod:`~studpoker.engine.games`, the game configurations (cards, memo)
* :mod:`~studpoker.engine.settlement`, :mod:`~studpoker.engine.betting` (games)
* :mod:`~studpoker.engine.hand`, the hand engine (all of the above)
* :mod:`~studpoker.engine.table`, seats across hands (hand)

These are the modules' only paths: ``import studpoker.engine`` loads the engine alone
(the package :mod:`studpoker` above it is light).

>>> from studpoker.engine import SevenCardStud
>>> hand = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10).deal(stacks=[50, 50], seed=3)
>>> while not hand.is_over:
...     hand.apply(hand.legal_actions()[0])
>>> sum(hand.payoffs)
0
"""

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
    "evaluate_high",
    "evaluate_low",
    "evaluate_razz",
    "parse_cards",
]
