"""Kings and Little Ones: Seven Card Stud with kings wild, and each player's lowest card in
the hole wild in that player's hand only (R8.1, R8.5; PHH ``FKL``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from studpoker.engine.cards import Rank
from studpoker.engine.games.base import WILD_HIGH_HALF, Opener, PotHalf
from studpoker.engine.games.stud import STUD_STAKES, SevenCardStud

__all__ = ["KingsAndLittleOnes"]

_KINGS = 1 << 11  # wild_mask("K")


@dataclass(frozen=True, kw_only=True)
class KingsAndLittleOnes(SevenCardStud):
    """Kings and Little Ones: kings wild for everyone, and each player's lowest face-down
    rank wild in that player's hand only (R8.1, R8.5).

    A player's private wild rank is the lowest rank (ace high) among their face-down
    cards, every down card of that rank; it can change as down cards arrive (seventh
    street's card is face down). It is never public: a view shows it to its holder
    only (:attr:`~studpoker.engine.hand.SeatView.private_wild_ranks`). Boards are read
    with the kings alone for the first to act, the bring-in goes by the door card's
    natural rank and suit (R8.1). No open-pair big bet (R8.5), no joker. Options:
    ``max_raises`` (3), ``heads_up_uncapped`` (on), ``showdown_muck`` (on),
    ``fold_when_check`` (off).

    >>> from studpoker.engine.cards import parse_cards
    >>> game = KingsAndLittleOnes(ante=1, bring_in=2, small_bet=5, big_bet=10)
    >>> game.streets[1].open_pair, [h.ranking.value for h in game.halves]
    (False, ['wild_high'])
    >>> game.private_wild(parse_cards("9c 5d 5h")) == 1 << 3  # the fives
    True
    """

    name: ClassVar[str] = "kings_and_little_ones"
    title: ClassVar[str] = "Kings and Little Ones"
    aliases: ClassVar[tuple[str, ...]] = ("kingsandlittles", "kingslittleones", "kingsandlows")
    phh_code: ClassVar[str] = "FKL"
    order: ClassVar[int] = 1100
    default_stakes: ClassVar[Mapping[str, object]] = STUD_STAKES
    board_opener: ClassVar[Opener] = Opener.WILD_BOARD  # R8.1: only the kings count on a board
    halves: ClassVar[tuple[PotHalf, ...]] = (WILD_HIGH_HALF,)
    wild: ClassVar[int] = _KINGS
    lowest_down_wild: ClassVar[bool] = True

    joker: bool = field(default=False, init=False, repr=False)
    double_ace_flush: bool = field(default=False, init=False, repr=False)
    open_pair_big_bet: bool = field(default=False, init=False, repr=False)  # R8.5
    open_pair_raise_big: bool = field(default=False, init=False, repr=False)

    def rules_sections(self) -> list[dict[str, str]]:
        sections = super().rules_sections()
        for section in sections:
            if section["title"] == "Wild cards":
                section["text"] = (
                    f"{Rank.KING.plural.capitalize()} are wild for everyone. Your own lowest card "
                    "face down (aces are high; every down card of that rank) is wild in your hand "
                    "only: nobody else knows it, and it can change when a lower card comes face "
                    "down on seventh street. For the bring-in a wild door card counts as its own "
                    "rank and suit; the first to act reads the boards with the kings only.")
        return sections
