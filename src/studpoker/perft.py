"""Perft for poker: the size of a game's tree of decisions, street by street.

Chess programs count the positions reachable in so many moves ("perft") to
check a move generator: any rule change moves a count. Here the cards are
fixed by the deck (a card dealt is the next card of the deck, whatever was
decided before), and every legal action of every decision is followed. For
each street the count says how many distinct decision sequences

* ``reached`` the street (its cards were dealt and the hand went on),
* stood at a decision on it (``nodes``: a player to act there, one per
  sequence; the showdown's show-or-muck decisions count as the showdown row's
  nodes),
* ended the hand on it (``terminal``: everyone else folded there, or, on the
  showdown row, the pots were settled).

The tree can be cut after the first ``streets`` streets: the sequences that
reach the next street are the ``frontier`` and are not followed further.
``showdown=False`` stops every sequence at the start of the showdown (it is
then a terminal node of the showdown row), so that engines whose showdowns
differ can be compared on the betting alone.

The pinned table and how to read it are in ``docs/perft.md``.

>>> from studpoker.engine import SevenCardStud
>>> game = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)
>>> result = perft(game, stacks=[8, 8], deck=DECKS["A"])
>>> [(row.street, row.reached, row.nodes, row.terminal) for row in result.rows][:2]
[('third', 1, 6, 5), ('fourth', 5, 12, 6)]
>>> result.nodes, result.terminal, result.frontier
(112, 116, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from studpoker.engine.cards import Card, CardError, CardsLike, check_distinct, full_deck, parse_cards
from studpoker.engine.games import Game, GameError
from studpoker.engine.hand import Hand, Phase
from studpoker.engine.operations import StreetStarted

__all__ = ["DECKS", "Perft", "PerftRow", "full_order", "perft"]

DECKS: dict[str, str] = {
    "A": "3s 8d Jh 3d Qs 9d Th 6d 5d Jc 5s 5c 7d 3c 5h 6h 2c 4h Kh 2s 7h Ks Jd Ah 2h 9s 6s "
         "4s Ts 6c Qd Kc Ad 8s 4d 8h Js Qc 4c Kd Ac Qh 7s Tc 9c 3h Td 7c 8c 9h 2d As",
}
"""The fixed decks of the pinned tables (docs/perft.md). Deck A, dealt to three
players, gives the bring-in an open pair on fourth street; to four, three fives
as door cards (the five of clubs brings in, R2.4) and another open pair."""

SHOWDOWN = "showdown"


@dataclass(frozen=True, slots=True, kw_only=True)
class PerftRow:
    """The counts of one street (or of the showdown, ``street == "showdown"``)."""

    street: str
    reached: int
    nodes: int
    terminal: int

    def to_dict(self) -> dict[str, object]:
        """JSON-ready."""
        return {"street": self.street, "reached": self.reached, "nodes": self.nodes,
                "terminal": self.terminal}


@dataclass(frozen=True, slots=True, kw_only=True)
class Perft:
    """The counts of one tree: a row per street followed, then the showdown's row
    (when the whole hand was followed), and the totals.

    ``payoffs``: for each seat, the sum of its result (chips won or lost) over every
    sequence that ends the hand; it moves when a pot is settled differently.
    """

    game: Game
    stacks: tuple[int, ...]
    dealer: int
    deck: tuple[Card, ...]
    streets: int
    showdown: bool
    rows: tuple[PerftRow, ...]
    frontier: int
    payoffs: tuple[int, ...]

    @property
    def nodes(self) -> int:
        """Decision nodes in the tree (every street, the showdown included)."""
        return sum(row.nodes for row in self.rows)

    @property
    def terminal(self) -> int:
        """Sequences that end the hand (within the streets followed)."""
        return sum(row.terminal for row in self.rows)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready: the game's options, the setup, every row and the totals."""
        return {"game": self.game.options(), "stacks": list(self.stacks), "dealer": self.dealer,
                "deck": " ".join(map(str, self.deck)), "streets": self.streets,
                "showdown": self.showdown, "rows": [row.to_dict() for row in self.rows],
                "nodes": self.nodes, "terminal": self.terminal, "frontier": self.frontier,
                "payoffs": list(self.payoffs)}


