"""Cards, ranks, suits and decks (R1.1, R1.2).

A card is a small immutable value. There are exactly 53 of them (52 plus the
joker), interned, so ``Card.parse("As") is Card.parse("As")``. Each card has an
integer ``code``: ``4 * rank + suit`` with ranks 2..A as 0..12 and suits
c, d, h, s as 0..3; the joker is 52. The codes are what the evaluator's tables
and the batch paths index by.

>>> from studpoker.engine.cards import Card, parse_cards
>>> Card.parse("As").code
51
>>> [str(c) for c in parse_cards("Td 2c Jk")]
['Td', '2c', 'Jk']
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from enum import IntEnum
from typing import Final

from studpoker.engine import words as _words

__all__ = [
    "JOKER",
    "UNKNOWN",
    "Card",
    "CardError",
    "CardLike",
    "CardsLike",
    "Rank",
    "Suit",
    "format_cards",
    "full_deck",
    "parse_card",
    "parse_cards",
]

RANK_CHARS: Final = "23456789TJQKA"
SUIT_CHARS: Final = "cdhs"
JOKER_CODE: Final = 52


class CardError(ValueError):
    """A card could not be parsed, or a set of cards is invalid.

    The message names the bad token.
    """


class Rank(IntEnum):
    """Card ranks, deuce (0) to ace (12)."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def char(self) -> str:
        """The one-character text form: ``Rank.TEN.char == "T"``."""
        return RANK_CHARS[self]

    @property
    def word(self) -> str:
        """English name: ``Rank.KING.word == "king"``."""
        return _RANK_WORDS[self]

    @property
    def plural(self) -> str:
        """English plural: ``Rank.SIX.plural == "sixes"``."""
        return "sixes" if self is Rank.SIX else _RANK_WORDS[self] + "s"


_RANK_WORDS: Final = (
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "jack", "queen", "king", "ace",
)


