"""Merge Gaming Network (Carbon Poker) XML hand histories: 7-Stud, 7-Stud H/L8 and Razz,
alone or in mixed games (HORSE).

A file is a ``<description>`` (the game and the stakes) and then one
``<game>`` element per hand, with no single root::

    <description type="7-Stud" stakes="Limit $0.50/$1"/>
    <game id="3100-1" starttime="20240301201500" gametype="39" realmoney="true"
          data="20240301|Alcyone (3100)|3100|3100-1|false">
      <players dealer="3">
        <player seat="0" nickname="ann" balance="$15.80" dealtin="true" />
        <player seat="3" nickname="bob" balance="$11.51" dealtin="true" />
      </players>
      <round id="BLINDS"><event sequence="1" type="ANTE" player="0" amount="0.05"/>...</round>
      <round id="BRING_IN"><event sequence="3" type="BRING_IN" player="3" amount="0.10"/>
        <cards type="DRAW_DRAWN_CARDS" cards="null,null,7s" player="0"/>
        <cards type="HOLE" cards="4d,3d,Qh" player="3"/></round>
      <round id="THIRD_STREET">...</round> ... <round id="SHOWDOWN">...</round>
      <round id="END_OF_GAME"><winner amount="3.47" uncalled="false" player="0"/></round>
    </game>

Players are named by seat in the events. A cards element lists all of a
player's cards so far (``null``: not shown). Bets, completions and raises
are the player's total for the street; calls and all-ins the chips put in;
a winner marked ``uncalled="true"`` is a bet returned. The file writes no
total: the pot is what the players put in, the rake what the winners did not
take. A tournament's balances are written after the antes. A mixed game's
hand names its game by number (``multigametype``). The XML is read with
``expat`` under the same limits as iPoker's.
"""

from __future__ import annotations

import dataclasses
import re
import xml.parsers.expat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Final

from studpoker.history.core import (
    ANTE,
    BRING_IN,
    CALL,
    COLLECT,
    COMPLETE,
    DEAL,
    RAISE,
    RETURN,
    Event,
    ParseError,
    RoomHand,
    parse_card,
)
from studpoker.history.grammar import Builder, Grammar, game_table

__all__ = ["GRAMMAR", "MAX_DEPTH", "NAME", "TITLE", "is_xml", "read_xml"]

NAME: Final = "merge"
TITLE: Final = "Merge"
MAX_DEPTH: Final = 16

GAMES: Final = game_table({
    "7-Stud": "Seven Card Stud", "7-Stud H/L8": "Stud Hi-Lo", "Razz": "Razz", "5-Stud": "Five Card Stud",
    "38": "Seven Card Stud", "39": "Seven Card Stud", "41": "Seven Card Stud", "42": "Seven Card Stud",
    "43": "Stud Hi-Lo", "45": "Stud Hi-Lo", "46": "Razz", "47": "Razz", "49": "Razz",
})
"""The room's game words (the description's type) and game numbers, and the engine's games."""

_STREETS: Final = {"BRING_IN": 0, "THIRD_STREET": 0, "FOURTH_STREET": 1, "FIFTH_STREET": 2,
                   "SIXTH_STREET": 3, "SEVENTH_STREET": 4}
_STAKES: Final = re.compile(r"(?P<limit>No Limit|Pot Limit|Half Pot Limit|Limit)\s?"
                            r"(?:\(?(?P<small>[$€£]?[\d.,]+)/(?P<big>[$€£]?[\d.,]+))?")


def _nothing(b: Builder, m: re.Match[str]) -> None:
    return None


GRAMMAR: Final = Grammar(
    name=NAME, title=TITLE, starts=("<game ",), header=re.compile(r"<game id=\"(?P<id>[\d-]+)\""),
    read_header=_nothing, games=GAMES, rules=(),
)
"""The room's entry (its hands are read by :func:`read_xml`, not line by line)."""


def is_xml(line: str) -> bool:
    """True for the first line of a Merge file."""
    return line.lstrip("\ufeff \t").startswith("<description ")


@dataclass
class _Hand:
    attrs: dict[str, str]
    line: int
    dealer: str = ""
    players: list[dict[str, str]] = field(default_factory=list)
    items: list[tuple[str, str, dict[str, str]]] = field(default_factory=list)  # round, tag, attrs


class _Forbidden(Exception):
    pass


