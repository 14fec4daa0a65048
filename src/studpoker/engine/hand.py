"""The state machine of one hand (R1-R3).

>>> from studpoker.engine import SevenCardStud
>>> game = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)
>>> hand = game.deal(stacks=[100, 100, 100], dealer=0, seed=1)
>>> while not hand.is_over:
...     hand.apply(hand.legal_actions()[0])
>>> sum(hand.payoffs)
0

A :class:`Hand` is driven by :meth:`Hand.apply`; everything that happens is
appended to :attr:`Hand.log` as an immutable :mod:`~studpoker.engine.operations`
record. Decisions are betting actions, Wall Street card-round choices (free
card or a market slot) and, at showdown, show or muck (R1.9). A decision with
a single possible choice (a Wall Street player who cannot afford any slot) is
taken automatically and logged like any other. :meth:`Hand.leave` marks a
player who left the table (folded at their turn, R4.3), and
:meth:`Hand.stack_next` fixes the next cards the hand deals. What a betting
action may be and what it puts in is the betting round's
(:mod:`studpoker.engine.betting`, the one copy of those rules); what every hand of a
game shares (its actions, log records, setups) is the game's memo
(:mod:`studpoker.engine.memo`). Pots are settled by :mod:`studpoker.engine.settlement`.
"""

from __future__ import annotations

import _random
import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import filterfalse
from operator import attrgetter

from studpoker.engine.actions import Action, ActionKind, IllegalAction
from studpoker.engine.betting import BettingRound
from studpoker.engine.cards import (
    RANK_CHARS,
    Card,
    CardError,
    CardsLike,
    check_distinct,
    full_deck,
    parse_cards,
)
from studpoker.engine.evaluation import (
    board_has_pair,
    bring_in_key,
    deuce_seven_bring_in_key,
    razz_bring_in_key,
)
from studpoker.engine.games import DoorCard, Game, GameError, Opener
from studpoker.engine.operations import (
    ActionTaken,
    CardDealt,
    CommunityCardDealt,
    MarketDealt,
    Operation,
    WildRanksChanged,
    action_shown,
    ante_posted,
    chips_returned,
    hand_ended,
)
from studpoker.engine.pots import DeadMoney, Pot, build_pots
from studpoker.engine.settlement import PotResult, settle
from studpoker.engine.wild import wild_board_key

__all__ = ["Hand", "Phase", "PlayerView", "PotResult", "SeatView"]


# A seat's up cards as one int: 4 bits per rank counting its cards (the joker as an
# ace), and the jokers above (bit 52). board_key depends on nothing else, so the game's
# memo keeps it by this int (GameMemo.board), which the hand keeps up to date as up cards arrive.
_UP_BITS = (*(1 << (4 * (c >> 2)) for c in range(52)), (1 << 48) + (1 << 52))

# The bring-in order of each door card by code, per rule (R2.4, R6.3): the lowest key brings in.
_BRING_IN_KEYS = {
    DoorCard.LOWEST: tuple(bring_in_key(c) for c in full_deck(joker=True)),
    DoorCard.HIGHEST: tuple(razz_bring_in_key(c) for c in full_deck(joker=True)),
    DoorCard.HIGHEST_ACE_HIGH: tuple(deuce_seven_bring_in_key(c) for c in full_deck(joker=True)),
}


# The (card, face_up) pairs Hand.cards holds, by card code.
_DOWN_PAIRS = tuple((c, False) for c in full_deck(joker=True))
_UP_PAIRS = tuple((c, True) for c in full_deck(joker=True))

_DECKS = (tuple(full_deck(joker=False)), tuple(full_deck(joker=True)))
_RandomType = random.Random
_seed_random = _random.Random.seed  # the C seeding step Random(seed) takes for an int


def _seeded(seed: int) -> random.Random:
    """``random.Random(seed)`` for an int seed: the same state, without the Python-level wrapper."""
    rng = _RandomType.__new__(_RandomType)
    _seed_random(rng, seed)
    rng.gauss_next = None  # type: ignore[attr-defined]  # as Random.__init__ sets it (getstate reads it)
    return rng


class Phase(Enum):
    """What the hand is waiting for."""

    BETTING = "betting"
    CARD_ROUND = "card_round"
    PAY_OR_FOLD = "pay_or_fold"  # R8.2: a player with a new face-up 3 pays for it or folds
    SHOWDOWN = "showdown"
    OVER = "over"


_NOBODY: frozenset[int] = frozenset()

_BETTING, _CARD_ROUND, _SHOWDOWN, _OVER = Phase.BETTING, Phase.CARD_ROUND, Phase.SHOWDOWN, Phase.OVER
_FOLD, _CHECK, _CALL = ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL
_COMPLETE, _BET, _RAISE = ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE
_BRING_IN = ActionKind.BRING_IN
_BRING_IN_OPENER, _HIGH_BOARD = Opener.BRING_IN, Opener.HIGH_BOARD


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerView:
    """One seat as a viewer sees it; ``down`` holds None for cards the viewer may not see."""

    seat: int
    stack: int
    bet: int
    contributed: int
    folded: bool
    all_in: bool
    down: tuple[Card | None, ...]
    up: tuple[Card, ...]
    shown: bool
    mucked: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatView:
    """What one seat (or the public, ``seat=None``) may see of a hand."""

    seat: int | None
    game: Game
    dealer: int
    street: int
    street_name: str
    phase: Phase
    to_act: int | None
    legal_actions: tuple[Action, ...]
    players: tuple[PlayerView, ...]
    market: tuple[Card | None, ...]
    community: tuple[Card, ...]
    pot: int
    log: tuple[Operation, ...]
    results: tuple[PotResult, ...]
    wild_ranks: tuple[str, ...] = ()  # R8: the ranks wild now (rank characters), from the log
    #: R8.5: the ranks wild in the viewer's own hand only (its lowest face-down rank): shown to
    #: the seat that holds them, never to anyone else (``()`` in the public view)
    private_wild_ranks: tuple[str, ...] = ()

    @property
    def own_wild_ranks(self) -> tuple[str, ...]:
        """The ranks wild in the viewer's own hand: :attr:`wild_ranks` and
        :attr:`private_wild_ranks` together, highest first."""
        if not self.private_wild_ranks:
            return self.wild_ranks
        ranks = set(self.wild_ranks) | set(self.private_wild_ranks)
        return tuple(c for c in reversed(RANK_CHARS) if c in ranks)

    @property
    def is_over(self) -> bool:
        """True once the hand has ended."""
        return self.phase is Phase.OVER


