"""The two games as data: keyword-only configurations and tables of streets.

A game is a frozen configuration (stakes and house options, R2/R3) plus a
tuple of :class:`Street` rows that say what is dealt, who opens the betting
and what a bet costs. The hand engine (:mod:`studpoker.hand`) reads only
these tables, so a new stud variant is mostly a new table.

>>> from studpoker import SevenCardStud, WallStreet
>>> stud = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)
>>> [s.name for s in stud.streets]
['third', 'fourth', 'fifth', 'sixth', 'seventh']
>>> WallStreet(ante=1, limits=(2, 2, 4, 4, 4)).market_price(3)
6
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar

from studpoker.cards import CardsLike

if TYPE_CHECKING:
    from studpoker.hand import Hand

__all__ = [
    "DEFAULT_OPTIONS",
    "GAMES",
    "Game",
    "GameError",
    "OddChip",
    "Opener",
    "SevenCardStud",
    "Street",
    "WallStreet",
    "canonical_name",
    "from_options",
    "game_info",
    "option_names",
    "phh_order",
    "stakes_text",
    "to_options",
]


class GameError(ValueError):
    """A game configuration or a deal request is invalid; the message says which field."""


class Opener(Enum):
    """Who opens a betting round."""

    BRING_IN = "bring_in"  # R2.4: the lowest door card posts the bring-in
    HIGH_BOARD = "high_board"  # R2.6/R2.7: the highest hand showing
    DEALER_LEFT = "dealer_left"  # R3.4: first player clockwise from the dealer's left


class OddChip(Enum):
    """Who gets the odd chip of a split pot."""

    BY_CARD = "by_card"  # R2.10: highest card of the winning five, by rank then suit
    BY_POSITION = "by_position"  # R3.8: first tied winner clockwise from the dealer's left


@dataclass(frozen=True, slots=True, kw_only=True)
class Street:
    """One row of a game's street table.

    ``down``/``up`` cards are dealt to every active player (R1.10 may turn a
    round of cards into one community card); ``market`` cards go to the Wall
    Street market; ``card_round`` means each player instead takes a free card
    or buys a market slot (R3.5). Then comes one betting round whose bets and
    raises cost ``bet`` (and ``big_bet`` too where ``open_pair`` allows it).
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


class Game:
    """What every game configuration provides to the engine."""

    #: the yes/no house options every game has (checked to be real booleans)
    FLAGS: ClassVar[tuple[str, ...]] = (
        "joker", "double_ace_flush", "heads_up_uncapped", "showdown_muck",
    )

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    high_low: ClassVar[bool]
    odd_chip: ClassVar[OddChip]
    ante: int
    joker: bool
    double_ace_flush: bool
    max_raises: int
    heads_up_uncapped: bool
    showdown_muck: bool
    streets: tuple[Street, ...]

    @property
    def bring_in_amount(self) -> int:
        """The bring-in (0 in games without one)."""
        return 0

    @property
    def unit(self) -> int:
        """The Wall Street market unit (0 in games without a market)."""
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
        hand_class = _HAND_CLASS
        if not hand_class:  # studpoker.hand imports this module: import it at the first deal
            from studpoker.hand import Hand

            hand_class.append(Hand)
        return hand_class[0](game=self, stacks=stacks, dealer=dealer, seed=seed, deck=deck, rng=rng)

    def options(self) -> dict[str, object]:
        """The configuration as a JSON-ready dict (for histories and the UI)."""
        raise GameError("a Game subclass must describe its options")


_HAND_CLASS: list[type[Hand]] = []  # [studpoker.hand.Hand] once a hand was dealt


def _check_options(game: Game) -> None:
    flags = game.FLAGS + (("open_pair_big_bet",) if isinstance(game, SevenCardStud) else ())
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


