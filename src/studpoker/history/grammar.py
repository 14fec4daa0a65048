"""Room formats as grammars: a table of line patterns and what each means, over one
shared machine for seats, antes, streets, actions, shows, pots and summaries.

A room module describes its text once: a :class:`Grammar` holds the header
pattern and the function that reads it, the room's game names (mapped to the
engine's games through :func:`studpoker.engine.games.canonical_name`), its
street titles, and its :class:`Rule` table (a pattern, the phase of the hand
it belongs to, and the :class:`Builder` operation it stands for). The
:class:`Builder` is the shared machinery: it keeps the seats, turns amounts
into chips, the deal lines into cards at their positions, the actions into
:class:`~studpoker.history.core.Event` records, and finally builds the
:class:`~studpoker.history.core.RoomHand` that :mod:`studpoker.history.convert`
replays.

Reading is linear in the input: a line longer than :data:`MAX_LINE`
characters refuses its hand before any pattern sees it, each pattern is
anchored (``re.match``) and written without nested or overlapping
repetition, and each line is tried against a fixed table once.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Final, NoReturn

from studpoker.engine.cards import Card
from studpoker.engine.games import GAMES, GameError, canonical_name
from studpoker.history.core import (
    ANTE,
    BRING_IN,
    CALL,
    CAPPED,
    CHECK,
    COLLECT,
    COMMUNITY,
    DEAL,
    FOLD,
    LEAVE,
    MUCK,
    RETURN,
    REVEAL,
    SHOW,
    TOO_LONG,
    Event,
    ParseError,
    RoomHand,
    RoomSeat,
    Shape,
    money,
    parse_card,
    parse_cards,
    shape_of,
)

__all__ = [
    "HEAD",
    "MAX_LINE",
    "PLAY",
    "SUMMARY",
    "Builder",
    "Grammar",
    "Rule",
    "game_table",
]

_SEVEN: Final = shape_of("")  # the seven-card shape, until the header names the game

MAX_LINE: Final = 1000
"""The longest line read (characters): real rooms' lines are under 300."""

HEAD: Final = "head"  # before the first street: table, seats, antes
PLAY: Final = "play"  # the streets, the showdown
SUMMARY: Final = "summary"  # after the summary title
ANY: Final = "any"

_SYMBOLS: Final = {"$": "USD", "€": "EUR", "£": "GBP"}


def game_table(names: Mapping[str, str]) -> Mapping[str, str]:
    """A room's game words mapped to the engine's game names: each value is a name as
    people write it, read by :func:`canonical_name`. A game the registry does not have
    keeps its name after a ``?`` (its hands are refused naming it)."""
    out: dict[str, str] = {}
    for words, ours in names.items():
        try:
            out[words] = canonical_name(ours)
        except GameError:
            out[words] = "?" + ours
    return MappingProxyType(out)


