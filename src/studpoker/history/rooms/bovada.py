"""Bovada / Ignition (formerly Bodog) text hand histories: 7 Card Stud and Hi-Lo.

The tables are anonymous: players are named by their seat (``Seat+3``), the
hero is marked ``[ME]``, and every player's cards are written once the hand
is over. One hand looks like this::

    Bovada Hand #3001 TBL#77 7CARD Fixed Limit - 2024-03-01 20:15:00
    Seat+1: $0.57 in chips
    Seat+3 [ME]: $0.50 in chips
    Seat+1 : Ante chip $0.01
    Seat+3 [ME] : Ante chip $0.01
    *** HOLE CARDS ***
    Seat+1 : Card dealt to a spot [7h 8c Jc]
    Seat+3 [ME] : Card dealt to a spot [Jh Qh Th]
    Seat+1 : Bring_in chip $0.02
    Seat+3 [ME] : Raises $0.05 to $0.05
    Seat+1 : Folds
    Seat+3 [ME] : Return uncalled portion of bet $0.03
    Seat+3 [ME] : Does not show [Jh Qh Th] (High Card)
    Seat+3 [ME] : Hand result $0.06
    *** SUMMARY ***
    Total Pot($0.06) | Rake ($0)

Streets are rarely titled: a street starts with its card (three on third
street, then one). Calls and all-ins are the chips put in; raises (and
``All-in(raise)``) are the total (``Raises 20``, ``Raises $0.05 to $0.05``); ``D bets`` and ``Double
bets`` are a big bet on fourth street after an open pair (R2.6). The header
has no limits: they are read from the betting. Tournaments write
``7CARD Tournament #N TBL#1, Fixed Limit- Level 1 (0/0)`` and chips.
"""

from __future__ import annotations

import re
from typing import Final

from studpoker.history.core import BRING_IN, CALL, RAISE
from studpoker.history.grammar import (
    HEAD,
    PLAY,
    SUMMARY,
    Builder,
    Grammar,
    ante,
    fold,
    game_table,
    leave,
    noise,
    on,
    returned,
    rule,
    street_title,
    summary,
)

__all__ = ["GRAMMAR", "NAME", "TITLE", "is_header", "parse"]

NAME: Final = "bovada"
TITLE: Final = "Bovada / Ignition"

GAMES: Final = game_table({"7CARD": "Seven Card Stud", "7CARD HiLo": "Stud Hi-Lo", "RAZZ": "Razz"})
"""The room's game words and the engine's games."""

_STREETS: Final = {"3RD STREET": 0, "4TH STREET": 1, "5TH STREET": 2, "6TH STREET": 3,
                   "7TH STREET": 4, "RIVER": 4}
_GAME: Final = re.compile(r"(7CARD(?: HiLo)?|RAZZ)\b")
_DATE: Final = re.compile(r"(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})")


def _header(b: Builder, m: re.Match[str]) -> None:
    b.hand_id, rest = m.group("id"), m.group("rest")
    game = _GAME.search(rest)
    if game is None:
        b.fail(f"not a stud game: {rest[:60]!r} (7CARD, 7CARD HiLo are read)")
    b.set_game(game.group(1))
    if "Fixed Limit" not in rest:
        b.fail("not a limit game")
    table = re.search(r"TBL#(\d+)", rest)
    tournament = re.search(r"Tournament #(\d+)", rest)
    b.table = table.group(1) if table else ""
    b.tournament = tournament.group(1) if tournament else None
    date = _DATE.search(rest)
    if date:
        y, mo, d, hh, mi, ss = date.groups()
        b.when(y, mo, d, hh, mi, ss, None)


def _seat(b: Builder, m: re.Match[str]) -> None:
    stack = m.group("stack")
    if not b.seats and stack[:1] in "$€£" and b.tournament is None:  # cash: a currency
        b.scale = 100
        b.currency = {"$": "USD", "€": "EUR", "£": "GBP"}[stack[:1]]
    name = "Seat+" + m.group("seat")
    b.seat(m.group("seat"), name, stack)
    if m.group("me"):
        b.hero = name


def _cards(b: Builder, m: re.Match[str]) -> None:
    b.cards_to(m.group("name"), m.group("cards"))


def _put(b: Builder, m: re.Match[str]) -> None:
    b.put(m.group("name"), m.group("amount"), all_in=True)