def full_order(game: Game, deck: CardsLike) -> tuple[Card, ...]:
    """The whole deck a tree is dealt from: ``deck``'s cards in order, then every other
    card of the game's deck in the standard order (clubs to spades, deuces first).

    >>> from studpoker.engine import WallStreet
    >>> " ".join(map(str, full_order(WallStreet(ante=1, limits=2), "As Kd")[:5]))
    'As Kd 2c 2d 2h'
    """
    cards = parse_cards(deck)
    check_distinct(cards)
    allowed = full_deck(joker=game.joker)
    for card in cards:
        if card not in allowed:
            raise CardError(f"card {card} is not in this game's deck (joker is off)")
    given = set(cards)
    return (*cards, *(c for c in allowed if c not in given))


def perft(
    game: Game,
    *,
    stacks: Sequence[int],
    deck: CardsLike,
    dealer: int | None = None,
    streets: int | None = None,
    showdown: bool = True,
    progress: Callable[[int], None] | None = None,
) -> Perft:
    """Count the tree of ``game`` dealt from ``deck`` (see :func:`full_order`) to ``stacks``.

    ``dealer`` defaults to the last seat (seat 0 is then the first to be dealt
    a card, as PokerKit's player 0). ``streets`` cuts the tree after that many
    streets (default: the whole hand); ``showdown=False`` makes the start of
    the showdown a terminal node. ``progress``, if given, is called with the
    decision nodes counted so far every 4,096 nodes. Bad stacks, dealer or deck raise
    :class:`~studpoker.engine.games.GameError` or :class:`~studpoker.engine.cards.CardError`.
    """
    n = len(stacks)
    seat = n - 1 if dealer is None else dealer
    total = len(game.streets)
    depth = total if streets is None else streets
    if not isinstance(depth, int) or isinstance(depth, bool) or not 1 <= depth <= total:
        raise GameError(f"streets must be 1 to {total}, got {streets!r}")
    order = full_order(game, deck)
    root = game.deal(stacks=list(stacks), dealer=seat, deck=order)
    rows = total + 1  # the streets, then the showdown
    reached = [0] * rows
    nodes = [0] * rows
    terminal = [0] * rows
    payoffs = [0] * n
    frontier = counted = 0
    reached[0] = 1
    stack: list[Hand] = [root]
    pop, push = stack.pop, stack.append
    while stack:
        hand = pop()
        at = total if hand.phase is Phase.SHOWDOWN else hand.street
        nodes[at] += 1
        if progress is not None:
            counted += 1
            if not counted & 4095:
                progress(counted)
        legal = hand.legal_actions()
        last = len(legal) - 1
        for k, action in enumerate(legal):
            child = hand if k == last else hand.copy()
            mark = len(child.log)
            was_showdown = child.phase is Phase.SHOWDOWN
            child.apply(action)
            cut = False
            for op in child.log[mark:]:
                if type(op) is StreetStarted:
                    reached[op.index] += 1
                    if op.index >= depth:
                        cut = True
                        break
            if cut:
                frontier += 1
                continue
            if child.phase is Phase.SHOWDOWN and not was_showdown:
                reached[total] += 1
                if not showdown:
                    terminal[total] += 1
                    continue
            if child.is_over:  # everyone else folded on this street, or the pots were settled
                terminal[total if was_showdown else child.street] += 1
                for s, won in enumerate(child.payoffs):
                    payoffs[s] += won
                continue
            push(child)
    names = [s.name for s in game.streets[:depth]]
    out = [PerftRow(street=name, reached=reached[i], nodes=nodes[i], terminal=terminal[i])
           for i, name in enumerate(names)]
    if depth == total:
        out.append(PerftRow(street=SHOWDOWN, reached=reached[total], nodes=nodes[total],
                            terminal=terminal[total]))
    return Perft(game=game, stacks=tuple(stacks), dealer=seat, deck=order, streets=depth,
                 showdown=showdown, rows=tuple(out), frontier=frontier, payoffs=tuple(payoffs))