class Builder:
    """One hand under construction: what every room's lines come down to."""

    def __init__(self, grammar: Grammar, start: int, source: str | None) -> None:
        self.grammar = grammar
        self.start = start
        self.source = source
        self.line = start
        self.hand_id = ""
        self.table = ""
        self.game = ""
        self.shape: Shape = _SEVEN  # where the game deals each card (set with the game)
        self.scale = 1
        self.currency: str | None = None
        self.small_bet = 0
        self.big_bet = 0
        self.ante: int | None = None
        self.bring_in: int | None = None
        self.tournament: str | None = None
        self.level: str | None = None
        self.max_seats: int | None = None
        self.button: int | None = None
        self.hero: str | None = None
        self.total_pot: int | None = None
        self.rake = 0
        self.time: datetime.datetime | None = None
        self.time_zone: str | None = None
        self.seats: list[RoomSeat] = []
        self.names: dict[str, int] = {}
        self.by_seat: dict[int, str] = {}
        self.events: list[Event] = []
        self.street = -1
        self.summary = False
        self.showdown = False
        self.ended = False  # the room wrote its own end (a summary or a closing line)
        self.summary_won: dict[str, int] = {}
        self._dealt: dict[str, int] = {}  # one-card-a-line rooms: cards dealt to each player
        self.double_bets: set[int] = set()  # lines of bets doubled on an open pair
        self.memo: dict[object, object] | None = None  # shared by the hands of a stream

    # ---------------------------------------------------------------- errors, amounts

    def fail(self, reason: str) -> NoReturn:
        raise ParseError(reason, self.line)

    def amount(self, text: str) -> int:
        return money(text.strip(), self.scale, self.line)

    def stakes(self, small: str, big: str, *, cash: bool, code: str | None = None,
               ante: str | None = None, bring_in: str | None = None) -> None:
        """The limits (and the ante and bring-in where the header has them): a cash game's
        amounts are in cents, a tournament's in chips."""
        symbol = small[:1] if small[:1] in _SYMBOLS else ""
        if cash:
            self.scale = 100
            self.currency = code or _SYMBOLS.get(symbol) or "USD"
        self.small_bet = self.amount(small)
        self.big_bet = self.amount(big)
        if ante:
            self.ante = self.amount(ante)
        if bring_in:
            self.bring_in = self.amount(bring_in)

    def set_game(self, words: str) -> None:
        """The room's name for the game, mapped through the grammar's table."""
        key = words.strip()
        table = self.grammar.games
        if key not in table:
            key = next((k for k in table if k.lower() == key.lower()), key)
        if key not in table:
            self.fail(f"not a stud game: {words.strip()!r} ({self.grammar.game_list()} are read)")
        ours = table[key]
        if ours.startswith("?") or ours not in GAMES:
            self.fail(f"{key} is not a game of this engine (its registry has no "
                      f"{ours.lstrip('?')!r})")
        self.game = ours
        self.shape = shape_of(ours)

    def when(self, y: str, mo: str, d: str, hh: str, mi: str, ss: str, zone: str | None) -> None:
        try:
            self.time = datetime.datetime(int(y), int(mo), int(d), int(hh), int(mi), int(ss))
        except ValueError:
            self.fail(f"bad date in the header: {y}/{mo}/{d}")
        self.time_zone = zone or None

    # ---------------------------------------------------------------- seats

    def seat(self, number: int | str, name: str, stack: str | int, *, out: bool = False) -> None:
        if self.street >= 0:  # a seat line after the deal: the summary's, or noise
            return
        name = name.strip()
        if name in self.names:
            self.fail(f"{name!r} is seated twice")
        chips = stack if isinstance(stack, int) else self.amount(stack)
        seat = RoomSeat(int(number), name, chips, out)
        self.names[name] = seat.seat
        self.by_seat[seat.seat] = name
        self.seats.append(seat)

    def player(self, name: str) -> str:
        name = name.strip()
        if name not in self.names:
            self.fail(f"{name!r} is not seated at this table")
        return name

    def at_seat(self, number: int | str) -> str:
        name = self.by_seat.get(int(number))
        if name is None:
            self.fail(f"nobody sits in seat {number}")
        return name

    # ---------------------------------------------------------------- streets, cards

    def to_street(self, street: int, board: str | None = None) -> None:
        if street == self.street:
            return
        if street != self.street + 1 or street < 0:
            self.fail(f"street {street + self.shape.first} out of order")
        if street >= self.shape.streets:
            self.fail(f"a street after the last: the game deals {self.shape.streets} streets")
        self.street = street
        if board:  # R1.10: a community card
            self.events.append(Event(COMMUNITY, "", 0, parse_cards(board, self.line), 0, street,
                                     self.line))

    def deal(self, name: str, first: str, added: str | None = None) -> None:
        """``Dealt to NAME [first] [added]``: the hero's third street lists three cards (or two
        and one), another player's the door card; later streets the cards so far then the new
        one (or the new one alone)."""
        if name not in self.names and added is not None and f"{name} [{first}]" in self.names:
            name, first, added = f"{name} [{first}]", added, None  # a name holding brackets
        name = self.player(name)
        if self.street < 0:
            self.to_street(0)
        one = _cards(first, self.line)
        more = _cards(added, self.line) if added is not None else None
        shape = self.shape
        if self.street == 0:
            three = one if more is None else one + more
            if len(three) == shape.first:
                if all(c is not None for c in three[:shape.door]):
                    self.hero = self.hero or name
                self.events.append(Event(DEAL, name, 0, three, 0, 0, self.line))
            elif len(three) == shape.first - shape.door:
                self.events.append(Event(DEAL, name, 0, (None,) * shape.door + three, 0, 0, self.line))
            else:
                self.fail(f"the first street deals {shape.first} cards, not {len(three)}")
            return
        got = more if more is not None else one
        if len(got) != 1:
            if more is None and len(one) == self.street + shape.first and name == self.hero:
                got = one[-1:]  # the hero's whole hand so far
            elif more is None and len(one) == self.street + 1:
                got = one[-1:]  # the up cards so far
            else:
                self.fail(f"one card a street, not {len(got)}")
        self.events.append(Event(DEAL, name, 0, got, shape.position(self.street), self.street,
                                 self.line))

    def card(self, name: str, card: str | Card | None, *, up: bool | None = None) -> None:
        """One card to one player (rooms that write a line a card); None: a card the file
        does not show. On third street the cards go down, down, up."""
        name = self.player(name)
        if self.street < 0:
            self.to_street(0)
        k = self._dealt.get(name, 0)
        shape = self.shape
        position = k if self.street == 0 else shape.position(self.street)
        if self.street > 0 and k < position:  # a street whose earlier cards the file skipped
            k = position
        if k >= shape.total or (self.street == 0 and k >= shape.first):
            self.fail(f"{name!r} is dealt too many cards")
        self._dealt[name] = k + 1
        c = card if card is None or isinstance(card, Card) else parse_card(card, self.line)
        if c is not None and self.street == 0 and k < shape.door:
            self.hero = self.hero or name
        self.events.append(Event(DEAL, name, 0, (c,), k, self.street, self.line))

    def cards_held(self, name: str) -> int:
        """How many cards one-card-a-line rooms have dealt ``name`` so far."""
        return self._dealt.get(name, 0)

    def cards_to(self, name: str, cards: str) -> None:
        """Cards dealt to one player, the street told by how many they hold: three on third
        street, then one a street (rooms that write no street titles)."""
        words = cards.split()
        name = self.player(name)
        first = self.shape.first
        if len(words) == first and self._dealt.get(name, 0) == 0:
            if self.street < 0:
                self.to_street(0)
            for w in words:
                self.card(name, _card_or_none(w, self.line))
            return
        if len(words) != 1:
            self.fail(f"{len(words)} cards dealt at once after third street")
        street = self._dealt.get(name, 0) - first + 1
        if street > self.street:
            self.to_street(street)
        self.card(name, _card_or_none(words[0], self.line))

    # ---------------------------------------------------------------- actions

    def ante_post(self, name: str, text: str, all_in: bool = False) -> None:
        self.events.append(Event(ANTE, self.player(name), self.amount(text), line=self.line,
                                 all_in=all_in))

    def act(self, kind: str, name: str, text: str = "", all_in: bool = False) -> None:
        """A betting action: for a bring-in, completion, bet or raise ``text`` is the
        player's total bet on the street; for a call the chips added."""
        name = self.player(name)
        if self.street < 0:
            if kind != BRING_IN:
                self.fail(f"an action before third street: {kind} by {name!r}")
            self.to_street(0)
        amount = self.amount(text) if text else 0
        if kind == "raise":
            totals = self._street_totals()
            mine = totals.get(name, 0)
            if mine < amount <= max(totals.values(), default=0):
                kind, amount, all_in = CALL, amount - mine, True  # an all-in call for less
        self.events.append(Event(kind, name, amount, (), 0, self.street, self.line, all_in))

    def bet_by(self, kind: str, name: str, added: str, all_in: bool = False) -> None:
        """A bet or raise a room writes as the chips put in: made a total for the street."""
        name = self.player(name)
        total = self.street_total(name) + self.amount(added)
        self.events.append(Event(kind, name, total, (), 0, max(self.street, 0), self.line, all_in))

    def put(self, name: str, added: str | int, all_in: bool = False) -> None:
        """Chips put in, for rooms that write only how many: a call up to the street's highest
        bet, else a bet (a completion on third street) or a raise."""
        name = self.player(name)
        chips = added if isinstance(added, int) else self.amount(added)
        totals: dict[str, int] = {}
        opened = False
        street = max(self.street, 0)
        for e in self.events:
            if e.street != street or not e.player:
                continue
            if e.kind in _TOTAL_KINDS or e.kind == BRING_IN:
                totals[e.player] = e.amount
                opened = opened or e.kind != BRING_IN
            elif e.kind == CALL:
                totals[e.player] = totals.get(e.player, 0) + e.amount
        to = totals.get(name, 0) + chips
        high = max(totals.values(), default=0)
        if to <= high:
            kind = CALL
        elif not opened:
            kind = "complete" if street == 0 else "bet"
        else:
            kind = "raise"
        self.events.append(Event(kind, name, chips if kind == CALL else to, (), 0, street, self.line,
                                 all_in))

    def uncalled(self) -> tuple[int, str | None]:
        """For rooms that write no uncalled bet: the excess of the last street's highest bet
        over the next highest, and whose it is."""
        last = max((e.street for e in self.events if e.kind in _TOTAL_KINDS or e.kind == BRING_IN),
                   default=-1)
        totals: dict[str, int] = {}
        for e in self.events:
            if e.street != last or not e.player:
                continue
            if e.kind in _TOTAL_KINDS or e.kind == BRING_IN:
                totals[e.player] = e.amount
            elif e.kind == CALL:
                totals[e.player] = totals.get(e.player, 0) + e.amount
        ranked = sorted(totals.values(), reverse=True)
        if not ranked or (len(ranked) > 1 and ranked[0] == ranked[1]):
            return 0, None
        top = max(totals, key=lambda who: totals[who])
        return ranked[0] - (ranked[1] if len(ranked) > 1 else 0), top

    def put_in(self) -> int:
        """The chips the actions put in the pot, less the bets returned."""
        put = sum(e.amount for e in self.events if e.kind == ANTE)
        totals: dict[tuple[str, int], int] = {}
        for e in self.events:
            if e.kind in _TOTAL_KINDS or e.kind == BRING_IN:
                totals[(e.player, e.street)] = e.amount
            elif e.kind == CALL:
                totals[(e.player, e.street)] = totals.get((e.player, e.street), 0) + e.amount
        return put + sum(totals.values()) - sum(e.amount for e in self.events if e.kind == RETURN)

    def settle_from_bets(self, *, won_counts_it: bool = False) -> None:
        """For rooms that write neither the pot nor the bet nobody called: the bet goes back
        to its player (``won_counts_it``: the room counts it in what that player won), the
        pot is what was put in, the rake what the winners did not take; the hand is over."""
        if not any(e.kind == RETURN for e in self.events):
            back, back_to = self.uncalled()
            if back_to is not None and back:
                self.events.append(Event(RETURN, back_to, back, street=max(self.street, 0),
                                         line=self.line))
                for k in range(len(self.events) - 1, -1, -1) if won_counts_it else ():
                    e = self.events[k]
                    if e.kind == COLLECT and e.player == back_to and e.amount >= back:
                        self.events[k] = e._replace(amount=e.amount - back)
                        break
        self.total_pot = self.put_in()
        self.rake = -1
        self.ended = True

    def infer_stakes(self) -> None:
        """A hand whose header has no limits: the small bet is the first completion or bet of
        third or fourth street (not a double bet on an open pair), the big bet twice that
        (limit stud's structure); else half the first bet of a later street; else what an
        earlier hand of the stream with the same ante and bring-in showed."""
        if self.small_bet:
            return
        antes = [e.amount for e in self.events if e.kind == ANTE and not e.all_in]
        bring = [e.amount for e in self.events if e.kind == BRING_IN and not e.all_in]
        key = ("stakes", self.table, antes[0] if antes else 0, bring[0] if bring else 0)
        opened = False
        for e in self.events:
            completes = e.kind == "raise" and e.street == 0 and not opened  # after the bring-in
            if (e.kind in ("complete", "bet") or completes) and e.street <= 1 and not e.all_in \
                    and e.line not in self.double_bets:
                self.small_bet, self.big_bet = e.amount, 2 * e.amount
                break
            opened = opened or (e.street == 0 and e.kind in _TOTAL_KINDS)
        else:
            for e in self.events:
                if e.kind == "bet" and e.street >= 2 and not e.all_in:
                    self.small_bet, self.big_bet = e.amount // 2, e.amount
                    break
        if self.small_bet:
            if self.memo is not None:
                self.memo[key] = self.memo[("stakes", self.table)] = (self.small_bet, self.big_bet)
            return
        known = self.memo.get(key) if self.memo is not None else None
        if known is None and self.memo is not None:
            known = self.memo.get(("stakes", self.table))
        if isinstance(known, tuple):
            self.small_bet, self.big_bet = known
        elif bring:
            self.small_bet, self.big_bet = 2 * bring[0], 4 * bring[0]

    def _street_totals(self) -> dict[str, int]:
        """What each player has put in on this street so far."""
        totals: dict[str, int] = {}
        for e in self.events:
            if e.street != self.street or not e.player:
                continue
            if e.kind in _TOTAL_KINDS or e.kind == BRING_IN:
                totals[e.player] = e.amount
            elif e.kind == CALL:
                totals[e.player] = totals.get(e.player, 0) + e.amount
        return totals

    def street_total(self, name: str) -> int:
        """What ``name`` has put in on this street so far."""
        total = 0
        for e in self.events:
            if e.street != self.street or e.player != name:
                continue
            if e.kind in _TOTAL_KINDS or e.kind == BRING_IN:
                total = e.amount
            elif e.kind == CALL:
                total += e.amount
        return total

    def call_to(self, name: str, text: str, all_in: bool = False) -> None:
        """A call a room writes as the player's total for the street."""
        name = self.player(name)
        to = self.amount(text)
        self.events.append(Event(CALL, name, to - self.street_total(name), (), 0,
                                 max(self.street, 0), self.line, all_in))

    def show(self, name: str, cards: str) -> None:
        """Cards shown (at the showdown a decision, before it a reveal)."""
        name = self.player(name)
        self.events.append(Event(SHOW if self.showdown else REVEAL, name,
                                 cards=parse_cards(cards, self.line), street=max(self.street, 0),
                                 line=self.line))

    def reveal(self, name: str, cards: str) -> None:
        """Cards the file shows without a decision (the summary's)."""
        name = name.strip()
        if name in self.names:
            self.events.append(Event(REVEAL, name, cards=parse_cards(cards, self.line),
                                     street=max(self.street, 0), line=self.line))

    def muck(self, name: str) -> None:
        if self.showdown:  # an uncontested winner's "mucks" is no decision
            self.events.append(Event(MUCK, self.player(name), street=max(self.street, 0),
                                     line=self.line))

    def fold(self, name: str, cards: str | None = None) -> None:
        self.act(FOLD, name)
        if cards:
            self.events.append(Event(REVEAL, name.strip(), cards=parse_cards(cards, self.line),
                                     street=self.street, line=self.line))

    def check(self, name: str) -> None:
        self.act(CHECK, name)

    def returned(self, name: str, text: str) -> None:
        self.events.append(Event(RETURN, self.player(name), self.amount(text),
                                 street=max(self.street, 0), line=self.line))

    def collect(self, name: str, text: str) -> None:
        self.events.append(Event(COLLECT, self.player(name), self.amount(text),
                                 street=max(self.street, 0), line=self.line))

    def won(self, name: str, text: str) -> None:
        """A summary's winnings: used when the hand's body names no collection."""
        name = name.strip()
        if name in self.names:
            self.summary_won[name] = self.summary_won.get(name, 0) + self.amount(text)

    def total(self, pot: str, rake: str | None = None, *, after_rake: bool = False) -> None:
        """The pot (and the rake: None when the room does not write it, then it is what the
        pot holds beyond what the winners took)."""
        self.rake = self.amount(rake) if rake else (0 if rake is not None else -1)
        self.total_pot = self.amount(pot) + (max(self.rake, 0) if after_rake else 0)

    def leave(self, name: str) -> None:
        name = name.strip()
        if name in self.names:
            self.events.append(Event(LEAVE, name, street=max(self.street, 0), line=self.line))

    def capped(self) -> None:
        self.events.append(Event(CAPPED, street=max(self.street, 0), line=self.line))

    def to_summary(self) -> None:
        self.summary = True
        self.ended = True

    def to_showdown(self) -> None:
        self.showdown = True

    # ---------------------------------------------------------------- the hand

    def build(self) -> RoomHand:
        if not self.seats:
            raise ParseError("no seats", self.start)
        if not self.game:
            raise ParseError("the header names no game", self.start)
        self.infer_stakes()
        if not self.small_bet:
            raise ParseError("the stakes are neither in the header nor shown by a bet", self.start)
        events = self.events
        playing = {e.player for e in events if e.kind in _PLAYING}
        if any(e.player and e.player not in playing and e.kind in _DROPPED for e in events):
            # a player seated but not dealt in (sitting out, arriving, leaving): their
            # words change nothing in the hand
            events = [e for e in events if not (e.player and e.player not in playing
                                                and e.kind in _DROPPED)]
        if not any(e.kind == COLLECT for e in events):  # collections from the summary only
            events = events + [Event(COLLECT, who, won, street=max(self.street, 0), line=self.start)
                               for who, won in self.summary_won.items()]
        if self.rake < 0:  # not written: what the winners did not take
            taken = sum(e.amount for e in events if e.kind == COLLECT)
            self.rake = max((self.total_pot or 0) - taken, 0)
        return RoomHand(
            room=self.grammar.name, hand_id=self.hand_id, table=self.table, game=self.game,
            small_bet=self.small_bet, big_bet=self.big_bet, seats=tuple(self.seats),
            events=tuple(events), ante=self.ante, bring_in=self.bring_in, currency=self.currency,
            unit="0.01" if self.scale == 100 else None, tournament=self.tournament,
            level=self.level, max_seats=self.max_seats, button=self.button, hero=self.hero,
            total_pot=self.total_pot, rake=self.rake, time=self.time, time_zone=self.time_zone,
            complete=self.ended and self.total_pot is not None, source=self.source,
            line=self.start,
        )


