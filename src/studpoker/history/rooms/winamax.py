"""Winamax text hand histories: 7-Card Stud, 7-Card Stud Hi/Lo and Razz.

One hand looks like this (the stakes are ante/small bet/big bet)::

    Winamax Poker - CashGame - HandId: #9001-1-1709320500 - 7-Card Stud fixed limit \
(5€/25€/50€) - 2024/03/01 20:15:00 UTC
    Table: 'Pampelune' 6-max (real money)
    Seat 1: Hero (1749.22€)
    Seat 4: ann (426.06€)
    *** ANTE/BLINDS ***
    Hero posts ante 5€
    ann posts ante 5€
    *** 3rd STREET ***
    Dealt to Hero [4h Ac Qd]
    Dealt to ann [X X 9h]
    ann brings in 10€
    Hero raises 25€ to 25€
    ann folds
    Hero collected 45€ from pot
    *** SUMMARY ***
    Total pot 45€ | No rake
    Seat 1: Hero won 45€

``X`` is a card not shown. Calls are the chips put in; raises name their
total after ``to`` (the first amount is not always right). The summary's
total is after the rake; a bet nobody called is not written, and both the
total and the winner's take count it. Play-money tables write amounts
without a currency, older files ``*** THIRD ***`` and no cards.
"""

from __future__ import annotations

import re
from typing import Final

from studpoker.history.core import BET, BRING_IN, CALL, RAISE, RETURN
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

NAME: Final = "winamax"
TITLE: Final = "Winamax"

GAMES: Final = game_table({"7-Card Stud": "Seven Card Stud", "7stud": "Seven Card Stud",
                           "7-Card Stud Hi/Lo": "Stud Hi-Lo", "7stud Hi/Lo": "Stud Hi-Lo",
                           "Razz": "Razz"})
"""The room's game words (before the limit) and the engine's games."""

_STREETS: Final = {"3rd STREET": 0, "4th STREET": 1, "5th STREET": 2, "6th STREET": 3, "7th STREET": 4,
                   "THIRD": 0, "FOURTH": 1, "FIFTH": 2, "SIXTH": 3, "SEVENTH": 4}
_STAKES: Final = re.compile(r"\((?P<ante>[^/()]+)/(?P<small>[^/()]+)/(?P<big>[^/()]+)\)")
_DATE: Final = re.compile(r"(\d{4})/(\d{2})/(\d{2}) (\d{2}):(\d{2}):(\d{2}) ?(\w+)?$")


def _header(b: Builder, m: re.Match[str]) -> None:
    b.hand_id = m.group("id")
    rest = m.group("rest")
    game = re.match(r"(?P<words>.+?) (?P<limit>fixed limit|no limit|pot limit) ", rest)
    if game is None:
        b.fail(f"no game in the header: {rest[:80]!r}")
    b.set_game(game.group("words"))
    if game.group("limit") != "fixed limit":
        b.fail(f"not a limit game: {game.group('limit')}")
    stakes = _STAKES.search(rest)
    if stakes is None:
        b.fail("no stakes in the header")
    tournament = m.group("kind").startswith("Tournament")
    if tournament:
        b.tournament = m.group("kind")
    small = stakes.group("small")
    b.stakes(small, stakes.group("big"), cash=not tournament, ante=stakes.group("ante"))
    if not tournament:  # a currency sign, or play money
        b.currency = next((code for sign, code in (("€", "EUR"), ("$", "USD"), ("£", "GBP"))
                           if sign in small), None)
    date = _DATE.search(rest)
    if date:
        y, mo, d, hh, mi, ss, zone = date.groups()
        b.when(y, mo, d, hh, mi, ss, zone)


def _table(b: Builder, m: re.Match[str]) -> None:
    b.table = m.group("table")
    size = re.search(r"(\d+)-max", m.group("rest"))
    b.max_seats = int(size.group(1)) if size else None


def _total(b: Builder, m: re.Match[str]) -> None:
    """The total is after the rake, and like the winner's take it counts the bet nobody
    called, which the room does not write: it goes back."""
    b.total(m.group("pot"), m.group("rake") or "0", after_rake=True)
    if not any(e.kind == RETURN for e in b.events):
        back, back_to = b.uncalled()
        if back_to is not None and back:
            b.settle_from_bets(won_counts_it=True)
            b.rake = b.amount(m.group("rake") or "0")


_N: Final = r"(?P<name>.+?)"

GRAMMAR: Final = Grammar(
    name=NAME, title=TITLE, starts=("Winamax Poker - ",),
    header=re.compile(r"Winamax Poker - (?P<kind>[^-]+?) - HandId: #(?P<id>[\d-]+?) - (?P<rest>.*)$"),
    read_header=_header, games=GAMES,
    rules=(
        rule(r"Dealt to (?P<name>.+?) \[(?P<first>[^\]]*)\](?: \[(?P<added>[^\]]*)\])?$", deal, PLAY,
             "Dealt to "),
        rule(_N + r" calls (?P<amount>\S+)(?P<allin> and is all-in)?$", on(CALL), PLAY, " calls "),
        rule(_N + r" bets (?P<amount>\S+)(?P<allin> and is all-in)?$", on(BET), PLAY, " bets "),
        rule(_N + r" raises \S+ to (?P<amount>\S+)(?P<allin> and is all-in)?$", on(RAISE), PLAY,
             " raises "),
        rule(_N + r" checks$", on("check"), PLAY, " checks"),
        rule(_N + r" folds$", fold, PLAY, " folds"),
        rule(_N + r" (?:brings in|bring-in) (?P<amount>\S+)(?P<allin> and is all-in)?$", on(BRING_IN),
             PLAY, "ring"),
        rule(r"\*\*\* (?P<title>[3-7](?:rd|th) STREET|THIRD|FOURTH|FIFTH|SIXTH|SEVENTH) \*\*\*$",
             street_title(_STREETS), PLAY),
        rule(r"\*\*\* SHOW ?DOWN \*\*\*$", showdown, PLAY),
        rule(r"\*\*\* SUMMARY \*\*\*$", summary),
        rule(_N + r" posts ante (?P<amount>\S+)(?P<allin> and is all-in)?$", ante, key=" posts ante "),
        rule(r"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^()]+)\)(?P<rest>.*)$", seat, HEAD),
        rule(r"Table: '(?P<table>.*)'(?P<rest>.*)$", _table, HEAD),
        rule(_N + r" shows \[(?P<cards>[^\]]*)\]", show, PLAY, " shows ["),
        rule(_N + r" mucks", muck, PLAY, " mucks"),
        rule(_N + r" collected (?P<amount>\S+) from (?:the )?(?:main |side )?pot", collect, PLAY,
             " collected "),
        rule(r"(?P<name>.+) leaves the table$", leave, key=" leaves the table"),
        rule(r"Total pot (?P<pot>\S+)(?: \| (?:Rake (?P<rake>\S+)|No rake))?", _total, SUMMARY),
        rule(r"Seat \d+: (?P<rest>.+)$", summary_seat, SUMMARY),
        starting("*** ANTE/BLINDS ***", phase=HEAD),
        *noise(" doesn't show", " does not show", " sits out", " is sitting out", " joins the table",
               " is connected", " is disconnected", " has timed out", " said, "),
    ),
)

is_header = GRAMMAR.is_header
parse = GRAMMAR.parse
