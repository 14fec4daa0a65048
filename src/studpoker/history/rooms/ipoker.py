"""iPoker network XML hand histories: 7 Card Stud, 7 Card Stud Hi/Lo and Razz.

A file is one ``<session>``: a ``<general>`` block (the game, the currency, the
player's nickname), then a ``<game gamecode="...">`` per hand::

    <session sessioncode="1">
      <general><gametype>7 Card Stud L</gametype><currency>USD</currency>...</general>
      <game gamecode="4001">
        <general><startdate>2024-03-01 20:15:00</startdate>
          <players>
            <player seat="1" name="ann" chips="1,500" dealer="1" win="30" bet="15"/>
            <player seat="4" name="bob" chips="1,500" dealer="0" win="0" bet="15"/>
          </players></general>
        <round no="0"><action no="1" player="ann" type="15" sum="5"/>...</round>
        <round no="2"><cards type="Third Street" player="ann">X X DA</cards>
          <action no="4" player="bob" type="16" sum="10"/>...</round>
        ...
      </game>
    </session>

Round 0 holds the antes, round 2 third street ... round 6 seventh. Cards are
written suit first (``DA``: the ace of diamonds, ``C10``), ``X`` for a card
not shown. Actions are numbered (``no``) and may be written out of order;
``sum`` is the chips the action puts in, but for a raise the player's total
for the street. Types: 0 fold, 3 call, 4 check, 5 bet, 7 all-in, 15 ante,
16 bring-in, 23 raise. The players' ``bet`` and
``win`` are the pot and who took it; their difference is the rake.

The XML is read as a stream by ``expat`` with no document type allowed (so no
entity is ever expanded) and a bounded depth of elements.
"""

from __future__ import annotations

import re
import xml.parsers.expat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Final

from studpoker.history.core import (
    BRING_IN,
    CHECK,
    FOLD,
    Event,
    ParseError,
    RoomHand,
)
from studpoker.history.grammar import Builder, Grammar, game_table

__all__ = ["GRAMMAR", "MAX_DEPTH", "NAME", "TITLE", "is_xml", "read_xml"]

NAME: Final = "ipoker"
TITLE: Final = "iPoker"
MAX_DEPTH: Final = 16
"""The deepest nesting of elements read (a hand is four deep)."""

GAMES: Final = game_table({
    "7 Card Stud": "Seven Card Stud", "7 Card Stud Hi/Lo": "Stud Hi-Lo",
    "7 Card Stud Hi-Lo": "Stud Hi-Lo", "Razz": "Razz", "5 Card Stud": "Five Card Stud",
})
"""The room's game words (``<gametype>`` without the limit) and the engine's games."""

_GAMETYPE: Final = re.compile(r"(?P<words>.+?) (?P<limit>L|NL|PL)(?: (?P<small>\S+)/(?P<big>\S+))?$")
_STREETS: Final = {"2": 0, "3": 1, "4": 2, "5": 3, "6": 4}
_SUITS: Final = {"D": "d", "H": "h", "S": "s", "C": "c"}


def _nothing(b: Builder, m: re.Match[str]) -> None:
    return None


GRAMMAR: Final = Grammar(
    name=NAME, title=TITLE, starts=("<game ",), header=re.compile(r"<game gamecode=\"(?P<id>\d+)\""),
    read_header=_nothing, games=GAMES, rules=(),
)
"""The room's entry (its hands are read by :func:`read_xml`, not line by line)."""


def is_xml(line: str) -> bool:
    """True for the first line of an iPoker file."""
    head = line.lstrip("\ufeff \t")
    return head.startswith(("<?xml", "<session"))


@dataclass
class _Hand:
    code: str
    line: int
    players: list[dict[str, str]] = field(default_factory=list)
    rounds: list[tuple[int, list[tuple[str, dict[str, str], str]]]] = field(default_factory=list)
    start: str = ""


class _Forbidden(Exception):
    pass


def read_xml(lines: Iterable[str], source: str | None) \
        -> Iterator[tuple[str | None, int, RoomHand | ParseError]]:
    """Each ``<game>`` of an iPoker file: its code, its line, and the hand read (or why
    not). A file that is not well-formed ends with a :class:`ParseError` for the hand
    it stopped in."""
    session: dict[str, str] = {}
    stack: list[str] = []
    text: list[str] = []
    hand: _Hand | None = None
    current: list[tuple[str, dict[str, str], str]] | None = None
    done: list[_Hand] = []
    memo: dict[object, object] = {}  # what earlier hands showed of the stakes
    parser = xml.parsers.expat.ParserCreate(encoding="utf-8")
    parser.SetParamEntityParsing(xml.parsers.expat.XML_PARAM_ENTITY_PARSING_NEVER)

    def forbid(*args: object) -> None:
        raise _Forbidden("a document type or entity declaration (not read: no entity is expanded)")

    def start(tag: str, attrs: dict[str, str]) -> None:
        nonlocal hand, current
        stack.append(tag)
        if len(stack) > MAX_DEPTH:
            raise _Forbidden(f"elements nested deeper than {MAX_DEPTH}")
        text.clear()
        if tag == "game":
            hand = _Hand(attrs.get("gamecode", ""), parser.CurrentLineNumber)
        elif hand is not None:
            if tag == "player":
                hand.players.append(dict(attrs))
            elif tag == "round":
                current = []
                hand.rounds.append((int(attrs.get("no", "0") or 0), current))
            elif tag in ("action", "cards") and current is not None:
                current.append((tag, dict(attrs), ""))

    def end(tag: str) -> None:
        nonlocal hand, current
        stack.pop()
        value = "".join(text).strip()
        text.clear()
        if hand is None:
            if len(stack) <= 2 and tag in ("gametype", "currency", "nickname", "tablename",
                                           "tournamentname", "tournamentcode"):
                session[tag] = value
            return
        if tag == "cards" and current:
            kind, attrs, _ = current[-1]
            current[-1] = (kind, attrs, value)
        elif tag == "startdate":
            hand.start = value
        elif tag == "round":
            current = None
        elif tag == "game":
            done.append(hand)
            hand = None

    def chars(data: str) -> None:
        if len(text) < 1000:
            text.append(data)

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    parser.StartDoctypeDeclHandler = forbid
    parser.EntityDeclHandler = forbid
    try:
        for line in lines:
            parser.Parse(line + "\n", False)
            while done:
                h = done.pop(0)
                yield h.code, h.line, _read(h, session, source, memo)
        parser.Parse("", True)
    except (xml.parsers.expat.ExpatError, _Forbidden) as exc:
        at = parser.CurrentLineNumber
        yield (hand.code if hand else None), at, ParseError(f"not well-formed XML: {exc}", at)
        return
    while done:
        h = done.pop(0)
        yield h.code, h.line, _read(h, session, source, memo)


