"""The immutable log of a hand: one record per thing that happened.

The module lives in :mod:`studpoker.engine.operations`, the rules core; this old path
re-exports it.
"""

from studpoker.engine.operations import (
    ActionTaken,
    AntePosted,
    CardDealt,
    ChipsReturned,
    CommunityCardDealt,
    HandEnded,
    MarketDealt,
    Operation,
    PotAwarded,
    StreetStarted,
    WildRanksChanged,
)

# public names outside the module's __all__, importable here as before
from studpoker.engine.operations import action_shown as action_shown
from studpoker.engine.operations import action_taken as action_taken
from studpoker.engine.operations import ante_posted as ante_posted
from studpoker.engine.operations import card_dealt as card_dealt
from studpoker.engine.operations import chips_returned as chips_returned
from studpoker.engine.operations import hand_ended as hand_ended
from studpoker.engine.operations import street_started as street_started

__all__ = [
    "ActionTaken",
    "AntePosted",
    "CardDealt",
    "ChipsReturned",
    "CommunityCardDealt",
    "HandEnded",
    "MarketDealt",
    "Operation",
    "PotAwarded",
    "StreetStarted",
    "WildRanksChanged",
]
