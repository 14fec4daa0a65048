"""Low Chicago: Seven Card Stud, half of each pot to the lowest spade in the hole (R8.4; PHH ``FLC``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from studpoker.engine.games.base import HIGH_HALF, OddChip, PotHalf, Ranking
from studpoker.engine.games.stud import STUD_STAKES, SevenCardStud

__all__ = ["LowChicago"]


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
    aliases: ClassVar[tuple[str, ...]] = ("chicagolow",)
    phh_code: ClassVar[str] = "FLC"
    order: ClassVar[int] = 800
    default_stakes: ClassVar[Mapping[str, object]] = STUD_STAKES
    halves: ClassVar[tuple[PotHalf, ...]] = (
        HIGH_HALF, PotHalf(name="spade", ranking=Ranking.LOW_SPADE, odd_chip=OddChip.BY_CARD),
    )
