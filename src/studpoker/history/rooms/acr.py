"""Americas Cardroom (Winning Poker Network) text hand histories: 7Stud, 7Stud H/L and Razz.

One hand looks like this::

    Hand #3001 - 7Stud(Fixed Limit) - $0.10/$0.20 - 2024/03/01 20:15:00 UTC
    Alcyone 8-max
    Seat 1: ann ($14.47)
    Seat 3: bob ($4.71)
    ann posts ante $0.02
    bob posts ante $0.02
    *** 3rd STREET ***
    Main pot $0.04 | Rake $0.00
    Dealt to ann [4c 7h 3c]
    Dealt to bob [8c]
    ann brings in $0.05
    bob raises $0.10 to $0.10
    ann folds
    Uncalled bet ($0.05) returned to bob
    bob collected $0.14 from main pot
    *** SUMMARY ***
    Total pot $0.14 | Rake $0.00
    Seat 1: ann folded on the 3rd Street
    Seat 3: bob won $0.14

Actions are ``name verb`` (no colon); the completion is written as a raise
(``raises $0.10 to $0.10``). The running ``Main pot ... | Rake ...`` lines
and the summary's ``Total pot`` count the pot after the rake; the rake is
``Rake`` plus the jackpot fee (``JP Fee``).
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
    collect,
    deal,
    fold,
    game_table,
    leave,
    muck,
    noise,
    on,
    returned,
    rule,
    seat,
    show,
    showdown,
    starting,
    street_title,
    summary,
    summary_seat,
)

__all__ = ["GRAMMAR", "NAME", "TITLE", "is_header", "parse"]

NAME: Final = "acr"
TITLE: Final = "Americas Cardroom"

GAMES: Final = game_table({
    "7Stud": "Seven Card Stud", "7Stud H/L": "Stud Hi-Lo", "7Stud Hi/Lo": "Stud Hi-Lo", "Razz": "Razz",
})
"""The room's game words (before ``(Fixed Limit)``) and the engine's games."""

_STREETS: Final = {"3rd STREET": 0, "4th STREET": 1, "5th STREET": 2, "6th STREET": 3, "7th STREET": 4,
                   "RIVER": 4}
_GAME: Final = re.compile(r"(?P<words>[^(]+)\((?P<limit>[^)]*)\)$")
_STAKES: Final = re.compile(r"(?P<small>[$€£]?[\d.,]+)/(?P<big>[$€£]?[\d.,]+)$")
_TIME: Final = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2}) ?(\w+)?$")
_TOURNAMENT: Final = re.compile(r"Tournament #(\d+)")
_LEVEL: Final = re.compile(r"Level (\w+)")


def _header(b: Builder, m: re.Match[str]) -> None:
    b.hand_id = m.group("id")
    parts = m.group("rest").split(" - ")
    game = stakes = when = None
    for part in parts:
        part = part.strip()
        game = game or _GAME.match(part)
        stakes = stakes or _STAKES.match(part)
        when = when or _TIME.match(part)
    if game is None:
        b.fail(f"no game in the header: {m.group('rest')[:80]!r}")
    b.set_game(game.group("words"))
    if game.group("limit") not in ("Fixed Limit", "Limit"):
        b.fail(f"not a limit game: {game.group('limit')}")
    if stakes is None:
        b.fail("no stakes in the header")
    tournament = _TOURNAMENT.search(m.group("rest"))
    level = _LEVEL.search(m.group("rest"))
    b.tournament = tournament.group(1) if tournament else None
    b.level = level.group(1) if level else None
    small = stakes.group("small")
    b.stakes(small, stakes.group("big"), cash=b.tournament is None and small[:1] in "$€£")
    if when is not None:
        y, mo, d, hh, mi, ss, zone = when.groups()
        b.when(y, mo, d, hh, mi, ss, zone)


def _table(b: Builder, m: re.Match[str]) -> None:
    if b.seats or b.table:
        b.fail(f"unexpected line {m.group(0)!r}")
    b.table = m.group("table")
    b.max_seats = int(m.group("max")) if m.group("max") else None


def _total(b: Builder, m: re.Match[str]) -> None:
    """The total is after the rake: the rake is ``Rake`` plus the jackpot fee."""
    fees = re.findall(r"\| (?:Rake|JP Fee) ([^ |]+)", m.group("rest"))
    b.rake = sum(b.amount(x) for x in fees)
    b.total_pot = b.amount(m.group("pot")) + b.rake


_NAME: Final = r"(?P<name>.+?)"
_ALL_IN: Final = r"(?P<allin> and is all-in)?$"

GRAMMAR: Final = Grammar(
    name=NAME, title=TITLE, starts=("Hand #",),
    header=re.compile(r"Hand #(?P<id>\d+) - (?P<rest>.* - \d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}:\d{2}.*)$"),
    read_header=_header, games=GAMES,
    rules=(
        rule(r"Dealt to (?P<name>.+?) \[(?P<first>[^\]]*)\](?: \[(?P<added>[^\]]*)\])?$", deal, PLAY,
             "Dealt to "),
        rule(_NAME + r" calls (?P<amount>\S+)" + _ALL_IN, on(CALL), PLAY, " calls "),
        rule(_NAME + r" bets (?P<amount>\S+)" + _ALL_IN, on(BET), PLAY, " bets "),
        rule(_NAME + r" raises \S+ to (?P<amount>\S+)" + _ALL_IN, on(RAISE), PLAY, " raises "),
        rule(_NAME + r" completes \S+ to (?P<amount>\S+)" + _ALL_IN, on(COMPLETE), PLAY, " completes "),
        rule(_NAME + r" checks$", on("check"), PLAY, " checks"),
        rule(_NAME + r" folds$", fold, PLAY, " folds"),
        rule(_NAME + r" brings in (?P<amount>\S+)" + _ALL_IN, on(BRING_IN), PLAY, " brings in "),
        rule(r"\*\*\* (?P<title>[^*]+?) \*\*\*(?: \[(?P<board>[^\]]*)\])?$", street_title(_STREETS),
             PLAY, "STREET ***"),
        rule(r"\*\*\* (?P<title>RIVER) \*\*\*(?: \[(?P<board>[^\]]*)\])?$", street_title(_STREETS),
             PLAY),
        rule(r"\*\*\* SHOW ?DOWN \*\*\*", showdown, PLAY),
        rule(r"\*\*\* SUMMARY \*\*\*", summary),
        starting("Main pot ", "Side pot", phase=PLAY),
        rule(_NAME + r" posts ante (?P<amount>\S+)" + _ALL_IN, ante, key=" posts ante "),
        rule(r"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^ ()]+)\)(?P<rest>.*)$", seat, HEAD),
        rule(_NAME + r" shows \[(?P<cards>[^\]]*)\]", show, PLAY, " shows ["),
        rule(_NAME + r" mucks", muck, PLAY, " mucks"),
        rule(r"Uncalled bet \((?P<amount>[^)]+)\) returned to (?P<name>.+)$", returned, PLAY),
        rule(_NAME + r" collected (?P<amount>\S+) from (?:the )?(?:main |side )?pot(?:-\d+)?$", collect,
             PLAY, " collected "),
        rule(r"(?P<name>.+) leaves the table$", leave, key=" leaves the table"),
        rule(r"Total pot (?P<pot>\S+)(?P<rest>.*)$", _total, SUMMARY),
        rule(r"Seat \d+: (?P<rest>.+)$", summary_seat, SUMMARY),
        *noise(" joins the table", " sits out", " is sitting out", " has returned", " sits in",
               " is disconnected", " is connected", " has timed out", " does not show",
               " doesn't show", " said, ", ": "),
        rule(r"(?P<table>.+?)(?: (?P<max>\d+)-max)?$", _table, HEAD),
    ),
)

is_header = GRAMMAR.is_header
parse = GRAMMAR.parse
