"""Seven Card Stud Hi-Lo, eight or better (R5; PHH ``F7S/8``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from studpoker.engine.games.base import HIGH_HALF, OddChip, PotHalf, Ranking
from studpoker.engine.games.stud import STUD_STAKES, SevenCardStud

__all__ = ["SevenCardStudHiLo", "StudHiLo"]


@dataclass(frozen=True, kw_only=True)
class StudHiLo(SevenCardStud):
    """Seven Card Stud Hi-Lo, eight or better (R5; PHH ``F7S/8``).

    Seven Card Stud in every respect (R5.1) but the showdown: each pot splits
    between the best high and the best eight-or-better low (R5.2; no low: the
    high takes it), and there is no open-pair big bet (R5.3). The bring-in and
    first to act are as in stud (R5.4). Options as :class:`SevenCardStud`
    except ``open_pair_big_bet``: ``joker`` (off, R1.2), ``double_ace_flush``
    (off), ``max_raises`` (3), ``heads_up_uncapped`` (on), ``showdown_muck`` (on).

    >>> game = StudHiLo(ante=1, bring_in=2, small_bet=5, big_bet=10)
    >>> game.high_low, [h.name for h in game.halves], game.streets[1].open_pair
    (True, ['high', 'low'], False)
    """

    name: ClassVar[str] = "stud8"
    title: ClassVar[str] = "Seven Card Stud Hi-Lo"
    aliases: ClassVar[tuple[str, ...]] = (
        "studhilo", "sevencardstudhilo", "stud8orbetter", "studhilo8", "studhighlow", "7stud8", "7cs8",
        "sevencardstudhighlow", "sevencardstudhilo8orbetter", "studhilo8orbetter", "studeight", "studhl",
    )
    phh_code: ClassVar[str] = "F7S/8"
    order: ClassVar[int] = 300
    default_stakes: ClassVar[Mapping[str, object]] = STUD_STAKES
    high_low: ClassVar[bool] = True
    left_out: ClassVar[Mapping[str, str]] = {"open_pair_big_bet": "R5.3", "open_pair_raise_big": "R5.3"}
    halves: ClassVar[tuple[PotHalf, ...]] = (  # R5.2: R3.8's high half first, inside a half R2.10
        HIGH_HALF,
        PotHalf(name="low", ranking=Ranking.EIGHT_OR_BETTER, odd_chip=OddChip.BY_CARD),
    )

    open_pair_big_bet: bool = field(default=False, init=False, repr=False)  # R5.3
    open_pair_raise_big: bool = field(default=False, init=False, repr=False)


SevenCardStudHiLo = StudHiLo
"""Another name of :class:`StudHiLo`."""
