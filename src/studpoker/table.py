"""A table: many hands in a row (R1.7, R4).

A :class:`Table` holds a game, a number of seats and each seated player's
chips, which carry from hand to hand. It deals a :class:`~studpoker.hand.Hand`
among the seats that can play, moves the button, folds players who left when
their turn comes, and pays the chips back into the seats when the hand ends.

>>> from studpoker import SevenCardStud
>>> from studpoker.table import Table
>>> table = Table(game=SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10), seats=4)
>>> for i, name in enumerate(["ann", "bob", "cy"]):
...     table.sit(i, name=name, chips=100)
>>> hand = table.start_hand(seed=3)
>>> while not hand.is_over:
...     table.act(default_action(hand))
>>> sum(s.chips for s in table.seats if s is not None)
300
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from studpoker.actions import Action, ActionKind, IllegalAction
from studpoker.cards import CardsLike
from studpoker.games import Game, GameError
from studpoker.hand import Hand

__all__ = ["Seat", "Table", "TableError", "TableSizeError", "default_action"]


class TableError(ValueError):
    """A table request that the rules do not allow now; the message says why."""


class TableSizeError(TableError, GameError):
    """A table whose seat count does not fit its game (R2.1, R3.1, R4.1).

    Both a :class:`TableError` and a :class:`~studpoker.games.GameError`."""


@dataclass(slots=True, kw_only=True)
class Seat:
    """A seated player."""

    name: str
    chips: int
    sitting_out: bool = False
    leaving: bool = False


def default_action(hand: Hand) -> Action:
    """R4.4: what a player does when their time runs out.

    Check if a check is legal, else fold; in a Wall Street card round, take
    the free card; at showdown, show. The bring-in player, who may neither
    check nor fold, posts the bring-in.
    """
    legal = hand.legal_actions()
    if not legal:
        raise IllegalAction("timeout", "the hand is over", legal)
    for kind in (ActionKind.CHECK, ActionKind.FOLD, ActionKind.TAKE_CARD, ActionKind.SHOW,
                 ActionKind.BRING_IN):
        for a in legal:
            if a.kind is kind:
                return a
    return legal[0]


class Table:
    """Seats, chips and the button across hands (R4)."""

    def __init__(self, *, game: Game, seats: int | None = None) -> None:
        count = game.max_players if seats is None else seats
        if type(count) is not int or not game.min_players <= count <= game.max_players:
            # R3.1/R2.1/R4.1: a table must be able to seat a hand of its game
            raise TableSizeError(
                f"a {game.name} table has {game.min_players} to {game.max_players} seats, "
                f"got {count!r}"
            )
        self.game = game
        self.seats: list[Seat | None] = [None] * count
        self.button: int | None = None
        self.hand: Hand | None = None
        self.hand_seats: list[int] = []  # hand seat index -> table seat
        self.hands_played = 0
        self._settled = True
        self._busted: set[int] = set()  # seats sitting out only for want of chips (R4.2)

    # ------------------------------------------------------------ seating

    @property
    def in_hand(self) -> bool:
        """True while a hand is being played."""
        return self.hand is not None and not self.hand.is_over

    def sit(self, seat: int, *, name: str, chips: int) -> None:
        """Seat a player with ``chips`` (R4.3: joining is always between hands for them)."""
        self._check_seat(seat)
        if self.seats[seat] is not None:
            raise TableError(f"seat {seat} is taken")
        if chips < 0:
            raise TableError("chips must be >= 0")
        self.seats[seat] = Seat(name=name, chips=chips, sitting_out=chips == 0)
        if chips == 0:
            self._busted.add(seat)

    def leave(self, seat: int) -> int:
        """Leave. Between hands the chips leave at once; during a hand the player is
        folded when their turn comes and leaves when the hand ends (R4.3).
        If it is the leaver's turn right now, the caller decides when to act for
        them (``default_action`` or a fold): leaving itself applies nothing.
        Returns the chips taken now (0 if the player leaves at the end of the hand)."""
        player = self._player(seat)
        if self.in_hand and seat in self.hand_seats:
            player.leaving = True  # the next act() folds them when their turn comes
            assert self.hand is not None
            if not self.hand.folded[self.hand_seats.index(seat)]:
                self.hand.leave(self.hand_seats.index(seat))  # R4.3: fold, never check
            return 0
        self.seats[seat] = None
        self._busted.discard(seat)
        return player.chips

    def sit_out(self, seat: int, out: bool = True) -> None:
        """Sit out (or come back with ``out=False``) from the next hand (R4.3)."""
        player = self._player(seat)
        if not out and player.chips == 0:
            raise TableError(f"seat {seat} has no chips: add chips before sitting in (R4.2)")
        player.sitting_out = out
        self._busted.discard(seat)  # a choice: adding chips no longer deals them in

    def add_chips(self, seat: int, amount: int) -> None:
        """Add chips between hands only (R4.2). A player sitting out only because they had
        no chips is dealt in again from the next hand; one who chose to sit out stays out."""
        player = self._player(seat)
        if amount <= 0:
            raise TableError("amount must be > 0")
        if self.in_hand and seat in self.hand_seats:
            raise TableError("chips can be added only between hands (R4.2)")
        player.chips += amount
        if seat in self._busted:
            self._busted.discard(seat)
            player.sitting_out = False

    def _check_seat(self, seat: int) -> None:
        if not 0 <= seat < len(self.seats):
            raise TableError(f"there is no seat {seat}")

    def _player(self, seat: int) -> Seat:
        self._check_seat(seat)
        player = self.seats[seat]
        if player is None:
            raise TableError(f"seat {seat} is empty")
        return player

    # -------------------------------------------------------------- hands

    def ready_seats(self) -> list[int]:
        """Seats that would be dealt in: seated, not sitting out, with chips (R4.2)."""
        return [i for i, p in enumerate(self.seats)
                if p is not None and not p.sitting_out and not p.leaving and p.chips > 0]

    def can_start(self) -> bool:
        """R4.2: enough ready players for the game's minimum."""
        return not self.in_hand and len(self.ready_seats()) >= self.game.min_players

    def start_hand(
        self, *, seed: int | None = None, deck: CardsLike | None = None,
        rng: random.Random | None = None,
    ) -> Hand:
        """Move the button one occupied seat clockwise (R1.7) and deal a hand."""
        if self.in_hand:
            raise TableError("a hand is already in progress")
        ready = self.ready_seats()
        if len(ready) < self.game.min_players:
            raise TableError(
                f"{self.game.name} needs {self.game.min_players} ready players with chips, "
                f"{len(ready)} ready (R4.2)"
            )
        ready = ready[: self.game.max_players]
        count = len(self.seats)
        start = 0 if self.button is None else self.button + 1
        self.button = next(
            (start + i) % count for i in range(count) if (start + i) % count in ready
        )
        self.hand_seats = ready
        self._settled = False
        stacks = []
        for i in ready:
            player = self.seats[i]
            assert player is not None
            stacks.append(player.chips)
        self.hand = self.game.deal(
            stacks=stacks, dealer=ready.index(self.button), seed=seed, deck=deck, rng=rng
        )
        self._auto_fold_leavers()
        return self.hand

    def to_act_seat(self) -> int | None:
        """The table seat whose turn it is, or None."""
        if self.hand is None or self.hand.to_act is None or self.hand.is_over:
            return None
        return self.hand_seats[self.hand.to_act]

    def act(self, action: Action) -> None:
        """Apply an action of the current hand (seat numbers are the hand's)."""
        if self.hand is None or self.hand.is_over:
            raise TableError("no hand in progress")
        self.hand.apply(action)
        self._auto_fold_leavers()
        if self.hand.is_over:
            self._finish()

    def _auto_fold_leavers(self) -> None:
        hand = self.hand
        assert hand is not None
        while not hand.is_over and hand.to_act is not None:
            player = self.seats[self.hand_seats[hand.to_act]]
            if player is None or not player.leaving:
                return
            # R4.3: the hand offers a player who left only the fold (the bring-in,
            # which cannot be folded, is posted; at showdown their hand is mucked)
            legal = hand.legal_actions()
            choice = next((a for a in legal if a.kind in (ActionKind.FOLD, ActionKind.MUCK)), None)
            if choice is None:
                choice = default_action(hand)
            hand.apply(choice)
        if hand.is_over:
            self._finish()

    def _finish(self) -> None:
        hand = self.hand
        assert hand is not None
        if self._settled:
            return
        self._settled = True
        self.hands_played += 1
        for hs, ts in enumerate(self.hand_seats):
            player = self.seats[ts]
            assert player is not None
            player.chips = hand.stacks[hs]
            if player.leaving:
                self.seats[ts] = None
            elif player.chips == 0:
                player.sitting_out = True  # R4.2: until they add chips
                self._busted.add(ts)
