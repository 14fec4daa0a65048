"""What every environment shares: the game from keyword options and the action space.

The action space is one fixed ``Discrete(12)`` for every game (see
:class:`ActionId`; an id a game never offers is never legal there: the market
only in Wall Street, ``PAY`` only in Baseball); :func:`legal_ids` and :func:`to_engine` translate between
it and the engine's :class:`~studpoker.engine.actions.Action` values. Showdown is not
in the action space: every player still holding cards shows (a player never
gains chips by mucking in a single hand), so the environments apply ``SHOW``
themselves. This is the Wall Street rule (R3.10) whatever the game's
``showdown_muck`` option says; the option is still the game's (histories
exported from an environment's hands carry it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum

from studpoker.engine.actions import Action, ActionKind
from studpoker.engine.games import Game, GameError, from_options
from studpoker.engine.hand import Hand, Phase

__all__ = [
    "ACTION_NAMES",
    "NUM_ACTIONS",
    "ActionId",
    "EnvConfig",
    "auto_show",
    "fallback_id",
    "legal_ids",
    "logged_id",
    "make_config",
    "to_engine",
]


class ActionId(IntEnum):
    """The fixed discrete action space of every studpoker environment."""

    FOLD = 0
    CHECK_CALL = 1
    BRING_IN = 2
    COMPLETE = 3
    BET_RAISE = 4  # a bet or raise of the street's size (all-in for less where short)
    BET_BIG = 5  # fourth street with an open pair: the big bet (R2.6)
    TAKE_CARD = 6  # Wall Street card round: the free card
    BUY_1 = 7
    BUY_2 = 8
    BUY_3 = 9
    BUY_4 = 10
    PAY = 11  # Baseball: pay for a face-up 3 (R8.2); folding instead is FOLD


NUM_ACTIONS = len(ActionId)
ACTION_NAMES: tuple[str, ...] = (
    "fold", "check/call", "bring-in", "complete", "bet/raise", "big bet",
    "take card", "buy 1", "buy 2", "buy 3", "buy 4", "pay",
)

_KIND_ID: dict[ActionKind, int] = {
    ActionKind.FOLD: ActionId.FOLD,
    ActionKind.CHECK: ActionId.CHECK_CALL,
    ActionKind.CALL: ActionId.CHECK_CALL,
    ActionKind.BRING_IN: ActionId.BRING_IN,
    ActionKind.COMPLETE: ActionId.COMPLETE,
    ActionKind.BET: ActionId.BET_RAISE,
    ActionKind.RAISE: ActionId.BET_RAISE,
    ActionKind.TAKE_CARD: ActionId.TAKE_CARD,
    ActionKind.PAY: ActionId.PAY,
}


def logged_id(action: Action, street_bet: int) -> int:
    """The id of a played (logged) action; ``street_bet`` is the street's ordinary bet.

    Only the open-pair big bet of fourth street brings a ``BET`` above the
    street's ordinary bet (an all-in for less is never above it), so a bet
    above ``street_bet`` is ``BET_BIG``. Showdown actions are not in the space.
    """
    kind = action.kind
    if kind is ActionKind.BUY:
        return int(ActionId.BUY_1) + action.slot - 1
    if kind is ActionKind.BET and action.amount > street_bet:
        return int(ActionId.BET_BIG)
    if kind in (ActionKind.SHOW, ActionKind.MUCK):
        raise ValueError(f"{kind.value} is not in the environments' action space")
    return int(_KIND_ID[kind])


# ids by ``id(kind)``: Enum hashing is slow, and this is on every step's path
_BY_KIND_ID: dict[int, int] = {id(k): int(v) for k, v in _KIND_ID.items()}
_BET, _BUY = id(ActionKind.BET), id(ActionKind.BUY)
_SKIP = {id(ActionKind.SHOW), id(ActionKind.MUCK)}


def legal_ids(hand: Hand) -> dict[int, Action]:
    """The legal action ids of the seat to act, each with the engine action it stands for."""
    return _ids_of(hand.legal_actions())


# legal_table's memo: the ids of the engine's (interned) legal actions -> their table.
# The values hold the actions, so the ids in a key stay theirs while it is kept.
_TABLES: dict[tuple[int, ...], tuple[dict[int, Action], tuple[int, ...]]] = {}


def legal_table(hand: Hand) -> tuple[dict[int, Action], tuple[int, ...]]:
    """``(legal_ids(hand), its ids sorted)``, shared between calls: read them, never change them.

    The environments' per-step path: the engine interns its legal actions, so
    a few hundred lists cover almost every decision and their tables are kept.
    """
    engine = hand._legal_list()
    key = tuple(map(id, engine))
    table = _TABLES.get(key)
    if table is None:
        if len(_TABLES) >= 20_000:
            _TABLES.clear()
        ids = _ids_of(engine)
        table = _TABLES[key] = (ids, tuple(sorted(ids)))
    return table


def _ids_of(engine: Sequence[Action]) -> dict[int, Action]:
    out: dict[int, Action] = {}
    bets = 0
    for a in engine:
        k = id(a.kind)
        if k == _BUY:
            out[7 + a.slot - 1] = a
        elif k == _BET:
            out[5 if bets else 4] = a
            bets += 1
        elif k not in _SKIP:
            out[_BY_KIND_ID[k]] = a
    return out


def to_engine(hand: Hand, action: int) -> Action | None:
    """The engine action for id ``action`` now, or None if it is not legal."""
    return legal_ids(hand).get(int(action))


def fallback_id(legal: Mapping[int, Action]) -> int:
    """The choice a timed-out player gets (R4.4): check, else take the free card,
    else bring in, else fold."""
    for choice in (ActionId.CHECK_CALL, ActionId.TAKE_CARD, ActionId.BRING_IN, ActionId.FOLD):
        if choice in legal:
            if choice is ActionId.CHECK_CALL and legal[choice].kind is ActionKind.CALL:
                continue
            return int(choice)
    return int(ActionId.FOLD) if ActionId.FOLD in legal else min(legal)


def auto_show(hand: Hand) -> None:
    """Play every showdown decision as SHOW (the environments' showdown rule)."""
    while hand.phase is Phase.SHOWDOWN:
        seat = hand.to_act
        assert seat is not None
        hand.apply(Action(seat=seat, kind=ActionKind.SHOW))


# ---------------------------------------------------------------- configuration

DEFAULT_STACK = 200


@dataclass(frozen=True, slots=True)
class EnvConfig:
    """A game, its seat count and starting stacks, as the environments use them."""

    game: Game
    players: int
    stacks: tuple[int, ...]
    dealer: int | None  # None: a random dealer each hand

    def __deepcopy__(self, memo: dict[int, object]) -> EnvConfig:
        return self  # immutable

    @property
    def total_chips(self) -> int:
        """Chips on the table at the start of a hand (the scale of chip features)."""
        return sum(self.stacks)

    @property
    def largest_bet(self) -> int:
        """The largest bet of any street (the unit of normalised rewards)."""
        return max(max(s.bet, s.big_bet or 0) for s in self.game.streets)

    @property
    def smallest_bet(self) -> int:
        """The smallest bet or raise of any street."""
        return min(s.bet for s in self.game.streets)

    @property
    def deck_size(self) -> int:
        """52, or 53 with the joker."""
        return 53 if self.game.joker else 52


def make_config(
    game: str | Game = "stud",
    players: int = 3,
    *,
    joker: bool = False,
    stacks: int | Sequence[int] = DEFAULT_STACK,
    dealer: int | None = None,
    **options: object,
) -> EnvConfig:
    """Build the game from ``game`` (a name of the registry: "stud", "stud8", "razz",
    "wallstreet", "baseball", "follow_the_queen", "high_chicago", "low_chicago",
    "kings_and_little_ones"; or a Game) and its options.

    ``options`` are the game's own keyword options (``ante``, ``bring_in``,
    ``small_bet``, ``big_bet``, ``limits``, ``market_unit``, ``max_raises``,
    ``double_ace_flush``, ``heads_up_uncapped``, ``open_pair_big_bet``,
    ``showdown_muck``, ``three_price``, as the game has them); anything else raises
    :class:`~studpoker.engine.games.GameError` (so does ``joker=True`` for razz, R6.1).
    """
    if isinstance(game, Game):
        if options:
            raise GameError(f"options {sorted(options)} given with a ready-made game")
        built = game
    else:
        if joker:
            options["joker"] = True
        built = from_options(game, **options)  # GameError names a bad option
    if not isinstance(players, int) or not built.min_players <= players <= built.max_players:
        raise GameError(
            f"{built.name} is for {built.min_players} to {built.max_players} players, got {players!r}"
        )
    stack_tuple = (stacks,) * players if isinstance(stacks, int) else tuple(int(s) for s in stacks)
    if len(stack_tuple) != players or any(s <= 0 for s in stack_tuple):
        raise GameError(f"stacks must be one positive number or {players} of them, got {stacks!r}")
    if dealer is not None and not 0 <= dealer < players:
        raise GameError(f"dealer must be a seat 0..{players - 1} or None, got {dealer!r}")
    return EnvConfig(game=built, players=players, stacks=stack_tuple, dealer=dealer)