def _card_or_none(word: str, line: int) -> Card | None:
    try:
        return parse_card(word, line)
    except ParseError:
        return None


def _cards(text: str, line: int) -> tuple[Card | None, ...]:
    """A deal's cards; a word that is not a card (``[of]``: a file whose cards were
    blanked out) is a card the file does not show."""
    try:
        return parse_cards(text, line)
    except ParseError:
        out: list[Card | None] = []
        for word in text.split():
            try:
                out.append(parse_card(word, line))
            except ParseError:
                out.append(None)
        return tuple(out)


_TOTAL_KINDS: Final = frozenset(("complete", "bet", "raise"))
_PLAYING: Final = frozenset((ANTE, DEAL, "bring_in", "complete", "bet", "raise", CALL, CHECK, FOLD))
_DROPPED: Final = frozenset((LEAVE, MUCK, REVEAL, SHOW))


Action = Callable[[Builder, "re.Match[str]"], None]


@dataclass(frozen=True, slots=True)
class Rule:
    """One line of a room's grammar: ``pattern`` (matched at the start of the stripped
    line), ``does`` (what it means, on the builder), ``phase`` (``head``, ``play``,
    ``summary`` or ``any``) and ``key``, a text the line must hold (a cheap test first)."""

    pattern: re.Pattern[str]
    does: Action
    phase: str = ANY
    key: str = ""


