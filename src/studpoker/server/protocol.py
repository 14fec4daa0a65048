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
:class:`~studpoker.hand.SeatView`; everything else uses table seats.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    field_validator,
    model_validator,
)

from studpoker.actions import ActionKind
from studpoker.games import Game, from_options, to_options
from studpoker.server.names import display_name_problem

__all__ = [
    "CLIENT_MESSAGE",
    "SERVER_MESSAGE",
    "ActMsg",
    "ActionModel",
    "AddBotMsg",
    "AddChipsMsg",
    "AuthMsg",
    "ChatMsg",
    "ClientMessage",
    "CloseTableMsg",
    "GameOptions",
    "LeaveMsg",
    "LobbyMsg",
    "PingMsg",
    "RemoveBotMsg",
    "ServerMessage",
    "SitInMsg",
    "SitMsg",
    "SitOutMsg",
    "TableConfig",
    "UnwatchMsg",
    "WatchMsg",
]

Chips = Annotated[int, Field(ge=0, le=10**9)]
PosChips = Annotated[int, Field(ge=1, le=10**9)]
TableId = Annotated[int, Field(ge=1, le=2**31)]
SeatNo = Annotated[int, Field(ge=0, le=7)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


# ------------------------------------------------------------ table config


_MAX_CHIPS = 10**9
_MAX_RAISES = 100


def _game_options(value: Any) -> dict[str, Any]:
    """A game's options as :func:`studpoker.games.from_options` takes them, checked by
    building the game, and returned complete (:func:`studpoker.games.to_options`)."""
    for key, v in value.items():
        numbers = v if isinstance(v, list) else [v]
        if any(isinstance(x, int) and not isinstance(x, bool) and x > _MAX_CHIPS for x in numbers):
            raise ValueError(f"{key} is more than {_MAX_CHIPS}")
    if isinstance(value.get("max_raises"), int) and value["max_raises"] > _MAX_RAISES:
        raise ValueError(f"max_raises is more than {_MAX_RAISES}")
    return to_options(from_options(**value))  # GameError (a ValueError) names a bad option


GameOptions = Annotated[dict[str, Any], AfterValidator(_game_options)]
"""A game and its options, e.g. ``{"game": "stud", "ante": 1}``: every option of
:func:`studpoker.games.from_options`; options not given take its defaults."""


class TableConfig(_Strict):
    """What ``POST /api/tables`` takes. Times are in seconds."""

    name: Annotated[str, Field(min_length=1, max_length=64)]
    game: GameOptions
    seats: Annotated[int, Field(ge=2, le=8)] | None = None
    action_time: Annotated[float, Field(ge=0.1, le=600)] = 20.0
    time_bank: Annotated[float, Field(ge=0, le=3600)] = 60.0
    min_buy_in: PosChips = 100
    max_buy_in: PosChips = 1000
    private: bool = False

    @field_validator("name")
    @classmethod
    def _name(cls, name: str) -> str:
        problem = display_name_problem(name)
        if problem is not None:
            raise ValueError(problem)
        return name

    @model_validator(mode="after")
    def _check(self) -> TableConfig:
        game = self.build_game()
        if self.seats is not None and not game.min_players <= self.seats <= game.max_players:
            raise ValueError(f"a {game.name} table has {game.min_players} to "
                             f"{game.max_players} seats")
        if self.min_buy_in > self.max_buy_in:
            raise ValueError("min_buy_in is more than max_buy_in")
        return self

    def build_game(self) -> Game:
        """The table's game."""
        return from_options(**self.game)

    @property
    def seat_count(self) -> int:
        """The number of seats (default: the game's maximum)."""
        return self.seats or self.build_game().max_players


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


ClientMessage = Annotated[
    AuthMsg | PingMsg | LobbyMsg | WatchMsg | UnwatchMsg | SitMsg | AddChipsMsg | SitOutMsg
    | SitInMsg | LeaveMsg | ActMsg | ChatMsg | AddBotMsg | RemoveBotMsg | CloseTableMsg,
    Field(discriminator="type"),
]
CLIENT_MESSAGE: TypeAdapter[Any] = TypeAdapter(ClientMessage)


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


class PlayerModel(_ServerBase):
    """:class:`~studpoker.hand.PlayerView`; ``down`` holds null for cards not visible."""

    seat: int
    stack: int
    bet: int
    contributed: int
    folded: bool
    all_in: bool
    down: list[str | None]
    up: list[str]
    shown: bool
    mucked: bool
    strength: dict[str, Any] | None = None


class ViewModel(_ServerBase):
    """:class:`~studpoker.hand.SeatView` (``log`` present in full states only)."""

    seat: int | None
    dealer: int
    street: int
    street_name: str
    phase: str
    to_act: int | None
    legal_actions: list[dict[str, Any]]
    #: the button words of each legal action, in the same order (``"Call 4"``, ``"Buy slot 2 for 4"``)
    legal_labels: list[str] = []
    players: list[PlayerModel]
    market: list[str | None]
    community: list[str]
    pot: int
    results: list[dict[str, Any]]
    strength: dict[str, Any] | None = None
    won: int | None = None
    log: list[dict[str, Any]] | None = None
    #: the ranks wild now (R8: ``["9", "3"]`` in Baseball, ``["Q", "7"]`` in Follow the Queen)
    wild_ranks: list[str] = []


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
    view: ViewModel
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
    view: ViewModel | None = None
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
    results: list[dict[str, Any]]


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


ServerMessage = Annotated[
    HandMsg | UpdateMsg | HandEndMsg | TableMsg | WelcomeMsg | AckMsg | ErrorMsg | LobbyReply
    | PongMsg | ChatOut | BalanceMsg,
    Field(discriminator="type"),
]
SERVER_MESSAGE: TypeAdapter[Any] = TypeAdapter(ServerMessage)
