"""The games as data: the base of every game, its tables and the registry of games.

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

Each game is one module of this package (:mod:`~studpoker.engine.games.stud`,
:mod:`~studpoker.engine.games.razz`, ...) holding one :class:`Game` subclass;
the class says everything the rest of the system knows of the game: its
``name`` and ``aliases``, its PHH variant code ``phh_code``, its ``title``,
its seat limits, its house stakes (``default_stakes``) and its place in the
list of games (``order``). Defining the class registers it (:data:`GAMES`,
:data:`DEFAULT_OPTIONS`, :func:`canonical_name`), and the package imports
every module it holds, so a new game is one new module file.

The hand engine (:mod:`studpoker.engine.hand`) and the settlement
(:mod:`studpoker.engine.settlement`) read only these, so a new stud variant is
mostly new data: a class with its streets and halves (a new ranking or board
order is one more enum member and its key function).

>>> from studpoker.engine.games import SevenCardStud, WallStreet, Razz
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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from enum import Enum
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

from studpoker.engine.cards import RANK_CHARS, CardsLike
from studpoker.engine.memo import GameMemo

if TYPE_CHECKING:  # annotations only: the hand engine is the layer above this one
    from studpoker.engine.hand import Hand

__all__ = [
    "COUNT_WORDS",
    "DEFAULT_OPTIONS",
    "GAMES",
    "HIGH_HALF",
    "WILD_HIGH_HALF",
    "DoorCard",
    "Game",
    "GameError",
    "OddChip",
    "Opener",
    "PotHalf",
    "Ranking",
    "Street",
    "bets_text",
    "canonical_name",
    "check_options",
    "check_positive",
    "deal_text",
    "fold_text",
    "from_options",
    "game_for_phh_code",
    "game_info",
    "hand_size",
    "option_names",
    "phh_order",
    "rules_sections",
    "scale_stakes",
    "showdown_section",
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


HIGH_HALF = PotHalf(name="high", ranking=Ranking.HIGH, odd_chip=OddChip.BY_CARD)
"""The high hand's share, odd chips by card (R2.8, R2.10): the share of most games."""
WILD_HIGH_HALF = PotHalf(name="high", ranking=Ranking.WILD_HIGH, odd_chip=OddChip.BY_CARD)
"""The high hand's share read with the wild cards (R8.1)."""


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
    """What every game configuration provides to the engine, and what the rest of the system
    knows of a game.

    A subclass that sets ``name`` is a game: defining it registers it in :data:`GAMES`
    (``class Toy(SevenCardStud, register=False)`` does not). It sets, besides its rules:
    ``name`` (the key of :data:`GAMES`, in options, histories and URLs), ``title`` (the
    display name), ``aliases`` (other names people write, read by :func:`canonical_name`),
    ``phh_code`` (its PHH variant), ``order`` (its place in :data:`GAMES`, lowest first),
    ``min_players``/``max_players`` and ``default_stakes`` (the house stakes,
    :data:`DEFAULT_OPTIONS`). The subclass is a keyword-only frozen dataclass (never with
    ``slots``: the class registered is the class defined).
    """

    #: the yes/no house options of the game (checked to be real booleans)
    FLAGS: ClassVar[tuple[str, ...]] = (
        "joker", "double_ace_flush", "heads_up_uncapped", "showdown_muck", "fold_when_check",
    )

    #: the game's name: its key in :data:`GAMES`, options, histories and URLs
    name: ClassVar[str]
    #: the display name
    title: ClassVar[str]
    #: other names people write for the game (compared ignoring case, spaces, ``_``, ``-`` and ``/``)
    aliases: ClassVar[tuple[str, ...]] = ()
    #: the game's PHH variant code (``F7S``; docs/phh-*.md)
    phh_code: ClassVar[str]
    #: the game's place in :data:`GAMES` (menus and lists show the games in this order)
    order: ClassVar[int]
    #: the house stakes: what :func:`from_options` uses for a stake not given
    default_stakes: ClassVar[Mapping[str, object]]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: a short label for tables of figures ("": the name; Wall Street's "WS")
    short_name: ClassVar[str] = ""
    #: the stakes the game is played at, as a family of games shares them: ``"stud"`` (ante,
    #: bring-in, small and big bet) or ``"wallstreet"`` (ante, five limits, market unit); a
    #: tournament level (:mod:`studpoker.tournament`) serves the games of one family
    stakes_kind: ClassVar[str]
    #: the option names of the stakes (what :meth:`with_stakes` and :func:`scale_stakes` change)
    stake_names: ClassVar[tuple[str, ...]]
    #: the cards each player is dealt on each street, as ``(down, up)`` (a card taken in a card
    #: round counts as up; R8.2's extra cards aside): the number of streets is its length
    street_cards: ClassVar[tuple[tuple[int, int], ...]] = ((2, 1), (0, 1), (0, 1), (0, 1), (1, 0))
    #: whether four cards are dealt face up to a market players may buy (R3.3, R3.5)
    has_market: ClassVar[bool] = False
    #: the house options of the other games this one does without, each with the rule that
    #: leaves it out (PHH names the rule when a history sets one: ``{"joker": "R6.1"}``)
    left_out: ClassVar[Mapping[str, str]] = {}
    #: the options only this game has, each with its rule (``{"three_price": "R8.2"}``)
    own_options: ClassVar[Mapping[str, str]] = {}
    high_low: ClassVar[bool]  # the pot splits between a high and an eight-or-better low (R3.7, R5.2)
    #: which door card brings in (R2.4, R6.3)
    bring_in_card: ClassVar[DoorCard] = DoorCard.LOWEST
    #: who acts first after the bring-in street and shows first without a bettor (R2.6, R6.4)
    board_opener: ClassVar[Opener] = Opener.HIGH_BOARD
    #: the shares of every pot at showdown, the odd chips' share first (R2.8, R3.7, R5.2, R6.2)
    halves: ClassVar[tuple[PotHalf, ...]] = (HIGH_HALF,)
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

    def stakes_text(self) -> str:
        """The stakes in words (:func:`stakes_text`)."""
        return f"ante {self.ante}"

    def with_stakes(self, **stakes: object) -> Game:
        """This game (its house options) at other ``stakes`` (options of :attr:`stake_names`).

        >>> from_options("stud8", joker=True).with_stakes(ante=2, bring_in=3, small_bet=10, big_bet=20)
        ... # doctest: +ELLIPSIS
        StudHiLo(ante=2, bring_in=3, small_bet=10, big_bet=20, joker=True, ...)
        """
        unknown = sorted(set(stakes) - set(self.stake_names))
        if unknown:
            raise GameError(f"{unknown[0]} is not a stake of {self.title} (its stakes: "
                            f"{', '.join(self.stake_names)})")
        return from_options(**(self.options() | stakes))

    def rules_sections(self) -> list[dict[str, str]]:
        """The rules in words for players (:func:`rules_sections`)."""
        raise GameError("a Game subclass must describe its rules")

    def __init_subclass__(cls, register: bool = True, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if register and "name" in cls.__dict__:
            _register(cls)


def check_options(game: Game) -> None:
    """Check the game's yes/no options (its ``FLAGS``) are real booleans."""
    for name in game.FLAGS:
        value = getattr(game, name)
        if not isinstance(value, bool):
            raise GameError(f"{name} must be true or false, got {value!r}")


def check_positive(name: str, value: object, *, zero_ok: bool = False) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise GameError(f"{name} must be an integer, got {value!r}")
    if value < 0 or (value == 0 and not zero_ok):
        raise GameError(f"{name} must be {'>= 0' if zero_ok else '> 0'}, got {value}")
    return value




# ------------------------------------------------------------------ the registry

GAMES: dict[str, type[Game]] = {}
"""Every game by its name (``Game.name``), in the games' ``order``: filled as each game's class
is defined (the package imports every game module)."""

DEFAULT_OPTIONS: dict[str, dict[str, object]] = {}
"""The stakes :func:`from_options` uses for any stake not given (the house game), by game name:
each game's ``default_stakes``."""

_ALIASES: dict[str, str] = {}
"""Every name of a game as :func:`_key` writes it -> the game's name."""

_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")


def _key(name: str) -> str:
    """A name as people write it, lowercase without spaces, ``_``, ``-`` and ``/``."""
    key = name.strip().lower()
    for ch in "_- /":
        key = key.replace(ch, "")
    return key


def _register(cls: type[Game]) -> None:
    """Add a game class to :data:`GAMES`, :data:`DEFAULT_OPTIONS` and the aliases (at its definition)."""
    name = cls.__dict__["name"]
    where = f"game class {cls.__qualname__}"
    if not isinstance(name, str) or not name or not set(name) <= _NAME_CHARS:
        raise GameError(f"{where}: name must be lowercase letters, digits and '_', got {name!r}")
    for attr in ("title", "phh_code", "order", "default_stakes", "min_players", "max_players",
                 "stakes_kind", "stake_names"):
        if not hasattr(cls, attr):
            raise GameError(f"{where} ({name}) does not say its {attr}")
    if name in GAMES and GAMES[name] is not cls:
        raise GameError(f"{where}: the game {name!r} is already {GAMES[name].__qualname__}")
    for other in GAMES.values():
        if other is not cls and other.phh_code == cls.phh_code:
            raise GameError(f"{where}: the PHH code {cls.phh_code!r} is already {other.name}'s")
    keys = {_key(name), *(_key(alias) for alias in cls.aliases)}
    for key in keys:
        if _ALIASES.get(key, name) != name:
            raise GameError(f"{where}: the name {key!r} is already {_ALIASES[key]!r}")
    ranked = sorted([*(g for g in GAMES.values() if g is not cls), cls], key=lambda g: (g.order, g.name))
    GAMES.clear()
    GAMES.update((g.name, g) for g in ranked)
    DEFAULT_OPTIONS.clear()
    DEFAULT_OPTIONS.update((g.name, dict(g.default_stakes)) for g in ranked)
    _ALIASES.update(dict.fromkeys(keys, name))


def scale_stakes(stakes: Mapping[str, object], factor: int) -> dict[str, object]:
    """``stakes`` with every amount times ``factor`` (an integer or each integer of a list);
    anything else (None: a default) as it is. The one rule for stakes derived from a table
    unit (:func:`studpoker.engine.table.unit_game`) or a tournament level's growth.

    >>> scale_stakes({"ante": 1, "limits": (2, 2, 4, 4, 4), "market_unit": None}, 3)
    {'ante': 3, 'limits': [6, 6, 12, 12, 12], 'market_unit': None}
    """
    def times(value: object) -> object:
        return value * factor if isinstance(value, int) and not isinstance(value, bool) else value

    return {key: [times(v) for v in value] if isinstance(value, (tuple, list)) else times(value)
            for key, value in stakes.items()}


def game_for_phh_code(code: str) -> type[Game]:
    """The game whose PHH variant code is ``code``; :class:`GameError` for any other.

    >>> game_for_phh_code("FR").name
    'razz'
    """
    for cls in GAMES.values():
        if cls.phh_code == code:
            return cls
    raise GameError(f"unknown PHH variant {code!r}: choose "
                    + ", ".join(f"{g.phh_code!r} ({g.title})" for g in GAMES.values()))


def _choices() -> str:
    return ", ".join(f"'{name}'" for name in GAMES)


def canonical_name(name: str) -> str:
    """The game's name (a key of :data:`GAMES`) for a name as people write it
    (``Wall-Street``, ``seven card stud hi-lo``, ``Follow the Queen``...); :class:`GameError`
    for any other.

    >>> canonical_name("Wall Street"), canonical_name("Stud Hi-Lo"), canonical_name("RAZZ")
    ('wallstreet', 'stud8', 'razz')
    """
    key = _key(str(name))
    if not isinstance(name, str) or key not in _ALIASES:
        raise GameError(f"unknown game {name!r}: choose {_choices()}")
    return _ALIASES[key]


def _game_class(name: object) -> type[Game]:
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
    >>> g = from_options("stud", ante=1, bring_in=2, small_bet=5, big_bet=10, joker=True)
    >>> from_options(**to_options(g)) == g
    True
    >>> from_options("stud", bet=3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    studpoker.engine.games.base.GameError: unknown option 'bet' for stud; options: ante, big_bet, ...
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

    >>> to_options(from_options("wallstreet", ante=1, limits=2))["market_unit"]
    2
    """
    if not isinstance(game, Game) or GAMES.get(type(game).name) is not type(game):
        raise GameError(f"not a known game: {game!r}")
    return game.options()


def stakes_text(game: Game) -> str:
    """The stakes in words: ``"ante 1, bring-in 2, 5/10"``, ``"ante 1, limits 2/2/4/4/4"``.

    >>> stakes_text(from_options("wallstreet", ante=1, limits=(2, 2, 4, 4, 4), market_unit=3))
    'ante 1, limits 2/2/4/4/4, market unit 3'
    """
    return game.stakes_text()


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

    >>> info = game_info(from_options("wallstreet", ante=1, limits=(2, 2, 4, 4, 4)))
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
    return game.rules_sections()


def fold_text(game: Game) -> str:
    """The sentence of the R1.5 option ``fold_when_check`` for the rules panel ("" without it)."""
    return " You may fold even where you could check." if game.fold_when_check else ""


def showdown_section(game: Game) -> tuple[str, str]:
    """The rules panel's showdown section of ``game``, made from its pot halves: (title, text)."""
    muck = (" Players may muck a losing hand." if game.showdown_muck else " Everyone still in shows.")
    joker = (" The joker (bug) is an ace, or completes a straight or a flush, and in a low is the lowest "
             "rank you lack." if game.joker else "")
    rankings = [h.ranking for h in game.halves]
    cards = COUNT_WORDS[hand_size(game)]
    if Ranking.DEUCE_SEVEN in rankings:
        return ("Showdown: the lowest hand, deuce to seven", "The lowest hand wins the whole pot: "
                f"the best five of {cards} cards counted deuce to seven (aces are high only, "
                "straights and flushes count against you, pairs too). The best hand is 7-5-4-3-2 "
                "of mixed suits; A-5-4-3-2 is only ace high and 6-5-4-3-2 a straight. Between hands "
                "compare the highest card first, then the next." + muck)
    if Ranking.RAZZ in rankings:
        return ("Showdown: the lowest hand", "The lowest hand wins the whole pot: the best five of "
                f"{cards} cards counted ace to five (aces are low, straights and flushes do not count "
                "against you, pairs do: any five different ranks beat a pair). The best hand is "
                "5-4-3-2-A; between hands compare the highest card first, then the next."
                + muck)
    if Ranking.EIGHT_OR_BETTER in rankings:
        return ("Showdown: high and low", "Each pot is split: half to the best high hand, half to "
                "the best low. A low needs five different ranks of eight or lower (ace is low; "
                "straights and flushes do not count against it): 8-or-better. With no qualifying "
                "low the high hand takes the whole pot. The same player may win both halves; an "
                "odd chip goes to the high half." + muck + joker)
    if Ranking.HIGH_SPADE in rankings or Ranking.LOW_SPADE in rankings:
        which = "highest" if Ranking.HIGH_SPADE in rankings else "lowest"
        return ("Showdown: high and the spade", "Each pot is split: half to the best high hand, "
                f"half to the player holding the {which} spade face down (ranks as usual: the 2 "
                "is the lowest spade, the ace the highest). With no spade in the hole the high "
                "hand takes the whole pot; an odd chip goes to the high half." + muck + joker)
    if Ranking.WILD_HIGH in rankings:
        return ("Showdown", "High hand only: the best five cards win, each wild card counting as "
                "any card you want (even one you already hold); five of a kind beats a straight "
                "flush, and a natural hand ties the same hand made with wild cards." + muck)
    best = "the best five cards win" if cards == "five" else f"the best five of {cards} cards wins"
    return ("Showdown", f"High hand only: {best}." + muck + joker)


COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")
"""Numbers of cards in words, for the rules panel."""


def hand_size(game: Game) -> int:
    """The cards a player holds at the showdown, from the street table: each street's cards down
    and up, and one card per Wall Street card round (R3.5); R8.2's extra cards aside."""
    return sum(st.down + st.up + st.card_round for st in game.streets)


def deal_text(game: Game) -> str:
    """How a stud game's cards fall, from its street table: the first street's cards down and
    up (its last card up is the door card), then each later street's card up or down."""
    streets = game.streets
    first, rest = streets[0], streets[1:]
    text = (f"You get {COUNT_WORDS[first.down]} card{'s' * (first.down != 1)} face down and "
            f"{COUNT_WORDS[first.up]} face up (the door card).")
    ups = [st.name for st in rest if st.up and not st.down]
    if ups:
        names = ", ".join(ups[:-1]) + (" and " if len(ups) > 1 else "") + ups[-1]
        text += f" Then one more card face up on {names} street"
    downs = [st.name for st in rest if st.down]
    if downs:
        text += f", and a last card face down on {downs[-1]}"
    total = hand_size(game)
    played = "your best five play" if total > 5 else "all five play"
    return f"{text}: {COUNT_WORDS[total]} cards, {played}."


def bets_text(game: Game) -> str:
    """The bet of each run of streets: ``"5 on third and fourth street, 10 from fifth street on"``."""
    runs: list[tuple[int, list[str]]] = []
    for st in game.streets:
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
