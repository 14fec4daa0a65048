"""The websocket protocol: one pydantic model per message (see ``docs/protocol.md``).

Every message is a JSON object with a ``type``. Client messages carry a
``seq``: a positive integer that must grow with every message of the
connection (a message whose ``seq`` is not above the last accepted one is a
replay and is refused). The server answers each client message with ``ack``
(or a typed reply such as ``welcome`` or ``lobby``) or with ``error``, both
naming it by ``reply_to``. Actions also carry the ``hand`` id and the hand's
``version`` (the length of its log) they were chosen at, so a stale or
replayed action can never be applied to a later decision.

Hand views use *hand seats* (0..n-1 among the players dealt in; ``seats``
maps them to table seats) so that a view is exactly a
:class:`~studpoker.engine.hand.SeatView`; everything else uses table seats.
"""

from __future__ import annotations

import functools
import operator
import types
from typing import (
    TYPE_CHECKING,
    Annotated,
    Any,
    Literal,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    create_model,
    field_validator,
    model_validator,
)

from studpoker import codec
from studpoker.engine.actions import ActionKind
from studpoker.engine.games import Game, from_options, to_options
from studpoker.engine.table import Mixed, unit_game
from studpoker.server.accounts.names import display_name_problem

__all__ = [
    "CLIENT_MESSAGE",
    "SERVER_MESSAGE",
    "TABLE_REQUEST",
    "TABLE_REQUESTS",
    "ActMsg",
    "ActionModel",
    "AddBotMsg",
    "AddChipsMsg",
    "ApproveSeatMsg",
    "AuthMsg",
    "ChatMsg",
    "ChooseGameMsg",
    "ClientMessage",
    "CloseTableMsg",
    "DenySeatMsg",
    "GameOptions",
    "LeaveMsg",
    "LobbyMsg",
    "MixedConfig",
    "PauseMsg",
    "PingMsg",
    "RemoveBotMsg",
    "RemovePlayerMsg",
    "RemovedMsg",
    "ResumeMsg",
    "SeatSettingsMsg",
    "ServerMessage",
    "SitInMsg",
    "SitMsg",
    "SitOutMsg",
    "TableConfig",
    "TableRequest",
    "TableSettingsMsg",
    "UnwatchMsg",
    "WatchMsg",
]

Chips = Annotated[int, Field(ge=0, le=10**9)]
PosChips = Annotated[int, Field(ge=1, le=10**9)]
TableId = Annotated[int, Field(ge=1, le=2**31)]
SeatNo = Annotated[int, Field(ge=0, le=9)]  # Five Card Stud seats ten


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


# ------------------------------------------------------------ table config


_MAX_CHIPS = 10**9
_MAX_RAISES = 100


def _check_sizes(value: dict[str, Any]) -> None:
    for key, v in value.items():
        numbers = v if isinstance(v, list) else [v]
        if any(isinstance(x, int) and not isinstance(x, bool) and x > _MAX_CHIPS for x in numbers):
            raise ValueError(f"{key} is more than {_MAX_CHIPS}")
    if isinstance(value.get("max_raises"), int) and value["max_raises"] > _MAX_RAISES:
        raise ValueError(f"max_raises is more than {_MAX_RAISES}")


def _game_options(value: Any) -> dict[str, Any]:
    """A game's options as :func:`studpoker.engine.games.from_options` takes them, checked by
    building the game, and returned complete (:func:`studpoker.engine.games.to_options`)."""
    _check_sizes(value)
    return to_options(from_options(**value))  # GameError (a ValueError) names a bad option


GameOptions = Annotated[dict[str, Any], AfterValidator(_game_options)]
"""A game and its options, e.g. ``{"game": "stud", "ante": 1}``: every option of
:func:`studpoker.engine.games.from_options`; options not given take its defaults."""