class Suit(IntEnum):
    """Suits in the order used where a rule says so: c < d < h < s (R1.1)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def char(self) -> str:
        """The one-character text form: ``Suit.HEARTS.char == "h"``."""
        return SUIT_CHARS[self]


class Card:
    """One playing card, or the joker.

    Cards are interned: build them with :meth:`parse` or :meth:`from_code`,
    never by calling the class. They compare by code, i.e. by rank, then suit,
    with the joker above everything.

    >>> Card.parse("Kh").rank, Card.parse("Kh").suit
    (<Rank.KING: 11>, <Suit.HEARTS: 2>)
    >>> Card.parse("Jk").is_joker
    True
    """

    __slots__ = ("_text", "code")

    code: int
    _text: str

    def __init__(self) -> None:
        raise TypeError("use Card.parse('As') or Card.from_code(51)")

    @classmethod
    def _make(cls, code: int, text: str) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "code", code)
        object.__setattr__(card, "_text", text)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    @staticmethod
    def from_code(code: int) -> Card:
        """The card with this code (0..52)."""
        if not 0 <= code <= JOKER_CODE:
            raise CardError(f"card code {code!r} is out of range 0..52")
        return _CARDS[code]

    @staticmethod
    def parse(text: str) -> Card:
        """Parse ``"As"``, ``"td"``, ``"Jk"`` (the joker). Raises :class:`CardError`."""
        card = _BY_TEXT.get(text) or _BY_TEXT.get(text[:1].upper() + text[1:].lower())
        if card is None:
            raise CardError(f"bad card {text!r}: expected rank 2-9/T/J/Q/K/A and suit c/d/h/s, or Jk")
        return card

    @property
    def is_joker(self) -> bool:
        """True for the joker (the bug)."""
        return self.code == JOKER_CODE

    @property
    def rank(self) -> Rank | None:
        """The rank, or None for the joker."""
        return None if self.code == JOKER_CODE else Rank(self.code >> 2)

    @property
    def suit(self) -> Suit | None:
        """The suit, or None for the joker."""
        return None if self.code == JOKER_CODE else Suit(self.code & 3)

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text!r})"

    def __hash__(self) -> int:
        return self.code

    # Equality is identity (cards are interned): object's own __eq__, at C speed.

    def __lt__(self, other: Card) -> bool:
        return self.code < other.code

    def __le__(self, other: Card) -> bool:
        return self.code <= other.code

    def __gt__(self, other: Card) -> bool:
        return self.code > other.code

    def __ge__(self, other: Card) -> bool:
        return self.code >= other.code

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_code, (self.code,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def _repr_svg_(self) -> str | None:
        """The card as SVG, for Jupyter (drawn by :mod:`studpoker.svg`, registered in
        :mod:`studpoker.engine.words`; None without the display layer)."""
        picture = _words.card_picture
        return picture(self) if picture is not None else None


_CARDS: Final[tuple[Card, ...]] = (
    *(Card._make(code, RANK_CHARS[code >> 2] + SUIT_CHARS[code & 3]) for code in range(52)),
    Card._make(JOKER_CODE, "Jk"),
)
_BY_TEXT: Final[dict[str, Card]] = {str(c): c for c in _CARDS}

JOKER: Final[Card] = _CARDS[JOKER_CODE]
"""The joker (R1.2), written ``Jk``."""

UNKNOWN: Final = "??"
"""How a card nobody may see is written (R1.1)."""

CardLike = Card | str | int
CardsLike = str | Iterable[CardLike]


def parse_card(value: CardLike) -> Card:
    """A card from a Card, its text, or its code."""
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return Card.parse(value.strip())
    if isinstance(value, int) and not isinstance(value, bool):
        return Card.from_code(value)
    raise CardError(f"bad card {value!r}: expected text like 'As', a Card or a code")


def parse_cards(value: CardsLike) -> list[Card]:
    """Cards from text (``"As Kd Jk"``, ``"AsKdJk"``, commas allowed) or an iterable.

    Raises :class:`CardError` naming the bad token.

    >>> [str(c) for c in parse_cards("AsKd, 7c")]
    ['As', 'Kd', '7c']
    """
    if isinstance(value, str):
        cards: list[Card] = []
        for token in value.replace(",", " ").split():
            if len(token) % 2:
                raise CardError(f"bad card {token!r}: cards are two characters each, like 'As'")
            for i in range(0, len(token), 2):
                piece = token[i : i + 2]
                if piece == UNKNOWN:
                    raise CardError(f"unknown card {piece!r} is not allowed here")
                try:
                    cards.append(Card.parse(piece))
                except CardError:
                    raise CardError(
                        f"bad card {piece!r}: expected rank 2-9/T/J/Q/K/A and suit c/d/h/s, or Jk"
                    ) from None
        return cards
    return [v if type(v) is Card else parse_card(v) for v in value]


def format_cards(cards: Iterable[Card | None]) -> str:
    """Text of cards separated by spaces; None (hidden) is ``??``."""
    return " ".join(UNKNOWN if c is None else str(c) for c in cards)


def full_deck(*, joker: bool = False) -> list[Card]:
    """The 52 cards in code order, plus the joker if asked (R1.2)."""
    return list(_CARDS if joker else _CARDS[:52])


def shuffled_deck(*, joker: bool = False, rng: random.Random | None = None) -> list[Card]:
    """A shuffled deck. Without ``rng`` the OS CSPRNG is used."""
    deck = full_deck(joker=joker)
    (rng or random.SystemRandom()).shuffle(deck)
    return deck


def check_distinct(cards: Sequence[Card]) -> None:
    """Raise :class:`CardError` naming the first card that appears twice."""
    if len(set(map(id, cards))) == len(cards):  # cards are interned: identity is equality
        return
    seen: set[int] = set()
    for c in cards:
        if c.code in seen:
            raise CardError(f"duplicate card {c}")
        seen.add(c.code)
