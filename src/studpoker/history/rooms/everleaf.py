"""Everleaf Gaming text hand histories: 7 Card Stud (and Hi/Lo, Razz).

One hand looks like this (the stakes and the game are on the third line; the
hand has no summary: it ends with what the winners take)::

    Everleaf Gaming Game #5001
    ***** Hand history for game #5001 *****
    €0.05/€0.10 7 Card Stud - 2024/03/01 - 20:15:00
    Table Alcyone
    Total number of players: 2
    Seat 5: ann (  € 2.50 EURO )
    Seat 8: bob (  € 2.50 EURO )
    ann: posts ante [€ 0.01 EURO]
    bob: posts ante [€ 0.01 EURO]
    ** Dealing down cards **
    Dealt to ann [ Ah ].
    Dealt to bob [ 5d, Qs, 7s ].
    bob posts bring-in €0.02.
    ann completes to €0.05.
    bob calls [€ 0.03 EURO]
    ** Dealing 4th Street **
    Dealt to ann [ 6c ].
    Dealt to bob [ Th ].
    ann: bets [€ 0.05 EURO]
    bob folds
    ann does not show cards
    ann wins € 0.12 EURO from main pot

Calls and raises are the chips put in; completions the total. Older files
(``**** dealing 4th street ****``) show no card at all. The pot is what the
players put in; the rake what the winners did not take; a bet nobody
called goes back without a word.
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
    game_table,
    noise,
    on,
    rule,
)

__all__ = ["GRAMMAR", "NAME", "TITLE", "is_header", "parse"]

NAME: Final = "everleaf"
TITLE: Final = "Everleaf"

GAMES: Final = game_table({"7 Card Stud": "Seven Card Stud", "7 Card Stud Hi/Lo": "Stud Hi-Lo",
                           "7 Card Stud Hi-Lo": "Stud Hi-Lo", "Razz": "Razz"})
"""The room's game words and the engine's games."""

_STREETS: Final = {"down cards": 0, "4th street": 1, "5th street": 2, "6th street": 3, "river": 4,
                   "7th street": 4}
_AMOUNT: Final = r"\[?\s*[$€£]?\s?(?P<amount>\d[\d,]*(?:\.\d+)?)\s?(?:USD|EURO|EUR|GBP)?\s*\]?\.?"


def _header(b: Builder, m: re.Match[str]) -> None:
    b.hand_id = m.group("id")


def _game(b: Builder, m: re.Match[str]) -> None:
    b.set_game(m.group("game"))
    small = m.group("small")
    b.stakes(small, m.group("big"), cash=small[:1] in "$€£")
    y, mo, d, hh, mi, ss = (m.group(k) for k in ("y", "mo", "d", "hh", "mi", "ss"))
    b.when(y, mo, d, hh, mi, ss, None)


def _table(b: Builder, m: re.Match[str]) -> None:
    b.table = m.group("table")


def _seat(b: Builder, m: re.Match[str]) -> None:
    b.seat(m.group("seat"), m.group("name"), m.group("amount"))


def _street(b: Builder, m: re.Match[str]) -> None:
    b.to_street(_STREETS[m.group("title").lower()])


def _deal(b: Builder, m: re.Match[str]) -> None:
    b.deal(m.group("name"), m.group("cards").replace(",", " "))


def _ante(b: Builder, m: re.Match[str]) -> None:
    b.ante_post(m.group("name"), m.group("amount"))


def _raise(b: Builder, m: re.Match[str]) -> None:
    b.bet_by("raise", m.group("name"), m.group("amount"))


def _bet(b: Builder, m: re.Match[str]) -> None:
    if b.street == 0:  # the first bet of third street without a bring-in: a completion
        b.bet_by(COMPLETE, m.group("name"), m.group("amount"))
    else:
        b.bet_by("bet", m.group("name"), m.group("amount"))


def _show(b: Builder, m: re.Match[str]) -> None:
    b.to_showdown()
    b.show(m.group("name"), m.group("cards").replace(",", " "))


def _wins(b: Builder, m: re.Match[str]) -> None:
    b.collect(m.group("name"), m.group("amount"))
    b.settle_from_bets()


_N: Final = r"(?P<name>.+?)"

GRAMMAR: Final = Grammar(
    name=NAME, title=TITLE, starts=("Everleaf Gaming Game #",),
    header=re.compile(r"Everleaf Gaming Game #(?P<id>\d+)$"), read_header=_header, games=GAMES,
    rules=(
        rule(r"Dealt to " + _N + r" \[ ?(?P<cards>[^\]]*?) ?\]\.?$", _deal, PLAY, "Dealt to "),
        rule(_N + r" calls " + _AMOUNT + "$", on(CALL), PLAY, " calls "),
        rule(_N + r" checks$", on("check"), PLAY, " checks"),
        rule(_N + r" folds$", on("fold"), PLAY, " folds"),
        rule(_N + r":? bets " + _AMOUNT + "$", _bet, PLAY, " bets "),
        rule(_N + r":? raises " + _AMOUNT + "$", _raise, PLAY, " raises "),
        rule(_N + r" posts bring-in " + _AMOUNT + "$", on(BRING_IN), PLAY, " bring-in "),
        rule(_N + r" completes to " + _AMOUNT + "$", on(COMPLETE), PLAY, " completes to "),
        rule(_N + r": posts ante " + _AMOUNT + "$", _ante, key=": posts ante "),
        rule(r"\*\*+ [Dd]ealing (?P<title>down cards|\w+ [Ss]treet|[Rr]iver) \*\*+$", _street),
        rule(_N + r" shows \[ ?(?P<cards>[^\]]*?) ?\]", _show, PLAY, " shows ["),
        rule(_N + r" wins [$€£]?\s?(?P<amount>\d[\d,]*(?:\.\d+)?)\s?(?:USD|EURO|EUR|GBP)? from "
             r"(?:the )?(?:main|side) pot", _wins, PLAY, " wins "),
        rule(r"Seat (?P<seat>\d+): (?P<name>.+?) \(\s*[$€£]?\s?(?P<amount>\d[\d,]*(?:\.\d+)?)\s?"
             r"(?:USD|EURO|EUR|GBP)?\s*\)$", _seat, HEAD),
        rule(r"(?P<small>[$€£]?[\d.,]+)/(?P<big>[$€£]?[\d.,]+) (?P<game>.+?) - (?P<y>\d{4})/(?P<mo>\d\d)/"
             r"(?P<d>\d\d) - (?P<hh>\d\d):(?P<mi>\d\d):(?P<ss>\d\d)$", _game, HEAD),
        rule(r"Table (?P<table>.+)$", _table, HEAD),
        *noise("***** Hand history for game #", "Total number of players", " does not show cards",
               " sits out", " is sitting out", " has left the table", " has joined the table",
               " is connected", " is disconnected"),
    ),
)

is_header = GRAMMAR.is_header
parse = GRAMMAR.parse