def rule(pattern: str, does: Action, phase: str = ANY, key: str = "") -> Rule:
    return Rule(re.compile(pattern), does, phase, key)


_EMPTY: Final = re.compile("")


def noise(*words: str, phase: str = ANY) -> tuple[Rule, ...]:
    """Lines that change nothing in the hand (chat, arrivals, timers): each holds one of
    ``words`` (a plain text test, no pattern)."""
    return tuple(Rule(_EMPTY, _nothing, phase, w) for w in words)


def starting(*prefixes: str, phase: str = ANY) -> Rule:
    """Lines that change nothing and start with one of ``prefixes``."""
    return Rule(re.compile("|".join(re.escape(p) for p in prefixes)), _nothing, phase)


def _nothing(b: Builder, m: re.Match[str]) -> None:
    return None


@dataclass(frozen=True, kw_only=True)
class Grammar:
    """A room's text format: its header, game names, streets and line rules."""

    name: str
    title: str
    starts: tuple[str, ...]  # what a header line starts with (a cheap test)
    header: re.Pattern[str]
    read_header: Callable[[Builder, re.Match[str]], None]
    games: Mapping[str, str]
    rules: tuple[Rule, ...]
    options: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}))

    def game_list(self) -> str:
        words = [k for k, v in self.games.items() if not v.startswith("?")]
        return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)

    def is_header(self, line: str) -> bool:
        return line.startswith(self.starts) and self.header.match(line[:MAX_LINE]) is not None

    def parse(self, lines: list[str], *, start: int = 1, source: str | None = None,
              memo: dict[str, object] | None = None) -> RoomHand:
        """One hand (``lines[0]`` is its header, at line ``start`` of the file)."""
        b = Builder(self, start, source)
        b.memo = memo  # type: ignore[assignment]
        head = lines[0].strip()
        if len(head) > MAX_LINE:
            b.fail(f"the header is longer than {MAX_LINE} characters")
        m = self.header.match(head)
        if m is None:
            b.fail(f"not a {self.title} hand header")
        self.read_header(b, m)
        self.read_lines(b, lines[1:], start + 1)
        return b.build()

    @cached_property
    def _by_phase(self) -> dict[str, tuple[tuple[str, Callable[[str], re.Match[str] | None],
                                                 Action], ...]]:
        """Each part of a hand's rules, in the table's order: (key, match, action); the streets'
        rules apply before the deal too (a room that writes no street title)."""
        def applies(r: Rule, phase: str) -> bool:
            return r.phase in (ANY, phase) or (r.phase == PLAY and phase == HEAD)

        return {phase: tuple((r.key, r.pattern.match, r.does) for r in self.rules if applies(r, phase))
                for phase in (HEAD, PLAY, SUMMARY)}

    def read_lines(self, b: Builder, lines: Iterable[str], first: int) -> None:
        by_phase = self._by_phase
        for number, raw in enumerate(lines, first):
            b.line = number
            if raw == TOO_LONG:  # the reader's mark: the rest of the hand was not held
                b.fail(raw.strip("\x00"))
            line = raw.strip()
            if not line:
                continue
            if line[0] == "\x00" or line[-1] == "\ufffd":  # a NUL, a byte cut at the file's end
                line = line.strip("\x00\ufffd").strip()
                if not line:
                    continue
            if len(line) > MAX_LINE:
                b.fail(f"a line longer than {MAX_LINE} characters")
            rules = by_phase[SUMMARY if b.summary else (HEAD if b.street < 0 else PLAY)]
            for key, match, does in rules:
                if key and key not in line:
                    continue
                m = match(line)
                if m is not None:
                    does(b, m)
                    break
            else:
                if b.summary:
                    continue  # the summary's other lines repeat the hand
                b.fail(f"unexpected line {line!r}")


