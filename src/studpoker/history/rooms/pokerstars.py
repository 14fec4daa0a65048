"""PokerStars text hand histories: 7 Card Stud, 7 Card Stud Hi/Lo and Razz.

One hand looks like this (cash game; tournaments write ``Tournament #N, ...
- Level I (10/20)`` in the header and amounts in chips)::

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
writes it) names the dealer.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from typing import Final

from studpoker.history.core import (
    ANTE,
    BET,
    BRING_IN,
    CALL,
    CAPPED,
    CHECK,
    COLLECT,
    COMMUNITY,
    COMPLETE,
    DEAL,
    FOLD,
    LEAVE,
    MUCK,
    RAISE,
    RETURN,
    REVEAL,
    SHOW,
    Event,
    ParseError,
    RoomHand,
    RoomSeat,
    money,
    parse_cards,
)

__all__ = ["NAME", "TITLE", "is_header", "parse"]

NAME: Final = "pokerstars"
TITLE: Final = "PokerStars"

_HEADER: Final = re.compile(r"PokerStars (?:Home Game )?(?:Zoom )?(?:Hand|Game) #(\d+):\s*(.*)")
_GAMES: Final = (("7 Card Stud Hi/Lo", "stud8"), ("7 Card Stud", "stud"), ("Razz", "razz"),
                 ("Stud Hi/Lo", "stud8"))
# a run of digits is tried from its first digit only: linear (from every digit of it, quadratic)
_STAKES: Final = re.compile(r"((?:[$€£]|(?<![\d.,]))[\d.,]+)/([$€£]?[\d.,]+)(?: ([A-Z]{3}))?")
_TIME: Final = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2}) ?([A-Z]{2,4})?")
_TABLE: Final = re.compile(r"Table '(.*)'(?: (\d+)-max)?(?: \(Play Money\))?(?: Seat #(\d+) is the button)?")
_SEAT: Final = re.compile(r"Seat (\d+): (.+?) \(([^ )]+) in chips(?:, [^)]*)?\)(.*)")
_STREETS: Final = {"3rd STREET": 0, "4th STREET": 1, "5th STREET": 2, "6th STREET": 3,
                   "7th STREET": 4, "RIVER": 4}
_ALL_IN: Final = " and is all-in"
_AMOUNT_VERBS: Final = {"bets": BET, "calls": CALL, "raises": RAISE, "brings": BRING_IN,
                        "completes": COMPLETE}
_UNCALLED: Final = re.compile(r"Uncalled bet \(([^)]+)\) returned to (.+?)\s*$")
_COLLECTED: Final = re.compile(r"(.+?) collected ([^ ]+) from (?:the )?(?:main |side )?pot(?:-\d+)?\s*$")
_TOTAL: Final = re.compile(r"Total pot ([^ |]+).*?\| Rake ([^ |]+)")
_SUMMARY_SEAT: Final = re.compile(r"Seat (\d+): (.+?) (?:\([^)]*\) )?(showed|mucked) \[([^\]]*)\]")
_SUMMARY_WON: Final = re.compile(r"Seat (\d+): (.+?) (?:\([^)]*\) )?(?:showed \[[^\]]*\] and won|collected) "
                                 r"\(([^)]+)\)")


def _dealt(line: str, names: dict[str, int], number: int) -> tuple[str, str, str | None]:
    """``Dealt to NAME [cards]`` or ``Dealt to NAME [cards] [card]``: the name and the texts."""
    body = line[9:].rstrip()
    at = body.find(" [")
    while at >= 0 and body[:at] not in names:  # a name holding " [": the longest that fits
        at = body.find(" [", at + 1)
    if at < 0 or not body.endswith("]"):
        raise ParseError(f"bad deal line {line!r}", number)
    name, rest = body[:at], body[at + 2:-1]
    first, sep, added = rest.partition("] [")
    if "[" in first or "]" in first or (sep and ("[" in added or "]" in added)):
        raise ParseError(f"bad deal line {line!r}", number)
    return name, first, added if sep else None


def is_header(line: str) -> bool:
    """True for the first line of a PokerStars hand."""
    return line.startswith("PokerStars ") and _HEADER.match(line) is not None


@dataclass(frozen=True, slots=True)
class _Game:
    """What a header says before its date: the game, the stakes, cash or tournament."""

    game: str
    scale: int
    currency: str | None
    small_bet: int
    big_bet: int
    tournament: str | None
    level: str | None


def _game(rest: str, number: int) -> _Game:
    game = None
    at = -1
    for words, name in _GAMES:
        at = rest.find(words + " Limit")
        if at >= 0:
            game = name
            break
    if game is None:
        what = rest.split(" - ")[0].strip()
        raise ParseError(f"not a stud game: {what!r} (stud, Stud Hi/Lo and Razz are read)", number)
    tournament = re.search(r"Tournament #(\d+)", rest)
    level = re.search(r"Level (\w+)", rest)
    stakes = _STAKES.search(rest, at)
    if stakes is None:
        raise ParseError("no stakes in the header", number)
    small, big, code = stakes.groups()
    symbol = small[:1] if small[:1] in "$€£" else ""
    cash = tournament is None and (bool(symbol) or code is not None)
    currency = None
    if cash:
        currency = code or {"$": "USD", "€": "EUR", "£": "GBP"}[symbol]
    scale = 100 if cash else 1
    return _Game(game=game, scale=scale, currency=currency, small_bet=money(small, scale, number),
                 big_bet=money(big, scale, number),
                 tournament=tournament.group(1) if tournament else None,
                 level=level.group(1) if level else None)


def _header(line: str, number: int, memo: dict[str, object] | None) \
        -> tuple[str, _Game, datetime.datetime | None, str | None]:
    """The hand id, the game (read once per stream for each distinct header), the time."""
    m = _HEADER.match(line)
    if m is None:
        raise ParseError("not a PokerStars hand header", number)
    hand_id, rest = m.group(1), m.group(2)
    head, sep, date = rest.rpartition(" - ")
    if not sep:
        head, date = rest, ""
    got = memo.get(head) if memo is not None else None
    if isinstance(got, _Game):
        game = got
    else:
        game = _game(rest, number)
        if memo is not None:
            memo[head] = game
    times = _TIME.findall(date or rest)
    when = None
    zone = None
    if times:
        pick = next((t for t in times if t[6] == "ET"), times[0])
        y, mo, d, hh, mi, ss, zone_text = pick
        try:
            when = datetime.datetime(int(y), int(mo), int(d), int(hh), int(mi), int(ss))
        except ValueError:
            raise ParseError(f"bad date in the header: {'/'.join(pick[:3])}", number) from None
        zone = zone_text or None
    return hand_id, game, when, zone


def parse(lines: list[str], *, start: int = 1, source: str | None = None,
          memo: dict[str, object] | None = None) -> RoomHand:
    """One PokerStars hand (``lines[0]`` is its header, at line ``start`` of the file);
    ``memo`` is shared by the hands of a stream (each distinct header is read once)."""
    hand_id, info, when, zone = _header(lines[0], start, memo)
    scale = info.scale
    table = ""
    max_seats = None
    button = None
    seats: list[RoomSeat] = []
    names: dict[str, int] = {}
    events: list[Event] = []
    street = -1
    summary = False
    total_pot = None
    rake = 0
    showdown_seen = False
    summary_won: dict[str, int] = {}
    hero = None

    def amount(text: str, number: int) -> int:
        return money(text, scale, line=number)

    def player(name: str, number: int) -> str:
        if name not in names:
            raise ParseError(f"{name!r} is not seated at this table", number)
        return name

    for k, raw in enumerate(lines[1:], 1):
        number = start + k
        line = raw.rstrip()
        if not line:
            continue
        if line[:9] == "Dealt to ":  # the most common line with the actions: first
            name, first_text, added_text = _dealt(line, names, number)
            if street < 0:
                raise ParseError(f"a deal before third street: {line!r}", number)
            first = parse_cards(first_text, number)
            added = parse_cards(added_text, number) if added_text is not None else None
            if street == 0:
                three = first if added is None else first + added
                if len(three) == 3:
                    hero = hero or name
                    events.append(Event(DEAL, name, 0, three, 0, 0, number))
                elif len(three) == 1:
                    events.append(Event(DEAL, name, 0, (None, None, *three), 0, 0, number))
                else:
                    raise ParseError(f"third street deals 3 cards, not {len(three)}", number)
            else:
                got = added if added is not None else first
                if len(got) != 1:
                    raise ParseError(f"one card a street, not {len(got)}", number)
                events.append(Event(DEAL, name, 0, got, street + 2, street, number))
            continue
        if line.startswith("*** "):
            title, _, board = line.strip("* ").partition(" *** [")
            title = title.strip()
            if title == "SUMMARY":
                summary = True
            elif title in ("SHOW DOWN", "SHOWDOWN"):
                showdown_seen = True
            elif title in _STREETS:
                new = _STREETS[title]
                if new != street + 1:
                    raise ParseError(f"street {title!r} out of order", number)
                street = new
                if board:  # R1.10: the community card, "*** RIVER *** [Qh]"
                    events.append(Event(COMMUNITY, "", 0, parse_cards(board.rstrip("] "), number), 0,
                                        street, number))
            elif title.startswith(("FIRST", "SECOND")):
                raise ParseError("a hand run twice cannot be replayed", number)
            continue
        if summary:
            m = _TOTAL.match(line)
            if m:
                total_pot, rake = amount(m.group(1), number), amount(m.group(2), number)
                continue
            m = _SUMMARY_SEAT.match(line) if "[" in line else None
            if m and m.group(2) in names:
                events.append(Event(REVEAL, m.group(2), cards=parse_cards(m.group(4), number),
                                    street=max(street, 0), line=number))
            m = _SUMMARY_WON.match(line) if "won (" in line or "collected (" in line else None
            if m and m.group(2) in names:
                summary_won[m.group(2)] = summary_won.get(m.group(2), 0) + amount(m.group(3), number)
            continue
        if street < 0:
            if line.startswith("Table "):
                m = _TABLE.match(line)
                if m is None:
                    raise ParseError(f"bad table line {line!r}", number)
                table = m.group(1)
                max_seats = int(m.group(2)) if m.group(2) else None
                button = int(m.group(3)) if m.group(3) else None
                continue
            if line.startswith("Seat "):
                m = _SEAT.match(line)
                if m is None:
                    raise ParseError(f"bad seat line {line!r}", number)
                name = m.group(2)
                if name in names:
                    raise ParseError(f"{name!r} is seated twice", number)
                seat = RoomSeat(int(m.group(1)), name, amount(m.group(3), number),
                                "sitting out" in m.group(4) or "out of hand" in m.group(4))
                names[name] = seat.seat
                seats.append(seat)
                continue
        name, sep, rest = line.partition(": ")
        if sep and name in names:
            verb, _, tail = rest.partition(" ")
            kind = _AMOUNT_VERBS.get(verb)
            if kind is not None and street >= 0:  # the usual action lines, first
                tail = tail.rstrip()
                all_in = tail.endswith(_ALL_IN)
                if all_in:
                    tail = tail[: -len(_ALL_IN)]
                if kind == RAISE:
                    _, to_word, tail = tail.partition(" to ")
                    ok = bool(to_word)
                elif kind == BRING_IN:
                    ok, tail = tail[:7] == "in for ", tail[7:]
                elif kind == COMPLETE:
                    ok, tail = tail[:6] == "it to ", tail[6:]
                else:
                    ok = True
                if not ok:
                    raise ParseError(f"unknown action {line!r}", number)
                events.append(Event(kind, name, money(tail, scale, number), (), 0, street, number,
                                    all_in))
                continue
            if verb == "checks" and street >= 0 and not tail.strip():
                events.append(Event(CHECK, name, 0, (), 0, street, number))
                continue
            rest = rest.rstrip()
            all_in = rest.endswith(_ALL_IN)
            if all_in:
                rest = rest[: -len(_ALL_IN)]
            if rest.startswith("posts the ante "):
                events.append(Event(ANTE, name, amount(rest[15:], number), line=number, all_in=all_in))
                continue
            if rest.startswith(("posts ", "sits out", "is sitting out", "doesn't show")) \
                    or (rest.startswith("shows [") and street < 0):
                if rest.startswith("posts "):
                    raise ParseError(f"unexpected post in stud: {line!r}", number)
                continue
            if street < 0 and verb in ("brings", "bets", "raises", "calls", "checks", "folds",
                                       "completes"):
                raise ParseError(f"an action before third street: {line!r}", number)
            s = max(street, 0)
            verb, _, tail = rest.partition(" ")
            if verb == "brings" and tail.startswith("in for "):
                events.append(Event(BRING_IN, name, amount(tail[7:], number), street=s, line=number,
                                    all_in=all_in))
            elif verb == "completes" and tail.startswith("it to "):
                events.append(Event(COMPLETE, name, amount(tail[6:], number), street=s, line=number,
                                    all_in=all_in))
            elif verb == "bets":
                events.append(Event(BET, name, amount(tail, number), street=s, line=number,
                                    all_in=all_in))
            elif verb == "raises":
                _, to_word, to = tail.partition(" to ")
                if not to_word:
                    raise ParseError(f"bad raise {line!r}", number)
                events.append(Event(RAISE, name, amount(to, number), street=s, line=number,
                                    all_in=all_in))
            elif verb == "calls":
                events.append(Event(CALL, name, amount(tail, number), street=s, line=number,
                                    all_in=all_in))
            elif verb == "checks" and not tail:
                events.append(Event(CHECK, name, street=s, line=number))
            elif verb == "folds":
                cards = parse_cards(tail.strip("[] "), number) if tail.startswith("[") else ()
                events.append(Event(FOLD, name, street=s, line=number))
                if cards:
                    events.append(Event(REVEAL, name, cards=cards, street=s, line=number))
            elif verb == "shows" and tail.startswith("["):
                cards_text = tail[1:tail.index("]")] if "]" in tail else ""
                events.append(Event(SHOW if showdown_seen else REVEAL, name,
                                    cards=parse_cards(cards_text, number), street=s, line=number))
            elif verb == "mucks" and tail.startswith("hand"):
                events.append(Event(MUCK, name, street=s, line=number))
            else:
                raise ParseError(f"unknown action {line!r}", number)
            continue
        if line.startswith("Uncalled bet"):
            m = _UNCALLED.match(line)
            if m is None:
                raise ParseError(f"bad line {line!r}", number)
            events.append(Event(RETURN, player(m.group(2), number), amount(m.group(1), number),
                                street=max(street, 0), line=number))
            continue
        m = _COLLECTED.match(line)
        if m and m.group(1) in names:
            events.append(Event(COLLECT, m.group(1), amount(m.group(2), number),
                                street=max(street, 0), line=number))
            continue
        if line.startswith("Betting is capped"):
            events.append(Event(CAPPED, street=max(street, 0), line=number))
            continue
        if line.endswith(" leaves the table"):
            who = line[: -len(" leaves the table")]
            if who in names:
                events.append(Event(LEAVE, who, street=max(street, 0), line=number))
            continue
        if _noise(line, names):
            continue
        raise ParseError(f"unexpected line {line!r}", number)
    if not seats:
        raise ParseError("no seats", start)
    if not any(e.kind == COLLECT for e in events):  # collections from the summary only
        events.extend(Event(COLLECT, who, won, street=max(street, 0), line=start)
                      for who, won in summary_won.items())
    complete = summary and total_pot is not None
    return RoomHand(
        room=NAME, hand_id=hand_id, table=table, game=info.game, small_bet=info.small_bet,
        big_bet=info.big_bet, seats=tuple(seats), events=tuple(events), currency=info.currency,
        unit="0.01" if scale == 100 else None, tournament=info.tournament, level=info.level,
        max_seats=max_seats, button=button, hero=hero, total_pot=total_pot, rake=rake,
        time=when, time_zone=zone, complete=complete, source=source, line=start,
    )


_NOISE: Final = (" joins the table at seat #", " is connected", " is disconnected", " has timed out",
                 " has returned", " was removed from the table", " said, \"", " finished the tournament",
                 " wins the tournament", " re-buys and receives", " takes the add-on",
                 " will be allowed to play after the button", " sits out", " is sitting out",
                 " cashed out the hand", " has been disconnected")


def _noise(line: str, names: dict[str, int]) -> bool:
    """Lines that change nothing in the hand: chat, arrivals, connections, timeouts."""
    if line.startswith(("No low hand qualified", "Hand was run", "The player ")):
        return True
    return any(word in line for word in _NOISE)
