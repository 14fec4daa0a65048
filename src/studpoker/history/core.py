"""The shared core of the room readers: text decoding, hands split from a stream,
amounts in chips, and the room-neutral form of one hand (:class:`RoomHand`).

A room module (``studpoker.history.rooms.<room>``) turns the lines of one hand
into a :class:`RoomHand`: the table's seats, the stakes, and what happened as a
list of :class:`Event` records in the room's order. :mod:`studpoker.history.convert`
then plays that hand through the engine and writes it in PHH. Nothing here
knows a room's wording.
"""

from __future__ import annotations

import codecs
import datetime
import io
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Final, NamedTuple, Protocol

from studpoker.engine.cards import Card, full_deck
from studpoker.engine.games import GAMES
from studpoker.engine.games.base import Game

if TYPE_CHECKING:
    from _typeshed import WriteableBuffer

__all__ = [
    "Block",
    "ByteStream",
    "Event",
    "HistoryError",
    "ParseError",
    "RoomHand",
    "RoomSeat",
    "Shape",
    "decode_lines",
    "money",
    "parse_card",
    "shape_of",
    "split_hands",
]


class ByteStream(Protocol):
    """What the reader needs of a file: bytes on demand (an open binary file, a socket's)."""

    def read(self, size: int = -1, /) -> bytes: ...


class HistoryError(ValueError):
    """A hand-history file that cannot be read at all: not text, no hands of the room
    asked for, an unknown room. ``source`` is the file, ``line`` the 1-based line."""

    def __init__(self, reason: str, *, source: str | None = None, line: int | None = None) -> None:
        self.reason = reason
        self.source = source
        self.line = line
        where = ""
        if source is not None:
            where = source + (f":{line}" if line is not None else "") + ": "
        elif line is not None:
            where = f"line {line}: "
        super().__init__(where + reason)


class ParseError(Exception):
    """One hand's text cannot be read (the hand is refused, the file goes on)."""

    def __init__(self, reason: str, line: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line


# --------------------------------------------------------------------------
# Decoding: UTF-8 (with or without a BOM), UTF-16 (LE/BE, BOM or not), cp1252
# --------------------------------------------------------------------------

_SAMPLE: Final = 1 << 16


def _encoding(head: bytes) -> tuple[str, int]:
    """The encoding of a file that starts with ``head``, and the BOM's length."""
    if head.startswith(codecs.BOM_UTF8):
        return "utf-8", 3
    if head.startswith(codecs.BOM_UTF16_LE):
        return "utf-16-le", 2
    if head.startswith(codecs.BOM_UTF16_BE):
        return "utf-16-be", 2
    even, odd = head[0::2], head[1::2]
    if len(head) >= 4:  # UTF-16 without a BOM: ASCII text has a zero byte in every pair
        if odd.count(0) > len(odd) * 0.4 and even.count(0) < len(even) * 0.1:
            return "utf-16-le", 0
        if even.count(0) > len(even) * 0.4 and odd.count(0) < len(odd) * 0.1:
            return "utf-16-be", 0
    try:
        head.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.start < len(head) - 3:  # not a character cut at the end of the sample
            return "cp1252", 0
    return "utf-8", 0


def decode_lines(raw: ByteStream) -> Iterator[str]:
    """The lines of a byte stream, without their line ends (``\\n``, ``\\r\\n`` or ``\\r``),
    read as a stream. UTF-8 and UTF-16 files with or without a byte-order mark are
    recognised; a file that is not UTF-8 is read as Windows-1252 (older room clients).
    Undecodable bytes become U+FFFD rather than stopping the file."""
    head = raw.read(_SAMPLE)
    encoding, bom = _encoding(head)
    buffered = io.BufferedReader(_Chain(head[bom:], raw))
    text = io.TextIOWrapper(buffered, encoding=encoding, errors="replace", newline=None)
    for line in text:
        yield line.rstrip("\n")


class _Chain(io.RawIOBase):
    """A raw stream: ``first`` bytes, then the rest of ``rest``."""

    def __init__(self, first: bytes, rest: ByteStream) -> None:
        self._first = first
        self._rest = rest

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: WriteableBuffer, /) -> int:
        view = memoryview(buffer).cast("B")
        if self._first:
            n = min(len(view), len(self._first))
            view[:n] = self._first[:n]
            self._first = self._first[n:]
            return n
        data = self._rest.read(len(view))
        n = len(data)
        view[:n] = data
        return n


