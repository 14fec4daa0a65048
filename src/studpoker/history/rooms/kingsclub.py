"""KingsClub text hand histories: Seven Card Stud, Stud Hi-Lo, Razz and 2-7 Razz.

One hand looks like this (the street titles come one street late: ``*** 3RD
STREET ***`` starts fourth street)::

    #8001: Limit Seven Card Stud - 40/80
    2024-03-01 20:15:00
    Table 'Real Deal Mix'
    Seat 1: ann (2,146.30)
    Seat 7: Hero (2,487.95)
    ann: posts ante 10
    Hero: posts ante 10
    Dealt to ann: [X X 2s]
    Dealt to Hero: [Td Ad 4s]
    ann brings in for 10
    Hero bets 40
    ann folds
    *** SUMMARY ***
    Seat 1: ann (2,126.30) -20
    Seat 7: Hero (2,507.95) +20
    Rake 0
    Hero wins pot (40)

Bets and raises are the player's total, and so are calls (``calls 121.16``:
up to that total). A bet nobody called is not written; the pot the winners
take is after the rake. 2-7 Razz (R10) is the engine's ``razz27``.
"""

from __future__ import annotations

import re
from typing import Final

from studpoker.history.core import BRING_IN, COMPLETE, RAISE
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
    summary,
)

__all__ = ["GRAMMAR", "NAME", "TITLE", "is_header", "parse"]

NAME: Final = "kingsclub"
TITLE: Final = "KingsClub"

GAMES: Final = game_table({"Seven Card Stud": "Seven Card Stud", "Seven Card Stud Hi-Lo": "Stud Hi-Lo",
                           "Razz": "Razz", "2-7 Razz": "razz27"})
"""The room's game words and the engine's games (2-7 Razz is ``razz27``, R10)."""

_STREETS: Final = {"3RD STREET": 1, "4TH STREET": 2, "5TH STREET": 3, "6TH STREET": 4}


def _header(b: Builder, m: re.Match[str]) -> None:
    b.hand_id = m.group("id")
    b.set_game(m.group("game"))
    if m.group("limit") != "Limit":
        b.fail(f"not a limit game: {m.group('limit')}")
    small, big = m.group("small"), m.group("big")
    b.stakes(small, big, cash=True)  # amounts in cents: the room writes them to the cent


def _date(b: Builder, m: re.Match[str]) -> None:
    y, mo, d, hh, mi, ss = m.groups()
    b.when(y, mo, d, hh, mi, ss, None)


def _table(b: Builder, m: re.Match[str]) -> None:
    b.table = m.group("table")


def _street(b: Builder, m: re.Match[str]) -> None:
    b.to_street(_STREETS[m.group("title")])


def _deal(b: Builder, m: re.Match[str]) -> None:
    b.deal(m.group("name"), m.group("cards"))


def _bet(b: Builder, m: re.Match[str]) -> None:
    kind = COMPLETE if b.street == 0 else "bet"
    b.act(kind, m.group("name"), m.group("amount"), bool(m.group("allin")))


def _call(b: Builder, m: re.Match[str]) -> None:
    b.call_to(m.group("name"), m.group("amount"), bool(m.group("allin")))


def _show(b: Builder, m: re.Match[str]) -> None:
    b.to_showdown()
    b.show(m.group("name"), m.group("cards"))


def _rake(b: Builder, m: re.Match[str]) -> None:
    b.rake = b.amount(m.group("amount"))


def _wins(b: Builder, m: re.Match[str]) -> None:
    rake = b.rake  # written before the winners
    b.collect(m.group("name"), m.group("amount"))
    b.settle_from_bets()
    b.rake = rake


_N: Final = r"(?P<name>.+?)"
_ALL_IN: Final = r"(?P<allin> and is all in)?$"

GRAMMAR: Final = Grammar(
    name=NAME, title=TITLE, starts=("#",),
    header=re.compile(r"#(?P<id>\d+): (?P<limit>Limit|No Limit|Pot Limit) (?P<game>.+) - "
                      r"(?P<small>[\d.,]+)/(?P<big>[\d.,]+)$"),
    read_header=_header, games=GAMES,
    rules=(
        rule(r"Dealt to " + _N + r": \[(?P<cards>[^\]]*)\]$", _deal, PLAY, "Dealt to "),
        rule(_N + r" calls (?P<amount>\S+)" + _ALL_IN, _call, PLAY, " calls "),
        rule(_N + r" checks$", on("check"), PLAY, " checks"),
        rule(_N + r" folds$", fold, PLAY, " folds"),
        rule(_N + r" bets (?P<amount>\S+)" + _ALL_IN, _bet, PLAY, " bets "),
        rule(_N + r" raises to (?P<amount>\S+)" + _ALL_IN, on(RAISE), PLAY, " raises to "),
        rule(_N + r" brings in for (?P<amount>\S+)" + _ALL_IN, on(BRING_IN), PLAY, " brings in for "),
        rule(r"\*\*\* (?P<title>[3-6](?:RD|TH) STREET) \*\*\*$", _street, PLAY),
        rule(_N + r" shows \[(?P<cards>[^\]]*)\]", _show, PLAY, " shows ["),
        rule(r"\*\*\* SUMMARY \*\*\*$", summary),
        rule(_N + r": posts ante (?P<amount>\S+)" + _ALL_IN, ante, key=": posts ante "),
        rule(r"(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$", _date, HEAD),
        rule(r"Table '(?P<table>.*)'$", _table, HEAD),
        rule(r"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[\d.,]+)\)$", seat, HEAD),
        rule(r"Rake (?P<amount>\S+)$", _rake, SUMMARY),
        rule(_N + r" wins (?:the )?(?:main |side |high |low )?pot(?: \d+)? \((?P<amount>[^)]+)\)$", _wins,
             SUMMARY, " wins "),
        *noise(" sits out", " is sitting out", " joins the table", " leaves the table",
               " is connected", " is disconnected", " has timed out", ": "),
    ),
)

is_header = GRAMMAR.is_header
parse = GRAMMAR.parse
