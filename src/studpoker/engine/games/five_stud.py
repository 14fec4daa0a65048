"""Five Card Stud, fixed limit (R9; PHH ``F5S``, this project's code)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from studpoker.engine.games.base import Opener, Street
from studpoker.engine.games.stud import STUD_STAKES, SevenCardStud

__all__ = ["FiveCardStud"]


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
    >>> game.streets[1].open_pair, game.max_players, game.phh_code
    (True, 10, 'F5S')
    """

    name: ClassVar[str] = "five_stud"
    title: ClassVar[str] = "Five Card Stud"
    aliases: ClassVar[tuple[str, ...]] = ("fivecardstud", "fivestud", "5stud", "5cardstud", "5cs", "studfive")
    phh_code: ClassVar[str] = "F5S"
    order: ClassVar[int] = 910
    default_stakes: ClassVar[Mapping[str, object]] = STUD_STAKES
    max_players: ClassVar[int] = 10
    street_cards: ClassVar[tuple[tuple[int, int], ...]] = ((1, 1), (0, 1), (0, 1), (0, 1))  # R9.1
    left_out: ClassVar[Mapping[str, str]] = {"joker": "R9.1", "double_ace_flush": "R9.1"}

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
