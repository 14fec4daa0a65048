"""Full Tilt Poker text hand histories: Stud Hi, Stud H/L and Razz.

One hand looks like this (the files are often UTF-16; the header is one line)::

    Full Tilt Poker Game #2001: Table Alcyone (8 max) - $2/$4 Ante $0.40 - Limit Stud Hi - \
    20:15:00 ET - 2024/03/01
    Seat 1: ann ($40)
    Seat 3: bob ($38.20)
    ann antes $0.40
    bob antes $0.40
    *** 3RD STREET ***
    Dealt to ann [Ac 9h] [3s]
    Dealt to bob [8h]
    ann is low with [3s]
    ann brings in for $0.50
    bob completes it to $2
    ann folds
    Uncalled bet of $1.50 returned to bob
    bob mucks
    bob wins the pot ($1.80)
    *** SUMMARY ***
    Total pot $1.80 | Rake $0
    Seat 1: ann folded on 3rd St.
    Seat 3: bob collected ($1.80), mucked

Actions are ``name verb`` (no colon); ``name: text`` is chat. The hero's
third-street line lists the down cards, then the door card; later lines
list the cards so far, then the new one. An all-in ends in
``, and is all in``. Tournaments write ``NAME (12345678), Table 3 -
30/60 Ante 5 - ...`` and amounts in chips. Third street may list the hero's
cards in one bracket or two (``[6c 7c] [7d]``). Five Card Stud (R9) names its
streets by the cards then held, ``*** 2ND STREET ***`` (one down, one up) to
``*** 5TH STREET ***``: the streets come from the game's street table.
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

NAME: Final = "fulltilt"
TITLE: Final = "Full Tilt Poker"

GAMES: Final = game_table({
    "Stud Hi": "Seven Card Stud", "Stud H/L": "Stud Hi-Lo", "Stud Hi/Lo": "Stud Hi-Lo",
    "Razz": "Razz", "5 Card Stud": "Five Card Stud",
})
"""The room's game words (after ``Limit``) and the engine's games."""

_STAKES: Final = re.compile(r"([$€£]?[\d.,]+)/([$€£]?[\d.,]+)(?: Ante ([$€£]?[\d.,]+))?$")
_TABLE: Final = re.compile(r"(?:(.+?) \((\d+)\), )?Table (.+?)(?: \(([^)]*)\))?$")
_TIME: Final = re.compile(r"(\d{1,2}):(\d{2}):(\d{2}) ([A-Z]{2,4}) - (\d{4})/(\d{1,2})/(\d{1,2})")
_STREETS: Final = {"2ND STREET": -1, "3RD STREET": 0, "4TH STREET": 1, "5TH STREET": 2, "6TH STREET": 3,
                   "7TH STREET": 4, "RIVER": 4}


def _header(b: Builder, m: re.Match[str]) -> None:
    b.hand_id, rest = m.group("id"), m.group("rest")
    if rest.rstrip().endswith("(partial)"):
        b.fail("a partial hand (the client wrote only part of it)")
    parts = rest.split(" - ")
    at = next((i for i, part in enumerate(parts) if _STAKES.match(part)), None)
    if at is None or at + 1 >= len(parts):
        b.fail(f"no stakes and game in the header: {rest[:80]!r}")
    stakes = _STAKES.match(parts[at])
    assert stakes is not None
    small, big, ante_text = stakes.groups()
    limit, _, words = parts[at + 1].partition("Limit ")
    if words not in GAMES and words.lower() not in (w.lower() for w in GAMES):
        b.fail(f"not a stud game: {parts[at + 1]!r} (Stud Hi, Stud H/L and Razz are read)")
    b.set_game(words)
    if limit:
        b.fail(f"not a limit game: {parts[at + 1]}")
    t = _TABLE.match(" - ".join(parts[:at]))
    if t is None:
        b.fail("no table in the header")
    b.tournament = t.group(2)
    b.table = t.group(3)
    if t.group(4):
        mm = re.search(r"(\d+) max|heads up", t.group(4))
        if mm:
            b.max_seats = int(mm.group(1)) if mm.group(1) else 2
    b.stakes(small, big, cash=b.tournament is None and small[:1] in "$€£", ante=ante_text)
    times = _TIME.findall(" - ".join(parts[at + 2:]))
    if times:
        pick = next((x for x in times if x[3] == "ET"), times[0])
        hh, mi, ss, zone, y, mo, d = pick
        b.when(y, mo, d, hh, mi, ss, zone)


def _button(b: Builder, m: re.Match[str]) -> None:
    b.button = int(m.group("seat"))


_NAME: Final = r"(?P<name>.+?)"
_ALL_IN: Final = r"(?P<allin>, and is all in)?$"

GRAMMAR: Final = Grammar(
    name=NAME, title=TITLE, starts=("Full Tilt Poker Game #", "FullTiltPoker Game #"),
    header=re.compile(r"Full ?Tilt ?Poker Game #(?P<id>\d+):\s*(?P<rest>.*)"),
    read_header=_header, games=GAMES,
    rules=(
        rule(r"Dealt to (?P<name>.+?) \[(?P<first>[^\]]*)\](?: \[(?P<added>[^\]]*)\])?$", deal, PLAY,
             "Dealt to "),
        rule(_NAME + r" calls (?P<amount>\S+)" + _ALL_IN, on(CALL), PLAY, " calls "),
        rule(_NAME + r" bets (?P<amount>\S+)" + _ALL_IN, on(BET), PLAY, " bets "),
        rule(_NAME + r" raises to (?P<amount>\S+)" + _ALL_IN, on(RAISE), PLAY, " raises to "),
        rule(_NAME + r" checks$", on("check"), PLAY, " checks"),
        rule(_NAME + r" folds$", fold, PLAY, " folds"),
        rule(_NAME + r" brings in for (?P<amount>\S+)" + _ALL_IN, on(BRING_IN), PLAY, " brings in"),
        rule(_NAME + r" completes it to (?P<amount>\S+)" + _ALL_IN, on(COMPLETE), PLAY,
             " completes it"),
        rule(r"\*\*\* (?P<title>[2-7](?:ND|RD|TH) STREET|RIVER) \*\*\*(?: \[(?P<board>[^\]]*)\])?",
             street_title(_STREETS), PLAY),
        rule(r"\*\*\* SHOW ?DOWN \*\*\*", showdown, PLAY),
        rule(r"\*\*\* SUMMARY \*\*\*", summary),
        rule(_NAME + r" antes (?P<amount>\S+)" + _ALL_IN, ante, key=" antes "),
        rule(r"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^ ()]+)\)(?P<rest>.*)$", seat, HEAD),
        rule(r"The button is in seat #(?P<seat>\d+)$", _button),
        rule(_NAME + r" shows \[(?P<cards>[^\]]*)\]", show, PLAY, " shows ["),
        rule(_NAME + r" mucks", muck, PLAY, " mucks"),
        rule(r"Uncalled bet of (?P<amount>\S+) returned to (?P<name>.+)$", returned, PLAY),
        rule(_NAME + r" (?:wins|ties for) (?:the )?(?:high |low )?(?:main |side )?pot(?: #?\d+)?"
             r" \((?P<amount>[^)]+)\)", collect, PLAY),
        rule(r"(?P<name>.+) leaves the table$", leave, key=" leaves the table"),
        rule(r"(?P<name>.+) stands up$", leave, key=" stands up"),
        rule(r"Hand #\S+ has been canceled", refuse("the room canceled this hand")),
        rule(r"Total pot (?P<pot>\S+)[^|]*\| Rake (?P<rake>\S+)", total, SUMMARY),
        rule(r"Seat \d+: (?P<rest>.+)$", summary_seat, SUMMARY),
        starting("The blinds ", "Time has expired", "No low hand qualified"),
        *noise(" sits down", " adds ", " seconds left to act", " is sitting out", " has returned",
               " is low with [", " is high with [", " has been disconnected", " has reconnected",
               " has timed out", " is feeling ", " has requested TIME", " seconds to reconnect",
               " sits out", " will be allowed to play", " finished in ", " wins the tournament",
               " re-buys", " is connected", " is disconnected", ": "),
    ),
)

is_header = GRAMMAR.is_header
parse = GRAMMAR.parse
