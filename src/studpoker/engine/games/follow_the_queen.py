"""Follow the Queen: Seven Card Stud with queens wild, and the follower (R8.1, R8.3; PHH ``FFQ``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from studpoker.engine.games.base import WILD_HIGH_HALF, Opener, PotHalf
from studpoker.engine.games.stud import STUD_STAKES, SevenCardStud

__all__ = ["FollowTheQueen"]

_QUEENS = 1 << 10  # wild_mask("Q")


@dataclass(frozen=True, kw_only=True)
class FollowTheQueen(SevenCardStud):
    """Follow the Queen: Seven Card Stud with queens wild, and the follower (R8.1, R8.3).

    Whenever a queen is dealt face up, the rank of the next face-up card
    dealt, to anyone, becomes wild too, replacing any earlier follower rank; a
    queen as the last face-up card leaves only queens wild. Down cards never
    change the wild ranks; the hand logs every change (public at every
    moment). Options as :class:`SevenCardStud` but the joker: ``max_raises``
    (3), ``heads_up_uncapped`` (on), ``open_pair_big_bet`` (on; a pair showing
    is read with the wild cards), ``showdown_muck`` (on).

    >>> game = FollowTheQueen(ante=1, bring_in=2, small_bet=5, big_bet=10)
    >>> game.follow_the_queen, game.streets[2].opener.value
    (True, 'wild_board')
    """

    name: ClassVar[str] = "follow_the_queen"
    title: ClassVar[str] = "Follow the Queen"
    aliases: ClassVar[tuple[str, ...]] = ("ftq",)
    phh_code: ClassVar[str] = "FFQ"
    order: ClassVar[int] = 600
    default_stakes: ClassVar[Mapping[str, object]] = STUD_STAKES
    board_opener: ClassVar[Opener] = Opener.WILD_BOARD  # R8.1
    halves: ClassVar[tuple[PotHalf, ...]] = (WILD_HIGH_HALF,)
    wild: ClassVar[int] = _QUEENS
    follow_the_queen: ClassVar[bool] = True
    deal_hooks: ClassVar[bool] = True
    left_out: ClassVar[Mapping[str, str]] = {"joker": "R8.1", "double_ace_flush": "R8.1"}

    joker: bool = field(default=False, init=False, repr=False)
    double_ace_flush: bool = field(default=False, init=False, repr=False)