class MixedConfig(_Strict):
    """R7: a mixed table. ``games``: names of games of the registry (their stakes derived from
    ``unit``: the house stakes times the unit) or game options (``{"game": "stud", "joker": true}``;
    stakes not given derived from ``unit`` too), no game twice; stored complete. ``mode``:
    ``rotation`` (the game changes every ``hands`` hands; null: every orbit) or
    ``dealers_choice`` (a player picks the game on the decision clock). ``choice_for`` (dealer's
    choice): ``hand`` (each dealer picks the game of the hand they deal) or ``orbit`` (the chooser
    picks the game of an orbit, then the choice passes to the seat on their left)."""

    mode: Literal["rotation", "dealers_choice"] = "rotation"
    choice_for: Literal["hand", "orbit"] = "hand"
    games: Annotated[list[Annotated[str, Field(min_length=1, max_length=32)] | dict[str, Any]],
                     Field(min_length=1, max_length=20)]
    hands: Annotated[int, Field(ge=1, le=100)] | None = None
    unit: Annotated[int, Field(ge=1, le=10**6)] = 1

    @model_validator(mode="after")
    def _build(self) -> MixedConfig:
        built: list[dict[str, Any]] = []
        for i, entry in enumerate(self.games):
            options = {"game": entry} if isinstance(entry, str) else dict(entry)
            _check_sizes(options)
            name = options.pop("game", None)
            if not isinstance(name, str):
                raise ValueError(f"mixed.games[{i}]: each game of a mixed table names its game: "
                                 "{\"game\": \"stud\", ...}")
            for key in ("unit", "name"):  # unit_game's own arguments, never a game's options
                if key in options:
                    why = " (the stakes unit of every game is mixed.unit)" if key == "unit" else ""
                    raise ValueError(f"mixed.games[{i}]: {key!r} is not an option of a game{why}")
            try:
                built.append(to_options(unit_game(name, self.unit, **options)))  # GameError names the option
            except TypeError as exc:  # an argument the game does not take
                raise ValueError(f"mixed.games[{i}]: {exc}") from None
        self.games = list(built)
        self.build()  # no game twice, a known mode (GameError)
        return self

    def options(self) -> list[dict[str, Any]]:
        """Each game's complete options (as stored)."""
        return [g for g in self.games if isinstance(g, dict)]

    def build(self) -> Mixed:
        """The engine's :class:`~studpoker.engine.table.Mixed`."""
        return Mixed(games=tuple(from_options(**g) for g in self.options()), mode=self.mode, hands=self.hands,
                     choice_for=self.choice_for)


