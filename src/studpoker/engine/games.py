"""The games as data: keyword-only configurations and tables of streets.

A game is a frozen configuration (stakes and house options, R2/R3/R5/R6) plus
a tuple of :class:`Street` rows that say what is dealt, who opens the betting
and what a bet costs, and a few class-level facts the engine reads instead of
asking which game it plays:

- ``bring_in_card`` (:class:`DoorCard`): which door card brings in, the
  lowest (R2.4) or the highest (razz, R6.3);
- ``board_opener`` (:class:`Opener`): who acts first from fourth street, the
  highest board (R2.6) or the lowest (razz, R6.4);
- ``halves`` (:class:`PotHalf` rows): how each pot is won at showdown, one
  row per share of the pot, each with its hand ranking (:class:`Ranking`) and
  its odd-chip rule (:class:`OddChip`): high only (R2.8), high and an
  eight-or-better low (R3.7, R5.2), the razz low (R6.2).

The hand engine (:mod:`studpoker.engine.hand`) and the settlement
(:mod:`studpoker.engine.settlement`) read only these, so a new stud variant is
mostly new data: a class with its streets and halves (a new ranking or board
order is one more enum member and its key function).

>>> from studpoker.engine import SevenCardStud, WallStreet, Razz
>>> stud = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)
>>> [s.name for s in stud.streets]
['third', 'fourth', 'fifth', 'sixth', 'seventh']
>>> WallStreet(ante=1, limits=(2, 2, 4, 4, 4)).market_price(3)
6
>>> razz = Razz(ante=1, bring_in=2, small_bet=5, big_bet=10)
>>> razz.bring_in_card.value, razz.streets[1].opener.value, [h.ranking.value for h in razz.halves]
('highest', 'low_board', ['razz'])
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from enum import Enum
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

from studpoker.engine.cards import RANK_CHARS, CardsLike, Rank
from studpoker.engine.memo import GameMemo

if TYPE_CHECKING:  # annotations only: the hand engine is the layer above this one
    from studpoker.engine.hand import Hand

__all__ = [
    "DEFAULT_OPTIONS",
    "GAMES",
    "Baseball",
    "DeuceSevenRazz",
    "DoorCard",
    "FiveCardStud",
    "FollowTheQueen",
    "Game",
    "GameError",
    "HighChicago",
    "LowChicago",
    "OddChip",
    "Opener",
    "PotHalf",
    "Ranking",
    "Razz",
    "SevenCardStud",
    "SevenCardStudHiLo",
    "Street",
    "StudHiLo",
    "WallStreet",
    "canonical_name",
    "from_options",
    "game_info",
    "option_names",
    "phh_order",
    "rules_sections",
    "stakes_text",
    "to_options",
]


class GameError(ValueError):
    """A game configuration or a deal request is invalid; the message says which field."""


class Opener(Enum):
    """Who opens a betting round."""

    BRING_IN = "bring_in"  # R2.4/R6.3: the door card the game's DoorCard names posts the bring-in
    HIGH_BOARD = "high_board"  # R2.6/R2.7: the highest hand showing
    LOW_BOARD = "low_board"  # R6.4: the lowest (best razz) hand showing
    DEALER_LEFT = "dealer_left"  # R3.4: first player clockwise from the dealer's left
    WILD_BOARD = "wild_board"  # R8.1: the highest hand showing, read with the wild cards
    DEUCE_SEVEN_BOARD = "deuce_seven_board"  # R10.2: the best deuce-to-seven hand showing


class DoorCard(Enum):
    """Which door card brings in (R2.4, R6.3)."""

    LOWEST = "lowest"  # R2.4: lowest by rank, ace high; between equal ranks the lower suit (clubs first)
    HIGHEST = "highest"  # R6.3: highest by rank, king high and ace low; the higher suit (spades first)
    HIGHEST_ACE_HIGH = "highest_ace_high"  # R10.2: highest by rank, ace high; the higher suit first


class Ranking(Enum):
    """How one share of a pot ranks the hands at showdown."""

    HIGH = "high"  # R1.3 (the joker R1.2): every hand has one
    EIGHT_OR_BETTER = "eight_or_better"  # R1.4: a hand may have none (the share goes to the others)
    RAZZ = "razz"  # R6.2: ace-to-five low, pairs count, every hand has one
    DEUCE_SEVEN = "deuce_seven"  # R10.1: deuce-to-seven low, aces high, straights and flushes count
    WILD_HIGH = "wild_high"  # R8.1: R1.3 with the hand's wild ranks, five of a kind on top
    HIGH_SPADE = "high_spade"  # R8.4: the highest spade face down (a hand may have none)
    LOW_SPADE = "low_spade"  # R8.4: the lowest spade face down, the 2 lowest (a hand may have none)


class OddChip(Enum):
    """Who gets the odd chip of a share split between tied hands."""

    BY_CARD = "by_card"  # R2.10: highest card of the winning five, by rank then suit
    BY_POSITION = "by_position"  # R3.8: first tied winner clockwise from the dealer's left
    BY_LOW_CARD = "by_low_card"  # R6.5: lowest card of the winning five, ace lowest, then clubs first
    BY_LOW_CARD_ACE_HIGH = "by_low_card_ace_high"  # R10.3: lowest card, deuce lowest (ace highest)


@dataclass(frozen=True, slots=True, kw_only=True)
class PotHalf:
    """One share of every pot at showdown: the hands it ranks and its odd-chip rule.

    A pot is divided equally among the game's halves that at least one of its
    contenders qualifies for (a share nobody qualifies for goes to the
    others: R3.7, R5.2); chips that do not divide go to the first half (the
    high half, R3.8). ``name`` is ``"high"`` or ``"low"``: which winners and
    hand of a :class:`~studpoker.engine.settlement.PotResult` the share fills.
    """

    name: str
    ranking: Ranking
    odd_chip: OddChip


_HIGH_HALF = PotHalf(name="high", ranking=Ranking.HIGH, odd_chip=OddChip.BY_CARD)


@dataclass(frozen=True, slots=True, kw_only=True)
class Street:
    """One row of a game's street table.

    ``down``/``up`` cards are dealt to every active player (R1.10 may turn a
    round of cards into one community card); ``market`` cards go to the Wall
    Street market; ``card_round`` means each player instead takes a free card
    or buys a market slot (R3.5). Then comes one betting round whose bets and
    raises cost ``bet`` (and ``big_bet`` too where ``open_pair`` allows it:
    the first bet, and with ``raise_big`` also a raise of a small first bet, R2.6).
    """

    name: str
    down: int = 0
    up: int = 0
    market: int = 0
    card_round: bool = False
    opener: Opener
    bet: int
    big_bet: int | None = None
    open_pair: bool = False
    raise_big: bool = False


class Game:
    """What every game configuration provides to the engine."""

    #: the yes/no house options every game has (checked to be real booleans)
    FLAGS: ClassVar[tuple[str, ...]] = (
        "joker", "double_ace_flush", "heads_up_uncapped", "showdown_muck", "fold_when_check",
    )

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    high_low: ClassVar[bool]  # the pot splits between a high and an eight-or-better low (R3.7, R5.2)
    #: which door card brings in (R2.4, R6.3)
    bring_in_card: ClassVar[DoorCard] = DoorCard.LOWEST
    #: who acts first after the bring-in street and shows first without a bettor (R2.6, R6.4)
    board_opener: ClassVar[Opener] = Opener.HIGH_BOARD
    #: the shares of every pot at showdown, the odd chips' share first (R2.8, R3.7, R5.2, R6.2)
    halves: ClassVar[tuple[PotHalf, ...]] = (_HIGH_HALF,)
    #: the ranks always wild, a mask of studpoker.engine.wild.wild_mask (R8.2, R8.3); 0: none
    wild: ClassVar[int] = 0
    #: R8.3: the rank of the face-up card after a face-up queen is wild too
    follow_the_queen: ClassVar[bool] = False
    #: R8.2: a card of this rank dealt face up brings its holder one more face-up card at once
    extra_card_rank: ClassVar[int | None] = None
    #: R8.2: a card of this rank dealt face up costs its holder ``up_card_price``, or they fold
    price_rank: ClassVar[int | None] = None
    #: whether a face-up card can change the hand as it falls (the three above): the engine
    #: then deals card by card (R8.2, R8.3)
    deal_hooks: ClassVar[bool] = False
    #: the class :meth:`deal` builds: :class:`studpoker.engine.hand.Hand`, which imports this module and
    #: sets this when it is imported (this module never imports it; importing the package does)
    hand_class: ClassVar[type[Hand]]
    ante: int
    joker: bool
    double_ace_flush: bool
    max_raises: int
    heads_up_uncapped: bool
    showdown_muck: bool
    fold_when_check: bool
    streets: tuple[Street, ...]

    @cached_property
    def memo(self) -> GameMemo:
        """What every hand of this game shares (:class:`~studpoker.engine.memo.GameMemo`), built on
        first use; equal games each have their own, and a pickled or copied game starts anew."""
        return GameMemo(self)

    def __getstate__(self) -> dict[str, object]:
        state = dict(self.__dict__)
        state.pop("memo", None)  # values built again on first use, never pickled
        return state

    @property
    def bring_in_amount(self) -> int:
        """The bring-in (0 in games without one)."""
        return 0

    @property
    def unit(self) -> int:
        """The Wall Street market unit (0 in games without a market)."""
        return 0

    @property
    def up_card_price(self) -> int:
        """What a face-up card of ``price_rank`` costs (R8.2's ``three_price``; 0 without one)."""
        return 0

    def market_price(self, slot: int) -> int:
        """Price of market slot 1..4: slot x unit (R3.5)."""
        if not 1 <= slot <= 4:
            raise GameError(f"market slot {slot} does not exist (slots are 1 to 4)")
        return slot * self.unit

    def deal(
        self,
        *,
        stacks: Sequence[int],
        dealer: int = 0,
        seed: int | None = None,
        deck: CardsLike | None = None,
        rng: random.Random | None = None,
    ) -> Hand:
        """Start a hand: post antes and deal third street.

        ``stacks`` are the chips of seats 0..n-1; ``dealer`` is the seat with
        the button. Cards come from ``deck`` (the cards in the order they are
        dealt; a prefix is enough, the rest is shuffled after it), else a deck
        shuffled with ``seed`` or ``rng``, else with the OS CSPRNG.
        """
        return self.hand_class(game=self, stacks=stacks, dealer=dealer, seed=seed, deck=deck, rng=rng)

    def options(self) -> dict[str, object]:
        """The configuration as a JSON-ready dict (for histories and the UI)."""
        raise GameError("a Game subclass must describe its options")


def _check_options(game: Game) -> None:
    flags = game.FLAGS + (_STUD_FLAGS if isinstance(game, SevenCardStud) else ())
    for name in flags:
        value = getattr(game, name)
        if not isinstance(value, bool):
            raise GameError(f"{name} must be true or false, got {value!r}")


def _check_positive(name: str, value: object, *, zero_ok: bool = False) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise GameError(f"{name} must be an integer, got {value!r}")
    if value < 0 or (value == 0 and not zero_ok):
        raise GameError(f"{name} must be {'>= 0' if zero_ok else '> 0'}, got {value}")
    return value


_STUD_FLAGS: tuple[str, ...] = ("open_pair_big_bet", "open_pair_raise_big")
"""The yes/no house options of the stud games, on top of :attr:`Game.FLAGS`."""


@dataclass(frozen=True, kw_only=True)
class SevenCardStud(Game):
    """Seven Card Stud, fixed limit (R2), with every house option of docs/rules.md.

    Options and their defaults: ``joker`` (off, R1.2), ``double_ace_flush``
    (off, R1.2), ``max_raises`` (3, R1.5), ``heads_up_uncapped`` (on, R1.5),
    ``open_pair_big_bet`` (on, R2.6), ``showdown_muck`` (on, R1.9: a player
    may muck at showdown instead of showing), ``open_pair_raise_big`` (off,
    R2.6: a small first bet on an open pair may be raised by the big bet, after
    which every raise of that street is big; needs ``open_pair_big_bet``),
    ``fold_when_check`` (off, R1.5: a fold is offered where a check is legal).
    """

    name: ClassVar[str] = "stud"
    title: ClassVar[str] = "Seven Card Stud"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 8
    high_low: ClassVar[bool] = False

    ante: int
    bring_in: int
    small_bet: int
    big_bet: int
    joker: bool = False
    double_ace_flush: bool = False
    max_raises: int = 3
    heads_up_uncapped: bool = True
    open_pair_big_bet: bool = True
    showdown_muck: bool = True
    open_pair_raise_big: bool = False
    fold_when_check: bool = False
    streets: tuple[Street, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _check_options(self)
        _check_positive("ante", self.ante, zero_ok=True)
        _check_positive("bring_in", self.bring_in)
        _check_positive("small_bet", self.small_bet)
        _check_positive("big_bet", self.big_bet)
        _check_positive("max_raises", self.max_raises, zero_ok=True)
        if self.bring_in >= self.small_bet:
            raise GameError(
                f"bring_in ({self.bring_in}) must be less than small_bet ({self.small_bet})"
            )
        if self.big_bet < self.small_bet:
            raise GameError(f"big_bet ({self.big_bet}) must be >= small_bet ({self.small_bet})")
        if self.open_pair_raise_big and not self.open_pair_big_bet:
            raise GameError("open_pair_raise_big needs open_pair_big_bet (R2.6: it raises a small "
                            "first bet on an open pair by the big bet)")
        small, big, board = self.small_bet, self.big_bet, self.board_opener
        streets = (
            Street(name="third", down=2, up=1, opener=Opener.BRING_IN, bet=small),
            Street(
                name="fourth", up=1, opener=board, bet=small,
                big_bet=big if self.open_pair_big_bet else None,
                open_pair=self.open_pair_big_bet, raise_big=self.open_pair_raise_big,
            ),
            Street(name="fifth", up=1, opener=board, bet=big),
            Street(name="sixth", up=1, opener=board, bet=big),
            Street(name="seventh", down=1, opener=board, bet=big),
        )
        object.__setattr__(self, "streets", streets)

    @property
    def bring_in_amount(self) -> int:
        return self.bring_in

    def options(self) -> dict[str, object]:
        return {
            "game": self.name, "ante": self.ante, "bring_in": self.bring_in,
            "small_bet": self.small_bet, "big_bet": self.big_bet, "joker": self.joker,
            "double_ace_flush": self.double_ace_flush, "max_raises": self.max_raises,
            "heads_up_uncapped": self.heads_up_uncapped,
            "open_pair_big_bet": self.open_pair_big_bet, "showdown_muck": self.showdown_muck,
            "open_pair_raise_big": self.open_pair_raise_big, "fold_when_check": self.fold_when_check,
        }


@dataclass(frozen=True, kw_only=True)
class WallStreet(Game):
    """Wall Street, a stud hi-lo game with a four-card market (R3).

    ``limits`` are the bet sizes of the five betting rounds (one number means
    all five equal); ``market_unit`` prices the market (slot k costs k units;
    default: the first limit). Options: ``joker`` (off), ``double_ace_flush``
    (off), ``max_raises`` (3), ``heads_up_uncapped`` (on), ``showdown_muck``
    (off, R3.10: at showdown every player still in shows their hand),
    ``fold_when_check`` (off, R1.5: a fold is offered where a check is legal).
    """

    name: ClassVar[str] = "wallstreet"
    title: ClassVar[str] = "Wall Street"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 7
    high_low: ClassVar[bool] = True
    board_opener: ClassVar[Opener] = Opener.DEALER_LEFT  # R3.4: no board order
    halves: ClassVar[tuple[PotHalf, ...]] = (  # R3.7, R3.8
        PotHalf(name="high", ranking=Ranking.HIGH, odd_chip=OddChip.BY_POSITION),
        PotHalf(name="low", ranking=Ranking.EIGHT_OR_BETTER, odd_chip=OddChip.BY_POSITION),
    )

    ante: int
    limits: tuple[int, int, int, int, int] | int
    market_unit: int | None = None
    joker: bool = False
    double_ace_flush: bool = False
    max_raises: int = 3
    heads_up_uncapped: bool = True
    showdown_muck: bool = False
    fold_when_check: bool = False
    streets: tuple[Street, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _check_options(self)
        _check_positive("ante", self.ante, zero_ok=True)
        _check_positive("max_raises", self.max_raises, zero_ok=True)
        limits = self.limits
        if isinstance(limits, int) and not isinstance(limits, bool):
            limits = (limits,) * 5
        if not isinstance(limits, (tuple, list)) or len(limits) != 5:
            raise GameError(f"limits must be five numbers (one per betting round), got {limits!r}")
        for i, v in enumerate(limits):
            _check_positive(f"limits[{i}]", v)
        object.__setattr__(self, "limits", tuple(limits))
        if self.market_unit is None:  # default: the first limit, stored so that equal games compare equal
            object.__setattr__(self, "market_unit", limits[0])
        _check_positive("market_unit", self.market_unit)
        lim = self.limit_tuple
        streets = (
            Street(name="third", down=2, up=1, market=4, opener=Opener.DEALER_LEFT, bet=lim[0]),
            Street(name="fourth", card_round=True, opener=Opener.DEALER_LEFT, bet=lim[1]),
            Street(name="fifth", card_round=True, opener=Opener.DEALER_LEFT, bet=lim[2]),
            Street(name="sixth", card_round=True, opener=Opener.DEALER_LEFT, bet=lim[3]),
            Street(name="seventh", down=1, opener=Opener.DEALER_LEFT, bet=lim[4]),
        )
        object.__setattr__(self, "streets", streets)

    @property
    def limit_tuple(self) -> tuple[int, int, int, int, int]:
        """The five limits as a tuple."""
        lim = self.limits
        assert isinstance(lim, tuple)
        return lim

    @property
    def unit(self) -> int:
        return self.market_unit if self.market_unit is not None else self.limit_tuple[0]

    def options(self) -> dict[str, object]:
        return {
            "game": self.name, "ante": self.ante, "limits": list(self.limit_tuple),
            "market_unit": self.unit, "joker": self.joker,
            "double_ace_flush": self.double_ace_flush, "max_raises": self.max_raises,
            "heads_up_uncapped": self.heads_up_uncapped, "showdown_muck": self.showdown_muck,
            "fold_when_check": self.fold_when_check,
        }


def _stud_family_options(game: SevenCardStud) -> dict[str, object]:
    """Every option of a Seven Card Stud variant, from its fields (what from_options takes)."""
    return {"game": game.name, **{f.name: getattr(game, f.name) for f in fields(game) if f.init}}


@dataclass(frozen=True, kw_only=True)
class StudHiLo(SevenCardStud):
    """Seven Card Stud Hi-Lo, eight or better (R5; PHH ``F7S/8``).

    Seven Card Stud in every respect (R5.1) but the showdown: each pot splits
    between the best high and the best eight-or-better low (R5.2; no low: the
    high takes it), and there is no open-pair big bet (R5.3). The bring-in and
    first to act are as in stud (R5.4). Options as :class:`SevenCardStud`
    except ``open_pair_big_bet``: ``joker`` (off, R1.2), ``double_ace_flush``
    (off), ``max_raises`` (3), ``heads_up_uncapped`` (on), ``showdown_muck`` (on).

    >>> game = StudHiLo(ante=1, bring_in=2, small_bet=5, big_bet=10)
    >>> game.high_low, [h.name for h in game.halves], game.streets[1].open_pair
    (True, ['high', 'low'], False)
    """

    name: ClassVar[str] = "stud8"
    title: ClassVar[str] = "Seven Card Stud Hi-Lo"
    high_low: ClassVar[bool] = True
    halves: ClassVar[tuple[PotHalf, ...]] = (  # R5.2: R3.8's high half first, inside a half R2.10
        _HIGH_HALF,
        PotHalf(name="low", ranking=Ranking.EIGHT_OR_BETTER, odd_chip=OddChip.BY_CARD),
    )

    open_pair_big_bet: bool = field(default=False, init=False, repr=False)  # R5.3
    open_pair_raise_big: bool = field(default=False, init=False, repr=False)

    def options(self) -> dict[str, object]:
        return _stud_family_options(self)


SevenCardStudHiLo = StudHiLo
"""Another name of :class:`StudHiLo`."""


@dataclass(frozen=True, kw_only=True)
class Razz(SevenCardStud):
    """Razz: Seven Card Stud for the lowest hand (R6; PHH ``FR``).

    As Seven Card Stud (R6.1) except: the best ace-to-five low wins the whole
    pot, pairs counting against it (R6.2); the highest door card brings in
    (king highest, ace lowest, the higher suit first, R6.3); the lowest hand
    showing acts first from fourth street (R6.4); no open-pair big bet, the
    odd chip to the lowest card (R6.5). No joker. Options: ``max_raises``
    (3), ``heads_up_uncapped`` (on), ``showdown_muck`` (on).

    >>> game = Razz(ante=1, bring_in=2, small_bet=5, big_bet=10)
    >>> game.high_low, [h.ranking.value for h in game.halves], game.joker
    (False, ['razz'], False)
    """

    name: ClassVar[str] = "razz"
    title: ClassVar[str] = "Razz"
    high_low: ClassVar[bool] = False
    bring_in_card: ClassVar[DoorCard] = DoorCard.HIGHEST  # R6.3
    board_opener: ClassVar[Opener] = Opener.LOW_BOARD  # R6.4
    halves: ClassVar[tuple[PotHalf, ...]] = (  # R6.2, R6.5
        PotHalf(name="low", ranking=Ranking.RAZZ, odd_chip=OddChip.BY_LOW_CARD),
    )

    joker: bool = field(default=False, init=False, repr=False)  # R6.1
    double_ace_flush: bool = field(default=False, init=False, repr=False)
    open_pair_big_bet: bool = field(default=False, init=False, repr=False)  # R6.5
    open_pair_raise_big: bool = field(default=False, init=False, repr=False)

    def options(self) -> dict[str, object]:
        return _stud_family_options(self)


_WILD_HIGH_HALF = PotHalf(name="high", ranking=Ranking.WILD_HIGH, odd_chip=OddChip.BY_CARD)
_NINES_AND_THREES = (1 << 7) | (1 << 1)  # wild_mask("93"): Rank.NINE, Rank.THREE
_QUEENS = 1 << 10  # wild_mask("Q")


@dataclass(frozen=True, kw_only=True)
class Baseball(SevenCardStud):
    """Baseball: Seven Card Stud with the 9s and 3s wild (R8.1, R8.2).

    A 4 dealt face up gives its holder one more face-up card at once (a hand
    of eight cards or more); a 3 dealt face up costs its holder ``three_price``
    (default: the big bet), paid into the pot as dead money before the next
    action, or the holder folds. Five of a kind is the best hand; boards are
    read with the wild cards for the first to act, the bring-in goes by the
    door card's natural rank and suit (R8.1). No open-pair big bet (R8.2), no
    joker. Options: ``three_price``, ``max_raises`` (3), ``heads_up_uncapped``
    (on), ``showdown_muck`` (on).

    >>> game = Baseball(ante=1, bring_in=2, small_bet=5, big_bet=10)
    >>> game.three_price, game.streets[1].open_pair, [h.ranking.value for h in game.halves]
    (10, False, ['wild_high'])
    """

    name: ClassVar[str] = "baseball"
    title: ClassVar[str] = "Baseball"
    board_opener: ClassVar[Opener] = Opener.WILD_BOARD  # R8.1
    halves: ClassVar[tuple[PotHalf, ...]] = (_WILD_HIGH_HALF,)
    wild: ClassVar[int] = _NINES_AND_THREES
    extra_card_rank: ClassVar[int | None] = 2  # Rank.FOUR
    price_rank: ClassVar[int | None] = 1  # Rank.THREE
    deal_hooks: ClassVar[bool] = True

    three_price: int | None = None
    joker: bool = field(default=False, init=False, repr=False)
    double_ace_flush: bool = field(default=False, init=False, repr=False)
    open_pair_big_bet: bool = field(default=False, init=False, repr=False)  # R8.2
    open_pair_raise_big: bool = field(default=False, init=False, repr=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.three_price is None:  # default: the big bet, stored so that equal games compare equal
            object.__setattr__(self, "three_price", self.big_bet)
        _check_positive("three_price", self.three_price, zero_ok=True)

    @property
    def up_card_price(self) -> int:
        return self.three_price if self.three_price is not None else self.big_bet

    def options(self) -> dict[str, object]:
        return _stud_family_options(self)


@dataclass(frozen=True, kw_only=True)
class FollowTheQueen(SevenCardStud):
    """Follow the Queen: Seven Card Stud with queens wild, and the follower (R8.1, R8.3).

    Whenever a queen is dealt face up, the rank of the next face-up card
    dealt, to anyone, becomes wild too, replacing any earlier follower rank; a
    queen as the last face-up card leaves only queens wild. Down cards never
    change the wild ranks; the hand logs every change (public at every
    moment). Options as :class:`SevenCardStud` but the joker: ``max_raises``
    (3), ``heads_up_uncapped`` (on), ``open_pair_big_bet`` (on; a pair showing
    is read with the wild cards), ``showdown_muck`` (on).

    >>> game = FollowTheQueen(ante=1, bring_in=2, small_bet=5, big_bet=10)
    >>> game.follow_the_queen, game.streets[2].opener.value
    (True, 'wild_board')
    """

    name: ClassVar[str] = "follow_the_queen"
    title: ClassVar[str] = "Follow the Queen"
    board_opener: ClassVar[Opener] = Opener.WILD_BOARD  # R8.1
    halves: ClassVar[tuple[PotHalf, ...]] = (_WILD_HIGH_HALF,)
    wild: ClassVar[int] = _QUEENS
    follow_the_queen: ClassVar[bool] = True
    deal_hooks: ClassVar[bool] = True

    joker: bool = field(default=False, init=False, repr=False)
    double_ace_flush: bool = field(default=False, init=False, repr=False)

    def options(self) -> dict[str, object]:
        return _stud_family_options(self)


@dataclass(frozen=True, kw_only=True)
class HighChicago(SevenCardStud):
    """High Chicago: Seven Card Stud, half of each pot to the highest spade in the hole (R8.4).

    Each pot is split between the best high hand and the player holding the
    highest spade face down among its contenders at the showdown; with no
    such spade the high hand takes it all. The odd chip goes to the high
    half. No wild cards. Options as :class:`SevenCardStud`.

    >>> [h.name for h in HighChicago(ante=1, bring_in=2, small_bet=5, big_bet=10).halves]
    ['high', 'spade']
    """

    name: ClassVar[str] = "high_chicago"
    title: ClassVar[str] = "High Chicago"
    halves: ClassVar[tuple[PotHalf, ...]] = (
        _HIGH_HALF, PotHalf(name="spade", ranking=Ranking.HIGH_SPADE, odd_chip=OddChip.BY_CARD),
    )

    def options(self) -> dict[str, object]:
        return _stud_family_options(self)


@dataclass(frozen=True, kw_only=True)
class LowChicago(SevenCardStud):
    """Low Chicago: as :class:`HighChicago`, to the lowest spade in the hole (R8.4).

    Ranks go as everywhere (R1.1): the 2 of spades is the lowest spade and
    the ace the highest.

    >>> [h.ranking.value for h in LowChicago(ante=1, bring_in=2, small_bet=5, big_bet=10).halves]
    ['high', 'low_spade']
    """

    name: ClassVar[str] = "low_chicago"
    title: ClassVar[str] = "Low Chicago"
    halves: ClassVar[tuple[PotHalf, ...]] = (
        _HIGH_HALF, PotHalf(name="spade", ranking=Ranking.LOW_SPADE, odd_chip=OddChip.BY_CARD),
    )

    def options(self) -> dict[str, object]:
        return _stud_family_options(self)


@dataclass(frozen=True, kw_only=True)
class FiveCardStud(SevenCardStud):
    """Five Card Stud, fixed limit (R9; PHH ``F5S``, this project's code).

    2 to 10 players. Second street: one card down and one up, the lowest door
    card bringing in (R2.4); third, fourth and fifth streets: one card up
    each, a betting round after each; small bets on second and third street,
    big bets on fourth and fifth (R9.1). From third street the highest hand
    showing acts first, and an open pair on third street allows the big bet
    (R9.2, R2.6). Showdown: the best five-card high hand, odd chip as R2.10
    (R9.3). No joker. Options: ``max_raises`` (3), ``heads_up_uncapped`` (on),
    ``open_pair_big_bet`` (on), ``open_pair_raise_big`` (off), ``showdown_muck``
    (on), ``fold_when_check`` (off).

    >>> game = FiveCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)
    >>> [(s.name, s.down, s.up, s.bet) for s in game.streets]
    [('second', 1, 1, 5), ('third', 0, 1, 5), ('fourth', 0, 1, 10), ('fifth', 0, 1, 10)]
    >>> game.streets[1].open_pair, game.max_players
    (True, 10)
    """

    name: ClassVar[str] = "five_stud"
    title: ClassVar[str] = "Five Card Stud"
    max_players: ClassVar[int] = 10

    joker: bool = field(default=False, init=False, repr=False)
    double_ace_flush: bool = field(default=False, init=False, repr=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        small, big, board = self.small_bet, self.big_bet, self.board_opener
        streets = (  # R9.1, R9.2
            Street(name="second", down=1, up=1, opener=Opener.BRING_IN, bet=small),
            Street(
                name="third", up=1, opener=board, bet=small,
                big_bet=big if self.open_pair_big_bet else None,
                open_pair=self.open_pair_big_bet, raise_big=self.open_pair_raise_big,
            ),
            Street(name="fourth", up=1, opener=board, bet=big),
            Street(name="fifth", up=1, opener=board, bet=big),
        )
        object.__setattr__(self, "streets", streets)

    def options(self) -> dict[str, object]:
        return _stud_family_options(self)


@dataclass(frozen=True, kw_only=True)
class DeuceSevenRazz(Razz):
    """Deuce-to-Seven Razz (R10; PHH ``F7S/27``, this project's code).

    As Razz (R6) but for the hand ranking: the best deuce-to-seven low of the
    seven cards, aces high only, straights and flushes counting against the
    hand (7-5-4-3-2 unsuited is the best, R10.1). The highest door card brings
    in, aces highest, spades first; from fourth street the best
    deuce-to-seven board acts first, pairs worse, straights and flushes not
    counting (R10.2). Odd chip: the lowest card, deuce lowest, clubs first
    (R10.3). Options as :class:`Razz`.

    >>> game = DeuceSevenRazz(ante=1, bring_in=2, small_bet=5, big_bet=10)
    >>> game.bring_in_card.value, game.streets[1].opener.value, [h.ranking.value for h in game.halves]
    ('highest_ace_high', 'deuce_seven_board', ['deuce_seven'])
    """

    name: ClassVar[str] = "razz27"
    title: ClassVar[str] = "Deuce-to-Seven Razz"
    bring_in_card: ClassVar[DoorCard] = DoorCard.HIGHEST_ACE_HIGH  # R10.2
    board_opener: ClassVar[Opener] = Opener.DEUCE_SEVEN_BOARD  # R10.2
    halves: ClassVar[tuple[PotHalf, ...]] = (  # R10.1, R10.3
        PotHalf(name="low", ranking=Ranking.DEUCE_SEVEN, odd_chip=OddChip.BY_LOW_CARD_ACE_HIGH),
    )


# ------------------------------------------------------------------ the registry

GAMES: dict[str, type[SevenCardStud] | type[WallStreet]] = {
    "stud": SevenCardStud, "wallstreet": WallStreet, "stud8": StudHiLo, "razz": Razz,
    "baseball": Baseball, "follow_the_queen": FollowTheQueen,
    "high_chicago": HighChicago, "low_chicago": LowChicago,
    "five_stud": FiveCardStud, "razz27": DeuceSevenRazz,
}
"""Every game by its name (``Game.name``)."""

DEFAULT_OPTIONS: dict[str, dict[str, object]] = {
    "stud": {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10},
    "wallstreet": {"ante": 1, "limits": (2, 2, 4, 4, 4)},
    "stud8": {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10},
    "razz": {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10},
    "baseball": {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10},
    "follow_the_queen": {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10},
    "high_chicago": {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10},
    "low_chicago": {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10},
    "five_stud": {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10},
    "razz27": {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10},
}
"""The stakes :func:`from_options` uses for any stake not given (the house game)."""

_ALIASES = {"stud": "stud", "sevencardstud": "stud", "7stud": "stud", "7cs": "stud",
            "wallstreet": "wallstreet", "wall": "wallstreet",
            "stud8": "stud8", "studhilo": "stud8", "sevencardstudhilo": "stud8", "stud8orbetter": "stud8",
            "studhilo8": "stud8", "studhighlow": "stud8", "7stud8": "stud8", "7cs8": "stud8",
            "sevencardstudhighlow": "stud8", "sevencardstudhilo8orbetter": "stud8",
            "studhilo8orbetter": "stud8", "studeight": "stud8", "studhl": "stud8",
            "razz": "razz", "sevencardrazz": "razz",
            "baseball": "baseball", "sevencardbaseball": "baseball",
            "followthequeen": "follow_the_queen", "ftq": "follow_the_queen",
            "highchicago": "high_chicago", "chicago": "high_chicago", "chicagohigh": "high_chicago",
            "lowchicago": "low_chicago", "chicagolow": "low_chicago",
            "fivestud": "five_stud", "fivecardstud": "five_stud", "5stud": "five_stud",
            "5cardstud": "five_stud", "5cs": "five_stud", "studfive": "five_stud",
            "razz27": "razz27", "27razz": "razz27", "2to7razz": "razz27", "deucetosevenrazz": "razz27",
            "deuce7razz": "razz27", "razzdeucetoseven": "razz27"}


def _choices() -> str:
    return ", ".join(f"'{name}'" for name in GAMES)


def canonical_name(name: str) -> str:
    """The game's name (a key of :data:`GAMES`) for a name as people write it
    (``Wall-Street``, ``seven card stud hi-lo``, ``Follow the Queen``...); :class:`GameError`
    for any other.

    >>> canonical_name("Wall Street"), canonical_name("Stud Hi-Lo"), canonical_name("RAZZ")
    ('wallstreet', 'stud8', 'razz')
    """
    key = str(name).strip().lower()
    for ch in "_- /":
        key = key.replace(ch, "")
    if not isinstance(name, str) or key not in _ALIASES:
        raise GameError(f"unknown game {name!r}: choose {_choices()}")
    return _ALIASES[key]


def _game_class(name: object) -> type[SevenCardStud] | type[WallStreet]:
    return GAMES[canonical_name(name)]  # type: ignore[arg-type]


def _option_types(cls: type[Game]) -> dict[str, Any]:
    """The keyword options of a game class and their declared types."""
    return {f.name: f.type for f in fields(cls) if f.init}  # type: ignore[arg-type]


def option_names(name: str) -> tuple[str, ...]:
    """Every option :func:`from_options` takes for game ``name``.

    >>> option_names("wallstreet")[:3]
    ('ante', 'limits', 'market_unit')
    """
    return tuple(_option_types(_game_class(name)))


def from_options(name: str | None = None, /, **options: Any) -> Game:
    """The game ``name`` (a key of :data:`GAMES`) with ``options``; the inverse of :func:`to_options`.

    Stakes not given come from :data:`DEFAULT_OPTIONS`; ``limits`` may be a list;
    a ``game`` key may stand for ``name`` (so ``from_options(**to_options(g)) == g``).
    An unknown game or option, or a value of the wrong type, raises
    :class:`GameError` (a ``ValueError``) naming it.

    >>> from_options("wallstreet", ante=2).options()["limits"]
    [2, 2, 4, 4, 4]
    >>> g = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10, joker=True)
    >>> from_options(**to_options(g)) == g
    True
    >>> from_options("stud", bet=3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    studpoker.engine.games.GameError: unknown option 'bet' for stud; options: ante, big_bet, bring_in, ...
    """
    given = options.pop("game", None)
    if name is None:
        if given is None:
            raise GameError(f"no game given: choose {_choices()}")
        name = given
    cls = _game_class(name)
    if given is not None and _game_class(given) is not cls:
        raise GameError(f"game {given!r} in the options contradicts the game {name!r}")
    allowed = _option_types(cls)
    for key in options:
        if key not in allowed:
            raise GameError(f"unknown option {key!r} for {cls.name}; options: {', '.join(sorted(allowed))}")
    kwargs: dict[str, Any] = dict(DEFAULT_OPTIONS[cls.name])
    kwargs.update(options)
    if isinstance(kwargs.get("limits"), list):
        kwargs["limits"] = tuple(kwargs["limits"])
    try:
        return cls(**kwargs)
    except TypeError as exc:  # a value the constructor cannot take at all
        raise GameError(f"bad options for {cls.name}: {exc}") from None


def to_options(game: Game) -> dict[str, object]:
    """The game as a JSON-ready dict, ``{"game": name, ...every option}``; see :func:`from_options`.

    >>> to_options(WallStreet(ante=1, limits=2))["market_unit"]
    2
    """
    if not isinstance(game, Game) or type(game) not in GAMES.values():
        raise GameError(f"not a known game: {game!r}")
    return game.options()


def stakes_text(game: Game) -> str:
    """The stakes in words: ``"ante 1, bring-in 2, 5/10"``, ``"ante 1, limits 2/2/4/4/4"``."""
    if isinstance(game, SevenCardStud):
        return f"ante {game.ante}, bring-in {game.bring_in}, {game.small_bet}/{game.big_bet}"
    if isinstance(game, WallStreet):
        text = f"ante {game.ante}, limits {'/'.join(map(str, game.limit_tuple))}"
        return text if game.unit == game.limit_tuple[0] else f"{text}, market unit {game.unit}"
    return f"ante {game.ante}"


def game_info(game: Game) -> dict[str, object]:
    """What a client needs to show and seat a game without re-deriving any rule.

    ``game`` (name), ``name`` (display name), ``min_players``/``max_players``
    (R2.1, R3.1), ``stakes`` (text), ``market_prices`` (slot 1..4, R3.5; None
    without a market), ``showdown_muck`` (whether a beaten hand may be mucked,
    R3.10), ``high_low``, ``joker``, ``bring_in`` (0: none), ``bets`` (the
    bet of each street), ``options`` (:func:`to_options`), and how the game is
    won and opened: ``halves`` (each share of a pot: ``name`` "high" or "low",
    its ``ranking`` and ``odd_chip`` rule), ``low`` (the ranking of the low
    share: ``"eight_or_better"``, ``"razz"``, or None), ``bring_in_card``
    (``"lowest"``, ``"highest"``, or None without a bring-in, R2.4/R6.3),
    ``first_to_act`` (``"high_board"``, ``"low_board"`` or ``"dealer_left"``,
    R2.6/R6.4/R3.4), ``open_pair`` (whether R2.6's big bet applies), ``rules``
    (the rules in words, :func:`rules_sections`); the wild cards (R8):
    ``wild_ranks`` (rank characters always wild, ``[]`` for none),
    ``follow_the_queen`` (R8.3), ``extra_card_rank`` and ``price_rank``
    (Baseball's ``"4"`` and ``"3"``, R8.2, else None) and ``up_card_price``.

    >>> info = game_info(WallStreet(ante=1, limits=(2, 2, 4, 4, 4)))
    >>> info["min_players"], info["market_prices"], info["stakes"]
    (3, [2, 4, 6, 8], 'ante 1, limits 2/2/4/4/4')
    >>> info = game_info(from_options("razz"))
    >>> info["low"], info["bring_in_card"], info["first_to_act"], info["high_low"]
    ('razz', 'highest', 'low_board', False)
    """
    opts = to_options(game)
    low = next((h.ranking.value for h in game.halves if h.name == "low"), None)
    return {
        "game": game.name,
        "name": game.title,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "stakes": stakes_text(game),
        "market_prices": [game.market_price(s) for s in range(1, 5)] if game.unit else None,
        "showdown_muck": game.showdown_muck,
        "high_low": game.high_low,
        "joker": game.joker,
        "bring_in": game.bring_in_amount,
        "bets": [s.bet for s in game.streets],
        "options": opts,
        "halves": [{"name": h.name, "ranking": h.ranking.value, "odd_chip": h.odd_chip.value}
                   for h in game.halves],
        "low": low,
        "bring_in_card": game.bring_in_card.value if game.bring_in_amount else None,
        "first_to_act": game.board_opener.value,
        "open_pair": any(st.open_pair for st in game.streets),
        "rules": rules_sections(game),
        "wild_ranks": [RANK_CHARS[r] for r in range(12, -1, -1) if game.wild >> r & 1],
        "follow_the_queen": game.follow_the_queen,
        "extra_card_rank": None if game.extra_card_rank is None else RANK_CHARS[game.extra_card_rank],
        "price_rank": None if game.price_rank is None else RANK_CHARS[game.price_rank],
        "up_card_price": game.up_card_price,
    }


def rules_sections(game: Game) -> list[dict[str, str]]:
    """The rules of ``game`` in words for players, as ``{"title", "text"}`` sections
    (the browser's rules panel shows them as they are; R2, R3, R5, R6, R8).

    Every sentence is made from the game's data (its stakes, options, door card,
    board order and pot halves), so a table's panel says what that table plays.

    >>> [s["title"] for s in rules_sections(from_options("razz"))]
    ['The deal', 'Bring-in and completion', 'Betting', 'Open pair', 'Showdown: the lowest hand']
    """
    muck = (" Players may muck a losing hand." if game.showdown_muck else " Everyone still in shows.")
    fold = " You may fold even where you could check." if game.fold_when_check else ""  # R1.5 option
    joker = (" The joker (bug) is an ace, or completes a straight or a flush, and in a low is the lowest "
             "rank you lack." if game.joker else "")
    rankings = [h.ranking for h in game.halves]
    cards = _COUNT_WORDS[sum(st.down + st.up for st in game.streets)]
    if Ranking.DEUCE_SEVEN in rankings:
        showdown = ("Showdown: the lowest hand, deuce to seven", "The lowest hand wins the whole pot: "
                    f"the best five of {cards} cards counted deuce to seven (aces are high only, "
                    "straights and flushes count against you, pairs too). The best hand is 7-5-4-3-2 "
                    "of mixed suits; A-5-4-3-2 is only ace high and 6-5-4-3-2 a straight. Between hands "
                    "compare the highest card first, then the next." + muck)
    elif Ranking.RAZZ in rankings:
        showdown = ("Showdown: the lowest hand", "The lowest hand wins the whole pot: the best five of "
                    "seven cards counted ace to five (aces are low, straights and flushes do not count "
                    "against you, pairs do: any five different ranks beat a pair). The best hand is "
                    "5-4-3-2-A; between hands compare the highest card first, then the next."
                    + muck)
    elif Ranking.EIGHT_OR_BETTER in rankings:
        showdown = ("Showdown: high and low", "Each pot is split: half to the best high hand, half to "
                    "the best low. A low needs five different ranks of eight or lower (ace is low; "
                    "straights and flushes do not count against it): 8-or-better. With no qualifying "
                    "low the high hand takes the whole pot. The same player may win both halves; an "
                    "odd chip goes to the high half." + muck + joker)
    elif Ranking.HIGH_SPADE in rankings or Ranking.LOW_SPADE in rankings:
        which = "highest" if Ranking.HIGH_SPADE in rankings else "lowest"
        showdown = ("Showdown: high and the spade", "Each pot is split: half to the best high hand, "
                    f"half to the player holding the {which} spade face down (ranks as usual: the 2 "
                    "is the lowest spade, the ace the highest). With no spade in the hole the high "
                    "hand takes the whole pot; an odd chip goes to the high half." + muck + joker)
    elif Ranking.WILD_HIGH in rankings:
        showdown = ("Showdown", "High hand only: the best five cards win, each wild card counting as "
                    "any card you want (even one you already hold); five of a kind beats a straight "
                    "flush, and a natural hand ties the same hand made with wild cards." + muck)
    else:
        best = "the best five cards win" if cards == "five" else f"the best five of {cards} cards wins"
        showdown = ("Showdown", f"High hand only: {best}." + muck + joker)
    if isinstance(game, WallStreet):
        unit = game.unit
        prices = ", ".join(f"slot {k} costs {game.market_price(k)}" for k in range(1, 5))
        return [{"title": t, "text": x} for t, x in (
            ("The deal", f"{game.min_players} to {game.max_players} players. Everyone antes {game.ante} "
             "and gets two cards face down and one face up. Four cards are dealt face up in the "
             "middle: the Market, slots 1 to 4."),
            ("Betting", f"Five betting rounds with fixed limits {', '.join(map(str, game.limit_tuple))}: "
             "each bet or raise is that round's limit. There is no bring-in: the first player left "
             "of the dealer checks or bets." + fold),
            ("Card rounds: free card or the Market", "After rounds 1, 2 and 3 each player takes "
             "exactly one card, face up: either the top card of the deck for free (\"take the free "
             f"card\"), or a card of the Market. Slot k costs k × {unit}: {prices}. The price goes "
             "into the pot as dead money (it never counts as a call and is never returned). The slot "
             "is refilled at once from the deck."),
            ("Seventh card", "After the three card rounds each player gets a seventh card face down, "
             "then the last betting round."),
            showdown,
        )]
    assert isinstance(game, SevenCardStud)
    bring_in, small, big = game.bring_in, game.small_bet, game.big_bet
    if game.bring_in_card is DoorCard.HIGHEST:
        door = ("The highest door card (king high, ace low; between equal ranks spades, then hearts, "
                "diamonds, clubs)")
    elif game.bring_in_card is DoorCard.HIGHEST_ACE_HIGH:
        door = ("The highest door card (aces highest; between equal ranks spades, then hearts, "
                "diamonds, clubs)")
    else:
        door = "The lowest door card (ace high; ties by suit: clubs, diamonds, hearts, spades)"
    if game.board_opener is Opener.LOW_BOARD:
        first = ("the lowest hand showing acts first (counted like a razz hand: a pair showing is "
                 "worse than any unpaired cards)")
    elif game.board_opener is Opener.DEUCE_SEVEN_BOARD:
        first = ("the lowest hand showing acts first (counted deuce to seven, aces high: a pair showing "
                 "is worse than any unpaired cards; straights and flushes do not count on the board)")
    elif game.board_opener is Opener.WILD_BOARD:
        first = "the best hand showing acts first, read with the wild cards"
    else:
        first = "the best hand showing acts first (pairs and better; straights and flushes do not count)"
    cap = (f"A bet and {game.max_raises} raises at most per street"
           + (" (no cap when only two players are left)." if game.heads_up_uncapped else "."))
    streets = game.streets
    second = streets[1].name  # the street of the open pair (R2.6, R9.2)
    if game.open_pair_big_bet:
        open_pair = (f"If anyone shows a pair on {second} street, the first bet may be the big bet "
                     f"({big}); raises on that street then go up by the same amount.")
        if game.open_pair_raise_big:  # R2.6 option
            open_pair += (f" A small first bet may also be raised by the big bet ({big}); after "
                          "that every raise on the street is big.")
    elif "open_pair_big_bet" in option_names(game.name):
        open_pair = f"This table does not use the open-pair rule: {second} street bets are small."
    else:
        open_pair = f"No open-pair rule in {game.title}: {second} street bets are always {small}."
    wild: list[tuple[str, str]] = []
    if game.wild or game.follow_the_queen:
        ranks = [Rank(r).plural for r in range(12, -1, -1) if game.wild >> r & 1]
        text = f"{' and '.join(ranks).capitalize()} are wild."
        if game.follow_the_queen:
            text += (" Whenever a queen is dealt face up, the rank of the next face-up card (to "
                     "anyone) is wild too, replacing the earlier one; a queen as the last face-up "
                     "card leaves only queens wild. Down cards never change what is wild.")
        if game.extra_card_rank is not None:
            text += (f" A {Rank(game.extra_card_rank).word} dealt face up gives its holder "
                     "one more card face up at once.")
        if game.price_rank is not None:
            text += (f" A {Rank(game.price_rank).word} dealt face up costs its holder "
                     f"{game.up_card_price}, paid into the pot, or the holder folds.")
        text += " For the bring-in a wild door card counts as its own rank and suit."
        wild.append(("Wild cards", text))
    return [{"title": t, "text": x} for t, x in (
        ("The deal", f"{game.min_players} to {game.max_players} players. Everyone antes {game.ante}. "
         + _deal_text(streets)),
        *wild,
        ("Bring-in and completion", f"{door} must bring in for {bring_in} or complete to {small}. "
         f"The others fold, call the bring-in, or complete to {small}; after a completion raises "
         f"go up by {small}."),
        ("Betting", f"Fixed limit: {_bets_text(streets)}. {cap} From {second} street on, {first}." + fold),
        ("Open pair", open_pair),
        showdown,
    )]


_COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def _deal_text(streets: Sequence[Street]) -> str:
    """How a stud game's cards fall, from its street table (every street deals each player
    cards down and up; the first street's last card up is the door card)."""
    first, rest = streets[0], streets[1:]
    text = (f"You get {_COUNT_WORDS[first.down]} card{'s' * (first.down != 1)} face down and "
            f"{_COUNT_WORDS[first.up]} face up (the door card).")
    ups = [st.name for st in rest if st.up and not st.down]
    if ups:
        names = ", ".join(ups[:-1]) + (" and " if len(ups) > 1 else "") + ups[-1]
        text += f" Then one more card face up on {names} street"
    downs = [st.name for st in rest if st.down]
    if downs:
        text += f", and a last card face down on {downs[-1]}"
    total = sum(st.down + st.up for st in streets)
    played = "your best five play" if total > 5 else "all five play"
    return f"{text}: {_COUNT_WORDS[total]} cards, {played}."


def _bets_text(streets: Sequence[Street]) -> str:
    """The bet of each run of streets: ``"5 on third and fourth street, 10 from fifth street on"``."""
    runs: list[tuple[int, list[str]]] = []
    for st in streets:
        if runs and runs[-1][0] == st.bet:
            runs[-1][1].append(st.name)
        else:
            runs.append((st.bet, [st.name]))
    parts = []
    for i, (bet, names) in enumerate(runs):
        if i == len(runs) - 1 and i and len(names) > 1:
            parts.append(f"{bet} from {names[0]} street on")
        else:
            parts.append(f"{bet} on {' and '.join(names)} street")
    return ", ".join(parts)


def phh_order(dealer: int, n: int) -> list[int]:
    """The PHH player order: the hand seat of p1, p2, ... pn (p1 sits left of the dealer).

    >>> phh_order(2, 4)
    [3, 0, 1, 2]
    """
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise GameError(f"player count must be a positive integer, got {n!r}")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
        raise GameError(f"dealer must be a seat 0..{n - 1}, got {dealer!r}")
    return [(dealer + 1 + i) % n for i in range(n)]
