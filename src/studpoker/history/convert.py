"""A room's hand played through the engine and written in PHH.

:func:`convert` takes a :class:`~studpoker.history.core.RoomHand` and
returns a :class:`~studpoker.phh.HandHistory`, or raises :class:`Refused`
with the reason the engine cannot replay it and, where one would, the house
option that covers the room's rule (``fold_when_check``,
``open_pair_raise_big``, ``max_raises``, ``heads_up_uncapped``).

The engine deals from a deck fixed in advance, so the deck is planned from
what the room shows: each card the file names goes where the engine draws it
(third street: down, down, up to each player from the dealer's left; then one
card a street to each player still in); cards nobody saw are filled in with
cards the file does not name and written ``??``. Every action is then applied
as the room wrote it, and the result checked against the room's: who acted,
every amount, the uncalled bets returned, the pots and who took them (the
room's rake aside).

Stud has no dealer button online: the player in the lowest seat number is
``p1`` (the dealer is taken to sit in the highest seat), unless the room
writes a button. Where two boards tie for first to act (R2.6) the dealer
decides; if the room's first actor shows another dealer, that one is used.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Final

from studpoker import phh
from studpoker.engine.actions import Action, ActionKind
from studpoker.engine.cards import Card, full_deck
from studpoker.engine.evaluation import board_has_pair, bring_in_key, razz_bring_in_key
from studpoker.engine.games import (
    GAMES,
    DoorCard,
    Game,
    GameError,
    OddChip,
    Opener,
    Ranking,
    from_options,
    option_names,
    to_options,
)
from studpoker.engine.hand import Hand, Phase
from studpoker.engine.operations import (
    ActionTaken,
    CardDealt,
    ChipsReturned,
    CommunityCardDealt,
    PotAwarded,
    StreetStarted,
)
from studpoker.history.core import (
    ANTE,
    BET,
    BETTING,
    BRING_IN,
    CALL,
    CAPPED,
    CHECK,
    COLLECT,
    COMMUNITY,
    COMPLETE,
    DEAL,
    FOLD,
    LEAVE,
    MUCK,
    RAISE,
    RETURN,
    REVEAL,
    SHOW,
    Event,
    RoomHand,
    shape_of,
)

__all__ = ["STREET_NAMES", "Context", "Refused", "Stakes", "convert"]

STREET_NAMES = ("third", "fourth", "fifth", "sixth", "seventh")
_STAKES = frozenset(("game", "ante", "bring_in", "small_bet", "big_bet"))
_PHH_FIELDS = frozenset(f.name for f in fields(phh.HandHistory))  # the options PHH records
# The rule behind each piece of a game's class that a refusal cites (docs/rules.md): who brings
# in (its DoorCard), who acts first after (its Opener), how a pot's share is ranked (Ranking)
# and where its odd chip goes (OddChip); a game's class holds the pieces, never its name here.
_BRING_IN_RULES: Final[dict[DoorCard, str]] = {
    DoorCard.LOWEST: "R2.4", DoorCard.HIGHEST: "R6.3", DoorCard.HIGHEST_ACE_HIGH: "R10.2",
}
_OPENER_RULES: Final[dict[Opener, str]] = {
    Opener.BRING_IN: "R2.4", Opener.HIGH_BOARD: "R2.6/R2.7", Opener.LOW_BOARD: "R6.4",
    Opener.DEALER_LEFT: "R3.4", Opener.WILD_BOARD: "R8.1", Opener.DEUCE_SEVEN_BOARD: "R10.2",
}
_RANKING_RULES: Final[dict[Ranking, str]] = {
    Ranking.HIGH: "R2.8", Ranking.EIGHT_OR_BETTER: "R5.2", Ranking.RAZZ: "R6.2",
    Ranking.DEUCE_SEVEN: "R10.1", Ranking.WILD_HIGH: "R8.1", Ranking.HIGH_SPADE: "R8.4",
    Ranking.LOW_SPADE: "R8.4",
}
_ODD_CHIP_RULES: Final[dict[OddChip, str]] = {
    OddChip.BY_CARD: "R2.10", OddChip.BY_POSITION: "R3.8", OddChip.BY_LOW_CARD: "R6.5",
    OddChip.BY_LOW_CARD_ACE_HIGH: "R10.3",
}


def _payout_rule(game: Game) -> str:
    """The rules that say who a pot of ``game`` pays: the high-low split (R5.2), else the
    ranking of its one share and the rule of its odd chip (R2.8, R2.10; R6.2, R6.5)."""
    if game.high_low:
        return "R5.2"
    return ", ".join(f"{_RANKING_RULES[h.ranking]}, {_ODD_CHIP_RULES[h.odd_chip]}" for h in game.halves)


class Refused(Exception):
    """The engine cannot replay this hand: ``reason``, and ``option``, the house option
    that would cover the room's rule (None when no option does); ``line`` is the line
    of the file where the replay stopped."""

    def __init__(self, reason: str, *, option: str | None = None, value: object = None,
                 line: int | None = None, turn: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.option = option
        self.value = value  # the option's value that covers the room's rule
        self.line = line
        self.turn = turn  # the room had another player act first on a later street


@dataclass(slots=True)
class Stakes:
    """What one table's earlier hands told: its ante and bring-in, when a hand does not
    show them (the bring-in player completed, or was all-in for less)."""

    ante: int
    bring_in: int


@dataclass(slots=True)
class Context:
    """What the hands of one stream share: each table's stakes as its hands showed them,
    and the engine's games already made (one per stakes and options)."""

    stakes: dict[tuple[str, str, int, int], Stakes] = field(default_factory=dict)
    games: dict[tuple[object, ...], Game] = field(default_factory=dict)
    defaults: dict[str, dict[str, object]] = field(default_factory=dict)  # each game's options


