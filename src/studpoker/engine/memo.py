"""What every hand of one game shares: values built once per game, as hands need them.

A game configuration (:mod:`studpoker.engine.games`) holds one :class:`GameMemo`,
``game.memo``, created the first time a hand of that game asks for it and
never pickled or copied with the game. It keeps immutable values that the
engine would otherwise build again at every decision or deal: the actions a
betting round offers, the log records of the usual decisions, what every hand
of a table size and dealer starts from, the first-to-act order of each board
showing, and the settlement of a pot taken uncontested.

Every table here is bounded by the game itself, never by an arbitrary size:
seats below the game's ``max_players``; amounts up to :attr:`GameMemo.bound`,
the most a capped street can reach (above it, in an uncapped heads-up raising
war, values are built each time and not kept); pots up to
:attr:`GameMemo.pot_bound`, what every seat can put in under the cap; boards
by the ranks that can show. Nothing is keyed by object identity and nothing
lives at module level.

>>> from studpoker.engine import SevenCardStud
>>> from studpoker.engine.actions import ActionKind
>>> game = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)
>>> game.memo.action(ActionKind.CALL, 1, 5) is game.memo.action(ActionKind.CALL, 1, 5)
True
>>> game.memo.bound  # a bet and three raises of the big bet
40
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from studpoker.engine.actions import Action, ActionKind, make_action
from studpoker.engine.cards import Card, full_deck
from studpoker.engine.evaluation import board_key, deuce_seven_board_key, razz_board_key
from studpoker.engine.operations import (
    ActionTaken,
    AntePosted,
    CardDealt,
    StreetStarted,
    action_taken,
    ante_posted,
    card_dealt,
    street_started,
)
from studpoker.engine.results import Settlement, settle_uncontested

if TYPE_CHECKING:  # annotations only: the game configurations are the layer above this one
    from studpoker.engine.games import Game

__all__ = ["GameMemo", "Setup"]

# The usual CardDealt records of seats 0..7 by card code, face down and face up: a
# complete table of immutable values (every stud game seats at most eight).
_DECK = full_deck(joker=True)
_DEALT_DOWN = tuple(tuple(card_dealt(s, c, False) for c in _DECK) for s in range(8))
_DEALT_UP = tuple(tuple(card_dealt(s, c, True) for c in _DECK) for s in range(8))

_FOLD, _CHECK, _CALL, _BRING_IN = ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN


class Setup:
    """What every hand of one game, table size and dealer starts from (shared, read only).

    ``order``: the seats clockwise from the dealer's left; ``after``: by seat,
    the other seats clockwise from it; ``antes``: the ante records when every
    seat posts the full ante; ``streets``: each street's StreetStarted record;
    ``dealt_down``/``dealt_up``: by seat and card code, the CardDealt records.
    """

    __slots__ = ("after", "antes", "dealt_down", "dealt_up", "order", "streets")

    order: tuple[int, ...]
    after: tuple[tuple[int, ...], ...]
    antes: tuple[AntePosted, ...]
    streets: tuple[StreetStarted, ...]
    dealt_down: tuple[tuple[CardDealt, ...], ...]
    dealt_up: tuple[tuple[CardDealt, ...], ...]

    def __init__(self, game: Game, n: int, dealer: int) -> None:
        self.order = tuple((dealer + 1 + k) % n for k in range(n))
        self.after = tuple(tuple((s + k) % n for k in range(1, n)) for s in range(n))
        self.dealt_down = tuple(  # by seat, then card code
            _DEALT_DOWN[s] if s < 8 else tuple(card_dealt(s, c, False) for c in _DECK) for s in range(n)
        )
        self.dealt_up = tuple(
            _DEALT_UP[s] if s < 8 else tuple(card_dealt(s, c, True) for c in _DECK) for s in range(n)
        )
        self.antes = tuple(ante_posted(s, game.ante) for s in self.order) if game.ante > 0 else ()
        self.streets = tuple(street_started(i, st.name) for i, st in enumerate(game.streets))


class GameMemo:
    """The shared values of one game (see the module docstring). Read them; never change them.

    ``actions[kind]``: interned actions by ``amount << 5 | seat`` (a market
    slot above the amount: ``(amount << 3 | slot) << 5 | seat``); ``folds`` and
    ``checks``: by seat (and ``fold_records``, ``check_records``: their log
    records); ``calls``: ``actions[CALL]``; ``call_records`` and
    ``records[kind]``: the log records of other interned actions, see
    :meth:`record`; ``setups``: by (players, dealer); ``boards`` and
    ``low_boards`` (and ``deuce_seven_boards``): first-to-act keys (R2.6, R6.4,
    R10.2) by a board's rank counts;
    ``settled``: uncontested settlements by ``amount << 5 | seat``.
    """

    __slots__ = ("actions", "boards", "bound", "bring_in", "call_records", "calls", "cap", "check_records",
                 "checks", "deuce_seven_boards", "fold_records", "fold_when_check", "folds", "game",
                 "heads_up_uncapped",
                 "low_boards", "max_raises", "pot_bound", "records", "settled", "setups", "span")

    def __init__(self, game: Game) -> None:
        self.game = game
        top = max(max(st.bet, st.big_bet or 0) for st in game.streets)
        self.bound: int = max(top * (1 + game.max_raises), 4 * game.unit, game.bring_in_amount)
        """The largest amount kept: a bet and every raise of the biggest street (or the dearest
        market slot)."""
        self.span = self.bound + 1  # (the records' key: amount * span + paid)
        # the game's betting options, read at every street (plain slots: quick to read)
        self.bring_in: int = game.bring_in_amount
        self.max_raises: int = game.max_raises
        self.cap: int = 1 + game.max_raises  # a bet and max_raises raises per street (R1.5)
        self.heads_up_uncapped: bool = game.heads_up_uncapped
        self.fold_when_check: bool = game.fold_when_check
        street_caps = sum(max(st.bet, st.big_bet or 0) for st in game.streets) * (1 + game.max_raises)
        market = 4 * game.unit * sum(1 for st in game.streets if st.card_round)
        self.pot_bound: int = game.max_players * (game.ante + street_caps + market)
        """The largest uncontested pot whose settlement is kept: every seat's ante, a bet and
        every raise on every street, and the dearest market slot in every card round."""
        seats = range(game.max_players)
        self.folds: tuple[Action, ...] = tuple(make_action(s, _FOLD) for s in seats)
        self.checks: tuple[Action, ...] = tuple(make_action(s, _CHECK) for s in seats)
        self.actions: dict[ActionKind, dict[int, Action]] = {kind: {} for kind in ActionKind}
        for s in seats:
            self.actions[_FOLD][s] = self.folds[s]
            self.actions[_CHECK][s] = self.checks[s]
        self.calls = self.actions[_CALL]
        self.call_records: dict[int, ActionTaken] = {}
        self.records: dict[ActionKind, dict[int, ActionTaken]] = {kind: {} for kind in ActionKind}
        self.fold_records: tuple[ActionTaken, ...] = tuple(action_taken(a, 0) for a in self.folds)
        self.check_records: tuple[ActionTaken, ...] = tuple(action_taken(a, 0) for a in self.checks)
        self.setups: dict[tuple[int, int], Setup] = {}
        self.boards: dict[int, tuple[int, ...]] = {}
        self.low_boards: dict[int, tuple[int, ...]] = {}
        self.deuce_seven_boards: dict[int, tuple[int, ...]] = {}
        self.settled: dict[int, Settlement] = {}

    def action(self, kind: ActionKind, seat: int, amount: int = 0, slot: int = 0) -> Action:
        """The game's ``Action(seat=, kind=, amount=, slot=)``: the same object each time
        while the seat and amount are within the game's bounds."""
        key = (amount << 3 | slot) << 5 | seat if slot else amount << 5 | seat
        table = self.actions[kind]
        action = table.get(key)
        if action is None:
            action = make_action(seat, kind, amount, slot)
            if 0 <= seat < self.game.max_players and 0 <= amount <= self.bound and 0 <= slot < 8:
                table[key] = action
        return action

    def record(self, action: Action, paid: int) -> ActionTaken:
        """The log record of ``action`` moving ``paid`` chips: the same object each time for
        the game's own actions (a call's in ``call_records`` by ``amount << 5 | seat``, the
        others' in ``records[kind]`` by ``(amount * span + paid) << 5 | seat``)."""
        kind, amount, seat = action.kind, action.amount, action.seat
        if kind is _CALL and paid == amount:
            key, records = amount << 5 | seat, self.call_records
        else:
            key, records = (amount * self.span + paid) << 5 | seat, self.records[kind]
        op = records.get(key)
        if op is None:
            op = action_taken(action, paid)
            if 0 <= paid <= amount <= self.bound and action.slot == 0 \
                    and self.actions[kind].get(amount << 5 | seat) is action:
                records[key] = op  # the record of the game's own action: kept
        return op

    def uncontested(self, seat: int, amount: int) -> Settlement:
        """:func:`~studpoker.engine.results.settle_uncontested` of ``seat`` taking ``amount`` (R1.8)."""
        key = amount << 5 | seat
        settled = self.settled.get(key)
        if settled is None:
            settled = settle_uncontested(seat=seat, amount=amount)
            if 0 <= seat < self.game.max_players and 0 <= amount <= self.pot_bound:
                self.settled[key] = settled
        return settled

    def setup(self, n: int, dealer: int) -> Setup:
        """What every hand of ``n`` players with the button at ``dealer`` starts from."""
        setup = self.setups.get((n, dealer))
        if setup is None:
            setup = self.setups[n, dealer] = Setup(self.game, n, dealer)
        return setup

    def board(self, bits: int, cards: Sequence[Card]) -> tuple[int, ...]:
        """:func:`~studpoker.engine.evaluation.board_key` of ``cards``, whose rank counts are ``bits``."""
        key = self.boards.get(bits)
        if key is None:
            key = self.boards[bits] = board_key(cards)
        return key

    def low_board(self, bits: int, cards: Sequence[Card]) -> tuple[int, ...]:
        """:func:`~studpoker.engine.evaluation.razz_board_key` of ``cards`` (R6.4), kept like
        :meth:`board`."""
        key = self.low_boards.get(bits)
        if key is None:
            key = self.low_boards[bits] = razz_board_key(cards)
        return key

    def deuce_seven_board(self, bits: int, cards: Sequence[Card]) -> tuple[int, ...]:
        """:func:`~studpoker.engine.evaluation.deuce_seven_board_key` of ``cards`` (R10.2), kept
        like :meth:`board`."""
        key = self.deuce_seven_boards.get(bits)
        if key is None:
            key = self.deuce_seven_boards[bits] = deuce_seven_board_key(cards)
        return key