class TableConfig(_Strict):
    """What ``POST /api/tables`` takes. Times are in seconds.

    ``mixed`` (R7) makes a mixed or dealer's choice table (``game``, if given, must then be its
    first game). The host settings, changed later with ``pause``/``resume`` and
    ``table_settings``: ``paused`` (no hand is dealt), ``approve_seats`` (a private table's
    host approves each seat taken), ``hand_delay`` (seconds between hands; null: the server's)."""

    name: Annotated[str, Field(min_length=1, max_length=64)]
    game: GameOptions
    seats: Annotated[int, Field(ge=2, le=10)] | None = None
    action_time: Annotated[float, Field(ge=0.1, le=600)] = 20.0
    time_bank: Annotated[float, Field(ge=0, le=3600)] = 60.0
    min_buy_in: PosChips = 100
    max_buy_in: PosChips = 1000
    private: bool = False
    mixed: MixedConfig | None = None
    paused: bool = False
    approve_seats: bool = False
    hand_delay: Annotated[float, Field(ge=0, le=300)] | None = None

    @model_validator(mode="before")
    @classmethod
    def _first_game(cls, data: Any) -> Any:
        """A mixed table's ``game`` is the first game of its list."""
        if isinstance(data, dict) and isinstance(data.get("mixed"), dict):
            mixed = MixedConfig.model_validate(data["mixed"])
            first = mixed.options()[0]
            given = data.get("game")
            if given is not None and (not isinstance(given, dict) or given.get("game") != first.get("game")):
                raise ValueError("a mixed table's game is the first game of mixed.games (or left out)")
            data = {**data, "game": first, "mixed": mixed.model_dump()}
        return data

    @field_validator("name")
    @classmethod
    def _name(cls, name: str) -> str:
        problem = display_name_problem(name)
        if problem is not None:
            raise ValueError(problem)
        return name

    @model_validator(mode="after")
    def _check(self) -> TableConfig:
        low, high, what = self.seat_limits()
        if self.seats is not None and not low <= self.seats <= high:
            raise ValueError(f"{what} has {low} to {high} seats")
        if self.min_buy_in > self.max_buy_in:
            raise ValueError("min_buy_in is more than max_buy_in")
        if self.approve_seats and not self.private:
            raise ValueError("approve_seats is for private tables")
        return self

    def seat_limits(self) -> tuple[int, int, str]:
        """The fewest and most seats the table may have, and what it is (R2.1, R3.1, R7.2)."""
        if self.mixed is None:
            game = self.build_game()
            return game.min_players, game.max_players, f"a {game.name} table"
        assert self.mixed is not None
        games = self.mixed.build().games
        return (max(g.min_players for g in games), max(g.max_players for g in games),
                f"a mixed table of {', '.join(g.name for g in games)}")

    def build_game(self) -> Game:
        """The table's game (a mixed table's first game)."""
        return from_options(**self.game)

    def build_mixed(self) -> Mixed | None:
        """A mixed table's games and mode (R7), None for a table of one game."""
        return None if self.mixed is None else self.mixed.build()

    @property
    def seat_count(self) -> int:
        """The number of seats (default: the most the game, or the games, allow)."""
        return self.seats or self.seat_limits()[1]


# ---------------------------------------------------------- client -> server


class _ClientBase(_Strict):
    seq: Annotated[int, Field(ge=1, le=2**53)]


class AuthMsg(_ClientBase):
    """Log the connection in with a bearer token from the REST API."""

    type: Literal["auth"]
    token: Annotated[str, Field(min_length=1, max_length=128)]


class PingMsg(_ClientBase):
    """Keep-alive; answered with ``pong``."""

    type: Literal["ping"]


class LobbyMsg(_ClientBase):
    """Ask for the list of tables; answered with ``lobby``."""

    type: Literal["lobby"]


class WatchMsg(_ClientBase):
    """Follow a table (as its player if seated, else as an observer); answered with
    ``table`` and, during a hand, ``hand`` (the full state: also the way to reconnect)."""

    type: Literal["watch"]
    table: TableId
    invite: Annotated[str, Field(max_length=64)] | None = None
    delta: bool = False  # updates carry ``view_delta`` (what changed) instead of the whole ``view``


class UnwatchMsg(_ClientBase):
    """Stop following a table."""

    type: Literal["unwatch"]
    table: TableId


class SitMsg(_ClientBase):
    """Take a seat (``seat`` omitted: the first free one) with a buy-in from the balance."""

    type: Literal["sit"]
    table: TableId
    seat: SeatNo | None = None
    buy_in: PosChips
    invite: Annotated[str, Field(max_length=64)] | None = None


class AddChipsMsg(_ClientBase):
    """Add chips from the balance to the seat, between hands (R4.2)."""

    type: Literal["add_chips"]
    table: TableId
    amount: PosChips


class SitOutMsg(_ClientBase):
    """Sit out from the next hand (R4.3)."""

    type: Literal["sit_out"]
    table: TableId


class SitInMsg(_ClientBase):
    """Come back from sitting out."""

    type: Literal["sit_in"]
    table: TableId


class LeaveMsg(_ClientBase):
    """Leave the seat: chips go back to the balance now, or when the hand ends (R4.3)."""

    type: Literal["leave"]
    table: TableId