def convert(rh: RoomHand, *, options: Mapping[str, object] | None = None,
            context: Context | None = None) -> phh.HandHistory:
    """``rh`` replayed through the engine, as a PHH hand history (see the module doc).

    ``options`` are the room's house options (engine option names); ``context`` is
    shared by the hands of a stream (each table's ante and bring-in, the games made).
    """
    if not rh.complete:
        raise Refused("the hand is cut off: the file ends (or the next hand starts) before its "
                      "summary", line=rh.line)
    if rh.game not in GAMES:
        raise Refused(f"{rh.game} is not a game of this engine", line=rh.line)
    plan = _Plan(rh, context if context is not None else Context())
    base = dict(options or {})
    for key in list(base):
        if key not in option_names(rh.game):
            del base[key]
    tried: set[tuple[int, tuple[tuple[str, object], ...]]] = set()
    dealers = [plan.dealer] + [d for d in range(plan.n) if d != plan.dealer and rh.button is None]
    first: Refused | None = None
    queue: list[tuple[int, dict[str, object]]] = [(plan.dealer, base)]
    while queue:
        dealer, opts = queue.pop(0)
        attempt = (dealer, tuple(sorted(opts.items())))
        if attempt in tried:
            continue
        tried.add(attempt)
        try:
            return plan.run(dealer, opts)
        except Refused as exc:
            if first is None:
                first = exc
            if exc.turn and dealer == plan.dealer:  # a tie for first to act (R2.6): the dealer
                queue += [(d, opts) for d in dealers[1:]]
            if exc.option is not None and exc.value is not None \
                    and exc.option in option_names(rh.game) and opts.get(exc.option) != exc.value:
                queue.append((dealer, {**opts, exc.option: exc.value}))
    assert first is not None
    raise first


