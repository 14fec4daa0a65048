"""Replaying a history through the engine: the deck planner (:class:`_Replayer`, whose
``_plan`` puts each card the file names where the engine will draw it, and deals again when
play changes the draw order) and the replay functions (:func:`replay_result`,
:func:`replay`, :func:`replay_all`, :func:`for_viewer`).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Final

from studpoker.engine.actions import Action, ActionKind, IllegalAction
from studpoker.engine.cards import Card, full_deck
from studpoker.engine.games import Game, GameError, phh_order
from studpoker.engine.hand import Hand, Phase
from studpoker.engine.operations import ActionTaken, CardDealt, CommunityCardDealt, MarketDealt
from studpoker.phh.hand_history import HandHistory, _Reject
from studpoker.phh.reading import _Act, _parse_action, read
from studpoker.phh.variants import _STUD_FAMILY, WALL_STREET
from studpoker.phh.writing import _card_name, _cards_text, _phh_action, from_hand

__all__ = [
    "ReplayResult",
    "for_viewer",
    "replay",
    "replay_all",
    "replay_result",
]

_DIFFERENCES_DOC: Final = "docs/pokerkit-differences.md"


# --------------------------------------------------------------------------
# Replay
# --------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class ReplayResult:
    """A replayed hand: the engine's :class:`Hand`, and how it maps to the file.

    ``dealer``: the seat with the button (``p1`` is the seat after it).
    ``unknown``: the cards that stand in for ``??`` (shown as ``??``).
    ``steps``: for each file action applied, ``(action index, log length after it)``.
    """

    history: HandHistory
    hand: Hand
    unknown: frozenset[Card]
    steps: tuple[tuple[int, int], ...]

    def seat(self, player: int) -> int:
        """The seat of player ``player`` (0-based: 0 is ``p1``)."""
        return phh_order(self.hand.dealer, self.hand.n)[player]

    def player(self, seat: int) -> int:
        """The 0-based player index (0 is ``p1``) of ``seat``."""
        return phh_order(self.hand.dealer, self.hand.n).index(seat)

    def label(self, seat: int) -> str:
        """``"p1"``..., with the player's name when the file has ``players``."""
        p = self.player(seat)
        names = self.history.players
        if names and names[p]:
            return f"p{p + 1} ({names[p]})"
        return f"p{p + 1}"

    @property
    def finishing_stacks(self) -> list[int]:
        """Stacks in ``p1, p2, ...`` order (current stacks if the hand is unfinished)."""
        return [self.hand.stacks[self.seat(p)] for p in range(self.hand.n)]

    @property
    def winnings(self) -> list[int]:
        """Chips won (+) or lost (-) per player, in ``p1, p2, ...`` order."""
        return [self.hand.payoffs[self.seat(p)] for p in range(self.hand.n)]


_BOUGHT: Final = "bought"
_BETTING_KINDS: Final = frozenset({ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL,
                                   ActionKind.BRING_IN, ActionKind.COMPLETE, ActionKind.BET,
                                   ActionKind.RAISE})