# ---------------------------------------------------------------- shared actions


def all_in(m: re.Match[str]) -> bool:
    return bool(m.groupdict().get("allin"))


def on(kind: str) -> Action:
    """The rule action of a betting line with groups ``name``, ``amount`` (optional) and
    ``allin`` (optional)."""

    def does(b: Builder, m: re.Match[str]) -> None:
        groups = m.re.groupindex
        b.act(kind, m.group("name"), (m.group("amount") or "") if "amount" in groups else "",
              "allin" in groups and m.group("allin") is not None)

    return does


def summary_seat(b: Builder, m: re.Match[str]) -> None:
    """A summary's ``Seat N: NAME ...`` line (group ``rest``: what follows the colon):
    the cards it shows and what it won (``won ($1.20)``, ``collected ($1.20)``)."""
    rest = m.group("rest")
    if "[" not in rest and "won" not in rest and "collected" not in rest and "wins" not in rest:
        return  # folded, lost, sat out: nothing the hand needs
    name = max((n for n in b.names if rest.startswith(n + " ") or rest == n), key=len, default=None)
    if name is None:
        return
    tail = rest[len(name):]
    for word in ("showed [", "mucked [", "shows [", "mucks ["):
        at = tail.find(word)
        if at >= 0:
            end = tail.find("]", at)
            if end > at:
                b.reveal(name, tail[at + len(word):end])
            break
    for m2 in _WON.finditer(tail):
        b.won(name, m2.group(1) or m2.group(2))
        if m2.group(1) is None:
            break


