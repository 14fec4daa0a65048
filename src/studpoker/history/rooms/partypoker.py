"""PartyPoker text hand histories: 7 Card Stud and 7 Card Stud Hi-Lo.

One hand looks like this (``Game #N starts.`` comes before each hand; a hand
has no summary: it ends with what the winners take)::

    #Game No : 6001
    ***** Hand History for Game 6001 *****
    $0.50/$1 USD 7 Card Stud - Friday, March 01, 20:15:00 EST 2024
    Table Table  1001 (Real Money)
    Seat 0 is the button
    Total number of players : 2/8
    Seat 1: ann ( $24.95 USD )
    Seat 3: Hero ( $31.02 USD )
    ann posts ante [$0.05 USD]
    Hero posts ante [$0.05 USD]
    ** Dealing **
    Dealt to Hero [  Td 5s 3c ]
    Hero opens
    Hero bring-ins [$0.25 USD]
    ann completes [$0.50 USD]
    Hero folds
    ann does not show cards.
    ann wins $0.85 USD

Only the hero's cards are dealt in writing; the others' show at the
showdown (``shows [ Ad, Qd, Ah, 2d, 7d, Th, 6d ]``, ``doesn't show [...]``).
Completions and bets are the total, calls and raises the chips put in.
Tournaments write ``FL 7 Card Stud $6 USD Buy-in Trny:N Level:2
Stakes-Antes(60/120-10)`` and chips. The pot is what was put in; the rake what
the winners did not take; a bet nobody called goes back without a word
(the winner's take counts it).
"""

from __future__ import annotations

import re
from typing import Final

from studpoker.history.core import BRING_IN, CALL, COMPLETE
from studpoker.history.grammar import (
    HEAD,
    PLAY,
    Builder,
    Grammar,
    ante,
    deal,
    fold,
    game_table,
    noise,
    on,
    rule,
    starting,
)

__all__ = ["GRAMMAR", "NAME", "TITLE", "is_header", "parse"]

NAME: Final = "partypoker"
TITLE: Final = "PartyPoker"

GAMES: Final = game_table({"7 Card Stud": "Seven Card Stud", "7 Card Stud Hi-Lo": "Stud Hi-Lo",
                           "Razz": "Razz"})
"""The room's game words and the engine's games."""

_ORDER: Final = sorted(GAMES, key=len, reverse=True)
_STREETS: Final = {"": 0, "Fourth street ": 1, "Fifth street ": 2, "Sixth street ": 3, "River ": 4}
_CASH: Final = re.compile(r"(?P<small>[$€£][\d.,]+)/(?P<big>[$€£][\d.,]+) (?P<code>USD|EUR|GBP) ")
_TOURNAMENT: Final = re.compile(r"Trny: ?(?P<id>\d+) Level: ?(?P<level>\d+)\s+Stakes-Antes\("
                                r"(?P<small>[\d,]+)/(?P<big>[\d,]+)-(?P<ante>[\d,]+)\)")
_DATE: Final = re.compile(r" - \w+, (?P<mo>\w+) (?P<d>\d+), (?P<hh>\d+):(?P<mi>\d+):(?P<ss>\d+) "
                          r"(?P<zone>\w+) (?P<y>\d{4})$")
_MONTHS: Final = {m: i for i, m in enumerate(
    ("January", "February", "March", "April", "May", "June", "July", "August", "September",
     "October", "November", "December"), 1)}


def _header(b: Builder, m: re.Match[str]) -> None:
    b.hand_id = m.group("id")


def _game(b: Builder, m: re.Match[str]) -> None:
    text = m.group(0)
    head = text[: text.rfind(" - ")]
    words = next((w for w in _ORDER if f" {w} " in f" {head} " or head.endswith(" " + w)), None)
    if words is None:
        b.fail(f"not a stud game: {head!r} (7 Card Stud and 7 Card Stud Hi-Lo are read)")
    b.set_game(words)
    if re.search(r"(?:^| )(?:NL|PL) ", head):
        b.fail(f"not a limit game: {head!r}")
    cash = _CASH.match(head)
    tour = _TOURNAMENT.search(head)
    if cash is not None:
        b.stakes(cash.group("small"), cash.group("big"), cash=True, code=cash.group("code"))
    elif tour is not None:
        b.tournament, b.level = tour.group("id"), tour.group("level")
        b.stakes(tour.group("small"), tour.group("big"), cash=False, ante=tour.group("ante"))
    else:
        b.fail(f"no stakes in {head!r}")
    date = _DATE.search(text)
    if date is not None and date.group("mo") in _MONTHS:
        b.when(date.group("y"), str(_MONTHS[date.group("mo")]), date.group("d"), date.group("hh"),
               date.group("mi"), date.group("ss"), date.group("zone"))