class _Plan:
    """The room's hand read once: players, stakes, known cards; :meth:`run` replays it."""

    def __init__(self, rh: RoomHand, context: Context) -> None:
        self.rh = rh
        self.context = context
        seats = {s.name: s for s in rh.seats}
        playing: set[str] = set()
        self.antes: list[Event] = []
        self.bring_ins: list[Event] = []
        self.card_events: list[Event] = []
        money: list[Event] = []
        for e in rh.events:
            kind = e.kind
            if kind in BETTING or kind in (ANTE, DEAL):
                if e.player not in seats:
                    raise Refused(f"{e.player!r} acts but has no seat", line=e.line)
                playing.add(e.player)
                if kind == ANTE:
                    self.antes.append(e)
                elif kind == BRING_IN:
                    self.bring_ins.append(e)
                elif kind == DEAL:
                    self.card_events.append(e)
            elif kind in (SHOW, REVEAL, COMMUNITY):
                self.card_events.append(e)
            elif kind in (COLLECT, RETURN):
                money.append(e)
        people = sorted(playing, key=lambda name: seats[name].seat)
        self.n = n = len(people)
        game_class = GAMES[rh.game]
        self.shape = shape_of(rh.game)  # where the game deals each card
        if not game_class.min_players <= n <= game_class.max_players:
            raise Refused(f"{n} players dealt in: {game_class.title} is for "
                          f"{game_class.min_players} to {game_class.max_players}", line=rh.line)
        self.names = people
        self.index = {name: i for i, name in enumerate(people)}
        self.room_seats = [seats[name].seat for name in people]
        self.stacks = [seats[name].stack for name in people]
        for i, st in enumerate(self.stacks):
            if st <= 0:
                raise Refused(f"{people[i]} is dealt in with no chips", line=rh.line)
        if rh.button is not None:
            at = [i for i, s in enumerate(self.room_seats) if s == rh.button]
            self.dealer = at[0] if at else max(
                (i for i, s in enumerate(self.room_seats) if s < rh.button), default=n - 1)
        else:
            self.dealer = n - 1
        self._stakes(context.stakes)
        self._cards()
        self.fills: dict[tuple[int, int], Card] = {}
        self.unknown_up: list[tuple[int, int]] | None = None  # up cards not in the file
        self.folds = [5] * n  # the street each player folded on (5: never)
        for e in rh.events:
            if e.kind == FOLD:
                p = self.index_of(e)
                self.folds[p] = min(self.folds[p], e.street)
        self.collected = [0] * n
        self.returned = [0] * n
        self.ante_returned = [0] * n  # antes the room gave back before any betting
        first_bet = next((e.line for e in rh.events if e.kind in BETTING), None)
        for e in money:
            if e.kind == COLLECT:
                self.collected[self.index_of(e)] += e.amount
            elif first_bet is None or e.line < first_bet:
                self.ante_returned[self.index_of(e)] += e.amount
            else:
                self.returned[self.index_of(e)] += e.amount

    def index_of(self, e: Event) -> int:
        i = self.index.get(e.player)
        if i is None:
            raise Refused(f"{e.player!r} is not in the hand", line=e.line)
        return i

    # ------------------------------------------------------------ stakes

    def _stakes(self, known: dict[tuple[str, str, int, int], Stakes]) -> None:
        rh = self.rh
        antes, bring = self.antes, self.bring_ins
        key = (rh.room, rh.table, rh.small_bet, rh.big_bet)
        memo = known.get(key)
        ante = rh.ante
        if ante is None:
            full = [e.amount for e in antes if not e.all_in]
            ante = max(full) if full else max((e.amount for e in antes), default=0)
            if not full and memo is not None and antes:
                ante = memo.ante
        bring_in = rh.bring_in
        self.bring_in_known = True
        if bring_in is None:
            posted = [e.amount for e in bring if not e.all_in]
            if posted:
                bring_in = posted[0]
            elif memo is not None:
                bring_in = memo.bring_in
            else:
                bring_in = max(1, rh.small_bet // 2)
                self.bring_in_known = False
        self.ante, self.bring_in = ante, bring_in
        if self.bring_in_known:
            known[key] = Stakes(ante=ante, bring_in=bring_in)
        anted = {e.player for e in antes}
        if ante > 0:
            for name in self.names:
                if name not in anted:
                    raise Refused(f"{name} is dealt in without posting the ante", line=rh.line)

    def game(self, options: Mapping[str, object]) -> Game:
        rh = self.rh
        key = (rh.game, self.ante, self.bring_in, rh.small_bet, rh.big_bet, *sorted(options.items()))
        made = self.context.games.get(key)
        if made is not None:
            return made
        try:
            made = from_options(rh.game, ante=self.ante, bring_in=self.bring_in,
                                small_bet=rh.small_bet, big_bet=rh.big_bet, **options)
        except GameError as exc:
            raise Refused(f"the stakes are not a game of the engine: {exc}", line=rh.line) from None
        self.context.games[key] = made
        return made

    # ------------------------------------------------------------- cards

    def _cards(self) -> None:
        """What each player's k-th card is, where the file says (deals, shows, mucks)."""
        self.known: dict[tuple[int, int], Card] = {}
        self.extra: set[tuple[int, int]] = set()  # down cards of others seen at a muck or show
        self.dealt_known: set[int] = set()  # players whose down cards the deal lines show
        where: dict[Card, tuple[int, int]] = {}
        self.community: Card | None = None  # R1.10: one card in the middle, everyone's seventh
        for e in self.card_events:
            if e.kind == COMMUNITY and e.cards and e.cards[0] is not None:
                self.community = e.cards[0]
                where[self.community] = (-1, self.shape.total - 1)
        total, down = self.shape.total, self.shape.down
        for e in self.card_events:
            if e.kind == COMMUNITY:
                continue
            p = self.index_of(e)
            for pos, c in self._placed(e, p):
                if pos == total - 1 and c is self.community:
                    continue  # the community card, in every hand shown
                if pos >= total:
                    raise Refused(f"{e.player} shows {len(e.cards)} cards: the game deals {total}",
                                  line=e.line)
                had = self.known.get((p, pos))
                if had is not None and had is not c:
                    raise Refused(f"{e.player}'s card {pos + 1} is {had} and {c} in the file",
                                  line=e.line)
                other = where.get(c)
                if other is not None and other != (p, pos):
                    raise Refused(f"card {c} is dealt twice", line=e.line)
                where[c] = (p, pos)
                self.known[(p, pos)] = c
                if e.kind != DEAL and pos in down:
                    self.extra.add((p, pos))
                elif e.kind == DEAL and pos < self.shape.door:
                    self.dealt_known.add(p)
        self.named = frozenset(where)

    def _placed(self, e: Event, p: int) -> list[tuple[int, Card]]:
        """Where each card of ``e`` goes: a deal's from its position; a show's in order,
        unless some room writes the cards it shows in another order than it dealt them
        (the down cards sorted): then each card already known keeps its place and the
        others fill the places still unknown, in order."""
        start = e.position if e.kind == DEAL else 0
        placed = [(start + k, c) for k, c in enumerate(e.cards) if c is not None]
        if e.kind == DEAL or all(self.known.get((p, pos), c) is c for pos, c in placed):
            return placed
        mine = {c: pos for (q, pos), c in self.known.items() if q == p}
        total = self.shape.total
        free = iter([pos for pos in range(total) if (p, pos) not in self.known])
        return [(mine[c], c) if c in mine else (next(free, total), c) for _, c in placed]

    def _first_actors(self) -> dict[int, int]:
        """The player the room has act first on each street (third street: the bring-in)."""
        first: dict[int, int] = {}
        for e in self.rh.events:
            if e.kind in BETTING and e.street not in first and e.player in self.index:
                if e.street == 0 and e.kind != BRING_IN and any(b.kind == BRING_IN
                                                                for b in self.bring_ins):
                    first[0] = self.index[self.bring_ins[0].player]
                    continue
                first[e.street] = self.index[e.player]
        return first

    def _shaped(self, folds: Sequence[int], game: Game) -> dict[tuple[int, int], Card]:
        """Up cards the file does not show, chosen so that the room's bring-in and first
        actors are the rules' ones (R2.4/R2.6, R6.3/R6.4): the bring-in gets the door card
        that brings in, the others' doors are kept away from it; on a later street the first
        actor gets the best card for his board (a pair, else the highest, or the lowest in
        razz) and the others the worst that makes no pair. The replay checks the result."""
        shape = self.shape
        door = shape.door
        if self.unknown_up is None:
            last = max((e.street for e in self.rh.events if e.kind in BETTING or e.kind == DEAL),
                       default=0)  # the last street the hand reached
            ups = [(street, shape.position(street) if street else door) for street in range(last + 1)]
            self.unknown_up = [(p, pos) for p in range(self.n) for street, pos in ups
                               if pos not in shape.down and (p, pos) not in self.known
                               and folds[p] >= street]
        unknown = self.unknown_up
        if not unknown:
            return {}
        low_game = game.board_opener is Opener.LOW_BOARD
        low_door = game.bring_in_card is DoorCard.LOWEST
        first = self._first_actors()
        pool = sorted((c for c in full_deck() if c not in self.named), key=lambda c: c.code)
        fills: dict[tuple[int, int], Card] = {}

        def rank(c: Card) -> int:  # the card's place in the game's order, ace low in razz
            r = c.code >> 2
            return (r + 1) % 13 if low_game else r

        def board(p: int, upto: int) -> list[int]:
            cards = [self.known.get((p, q)) or fills.get((p, q)) for q in range(door, upto)
                     if q not in shape.down]
            return [rank(c) for c in cards if c is not None]

        def take(c: Card, at: tuple[int, int]) -> None:
            fills[at] = c
            pool.remove(c)

        key = bring_in_key if low_door else razz_bring_in_key  # the lowest key brings in
        opener = first.get(0)
        doors = [p for p in range(self.n) if (p, door) in unknown]
        if opener is not None and opener in doors:  # the bring-in's door card
            take(min(pool, key=key), (opener, door))
        door_card = self.known.get((opener, door)) or fills.get((opener, door)) \
            if opener is not None else None
        for p in doors:
            if (p, door) in fills:
                continue
            # the others' doors: above the bring-in's, middling, ranks not repeated
            used = {rank(c) for c in fills.values()}
            above = [c for c in pool if door_card is None or key(c) > key(door_card)] or pool
            ordered = sorted(above, key=lambda c: abs(rank(c) - 6))
            pick = next((c for c in ordered if rank(c) not in used), ordered[0])
            take(pick, (p, door))
        for street in range(1, shape.streets):
            pos = shape.position(street)
            if pos in shape.down:
                continue
            here = [p for p in range(self.n) if (p, pos) in unknown]
            lead = first.get(street)
            if lead is not None and lead in here:
                mine = board(lead, pos)
                if low_game:
                    pick = min(pool, key=lambda c: (rank(c) in mine, rank(c)))
                else:
                    pairs = [c for c in pool if rank(c) in mine]
                    pick = max(pairs, key=lambda c: rank(c)) if pairs else max(pool, key=rank)
                take(pick, (lead, pos))
            for p in here:
                if (p, pos) in fills:
                    continue
                mine = board(p, pos)
                if low_game:
                    pick = max(pool, key=lambda c: (rank(c) not in mine, rank(c)))
                else:
                    pick = min(pool, key=lambda c: (rank(c) in mine, rank(c)))
                take(pick, (p, pos))
        return fills

    def _deck(self, dealer: int, folds: Sequence[int], game: Game | None = None) -> list[Card]:
        """The engine's draws in order: known cards where the file names them."""
        n = self.n
        order = [(dealer + 1 + i) % n for i in range(n)]
        fills = self._shaped(folds, game) if game is not None else {}
        self.fills = fills
        taken = set(fills.values())
        spare = iter([c for c in full_deck() if c not in self.named and c not in taken])
        deck: list[Card] = []

        def unseen() -> Card:
            c = next(spare, None)
            if c is None:  # the file names so many cards that the deck has none left to deal
                raise Refused("the hand names more cards than one deck holds", line=self.rh.line)
            return c

        def card(p: int, pos: int) -> None:
            c = self.known.get((p, pos)) or fills.get((p, pos))
            deck.append(c if c is not None else unseen())

        shape = self.shape
        for pos in range(shape.first):
            for p in order:
                card(p, pos)
        for street in range(1, shape.streets):
            active = [p for p in order if folds[p] >= street]
            if len(active) < 2:
                break
            if 52 - len(deck) < len(active):  # R1.10: one community card
                c = self.community
                deck.append(c if c is not None else unseen())
                break
            for p in active:
                card(p, shape.position(street))
        deck += list(spare)
        return deck

    # -------------------------------------------------------------- play

    def run(self, dealer: int, options: Mapping[str, object]) -> phh.HandHistory:
        """Replay with player ``dealer`` (0-based, by seat number) on the button. Engine
        seats are the players in seat-number order."""
        rh = self.rh
        game = self.game(options)
        deck = self._deck(dealer, self.folds, game)
        try:
            hand = game.deal(stacks=self.stacks, dealer=dealer, deck=deck)
        except GameError as exc:
            raise Refused(str(exc), line=rh.line) from None
        left: set[int] = set()
        decisions: dict[int, str] = {}
        street_actions = [0] * 5
        index = self.index
        betting = Phase.BETTING
        for e in rh.events:
            kind = e.kind
            if kind in BETTING:
                p = index.get(e.player, -1)
                street_actions[e.street] += 1
                if hand.to_act == p and hand.phase is betting and hand.street == e.street \
                        and p not in left:  # the usual case: the room's action is legal
                    action = _match(e, hand.legal_actions())
                    if action is not None:
                        hand.apply(action)
                        continue
                street_actions[e.street] -= 1
                self._act(hand, e, self.index_of(e), left, street_actions)
                street_actions[e.street] += 1
            elif kind in (SHOW, MUCK):
                decisions[self.index_of(e)] = kind
            elif kind == LEAVE:
                p = self.index_of(e)
                if not hand.is_over and not hand.folded[p]:
                    left.add(p)
            elif kind == CAPPED:
                self._capped(hand, e)
        self._showdown(hand, decisions)
        if not hand.is_over:
            raise Refused(f"the room's hand ends but the rules go on ({self._situation(hand)})",
                          line=rh.line)
        self._check(hand)
        return self._history(hand)

    def _capped(self, hand: Hand, e: Event) -> None:
        """The room says the betting is capped: between two players with chips, the rules must
        not offer another raise (R1.5: the room caps heads-up). Elsewhere the actions that
        follow are checked as they are: the room's cap shows only in what was not done."""
        if hand.is_over or hand.phase is not Phase.BETTING or not hand.game.heads_up_uncapped:
            return
        with_chips = [s for s in hand.active if hand.stacks[s] > 0]
        if len(with_chips) == 2 and any(a.kind.is_aggressive for a in hand.legal_actions()):
            raise Refused(f"the room caps the betting on {STREET_NAMES[e.street]} street "
                          "between two players, the rules leave it uncapped (R1.5)",
                          option="heads_up_uncapped", value=False, line=e.line)

    def _situation(self, hand: Hand) -> str:
        if hand.to_act is None:
            return "nobody to act"
        who = self.names[hand.to_act]
        if hand.phase is Phase.SHOWDOWN:
            return f"{who} to show or muck"
        return f"{who} to act on {hand.street_name} street"

    def _act(self, hand: Hand, e: Event, p: int, left: set[int], street_actions: list[int]) -> None:
        seat = p
        name = e.player
        if hand.is_over:
            raise Refused(f"{name} acts after the hand is over by the rules", line=e.line)
        if hand.phase is not Phase.BETTING:
            raise Refused(f"{name} acts on {STREET_NAMES[e.street]} street, but the rules have "
                          f"no betting there ({self._situation(hand)})", line=e.line)
        if hand.street != e.street:
            raise Refused(f"{name} acts on {STREET_NAMES[e.street]} street, the rules are on "
                          f"{hand.street_name} street", line=e.line)
        if hand.to_act != seat:
            other = self.names[hand.to_act] if hand.to_act is not None else "nobody"
            first = street_actions[e.street] == 0
            game = hand.game
            rule = f"{_BRING_IN_RULES[game.bring_in_card]}, bring-in" if e.street == 0 else \
                f"{_OPENER_RULES[game.board_opener]}, first to act"
            what = f" ({rule})" if first else ""
            raise Refused(f"{name} acts first on {STREET_NAMES[e.street]} street in the room, the "
                          f"rules give the turn to {other}{what}" if first else
                          f"{name} acts out of turn: the rules give the turn to {other}",
                          line=e.line, turn=first and e.street > 0)
        legal = hand.legal_actions()
        action = _match(e, legal)
        if action is None and e.kind == FOLD and p in left \
                and any(a.kind is ActionKind.CHECK for a in legal):
            hand.leave(seat)  # R4.3: the player left the table, folded at their turn
            legal = hand.legal_actions()
            action = _match(e, legal)
        if action is None:
            raise self._refusal(hand, e, legal)
        hand.apply(action)

    def _refusal(self, hand: Hand, e: Event, legal: Sequence[Action]) -> Refused:
        """Why the room's action is not one of the engine's, naming the option that allows it."""
        kinds = {a.kind for a in legal}
        name, street = e.player, STREET_NAMES[e.street]
        allowed = ", ".join(_words(a) for a in legal)
        if e.kind == FOLD and ActionKind.CHECK in kinds:
            return Refused(f"{name} folds on {street} street where a check is legal: the rules offer "
                           f"a fold only when a bet is owed (R1.5)", option="fold_when_check",
                           value=True, line=e.line)
        if e.kind in (COMPLETE, BET, RAISE):
            game = hand.game
            bets = _street_bets(hand)
            if not any(a.kind.is_aggressive for a in legal):
                if len(bets) >= 1 + game.max_raises:
                    heads_up = len([s for s in hand.active if hand.stacks[s] > 0]) == 2
                    option, value = ("heads_up_uncapped", True) if heads_up else \
                        ("max_raises", game.max_raises + 1)
                    return Refused(f"{name} raises on {street} street after the cap (a bet and "
                                   f"{game.max_raises} raises, R1.5)", option=option, value=value,
                                   line=e.line)
                return Refused(f"{name} bets or raises on {street} street, the rules allow only: "
                               f"{allowed} (R1.5, R1.6)", line=e.line)
            pair = e.street == 1 and any(board_has_pair(hand.up_cards(s)) for s in hand.active)
            small, big = self.rh.small_bet, self.rh.big_bet
            if pair and bets == [small] and e.amount == small + big \
                    and "open_pair_raise_big" in option_names(game.name):
                return Refused(f"{name} raises the small bet on fourth street by the big bet on an "
                               f"open pair (to {e.amount}, R2.6)", option="open_pair_raise_big",
                               value=True, line=e.line)
            if e.street == 1 and not bets and e.amount == big:
                rule = game.left_out.get("open_pair_big_bet", "R2.6")  # R5.3, R6.5: no open pair
                return Refused(f"{name} bets the big bet on fourth street"
                               f"{'' if pair else ' without an open pair'} ({rule})", line=e.line)
            return Refused(f"{name} bets or raises to {e.amount} on {street} street; the rules "
                           f"allow {allowed} (R1.5, R1.6)", line=e.line)
        return Refused(f"{name}'s {e.kind.replace('_', '-')} "
                       f"{'of ' + str(e.amount) + ' ' if e.amount else ''}on {street} street is not "
                       f"legal: the rules allow {allowed}", line=e.line)

    def _showdown(self, hand: Hand, decisions: Mapping[int, str]) -> None:
        """Each contender shows or mucks as the room says (in the rules' order, R1.9);
        one the room says nothing of shows if they collected, else mucks."""
        while not hand.is_over and hand.phase is Phase.SHOWDOWN:
            p = hand.to_act
            assert p is not None
            legal = hand.legal_actions()
            said = decisions.get(p)
            want = ActionKind.SHOW if said == SHOW or (said is None and self.collected[p] > 0) \
                else ActionKind.MUCK
            action = next((a for a in legal if a.kind is want), None)
            if action is None:
                if said == MUCK:
                    raise Refused(f"{self.names[p]} mucks, but the rules make them show: the last "
                                  f"player holding cards in a pot shows (R1.9)", line=self.rh.line)
                action = legal[0]
            hand.apply(action)

    def _check(self, hand: Hand) -> None:
        """The engine's hand is the room's: the cards where the file names them, the
        uncalled bets returned, the pot and who took it (the rake aside)."""
        rh = self.rh
        n = self.n
        counts = [0] * n
        won = [0] * n
        returned = [0] * n
        antes_back = [0] * n
        known = self.known
        betting = False
        for op in hand.log:
            if isinstance(op, CardDealt):
                p = op.seat
                want = known.get((p, counts[p]))
                if want is not None and op.card is not want:
                    raise Refused(f"{self.names[p]}'s card {counts[p] + 1} is {want} in the room, "
                                  f"the rules deal {op.card} there", line=rh.line)
                counts[p] += 1
            elif isinstance(op, ActionTaken):
                continue
            elif isinstance(op, CommunityCardDealt):
                if self.community is not None and op.card is not self.community:
                    raise Refused(f"the community card is {self.community} in the room, the rules "
                                  f"deal {op.card} (R1.10)", line=rh.line)
                for p in range(n):
                    counts[p] += 1
            elif isinstance(op, PotAwarded):
                won[op.seat] += op.amount
            elif isinstance(op, StreetStarted):
                betting = True
            elif isinstance(op, ChipsReturned):
                (returned if betting else antes_back)[op.seat] += op.amount
        if any(self.ante_returned) and self.ante_returned != antes_back:
            raise Refused(f"the room gives back antes {self.ante_returned}, the rules {antes_back} "
                          "(R1.6)", line=rh.line)
        for p in range(self.n):
            if self.returned[p] != returned[p]:
                raise Refused(f"the room returns {self.returned[p]} uncalled to {self.names[p]}, "
                              f"the rules return {returned[p]} (R1.6)", line=rh.line)
        total = sum(won)
        if rh.total_pot is not None and rh.total_pot != total:
            raise Refused(f"the room's pot is {rh.total_pot}, the rules' {total}", line=rh.line)
        paid = sum(self.collected)
        if paid + rh.rake != total:
            raise Refused(f"the room pays {paid} with a rake of {rh.rake} from a pot of {total}",
                          line=rh.line)
        for p in range(self.n):
            if self.collected[p] > won[p] or (won[p] > 0 and self.collected[p] == 0
                                              and won[p] > rh.rake):
                winners = ", ".join(f"{self.names[q]} {won[q]}" for q in range(self.n) if won[q])
                rooms = ", ".join(f"{self.names[q]} {self.collected[q]}" for q in range(self.n)
                                  if self.collected[q])
                rule = _payout_rule(hand.game)
                raise Refused(f"the room pays {rooms or 'nobody'}, the rules pay {winners} ({rule})",
                              line=rh.line)

    # ------------------------------------------------------------ output

    def _history(self, hand: Hand) -> phh.HandHistory:
        rh = self.rh
        order = _phh_seats(hand)  # the player of p1, p2, ...
        if len(self.dealt_known) > 1:  # several players' down cards known: hide only the unknown
            h = phh.from_hand(hand)
            h.actions = self._mask(h.actions, order)
        else:
            viewer = next(iter(self.dealt_known), None)
            h = phh.from_hand(hand, public=viewer is None, viewer=viewer)
            if self.extra:
                h.actions = self._unmask(h.actions, order)
        if self.fills:  # up cards the file does not show, chosen so that the rules open as the room
            seat_of = {p: k + 1 for k, p in enumerate(order)}
            h.fields["_chosen_cards"] = [f"p{seat_of[p]} {pos + 1} {c}"
                                         for (p, pos), c in sorted(self.fills.items())]
        defaults = self.context.defaults.get(rh.game)
        if defaults is None:
            defaults = self.context.defaults[rh.game] = to_options(from_options(rh.game))
        for key, value in to_options(hand.game).items():  # a house option the hand showed
            if value != defaults.get(key) and key not in _STAKES and key not in _PHH_FIELDS:
                raise Refused(f"the hand needs the house option {key} = {value}, which PHH files "
                              "cannot record yet", option=key, line=rh.line)
        h.players = [self.names[p] for p in order]
        h.seats = [self.room_seats[p] for p in order]
        h.seat_count = rh.max_seats
        h.hand = int(rh.hand_id) if rh.hand_id.isdigit() and len(rh.hand_id) < 19 else rh.hand_id
        if rh.table:
            h.table = int(rh.table) if rh.table.isdigit() and len(rh.table) < 19 else rh.table
        fields: dict[str, object] = {"_room": rh.room}
        if rh.time is not None:
            fields.update(year=rh.time.year, month=rh.time.month, day=rh.time.day,
                          time=rh.time.time())
            if rh.time_zone:
                fields["time_zone_abbreviation"] = rh.time_zone
        if rh.currency is not None:
            fields["_currency"] = rh.currency
        if rh.unit is not None:
            fields["_unit"] = rh.unit
        if rh.tournament is not None:
            fields["_tournament"] = rh.tournament
        if rh.level is not None:
            fields["_level"] = rh.level
        if rh.rake:
            fields["_rake"] = rh.rake
        if len(self.dealt_known) == 1:
            fields["_hero"] = self.names[next(iter(self.dealt_known))]
        elif rh.hero is not None and rh.hero in self.index:  # a room that deals every hand face up
            fields["_hero"] = rh.hero
        h.fields.update(fields)
        return h

    def _mask(self, actions: list[str], order: Sequence[int],
              only: Mapping[tuple[int, int], Card] | None = None) -> list[str]:
        """``??`` for every card of a full history that the room never showed (``only``: for
        those cards alone)."""
        held = [0] * self.n
        out = []
        for text in actions:
            words = text.split(" ")
            if len(words) == 4 and words[0] == "d" and words[1] == "dh":
                p = order[int(words[2][1:]) - 1]
                start = held[p]
                held[p] += len(words[3]) // 2
                words[3] = self._hide(p, start, words[3], only)
                text = " ".join(words)
            elif len(words) == 3 and words[1] == "sm":
                words[2] = self._hide(order[int(words[0][1:]) - 1], 0, words[2], only)
                text = " ".join(words)
            out.append(text)
        return out

    def _hide(self, p: int, start: int, cards: str,
              only: Mapping[tuple[int, int], Card] | None = None) -> str:
        pieces = [cards[i:i + 2] for i in range(0, len(cards), 2)]
        if only is not None:
            return "".join("??" if (p, start + k) in only else piece
                           for k, piece in enumerate(pieces))
        return "".join(piece if (p, start + k) in self.known else "??"
                       for k, piece in enumerate(pieces))

    def _unmask(self, actions: list[str], order: Sequence[int]) -> list[str]:
        """Put back the down cards the room showed at a muck or a show that the public
        view hides."""
        held = [0] * self.n
        out = []
        for text in actions:
            words = text.split(" ")
            if len(words) == 4 and words[0] == "d" and words[1] == "dh":
                p = order[int(words[2][1:]) - 1]
                cards = words[3]
                start = held[p]
                held[p] += len(cards) // 2
                words[3] = self._fill(p, start, cards)
                text = " ".join(words)
            elif len(words) == 3 and words[1] == "sm":
                p = order[int(words[0][1:]) - 1]
                words[2] = self._fill(p, 0, words[2])
                text = " ".join(words)
            out.append(text)
        return out

    def _fill(self, p: int, start: int, cards: str) -> str:
        pieces = [cards[i:i + 2] for i in range(0, len(cards), 2)]
        for k, piece in enumerate(pieces):
            if piece == "??" and (p, start + k) in self.extra:
                pieces[k] = str(self.known[(p, start + k)])
        return "".join(pieces)


_WANTED = {FOLD: (ActionKind.FOLD,), CHECK: (ActionKind.CHECK,), CALL: (ActionKind.CALL,),
           BRING_IN: (ActionKind.BRING_IN,),
           COMPLETE: (ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE),
           BET: (ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE),
           RAISE: (ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE)}


def _match(e: Event, legal: Sequence[Action]) -> Action | None:
    """The engine's legal action that is the room's ``e`` (its kind; its amount but for a
    fold or a check). A room's "raise" may be the engine's completion (R2.5)."""
    wanted = _WANTED[e.kind]
    free = e.kind == FOLD or e.kind == CHECK
    for a in legal:
        if a.kind in wanted and (free or a.amount == e.amount):
            return a
    return None


def _street_bets(hand: Hand) -> list[int]:
    """The amounts of the completions, bets and raises on the street being bet."""
    out: list[int] = []
    for op in hand.log:
        if isinstance(op, StreetStarted):
            out = []
        elif isinstance(op, ActionTaken) and op.action.kind.is_aggressive:
            out.append(op.action.amount)
    return out


def _phh_seats(hand: Hand) -> list[int]:
    return [(hand.dealer + 1 + i) % hand.n for i in range(hand.n)]


def _words(action: Action) -> str:
    kind = action.kind
    if kind is ActionKind.CALL:
        return f"call {action.amount}"
    if kind is ActionKind.BRING_IN:
        return f"bring in {action.amount}"
    if kind.is_aggressive:
        return f"{kind.value} to {action.amount}"
    return str(kind.value)