_WON: Final = re.compile(r"(?:won|collected|wins) (?:\(([^)]+)\)|([$€£]?\d[\d.,]*))")


def street_title(titles: Mapping[str, int]) -> Action:
    """The rule action of a street title with groups ``title`` and ``board`` (optional)."""

    def does(b: Builder, m: re.Match[str]) -> None:
        g = m.groupdict()
        title = g["title"]
        street = titles.get(title, titles.get(title.upper()))
        if street is None or street + b.shape.title_shift < 0:
            b.fail(f"unknown street {title!r}")
        b.to_street(street + b.shape.title_shift, g.get("board"))

    return does


def deal(b: Builder, m: re.Match[str]) -> None:
    """``Dealt to NAME [cards]`` and ``Dealt to NAME [cards] [card]``."""
    b.deal(m.group("name"), m.group("first"), m.group("added") if "added" in m.re.groupindex else None)


def ante(b: Builder, m: re.Match[str]) -> None:
    g = m.groupdict()
    b.ante_post(g["name"], g["amount"], bool(g.get("allin")))


def fold(b: Builder, m: re.Match[str]) -> None:
    g = m.groupdict()
    b.fold(g["name"], g.get("cards"))


def show(b: Builder, m: re.Match[str]) -> None:
    b.show(m.group("name"), m.group("cards"))


