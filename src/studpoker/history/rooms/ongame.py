"""OnGame network text hand histories: Seven Card Stud (and Hi-Lo, Razz).

One hand looks like this::

    ***** History for hand R5-7001-1 *****
    Start hand: Fri Mar 01 20:15:00 CET 2024
    Table: Alcyone [7001] (LIMIT SEVEN_CARD_STUD $0.10/$0.20, ante: $0.02, Real money)
    User: Hero
    Players in round: 2
    Seat 1: ann ($6.53)
    Seat 2: Hero ($2)
    ann posts ante $0.02
    Hero posts ante $0.02
    ---
    Dealing pocket cards
    Dealing to ann: [-, -, Kh]
    Dealing to Hero: [Jh, 9d, 4c]
    Hero small bring in $0.05
    ann raises $0.10 to $0.10
    Hero folds
    ---
    Summary:
    Main pot: $0.19 won by ann ($0.19)
    Rake taken: $0
    Seat 1: ann ($6.64), net: +$0.11
    Seat 2: Hero ($1.91), net: -$0.09
    ***** End of hand R5-7001-1 *****

The bring-in player chooses a ``small bring in`` or a ``big bring in`` (the
completion). Calls are the chips put in, bets and raises the total (the first
amount of ``raises $1 to $1``: the second is not always right). The pots
of the summary include the rake; a bet nobody called is not written: it goes
back to its player.
"""

from __future__ import annotations

import re
from typing import Final

from studpoker.history.core import BRING_IN, CALL, COMPLETE, RAISE, RETURN, Event
from studpoker.history.grammar import (
    HEAD,
    PLAY,
    SUMMARY,
    Builder,
    Grammar,
    ante,
    fold,
    game_table,
    noise,
    on,
    rule,
    seat,
    starting,
    summary,
)

__all__ = ["GRAMMAR", "NAME", "TITLE", "is_header", "parse"]

NAME: Final = "ongame"
TITLE: Final = "OnGame"

GAMES: Final = game_table({"SEVEN_CARD_STUD": "Seven Card Stud", "SEVEN_CARD_STUD_HI_LO": "Stud Hi-Lo",
                           "RAZZ": "Razz", "FIVE_CARD_STUD": "Five Card Stud"})
"""The room's game words and the engine's games."""

_STREETS: Final = {"pocket cards": 0, "4th street": 1, "5th street": 2, "6th street": 3, "river": 4}
_MONTHS: Final = {m: i for i, m in enumerate(
    ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), 1)}


def _header(b: Builder, m: re.Match[str]) -> None:
    b.hand_id = m.group("id")


def _start(b: Builder, m: re.Match[str]) -> None:
    month = _MONTHS.get(m.group("mo"))
    if month is not None:
        b.when(m.group("y"), str(month), m.group("d"), m.group("hh"), m.group("mi"), m.group("ss"),
               m.group("zone"))


def _table(b: Builder, m: re.Match[str]) -> None:
    b.table = m.group("table")
    b.set_game(m.group("game"))
    if m.group("limit") != "LIMIT":
        b.fail(f"not a limit game: {m.group('limit')}")
    small = m.group("small")
    b.stakes(small, m.group("big"), cash=small[:1] in "$€£" and "Real money" in m.group("rest"),
             ante=m.group("ante"))


def _user(b: Builder, m: re.Match[str]) -> None:
    b.hero = m.group("name")


def _street(b: Builder, m: re.Match[str]) -> None:
    b.to_street(_STREETS[m.group("title")])


def _deal(b: Builder, m: re.Match[str]) -> None:
    words = [w.strip() for w in m.group("cards").split(",")]
    name = b.player(m.group("name"))
    if b.street == 0 and len(words) == 3:
        for w in words:
            b.card(name, None if w == "-" else w)
    elif len(words) == 1:
        b.card(name, None if words[0] == "-" else words[0])
    else:
        b.fail(f"{len(words)} cards dealt at once on street {b.street + 3}")


def _big_bring_in(b: Builder, m: re.Match[str]) -> None:
    b.act(COMPLETE, m.group("name"), m.group("amount"))