class ActionModel(_Strict):
    """A decision. ``seat`` (a hand seat) is optional; if given it must be the sender's."""

    kind: Literal["fold", "check", "call", "bring_in", "complete", "bet", "raise",
                  "take_card", "buy", "show", "muck", "pay"]  # pay: Baseball's face-up 3 (R8.2)
    amount: Chips = 0
    slot: Annotated[int, Field(ge=0, le=4)] = 0
    seat: SeatNo | None = None

    @property
    def action_kind(self) -> ActionKind:
        """The engine's kind."""
        return ActionKind(self.kind)


class ActMsg(_ClientBase):
    """Play ``action`` in hand ``hand`` whose log had ``version`` records when it was chosen."""

    type: Literal["act"]
    table: TableId
    hand: Annotated[int, Field(ge=1)]
    version: Annotated[int, Field(ge=0)]
    action: ActionModel


class ChatMsg(_ClientBase):
    """Say something at the table (at most 300 characters; rate limited)."""

    type: Literal["chat"]
    table: TableId
    text: Annotated[str, Field(min_length=1, max_length=300)]

    @field_validator("text")
    @classmethod
    def _printable(cls, v: str) -> str:
        v = "".join(ch for ch in v if ch.isprintable()).strip()
        if not v:
            raise ValueError("empty message")
        return v


class AddBotMsg(_ClientBase):
    """Owner only: seat a server-side bot, funded from the owner's balance."""

    type: Literal["add_bot"]
    table: TableId
    bot: Annotated[str, Field(min_length=1, max_length=32)]
    seat: SeatNo | None = None
    buy_in: PosChips

    @field_validator("bot")
    @classmethod
    def _bot(cls, bot: str) -> str:
        problem = display_name_problem(bot)
        if problem is not None:
            raise ValueError(problem)
        return bot


class RemoveBotMsg(_ClientBase):
    """Owner only: a bot leaves; its chips go back to the owner's balance."""

    type: Literal["remove_bot"]
    table: TableId
    seat: SeatNo


class CloseTableMsg(_ClientBase):
    """Owner only: close the table (after the current hand); everyone is cashed out."""

    type: Literal["close_table"]
    table: TableId


class PauseMsg(_ClientBase):
    """Host only: deal no new hand (the hand in progress is played out)."""

    type: Literal["pause"]
    table: TableId


class ResumeMsg(_ClientBase):
    """Host only: deal hands again."""

    type: Literal["resume"]
    table: TableId


class TableSettingsMsg(_ClientBase):
    """Host only: change settings of the table (a field left out or null stays as it is).
    ``approve_seats``: seats taken at a private table wait for the host's approval;
    ``hand_delay``: seconds between hands."""

    type: Literal["table_settings"]
    table: TableId
    approve_seats: bool | None = None
    hand_delay: Annotated[float, Field(ge=0, le=300)] | None = None


class ApproveSeatMsg(_ClientBase):
    """Host only: seat the player of a seat request (``request``: its id in the table message)."""

    type: Literal["approve_seat"]
    table: TableId
    request: Annotated[int, Field(ge=1, le=2**31)]


class DenySeatMsg(_ClientBase):
    """Host only: turn a seat request down."""

    type: Literal["deny_seat"]
    table: TableId
    request: Annotated[int, Field(ge=1, le=2**31)]


class RemovePlayerMsg(_ClientBase):
    """Host only: a player (or bot) leaves the table between hands; their chips go back to their
    balance (a bot's to the host's)."""

    type: Literal["remove_player"]
    table: TableId
    seat: SeatNo


class SeatSettingsMsg(_ClientBase):
    """A seated player's settings (a field left out or null stays as it is):
    ``leave_after_hand`` (leave when the hand in play ends, chips back to the balance; between
    hands: at once), ``auto_showdown`` (``ask``, ``show``: always show, ``muck``: muck a hand
    that the hands already shown beat, show any other)."""

    type: Literal["seat_settings"]
    table: TableId
    leave_after_hand: bool | None = None
    auto_showdown: Literal["ask", "show", "muck"] | None = None