def muck(b: Builder, m: re.Match[str]) -> None:
    b.muck(m.group("name"))


def returned(b: Builder, m: re.Match[str]) -> None:
    b.returned(m.group("name"), m.group("amount"))


def collect(b: Builder, m: re.Match[str]) -> None:
    b.collect(m.group("name"), m.group("amount"))


def leave(b: Builder, m: re.Match[str]) -> None:
    b.leave(m.group("name"))


def capped(b: Builder, m: re.Match[str]) -> None:
    b.capped()


def showdown(b: Builder, m: re.Match[str]) -> None:
    b.to_showdown()


def summary(b: Builder, m: re.Match[str]) -> None:
    b.to_summary()


def total(b: Builder, m: re.Match[str]) -> None:
    g = m.groupdict()
    b.total(g["pot"], g.get("rake"))


def refuse(reason: str) -> Action:
    def does(b: Builder, m: re.Match[str]) -> None:
        b.fail(reason)

    return does


def seat(b: Builder, m: re.Match[str]) -> None:
    """``Seat N: NAME (stack)`` with groups ``seat``, ``name``, ``stack`` and ``rest``
    (optional: ``is sitting out``...)."""
    g = m.groupdict()
    rest = g.get("rest") or ""
    b.seat(g["seat"], g["name"], g["stack"],
           out="sitting out" in rest or "out of hand" in rest or "sits out" in rest)
