"""Helpers every bot shares: reading a :class:`~studpoker.engine.hand.SeatView` and
turning an intention ("bet", "call", "give up") into one of its legal actions.

Everything here reads the view only: the cards it lists are the ones the seat
may see.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass

from studpoker.engine.actions import Action, ActionKind
from studpoker.engine.games import Game, Ranking
from studpoker.engine.games.base import hand_size
from studpoker.engine.hand import Phase, SeatView
from studpoker.engine.wild import wild_mask

__all__ = [
    "Table",
    "aggressive",
    "column_of",
    "derive_seed",
    "expected_final_pot",
    "give_up",
    "is_deuce_seven",
    "is_razz",
    "passive",
    "read_table",
    "spade_half",
    "street_column",
]

_AGGRESSIVE = (ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE)
_PASSIVE = (ActionKind.SHOW, ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN,
            ActionKind.TAKE_CARD)


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from any parts, the same in every process (no ``hash()``)."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def is_razz(game: Game) -> bool:
    """Whether the best hand of ``game`` is a low that takes the whole pot (the razz low R6.2,
    the deuce-to-seven low R10.1), not the high."""
    ranking = game.halves[0].ranking
    return ranking is Ranking.RAZZ or ranking is Ranking.DEUCE_SEVEN


def is_deuce_seven(game: Game) -> bool:
    """Whether that low is deuce-to-seven (R10.1: aces high, straights and flushes count)."""
    return game.halves[0].ranking is Ranking.DEUCE_SEVEN


def street_column(game: Game, street: int, columns: int) -> int:
    """The column of a per-street table (``columns`` of them, first street to last: the five
    of Seven Card Stud) for ``street`` of ``game``: the first street reads the first column,
    the last street the last, the others in proportion (Five Card Stud's four streets read
    columns 0, 1, 3, 4).

    >>> from studpoker.engine.games import from_options
    >>> [street_column(from_options("five_stud"), s, 5) for s in range(4)]
    [0, 1, 3, 4]
    """
    return column_of(street, len(game.streets), columns)


def column_of(street: int, streets: int, columns: int) -> int:
    """:func:`street_column` for a game of ``streets`` streets."""
    last = streets - 1
    if last <= 0:
        return 0
    return min(columns - 1, int(max(0, min(street, last)) * (columns - 1) / last + 0.5))


def make_rng(seed: int | None) -> random.Random:
    """A private random generator; ``None`` seeds it from the OS."""
    return random.Random(seed) if seed is not None else random.Random()


def _first(legal: Sequence[Action], kinds: Sequence[ActionKind]) -> Action | None:
    for kind in kinds:
        for a in legal:
            if a.kind is kind:
                return a
    return None


def passive(view: SeatView) -> Action:
    """Show, check, call, post the bring-in or take the free card, whichever is legal."""
    legal = view.legal_actions
    return _first(legal, _PASSIVE) or legal[0]


def give_up(view: SeatView) -> Action:
    """Fold if something is owed, else the cheapest passive action (a free check is never
    folded, even where the ``fold_when_check`` option offers the fold, R1.5)."""
    legal = view.legal_actions
    return _first(legal, (ActionKind.CHECK, ActionKind.FOLD)) or passive(view)


def aggressive(view: SeatView, *, big: bool = False) -> Action:
    """Complete, bet or raise (``big``: the open-pair big bet where offered), else passive."""
    legal = view.legal_actions
    options = [a for a in legal if a.kind in _AGGRESSIVE]
    if not options:
        return passive(view)
    return max(options, key=lambda a: a.amount) if big else min(options, key=lambda a: a.amount)


@dataclass(frozen=True, slots=True, kw_only=True)
class Table:
    """The cards and chips of a decision, as card codes, from the seat's view.

    ``mine``: the seat's own cards plus any community cards (R1.10);
    ``opponents``: for every other player still in the hand, the cards of
    theirs the seat can see, plus the community cards; ``opp_counts``: how
    many cards each such opponent holds (seen or not); ``pool``: every card
    the seat has not seen (the deck minus all visible cards, folded players'
    up cards included, which are dead); ``market``: the Wall Street market
    (None for an empty slot); ``wild``: the mask of the ranks wild now in the seat's own hand (R8,
    its private rank too, R8.5; :func:`studpoker.engine.wild.wild_mask`; 0 without wild
    cards); ``razz``: the pot goes to the best low (R6.2) instead of the best high, with
    ``deuce_seven`` the deuce-to-seven low (R10.1); ``cards``: the cards a hand ends with (the
    game's street table: 7, or 5 in Five Card Stud); ``down``: the seat's own face-down
    cards; ``spade``: ``"high"`` or ``"low"`` when half of each pot goes to the highest or
    lowest spade face down (R8.4, the game's ``high_spade``/``low_spade`` half), else ``""``;
    ``hole_cards``: the face-down cards a hand ends with (the street table's down column).
    """

    seat: int
    mine: tuple[int, ...]
    community: tuple[int, ...]
    opponents: tuple[tuple[int, ...], ...]
    opp_counts: tuple[int, ...]
    opp_seats: tuple[int, ...]
    pool: tuple[int, ...]
    market: tuple[int | None, ...]
    high_low: bool
    double_ace_flush: bool
    to_call: int
    pot: int
    wild: int = 0
    razz: bool = False
    deuce_seven: bool = False
    cards: int = 7
    down: tuple[int, ...] = ()
    spade: str = ""
    hole_cards: int = 3

    @property
    def my_need(self) -> int:
        """Cards the seat will still receive (``cards`` in all, community cards included)."""
        return max(0, self.cards - len(self.mine))

    def opp_need(self, i: int) -> int:
        """Cards opponent ``i`` will still receive, the unseen ones they hold included."""
        return max(0, self.cards - len(self.opponents[i]))


def read_table(view: SeatView) -> Table:
    """The :class:`Table` of ``view`` (whose ``seat`` must be set)."""
    seat = view.seat
    if seat is None:
        raise ValueError("a bot needs a seat's view, not the public one")
    seen: set[int] = set()
    community = tuple(c.code for c in view.community)
    seen.update(community)
    mine: tuple[int, ...] = ()
    down: tuple[int, ...] = ()
    opponents: list[tuple[int, ...]] = []
    opp_counts: list[int] = []
    opp_seats: list[int] = []
    for p in view.players:
        visible = tuple(c.code for c in p.down if c is not None) + tuple(c.code for c in p.up)
        seen.update(visible)
        if p.seat == seat:
            mine = visible + community
            down = tuple(c.code for c in p.down if c is not None)
        elif not p.folded:
            opponents.append(visible + community)
            opp_counts.append(len(p.down) + len(p.up))
            opp_seats.append(p.seat)
    market = tuple(None if c is None else c.code for c in view.market)
    seen.update(c for c in market if c is not None)
    deck_size = 53 if view.game.joker else 52
    pool = tuple(c for c in range(deck_size) if c not in seen)
    to_call = 0
    for a in view.legal_actions:
        if a.kind is ActionKind.CALL:
            to_call = a.amount
    return Table(
        seat=seat, mine=mine, community=community, opponents=tuple(opponents),
        opp_counts=tuple(opp_counts), opp_seats=tuple(opp_seats), pool=pool, market=market,
        high_low=view.game.high_low, double_ace_flush=view.game.double_ace_flush,
        # R8.5: the viewer's own wild rank too (the rollouts read every hand with these ranks)
        to_call=to_call, pot=view.pot, wild=wild_mask(view.own_wild_ranks), razz=is_razz(view.game),
        deuce_seven=is_deuce_seven(view.game), cards=hand_size(view.game), down=down,
        spade=spade_half(view.game), hole_cards=sum(d for d, _ in view.game.street_cards),
    )


def spade_half(game: Game) -> str:
    """``"high"`` or ``"low"`` when a share of each pot goes to the highest or lowest spade
    face down (R8.4), read from the game's halves; ``""`` otherwise."""
    for half in game.halves:
        if half.ranking is Ranking.HIGH_SPADE:
            return "high"
        if half.ranking is Ranking.LOW_SPADE:
            return "low"
    return ""


def betting_rounds_left(view: SeatView) -> list[int]:
    """Bet sizes of the betting rounds still to come, this street's included if not over."""
    streets = view.game.streets
    first = view.street if view.phase in (Phase.BETTING, Phase.CARD_ROUND) else view.street + 1
    return [s.bet for s in streets[first:]]


def expected_final_pot(view: SeatView, *, players: int) -> float:
    """A rough guess of the pot at showdown: today's pot plus, for every betting
    round left, about half a bet from each of ``players`` players."""
    return view.pot + 0.5 * players * sum(betting_rounds_left(view))
