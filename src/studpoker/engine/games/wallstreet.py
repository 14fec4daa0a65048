"""Wall Street, a stud hi-lo game with a four-card market (R3; PHH ``FWS``, docs/phh-wall-street.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import ClassVar

from studpoker.engine.games.base import (
    Game,
    GameError,
    OddChip,
    Opener,
    PotHalf,
    Ranking,
    Street,
    check_options,
    check_positive,
    fold_text,
    showdown_section,
)

__all__ = ["WallStreet"]


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
    aliases: ClassVar[tuple[str, ...]] = ("wall",)
    phh_code: ClassVar[str] = "FWS"
    order: ClassVar[int] = 200
    default_stakes: ClassVar[Mapping[str, object]] = MappingProxyType({"ante": 1, "limits": (2, 2, 4, 4, 4)})
    short_name: ClassVar[str] = "WS"
    stakes_kind: ClassVar[str] = "wallstreet"
    stake_names: ClassVar[tuple[str, ...]] = ("ante", "limits", "market_unit")
    has_market: ClassVar[bool] = True
    left_out: ClassVar[Mapping[str, str]] = {"open_pair_big_bet": "R3.9", "open_pair_raise_big": "R3.9"}
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
        check_options(self)
        check_positive("ante", self.ante, zero_ok=True)
        check_positive("max_raises", self.max_raises, zero_ok=True)
        limits = self.limits
        if isinstance(limits, int) and not isinstance(limits, bool):
            limits = (limits,) * 5
        if not isinstance(limits, (tuple, list)) or len(limits) != 5:
            raise GameError(f"limits must be five numbers (one per betting round), got {limits!r}")
        for i, v in enumerate(limits):
            check_positive(f"limits[{i}]", v)
        object.__setattr__(self, "limits", tuple(limits))
        if self.market_unit is None:  # default: the first limit, stored so that equal games compare equal
            object.__setattr__(self, "market_unit", limits[0])
        check_positive("market_unit", self.market_unit)
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

    def stakes_text(self) -> str:
        text = f"ante {self.ante}, limits {'/'.join(map(str, self.limit_tuple))}"
        return text if self.unit == self.limit_tuple[0] else f"{text}, market unit {self.unit}"

    def rules_sections(self) -> list[dict[str, str]]:
        unit = self.unit
        prices = ", ".join(f"slot {k} costs {self.market_price(k)}" for k in range(1, 5))
        return [{"title": t, "text": x} for t, x in (
            ("The deal", f"{self.min_players} to {self.max_players} players. Everyone antes {self.ante} "
             "and gets two cards face down and one face up. Four cards are dealt face up in the "
             "middle: the Market, slots 1 to 4."),
            ("Betting", f"Five betting rounds with fixed limits {', '.join(map(str, self.limit_tuple))}: "
             "each bet or raise is that round's limit. There is no bring-in: the first player left "
             "of the dealer checks or bets." + fold_text(self)),
            ("Card rounds: free card or the Market", "After rounds 1, 2 and 3 each player takes "
             "exactly one card, face up: either the top card of the deck for free (\"take the free "
             f"card\"), or a card of the Market. Slot k costs k × {unit}: {prices}. The price goes "
             "into the pot as dead money (it never counts as a call and is never returned). The slot "
             "is refilled at once from the deck."),
            ("Seventh card", "After the three card rounds each player gets a seventh card face down, "
             "then the last betting round."),
            showdown_section(self),
        )]
