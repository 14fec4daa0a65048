"""Winning Poker Network's older text hand histories (before the Americas Cardroom
format of :mod:`studpoker.history.rooms.acr`): Seven Cards Stud and Stud HiLow.

One hand looks like this (the files are often UTF-16; each card is a line, the
street titles come one street late and are not needed: a street starts with
its card)::

    Game started at: 2024/3/1 20:15:0
    Game ID: 9001 1/2 (PRR) Alcyone (Seven Cards Stud)
    Seat 1: Hero (10).
    Seat 5: ann (50).
    Player Hero ante (0.15)
    Player ann ante (0.15)
    Player Hero received card: [5d]
    Player Hero received card: [Ah]
    Player ann received a card.
    Player ann received a card.
    Player Hero received card: [Jh]
    Player ann received card: [2d]
    Player ann bring in (0.40)
    Player Hero bets (1)
    Player ann folds
    Uncalled bet (0.60) returned to Hero
    Player Hero mucks cards
    ------ Summary ------
    Pot: 1.10. Rake 0
    *Player Hero mucks (does not show cards). Bets: 0.55. Collects: 1.10. Wins: 0.55.
    Player ann does not show cards.Bets: 0.55. Collects: 0. Loses: 0.55.
    Game ended at: 2024/3/1 20:15:31

Bets and raises are the player's total for the street, calls the chips put
in. The summary's pot is after the rake and the jackpot fee; each player's
``Collects`` is what they took.
"""

from __future__ import annotations

import re
from typing import Final

from studpoker.history.core import BRING_IN, CALL, COMPLETE, RAISE
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
    returned,
    rule,
    seat,
    starting,
    summary,
)

__all__ = ["GRAMMAR", "NAME", "TITLE", "is_header", "parse"]

NAME: Final = "winning"
TITLE: Final = "Winning Poker Network (older format)"

GAMES: Final = game_table({"Seven Cards Stud": "Seven Card Stud", "Seven Cards Stud HiLow": "Stud Hi-Lo",
                           "Razz": "Razz"})
"""The room's game words and the engine's games."""


def _header(b: Builder, m: re.Match[str]) -> None:
    b.when(m.group("y"), m.group("mo"), m.group("d"), m.group("hh"), m.group("mi"), m.group("ss"),
           None)


def _game(b: Builder, m: re.Match[str]) -> None:
    b.hand_id = m.group("id")
    b.table = m.group("table")
    b.set_game(m.group("game"))
    b.stakes(m.group("small"), m.group("big"), cash=True)


def _card(b: Builder, m: re.Match[str]) -> None:
    name = b.player(m.group("name"))
    street = b.cards_held(name) - 2  # the card's street, from the cards held
    if street > b.street:
        b.to_street(street)
    b.card(name, m.group("card"))


def _a_card(b: Builder, m: re.Match[str]) -> None:
    name = b.player(m.group("name"))
    street = b.cards_held(name) - 2
    if street > b.street:
        b.to_street(street)
    b.card(name, None)


def _bet(b: Builder, m: re.Match[str]) -> None:
    kind = COMPLETE if b.street == 0 else "bet"  # third street's first bet completes
    b.act(kind, m.group("name"), m.group("amount"), bool(m.group("allin")))


def _mucks(b: Builder, m: re.Match[str]) -> None:
    return None


def _pot(b: Builder, m: re.Match[str]) -> None:
    fees = [b.amount(x) for x in (m.group("rake"), m.group("jp")) if x]
    b.rake = sum(fees)
    b.total_pot = b.amount(m.group("pot")) + b.rake


def _result(b: Builder, m: re.Match[str]) -> None:
    name = m.group("name")
    if m.group("cards"):
        b.to_showdown()
        b.show(name, m.group("cards"))
    elif b.showdown and "mucks" in m.group(0) and m.group(0).startswith("Player"):
        b.muck(name)
    won = b.amount(m.group("collects"))
    if won:
        b.collect(name, m.group("collects"))


def _end(b: Builder, m: re.Match[str]) -> None:
    b.ended = True


_N: Final = r"Player (?P<name>.+?)"
_A: Final = r"\d[\d,]*(?:\.\d+)?"  # an amount, without the sentence's full stop

GRAMMAR: Final = Grammar(
    name=NAME, title=TITLE, starts=("Game started at: ",),
    header=re.compile(r"Game started at: (?P<y>\d{4})/(?P<mo>\d{1,2})/(?P<d>\d{1,2}) (?P<hh>\d{1,2}):"
                      r"(?P<mi>\d{1,2}):(?P<ss>\d{1,2})$"),
    read_header=_header, games=GAMES,
    rules=(
        rule(_N + r" received card: \[(?P<card>[^\]]*)\]$", _card, PLAY, " received card: "),
        rule(_N + r" received a card\.$", _a_card, PLAY, " received a card."),
        rule(_N + r" calls \((?P<amount>[^)]+)\)(?P<allin> all-in)?$", on(CALL), PLAY, " calls ("),
        rule(_N + r" checks$", on("check"), PLAY, " checks"),
        rule(_N + r" folds$", fold, PLAY, " folds"),
        rule(_N + r" bets \((?P<amount>[^)]+)\)(?P<allin> all-in)?$", _bet, PLAY, " bets ("),
        rule(_N + r" raises \((?P<amount>[^)]+)\)(?P<allin> all-in)?$", on(RAISE), PLAY, " raises ("),
        rule(_N + r" bring in \((?P<amount>[^)]+)\)(?P<allin> all-in)?$", on(BRING_IN), PLAY,
             " bring in ("),
        rule(_N + r" ante \((?P<amount>[^)]+)\)(?P<allin> all-in)?$", ante, key=" ante ("),
        rule(r"Uncalled bet \((?P<amount>[^)]+)\) returned to (?P<name>.+)$", returned, PLAY),
        rule(_N + r" mucks cards$", _mucks, PLAY),
        rule(r"------ Summary ------$", summary),
        rule(r"Pot: (?P<pot>" + _A + r")\.? Rake (?P<rake>" + _A + r")\.?(?: JP fee (?P<jp>" + _A
             + r")\.?)?$", _pot, SUMMARY),
        rule(r"\*?Player (?P<name>.+?) (?:shows: [^\[]*\[(?P<cards>[^\]]*)\][^.]*|mucks \(does not show "
             r"cards\)|does not show cards)\.? ?Bets: [\d.,]+\. Collects: (?P<collects>\d[\d,]*(?:\.\d+)?)\. "
             r"(?:Wins|Loses): [\d.,]*\d\.$", _result, SUMMARY),
        rule(r"Game ended at: ", _end, SUMMARY),
        rule(r"Game ID: (?P<id>\d+) (?P<small>[\d.,]+)/(?P<big>[\d.,]+) \([^)]*\) (?P<table>.+) "
             r"\((?P<game>[^()]+)\)$", _game, HEAD),
        rule(r"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[\d.,]+)\)\.$", seat, HEAD),
        starting("*** ", phase=PLAY),
        *noise(" sits out", " is sitting out", " joins the table", " leaves the table",
               " is connected", " is disconnected", " has timed out"),
    ),
)

is_header = GRAMMAR.is_header
parse = GRAMMAR.parse
