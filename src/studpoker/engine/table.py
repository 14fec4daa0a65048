"""A table: many hands in a row (R1.7, R4).

A :class:`Table` holds a game, a number of seats and each seated player's
chips, which carry from hand to hand. It deals a :class:`~studpoker.engine.hand.Hand`
among the seats that can play, moves the button, folds players who left when
their turn comes, and pays the chips back into the seats when the hand ends.

>>> from studpoker.engine import SevenCardStud
>>> from studpoker.engine.table import Table
>>> table = Table(game=SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10), seats=4)
>>> for i, name in enumerate(["ann", "bob", "cy"]):
...     table.sit(i, name=name, chips=100)
>>> hand = table.start_hand(seed=3)
>>> while not hand.is_over:
...     table.act(default_action(hand))
>>> sum(s.chips for s in table.seats if s is not None)
300

A mixed table (R7) deals the games of its list in turn (here a new game every hand; by
default every orbit), or the dealer picks each round's game (``mode="dealers_choice"``):

>>> mixed = Table(mixed=Mixed(games=(unit_game("stud"), unit_game("wallstreet", 2)), hands=1), seats=4)
>>> for i, name in enumerate(["ann", "bob", "cy"]):
...     mixed.sit(i, name=name, chips=100)
>>> dealt = []
>>> for seed in range(3):
...     hand = mixed.start_hand(seed=seed)
...     dealt.append(hand.game.name)
...     while not hand.is_over:
...         mixed.act(default_action(hand))
>>> dealt, mixed.mixed_status()["next"]
(['stud', 'wallstreet', 'stud'], 'wallstreet')
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from studpoker.engine.actions import Action, ActionKind, IllegalAction
from studpoker.engine.cards import CardsLike
from studpoker.engine.games import (
    DEFAULT_OPTIONS,
    Game,
    GameError,
    canonical_name,
    from_options,
    scale_stakes,
)
from studpoker.engine.hand import Hand

__all__ = ["MIXED_MODES", "Mixed", "Seat", "Table", "TableError", "TableSizeError", "default_action",
           "unit_game"]


class TableError(ValueError):
    """A table request that the rules do not allow now; the message says why."""


class TableSizeError(TableError, GameError):
    """A table whose seat count does not fit its game (R2.1, R3.1, R4.1).

    Both a :class:`TableError` and a :class:`~studpoker.engine.games.GameError`."""


@dataclass(slots=True, kw_only=True)
class Seat:
    """A seated player."""

    name: str
    chips: int
    sitting_out: bool = False
    leaving: bool = False


MIXED_MODES = ("rotation", "dealers_choice")
"""R7.1: how a mixed table moves through its games."""


def unit_game(name: str, unit: int = 1, **options: Any) -> Game:
    """Game ``name`` at stakes derived from one table ``unit`` (R7.1): every stake of the
    registry's house game (:data:`studpoker.engine.games.DEFAULT_OPTIONS`) times ``unit``;
    ``options`` (house rules, or stakes of its own) win over the derived ones.

    >>> unit_game("stud", 2).options()["small_bet"], unit_game("wallstreet", 3).options()["limits"]
    (10, [6, 6, 12, 12, 12])
    """
    if type(unit) is not int or unit < 1:
        raise GameError(f"the table unit must be a positive integer, got {unit!r}")
    key = canonical_name(name)
    derived = scale_stakes(DEFAULT_OPTIONS[key], unit)
    options.pop("game", None)
    return from_options(key, **(derived | options))


@dataclass(frozen=True, slots=True, kw_only=True)
class Mixed:
    """R7.1: the games a table goes through, and how.

    ``games``: the list, each game with its own stakes (:func:`unit_game` derives them
    from one table unit); no game twice. ``mode``: ``"rotation"`` (the game changes every
    ``hands`` hands; ``None``, the default: one orbit, the number of players dealt into the
    first hand of the round) or ``"dealers_choice"`` (before each round the player in the
    dealer position picks a game of the list; :meth:`Table.choose_game`).
    """

    games: tuple[Game, ...]
    mode: str = "rotation"
    hands: int | None = None

    def __post_init__(self) -> None:
        games = tuple(self.games)
        object.__setattr__(self, "games", games)
        if not games or not all(isinstance(g, Game) for g in games):
            raise GameError("a mixed table needs a list of one or more games")
        names = [g.name for g in games]
        if len(set(names)) != len(names):
            raise GameError(f"a game may appear once in a mixed table's list, got {', '.join(names)}")
        if self.mode not in MIXED_MODES:
            raise GameError(f"mode must be one of {', '.join(MIXED_MODES)}, got {self.mode!r}")
        if self.hands is not None and (type(self.hands) is not int or self.hands < 1):
            raise GameError(f"hands per game must be a positive integer or None (one orbit), "
                            f"got {self.hands!r}")

    def index(self, name: str) -> int:
        """The position of game ``name`` in the list (:class:`GameError` if it is not there)."""
        for i, g in enumerate(self.games):
            if g.name == name:
                return i
        raise GameError(f"{name!r} is not a game of this table: {', '.join(g.name for g in self.games)}")


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
    """Seats, chips and the button across hands (R4); a mixed table's games (R7)."""

    def __init__(self, *, game: Game | None = None, seats: int | None = None,
                 mixed: Mixed | None = None) -> None:
        if game is None:
            if mixed is None:
                raise TableError("a table needs a game (or a mixed list of games, R7)")
            game = mixed.games[0]
        if mixed is None:
            low, high, what = game.min_players, game.max_players, f"a {game.name} table"
        else:
            # R7.2: every game of the list can be dealt at this table; one that does not fit the
            # players ready for a hand is skipped
            low = max(g.min_players for g in mixed.games)
            high = max(g.max_players for g in mixed.games)
            what = f"a mixed table of {', '.join(g.name for g in mixed.games)}"
        count = high if seats is None else seats
        if type(count) is not int or not low <= count <= high:
            # R3.1/R2.1/R4.1: a table must be able to seat a hand of its game
            raise TableSizeError(f"{what} has {low} to {high} seats, got {count!r}")
        self.game = game
        self.mixed = mixed
        self._game_index: int | None = None  # R7: the list position of the round's game
        self._round_left = 0  # hands of the round still to be dealt
        self._chosen: int | None = None  # dealer's choice made for the next round
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
        """R4.2: enough ready players for the game's minimum (R7.2: for some game of a mixed
        table's list)."""
        if self.in_hand:
            return False
        n = len(self.ready_seats())
        if self.mixed is None:
            return n >= self.game.min_players
        return any(_fits(g, n) for g in self.mixed.games)

    def start_hand(
        self, *, seed: int | None = None, deck: CardsLike | None = None,
        rng: random.Random | None = None, game: Game | None = None,
    ) -> Hand:
        """Move the button one occupied seat clockwise (R1.7) and deal a hand.

        A mixed table deals the game its rotation or the dealer's choice gives (R7); ``game``
        deals that game instead (a stored hand dealt again at the game it was dealt at).
        """
        if self.in_hand:
            raise TableError("a hand is already in progress")
        ready = self.ready_seats()
        if game is None:
            game = self.game if self.mixed is None else self._upcoming(len(ready), strict=True)
            assert game is not None
        if len(ready) < game.min_players:
            raise TableError(
                f"{game.name} needs {game.min_players} ready players with chips, "
                f"{len(ready)} ready (R4.2)"
            )
        ready = ready[: game.max_players]
        self.game = game
        self.button = self._button_for(ready)
        if self.mixed is not None:
            self._dealt(game.name, len(ready))
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

    def _button_for(self, ready: list[int]) -> int:
        """R1.7: the seat the button moves to for a hand dealt to ``ready``."""
        count = len(self.seats)
        start = 0 if self.button is None else self.button + 1
        return next((start + i) % count for i in range(count) if (start + i) % count in ready)

    # ------------------------------------------------------- mixed games (R7)

    def _round_due(self, n: int) -> bool:
        """Whether the next hand, dealt to ``n`` players, starts a new round of a mixed table."""
        i = self._game_index
        assert self.mixed is not None
        return i is None or self._round_left <= 0 or not _fits(self.mixed.games[i], n)

    def _following(self, n: int) -> int | None:
        """R7.1/R7.2: the list position of the next game after the current one that fits ``n``
        players (from the first game when none was dealt yet)."""
        assert self.mixed is not None
        games = self.mixed.games
        start = 0 if self._game_index is None else self._game_index + 1
        for k in range(len(games)):
            i = (start + k) % len(games)
            if _fits(games[i], n):
                return i
        return None

    def _upcoming(self, n: int, *, strict: bool = False) -> Game | None:
        """The game of the next hand dealt to ``n`` players (None: not known yet, the dealer
        still to choose; or no game fits). ``strict``: raise instead of None."""
        assert self.mixed is not None
        games = self.mixed.games
        if not self._round_due(n):
            assert self._game_index is not None
            return games[self._game_index]
        if self.mixed.mode == "dealers_choice":
            if self._chosen is None:
                if strict:
                    raise TableError("the dealer has not chosen the next game yet (R7.1)")
                return None
            if _fits(games[self._chosen], n):
                return games[self._chosen]
        i = self._following(n)
        if i is None:
            if strict:
                raise TableError(f"no game of this table's list can be dealt to {n} players (R7.2)")
            return None
        return games[i]

    def _dealt(self, name: str, n: int) -> None:
        """Keep the rotation's count: a hand of game ``name`` was dealt to ``n`` players."""
        assert self.mixed is not None
        i = self.mixed.index(name)
        if self._round_due(n) or i != self._game_index:
            self._game_index = i  # a new round (R7.1), or a game skipped (R7.2)
            self._round_left = self.mixed.hands or n
        self._chosen = None
        self._round_left -= 1

    def restore_rotation(self, dealt: Iterable[tuple[str, int]]) -> None:
        """A mixed table's place in its rotation after the hands ``dealt`` (each hand's game
        name and number of players, oldest first), e.g. from stored hands after a restart."""
        if self.mixed is None:
            raise TableError("not a mixed table")
        self._game_index, self._round_left, self._chosen = None, 0, None
        for name, n in dealt:
            self._dealt(name, n)
            self.game = self.mixed.games[self.mixed.index(name)]

    def choosing(self) -> int | None:
        """Dealer's choice (R7.1): the table seat that picks the game of the next round (the seat
        the button moves to) while that choice is due, else None."""
        mixed = self.mixed
        if mixed is None or mixed.mode != "dealers_choice" or self.in_hand or self._chosen is not None:
            return None
        ready = self.ready_seats()
        if not ready or not self._round_due(len(ready)) or not self.can_start():
            return None
        return self._button_for(ready)

    def choose_game(self, name: str | None) -> Game:
        """Dealer's choice (R7.1): the game of the next round; ``None`` (the decision clock ran
        out) takes the next game of the list. Returns the game chosen."""
        if self.choosing() is None:
            raise TableError("no game is to be chosen now")
        assert self.mixed is not None
        n = len(self.ready_seats())
        if name is None:
            i = self._following(n)
            assert i is not None  # choosing() checked that some game fits
        else:
            i = self.mixed.index(name)
            game = self.mixed.games[i]
            if not _fits(game, n):
                raise TableError(f"{game.title} is for {game.min_players} to {game.max_players} "
                                 f"players, {n} are ready (R7.2)")
        self._chosen = i
        return self.mixed.games[i]

    def upcoming_game(self) -> Game | None:
        """The game the next hand will be dealt at, for the players ready now (a mixed table: by
        its rotation; None while the dealer is still to choose it or no game fits, R7)."""
        if self.mixed is None:
            return self.game
        return self._upcoming(len(self.ready_seats()))

    def mixed_status(self) -> dict[str, Any] | None:
        """R7.2, public before the deal: ``mode``; ``games`` (names, in order); ``game`` (the game
        of the hand in play, or of the last one; None before the first); ``next`` (the game the
        table changes to: the next game of the list in rotation; in dealer's choice the game
        chosen, else None); ``change_in`` (hands still to be played before the change, the hand in
        play included: 0 means the next hand is dealt at ``next``); ``choosing`` (the table seat
        that picks the next game now, or None). None at a table of one game."""
        mixed = self.mixed
        if mixed is None:
            return None
        games = mixed.games
        current = None if self._game_index is None else games[self._game_index]
        rotation = mixed.mode == "rotation"
        nxt: Game | None = None
        if self.in_hand:
            change_in = self._round_left + 1
            if rotation:
                i = self._following(len(self.hand_seats))
                nxt = None if i is None else games[i]
        else:
            n = len(self.ready_seats())
            if self._round_due(n):
                change_in = 0
                nxt = self._upcoming(n)
            else:
                change_in = self._round_left
                if rotation:
                    i = self._following(n)
                    nxt = None if i is None else games[i]
        return {
            "mode": mixed.mode, "games": [g.name for g in games],
            "game": None if current is None else current.name,
            "next": None if nxt is None else nxt.name,
            "change_in": change_in,
            "choosing": self.choosing(),
        }

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


def _fits(game: Game, n: int) -> bool:
    """R7.2: whether a hand of ``game`` can be dealt to ``n`` players."""
    return game.min_players <= n <= game.max_players