@dataclass(frozen=True, kw_only=True)
class SevenCardStud(Game):
    """Seven Card Stud, fixed limit (R2), with every house option of docs/rules.md.

    Options and their defaults: ``joker`` (off, R1.2), ``double_ace_flush``
    (off, R1.2), ``max_raises`` (3, R1.5), ``heads_up_uncapped`` (on, R1.5),
    ``open_pair_big_bet`` (on, R2.6), ``showdown_muck`` (on, R1.9: a player
    may muck at showdown instead of showing).
    """

    name: ClassVar[str] = "stud"
    title: ClassVar[str] = "Seven Card Stud"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 8
    high_low: ClassVar[bool] = False
    odd_chip: ClassVar[OddChip] = OddChip.BY_CARD

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
        small, big = self.small_bet, self.big_bet
        streets = (
            Street(name="third", down=2, up=1, opener=Opener.BRING_IN, bet=small),
            Street(
                name="fourth", up=1, opener=Opener.HIGH_BOARD, bet=small,
                big_bet=big if self.open_pair_big_bet else None,
                open_pair=self.open_pair_big_bet,
            ),
            Street(name="fifth", up=1, opener=Opener.HIGH_BOARD, bet=big),
            Street(name="sixth", up=1, opener=Opener.HIGH_BOARD, bet=big),
            Street(name="seventh", down=1, opener=Opener.HIGH_BOARD, bet=big),
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
        }


@dataclass(frozen=True, kw_only=True)
class WallStreet(Game):
    """Wall Street, a stud hi-lo game with a four-card market (R3).

    ``limits`` are the bet sizes of the five betting rounds (one number means
    all five equal); ``market_unit`` prices the market (slot k costs k units;
    default: the first limit). Options: ``joker`` (off), ``double_ace_flush``
    (off), ``max_raises`` (3), ``heads_up_uncapped`` (on), ``showdown_muck``
    (off, R3.10: at showdown every player still in shows their hand).
    """

    name: ClassVar[str] = "wallstreet"
    title: ClassVar[str] = "Wall Street"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 7
    high_low: ClassVar[bool] = True
    odd_chip: ClassVar[OddChip] = OddChip.BY_POSITION

    ante: int
    limits: tuple[int, int, int, int, int] | int
    market_unit: int | None = None
    joker: bool = False
    double_ace_flush: bool = False
    max_raises: int = 3
    heads_up_uncapped: bool = True
    showdown_muck: bool = False
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
        }


# ------------------------------------------------------------------ the registry

GAMES: dict[str, type[SevenCardStud] | type[WallStreet]] = {"stud": SevenCardStud, "wallstreet": WallStreet}
"""Every game by its name (``Game.name``)."""

DEFAULT_OPTIONS: dict[str, dict[str, object]] = {
    "stud": {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10},
    "wallstreet": {"ante": 1, "limits": (2, 2, 4, 4, 4)},
}
"""The stakes :func:`from_options` uses for any stake not given (the house game)."""

_ALIASES = {"stud": "stud", "sevencardstud": "stud", "7stud": "stud", "7cs": "stud",
            "wallstreet": "wallstreet", "wall": "wallstreet"}


def canonical_name(name: str) -> str:
    """The game's name (``stud`` or ``wallstreet``) for a name as people write it
    (``Wall-Street``, ``seven card stud``...); :class:`GameError` for any other.

    >>> canonical_name("Wall Street")
    'wallstreet'
    """
    key = str(name).strip().lower().replace("_", "").replace("-", "").replace(" ", "")
    if not isinstance(name, str) or key not in _ALIASES:
        raise GameError(f"unknown game {name!r}: choose 'stud' or 'wallstreet'")
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
    """The game ``name`` ("stud" or "wallstreet") with ``options``; the inverse of :func:`to_options`.

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
    studpoker.games.GameError: unknown option 'bet' for stud; options: ante, big_bet, bring_in, ...
    """
    given = options.pop("game", None)
    if name is None:
        if given is None:
            raise GameError("no game given: choose 'stud' or 'wallstreet'")
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
    bet of each street) and ``options`` (:func:`to_options`).

    >>> info = game_info(WallStreet(ante=1, limits=(2, 2, 4, 4, 4)))
    >>> info["min_players"], info["market_prices"], info["stakes"]
    (3, [2, 4, 6, 8], 'ante 1, limits 2/2/4/4/4')
    """
    opts = to_options(game)
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
    }


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
