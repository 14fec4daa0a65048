"""PokerStars text hand histories: 7 Card Stud, 7 Card Stud Hi/Lo, Razz and 5 Card Stud.

One hand looks like this (cash game; tournaments write ``Tournament #N, ...
- Level I (10/20)`` in the header and amounts in chips; older files write the
header in capitals, ``TOURNAMENT #N, $10+$1 7 CARD STUD HI/LO LIMIT - LEVEL I
(25/50)``)::

    PokerStars Hand #1001:  7 Card Stud Limit ($0.04/$0.08 USD) - 2024/03/01 20:15:00 ET
    Table 'Alcyone' 8-max
    Seat 1: ann ($1.52 in chips)
    Seat 3: bob ($0.97 in chips)
    ann: posts the ante $0.01
    bob: posts the ante $0.01
    *** 3rd STREET ***
    Dealt to ann [6d Jd Jc]
    Dealt to bob [8h]
    bob: brings in for $0.02
    ann: raises $0.02 to $0.04
    bob: folds
    Uncalled bet ($0.02) returned to ann
    ann collected $0.06 from pot
    *** SUMMARY ***
    Total pot $0.06 | Rake $0
    Seat 1: ann collected ($0.06)
    Seat 3: bob folded on the 3rd Street

Other players' cards are written as they were dealt face up (``Dealt to bob
[8h] [Kd]`` on fourth street: the up cards so far, then the new one); the
hero's line lists the down cards too. Seventh street is ``*** RIVER ***``
and shows only the hero's card. The room has no dealer button in stud; a
``Seat #N is the button`` on the table line (as :mod:`studpoker.history.export`
writes it) names the dealer. ``Pair on board - a double bet is allowed``
(fourth street after an open pair, R2.6) is noted and changes nothing.
5 Card Stud (R9) names its streets by the cards then held, ``*** 2nd STREET
***`` (one down, one up) to ``*** 5th STREET ***``: the streets come from the
game's street table.
"""

from __future__ import annotations

import re
from typing import Final

from studpoker.history.core import BET, BRING_IN, CALL, COMPLETE, RAISE
from studpoker.history.grammar import (
    HEAD,
    PLAY,
    SUMMARY,
    Builder,
    Grammar,
    ante,
    capped,
    collect,
    deal,
    fold,
    game_table,
    leave,
    muck,
    noise,
    on,
    refuse,
    returned,
    rule,
    seat,
    show,
    showdown,
    starting,
    street_title,
    summary,
    summary_seat,
    total,
)

__all__ = ["GRAMMAR", "NAME", "TITLE", "is_header", "parse"]

NAME: Final = "pokerstars"
TITLE: Final = "PokerStars"

GAMES: Final = game_table({
    "7 Card Stud Hi/Lo": "Stud Hi-Lo", "Stud Hi/Lo": "Stud Hi-Lo", "7 Card Stud": "Seven Card Stud",
    "Razz": "Razz", "5 Card Stud": "Five Card Stud",
})
"""The room's game words (before ``Limit``) and the engine's games."""

_STREETS: Final = {"2nd STREET": -1, "3rd STREET": 0, "4th STREET": 1, "5th STREET": 2, "6th STREET": 3,
                   "7th STREET": 4, "RIVER": 4}
# a run of digits is tried from its first digit only: linear (from every digit of it, quadratic)
_STAKES: Final = re.compile(r"((?:[$€£]|(?<![\d.,]))[\d.,]+)/([$€£]?[\d.,]+)(?: ([A-Z]{3}))?")
_TIME: Final = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2}) ?([A-Z]{2,4})?")
_TOURNAMENT: Final = re.compile(r"Tournament #(\d+)", re.IGNORECASE)
_LEVEL: Final = re.compile(r"Level (\w+)", re.IGNORECASE)
_ORDER: Final = sorted(GAMES, key=len, reverse=True)


_SAME: Final = ("game", "shape", "scale", "currency", "small_bet", "big_bet", "tournament", "level")


def _header(b: Builder, m: re.Match[str]) -> None:
    b.hand_id, rest = m.group("id"), m.group("rest")
    head, _, date = rest.rpartition(" - ")
    known = b.memo.get(("pokerstars", head)) if b.memo is not None and head else None
    if isinstance(known, tuple):  # a stream's hands repeat their header but for the date
        for name, value in zip(_SAME, known, strict=True):
            setattr(b, name, value)
        at = 0
    else:
        at = _game_and_stakes(b, rest)
        if b.memo is not None and head:
            b.memo[("pokerstars", head)] = tuple(getattr(b, name) for name in _SAME)
    times = _TIME.findall(date if known else rest[at:])
    if times:
        pick = next((t for t in times if t[6] == "ET"), times[0])
        y, mo, d, hh, mi, ss, zone = pick
        b.when(y, mo, d, hh, mi, ss, zone or None)