class _Replayer:
    """Replays one history. The engine takes its deck up front, so the deck is
    planned: each card the file names goes where the engine will draw it (seat
    N's k-th card, the j-th market card, the j-th community card). Where the
    draw order depends on play (folds, card rounds) the hand is dealt again
    with the corrected deck and the actions so far re-applied."""

    def __init__(self, history: HandHistory, game: Game | None = None) -> None:
        self.h = h = history
        self.game = h.game() if game is None else game
        self.n = n = h.player_count
        self.dealer = self._dealer()
        self.order = phh_order(self.dealer, n)
        self.player_of = [0] * n  # by seat: the 0-based player index
        for p, seat in enumerate(self.order):
            self.player_of[seat] = p
        self.acts: list[_Act] = []
        for i, text in enumerate(h.actions):
            try:
                self.acts.append(_parse_action(text, n, h.variant))
            except _Reject as exc:
                raise h.error(exc.reason, action_index=i) from None
        self.deck_cards = full_deck(joker=self.game.joker)
        self._prescan()
        self.applied: list[Action | int] = []  # an int: that seat left (Hand.leave, R4.3)
        self.deferred: dict[int, int] = {}  # seat -> action index of a show/muck not yet due
        self.hand = self._deal()
        self._reset_scan()
        try:
            self._sync()
        except _Reject as exc:
            raise h.error(exc.reason, key="actions") from None

    def _dealer(self) -> int:
        seats, n = self.h.seats, self.n
        if seats is not None and sorted(seats) == list(range(1, n + 1)):
            dealer = (seats[0] - 2) % n
            if [s - 1 for s in seats] == phh_order(dealer, n):
                return dealer
        return n - 1

    def seat(self, player: int) -> int:
        return self.order[player]

    def player(self, seat: int) -> int:
        return self.player_of[seat]

    def label(self, seat: int) -> str:
        return f"p{self.player(seat) + 1}"

    # ------------------------------------------------------------ planning

    def _prescan(self) -> None:
        """What the file says each card is; where each dealing action starts."""
        n = self.n
        events: list[list[Card | str | None]] = [[] for _ in range(n)]
        shown: list[tuple[int, int, tuple[Card | None, ...]]] = []  # (action, player, cards)
        self.decision: dict[int, int] = {}  # player -> index of their last show or muck
        self.market: list[Card | None] = []
        self.community: list[Card | None] = []
        self.start: dict[int, int] = {}  # action index -> index of its first card
        first_seen: dict[Card, int] = {}
        allowed = set(self.deck_cards)
        self.problems: dict[int, str] = {}  # action index -> why it cannot be

        def note(card: Card | None, i: int) -> Card | None:
            """The card if it may be dealt here; a problem is reported when action i is due."""
            if card is None:
                return None
            if card not in allowed:
                self.problems.setdefault(i, f"card {card} is not in this game's deck (the "
                                            "joker needs _joker = true)")
                return None
            if card in first_seen:
                self.problems.setdefault(i, f"card {card} is dealt twice (first in actions"
                                            f"[{first_seen[card]}]): a deck has one of each "
                                            "card (R1.1, R1.10)")
                return None
            first_seen[card] = i
            return card

        for i, act in enumerate(self.acts):
            if act.verb == "dh":
                self.start[i] = len(events[act.player])
                events[act.player].extend(note(c, i) for c in act.cards)
            elif act.verb == "mb":
                events[act.player].append(_BOUGHT)
            elif act.verb == "dm":
                self.start[i] = len(self.market)
                self.market.extend(note(c, i) for c in act.cards)
            elif act.verb == "db":
                self.start[i] = len(self.community)
                self.community.extend(note(c, i) for c in act.cards)
            elif act.verb == "sm":
                self.decision[act.player] = i  # the last one decides; earlier ones expose
                if act.cards:
                    shown.append((i, act.player, act.cards))
        for i, p, cards in shown:  # shown cards fill in what was dealt unseen
            ev = events[p]
            for k, c in enumerate(cards):
                if c is None:
                    continue
                if k >= len(ev):
                    ev.append(note(c, i))
                elif ev[k] is None and i not in self.problems:
                    ev[k] = note(c, i)
                # else: a bought card, or one dealt known: checked when the show is due
        self.events = events
        self.named = frozenset(first_seen)
        self.deck = self._plan()

    def _plan(self) -> list[Card]:
        """The deck in the order the engine will draw it, if every player the file deals
        a card on a street was in the hand when it was dealt (else :meth:`_sync` fixes it).

        The streets of the game are dealt as the engine deals them: round by round to
        the players the file still has cards for, from the dealer's left; a round the
        stub cannot give to them all is one community card (R1.10); a face-up card of
        the game's ``extra_card_rank`` brings its holder the next card at once (R8.2),
        so a player's k-th card need not be dealt on the k-th round; a Wall Street card
        round takes a player's card from the stub or, for a bought slot, refills the
        market from it (R3.5)."""
        n, events, game = self.n, self.events, self.game
        size = len(self.deck_cards)
        extra = game.extra_card_rank
        keys: list[tuple[str, int, int]] = []
        counts = [0] * n  # by player: the cards planned so far
        mcount = ccount = 0

        def give(p: int, face_up: bool, owed: int) -> None:
            keys.append(("p", self.seat(p), counts[p]))
            counts[p] += 1
            card = self._want(keys[-1])
            if face_up and extra is not None and card is not None and not card.is_joker \
                    and card.code >> 2 == extra and size - len(keys) > owed \
                    and counts[p] < len(events[p]):
                give(p, True, owed)  # R8.2: the next card at once

        for index, street in enumerate(game.streets):
            if street.card_round:
                for p in range(n):
                    if counts[p] >= len(events[p]) or len(keys) >= size:
                        continue
                    if events[p][counts[p]] is _BOUGHT:
                        keys.append(("m", 0, mcount))  # the refill of the bought slot
                        mcount += 1
                        counts[p] += 1
                    else:
                        give(p, True, 0)
                continue
            for k in range(street.down + street.up):
                active = [p for p in range(n) if counts[p] < len(events[p])]
                if index and not active:  # nobody has a card here: a community card (R1.10)
                    if ccount < len(self.community) and len(keys) < size:
                        keys.append(("c", 0, ccount))
                        ccount += 1
                    continue
                if size - len(keys) < len(active):  # R1.10
                    if len(keys) < size:
                        keys.append(("c", 0, ccount))
                        ccount += 1
                    continue
                for i, p in enumerate(active):
                    give(p, k >= street.down, len(active) - 1 - i)
            for _ in range(street.market):
                if len(keys) < size:
                    keys.append(("m", 0, mcount))
                    mcount += 1
        plan = [self._want(key) for key in keys]
        placed = {c for c in plan if c is not None}
        rest = [c for c in self.deck_cards if c not in self.named]
        rest += [c for c in self.deck_cards if c in self.named and c not in placed]
        deck: list[Card] = []
        fill = iter(rest)
        for c in plan:
            card = c if c is not None else next(fill, None)
            if card is None:
                break
            deck.append(card)
        deck += list(fill)
        return deck

    def _deal(self) -> Hand:
        try:
            return self.game.deal(stacks=[self.h.starting_stacks[self.player(s)]
                                          for s in range(self.n)],
                                  dealer=self.dealer, deck=self.deck, seed=0)
        except GameError as exc:
            raise self.h.error(str(exc), key="starting_stacks") from None

    def _reset_scan(self) -> None:
        self.scanned = 0
        self.draws = 0
        self.counts = [0] * self.n
        self.mcount = 0
        self.ccount = 0
        self.after_buy = False
        self.unknown: set[Card] = set()
        self.market_dealt: list[Card] = []  # every market card dealt so far, in order
        self.decided: set[int] = set()  # seats that showed or mucked

    def _want(self, key: tuple[str, int, int]) -> Card | None:
        kind, a, b = key
        if kind == "p":
            ev = self.events[self.player(a)]
            c = ev[b] if b < len(ev) else None
            return c if isinstance(c, Card) else None
        cards = self.market if kind == "m" else self.community
        return cards[b] if b < len(cards) else None

    def _scan(self) -> bool:
        """Check the new draws against the plan; fix the plan; True if it changed."""
        changed = False
        log = self.hand.log
        for op in log[self.scanned:]:
            key: tuple[str, int, int] | None = None
            kind = type(op)
            if kind is CardDealt:
                assert isinstance(op, CardDealt)
                if self.after_buy:
                    self.after_buy = False
                else:
                    key = ("p", op.seat, self.counts[op.seat])
                self.counts[op.seat] += 1
            elif kind is ActionTaken:
                assert isinstance(op, ActionTaken)
                verb = op.action.kind
                self.after_buy = verb is ActionKind.BUY
                if verb is ActionKind.SHOW or verb is ActionKind.MUCK:
                    self.decided.add(op.action.seat)
                continue
            elif kind is MarketDealt:
                assert isinstance(op, MarketDealt)
                key = ("m", 0, self.mcount)
                self.mcount += 1
                self.market_dealt.append(op.card)
            elif kind is CommunityCardDealt:
                key = ("c", 0, self.ccount)
                self.ccount += 1
            if key is None:
                continue
            pos = self.draws
            self.draws += 1
            want = self._want(key)
            planned = self.deck[pos]
            if want is None:
                if planned in self.named:  # keep named cards for their own places
                    spare = next((j for j in range(pos + 1, len(self.deck))
                                  if self.deck[j] not in self.named), None)
                    if spare is not None:
                        self._swap(pos, spare)
                        changed = True
                self.unknown.add(self.deck[pos])
            elif planned is not want:
                j = self.deck.index(want)
                if j < pos:
                    raise _Reject(f"card {want} is needed twice: the deck has too few cards "
                                  "for the cards this file names")
                self._swap(pos, j)
                changed = True
        self.scanned = len(log)
        return changed

    def _swap(self, i: int, j: int) -> None:
        self.deck[i], self.deck[j] = self.deck[j], self.deck[i]

    def _sync(self) -> None:
        """After the engine dealt: make its cards the file's cards."""
        for _ in range(100):
            if not self._scan():
                return
            self.hand = self._deal()
            for a in self.applied:
                if isinstance(a, int):
                    self.hand.leave(a)
                else:
                    self.hand.apply(a)
            self._reset_scan()
        raise AssertionError("deck planning did not settle")  # pragma: no cover

    # --------------------------------------------------------------- play

    def run(self) -> ReplayResult:
        steps: list[tuple[int, int]] = []
        for i, act in enumerate(self.acts):
            try:
                if i in self.problems:
                    raise _Reject(self.problems[i])
                self._leave_ahead(i)
                self._step(i, act)
            except _Reject as exc:
                raise self.h.error(exc.reason, action_index=i, legal=exc.legal) from None
            steps.append((i, len(self.hand.log)))
        self._check_results()
        return ReplayResult(history=self.h, hand=self.hand, unknown=frozenset(self.unknown),
                            steps=tuple(steps))

    def _situation(self) -> str:
        hand = self.hand
        if hand.is_over:
            return "the hand is over"
        who = "" if hand.to_act is None else self.label(hand.to_act)
        if hand.phase is Phase.BETTING:
            return f"{hand.street_name} street betting is not over ({who} to act)"
        if hand.phase is Phase.CARD_ROUND:
            return f"it is {who}'s turn in the {hand.street_name} street card round"
        if hand.phase is Phase.PAY_OR_FOLD:
            return (f"{who} pays {hand.game.up_card_price} for a face-up 3 or folds "
                    f"on {hand.street_name} street")
        return f"the hand is at showdown ({who} to show or muck)"

    def _translate(self, reason: str) -> str:
        return re.sub(r"seat (\d+)", lambda m: self.label(int(m.group(1))), reason)

    def _legal(self) -> list[str]:
        hand = self.hand
        out = []
        for a in hand.legal_actions():
            text = _phh_action(a, self.player(a.seat))
            if a.kind is ActionKind.SHOW:
                text = f"p{self.player(a.seat) + 1} sm " + _cards_text(
                    [c for c, _ in hand.cards[a.seat]])
            if text not in out:
                out.append(text)
        return out

    def _apply(self, action: Action) -> None:
        hand = self.hand
        try:
            hand.apply(action)
        except IllegalAction as exc:
            raise _Reject(self._reject_reason(action, exc.reason), self._legal()) from None
        self.applied.append(action)
        if len(hand.log) == self.scanned + 1 and action.kind in _BETTING_KINDS:
            self.scanned += 1  # only the decision was logged: nothing dealt to check
            self.after_buy = False
            return
        self._sync()

    def _reject_reason(self, action: Action, reason: str) -> str:
        hand = self.hand
        text = self._translate(reason)
        if reason.startswith("cannot") and action.seat == hand.to_act:
            kinds = {a.kind for a in hand.legal_actions()}
            if action.kind is ActionKind.FOLD and ActionKind.CHECK in kinds:
                text += " (nothing is owed: check with cc)"
            elif action.kind is ActionKind.MUCK:
                text += " (the last player holding cards in a pot must show)"
            elif action.kind.is_aggressive and hand.phase is Phase.BETTING:
                text += " (no full raise since this player acted, the betting is capped, or " \
                        "no opponent has chips)"
            elif hand.phase is not Phase.BETTING:
                text += f": {self._situation()}"
        return text

    def _reject(self, action: Action) -> _Reject:
        reason = self.hand.check(action) or f"not allowed now: {self._situation()}"
        return _Reject(self._reject_reason(action, reason), self._legal())

    def _legal_one(self, seat: int, *kinds: ActionKind, amount: int | None = None,
                   slot: int = 0) -> Action | None:
        if self.hand.to_act != seat:
            return None
        for a in self.hand.legal_actions():
            if a.kind in kinds and (amount is None or a.amount == amount) \
                    and (not slot or a.slot == slot):
                return a
        return None

    def _step(self, i: int, act: _Act) -> None:
        hand = self.hand
        if act.verb == "":
            return
        if act.verb == "dh":
            self._deal_hole(i, act)
            return
        if act.verb in ("db", "dm"):
            dealt = hand.community if act.verb == "db" else self.market_dealt
            start = self.start[i]
            what = "community card" if act.verb == "db" else "market card"
            if len(dealt) < start + len(act.cards):
                if act.verb == "db" and not hand.is_over and hand.stub_size >= len(hand.active):
                    raise _Reject(f"no {what} is dealt here: {self._situation()}; a community "
                                  "card is dealt only when the stub is short (R1.10)")
                raise _Reject(f"no {what} is dealt here: {self._situation()}")
            for k, c in enumerate(act.cards):
                if c is not None and dealt[start + k] is not c:
                    raise _Reject(f"the {what} here is {dealt[start + k]}, not {c}")
            return
        seat = self.seat(act.player)
        if act.verb == "sm":
            self._show_or_muck(i, act, seat)
            return
        if hand.is_over:
            raise _Reject("the hand is over")
        action: Action | None
        if act.verb == "pb":
            action = self._legal_one(seat, ActionKind.BRING_IN)
        elif act.verb == "f":
            action = self._legal_one(seat, ActionKind.FOLD)
        elif act.verb == "cc":
            action = self._legal_one(seat, ActionKind.CHECK, ActionKind.CALL)
        elif act.verb == "cbr":
            action = self._legal_one(seat, ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE,
                                     amount=act.amount)
        elif act.verb == "pay":  # R8.2: a face-up 3 paid for
            action = self._legal_one(seat, ActionKind.PAY, amount=act.amount)
        else:  # mb
            action = self._legal_one(seat, ActionKind.BUY, slot=act.amount)
        if action is None and act.verb == "f" and self._left(seat):
            action = self._legal_one(seat, ActionKind.FOLD)
        if action is None:
            raise self._reject(self._candidate(act, seat))
        self._apply(action)

    def _candidate(self, act: _Act, seat: int) -> Action:
        """The engine action a refused file action stands for (for the error message)."""
        if act.verb == "pb":
            return Action(seat=seat, kind=ActionKind.BRING_IN, amount=self.game.bring_in_amount)
        if act.verb == "f":
            return Action(seat=seat, kind=ActionKind.FOLD)
        if act.verb == "cc":
            return Action(seat=seat, kind=ActionKind.CHECK)
        if act.verb == "cbr":
            return Action(seat=seat, kind=self._aggressive_kind(seat), amount=act.amount)
        if act.verb == "pay":
            return Action(seat=seat, kind=ActionKind.PAY, amount=act.amount)
        price = self.game.market_price(act.amount)
        return Action(seat=seat, kind=ActionKind.BUY, slot=act.amount, amount=price)

    def _left(self, seat: int) -> bool:
        """A fold the rules offer only to a player who has left (R4.3: where a check is
        legal, or in a card round), by a player the ``_left`` field lists: the player left
        here; mark them so."""
        hand = self.hand
        if not self.h.left or self.player(seat) + 1 not in self.h.left:
            return False
        if hand.to_act != seat or hand.phase is Phase.SHOWDOWN or seat in hand.left:
            return False
        if hand.phase is Phase.BETTING and not any(
                a.kind is ActionKind.CHECK for a in hand.legal_actions()):
            return False
        self._leave(seat)  # in a betting round with a check, or a card round: a fold follows
        return True

    def _leave_ahead(self, i: int) -> None:
        """R4.3: in Wall Street a player who left with chips is folded in the card round, where
        the engine would otherwise deal the free card at once to a player who can afford no
        slot. So when the next action is the fold of a player the ``_left`` field lists,
        and this one is someone else's, the player has left by now: mark them before it."""
        if not self.h.left or self.h.variant != WALL_STREET or i + 1 >= len(self.acts):
            return
        act, nxt = self.acts[i], self.acts[i + 1]
        if nxt.verb != "f" or nxt.player == act.player or nxt.player + 1 not in self.h.left:
            return
        seat, hand = self.seat(nxt.player), self.hand
        if not hand.is_over and not hand.folded[seat] and seat not in hand.left and hand.stacks[seat]:
            self._leave(seat)

    def _leave(self, seat: int) -> None:
        self.hand.leave(seat)
        self.applied.append(seat)

    def _aggressive_kind(self, seat: int) -> ActionKind:
        hand = self.hand
        legal = hand.legal_actions() if hand.to_act == seat else []
        for a in legal:
            if a.kind.is_aggressive:
                return a.kind
        completed = any(isinstance(op, ActionTaken) and op.action.kind is ActionKind.COMPLETE
                        for op in hand.log)
        if hand.street == 0 and self.game.bring_in_amount and not completed:
            return ActionKind.COMPLETE
        if any(a.kind is ActionKind.CHECK for a in legal):
            return ActionKind.BET
        return ActionKind.RAISE

    def _deal_hole(self, i: int, act: _Act) -> None:
        hand, seat = self.hand, self.seat(act.player)
        start, m = self.start[i], len(act.cards)
        have = len(hand.cards[seat])
        if have < start + m:
            free = (hand.phase is Phase.CARD_ROUND and hand.to_act == seat and m == 1
                    and have == start)
            if not free:
                if hand.folded[seat] and not hand.is_over:
                    raise _Reject(f"{self.label(seat)} has folded and gets no more cards")
                raise _Reject(f"{self.label(seat)} is not dealt {'a card' if m == 1 else 'cards'} "
                              f"here: {self._situation()}")
            take = self._legal_one(seat, ActionKind.TAKE_CARD)
            assert take is not None
            self._apply(take)
            hand = self.hand
        cards = hand.cards[seat]
        for k, c in enumerate(act.cards):
            got = cards[start + k][0]
            if c is not None and got is not c:
                raise _Reject(f"{self.label(seat)}'s card {start + k + 1} is {got}, not {c}")

    def _show_or_muck(self, i: int, act: _Act, seat: int) -> None:
        hand = self.hand
        if hand.folded[seat]:
            raise _Reject(f"{self.label(seat)} is not in the hand")
        self._check_shown(act, seat)
        if hand.is_over:
            return  # e.g. after everyone else mucked, the hand was settled (R1.9)
        if hand.phase is not Phase.SHOWDOWN:
            raise _Reject(f"cannot show or muck now: {self._situation()}", self._legal())
        if self.decision[act.player] != i:
            return  # an all-in exposure: the player's last show or muck is the decision
        if seat in self.decided or seat in self.deferred:
            raise _Reject(f"{self.label(seat)} has already shown or mucked")
        self.deferred[seat] = i  # the file may list the showdown in another order than R1.9
        while self.hand.to_act in self.deferred and not self.hand.is_over:
            s = self.hand.to_act
            j = self.deferred.pop(s)
            kind = ActionKind.SHOW if self.acts[j].show else ActionKind.MUCK
            action = Action(seat=s, kind=kind)
            if kind is ActionKind.MUCK and not self.game.showdown_muck and s is not None \
                    and s not in self.hand.left and self.h.left \
                    and self.player(s) + 1 in self.h.left:
                self._leave(s)  # no muck at this showdown (R3.10): the player left (R4.3)
            try:
                self._apply(action)
            except _Reject as exc:
                raise self.h.error(exc.reason, action_index=j, legal=exc.legal) from None

    def _check_shown(self, act: _Act, seat: int) -> None:
        cards = self.hand.cards[seat]
        if len(act.cards) > len(cards):
            raise _Reject(f"{self.label(seat)} shows {len(act.cards)} cards but holds {len(cards)}")
        for k, c in enumerate(act.cards):
            if c is not None and cards[k][0] is not c:
                raise _Reject(f"{self.label(seat)} shows {c} as card {k + 1} but was dealt "
                              f"{_card_name(cards[k][0], self.unknown)}")

    def _check_results(self) -> None:
        h = self.h
        if h.finishing_stacks is None:
            return
        ours = [self.hand.stacks[self.seat(p)] for p in range(self.n)]
        if ours != list(h.finishing_stacks):
            hint = ""
            if h.variant in _STUD_FAMILY:
                hint = (f" (other software may split pots by other rules, e.g. PokerKit gives odd "
                        f"chips by seat: see {_DIFFERENCES_DOC})")
            raise h.error(f"finishing_stacks {h.finishing_stacks} disagree with the replay, which "
                          f"gives {ours}{hint}", key="finishing_stacks")


