"""Razz: Seven Card Stud for the lowest hand (R6; PHH ``FR``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from studpoker.engine.games.base import DoorCard, OddChip, Opener, PotHalf, Ranking
from studpoker.engine.games.stud import STUD_STAKES, SevenCardStud

__all__ = ["Razz"]


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
    aliases: ClassVar[tuple[str, ...]] = ("sevencardrazz",)
    phh_code: ClassVar[str] = "FR"
    order: ClassVar[int] = 400
    default_stakes: ClassVar[Mapping[str, object]] = STUD_STAKES
    high_low: ClassVar[bool] = False
    bring_in_card: ClassVar[DoorCard] = DoorCard.HIGHEST  # R6.3
    left_out: ClassVar[Mapping[str, str]] = {"open_pair_big_bet": "R6.5", "open_pair_raise_big": "R6.5",
                                             "joker": "R6.1", "double_ace_flush": "R6.1, R6.2"}
    board_opener: ClassVar[Opener] = Opener.LOW_BOARD  # R6.4
    halves: ClassVar[tuple[PotHalf, ...]] = (  # R6.2, R6.5
        PotHalf(name="low", ranking=Ranking.RAZZ, odd_chip=OddChip.BY_LOW_CARD),
    )

    joker: bool = field(default=False, init=False, repr=False)  # R6.1
    double_ace_flush: bool = field(default=False, init=False, repr=False)
    open_pair_big_bet: bool = field(default=False, init=False, repr=False)  # R6.5
    open_pair_raise_big: bool = field(default=False, init=False, repr=False)
