"""Baseball: Seven Card Stud with the 9s and 3s wild (R8.1, R8.2; PHH ``FBB``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from studpoker.engine.games.base import WILD_HIGH_HALF, Game, Opener, PotHalf, check_positive, from_options
from studpoker.engine.games.stud import STUD_STAKES, SevenCardStud

__all__ = ["Baseball"]

_NINES_AND_THREES = (1 << 7) | (1 << 1)  # wild_mask("93"): Rank.NINE, Rank.THREE


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
    aliases: ClassVar[tuple[str, ...]] = ("sevencardbaseball",)
    phh_code: ClassVar[str] = "FBB"
    order: ClassVar[int] = 500
    default_stakes: ClassVar[Mapping[str, object]] = STUD_STAKES
    board_opener: ClassVar[Opener] = Opener.WILD_BOARD  # R8.1
    halves: ClassVar[tuple[PotHalf, ...]] = (WILD_HIGH_HALF,)
    wild: ClassVar[int] = _NINES_AND_THREES
    extra_card_rank: ClassVar[int | None] = 2  # Rank.FOUR
    price_rank: ClassVar[int | None] = 1  # Rank.THREE
    deal_hooks: ClassVar[bool] = True
    left_out: ClassVar[Mapping[str, str]] = {"open_pair_big_bet": "R8.2", "open_pair_raise_big": "R8.2",
                                             "joker": "R8.1", "double_ace_flush": "R8.1"}
    own_options: ClassVar[Mapping[str, str]] = {"three_price": "R8.2"}

    three_price: int | None = None
    joker: bool = field(default=False, init=False, repr=False)
    double_ace_flush: bool = field(default=False, init=False, repr=False)
    open_pair_big_bet: bool = field(default=False, init=False, repr=False)  # R8.2
    open_pair_raise_big: bool = field(default=False, init=False, repr=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.three_price is None:  # default: the big bet, stored so that equal games compare equal
            object.__setattr__(self, "three_price", self.big_bet)
        check_positive("three_price", self.three_price, zero_ok=True)

    def with_stakes(self, **stakes: object) -> Game:
        """As :meth:`Game.with_stakes`; the price of a 3 grows with the big bet (R8.2)."""
        game = super().with_stakes(**stakes)
        big = stakes.get("big_bet")
        if not isinstance(big, int) or self.three_price is None:
            return game
        return from_options(**(game.options() | {"three_price": self.three_price * big // self.big_bet}))

    @property
    def up_card_price(self) -> int:
        return self.three_price if self.three_price is not None else self.big_bet