def text_lines(text: str) -> Iterator[str]:
    """The lines of text already decoded (a BOM and any line ends removed)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    return iter(text.splitlines())


# --------------------------------------------------------------------------
# Splitting a stream into hands
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Block:
    """The lines of one hand as found in the file; ``start`` is the header's line number
    (1-based), ``room`` the room whose header starts it, ``ended`` whether more text
    followed (False: the file ended inside this hand)."""

    room: str
    lines: list[str]
    start: int
    ended: bool


def split_hands(lines: Iterable[str], headers: Iterable[tuple[str, Callable[[str], bool]]],
                starts: Iterable[str] | None = None) -> Iterator[Block | tuple[int, str]]:
    """Hands of a stream of lines: a :class:`Block` per hand (a header line of one of
    ``headers`` up to the next header), and ``(line, text)`` for a non-blank line that
    belongs to no hand (before the first header). One hand is held at a time.
    ``starts``: what every header line starts with, when the caller knows (a line inside
    a hand that starts otherwise is not tried as a header)."""
    tests = list(headers)
    block: list[str] | None = None
    room = ""
    start = 0
    number = 0
    firsts = None if starts is None else frozenset(s[:1] for s in starts) | frozenset(_LEAD)
    if firsts is not None and "" in firsts:
        firsts = None  # an empty start: every line may be a header
    for number, line in enumerate(lines, 1):
        if firsts is not None and block is not None and line[:1] not in firsts:
            if len(block) < MAX_HAND_LINES:  # the usual line: one of the hand's
                block.append(line)
            elif len(block) == MAX_HAND_LINES:
                block.append(TOO_LONG)
            continue
        found = None
        stripped = line.lstrip(_LEAD)
        if stripped:
            for name, test in tests:
                if test(stripped):
                    found = name
                    break
        if found is not None:
            if block is not None:
                yield Block(room, block, start, True)
            block, room, start = [stripped], found, number
        elif block is not None:
            if len(block) < MAX_HAND_LINES:
                block.append(line)
            elif len(block) == MAX_HAND_LINES:  # the rest is not held: the hand is refused
                block.append(TOO_LONG)
        elif line.strip():
            yield (number, line)
    if block is not None:
        yield Block(room, block, start, False)


_LEAD: Final = "\ufeff \t\x00"  # what may come before a header on its line

MAX_HAND_LINES: Final = 5000
"""The most lines one hand is read with (real hands have under 200): the rest of a
longer one is skipped and the hand refused, so memory stays bounded."""
TOO_LONG: Final = "\x00\x00the hand is longer than 5000 lines\x00\x00"
"""The line that stands for the rest of a hand too long to hold."""


# --------------------------------------------------------------------------
# Amounts and cards
# --------------------------------------------------------------------------

_MONEY: Final = re.compile(r"[$€£]|USD|EUR|GBP|CAD|T\$|,|\s")

MAX_AMOUNT: Final = 10**18
"""The largest amount a history may hold, in chips (or cents): far beyond any room's, and a
number that every later step (the engine, a PHH file) writes and reads."""


def money(text: str, scale: int, line: int | None = None) -> int:
    """``"$1,768.85"`` as chips: 176885 with ``scale=100`` (cents), ``"1,500"`` as 1500
    with ``scale=1`` (tournament chips). A fraction of a chip, or more than
    :data:`MAX_AMOUNT` (``$1e5000``), is a :class:`ParseError`."""
    plain = text[1:] if text[:1] in "$€£" else text
    if plain.isdigit() and len(plain) <= 18:  # the usual cases first: "40", "$2", "$0.04"
        return _bounded(int(plain) * scale, text, line)
    whole, dot, cents = plain.partition(".")
    if scale == 100 and dot and len(cents) == 2 and cents.isdigit() and (whole.isdigit() or not whole) \
            and len(whole) <= 18:
        return _bounded(int(whole or 0) * 100 + int(cents), text, line)
    plain = _MONEY.sub("", text)
    try:
        value = Decimal(plain) * scale
    except ArithmeticError:  # InvalidOperation; an exponent past Decimal's range (Overflow)
        raise ParseError(f"bad amount {text!r}", line) from None
    if value.is_finite() and value > MAX_AMOUNT:
        raise ParseError(f"amount {_short(text)} is too large (at most {MAX_AMOUNT:.0e} chips)", line)
    if not value.is_finite() or value != value.to_integral_value() or value < 0:
        raise ParseError(f"amount {_short(text)} is not a whole number of chips "
                         f"({'cents' if scale == 100 else 'chips'})", line)
    return int(value)


def _short(text: str) -> str:
    return repr(text) if len(text) <= 40 else repr(text[:20] + "..." + text[-8:])


def _bounded(value: int, text: str, line: int | None) -> int:
    if value > MAX_AMOUNT:
        raise ParseError(f"amount {_short(text)} is too large (at most {MAX_AMOUNT:.0e} chips)", line)
    return value


_CARDS: Final = {str(c): c for c in full_deck()}
_CARDS.update({k[0] + k[1].upper(): c for k, c in _CARDS.items()})
_CARDS.update({k[0].lower() + k[1]: c for k, c in _CARDS.items()})


def parse_card(text: str, line: int | None = None) -> Card:
    """A room's card text (``Ah``, ``10h``, ``ah``) as a card."""
    card = _CARDS.get(text)
    if card is not None:
        return card
    if len(text) == 3 and text[:2] == "10":
        text = "T" + text[2]
    card = _CARDS.get(text[:1].upper() + text[1:].lower())
    if card is None:
        raise ParseError(f"bad card {text!r}", line)
    return card