def _all_in_raise(b: Builder, m: re.Match[str]) -> None:
    """``All-in(raise) 1054``: the player's total for the street."""
    name = b.player(m.group("name"))
    added = b.amount(m.group("amount")) - b.street_total(name)
    b.put(name, added, all_in=True)


def _double(b: Builder, m: re.Match[str]) -> None:
    b.double_bets.add(b.line)
    b.act("bet", m.group("name"), m.group("amount"))


def _show(b: Builder, m: re.Match[str]) -> None:
    b.to_showdown()
    b.show(m.group("name"), m.group("cards"))


def _muck(b: Builder, m: re.Match[str]) -> None:
    b.to_showdown()
    b.muck(m.group("name"))


def _collect(b: Builder, m: re.Match[str]) -> None:
    b.collect(m.group("name"), m.group("amount"))


def _total(b: Builder, m: re.Match[str]) -> None:
    b.total(m.group("pot"), m.group("rake"))


_P: Final = r"(?P<name>Seat\+\d+)(?: \[ME\])? : "

GRAMMAR: Final = Grammar(
    name=NAME, title=TITLE, starts=("Bovada Hand #", "Bodog Hand #", "Ignition Hand #"),
    header=re.compile(r"(?:Bovada|Bodog|Ignition) Hand #(?P<id>\d+):? (?P<rest>.*)$"),
    read_header=_header, games=GAMES,
    rules=(
        rule(_P + r"Card dealt to a spot \[(?P<cards>[^\]]*)\]$", _cards, PLAY, "Card dealt"),
        rule(_P + r"Calls? (?P<amount>\S+)$", on(CALL), PLAY, " : Call"),
        rule(_P + r"Checks(?:\(timeout\))?$", on("check"), PLAY, " : Checks"),
        rule(_P + r"Folds(?:\(timeout\))?$", fold, PLAY, " : Folds"),
        rule(_P + r"Bets (?P<amount>\S+)$", on("bet"), PLAY, " : Bets "),
        rule(_P + r"(?:D bets|Double bets) (?P<amount>\S+)$", _double, PLAY, " bets "),
        rule(_P + r"Raises (?:\S+ to )?(?P<amount>\S+)$", on(RAISE), PLAY, " : Raises "),
        rule(_P + r"All-in\(raise\) (?P<amount>\S+)$", _all_in_raise, PLAY, " : All-in(raise)"),
        rule(_P + r"All-in (?P<amount>\S+)$", _put, PLAY, " : All-in "),
        rule(_P + r"(?:Bring_in chip|Big blind/Bring in)(?:\(timeout\))? (?P<amount>\S+)$",
             on(BRING_IN), PLAY, "ring"),
        rule(_P + r"Ante chip (?P<amount>\S+)$", ante, key=" : Ante chip "),
        rule(r"Seat\+(?P<seat>\d+)(?P<me> \[ME\])?: (?P<stack>\S+) in chips", _seat, HEAD),
        rule(_P + r"Return uncalled portion of bet (?P<amount>\S+)$", returned, PLAY),
        rule(_P + r"Hand [Rr]esult(?:-Side [Pp]ot)? (?P<amount>\S+)$", _collect, PLAY, "esult"),
        rule(_P + r"Showdown(?:\(High Hand\)|\(Low Hand\))? \[(?P<cards>[^\]]*)\]", _show, PLAY,
             " : Showdown"),
        rule(_P + r"Mucks", _muck, PLAY, " : Mucks"),
        rule(_P + r"(?:Table leave user|Stand)$", leave),
        rule(r"\*\*\* (?P<title>[3-7](?:RD|TH|rd|th) STREET|RIVER) \*\*\*", street_title(_STREETS)),
        rule(r"\*\*\* SUMMARY \*\*\*", summary),
        rule(r"Total Pot\((?P<pot>[^)]*)\)(?: \| Rake \((?P<rake>[^)]*)\))?", _total, SUMMARY),
        *noise("*** HOLE CARDS ***", " : Does not show", " : Table enter user", " : Sit out",
               " : Ranking ", " : Seat sit down", " : Seat sit out", " : Seat stand", " : Sitout",
               " : Table deposit",
               " : Re-join", " : Enter(Auto)", " : Leave(Auto)", " : Seat re-join",
               " : Prize Cash "),
    ),
)

is_header = GRAMMAR.is_header
parse = GRAMMAR.parse
