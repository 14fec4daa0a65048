"""High Chicago: Seven Card Stud, half of each pot to the highest spade in the hole (R8.4; PHH ``FHC``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from studpoker.engine.games.base import HIGH_HALF, OddChip, PotHalf, Ranking
from studpoker.engine.games.stud import STUD_STAKES, SevenCardStud

__all__ = ["HighChicago"]


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
    aliases: ClassVar[tuple[str, ...]] = ("chicago", "chicagohigh")
    phh_code: ClassVar[str] = "FHC"
    order: ClassVar[int] = 700
    default_stakes: ClassVar[Mapping[str, object]] = STUD_STAKES
    halves: ClassVar[tuple[PotHalf, ...]] = (
        HIGH_HALF, PotHalf(name="spade", ranking=Ranking.HIGH_SPADE, odd_chip=OddChip.BY_CARD),
    )