def parse_cards(text: str, line: int | None = None) -> tuple[Card, ...]:
    """Cards separated by spaces (``"Ah 7c Kd"``)."""
    words = text.split()
    try:
        return tuple([_CARDS[w] for w in words])
    except KeyError:
        return tuple(parse_card(w, line) for w in words)


# --------------------------------------------------------------------------
# One hand, as the room wrote it
# --------------------------------------------------------------------------

# Event kinds
ANTE: Final = "ante"
DEAL: Final = "deal"
BRING_IN: Final = "bring_in"
COMPLETE: Final = "complete"
BET: Final = "bet"
RAISE: Final = "raise"
CALL: Final = "call"
CHECK: Final = "check"
FOLD: Final = "fold"
RETURN: Final = "return"
SHOW: Final = "show"
MUCK: Final = "muck"
REVEAL: Final = "reveal"
COLLECT: Final = "collect"
LEAVE: Final = "leave"
CAPPED: Final = "capped"
COMMUNITY: Final = "community"
BETTING: Final = frozenset((BRING_IN, COMPLETE, BET, RAISE, CALL, CHECK, FOLD))


class Event(NamedTuple):
    """One thing the room wrote, in its order (a named tuple: a hand makes dozens, and
    this is the importer's hot path).

    ``kind``: one of the constants above. ``amount``: for a bring-in, completion,
    bet or raise the player's total bet on the street *to* which it brings it; for
    a call the chips it adds; for an ante, a returned bet or a collection the
    chips. ``cards``: for a deal, the player's cards at positions ``position``,
    ``position + 1``, ... in dealing order (None: a card the file does not show);
    for a show, reveal or muck the cards shown from the first one. ``street``: 0
    for third street ... 4 for seventh.
    """

    kind: str
    player: str = ""
    amount: int = 0
    cards: tuple[Card | None, ...] = ()
    position: int = 0
    street: int = 0
    line: int = 0
    all_in: bool = False


