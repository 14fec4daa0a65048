"""What a settled hand reports: each pot's :class:`PotResult`, the :class:`Settlement` of a
hand's pots, and the uncontested settlement (R1.8).

These values sit below the game configurations (:mod:`studpoker.engine.games`): a game's memo
(:mod:`studpoker.engine.memo`) keeps uncontested settlements, and :mod:`studpoker.engine.settlement`,
which ranks hands by the game's rules, builds the others.

>>> settle_uncontested(seat=2, amount=9).results[0].shares
((2, 9),)
"""

from __future__ import annotations

from dataclasses import dataclass

from studpoker.engine.cards import Card
from studpoker.engine.evaluation import DeuceSevenValue, HighValue, LowValue, RazzValue
from studpoker.engine.operations import PotAwarded
from studpoker.engine.wild import WildHighValue

__all__ = ["HandValue", "PotResult", "Settlement", "SpadeValue", "settle_uncontested"]


@dataclass(frozen=True, slots=True, kw_only=True)
class SpadeValue:
    """The spade share of High and Low Chicago (R8.4): a spade face down.

    ``key``: larger wins (the spade's rank in High Chicago, 12 minus it in Low
    Chicago); ``cards``: the spade; ``description``: ``"King of spades in the hole"``.
    """

    key: int
    cards: tuple[Card, ...]
    description: str


HandValue = HighValue | LowValue | RazzValue | DeuceSevenValue | WildHighValue | SpadeValue
"""A ranked hand of any share: high (R1.3, with wild cards R8.1), eight-or-better low (R1.4),
razz (R6.2), deuce-to-seven (R10.1) or a Chicago spade (R8.4)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PotResult:
    """How one pot was settled: its winners, their hands and each seat's share.

    ``high_winners``/``high_hand`` hold the high share (R1.3), ``low_winners``/
    ``low_hand`` the low share: an eight-or-better low (R3.7, R5.2) or, in
    razz, the razz hand that wins the whole pot (R6.2); ``spade_winners``/
    ``spade_hand`` the spade share of High and Low Chicago (R8.4). In a
    wild-card game (R8.1) ``high_hand`` is a :class:`~studpoker.engine.wild.WildHighValue`.
    An uncontested pot (R1.8) lists its winner as the high winner, with no hand.
    """

    index: int
    amount: int
    eligible: tuple[int, ...]
    high_winners: tuple[int, ...]
    low_winners: tuple[int, ...]
    high_hand: HighValue | WildHighValue | None
    low_hand: LowValue | RazzValue | DeuceSevenValue | None
    shares: tuple[tuple[int, int], ...]
    spade_winners: tuple[int, ...] = ()
    spade_hand: SpadeValue | None = None

    @property
    def name(self) -> str:
        """``"main pot"`` or ``"side pot N"``."""
        return "main pot" if self.index == 0 else f"side pot {self.index}"

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form (``spade_winners`` and ``spade_hand`` only in High and Low Chicago)."""
        out: dict[str, object] = {
            "pot": self.index,
            "name": self.name,
            "amount": self.amount,
            "eligible": list(self.eligible),
            "high_winners": list(self.high_winners),
            "low_winners": list(self.low_winners),
            "high_hand": None if self.high_hand is None else self.high_hand.description,
            "low_hand": None if self.low_hand is None else self.low_hand.description,
            "shares": {str(s): a for s, a in self.shares},
        }
        if self.spade_winners:
            out["spade_winners"] = list(self.spade_winners)
            out["spade_hand"] = None if self.spade_hand is None else self.spade_hand.description
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class Settlement:
    """The settled pots (in pot order) and the award records to log (in pot, then seat order)."""

    results: tuple[PotResult, ...]
    awards: tuple[PotAwarded, ...]


def settle_uncontested(*, seat: int, amount: int) -> Settlement:
    """R1.8: everyone else folded; ``seat`` takes all ``amount`` chips as one pot, unseen."""
    result = PotResult(
        index=0, amount=amount, eligible=(seat,), high_winners=(seat,), low_winners=(),
        high_hand=None, low_hand=None, shares=((seat, amount),),
    )
    return Settlement(results=(result,), awards=(PotAwarded(pot=0, seat=seat, amount=amount, half="all"),))