class ChooseGameMsg(_ClientBase):
    """Dealer's choice (R7.1): the dealer picks the game of the next round from the table's list."""

    type: Literal["choose_game"]
    table: TableId
    game: Annotated[str, Field(min_length=1, max_length=32)]


ClientMessage = Annotated[
    AuthMsg | PingMsg | LobbyMsg | WatchMsg | UnwatchMsg | SitMsg | AddChipsMsg | SitOutMsg
    | SitInMsg | LeaveMsg | ActMsg | ChatMsg | AddBotMsg | RemoveBotMsg | CloseTableMsg
    | PauseMsg | ResumeMsg | TableSettingsMsg | ApproveSeatMsg | DenySeatMsg | RemovePlayerMsg
    | SeatSettingsMsg | ChooseGameMsg,
    Field(discriminator="type"),
]
CLIENT_MESSAGE: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)
"""Parses a client frame into the model of its message (``type`` picks the class)."""

TableRequest = (WatchMsg | UnwatchMsg | SitMsg | AddChipsMsg | SitOutMsg | SitInMsg | LeaveMsg | ActMsg
                | ChatMsg | AddBotMsg | RemoveBotMsg | CloseTableMsg | PauseMsg | ResumeMsg
                | TableSettingsMsg | ApproveSeatMsg | DenySeatMsg | RemovePlayerMsg | SeatSettingsMsg
                | ChooseGameMsg)
"""The client messages that are requests of one table (each has ``table``): run by the process
that runs the table (:mod:`studpoker.server.tables.requests`)."""

TABLE_REQUESTS: tuple[type[TableRequest], ...] = (
    WatchMsg, UnwatchMsg, SitMsg, AddChipsMsg, SitOutMsg, SitInMsg, LeaveMsg, ActMsg, ChatMsg,
    AddBotMsg, RemoveBotMsg, CloseTableMsg, PauseMsg, ResumeMsg, TableSettingsMsg, ApproveSeatMsg,
    DenySeatMsg, RemovePlayerMsg, SeatSettingsMsg, ChooseGameMsg)
"""The classes of :data:`TableRequest`."""

TABLE_REQUEST: TypeAdapter[TableRequest] = TypeAdapter(Annotated[TableRequest, Field(discriminator="type")])
"""Parses a forwarded table request (a cluster's) back into its model."""


# ---------------------------------------------------------- server -> client


class _ServerBase(BaseModel):
    model_config = ConfigDict(extra="forbid")


class UserInfo(_ServerBase):
    """An account as its owner sees it."""

    id: int
    name: str
    guest: bool
    balance: int


class SeatInfo(_ServerBase):
    """A taken seat as everyone sees it. ``time_bank``: seconds of time bank left;
    ``disconnected``: the player has no connection open (folded at their turn, unseated after
    the server's seat timeout)."""

    seat: int
    name: str
    chips: int
    sitting_out: bool
    leaving: bool
    bot: str | None
    in_hand: bool
    time_bank: float
    disconnected: bool = False
    leave_after_hand: bool = False  # leaves when the hand in play ends


class SeatRequest(_ServerBase):
    """A seat asked for at a table whose host approves seats: ``id`` (for ``approve_seat`` and
    ``deny_seat``), who asks, the seat (null: any) and the buy-in."""

    id: int
    name: str
    seat: int | None
    buy_in: int


class BotKind(_ServerBase):
    """A bot the owner may add: its name, difficulty level (or None) and menu label."""

    bot: str
    level: str | None
    label: str