def replay_result(history: HandHistory, *, game: Game | None = None) -> ReplayResult:
    """Replay ``history`` through the engine; the hand with its mapping to the file.

    Raises :class:`PHHError` at the first action that is malformed,
    inconsistent with the deal, or forbidden by our rules (the reason is the
    engine's). ``??`` cards are replaced by cards nobody else holds. A
    history that stops early gives an unfinished hand; one with
    ``finishing_stacks`` must end with those stacks. ``game`` is the
    history's own game (``history.game()``) when the caller already has it:
    hands of one game replayed with one game object share what the game keeps
    from hand to hand (:mod:`studpoker.stats` does so).
    """
    return _Replayer(history, game).run()


def replay(history: HandHistory) -> Hand:
    """Replay ``history`` and return the engine's hand (see :func:`replay_result`)."""
    return replay_result(history).hand


def for_viewer(history: HandHistory, player: int) -> HandHistory:
    """The hand as player ``player`` (0-based: 0 is ``p1``) saw it: the other players'
    down cards that were never shown become ``??`` ("download all my hands").

    ``history`` is a full history (every card known). Its optional fields
    (``players``, ``hand``, ``table``, ``seats``, user fields, ...) are kept.
    Raises :class:`PHHError` when the history does not replay.
    """
    if not isinstance(player, int) or not 0 <= player < history.player_count:
        raise history.error(f"there is no player p{player + 1 if isinstance(player, int) else player}"
                            f": this hand has {history.player_count} players")
    result = replay_result(history)
    out = from_hand(result.hand, viewer=result.seat(player), fields=dict(history.fields))
    for key in ("players", "seats", "seat_count", "hand", "table"):
        value = getattr(history, key)
        if value is not None:
            setattr(out, key, value)
    out.name = history.name
    return out


def replay_all(source: str | os.PathLike[str]) -> list[ReplayResult]:
    """Read every hand of PHH text or a file and replay it (first error raised)."""
    return [replay_result(h) for h in read(source)]
