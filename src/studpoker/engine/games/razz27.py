"""Deuce-to-Seven Razz (R10; PHH ``F7S/27``, this project's code)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from studpoker.engine.games.base import DoorCard, OddChip, Opener, PotHalf, Ranking
from studpoker.engine.games.razz import Razz

__all__ = ["DeuceSevenRazz"]


@dataclass(frozen=True, kw_only=True)
class DeuceSevenRazz(Razz):
    """Deuce-to-Seven Razz (R10; PHH ``F7S/27``, this project's code).

    As Razz (R6) but for the hand ranking: the best deuce-to-seven low of the
    seven cards, aces high only, straights and flushes counting against the
    hand (7-5-4-3-2 unsuited is the best, R10.1). The highest door card brings
    in, aces highest, spades first; from fourth street the best
    deuce-to-seven board acts first, pairs worse, straights and flushes not
    counting (R10.2). Odd chip: the lowest card, deuce lowest, clubs first
    (R10.3). Options as :class:`~studpoker.engine.games.razz.Razz`.

    >>> game = DeuceSevenRazz(ante=1, bring_in=2, small_bet=5, big_bet=10)
    >>> game.bring_in_card.value, game.streets[1].opener.value, [h.ranking.value for h in game.halves]
    ('highest_ace_high', 'deuce_seven_board', ['deuce_seven'])
    """

    name: ClassVar[str] = "razz27"
    title: ClassVar[str] = "Deuce-to-Seven Razz"
    aliases: ClassVar[tuple[str, ...]] = ("27razz", "2to7razz", "deucetosevenrazz", "deuce7razz",
                                          "razzdeucetoseven", "razz2to7")
    phh_code: ClassVar[str] = "F7S/27"
    order: ClassVar[int] = 920
    left_out: ClassVar[Mapping[str, str]] = {"open_pair_big_bet": "R10.3", "open_pair_raise_big": "R10.3",
                                             "joker": "R10.1", "double_ace_flush": "R10.1"}
    bring_in_card: ClassVar[DoorCard] = DoorCard.HIGHEST_ACE_HIGH  # R10.2
    board_opener: ClassVar[Opener] = Opener.DEUCE_SEVEN_BOARD  # R10.2
    halves: ClassVar[tuple[PotHalf, ...]] = (  # R10.1, R10.3
        PotHalf(name="low", ranking=Ranking.DEUCE_SEVEN, odd_chip=OddChip.BY_LOW_CARD_ACE_HIGH),
    )