class TableInfo(_ServerBase):
    """A table as a watcher sees it. ``you``: the receiver's table seat;
    ``bot_kinds``: the bots an owner may add (``add_bot``), levels first."""

    id: int
    name: str
    owner: str
    config: dict[str, Any]
    game_info: dict[str, Any]
    private: bool
    invite_code: str | None = None
    closed: bool
    seats: list[SeatInfo | None]
    button: int | None
    hands_played: int
    you: int | None = None
    bot_kinds: list[BotKind] = []
    tournament: dict[str, Any] | None = None  # a tournament table: its status (docs/protocol.md)
    paused: bool = False
    approve_seats: bool = False
    hand_delay: float = 0.0  # seconds between hands
    mixed: dict[str, Any] | None = None  # R7: the games, the next one and when (docs/protocol.md)
    requests: list[SeatRequest] = []  # the host's: seat requests waiting for approval
    your_request: SeatRequest | None = None  # the receiver's own seat request
    your_settings: dict[str, Any] | None = None  # the receiver's seat settings (seat_settings)


class LobbyEntry(_ServerBase):
    """One table in the lobby."""

    id: int
    name: str
    game: str
    stakes: str
    game_info: dict[str, Any]
    seats: int
    taken: int
    private: bool
    owner: str
    in_hand: bool
    seated: bool = False  # the receiver has a seat here
    paused: bool = False
    mixed: dict[str, Any] | None = None  # R7: the games, the next one and when


def _model_of(spec: Any, models: dict[Any, type[BaseModel]]) -> type[BaseModel]:
    """The model of one of :mod:`studpoker.codec`'s JSON declarations (a ``TypedDict``): the
    same fields, nested declarations as their models, ``NotRequired`` fields absent or null."""
    if spec in models:
        return models[spec]

    def swap(hint: Any) -> Any:
        if is_typeddict(hint):
            return _model_of(hint, models)
        args = get_args(hint)
        origin = get_origin(hint)
        if origin is list:
            return list[swap(args[0])]  # type: ignore[misc]
        if origin in (Union, types.UnionType):
            return functools.reduce(operator.or_, [swap(a) for a in args])
        return hint

    fields: dict[str, Any] = {}
    for key, hint in get_type_hints(spec).items():
        if key in spec.__required_keys__:
            fields[key] = (swap(hint), ...)
        else:  # absent, or null
            fields[key] = (swap(hint) | None, None)
    name = spec.__name__.removesuffix("JSON") + "Model"
    model: type[BaseModel] = create_model(name, __base__=_ServerBase, __doc__=spec.__doc__,
                                          __module__=__name__, **fields)
    models[spec] = model
    return model


_VIEW_MODELS: dict[Any, type[BaseModel]] = {}
ViewModel = _model_of(codec.ViewJSON, _VIEW_MODELS)
"""A view (``hand`` and ``update`` messages): the fields of :class:`studpoker.codec.ViewJSON`,
the one declaration of a view's JSON (``log`` present in full states only)."""
PlayerModel = _VIEW_MODELS[codec.PlayerJSON]
"""One seat of a view: :class:`studpoker.codec.PlayerJSON`."""

ResultModel = _VIEW_MODELS[codec.ResultJSON]
"""A pot's result (in views and ``hand_end``): :class:`studpoker.codec.ResultJSON`."""

if TYPE_CHECKING:  # what the fields hold, for the type checker; pydantic validates them with the models
    _View = codec.ViewJSON
    _Result = codec.ResultJSON
else:
    _View = ViewModel
    _Result = ResultModel


class TimerModel(_ServerBase):
    """The decision clock: the seat to act (hand seat) and when its time runs out
    (Unix seconds): ``deadline`` for the action time, then ``bank_deadline``."""

    seat: int
    deadline: float
    bank_deadline: float


class HandMsg(_ServerBase):
    """The full state of the current hand for the receiver (on watch, at the start)."""

    type: Literal["hand"]
    table: int
    hand: int
    number: int
    commitment: str
    seats: list[int]
    version: int
    view: _View
    timer: TimerModel | None