def read_xml(lines: Iterable[str], source: str | None) \
        -> Iterator[tuple[str | None, int, RoomHand | ParseError]]:
    """Each ``<game>`` of a Merge file: its id, its line, and the hand read (or why not)."""
    description: dict[str, str] = {}
    depth = 0
    hand: _Hand | None = None
    round_id = ""
    done: list[_Hand] = []
    memo: dict[object, object] = {}  # what earlier hands showed of the stakes
    parser = xml.parsers.expat.ParserCreate(encoding="utf-8")
    parser.SetParamEntityParsing(xml.parsers.expat.XML_PARAM_ENTITY_PARSING_NEVER)

    def forbid(*args: object) -> None:
        raise _Forbidden("a document type or entity declaration (not read: no entity is expanded)")

    def start(tag: str, attrs: dict[str, str]) -> None:
        nonlocal depth, hand, round_id
        depth += 1
        if depth > MAX_DEPTH:
            raise _Forbidden(f"elements nested deeper than {MAX_DEPTH}")
        if tag == "description" and hand is None:
            description.clear()
            description.update(attrs)
        elif tag == "game":
            hand = _Hand(dict(attrs), parser.CurrentLineNumber)
        elif hand is not None:
            if tag == "players":
                hand.dealer = attrs.get("dealer", "")
            elif tag == "player":
                hand.players.append(dict(attrs))
            elif tag == "round":
                round_id = attrs.get("id", "")
            elif tag in ("event", "cards", "winner"):
                hand.items.append((round_id, tag, dict(attrs)))

    def end(tag: str) -> None:
        nonlocal depth, hand
        depth -= 1
        if tag == "game" and hand is not None:
            done.append(hand)
            hand = None

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.StartDoctypeDeclHandler = forbid
    parser.EntityDeclHandler = forbid
    try:
        parser.Parse("<merge>", False)  # the file has no root element: one is given
        for line in lines:
            if line.lstrip().startswith("<?xml"):
                continue
            parser.Parse(line + "\n", False)
            while done:
                h = done.pop(0)
                yield h.attrs.get("id"), h.line, _read(h, description, source, memo)
        parser.Parse("</merge>", True)
    except (xml.parsers.expat.ExpatError, _Forbidden) as exc:
        at = parser.CurrentLineNumber
        yield (hand.attrs.get("id") if hand else None), at, ParseError(f"not well-formed XML: {exc}",
                                                                       at)


def _read(h: _Hand, description: dict[str, str], source: str | None,
          memo: dict[object, object]) -> RoomHand | ParseError:
    b = Builder(GRAMMAR, h.line, source)
    b.memo = memo
    try:
        return _build(b, h, description)
    except ParseError as exc:
        return exc


