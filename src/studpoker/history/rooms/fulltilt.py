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
30/60 Ante 5 - ...`` and amounts in chips.
"""

from __future__ import annotations

import datetime
import re
from typing import Final

from studpoker.history.core import (
    ANTE,
    BET,
    BRING_IN,
    CALL,
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

NAME: Final = "fulltilt"
TITLE: Final = "Full Tilt Poker"

_HEADER: Final = re.compile(r"Full ?Tilt ?Poker Game #(\d+):\s*(.*)")
_STAKES: Final = re.compile(r" - ([$€£]?[\d.,]+)/([$€£]?[\d.,]+)(?: Ante ([$€£]?[\d.,]+))? - "
                            r"(?:(?:No|Pot) )?Limit ([^-]+?) - ")
_TABLE: Final = re.compile(r"(?:(.+?) \((\d+)\), )?Table (.+?)(?: \(([^)]*)\))?$")
_TIME: Final = re.compile(r"(\d{1,2}):(\d{2}):(\d{2}) ([A-Z]{2,4}) - (\d{4})/(\d{1,2})/(\d{1,2})")
_SEAT: Final = re.compile(r"Seat (\d+): (.+?) \(([^)]+)\)(.*)")
_STREETS: Final = {"3RD STREET": 0, "4TH STREET": 1, "5TH STREET": 2, "6TH STREET": 3,
                   "7TH STREET": 4, "RIVER": 4}
_DEALT: Final = re.compile(r"Dealt to (.+?) \[([^\]]*)\](?: \[([^\]]*)\])?\s*$")
_UNCALLED: Final = re.compile(r"Uncalled bet of ([^ ]+) returned to (.+?)\s*$")
_WINS: Final = re.compile(r"(.+?) (?:wins|ties for) (?:the )?(?:high |low )?(?:main |side )?pot"
                          r"(?: #?\d+)? \(([^)]+)\)")
_TOTAL: Final = re.compile(r"Total pot ([^ |]+).*?\| Rake ([^ |]+)")
_SUMMARY_CARDS: Final = re.compile(r"Seat (\d+): (.+?) (?:\([^)]*\) )?(showed|mucked) \[([^\]]*)\]")
_ALL_IN: Final = ", and is all in"
_VERBS: Final = ("antes ", "brings in for ", "completes it to ", "bets ", "raises to ", "calls ",
                 "checks", "folds", "shows [", "mucks")


def is_header(line: str) -> bool:
    """True for the first line of a Full Tilt Poker hand."""
    return line.startswith(("Full Tilt Poker Game #", "FullTiltPoker Game #"))


def _game(words: str, number: int) -> str:
    if "Razz" in words:
        return "razz"
    if "Stud" in words and ("H/L" in words or "Hi/Lo" in words or "8" in words):
        return "stud8"
    if "Stud" in words:
        return "stud"
    raise ParseError(f"not a stud game: {words.strip()!r} (Stud Hi, Stud H/L and Razz are read)",
                     number)


def _header(line: str, number: int) -> dict[str, object]:
    m = _HEADER.match(line)
    if m is None:
        raise ParseError("not a Full Tilt Poker hand header", number)
    hand_id, rest = m.group(1), m.group(2)
    if rest.rstrip().endswith("(partial)"):
        raise ParseError("a partial hand (the client wrote only part of it)", number)
    stakes = _STAKES.search(rest)
    if stakes is None:
        what = rest.split(" - ")[-3] if rest.count(" - ") >= 2 else rest
        raise ParseError(f"not a limit stud game: {what!r}", number)
    small, big, ante, words = stakes.groups()
    game = _game(words, number)
    t = _TABLE.match(rest[: stakes.start()])
    if t is None:
        raise ParseError("no table in the header", number)
    tournament = t.group(2)
    symbol = small[:1] if small[:1] in "$€£" else ""
    cash = tournament is None and bool(symbol)
    scale = 100 if cash else 1
    max_seats = None
    if t.group(4):
        mm = re.search(r"(\d+) max|heads up", t.group(4))
        if mm:
            max_seats = int(mm.group(1)) if mm.group(1) else 2
    when = zone = None
    times = _TIME.findall(rest[stakes.end():])
    if times:
        pick = next((x for x in times if x[3] == "ET"), times[0])
        hh, mi, ss, zone, y, mo, d = pick
        try:
            when = datetime.datetime(int(y), int(mo), int(d), int(hh), int(mi), int(ss))
        except ValueError:
            raise ParseError(f"bad date in the header: {y}/{mo}/{d}", number) from None
    return {
        "hand_id": hand_id, "game": game, "scale": scale,
        "currency": {"$": "USD", "€": "EUR", "£": "GBP"}.get(symbol) if cash else None,
        "small_bet": money(small, scale, line=number), "big_bet": money(big, scale, line=number),
        "ante": money(ante, scale, line=number) if ante else None,
        "table": t.group(3), "max_seats": max_seats, "tournament": tournament,
        "time": when, "time_zone": zone,
    }


def parse(lines: list[str], *, start: int = 1, source: str | None = None,
          memo: dict[str, object] | None = None) -> RoomHand:
    """One Full Tilt Poker hand (``lines[0]`` is its header, at line ``start`` of the file)."""
    info = _header(lines[0], start)
    scale = int(str(info["scale"]))
    seats: list[RoomSeat] = []
    names: dict[str, int] = {}
    events: list[Event] = []
    street = -1
    summary = False
    showdown = False
    total_pot = None
    rake = 0
    button = None
    hero = None

    def amount(text: str, number: int) -> int:
        return money(text, scale, line=number)

    for k, raw in enumerate(lines[1:], 1):
        number = start + k
        line = raw.rstrip()
        if not line:
            continue
        if line.startswith("*** "):
            title, _, board = line.strip("* ").partition(" *** [")
            title = title.strip()
            if title == "SUMMARY":
                summary = True
            elif title in ("SHOW DOWN", "SHOWDOWN"):
                showdown = True
            elif title in _STREETS:
                new = _STREETS[title]
                if new != street + 1:
                    raise ParseError(f"street {title!r} out of order", number)
                street = new
                if board:  # R1.10: the community card, "*** RIVER *** [Qh]"
                    events.append(Event(COMMUNITY, "", 0, parse_cards(board.rstrip("] "), number), 0,
                                        street, number))
            continue
        if summary:
            m = _TOTAL.match(line)
            if m:
                total_pot, rake = amount(m.group(1), number), amount(m.group(2), number)
                continue
            m = _SUMMARY_CARDS.match(line)
            if m and m.group(2) in names:
                events.append(Event(REVEAL, m.group(2), cards=parse_cards(m.group(4), number),
                                    street=max(street, 0), line=number))
            continue
        if street < 0 and line.startswith("Seat "):
            m = _SEAT.match(line)
            if m is None:
                raise ParseError(f"bad seat line {line!r}", number)
            name = m.group(2)
            if name in names:
                raise ParseError(f"{name!r} is seated twice", number)
            seat = RoomSeat(int(m.group(1)), name, amount(m.group(3), number),
                            "sitting out" in m.group(4))
            names[name] = seat.seat
            seats.append(seat)
            continue
        if line.startswith("The button is in seat #"):
            try:
                button = int(line[23:].strip())
            except ValueError:
                raise ParseError(f"bad button line {line!r}", number) from None
            continue
        if line.startswith("Dealt to "):
            m = _DEALT.match(line)
            if m is None or street < 0:
                raise ParseError(f"bad deal line {line!r}", number)
            name = m.group(1)
            if name not in names:
                raise ParseError(f"{name!r} is not seated at this table", number)
            first = parse_cards(m.group(2), number)
            added = parse_cards(m.group(3), number) if m.group(3) is not None else None
            if street == 0:
                three = first if added is None else first + added
                if len(three) == 3:
                    hero = hero or name
                    events.append(Event(DEAL, name, cards=three, street=0, line=number))
                elif len(three) == 1:
                    events.append(Event(DEAL, name, cards=(None, None, *three), street=0,
                                        line=number))
                else:
                    raise ParseError(f"third street deals 3 cards, not {len(three)}", number)
            else:
                got = added if added is not None else first
                if len(got) != 1:
                    raise ParseError(f"one card a street, not {len(got)}", number)
                events.append(Event(DEAL, name, cards=got, position=street + 2, street=street,
                                    line=number))
            continue
        if line.startswith("Uncalled bet of "):
            m = _UNCALLED.match(line)
            if m is None or m.group(2) not in names:
                raise ParseError(f"bad line {line!r}", number)
            events.append(Event(RETURN, m.group(2), amount(m.group(1), number),
                                street=max(street, 0), line=number))
            continue
        m = _WINS.match(line)
        if m and m.group(1) in names:
            events.append(Event(COLLECT, m.group(1), amount(m.group(2), number),
                                street=max(street, 0), line=number))
            continue
        if line.endswith((" leaves the table", " stands up")):
            who = line.rsplit(" ", 3 if line.endswith("table") else 2)[0]
            if who in names:
                events.append(Event(LEAVE, who, street=max(street, 0), line=number))
                continue
        if line.startswith("Hand #") and line.endswith("has been canceled"):
            raise ParseError("the room canceled this hand", number)
        name, verb, rest = _split(line, names)
        if name is None:
            if _noise(line, names):
                continue
            raise ParseError(f"unexpected line {line!r}", number)
        all_in = rest.endswith(_ALL_IN)
        if all_in:
            rest = rest[: -len(_ALL_IN)]
        s = max(street, 0)
        if verb == "antes ":
            events.append(Event(ANTE, name, amount(rest, number), line=number, all_in=all_in))
            continue
        if street < 0:
            raise ParseError(f"an action before third street: {line!r}", number)
        if verb == "brings in for ":
            events.append(Event(BRING_IN, name, amount(rest, number), street=s, line=number,
                                all_in=all_in))
        elif verb == "completes it to ":
            events.append(Event(COMPLETE, name, amount(rest, number), street=s, line=number,
                                all_in=all_in))
        elif verb == "bets ":
            events.append(Event(BET, name, amount(rest, number), street=s, line=number, all_in=all_in))
        elif verb == "raises to ":
            events.append(Event(RAISE, name, amount(rest, number), street=s, line=number,
                                all_in=all_in))
        elif verb == "calls ":
            events.append(Event(CALL, name, amount(rest, number), street=s, line=number,
                                all_in=all_in))
        elif verb == "checks":
            events.append(Event(CHECK, name, street=s, line=number))
        elif verb == "folds":
            events.append(Event(FOLD, name, street=s, line=number))
        elif verb == "shows [":
            cards_text = rest[: rest.index("]")] if "]" in rest else ""
            events.append(Event(SHOW if showdown else REVEAL, name,
                                cards=parse_cards(cards_text, number), street=s, line=number))
        elif verb == "mucks" and showdown:  # an uncontested winner's "mucks" is no decision
            events.append(Event(MUCK, name, street=s, line=number))
        continue
    if not seats:
        raise ParseError("no seats", start)
    return RoomHand(
        room=NAME, hand_id=str(info["hand_id"]), table=str(info["table"]), game=str(info["game"]),
        small_bet=int(str(info["small_bet"])), big_bet=int(str(info["big_bet"])),
        ante=info["ante"] if isinstance(info["ante"], int) else None,
        seats=tuple(seats), events=tuple(events),
        currency=info["currency"] if isinstance(info["currency"], str) else None,
        unit="0.01" if scale == 100 else None,
        tournament=info["tournament"] if isinstance(info["tournament"], str) else None,
        max_seats=info["max_seats"] if isinstance(info["max_seats"], int) else None,
        button=button, hero=hero, total_pot=total_pot, rake=rake,
        time=info["time"] if isinstance(info["time"], datetime.datetime) else None,
        time_zone=info["time_zone"] if isinstance(info["time_zone"], str) else None,
        complete=summary and total_pot is not None, source=source, line=start,
    )


def _split(line: str, names: dict[str, int]) -> tuple[str | None, str, str]:
    """``(name, verb, rest)`` of an action line ``name verb rest``; (None, "", "") otherwise.
    Names may hold spaces: the longest seated name the line starts with wins."""
    for verb in _VERBS:
        at = line.find(" " + verb)
        while at > 0:
            name = line[:at]
            if name in names:
                return name, verb, line[at + 1 + len(verb):]
            at = line.find(" " + verb, at + 1)
    return None, "", ""


_NOISE: Final = (" sits down", " adds ", " seconds left to act", " is sitting out", " stands up",
                 " has returned", " is low with [", " is high with [", " has been disconnected",
                 " has reconnected", " has timed out", " is feeling ", " has requested TIME",
                 " seconds to reconnect", " sits out", " will be allowed to play",
                 " finished in ", " wins the tournament", " re-buys", " is connected",
                 " is disconnected")


def _noise(line: str, names: dict[str, int]) -> bool:
    """Chat (``name: text``), arrivals, timers and other lines that change nothing."""
    name, sep, _ = line.partition(": ")
    if sep and name in names:
        return True
    if line.startswith(("The blinds ", "Time has expired")):
        return True
    return any(word in line for word in _NOISE)
