"""Americas Cardroom (Winning Poker Network) text hand histories: 7Stud, 7Stud H/L and Razz.

One hand looks like this::

    Hand #3001 - 7Stud(Fixed Limit) - $0.10/$0.20 - 2024/03/01 20:15:00 UTC
    Alcyone 8-max
    Seat 1: ann ($14.47)
    Seat 3: bob ($4.71)
    ann posts ante $0.02
    bob posts ante $0.02
    *** 3rd STREET ***
    Main pot $0.04 | Rake $0.00
    Dealt to ann [4c 7h 3c]
    Dealt to bob [8c]
    ann brings in $0.05
    bob raises $0.10 to $0.10
    ann folds
    Uncalled bet ($0.05) returned to bob
    bob collected $0.14 from main pot
    *** SUMMARY ***
    Total pot $0.14 | Rake $0.00
    Seat 1: ann folded on the 3rd Street
    Seat 3: bob won $0.14

Actions are ``name verb`` (no colon); the completion is written as a raise
(``raises $0.10 to $0.10``). The running ``Main pot ... | Rake ...`` lines
and the summary's ``Total pot`` count the pot after the rake; the rake is
``Rake`` plus the jackpot fee (``JP Fee``).
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

NAME: Final = "acr"
TITLE: Final = "Americas Cardroom"

_HEADER: Final = re.compile(r"Hand #(\d+) - (.*?)(7Stud H/L|7Stud Hi/Lo|7Stud|Razz)\((?:Fixed )?Limit\)"
                            r" - (.*?)([$€£]?[\d.,]+)/([$€£]?[\d.,]+) - "
                            r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2}) ?(\w+)?")
_ANY_HEADER: Final = re.compile(r"Hand #\d+ - .+ - \d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}:\d{2}")
_GAMES: Final = {"7Stud": "stud", "7Stud H/L": "stud8", "7Stud Hi/Lo": "stud8", "Razz": "razz"}
_TABLE: Final = re.compile(r"(.+?)(?: (\d+)-max)?$")
_SEAT: Final = re.compile(r"Seat (\d+): (.+?) \(([^)]+)\)(.*)")
_STREETS: Final = {"3rd STREET": 0, "4th STREET": 1, "5th STREET": 2, "6th STREET": 3, "7th STREET": 4,
                   "RIVER": 4}
_DEALT: Final = re.compile(r"Dealt to (.+?) \[([^\]]*)\](?: \[([^\]]*)\])?\s*$")
_UNCALLED: Final = re.compile(r"Uncalled bet \(([^)]+)\) returned to (.+?)\s*$")
_COLLECTED: Final = re.compile(r"(.+?) collected ([^ ]+) from (?:the )?(?:main |side )?pot(?:-\d+)?\s*$")
_TOTAL: Final = re.compile(r"Total pot ([^ |]+)(.*)")
_SUMMARY_CARDS: Final = re.compile(r"Seat (\d+): (.+?) (showed|mucked) \[([^\]]*)\]")
_ALL_IN: Final = " and is all-in"
_VERBS: Final = ("posts ante ", "brings in ", "raises ", "bets ", "calls ", "checks", "folds", "shows [",
                 "mucks", "completes ")


def is_header(line: str) -> bool:
    """True for the first line of an Americas Cardroom hand."""
    return line.startswith("Hand #") and _ANY_HEADER.match(line) is not None


def _header(line: str, number: int) -> dict[str, object]:
    m = _HEADER.match(line)
    if m is None:
        what = line.split(" - ")[1] if line.count(" - ") >= 2 else line
        raise ParseError(f"not a stud game: {what!r} (7Stud, 7Stud H/L and Razz are read)", number)
    hand_id, before, words, between, small, big, y, mo, d, hh, mi, ss, zone = m.groups()
    tournament = re.search(r"Tournament #(\d+)", before + between)
    level = re.search(r"Level (\w+)", before + between)
    symbol = small[:1] if small[:1] in "$€£" else ""
    cash = tournament is None and bool(symbol)
    scale = 100 if cash else 1
    try:
        when = datetime.datetime(int(y), int(mo), int(d), int(hh), int(mi), int(ss))
    except ValueError:
        raise ParseError(f"bad date in the header: {y}/{mo}/{d}", number) from None
    return {
        "hand_id": hand_id, "game": _GAMES[words], "scale": scale,
        "currency": {"$": "USD", "€": "EUR", "£": "GBP"}.get(symbol) if cash else None,
        "small_bet": money(small, scale, number), "big_bet": money(big, scale, number),
        "tournament": tournament.group(1) if tournament else None,
        "level": level.group(1) if level else None, "time": when, "time_zone": zone,
    }


def _split(line: str, names: dict[str, int]) -> tuple[str | None, str, str]:
    """``(name, verb, rest)`` of ``name verb rest``; the longest seated name that fits."""
    for verb in _VERBS:
        at = line.find(" " + verb)
        while at > 0:
            name = line[:at]
            if name in names:
                return name, verb, line[at + 1 + len(verb):]
            at = line.find(" " + verb, at + 1)
    return None, "", ""


def parse(lines: list[str], *, start: int = 1, source: str | None = None,
          memo: dict[str, object] | None = None) -> RoomHand:
    """One Americas Cardroom hand (``lines[0]`` is its header, at line ``start``)."""
    info = _header(lines[0], start)
    scale = int(str(info["scale"]))
    table = ""
    max_seats = None
    seats: list[RoomSeat] = []
    names: dict[str, int] = {}
    events: list[Event] = []
    street = -1
    summary = False
    showdown = False
    total_pot = None
    rake = 0
    hero = None
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
                if board:  # R1.10: the community card
                    events.append(Event(COMMUNITY, "", 0, parse_cards(board.rstrip("] "), number), 0,
                                        street, number))
            continue
        if summary:
            m = _TOTAL.match(line)
            if m:  # the room's total is after the rake: the rake and the jackpot fee
                fees = re.findall(r"\| (?:Rake|JP Fee) ([^ |]+)", m.group(2))
                rake = sum(money(x, scale, number) for x in fees)
                total_pot = money(m.group(1), scale, number) + rake
                continue
            m = _SUMMARY_CARDS.match(line) if "[" in line else None
            if m and m.group(2) in names:
                events.append(Event(REVEAL, m.group(2), cards=parse_cards(m.group(4), number),
                                    street=max(street, 0), line=number))
            continue
        if line.startswith(("Main pot ", "Side pot")):
            continue  # the running pot
        if street < 0 and line.startswith("Seat "):
            m = _SEAT.match(line)
            if m is None:
                raise ParseError(f"bad seat line {line!r}", number)
            name = m.group(2)
            if name in names:
                raise ParseError(f"{name!r} is seated twice", number)
            seat = RoomSeat(int(m.group(1)), name, money(m.group(3), scale, number),
                            "sitting out" in m.group(4))
            names[name] = seat.seat
            seats.append(seat)
            continue
        if street < 0 and k == 1:
            t = _TABLE.match(line)
            assert t is not None
            table = t.group(1)
            max_seats = int(t.group(2)) if t.group(2) else None
            continue
        if line.startswith("Dealt to "):
            m = _DEALT.match(line)
            if m is None or street < 0 or m.group(1) not in names:
                raise ParseError(f"bad deal line {line!r}", number)
            name = m.group(1)
            first = parse_cards(m.group(2), number)
            added = parse_cards(m.group(3), number) if m.group(3) is not None else None
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
        if line.startswith("Uncalled bet"):
            m = _UNCALLED.match(line)
            if m is None or m.group(2) not in names:
                raise ParseError(f"bad line {line!r}", number)
            events.append(Event(RETURN, m.group(2), money(m.group(1), scale, number),
                                street=max(street, 0), line=number))
            continue
        m = _COLLECTED.match(line)
        if m and m.group(1) in names:
            events.append(Event(COLLECT, m.group(1), money(m.group(2), scale, number),
                                street=max(street, 0), line=number))
            continue
        if line.endswith(" leaves the table"):
            who = line[: -len(" leaves the table")]
            if who in names:
                events.append(Event(LEAVE, who, street=max(street, 0), line=number))
                continue
        name, verb, rest = _split(line, names)
        if name is None:
            if _noise(line, names):
                continue
            raise ParseError(f"unexpected line {line!r}", number)
        all_in = rest.endswith(_ALL_IN)
        if all_in:
            rest = rest[: -len(_ALL_IN)]
        if verb == "posts ante ":
            events.append(Event(ANTE, name, money(rest, scale, number), line=number, all_in=all_in))
            continue
        if street < 0:
            raise ParseError(f"an action before third street: {line!r}", number)
        s = street
        if verb == "brings in ":
            events.append(Event(BRING_IN, name, money(rest, scale, number), (), 0, s, number, all_in))
        elif verb in ("raises ", "completes "):
            _, to_word, to = rest.partition(" to ")
            if not to_word:
                raise ParseError(f"bad raise {line!r}", number)
            kind = RAISE if verb == "raises " else COMPLETE
            events.append(Event(kind, name, money(to, scale, number), (), 0, s, number, all_in))
        elif verb == "bets ":
            events.append(Event(BET, name, money(rest, scale, number), (), 0, s, number, all_in))
        elif verb == "calls ":
            events.append(Event(CALL, name, money(rest, scale, number), (), 0, s, number, all_in))
        elif verb == "checks":
            events.append(Event(CHECK, name, 0, (), 0, s, number))
        elif verb == "folds":
            events.append(Event(FOLD, name, 0, (), 0, s, number))
        elif verb == "shows [":
            cards_text = rest[: rest.index("]")] if "]" in rest else ""
            events.append(Event(SHOW if showdown else REVEAL, name, 0,
                                parse_cards(cards_text, number), 0, s, number))
        elif verb == "mucks" and showdown:
            events.append(Event(MUCK, name, 0, (), 0, s, number))
    if not seats:
        raise ParseError("no seats", start)
    return RoomHand(
        room=NAME, hand_id=str(info["hand_id"]), table=table, game=str(info["game"]),
        small_bet=int(str(info["small_bet"])), big_bet=int(str(info["big_bet"])),
        seats=tuple(seats), events=tuple(events),
        currency=info["currency"] if isinstance(info["currency"], str) else None,
        unit="0.01" if scale == 100 else None,
        tournament=info["tournament"] if isinstance(info["tournament"], str) else None,
        level=info["level"] if isinstance(info["level"], str) else None,
        max_seats=max_seats, hero=hero, total_pot=total_pot, rake=rake,
        time=info["time"] if isinstance(info["time"], datetime.datetime) else None,
        time_zone=info["time_zone"] if isinstance(info["time_zone"], str) else None,
        complete=summary and total_pot is not None, source=source, line=start,
    )


_NOISE: Final = (" joins the table", " sits out", " is sitting out", " has returned", " sits in",
                 " is disconnected", " is connected", " has timed out", " does not show",
                 " doesn't show", " said, ")


def _noise(line: str, names: dict[str, int]) -> bool:
    """Chat, arrivals, timers and other lines that change nothing."""
    name, sep, _ = line.partition(": ")
    if sep and name in names:
        return True
    return any(word in line for word in _NOISE)