def _table(b: Builder, m: re.Match[str]) -> None:
    b.table = " ".join(m.group("table").split())


def _seat(b: Builder, m: re.Match[str]) -> None:
    b.seat(m.group("seat"), m.group("name"), m.group("stack"))


def _street(b: Builder, m: re.Match[str]) -> None:
    b.to_street(_STREETS[m.group("title")])


def _raise(b: Builder, m: re.Match[str]) -> None:
    b.bet_by("raise", m.group("name"), m.group("amount"))


def _double(b: Builder, m: re.Match[str]) -> None:
    b.double_bets.add(b.line)
    b.act("bet", m.group("name"), m.group("amount"))


def _show(b: Builder, m: re.Match[str]) -> None:
    b.to_showdown()
    b.show(m.group("name"), m.group("cards").replace(",", " "))


def _no_show(b: Builder, m: re.Match[str]) -> None:
    b.to_showdown()
    b.muck(m.group("name"))
    b.reveal(m.group("name"), m.group("cards").replace(",", " "))


def _wins(b: Builder, m: re.Match[str]) -> None:
    b.collect(m.group("name"), m.group("amount"))
    b.settle_from_bets(won_counts_it=True)


_N: Final = r"(?P<name>.+?)"
_A: Final = r" \[(?P<amount>[^\]]+)\]$"

GRAMMAR: Final = Grammar(
    name=NAME, title=TITLE, starts=("#Game No : ",), header=re.compile(r"#Game No : (?P<id>\d+)$"),
    read_header=_header, games=GAMES,
    rules=(
        rule(r"Dealt to " + _N + r" \[ *(?P<first>[^\]]*?) *\]$", deal, PLAY, "Dealt to "),
        rule(_N + r" calls" + _A, on(CALL), PLAY, " calls ["),
        rule(_N + r" checks$", on("check"), PLAY, " checks"),
        rule(_N + r" folds$", fold, PLAY, " folds"),
        rule(_N + r" double bets" + _A, _double, PLAY, " double bets ["),
        rule(_N + r" bets" + _A, on("bet"), PLAY, " bets ["),
        rule(_N + r" raises" + _A, _raise, PLAY, " raises ["),
        rule(_N + r" bring-ins" + _A, on(BRING_IN), PLAY, " bring-ins ["),
        rule(_N + r" completes" + _A, on(COMPLETE), PLAY, " completes ["),
        rule(_N + r" posts ante" + _A, ante, key=" posts ante ["),
        rule(r"\*\* Dealing (?P<title>(?:Fourth street |Fifth street |Sixth street |River )?)\*\*$",
             _street),
        rule(_N + r" shows \[ *(?P<cards>[^\]]*?) *\]", _show, PLAY, " shows ["),
        rule(_N + r" doesn't show \[ *(?P<cards>[^\]]*?) *\]", _no_show, PLAY, " doesn't show ["),
        rule(_N + r" wins (?:Lo \()?(?P<amount>[$€£]?[\d.,]*\d)(?: USD| EUR| GBP| chips)?\)?"
             r"(?: from the (?:main|side) pot.*)?$", _wins, PLAY, " wins "),
        rule(r"Seat (?P<seat>\d+): (?P<name>.+?) \( (?P<stack>[^()]+?) \)$", _seat, HEAD),
        rule(r"Table (?P<table>.+?) \((?:Real|Play) Money\)$", _table, HEAD),
        rule(r".+ - \w+, \w+ \d+, \d+:\d+:\d+ \w+ \d{4}$", _game, HEAD, " - "),
        starting("***** Hand History for Game ", "Total number of players", "Trny:", "Stakes-Antes(",
                 "There was no qualifying low hand", "Game #"),
        *noise(" is the button", " opens", " does not show cards", " for low.", " sits out",
               " is sitting out", " has joined the table", " has left the table", " is connected",
               " is disconnected", ": "),
    ),
)

is_header = GRAMMAR.is_header
parse = GRAMMAR.parse
