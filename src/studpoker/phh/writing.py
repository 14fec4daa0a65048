"""Writing a hand the engine played as a PHH history: :func:`from_hand` reads the hand's
operation log through the ``"phh"`` handler of the engine's one log dispatch
(:class:`~studpoker.engine.operations.LogReader`; every record type has a handler), and the
PHH notation of engine actions and shows. The text of a history is
:func:`~studpoker.phh.hand_history.write` (re-exported here).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from studpoker.engine.actions import Action, ActionKind
from studpoker.engine.cards import Card
from studpoker.engine.games import phh_order, to_options
from studpoker.engine.hand import Hand
from studpoker.engine.operations import (
    ActionTaken,
    AntePosted,
    CardDealt,
    ChipsReturned,
    CommunityCardDealt,
    HandEnded,
    LogReader,
    MarketDealt,
    Operation,
    PotAwarded,
    StreetStarted,
    WildRanksChanged,
)
from studpoker.phh.hand_history import UNKNOWN, HandHistory, write, write_all
from studpoker.phh.variants import _GAME_VARIANTS

__all__ = [
    "from_hand",
    "write",
    "write_all",
]

def _show_text(hand: Hand, seat: int, kind: ActionKind, count: int, player: int, *,
               hide: bool = False) -> str:
    if kind is ActionKind.MUCK:
        return f"p{player + 1} sm"
    cards = [None if hide else c for c, _ in hand.cards[seat][:count]]
    return f"p{player + 1} sm {_cards_text(cards)}"


def _card_name(card: Card, unknown: set[Card] | frozenset[Card]) -> str:
    return "an unknown card" if card in unknown else str(card)


def _cards_text(cards: Sequence[Card | None]) -> str:
    return "".join(UNKNOWN if c is None else str(c) for c in cards)


def _phh_action(action: Action, player: int) -> str:
    """An engine action in PHH notation (``player`` is 0-based)."""
    p = f"p{player + 1}"
    kind = action.kind
    if kind is ActionKind.BRING_IN:
        return f"{p} pb"
    if kind is ActionKind.FOLD:
        return f"{p} f"
    if kind in (ActionKind.CHECK, ActionKind.CALL):
        return f"{p} cc"
    if kind.is_aggressive:
        return f"{p} cbr {action.amount}"
    if kind is ActionKind.BUY:
        return f"{p} mb {action.slot}"
    if kind is ActionKind.PAY:
        return f"{p} pay {action.amount}"
    if kind is ActionKind.TAKE_CARD:
        return f"d dh {p} CARD"
    if kind is ActionKind.SHOW:
        return f"{p} sm CARDS"
    return f"{p} sm"


# --------------------------------------------------------------------------
# Export from the engine's log
# --------------------------------------------------------------------------


class _LogWriter:
    """What :func:`from_hand` has written so far, while it reads the log (:data:`_WRITE`)."""

    def __init__(self, hand: Hand, player: dict[int, int], hide: Callable[[int], bool],
                 shown: frozenset[int], stud: bool) -> None:
        self.hand, self.player, self.hide, self.shown, self.stud = hand, player, hide, shown, stud
        self.actions: list[str] = []
        self.holes: dict[int, list[str]] = {}
        self.extras: dict[int, list[str]] = {}  # R8.2: Baseball's extra cards, each its own action
        self.market: list[str] = []
        self.counts = [0] * hand.n  # cards each seat holds so far
        # Stud: the showdown is written where betting ended for good (before any cards still
        # to come), as PokerKit plays it; each show lists the cards held at that point.
        self.insert_at: int | None = None
        self.held = self.counts
        self.showdown: list[tuple[int, ActionKind]] = []
        self.skip_card = False  # the CardDealt after a free card or a purchase is already written
        self.refill = False  # the MarketDealt after a purchase is written on its own
        self.extra_rank = hand.game.extra_card_rank  # R8.2: a face-up card of this rank brings one more
        self.before: Operation | None = None  # the record before the one being read

    def flush(self) -> None:
        """Write the cards dealt since the last action: each seat's, then the market's."""
        player, actions = self.player, self.actions
        for seat, cards in self.holes.items():
            actions.append(f"d dh p{player[seat] + 1} {''.join(cards)}")
            actions.extend(f"d dh p{player[seat] + 1} {card}" for card in self.extras.pop(seat, ()))
        self.holes.clear()
        if self.market:
            actions.append(f"d dm {''.join(self.market)}")
            self.market.clear()

    def settle(self) -> None:
        """Before any record but a card: the cards dealt so far are written."""
        self.flush()
        self.refill = False


def _write_card(op: CardDealt, w: _LogWriter) -> None:
    assert op.card is not None
    w.counts[op.seat] += 1
    if w.skip_card:
        w.skip_card = False
        return
    if w.market:
        w.flush()
    before = w.before
    if (op.face_up and isinstance(before, CardDealt) and before.seat == op.seat
            and before.face_up and before.card is not None
            and before.card.code >> 2 == w.extra_rank):
        w.extras.setdefault(op.seat, []).append(str(op.card))  # the card a 4 brings
        return
    hidden = not op.face_up and op.seat not in w.shown and w.hide(op.seat)
    w.holes.setdefault(op.seat, []).append(UNKNOWN if hidden else str(op.card))


def _write_market(op: MarketDealt, w: _LogWriter) -> None:
    if w.refill:
        w.flush()
        w.actions.append(f"d dm {op.card}")
        w.refill = False
        return
    if w.holes:
        w.flush()
    w.market.append(str(op.card))


def _write_street(op: StreetStarted, w: _LogWriter) -> None:
    w.settle()
    if op.index > 0 and w.insert_at is None:
        w.insert_at, w.held = len(w.actions), list(w.counts)  # no betting on third street


def _write_community(op: CommunityCardDealt, w: _LogWriter) -> None:
    w.settle()
    w.actions.append(f"d db {op.card}")


def _write_action(op: ActionTaken, w: _LogWriter) -> None:
    w.settle()
    a = op.action
    p = w.player[a.seat]
    if a.kind is ActionKind.TAKE_CARD:
        w.actions.append(f"d dh p{p + 1} {op.cards[0]}")
        w.skip_card = True
    elif a.kind is ActionKind.BUY:
        w.actions.append(f"p{p + 1} mb {a.slot}")
        w.skip_card = w.refill = True
    elif a.kind in (ActionKind.SHOW, ActionKind.MUCK):
        w.showdown.append((a.seat, a.kind))
        if not w.stud:
            w.actions.append(_show_text(w.hand, a.seat, a.kind, len(w.hand.cards[a.seat]), p))
    else:
        w.actions.append(_phh_action(a, p))
        w.insert_at, w.held = len(w.actions), list(w.counts)


def _write_nothing_but_the_cards(op: Operation, w: _LogWriter) -> None:
    w.settle()  # antes, returned chips, pots and the end: written from the hand's totals


_WRITE: LogReader[None] = LogReader("phh", {
    CardDealt: _write_card, MarketDealt: _write_market, StreetStarted: _write_street,
    CommunityCardDealt: _write_community, ActionTaken: _write_action,
    WildRanksChanged: LogReader.skip,  # the cards say it (R8.3): it never splits a street's dealing
    AntePosted: _write_nothing_but_the_cards, ChipsReturned: _write_nothing_but_the_cards,
    PotAwarded: _write_nothing_but_the_cards, HandEnded: _write_nothing_but_the_cards,
})
"""How each log record is written into a history's actions (:func:`from_hand`)."""