def _pot(b: Builder, m: re.Match[str]) -> None:
    b.total_pot = (b.total_pot or 0) + b.amount(m.group("amount"))
    for part in m.group("winners").split("), "):
        name, sep, won = part.rpartition(" (")
        if not sep:
            b.fail(f"bad pot line {m.group(0)!r}")
        b.collect(name, won.rstrip(")"))


def _rake(b: Builder, m: re.Match[str]) -> None:
    b.rake = b.amount(m.group("amount"))


def _end(b: Builder, m: re.Match[str]) -> None:
    b.ended = True
    if not any(e.kind == RETURN for e in b.events):
        back, back_to = b.uncalled()
        if back_to is not None and back:
            b.events.append(Event(RETURN, back_to, back, street=max(b.street, 0), line=b.line))


def _show(b: Builder, m: re.Match[str]) -> None:
    b.to_showdown()
    b.show(m.group("name"), m.group("cards").replace(",", " "))


def _summary_seat(b: Builder, m: re.Match[str]) -> None:
    if m.group("cards"):
        b.reveal(m.group("name"), m.group("cards").replace(",", " "))


_N: Final = r"(?P<name>.+?)"

GRAMMAR: Final = Grammar(
    name=NAME, title=TITLE, starts=("***** History for hand ",),
    header=re.compile(r"\*\*\*\*\* History for hand (?P<id>[\w-]+) \*\*\*\*\*$"), read_header=_header,
    games=GAMES,
    rules=(
        rule(r"Dealing to " + _N + r": \[(?P<cards>[^\]]*)\]$", _deal, PLAY, "Dealing to "),
        rule(_N + r" calls (?P<amount>\S+)(?P<allin> \[all in\])?$", on(CALL), PLAY, " calls "),
        rule(_N + r" checks$", on("check"), PLAY, " checks"),
        rule(_N + r" folds$", fold, PLAY, " folds"),
        rule(_N + r" bets (?P<amount>\S+)(?P<allin> \[all in\])?$", on("bet"), PLAY, " bets "),
        rule(_N + r" raises (?P<amount>\S+) to \S+(?P<allin> \[all in\])?$", on(RAISE), PLAY,
             " raises "),
        rule(_N + r" small bring in (?P<amount>\S+)(?P<allin> \[all in\])?$", on(BRING_IN), PLAY,
             " small bring in "),
        rule(_N + r" big bring in (?P<amount>\S+)(?P<allin> \[all in\])?$", _big_bring_in, PLAY,
             " big bring in "),
        rule(_N + r" posts ante (?P<amount>\S+)(?P<allin> \[all in\])?$", ante, key=" posts ante "),
        rule(r"Dealing (?P<title>pocket cards|4th street|5th street|6th street|river)$", _street),
        rule(_N + r" shows \[(?P<cards>[^\]]*)\]", _show, PLAY, " shows ["),
        rule(r"Summary:$", summary),
        rule(r"(?:Main pot|Side pot(?: \d+)?): (?P<amount>\S+) won by (?P<winners>.+\))$", _pot, SUMMARY),
        rule(r"Rake taken: (?P<amount>\S+)$", _rake, SUMMARY),
        rule(r"Seat \d+: " + _N + r" \([^)]*\), net: [^,]*(?:, \[(?P<cards>[^\]]*)\].*)?$", _summary_seat,
             SUMMARY),
        rule(r"\*\*\*\*\* End of hand ", _end),
        rule(r"Start hand: \w+ (?P<mo>\w+) (?P<d>\d+) (?P<hh>\d+):(?P<mi>\d+):(?P<ss>\d+) "
             r"(?P<zone>\S+) (?P<y>\d{4})$", _start, HEAD),
        rule(r"Table: (?P<table>.+?) \[\d+\] \((?P<limit>LIMIT|NO_LIMIT|POT_LIMIT) (?P<game>\w+) "
             r"(?P<small>\S+)/(?P<big>[^,\s]+)(?:, ante: (?P<ante>[^,\s]+))?(?P<rest>.*)\)$", _table, HEAD),
        rule(r"User: (?P<name>.+)$", _user, HEAD),
        rule(r"Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^()]+)\)$", seat, HEAD),
        starting("---", "Players in round:", "Button: seat "),
        *noise(" sits out", " sits in", " is disconnected", " is connected", " has timed out",
               " leaves the table", " joins the table"),
    ),
)

is_header = GRAMMAR.is_header
parse = GRAMMAR.parse
