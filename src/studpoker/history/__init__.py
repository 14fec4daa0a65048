"""Online rooms' text hand histories: import into PHH, export in PokerStars' format.

Seven Card Stud, Stud Hi-Lo and Razz hands from twelve rooms' files (PokerStars,
Full Tilt Poker, Americas Cardroom and the Winning Poker Network's older format,
iPoker and Merge XML, PartyPoker, Winamax, Bovada / Ignition, Everleaf, OnGame,
KingsClub; cash games and tournaments; each room a grammar,
:mod:`studpoker.history.grammar`) are read, replayed through the engine
and written as PHH hand histories (:mod:`studpoker.phh`), so that ``stats``,
``equity``, ``replay`` and the browser's replayer work on a player's real
hands; and any hand played here can be written in the PokerStars text format
that trackers read. ``docs/import.md`` lists each room's features handled and
the fields written.

>>> from studpoker import history
>>> text = '''PokerStars Hand #1001:  7 Card Stud Limit ($0.04/$0.08 USD) - 2024/03/01 20:15:00 ET
... Table 'Alcyone' 8-max
... Seat 1: ann ($1.52 in chips)
... Seat 3: bob ($0.97 in chips)
... ann: posts the ante $0.01
... bob: posts the ante $0.01
... *** 3rd STREET ***
... Dealt to ann [6d Jd Jc]
... Dealt to bob [8h]
... bob: brings in for $0.02
... ann: raises $0.02 to $0.04
... bob: folds
... Uncalled bet ($0.02) returned to ann
... ann collected $0.06 from pot
... *** SUMMARY ***
... Total pot $0.06 | Rake $0
... Seat 1: ann collected ($0.06)
... Seat 3: bob folded on the 3rd Street'''
>>> [hand] = history.read_text(text)
>>> hand.history.players, hand.history.finishing_stacks
(['ann', 'bob'], [155, 94])
>>> hand.history.actions[:3]
['d dh p1 6dJdJc', 'd dh p2 ????8h', 'p2 pb']
"""

from __future__ import annotations

from studpoker.history.convert import Refused
from studpoker.history.core import HistoryError, RoomHand
from studpoker.history.export import ExportError, to_pokerstars, write_pokerstars
from studpoker.history.reader import Imported, Refusal, Summary, read, read_text
from studpoker.history.rooms import ROOMS

__all__ = [
    "ROOMS",
    "ExportError",
    "HistoryError",
    "Imported",
    "Refusal",
    "Refused",
    "RoomHand",
    "Summary",
    "read",
    "read_text",
    "to_pokerstars",
    "write_pokerstars",
]