def _game_and_stakes(b: Builder, rest: str) -> int:
    """The game, the stakes, cash or tournament: where the stakes end in ``rest``."""
    lower = rest.lower()
    at = -1
    for words in _ORDER:
        at = lower.find(words.lower() + " limit")
        if at >= 0:
            b.set_game(words)
            break
    if at < 0:
        what = rest.split(" - ")[0].strip()
        b.fail(f"not a stud game: {what!r} ({b.grammar.game_list()} are read)")
    tournament = _TOURNAMENT.search(rest)
    level = _LEVEL.search(rest)
    stakes = _STAKES.search(rest, at)
    if stakes is None:
        b.fail("no stakes in the header")
    small, big, code = stakes.groups()
    b.tournament = tournament.group(1) if tournament else None
    b.level = level.group(1) if level else None
    b.stakes(small, big, cash=tournament is None and (small[:1] in "$€£" or code is not None),
             code=code)
    return stakes.end()


def _table(b: Builder, m: re.Match[str]) -> None:
    b.table = m.group("table")
    rest = m.group("rest")
    size = re.search(r"(\d+)-max", rest)
    button = re.search(r"Seat #(\d+) is the button", rest)
    b.max_seats = int(size.group(1)) if size else None
    b.button = int(button.group(1)) if button else None


_NAME: Final = r"(?P<name>.+?)"
_ALL_IN: Final = r"(?P<allin> and is all-in)?$"

GRAMMAR: Final = Grammar(
    name=NAME, title=TITLE, starts=("PokerStars ",),
    header=re.compile(r"PokerStars (?:Home Game )?(?:Zoom )?(?:Hand|Game) #(?P<id>\d+):\s*(?P<rest>.*)"),
    read_header=_header, games=GAMES,
    rules=(
        rule(r"Dealt to (?P<name>.+?) \[(?P<first>[^\]]*)\](?: \[(?P<added>[^\]]*)\])?$", deal, PLAY,
             "Dealt to "),
        rule(_NAME + r": calls (?P<amount>\S+)" + _ALL_IN, on(CALL), PLAY, ": calls "),
        rule(_NAME + r": bets (?P<amount>\S+)" + _ALL_IN, on(BET), PLAY, ": bets "),
        rule(_NAME + r": raises \S+ to (?P<amount>\S+)" + _ALL_IN, on(RAISE), PLAY, ": raises "),
        rule(_NAME + r": checks$", on("check"), PLAY, ": checks"),
        rule(_NAME + r": folds(?: \[(?P<cards>[^\]]*)\])?$", fold, PLAY, ": folds"),
        rule(_NAME + r": brings in for (?P<amount>\S+)" + _ALL_IN, on(BRING_IN), PLAY, ": brings in"),
        rule(_NAME + r": completes it to (?P<amount>\S+)" + _ALL_IN, on(COMPLETE), PLAY,
             ": completes"),
        rule(r"\*\*\* (?P<title>[^*]+?) \*\*\*(?: \[(?P<board>[^\]]*)\])?$", street_title(_STREETS),
             PLAY, "STREET ***"),
        rule(r"\*\*\* (?P<title>RIVER) \*\*\*(?: \[(?P<board>[^\]]*)\])?$", street_title(_STREETS),
             PLAY, "*** RIVER"),
        rule(r"\*\*\* SHOW ?DOWN \*\*\*", showdown, PLAY, "*** SHOW"),
        rule(r"\*\*\* SUMMARY \*\*\*", summary, key="*** SUMMARY"),
        rule(r"\*\*\* (?:FIRST|SECOND) ", refuse("a hand run twice cannot be replayed"), key="*** "),
        rule(_NAME + r": posts the ante (?P<amount>\S+)" + _ALL_IN, ante, key=": posts the ante "),
        rule(r"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^ ()]+) in chips(?:, [^)]*)?\)"
             r"(?P<rest>.*)$", seat, HEAD, "Seat "),
        rule(r"Table '(?P<table>.*)'(?P<rest>.*)$", _table, HEAD, "Table '"),
        rule(_NAME + r": shows \[(?P<cards>[^\]]*)\]", show, PLAY, ": shows ["),
        rule(_NAME + r": mucks hand", muck, PLAY, ": mucks"),
        rule(r"Uncalled bet \((?P<amount>[^)]+)\) returned to (?P<name>.+)$", returned, PLAY,
             "Uncalled bet"),
        rule(_NAME + r" collected (?P<amount>\S+) from (?:the )?(?:main |side )?pot(?:-\d+)?$", collect,
             PLAY, " collected "),
        rule(r"Betting is capped", capped, PLAY, "Betting is capped"),
        rule(r"(?P<name>.+) leaves the table$", leave, key=" leaves the table"),
        rule(_NAME + r": posts ", refuse("a post other than the ante: not a stud hand"), key=": posts "),
        rule(r"Total pot (?P<pot>\S+)[^|]*\| Rake (?P<rake>\S+)", total, SUMMARY, "Total pot "),
        rule(r"Seat \d+: (?P<rest>.+)$", summary_seat, SUMMARY, "Seat "),
        starting("Pair on board - a double bet is allowed", "No low hand qualified",
                 "Hand was run", "The player "),
        *noise(": doesn't show", ": sits out", ": is sitting out", " joins the table at seat #",
               " is connected", " is disconnected", " has timed out", " has returned",
               " was removed from the table", ' said, "', " finished the tournament",
               " wins the tournament", " re-buys and receives", " takes the add-on",
               " will be allowed to play after the button", " sits out", " is sitting out",
               " cashed out the hand", " has been disconnected", ": shows [", ": sits in"),
    ),
)

is_header = GRAMMAR.is_header
parse = GRAMMAR.parse