class Hand:
    """One hand of a stud game. Create it with ``game.deal(...)``."""

    # Slots, not an instance dict: a hand has more attributes than CPython keeps inline
    # in a dict-based instance (its shared keys), and the engine reads them all the time.
    __slots__ = (
        "_active_count", "_board_bits", "_bring_in_seat", "_card_order", "_card_pos",
        "_first_actor", "_fixed", "_follow", "_keeps", "_left", "_legal", "_live", "_memo", "_mucked",
        "_next", "_pay_queue", "_pots", "_rng", "_round", "_setup", "_show_order", "_show_pos",
        "_shown", "_stub", "_wild", "cards",
        "community", "contrib", "dead", "dealer", "folded", "game", "is_over", "log", "market",
        "n", "phase", "results", "stacks", "starting_stacks", "street", "to_act",
    )

    is_over: bool
    """True once the hand has ended (``phase is Phase.OVER``); read it, never set it."""

    def __init__(
        self,
        *,
        game: Game,
        stacks: Sequence[int],
        dealer: int = 0,
        seed: int | None = None,
        deck: CardsLike | None = None,
        rng: random.Random | None = None,
    ) -> None:
        n = len(stacks)
        if not game.min_players <= n <= game.max_players:
            raise GameError(
                f"{game.name} is for {game.min_players} to {game.max_players} players, got {n}"
            )
        for s in stacks:
            if type(s) is not int or s <= 0:  # the exact check below (int subclasses pass)
                for i, s in enumerate(stacks):
                    if not isinstance(s, int) or isinstance(s, bool) or s <= 0:
                        raise GameError(f"stack of seat {i} must be a positive integer, got {s!r}")
                break
        if not isinstance(dealer, int) or not 0 <= dealer < n:
            raise GameError(f"dealer must be a seat 0..{n - 1}, got {dealer!r}")
        self.game = game
        self.n = n
        self.dealer = dealer
        memo = self._memo = game.memo
        setup = self._setup = memo.setup(n, dealer)
        self.starting_stacks: tuple[int, ...] = tuple(stacks)
        self.folded: list[bool] = [False] * n
        self.cards: list[list[tuple[Card, bool]]] = [[] for _ in range(n)]
        self._board_bits = [0] * n  # each seat's up ranks as counts (see _UP_BITS): board_key memo
        self._active_count = n
        self.community: list[Card] = []
        self.market: list[Card | None] = [None, None, None, None]
        self.dead: list[DeadMoney] = []
        self.log: list[Operation] = []
        self.phase = Phase.BETTING
        self.is_over = False
        self.street = 0
        self.to_act: int | None = None
        self.results: tuple[PotResult, ...] = ()
        self._round: BettingRound | None = None
        self._bring_in_seat: int | None = None
        self._first_actor: int | None = None
        self._card_order: list[int] = []
        self._card_pos = 0
        self._show_order: list[int] = []
        self._show_pos = 0
        self._shown: set[int] = set()
        self._mucked: set[int] = set()
        self._left: frozenset[int] = _NOBODY  # seats whose player has left the table (R4.3)
        self._keeps: frozenset[int] = _NOBODY  # of those, folded ones who keep a pot all theirs
        self._pots: list[Pot] = []
        # the legal actions of the decision now, or None (computed when asked): every change
        # of the hand's state goes through apply, leave or __init__, which keep it current
        self._legal: list[Action] | None = None
        self._wild = game.wild  # R8.1: the ranks wild now (a mask of studpoker.engine.wild.wild_mask)
        self._follow = False  # R8.3: a queen was the last face-up card: the next one's rank is wild
        self._pay_queue: list[int] = []  # R8.2: seats that owe for a face-up 3, in dealing order
        if deck is None and rng is None and type(seed) is int:
            self._stub: list[Card] = list(_DECKS[game.joker])
            self._fixed = 0
            self._rng: random.Random = _seeded(seed)
        else:
            self._stub, self._fixed, self._rng = self._make_stub(seed=seed, deck=deck, rng=rng)
        self._next = 0
        ante = game.ante
        if 0 < ante < min(stacks):  # every seat posts the whole ante and keeps chips
            self.stacks: list[int] = [st - ante for st in stacks]
            self.contrib: list[int] = [ante] * n
            self.log.extend(setup.antes)  # equal antes: no uncalled chips (R1.6)
            self._live = set(setup.order)  # the seats in the hand with chips
        else:
            self.stacks = list(stacks)
            self.contrib = [0] * n
            self._live = set()
            self._post_antes()
            self._live = {s for s in range(n) if self.stacks[s] > 0}
        self._begin_street(0)

    # ----------------------------------------------------------------- deck

    def _make_stub(
        self, *, seed: int | None, deck: CardsLike | None, rng: random.Random | None
    ) -> tuple[list[Card], int, random.Random]:
        """The stub: the given prefix in order, then the other cards, shuffled lazily.

        Cards after the prefix are drawn by a Fisher-Yates step at each draw
        (``_draw``), so a hand that ends early shuffles only what it dealt.
        """
        allowed = full_deck(joker=self.game.joker)
        prefix = parse_cards(deck) if deck is not None else []
        check_distinct(prefix)
        if prefix:
            # cards are interned: identity is equality, and id() hashes at C speed
            allowed_ids = set(map(id, allowed))
            for c in prefix:
                if id(c) not in allowed_ids:
                    raise CardError(f"card {c} is not in this game's deck (joker is off)")
            used = set(map(id, prefix))
            allowed = prefix + [c for c in allowed if id(c) not in used]
        if seed is not None:
            rng = random.Random(seed)
        elif rng is None:
            rng = random.SystemRandom()
        return allowed, len(prefix), rng

    @property
    def stub_size(self) -> int:
        """Cards left in the stub."""
        return len(self._stub) - self._next

    def stack_next(self, cards: CardsLike) -> None:
        """Fix the next cards this hand draws from its stub, in the order given.

        Whatever deals next (a street, a Wall Street free card or market
        refill, a community card) takes these cards first; the stub's other
        cards stay as random as before (a hand dealt with ``seed``/``rng``
        still shuffles them as it draws). This is for search, analysis and
        the environments' chance nodes (``studpoker.env.openspiel``), and for
        tests. The cards must be distinct and still in the stub (not dealt,
        in this game's deck): else :class:`~studpoker.engine.cards.CardError`, and
        the hand is unchanged. Drawing order is described in
        ``docs/rules-decisions.md`` (Dealing).

        >>> from studpoker.engine import SevenCardStud
        >>> hand = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10).deal(
        ...     stacks=[50, 50], dealer=1, deck="2c 3c 4c 5c 6c 7c")
        >>> hand.stack_next("As Ah")
        >>> hand.bring_in(); hand.check_or_call()
        >>> hand.up_cards(0), hand.up_cards(1)
        ([Card('6c'), Card('As')], [Card('7c'), Card('Ah')])
        """
        wanted = parse_cards(cards)
        check_distinct(wanted)
        stub, start = self._stub, self._next
        # where each card left is; cards are interned: identity is equality
        where = {id(c): k for k, c in enumerate(stub[start:], start)}
        for card in wanted:
            if id(card) not in where:
                raise CardError(f"card {card} is not in the stub (already dealt, or not in "
                                f"this game's deck)")
        for i, card in enumerate(wanted):
            j, k = where[id(card)], start + i
            other = stub[k]
            stub[k], stub[j] = card, other
            where[id(other)], where[id(card)] = j, k
        self._fixed = max(self._fixed, start + len(wanted))

    def _draw(self) -> Card:
        stub, i = self._stub, self._next
        if i >= self._fixed:
            j = i + int(self._rng.random() * (len(stub) - i))
            stub[i], stub[j] = stub[j], stub[i]
        self._next = i + 1
        return stub[i]

    # ------------------------------------------------------------- queries

    @property
    def street_name(self) -> str:
        """``"third"`` .. ``"seventh"``."""
        return self.game.streets[self.street].name

    @property
    def active(self) -> list[int]:
        """Seats still in the hand (not folded), in seat order."""
        return [s for s in range(self.n) if not self.folded[s]]

    @property
    def pot(self) -> int:
        """All chips in the middle: bets, pots and dead money."""
        dead = self.dead
        return sum(self.contrib) + sum(d.amount for d in dead) if dead else sum(self.contrib)

    @property
    def payoffs(self) -> tuple[int, ...]:
        """Chips won or lost per seat (final stack minus starting stack); sums to 0 once over."""
        return tuple(s - s0 for s, s0 in zip(self.stacks, self.starting_stacks, strict=True))

    def down_cards(self, seat: int) -> list[Card]:
        """The seat's face-down cards (full information; see :meth:`view` for a seat's view)."""
        return [c for c, up in self.cards[seat] if not up]

    def up_cards(self, seat: int) -> list[Card]:
        """The seat's face-up cards, in the order dealt."""
        return [c for c, up in self.cards[seat] if up]

    def hole_and_board(self, seat: int) -> list[Card]:
        """All cards the seat plays with: its own and any community card."""
        return [c for c, _ in self.cards[seat]] + self.community

    def _with_chips(self) -> set[int]:
        return set(self._live)  # the seats not folded with chips, kept as they change

    def _clockwise_from(self, start: int) -> list[int]:
        n = self.n
        return [(start + i) % n for i in range(n)]

    # --------------------------------------------------------------- setup

    def _post_antes(self) -> None:
        ante = self.game.ante
        if ante <= 0:
            return
        for s in self._clockwise_from(self.dealer + 1):
            amount = min(ante, self.stacks[s])
            self.stacks[s] -= amount
            self.contrib[s] += amount
            self.log.append(ante_posted(s, amount))
        self._return_uncalled()  # R1.6: an ante above every other player's whole stack

    def _begin_street(self, index: int) -> None:
        self.street = index
        street = self.game.streets[index]
        log = self.log
        log.append(self._setup.streets[index])
        order: Sequence[int] = self._setup.order  # the seats in the hand, from the dealer's left
        if self._active_count < self.n:
            folded = self.folded
            order = list(filterfalse(folded.__getitem__, order))
        if street.card_round:
            self.phase = _CARD_ROUND
            self._card_order = list(order)
            self._card_pos = 0
            self._advance_card_round()
            return
        if self.game.deal_hooks:  # R8.2, R8.3: face-up cards that act as they fall
            self._deal_with_hooks(index, order)
            return
        # the draws of _draw, inlined: this loop deals most of the cards of a hand
        log_append = log.append
        stub, fixed, rand = self._stub, self._fixed, self._rng.random
        size = len(stub)
        i = self._next
        cards, bits = self.cards, self._board_bits
        down = street.down
        players = len(order)
        for k in range(down + street.up):
            if size - i < players:  # R1.10
                if i >= fixed:
                    j = i + int(rand() * (size - i))
                    stub[i], stub[j] = stub[j], stub[i]
                card = stub[i]
                i += 1
                self.community.append(card)
                log_append(CommunityCardDealt(card=card))
                continue
            face_up = k >= down
            dealt = self._setup.dealt_up if face_up else self._setup.dealt_down
            if i < fixed:  # fixed cards (stack_next, a deck prefix) come first
                for s in order:
                    if i >= fixed:
                        j = i + int(rand() * (size - i))
                        stub[i], stub[j] = stub[j], stub[i]
                    card = stub[i]
                    i += 1
                    code = card.code
                    cards[s].append(_UP_PAIRS[code] if face_up else _DOWN_PAIRS[code])
                    if face_up:
                        bits[s] += _UP_BITS[code]
                    log_append(dealt[s][code])
            elif face_up:  # the usual rounds: every card drawn (the same loop twice, for speed)
                for s in order:
                    j = i + int(rand() * (size - i))
                    card = stub[j]
                    stub[j] = stub[i]
                    stub[i] = card
                    i += 1
                    code = card.code
                    cards[s].append(_UP_PAIRS[code])
                    bits[s] += _UP_BITS[code]
                    log_append(dealt[s][code])
            else:
                for s in order:
                    j = i + int(rand() * (size - i))
                    card = stub[j]
                    stub[j] = stub[i]
                    stub[i] = card
                    i += 1
                    code = card.code
                    cards[s].append(_DOWN_PAIRS[code])
                    log_append(dealt[s][code])
        self._next = i
        if street.market:
            for slot in range(1, street.market + 1):
                self._refill(slot)
        self._begin_betting(order)

    # ---------------------------------------------------- wild-card games (R8)

    def _deal_with_hooks(self, index: int, order: Sequence[int]) -> None:
        """Deal a street of Baseball or Follow the Queen, card by card (R8.2, R8.3, R1.10).

        Rounds of cards go to the players in the hand from the dealer's left;
        a round the stub cannot give to everyone is one community card (R1.10),
        and with no card left at all nothing more is dealt. Then the players
        who were dealt a face-up 3 pay for it or fold, in the order the 3s fell.
        """
        street = self.game.streets[index]
        players = len(order)
        for k in range(street.down + street.up):
            left = self.stub_size
            if left < players:  # R1.10 (a community card never changes the wild ranks)
                if not left:
                    break
                card = self._draw()
                self.community.append(card)
                self.log.append(CommunityCardDealt(card=card))
                continue
            face_up = k >= street.down
            for i, s in enumerate(order):
                self._deal_to(s, self._draw(), face_up, owed=players - 1 - i)
        if self._pay_queue:
            self.phase = Phase.PAY_OR_FOLD
            self._next_payment()
            return
        self._begin_betting(order)

    def _deal_to(self, seat: int, card: Card, face_up: bool, *, owed: int) -> None:
        """One card to ``seat``; ``owed``: cards the round still owes the players after it."""
        code = card.code
        self.cards[seat].append(_UP_PAIRS[code] if face_up else _DOWN_PAIRS[code])
        dealt = self._setup.dealt_up if face_up else self._setup.dealt_down
        self.log.append(dealt[seat][code])
        if not face_up:
            return  # R8.3: down cards never change the wild ranks
        self._board_bits[seat] += _UP_BITS[code]
        game = self.game
        rank = code >> 2
        if game.follow_the_queen:
            self._follow_card(rank)
        if rank == game.price_rank:
            self._pay_queue.append(seat)
        if rank == game.extra_card_rank and self.stub_size > owed:
            # R8.2: one more face-up card at once, never one the round still needs (R1.10)
            self._deal_to(seat, self._draw(), True, owed=owed)

    def _follow_card(self, rank: int) -> None:
        """R8.3: a face-up queen leaves queens alone wild until the next face-up card names the follower."""
        if rank == _QUEEN:
            self._follow = True
            wild, follower = self.game.wild, None
        elif self._follow:
            self._follow = False
            wild, follower = self.game.wild | 1 << rank, RANK_CHARS[rank]
        else:
            return
        if wild != self._wild or follower is not None:
            self._wild = wild
            self.log.append(WildRanksChanged(ranks=_rank_chars(wild), follower=follower))

    def _next_payment(self) -> None:
        """The next seat that owes for a face-up 3 (R8.2), or the betting once none does."""
        queue = self._pay_queue
        while queue:
            seat = queue[0]
            if not self.folded[seat] and self.stacks[seat] > 0:
                self.to_act = seat
                self._legal = None
                return
            queue.pop(0)  # folded meanwhile, or all in: the card costs nothing (docs/wild-cards.md)
        self._begin_betting()

    def _pay_options(self, seat: int) -> list[Action]:
        price = min(self.game.up_card_price, self.stacks[seat])  # table stakes (R1.6)
        memo = self._memo
        return [memo.action(ActionKind.PAY, seat, price), memo.folds[seat]]

    def _apply_payment(self, action: Action) -> None:
        seat = action.seat
        self._pay_queue.pop(0)
        if action.kind is ActionKind.FOLD:
            self.folded[seat] = True
            self._active_count -= 1
            self._live.discard(seat)
            self.log.append(self._memo.record(action, 0))
            if self._active_count == 1:
                self._finish_uncontested()
                return
        else:
            amount = action.amount
            if amount:
                level = self._dead_level(seat)
                self.stacks[seat] -= amount
                if not self.stacks[seat]:
                    self._live.discard(seat)
                self.dead.append(DeadMoney(seat=seat, level=level, amount=amount))
            self.log.append(ActionTaken(action=action, paid=amount))
        self._next_payment()

    @property
    def wild_ranks(self) -> tuple[str, ...]:
        """The ranks wild now for everyone, as rank characters, highest first (R8.1-R8.3);
        ``()`` for none."""
        return _rank_chars(self._wild)

    def private_wild_ranks(self, seat: int) -> tuple[str, ...]:
        """The ranks wild in ``seat``'s hand only, from its face-down cards (R8.5); ``()``
        in a game without them. Full information: a view shows them only to the seat."""
        return _rank_chars(self.game.private_wild(self.down_cards(seat)))

    def _refill(self, slot: int) -> None:
        if self.stub_size == 0:
            self.market[slot - 1] = None  # R3.5: the slot stays empty
            return
        card = self._draw()
        self.market[slot - 1] = card
        self.log.append(MarketDealt(slot=slot, card=card))

    # ------------------------------------------------------------- betting

    def _begin_betting(self, order: Sequence[int] | None = None) -> None:
        """Open the street's betting round; ``order``: the seats in the hand, from the dealer's left."""
        game = self.game
        street = game.streets[self.street]
        n, stacks = self.n, self.stacks
        if order is None:
            folded = self.folded
            order = [s for s in self._setup.order if not folded[s]]
        with_chips = set(self._live)  # _with_chips()
        self._bring_in_seat = None
        if len(with_chips) < 2:  # R1.5: no more betting
            self._round = None
            self._first_actor = None
            self._return_uncalled()  # R1.6: nothing above what others put in stays out
            self._end_street()
            return
        opener = street.opener
        rnd = BettingRound.for_street(memo=self._memo, street=street, players=n,
                                      open_pair=street.open_pair and self._open_pair(),
                                      pending=with_chips)  # (a fresh set, the round's from now on)
        self._round = rnd
        self.phase = _BETTING
        if opener is _BRING_IN_OPENER:
            # R2.4/R2.5: lowest door card among players with chips (bring_in_key); the
            # door card follows the down cards of the first street
            cards, keys, door = self.cards, _BRING_IN_KEYS[game.bring_in_card], game.streets[0].down
            first, low = -1, 1 << 30
            for s in with_chips:
                key = keys[cards[s][door][0].code]
                if key < low:
                    first, low = s, key
            self._bring_in_seat = first
            rnd.pending = {first}
        else:
            if opener is _HIGH_BOARD:  # _opener(opener, require_chips=True, order=order), inlined
                # R2.6: highest board; ties to the first clockwise from the dealer's left
                bits, memo = self._board_bits, self._memo
                boards = memo.boards
                highest: tuple[int, ...] | None = None
                i = 0
                for k, s in enumerate(order):
                    board = boards.get(bits[s]) or memo.board(bits[s], self.up_cards(s))
                    if highest is None or board > highest:
                        highest, i = board, k
                for s in (*order[i:], *order[:i]):
                    if stacks[s] > 0:
                        first = s
                        break
            else:
                first = self._opener(opener, require_chips=True, order=order)
        self._first_actor = first
        self.to_act = first
        if not self._left:  # the first decision's legal actions (see _legal_list)
            if opener is _BRING_IN_OPENER:
                self._legal = rnd.bring_in_options(first, stacks[first])
            else:
                self._legal = rnd.options(first, stacks[first], len(with_chips))

    def _open_pair(self) -> bool:
        """R2.6: an active player's up cards show a pair (judged when a bet is made); with
        wild cards, boards are read with them (R8.1)."""
        folded, wild = self.folded, self._wild
        for s in range(self.n):
            if not folded[s]:
                up = self.up_cards(s)
                if (wild_board_key(up, wild)[0] >= 1) if wild else board_has_pair(up):
                    return True
        return False

    def _opener(self, opener: Opener, *, require_chips: bool, order: Sequence[int] | None = None) -> int:
        if order is None:  # the seats in the hand, clockwise from the dealer's left
            folded = self.folded
            order = [s for s in self._setup.order if not folded[s]]
        if opener is Opener.HIGH_BOARD or opener is Opener.LOW_BOARD or opener is Opener.DEUCE_SEVEN_BOARD:
            # R2.6: highest board, R6.4, R10.2: lowest board (the largest key either way);
            # ties to the first clockwise from the dealer's left
            bits, memo = self._board_bits, self._memo
            board = (memo.board if opener is Opener.HIGH_BOARD
                     else memo.low_board if opener is Opener.LOW_BOARD else memo.deuce_seven_board)
            best: tuple[int, ...] | None = None
            i = 0
            for k, s in enumerate(order):
                key = board(bits[s], self.up_cards(s))
                if best is None or key > best:
                    best, i = key, k
            if i:
                order = [*order[i:], *order[:i]]
        elif opener is Opener.WILD_BOARD:  # R8.1: boards read with the wild cards, R2.6's order
            wild = self._wild
            best = None
            i = 0
            for k, s in enumerate(order):
                key = wild_board_key(self.up_cards(s), wild)
                if best is None or key > best:
                    best, i = key, k
            if i:
                order = [*order[i:], *order[:i]]
        if require_chips:
            stacks = self.stacks
            for s in order:
                if stacks[s] > 0:
                    return s
            raise AssertionError("a betting round opens with two players with chips")
        return order[0]

    def _return_uncalled(self) -> None:
        contrib = self.contrib
        first = max(contrib)
        if contrib.count(first) > 1:
            return  # the highest contribution is matched: nothing to return
        top = contrib.index(first)
        excess = first - sorted(contrib)[-2]  # above the next highest (two players at least)
        if excess > 0:
            contrib[top] -= excess
            if not self.stacks[top] and not self.folded[top]:
                self._live.add(top)  # all in, and now with chips again
            self.stacks[top] += excess
            self.log.append(chips_returned(top, excess))

    def _end_street(self) -> None:
        if self.street + 1 < len(self.game.streets):
            self._begin_street(self.street + 1)
        else:
            self._begin_showdown()

    # ---------------------------------------------------------- card round

    def _card_options(self, seat: int) -> list[Action]:
        memo = self._memo
        out = [memo.action(ActionKind.TAKE_CARD, seat)]
        for slot in range(1, 5):
            price = self.game.market_price(slot)
            if self.market[slot - 1] is not None and price <= self.stacks[seat]:
                out.append(memo.action(ActionKind.BUY, seat, price, slot))
        return out

    def _fold_in_card_round(self, action: Action) -> bool:
        seat = action.seat
        if any(pot.eligible == (seat,) for pot in self._build_pots()):
            # R4.3: a player who left gives up every contested pot, but a pot in which they
            # are the only eligible player is still theirs: as if mucked at the showdown
            self._keeps = self._keeps | {seat}
            self._mucked.add(seat)
        self.folded[seat] = True
        self._active_count -= 1
        self._live.discard(seat)
        self.log.append(self._memo.record(action, 0))
        self._card_pos += 1
        if self._active_count == 1:
            self._finish_uncontested()
            return True
        return False

    def _dead_level(self, buyer: int) -> int:
        """R3.5: the level of the highest pot the buyer is eligible for now that
        another player still in the hand can also win (never the buyer's own chips)."""
        contrib, folded = self.contrib, self.folded
        other = max(contrib[s] for s in range(self.n) if s != buyer and not folded[s])
        return min(contrib[buyer], other)

    def _advance_card_round(self) -> None:
        while self._card_pos < len(self._card_order):
            seat = self._card_order[self._card_pos]
            options = self._card_options(seat)
            if len(options) > 1 or (seat in self._left and self.stacks[seat]):
                # a decision; a player who left with chips folds here (R4.3): see _legal_list
                self.to_act = seat
                return
            self._apply_card(options[0])
        self._begin_betting()

    def _apply_card(self, action: Action) -> None:
        seat = action.seat
        if action.kind is ActionKind.BUY:
            card = self.market[action.slot - 1]
            assert card is not None
            self.stacks[seat] -= action.amount
            if not self.stacks[seat]:
                self._live.discard(seat)
            self.dead.append(DeadMoney(seat=seat, level=self._dead_level(seat), amount=action.amount))
            self.log.append(ActionTaken(action=action, paid=action.amount, cards=(card,)))
            self.cards[seat].append((card, True))
            self._board_bits[seat] += _UP_BITS[card.code]
            self.log.append(CardDealt(seat=seat, card=card, face_up=True))
            self._refill(action.slot)
        else:
            # 7 players at most: 52 - 7*3 - 4 = 27 cards cover three card rounds
            card = self._draw()
            self.log.append(ActionTaken(action=action, cards=(card,)))
            self.cards[seat].append((card, True))
            self._board_bits[seat] += _UP_BITS[card.code]
            self.log.append(CardDealt(seat=seat, card=card, face_up=True))
        self._card_pos += 1

    # ------------------------------------------------------------ showdown

    def _begin_showdown(self) -> None:
        self.phase = Phase.SHOWDOWN
        rnd = self._round
        if rnd is not None and rnd.last_aggressor is not None and not self.folded[rnd.last_aggressor]:
            start = rnd.last_aggressor  # R1.9: last to bet or raise on the final street
        elif self._first_actor is not None:
            start = self._first_actor  # R1.9: else the first to act on that street
        else:
            start = self._showdown_default_start()
        folded = self.folded
        self._show_order = [s for s in (start, *self._setup.after[start]) if not folded[s]]
        self._show_pos = 0
        self._pots = self._build_pots()
        self.to_act = self._show_order[0]

    def _build_pots(self) -> list[Pot]:
        """The pots now; a folded player who keeps a pot of their own is still eligible (R4.3)."""
        folded = self.folded
        if self._keeps:
            folded = [f and s not in self._keeps for s, f in enumerate(folded)]
        return build_pots(contributions=self.contrib, folded=folded, dead=self.dead)

    def _showdown_default_start(self) -> int:
        opener = self.game.streets[self.street].opener
        if opener is Opener.BRING_IN:
            opener = self.game.board_opener  # R1.9: the order of the later streets
        return self._opener(opener, require_chips=False)

    def _may_muck(self, seat: int) -> bool:
        # A player may muck unless that would leave a contested pot they are in with no
        # other contender still holding cards (docs/rules-decisions.md). A pot with a
        # single eligible player needs no showdown: it is theirs, shown or not (R1.9).
        mucked = self._mucked
        for pot in self._pots:
            eligible = pot.eligible
            if seat in eligible and len(eligible) > 1 and not any(
                s != seat and s not in mucked for s in eligible
            ):
                return False
        return True

    def _showdown_options(self, seat: int) -> list[Action]:
        memo = self._memo
        if seat in self._left and self.stacks[seat] and self._may_muck(seat):
            # R4.3: a player who left with chips behind mucks; one who left all-in is shown
            return [memo.action(ActionKind.MUCK, seat)]
        out = [memo.action(ActionKind.SHOW, seat)]
        if self.game.showdown_muck and seat not in self._left and self._may_muck(seat):  # R1.9, R3.10
            out.append(memo.action(ActionKind.MUCK, seat))
        return out

    def _apply_showdown(self, action: Action) -> None:
        seat = action.seat
        if action.kind is ActionKind.SHOW:
            self._shown.add(seat)
            self.log.append(action_shown(action, tuple(self.hole_and_board(seat))))
        else:
            self._mucked.add(seat)
            self.log.append(ActionTaken(action=action))
        self._show_pos += 1
        mucked = self._mucked
        holding = [s for s in self._show_order if s not in mucked] if mucked else self._show_order
        if len(holding) == 1 and holding[0] not in self._shown:
            self._settle(sole=holding[0])
            return
        if self._show_pos < len(self._show_order):
            self.to_act = self._show_order[self._show_pos]
            return
        self._settle(sole=None)

    # -------------------------------------------------------------- settle

    def _finish_uncontested(self) -> None:
        """R1.8: everyone else folded; the last player takes the pot unseen."""
        self._return_uncalled()
        sole = self.folded.index(False)
        if self._keeps:  # a player who left keeps a pot of their own (R4.3): pot by pot
            self._pots = self._build_pots()
            self._settle(sole=sole)
            return
        dead = self.dead
        amount = sum(self.contrib) + sum(d.amount for d in dead) if dead else sum(self.contrib)
        # one pot: with a single player left every level collapses into it (as build_pots does)
        memo = self._memo
        settled = memo.settled.get(amount << 5 | sole) or memo.uncontested(sole, amount)
        log = self.log
        log.extend(settled.awards)
        # _end(settled.results): the one share is the whole pot
        stacks = self.stacks
        stacks[sole] += amount
        self.contrib = [0] * self.n
        self.dead = []
        self.results = settled.results
        self.phase = _OVER
        self.is_over = True
        self.to_act = None
        log.append(hand_ended(tuple(stacks)))

    def _settle(self, *, sole: int | None) -> None:
        settled = settle(game=self.game, pots=self._pots, cards=self.hole_and_board,
                         shown=self._shown, dealer=self.dealer, n=self.n, sole=sole,
                         wild=self._wild, down=self.down_cards)
        self.log.extend(settled.awards)
        self._end(settled.results)

    def _end(self, results: tuple[PotResult, ...]) -> None:
        """Pay every pot's shares into the stacks and close the hand."""
        stacks = self.stacks
        for result in results:
            for seat, amount in result.shares:
                stacks[seat] += amount
        self.contrib = [0] * self.n
        self.dead = []
        self.results = results
        self.phase = _OVER
        self.is_over = True
        self.to_act = None
        self.log.append(hand_ended(tuple(stacks)))

    # ------------------------------------------------------------ actions

    def legal_actions(self) -> list[Action]:
        """Every legal choice of the seat to act (empty once the hand is over)."""
        cached = self._legal
        if cached is None:
            cached = self._legal_list()
        return cached[:]

    def _legal_list(self) -> list[Action]:
        """The legal actions now, shared (read them, never change them)."""
        cached = self._legal
        if cached is not None:
            return cached
        seat = self.to_act
        phase = self.phase
        rnd = self._round
        if seat is None or phase is _OVER:
            legal = []
        elif phase is _BETTING:
            assert rnd is not None
            if self._bring_in_seat == seat and not rnd.acted_full:
                legal = rnd.bring_in_options(seat, self.stacks[seat])
                if seat in self._left:
                    legal = legal[:1]  # R4.3: the bring-in is posted; folded at the next decision
            elif seat in self._left:
                legal = [self._memo.folds[seat]]  # R4.3: folded at their turn, even where a check is legal
            else:  # the seat to act always has chips, so it is among the live seats
                legal = rnd.options(seat, self.stacks[seat], len(self._live))
        elif seat in self._left and phase is not _SHOWDOWN:
            # R4.3: a player who left with chips folds here (a card round, a Baseball payment)
            legal = [self._memo.folds[seat]]
        elif self.phase is Phase.CARD_ROUND:
            legal = self._card_options(seat)
        elif self.phase is Phase.PAY_OR_FOLD:
            legal = self._pay_options(seat)
        else:
            legal = self._showdown_options(seat)
        self._legal = legal
        return legal

    def check(self, action: Action) -> str | None:
        """Why ``action`` is illegal now, or None if it is legal (R1.12)."""
        if not isinstance(action, Action):
            return f"not an Action: {action!r}"
        for name in ("seat", "amount", "slot"):
            value = getattr(action, name)
            if type(value) is not int:
                return f"the {name} must be a whole number (int), got {value!r} ({type(value).__name__})"
        if not isinstance(action.kind, ActionKind):
            return (f"the kind must be an ActionKind, got {action.kind!r} "
                    f"({type(action.kind).__name__}); use ActionKind(...) to convert")
        legal = self._legal_list()
        if action in legal:
            return None
        if self.phase is Phase.OVER:
            return "the hand is over"
        if not 0 <= action.seat < self.n:
            return f"there is no seat {action.seat}"
        if self.folded[action.seat]:
            return f"seat {action.seat} is not in the hand"
        if action.seat != self.to_act:
            return f"out of turn: seat {self.to_act} is to act"
        same_kind = [a for a in legal if a.kind is action.kind]
        if not same_kind:
            return f"cannot {action.kind.value.replace('_', ' ')} now"
        if action.kind is ActionKind.BUY:
            slot = action.slot
            if not 1 <= slot <= 4:
                return f"there is no market slot {slot} (slots are 1 to 4)"
            if self.market[slot - 1] is None:
                return f"market slot {slot} is empty"
            price = self.game.market_price(slot)
            if price > self.stacks[action.seat]:
                return f"market slot {slot} costs {price}, more than the stack of {self.stacks[action.seat]}"
            return f"market slot {slot} costs {price}, not {action.amount}"
        amounts = " or ".join(str(a.amount) for a in same_kind)
        return f"wrong amount {action.amount}: {action.kind.value.replace('_', ' ')} is {amounts}"

    def apply(self, action: Action) -> None:
        """Play ``action``. Raises :class:`IllegalAction` (state unchanged) if it is not legal."""
        legal_list = self._legal
        if legal_list is None:
            legal_list = self._legal_list()
        for legal in legal_list:
            if legal is action:  # the engine's own (interned) action: legal as it stands
                break
        else:
            if action not in legal_list or not (
                type(action.amount) is int and type(action.seat) is int and type(action.slot) is int
            ):
                reason = self.check(action)
                assert reason is not None
                raise IllegalAction(action, reason, self.legal_actions())
        self._legal = None  # the hand moves on: what follows sets or clears it
        phase = self.phase
        if phase is not _BETTING:
            self._apply_other(action, phase)
            return
        # A betting action: the betting round's rules say what it puts in (betting.py)
        rnd = self._round
        assert rnd is not None
        seat, kind = action.seat, action.kind
        live = self._live
        op = rnd.record(action, live)  # (its log record)
        paid = op.paid
        if paid:
            stacks = self.stacks
            stack = stacks[seat] = stacks[seat] - paid
            self.contrib[seat] += paid
            if not stack:
                live.discard(seat)
        elif kind is _FOLD:
            self.folded[seat] = True
            self._active_count -= 1
            live.discard(seat)
            if rnd.big_increment is not None and not self._open_pair():
                rnd.big_increment = None  # R2.6: the open pair is judged on active players' boards
        self.log.append(op)
        if self._active_count == 1:
            self._finish_uncontested()
            return
        pending = rnd.pending
        if not pending:  # the round is over: uncalled chips back, then _end_street
            self._return_uncalled()
            if self.street + 1 < len(self.game.streets):
                self._begin_street(self.street + 1)
            else:
                self._begin_showdown()
            return
        for s in self._setup.after[seat]:  # the next seat clockwise still to act
            if s in pending:
                break
        self.to_act = s
        if not self._left:  # (else the legal actions when asked, _legal_list)
            self._legal = rnd.options(s, self.stacks[s], len(live))

    def _apply_other(self, action: Action, phase: Phase) -> None:
        """apply() for a Wall Street card round, a Baseball payment or a showdown."""
        if phase is Phase.PAY_OR_FOLD:
            self._apply_payment(action)
        elif phase is _CARD_ROUND:
            if action.kind is ActionKind.FOLD:  # a player who left (R4.3)
                if self._fold_in_card_round(action):
                    return  # the last opponent left: the hand is over (R1.8)
            else:
                self._apply_card(action)
            self._advance_card_round()
        else:
            self._apply_showdown(action)

    def leave(self, seat: int) -> None:
        """R4.3: the player of ``seat`` has left the table during the hand.

        From now on, at their next decision of any kind their only legal
        action is to fold, even where a check would be legal (a player who
        has left cannot win a contested pot): in a betting round, a Wall Street
        card round (also when they can afford no market slot), a Baseball
        payment; at showdown they muck (they show only if they are the last
        contender of a contested pot). The bring-in, which cannot be folded
        (R2.4), is posted (the completion is not offered). A pot in which they
        are the only eligible player is still theirs (R1.9). A player who
        leaves all-in has no decision left: their hand plays on and is shown.
        Nothing is applied or logged here: the fold comes at their turn.
        """
        if type(seat) is not int or not 0 <= seat < self.n:
            raise GameError(f"there is no seat {seat!r} in this hand")
        if self.phase is Phase.OVER:
            raise GameError("the hand is over")
        if self.folded[seat]:
            raise GameError(f"seat {seat} is not in the hand")
        self._left = self._left | {seat}
        self._legal = None

    @property
    def left(self) -> frozenset[int]:
        """Seats whose player has left during the hand (see :meth:`leave`)."""
        return self._left

    def _find(self, *kinds: ActionKind, big: bool = False, slot: int = 0) -> Action:
        legal = self.legal_actions()
        matches = [a for a in legal if a.kind in kinds and (not slot or a.slot == slot)]
        if not matches:
            wanted = "/".join(k.value for k in kinds)
            raise IllegalAction(wanted, f"cannot {wanted} now", legal)
        return matches[-1] if big else matches[0]

    def fold(self) -> None:
        """Fold (only legal when a bet is owed)."""
        self.apply(self._find(ActionKind.FOLD))

    def check_or_call(self) -> None:
        """Check if nothing is owed, else call."""
        self.apply(self._find(ActionKind.CHECK, ActionKind.CALL))

    def bet_or_raise(self, *, big: bool = False) -> None:
        """Bring in, complete, bet or raise; ``big`` picks the open-pair big bet (R2.6)."""
        self.apply(self._find(ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE, big=big))

    def bring_in(self) -> None:
        """Post the bring-in (R2.4)."""
        self.apply(self._find(ActionKind.BRING_IN))

    def take_card(self) -> None:
        """Wall Street: take the free card (R3.5)."""
        self.apply(self._find(ActionKind.TAKE_CARD))

    def buy(self, slot: int) -> None:
        """Wall Street: buy market slot 1..4 (R3.5)."""
        self.apply(self._find(ActionKind.BUY, slot=slot))

    def show(self) -> None:
        """Showdown: show the hand (R1.9)."""
        self.apply(self._find(ActionKind.SHOW))

    def muck(self) -> None:
        """Showdown: muck, giving up every pot (R1.9)."""
        self.apply(self._find(ActionKind.MUCK))

    # --------------------------------------------------------------- views

    def view(self, seat: int | None = None, *, log: bool = True) -> SeatView:
        """What ``seat`` may see (``None``: the public). Built from the log, filtered.

        ``log=False``: the state alone, with an empty ``log`` (see :meth:`views`).
        """
        if not log:
            return self.views((seat,))[0]
        shown = frozenset(self._shown)
        records = tuple(op.visible_to(seat, shown) for op in self.log)
        down: list[list[Card | None]] = [[] for _ in range(self.n)]
        up: list[list[Card]] = [[] for _ in range(self.n)]
        for op in records:
            if isinstance(op, CardDealt):
                if op.face_up:
                    assert op.card is not None
                    up[op.seat].append(op.card)
                else:
                    down[op.seat].append(op.card)
        bets = self._round.bets if self._round is not None and self.phase is Phase.BETTING \
            else [0] * self.n
        players = tuple(
            PlayerView(
                seat=s, stack=self.stacks[s], bet=bets[s], contributed=self.contrib[s],
                folded=self.folded[s], all_in=not self.folded[s] and self.stacks[s] == 0
                and self.phase is not Phase.OVER,
                down=tuple(down[s]), up=tuple(up[s]), shown=s in shown, mucked=s in self._mucked,
            )
            for s in range(self.n)
        )
        return SeatView(
            seat=seat, game=self.game, dealer=self.dealer, street=self.street,
            street_name=self.street_name, phase=self.phase, to_act=self.to_act,
            legal_actions=tuple(self.legal_actions()) if seat is not None and seat == self.to_act
            else (),
            players=players, market=tuple(self.market), community=tuple(self.community),
            pot=self.pot, log=records, results=self.results,
            wild_ranks=_view_wild(self.game.wild, records),
            private_wild_ranks=() if seat is None else self.private_wild_ranks(seat),
        )

    def views(self, seats: Sequence[int | None]) -> list[SeatView]:
        """The views of several viewers at once, without the log: ``view(seat)`` of each with an
        empty ``log`` (a server sends each update's new records itself and need not filter the
        whole log again for every viewer).

        The cards are those of the deal records: a down card is hidden unless it is the viewer's
        own or was shown (R1.9), as :meth:`CardDealt.visible_to
        <studpoker.engine.operations.CardDealt.visible_to>` hides it in the log. Every viewer sees
        everyone else's seat as the public does, so those seats are one :class:`PlayerView`
        object shared by the views.
        """
        n, shown, mucked, phase = self.n, frozenset(self._shown), self._mucked, self.phase
        stacks, contrib, folded = self.stacks, self.contrib, self.folded
        bets = self._round.bets if self._round is not None and phase is Phase.BETTING else [0] * n
        over = phase is Phase.OVER
        downs = [tuple([c for c, face_up in held if not face_up]) for held in self.cards]
        ups = [tuple([c for c, face_up in held if face_up]) for held in self.cards]

        def player(s: int, visible: bool) -> PlayerView:
            return PlayerView(
                seat=s, stack=stacks[s], bet=bets[s], contributed=contrib[s], folded=folded[s],
                all_in=not folded[s] and stacks[s] == 0 and not over,
                down=downs[s] if visible else (None,) * len(downs[s]), up=ups[s], shown=s in shown,
                mucked=s in mucked,
            )

        public = tuple([player(s, s in shown) for s in range(n)])
        market, community, pot, to_act = tuple(self.market), tuple(self.community), self.pot, self.to_act
        wild = self.wild_ranks  # the last WildRanksChanged of the log, without reading it
        private = self.game.lowest_down_wild
        out = []
        for seat in seats:
            players = public
            if seat is not None and seat not in shown:
                mine = list(public)
                mine[seat] = player(seat, True)
                players = tuple(mine)
            out.append(SeatView(
                seat=seat, game=self.game, dealer=self.dealer, street=self.street,
                street_name=self.street_name, phase=phase, to_act=to_act,
                legal_actions=tuple(self.legal_actions()) if seat is not None and seat == to_act else (),
                players=players, market=market, community=community, pot=pot, log=(),
                results=self.results, wild_ranks=wild,
                private_wild_ranks=() if seat is None or not private else
                _rank_chars(self.game.private_wild(downs[seat])),
            ))
        return out

    def copy(self) -> Hand:
        """An independent copy (for search and simulation)."""
        cls = type(self)
        other = cls.__new__(cls)  # copy.copy's result, without its generic protocol
        for name, value in zip(_HAND_SLOTS, _hand_values(self), strict=True):
            setattr(other, name, value)
        for name in ("stacks", "contrib", "folded", "community", "market", "dead", "log",
                     "_card_order", "_show_order", "_pots", "_stub", "_board_bits", "_pay_queue"):
            setattr(other, name, list(getattr(self, name)))
        if self._fixed >= len(self._stub):
            pass  # the whole deck is fixed: the rng is never drawn from, so it is shared
        elif not isinstance(self._rng, random.SystemRandom):
            other._rng = rng = _RandomType.__new__(_RandomType)  # unseeded: setstate fills it
            rng.setstate(self._rng.getstate())
        other.cards = [list(c) for c in self.cards]
        other._shown = set(self._shown)
        other._mucked = set(self._mucked)
        other._live = set(self._live)
        if self._round is not None:
            other._round = self._round.copy()
        return other

    def __repr__(self) -> str:
        return (
            f"<Hand {self.game.name} street={self.street_name} phase={self.phase.value} "
            f"to_act={self.to_act} stacks={self.stacks} pot={self.pot}>"
        )


def _rank_chars(mask: int) -> tuple[str, ...]:
    return tuple(RANK_CHARS[r] for r in range(12, -1, -1) if mask >> r & 1)


def _view_wild(wild: int, log: Sequence[Operation]) -> tuple[str, ...]:
    """The wild ranks a view shows: the game's, then the last change in the log (R8.3)."""
    ranks = _rank_chars(wild)
    for op in log:
        if isinstance(op, WildRanksChanged):
            ranks = op.ranks
    return ranks


_QUEEN = 10  # Rank.QUEEN
Game.hand_class = Hand  # what Game.deal builds (studpoker.engine.games cannot import this module)
_HAND_SLOTS: tuple[str, ...] = Hand.__slots__
_hand_values = attrgetter(*_HAND_SLOTS)