def _build(b: Builder, h: _Hand, description: dict[str, str]) -> RoomHand:
    a = h.attrs
    b.hand_id = a.get("id", "")
    kind = description.get("type", "").removesuffix(" Tournament")
    game = a.get("multigametype") or (kind if kind in GAMES else a.get("gametype", ""))
    if game not in GAMES:
        b.fail(f"not a stud game: {kind} (game {game}; 7-Stud, 7-Stud H/L8 and Razz are read)")
    b.set_game(game)
    stakes = _STAKES.match(description.get("stakes", ""))
    if stakes is None or stakes.group("limit") != "Limit":
        b.fail(f"not a limit game: {description.get('stakes', '')!r}")
    data = a.get("data", "").split("|")
    tournament = len(data) >= 5 and data[4] == "true"
    b.table = data[1] if len(data) > 1 else ""
    if tournament:
        b.tournament = data[2] if len(data) > 2 else ""
    elif a.get("realmoney") == "true":
        b.scale = 100
        b.currency = "USD"
    if stakes.group("small") and not tournament:
        b.small_bet, b.big_bet = b.amount(stakes.group("small")), b.amount(stakes.group("big"))
    when = re.match(r"(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$", a.get("starttime", ""))
    if when:
        y, mo, d, hh, mi, ss = when.groups()
        b.when(y, mo, d, hh, mi, ss, None)
    for p in h.players:
        if p.get("dealtin", "true") == "true":
            b.seat(p.get("seat", "0"), p.get("nickname", ""), p.get("balance", "0"))
    if h.dealer.isdigit() and int(h.dealer) in b.by_seat:
        b.button = int(h.dealer)
    dealt: dict[str, int] = {}
    shown: set[str] = set()
    for round_id, tag, attrs in h.items:
        street = _STREETS.get(round_id)
        if street is not None and street > b.street:
            b.to_street(street)
        who = b.at_seat(attrs["player"]) if attrs.get("player", "").isdigit() else ""
        if tag == "event" and round_id != "END_OF_FOLDED_GAME":
            _event(b, attrs.get("type", ""), who, attrs.get("amount", ""), shown)
        elif tag == "cards" and who:
            _cards(b, attrs.get("type", ""), who, attrs.get("cards", ""), dealt, shown)
        elif tag == "winner" and who:
            kind = RETURN if attrs.get("uncalled") == "true" else COLLECT
            b.events.append(Event(kind, who, b.amount(attrs.get("amount", "0")),
                                  street=max(b.street, 0), line=b.line))
    if not any(e.kind == RETURN for e in b.events):  # an uncalled bet is counted in the win
        back, back_to = b.uncalled()
        if back_to is not None:
            for k, e in enumerate(b.events):
                if e.kind == COLLECT and e.player == back_to and e.amount >= back:
                    b.events[k] = e._replace(amount=e.amount - back)
                    b.events.append(Event(RETURN, back_to, back, street=e.street, line=e.line))
                    break
    if tournament:  # a tournament's balances are written after the antes
        antes: dict[str, int] = {}
        for e in b.events:
            if e.kind == ANTE:
                antes[e.player] = antes.get(e.player, 0) + e.amount
        b.seats = [dataclasses.replace(seat, stack=seat.stack + antes.get(seat.name, 0))
                   for seat in b.seats]
    put = sum(e.amount for e in b.events if e.kind == ANTE)
    totals: dict[tuple[str, int], int] = {}
    for e in b.events:
        if e.kind in (BRING_IN, COMPLETE, "bet", RAISE):
            totals[(e.player, e.street)] = e.amount
        elif e.kind == CALL:
            totals[(e.player, e.street)] = totals.get((e.player, e.street), 0) + e.amount
    put += sum(totals.values()) - sum(e.amount for e in b.events if e.kind == RETURN)
    b.total_pot = put
    b.rake = -1
    b.ended = True
    return b.build()


def _event(b: Builder, kind: str, who: str, amount: str, shown: set[str]) -> None:
    if kind == "ANTE":
        b.ante_post(who, amount)
    elif kind == "BRING_IN":
        b.act(BRING_IN, who, amount)
    elif kind == "COMPLETE":
        b.act(COMPLETE, who, amount)
    elif kind == "BET":
        b.act("bet", who, amount)
    elif kind == "RAISE":
        b.act(RAISE, who, amount)
    elif kind == "CALL":
        b.act(CALL, who, amount)
    elif kind == "ALL_IN":
        b.put(who, amount, all_in=True)
    elif kind == "CHECK":
        b.act("check", who)
    elif kind == "FOLD":
        b.act("fold", who)
    elif kind in ("SHOW", "MUCK"):
        b.to_showdown()
        if kind == "MUCK":
            b.muck(who)
        else:
            shown.add(who)
    elif kind in ("CHAT", "PLAYER_OUT", "SIT_OUT", "SIT_IN", "DISCONNECT", "RECONNECT"):
        return
    elif kind in ("SMALL_BLIND", "BIG_BLIND"):
        b.fail(f"a blind ({kind}) in a stud hand")
    else:
        b.fail(f"unknown event {kind!r}")


def _cards(b: Builder, kind: str, who: str, text: str, dealt: dict[str, int], shown: set[str]) -> None:
    cards = [None if w in ("null", "") else parse_card(w, b.line) for w in text.split(",")]
    if kind in ("DRAW_DRAWN_CARDS", "HOLE"):
        for i in range(dealt.get(who, 0), min(len(cards), 7)):
            b.events.append(Event(DEAL, who, 0, (cards[i],), i, max(i - 2, 0), b.line))
        dealt[who] = max(dealt.get(who, 0), len(cards))
        if kind == "HOLE" and all(cards[:2]):
            b.hero = who
    elif kind == "SHOWN" and who in shown:
        shown.discard(who)
        b.events.append(Event("show", who, cards=tuple(c for c in cards if c is not None),
                              street=max(b.street, 0), line=b.line))
    elif kind in ("SHOWN", "MUCKED"):
        b.events.append(Event("reveal", who, cards=tuple(c for c in cards if c is not None),
                              street=max(b.street, 0), line=b.line))
    elif kind != "COMMUNITY":
        b.fail(f"unknown cards {kind!r}")