@dataclass(frozen=True, slots=True)
class RoomSeat:
    """A seat of the room's table at the start of the hand."""

    seat: int
    name: str
    stack: int
    sitting_out: bool = False


@dataclass(frozen=True, kw_only=True)
class RoomHand:
    """One hand as a room recorded it, in chips (cents for money games).

    ``game``: ``"stud"``, ``"stud8"`` or ``"razz"``. ``small_bet``/``big_bet``
    from the header; ``ante``/``bring_in`` from the header when the room writes
    them there (else None: read from the posts). ``button``: the dealer's seat
    number when the room writes one (ours does), else None. ``total_pot`` and
    ``rake`` from the summary; ``complete`` is False when the summary is missing
    (a hand cut off).
    """

    room: str
    hand_id: str
    table: str
    game: str
    small_bet: int
    big_bet: int
    seats: tuple[RoomSeat, ...]
    events: tuple[Event, ...]
    ante: int | None = None
    bring_in: int | None = None
    currency: str | None = None
    unit: str | None = None
    tournament: str | None = None
    level: str | None = None
    max_seats: int | None = None
    button: int | None = None
    hero: str | None = None
    total_pot: int | None = None
    rake: int = 0
    time: datetime.datetime | None = None
    time_zone: str | None = None
    complete: bool = True
    source: str | None = None
    line: int = 0


@dataclass(frozen=True, slots=True)
class Shape:
    """Where a game deals each player's cards, from its street table
    (``Game.street_cards``): card ``k`` of a player is his ``k``-th card dealt.

    >>> s = shape_of("five_stud")
    >>> (s.first, s.door, s.total, s.streets, sorted(s.down), s.position(2))
    (2, 1, 5, 4, [0], 3)
    >>> s = shape_of("stud")
    >>> (s.first, s.door, s.total, s.streets, sorted(s.down), s.position(4))
    (3, 2, 7, 5, [0, 1, 6], 6)
    """

    first: int  # the cards of the first street
    door: int  # the first card dealt face up (the door card, R2.4)
    total: int  # the cards a player holds at the end
    streets: int
    down: frozenset[int]  # the cards dealt face down
    starts: tuple[int, ...]  # the first card of each street

    def position(self, street: int) -> int:
        """The card a player gets first on ``street``."""
        return self.starts[street]

    @property
    def title_shift(self) -> int:
        """What to add to a seven-card street number for this game's street: rooms name a
        street by the cards a player then holds (``3rd STREET`` is seven-card stud's first,
        five-card stud's second)."""
        return sum(Game.street_cards[0]) - self.first


def _shape(table: tuple[tuple[int, int], ...]) -> Shape:
    down: set[int] = set()
    starts: list[int] = []
    held = 0
    for d, u in table:
        starts.append(held)
        down.update(range(held, held + d))
        held += d + u
    return Shape(first=sum(table[0]), door=table[0][0], total=held, streets=len(table),
                 down=frozenset(down), starts=tuple(starts))


_SHAPES: dict[str, Shape] = {}
SEVEN: Final = _shape(Game.street_cards)
"""The seven-card shape, until a hand names its game."""


def shape_of(game: str) -> Shape:
    """The shape of the registry's game ``game`` (the seven-card shape for a name it lacks)."""
    shape = _SHAPES.get(game)
    if shape is None:
        cls = GAMES.get(game)
        shape = _SHAPES[game] = _shape(cls.street_cards) if cls is not None else SEVEN
    return shape