class UpdateMsg(_ServerBase):
    """The hand moved on: ``events`` are the new log records (from ``version_from``).

    ``view``: the receiver's whole view; or, for a watch with ``delta``, ``view_delta``:
    the top-level fields of the view that changed since ``version_from``, with
    ``players`` as ``{"index": {changed fields}}``. Exactly one of them is present.
    """

    type: Literal["update"]
    table: int
    hand: int
    version_from: int
    version: int
    events: list[dict[str, Any]]
    view: _View | None = None
    view_delta: dict[str, Any] | None = None
    #: who made the action of these events: ``player``, ``bot``, ``timeout`` (the clock ran
    #: out, R4.4), ``away`` (folded while disconnected), ``leave`` (R4.3); None for a deal
    source: str | None = None
    timer: TimerModel | None


class OpeningModel(_ServerBase):
    """One card of the committed deck, revealed (``studpoker.fairness.Opening``)."""

    position: int
    card: str
    salt: str
    proof: list[str]


class HandEndMsg(_ServerBase):
    """The hand is over: results, and the openings of the cards everyone saw, each checkable
    against ``commitment`` (the deck's Merkle root, sent in the ``hand`` message)."""

    type: Literal["hand_end"]
    table: int
    hand: int
    number: int
    commitment: str
    openings: list[OpeningModel]
    seats: list[int]
    payoffs: list[int]
    results: list[_Result]


class TableMsg(_ServerBase):
    """The table (seats, button, ...) after any change of seating."""

    type: Literal["table"]
    table: TableInfo


class WelcomeMsg(_ServerBase):
    """Answer to ``auth``."""

    type: Literal["welcome"]
    reply_to: int
    user: UserInfo


class AckMsg(_ServerBase):
    """A client message was accepted (and committed)."""

    type: Literal["ack"]
    reply_to: int


class ErrorMsg(_ServerBase):
    """A client message was refused; nothing changed. ``legal``: the legal actions."""

    type: Literal["error"]
    reply_to: int | None
    code: str
    message: str
    legal: list[dict[str, Any]] | None = None


class LobbyReply(_ServerBase):
    """Answer to ``lobby``."""

    type: Literal["lobby"]
    reply_to: int
    tables: list[LobbyEntry]


class PongMsg(_ServerBase):
    """Answer to ``ping``."""

    type: Literal["pong"]
    reply_to: int
    time: float


class ChatOut(_ServerBase):
    """A chat line at a table."""

    type: Literal["chat"]
    table: int
    name: str
    text: str
    time: float


class BalanceMsg(_ServerBase):
    """The receiver's balance changed."""

    type: Literal["balance"]
    balance: int


class YourTurnMsg(_ServerBase):
    """To every connection of a player whose turn it is, at any table, whatever they watch:
    ``table`` and its ``name``, the ``hand`` and the decision clock (R4.4)."""

    type: Literal["your_turn"]
    table: int
    name: str
    hand: int | None  # None: the dealer's choice of the next game (R7.1)
    deadline: float
    bank_deadline: float


class RemovedMsg(_ServerBase):
    """To a player the host removed from ``table`` (its ``name``): ``chips`` went back to their balance."""

    type: Literal["removed"]
    table: int
    name: str
    chips: int


class TurnOverMsg(_ServerBase):
    """The player's turn at ``table`` is over (they acted, the clock acted, or the hand ended)."""

    type: Literal["turn_over"]
    table: int
    hand: int | None


ServerMessage = Annotated[
    HandMsg | UpdateMsg | HandEndMsg | TableMsg | WelcomeMsg | AckMsg | ErrorMsg | LobbyReply
    | PongMsg | ChatOut | BalanceMsg | YourTurnMsg | TurnOverMsg | RemovedMsg,
    Field(discriminator="type"),
]
SERVER_MESSAGE: TypeAdapter[Any] = TypeAdapter(ServerMessage)