def _card(text: str, line: int) -> str | None:
    if text in ("X", "", "[cards]"):
        return None
    suit = _SUITS.get(text[:1].upper())
    rank = text[1:].upper()
    if suit is None or rank not in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "T", "J", "Q", "K",
                                    "A"):
        raise ParseError(f"bad card {text!r}", line)
    return ("T" if rank == "10" else rank) + suit


def _read(h: _Hand, session: dict[str, str], source: str | None,
          memo: dict[object, object]) -> RoomHand | ParseError:
    b = Builder(GRAMMAR, h.line, source)
    b.memo = memo
    try:
        return _build(b, h, session)
    except ParseError as exc:
        return exc


def _build(b: Builder, h: _Hand, session: dict[str, str]) -> RoomHand:
    b.hand_id = h.code
    gametype = session.get("gametype", "")
    m = _GAMETYPE.match(gametype)
    if m is None:
        b.fail(f"not a stud game: {gametype!r}")
    b.set_game(m.group("words"))
    if m.group("limit") != "L":
        b.fail(f"not a limit game: {gametype!r}")
    currency = session.get("currency", "")
    name = session.get("tablename", "")
    tournament = bool(session.get("tournamentname") or session.get("tournamentcode"))
    b.table = name
    cash = not tournament
    if cash:
        b.scale = 100
        b.currency = currency or "USD"
    if m.group("small"):
        b.small_bet, b.big_bet = b.amount(m.group("small")), b.amount(m.group("big"))
    date = re.match(r"(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$", h.start)
    if date:
        y, mo, d, hh, mi, ss = date.groups()
        b.when(y, mo, d, hh, mi, ss, None)
    total = won = 0
    h.players = [p for p in h.players if p.get("name")]  # an empty seat is written nameless
    for p in h.players:
        b.seat(p.get("seat", "0"), p.get("name", ""), p.get("chips", "0"))
        if p.get("dealer") == "1":
            b.button = int(p.get("seat", "0"))
    hero = session.get("nickname")
    for no, items in sorted(h.rounds, key=lambda r: r[0]):
        street = _STREETS.get(str(no), -1)
        if street > 0:
            b.to_street(street)
        for kind, attrs, value in items:
            if kind == "cards":
                who = attrs.get("player", "")
                cards = [_card(c, b.line) for c in value.split()]
                if street == 0 and len(cards) == 3:
                    for c in cards:
                        b.card(who, c)
                    if who == hero and all(cards):
                        b.hero = who
                elif street > 0 and cards:
                    b.card(who, cards[-1])
        actions = sorted((a for k, a, _ in items if k == "action"), key=lambda a: int(a.get("no", "0")))
        for a in actions:
            _action(b, a, no)
    back, back_to = b.uncalled()
    for p in h.players:
        bet, win = b.amount(p.get("bet", "0")), b.amount(p.get("win", "0"))
        who = p.get("name", "")
        if who == back_to:  # the room writes no uncalled bet: its bet and win count it
            bet -= back
            win -= back
            b.events.append(_event("return", who, back, max(b.street, 0), b.line, False))
        total += bet
        won += win
        if win > 0:
            b.events.append(_event("collect", who, win, max(b.street, 0), b.line, False))
    if tournament:  # no rake; the players' bets sometimes count an ante twice: the wins tell
        total = won
    b.total_pot = total
    b.rake = max(total - won, 0)
    b.ended = True
    return b.build()


def _action(b: Builder, a: dict[str, str], no: int) -> None:
    kind = a.get("type", "")
    who = a.get("player", "")
    put = a.get("sum", "0")
    if kind == "15":
        b.ante_post(who, put)
    elif kind == "16":
        b.act(BRING_IN, who, put)
    elif kind in ("0", "9"):
        b.act(FOLD, who)
    elif kind == "4":
        b.act(CHECK, who)
    elif kind == "23":  # a raise: the player's total for the street
        b.act("raise", who, put)
    elif kind in ("3", "5", "7", "6"):
        b.put(who, put, all_in=kind == "7")
    elif kind in ("1", "2", "8"):
        b.fail(f"a blind or another game's action (type {kind}) in a stud hand")
    else:
        b.fail(f"unknown action type {kind!r}")


def _event(kind: str, name: str, amount: int, street: int, line: int, all_in: bool) -> Event:
    return Event(kind, name, amount, (), 0, street, line, all_in)