def from_hand(hand: Hand, *, public: bool = False, viewer: int | None = None,
              fields: Mapping[str, object] | None = None) -> HandHistory:
    """The hand (finished or not) as a :class:`HandHistory`, built from its operation log.

    ``public=True`` writes the down cards of players who never showed as
    ``??``; ``viewer=seat`` does the same except for that seat's own cards
    (the hand as that player saw it). ``fields`` adds optional fields, e.g. ``{"players": [...],
    "hand": 12}`` (in ``p1, p2, ...`` order). ``seats`` (the table's seat
    numbers from the dealer's left, 1-based), ``finishing_stacks`` and
    ``winnings`` (chips collected from pots) are filled in from the hand.
    """
    game, n, dealer = hand.game, hand.n, hand.dealer
    order = phh_order(dealer, n)
    player = {seat: i for i, seat in enumerate(order)}
    if viewer is not None and not (isinstance(viewer, int) and 0 <= viewer < n):
        raise ValueError(f"viewer must be a seat 0..{n - 1}, got {viewer!r}")
    masked = public or viewer is not None

    def hide(seat: int) -> bool:
        return masked and seat != viewer
    shown = frozenset(op.action.seat for op in hand.log
                      if isinstance(op, ActionTaken) and op.action.kind is ActionKind.SHOW)
    stud = not game.has_market
    w = _LogWriter(hand, player, hide, shown, stud)
    for op in hand.log:
        _WRITE(op, w)
        w.before = op
    w.flush()
    actions, counts, showdown = w.actions, w.counts, w.showdown
    insert_at, held = w.insert_at, w.held
    acted = {s for s, _ in showdown}
    # Everyone else mucked: the last player took the pot without showing (R1.9). PokerKit
    # needs every contender's decision, so the full history shows that player's cards;
    # the public one writes them unknown.
    last = [s for s in order if not hand.folded[s] and s not in acted] \
        if showdown and hand.is_over else []
    if stud:
        at = len(actions) if insert_at is None else insert_at
        if insert_at is None:
            held = list(counts)
        shows = [_show_text(hand, s, kind, held[s], player[s]) for s, kind in showdown]
        shows += [_show_text(hand, s, ActionKind.SHOW, held[s], player[s], hide=hide(s))
                  for s in last]
        if at < len(actions) and showdown:
            # Betting ended before the last card. PokerKit (and the standard: all-in hands
            # are shown) exposes every hand at once, deals the rest, then asks each player
            # to show or muck: the exposure holds the cards held then, the decisions follow.
            exposed = [s for s, _ in showdown] + last
            exposure = [_show_text(hand, s, ActionKind.SHOW, held[s], player[s],
                                   hide=hide(s) and s not in shown) for s in exposed]
            decisions = [_show_text(hand, s, kind, counts[s], player[s]) for s, kind in showdown]
            decisions += [_show_text(hand, s, ActionKind.SHOW, counts[s], player[s], hide=hide(s))
                          for s in last]
            actions[at:] = exposure + actions[at:] + decisions
        else:
            actions[at:at] = shows
    else:
        actions += [_show_text(hand, s, ActionKind.SHOW, counts[s], player[s], hide=hide(s))
                    for s in last]
    stacks = [hand.starting_stacks[s] for s in order]
    h = HandHistory(
        variant=_GAME_VARIANTS[game.name],
        antes=[game.ante] * n, starting_stacks=stacks, actions=actions, seats=[s + 1 for s in order],
    )
    for key, value in to_options(game).items():  # every game option has a history field of its name
        if key not in ("game", "ante"):
            setattr(h, key, value)
    if game.bring_in_amount and any(s < game.ante for s in stacks):
        h.ante_trimming_status = True  # a short ante wins only what it put in (R1.6)
    if hand.left:
        h.left = sorted(player[s] + 1 for s in hand.left)
    if hand.is_over:
        h.finishing_stacks = [hand.stacks[s] for s in order]
        won = [0] * n
        for op in hand.log:
            if isinstance(op, PotAwarded):
                won[op.seat] += op.amount
        h.winnings = [won[s] for s in order]
    for key, value in (fields or {}).items():
        if key in ("players", "seats", "seat_count", "finishing_stacks", "winnings", "hand",
                   "table"):
            setattr(h, key, value)
        else:
            h.fields[key] = value
    h.action_lines = [None] * len(actions)
    return h
