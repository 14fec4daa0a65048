"""One open table in memory: its lock, its clock, its bots; apply -> commit -> broadcast.

A :class:`Room` holds a :class:`~studpoker.engine.table.Table` of the engine, the
seats' owners and the decision clock. Every change runs under the room's lock
in this order:

1. check it against the engine (``hand.check``) and the seat's owner
   (:mod:`~studpoker.server.tables.requests` does that);
2. apply it to the in-memory ``Table``;
3. commit it (:mod:`~studpoker.server.tables.store`: the event row, and whatever it
   settles), awaiting the commit;
4. only then broadcast the result (:mod:`~studpoker.server.tables.messages`
   builds it, the host delivers it to every watcher, here or on other
   processes).

If a commit fails the room is rebuilt from the database (the request is then
as if never made). A restarted server, or another process taking the table
over, rebuilds it the same way (:func:`studpoker.server.replay.restore_table`),
decision clock included: the turn started when the last event was stored.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import time
from collections import deque
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from studpoker.engine.actions import Action, ActionKind
from studpoker.engine.games import Game, phh_order, to_options
from studpoker.engine.hand import Hand, Phase
from studpoker.engine.table import Table, default_action
from studpoker.fairness import (
    Opening,
    dealt_cards,
    deck_from_seed,
    deck_root,
    new_seed,
    open_cards,
    public_cards,
)
from studpoker.server import access
from studpoker.server.config import Settings
from studpoker.server.db import Database
from studpoker.server.protocol import TableConfig
from studpoker.server.replay import restore_table
from studpoker.server.stats.store import HandStats
from studpoker.server.tables import messages, store
from studpoker.server.tables.messages import Fanout

__all__ = ["ProtocolError", "Room", "RoomHost", "SeatMeta", "SeatRequestEntry"]

log = logging.getLogger("studpoker.server")
T = TypeVar("T")

BANK_REFILL = 1.0  # seconds of time bank given back ...
BANK_REFILL_HANDS = 10  # ... every this many hands, up to the table's bank


class ProtocolError(Exception):
    """A refused request: ``code`` for programs, ``message`` for people."""

    def __init__(self, code: str, message: str, legal: list[dict[str, Any]] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.legal = legal


class TournamentHook(Protocol):
    """What runs a tournament table (:mod:`studpoker.server.tournaments`): it deals the
    hands of each round, and the table message carries its status."""

    def hand_over(self, room: Room) -> None:
        """The table's hand of the round is over (the caller holds the room's lock)."""
        ...

    def status(self, room: Room) -> dict[str, Any]:
        """The tournament as this table shows it (the ``tournament`` field of the table)."""
        ...


class RoomHost(Protocol):
    """What a room needs from the process that runs it (the registry)."""

    db: Database
    settings: Settings
    stats: dict[str, int]

    async def run_db(self, fn: Callable[[], T], *, play: bool = False) -> T:
        """Run a blocking database call (``play``: a transaction of a hand in play, which
        never waits behind logins, seats or REST calls)."""
        ...

    async def record_event(self, *, table_id: int, hand_id: int, idx: int, kind: str, data: dict[str, Any],
                           source: str, seat_updates: dict[int, dict[str, Any]],
                           finish: store.HandFinish | None) -> None:
        """Commit an accepted event (:func:`studpoker.server.tables.store.record_event`)."""
        ...

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run a background task of a room."""
        ...

    def make_bot(self, name: str, seed: int | None = None) -> Any:
        """A bot by name."""
        ...

    def deliver(self, fanout: Fanout) -> None:
        """Send a message to every watcher of a table (on every process)."""
        ...

    def send_user(self, user_id: int, text: str) -> None:
        """Send a message to every connection of a user (on every process)."""
        ...

    def is_connected(self, user_id: int) -> bool:
        """Whether a user has a connection open (on any process)."""
        ...

    def wants_deltas(self, table_id: int) -> bool:
        """Whether any watcher of the table (on any process) may want updates as deltas."""
        ...

    def wants_whole(self, table_id: int) -> bool:
        """Whether any watcher of the table (on any process) may want updates with whole views."""
        ...

    def watching_users(self, table_id: int) -> set[int | None] | None:
        """The users watching a table (None: unknown, e.g. watchers on other processes)."""
        ...

    async def reload(self, room: Room) -> Room:
        """Rebuild a room from the database (after a failed commit)."""
        ...


def _unix(value: dt.datetime | None) -> float | None:
    return None if value is None else value.replace(tzinfo=dt.UTC).timestamp()


@dataclass(slots=True, kw_only=True)
class SeatMeta:
    """Who a seat belongs to, beyond the engine's ``Seat``."""

    user_id: int  # the player, or the owner who funds a bot
    bot: str | None = None
    time_bank: float = 0.0
    timeouts: int = 0
    disconnected_since: float | None = None  # Unix seconds; None while the player is connected
    leave_after_hand: bool = False  # leaves when the hand in play ends
    sat_out_before: bool = False  # sitting out before asking to leave after the hand
    auto_showdown: str = "ask"  # "ask", "show", or "muck" (a hand the hands shown already beat)


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatRequestEntry:
    """A seat asked for at a table whose host approves seats (kept until approved or denied)."""

    id: int
    user_id: int
    name: str
    seat: int | None
    buy_in: int


@dataclass(slots=True, kw_only=True)
class Room:
    """One open table in memory, run by ``host``."""

    host: RoomHost
    id: int
    name: str
    owner_id: int
    owner_name: str
    config: TableConfig
    private: bool
    invite_code: str | None
    table: Table
    meta: dict[int, SeatMeta]
    last_number: int = 0
    hand_id: int | None = None
    hand_number: int = 0
    seed: str | None = None
    commitment: str | None = None
    event_idx: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bots: dict[int, Any] = field(default_factory=dict)
    timer: asyncio.Task[None] | None = None
    timer_info: dict[str, Any] | None = None
    turn_started: float = 0.0
    next_hand: asyncio.Task[None] | None = None
    chat: deque[str] = field(default_factory=deque)
    chat_times: dict[int, deque[float]] = field(default_factory=dict)
    closing: bool = False
    closed: bool = False
    stopped: bool = False
    views: messages.Views = field(default_factory=dict)  # last views sent, for deltas
    end_openings: list[Opening] | None = None  # the seen cards' openings of the hand ending now
    tournament: TournamentHook | None = None  # a tournament table: hands dealt by the tournament
    requests: dict[int, SeatRequestEntry] = field(default_factory=dict)  # seats waiting for approval
    request_seq: int = 0
    choice_task: asyncio.Task[None] | None = None  # dealer's choice: the chooser's clock (R7.1)
    choice_seat: int | None = None
    choice_deadline: float | None = None
    turn_sent: tuple[int, int, int] | None = None  # (user, hand, version) told "your turn"

    # ----------------------------------------------------------- building

    @classmethod
    def from_rows(cls, host: RoomHost, data: store.LoadedTable, old: Room | None = None) -> Room:
        """The room the stored rows describe (``old``: the room it replaces, whose lock and chat
        it keeps)."""
        row = data.row
        config = TableConfig.model_validate(row.config)
        table = restore_table(row, data.seats, data.hand, data.events, data.dealt)
        now = time.time()
        meta = {r.seat: SeatMeta(user_id=r.user_id, bot=r.bot, time_bank=r.time_bank, timeouts=r.timeouts,
                                 disconnected_since=None if r.bot or host.is_connected(r.user_id) else now)
                for r in data.seats}
        room = cls(host=host, id=row.id, name=row.name, owner_id=row.owner_id, owner_name=data.owner_name,
                   config=config, private=row.private, invite_code=row.invite_code, table=table, meta=meta,
                   last_number=data.last_number, closing=row.closed)
        if data.hand is not None:
            room.hand_id = data.hand.id
            room.hand_number = data.hand.number
            room.seed = data.hand.seed
            room.commitment = data.hand.commitment
            room.event_idx = len(data.events)
            # the decision clock goes on: the turn started when the last event was stored
            last = data.events[-1].created_at if data.events else data.hand.started_at
            room.turn_started = _unix(last) or now
        if old is not None:
            room.lock = old.lock
            room.chat = old.chat
            room.chat_times = old.chat_times
            room.bots = {s: b for s, b in old.bots.items() if s in meta and meta[s].bot}
            room.tournament = old.tournament
            room.requests, room.request_seq = old.requests, old.request_seq
            for s, m in meta.items():
                if s in old.meta and old.meta[s].user_id == m.user_id:
                    o = old.meta[s]
                    m.disconnected_since = o.disconnected_since
                    m.leave_after_hand, m.sat_out_before = o.leave_after_hand, o.sat_out_before
                    m.auto_showdown = o.auto_showdown
        for seat, m in meta.items():
            if m.bot and seat not in room.bots:
                room.bots[seat] = host.make_bot(m.bot, None)
        return room

    def start(self, start_delay: float) -> None:
        """Start the clock of a resumed hand, or schedule the next hand."""
        if self.closed:
            return
        if self.hand is not None:
            log.info("table %s: resuming hand %s at event %s", self.id, self.hand_id, self.event_idx)
            self.arm(resume=True)
        elif self.tournament is None:  # a tournament deals its tables' hands itself
            self.schedule_next_hand(start_delay)

    def stop(self) -> None:
        """Stop every timer of the room (its state is in the database already)."""
        self.stopped = True
        for task in (self.timer, self.next_hand, self.choice_task):
            if task is not None and task is not asyncio.current_task():
                task.cancel()

    @property
    def hand_delay(self) -> float:
        """Seconds between hands: the host's setting, else the server's."""
        delay = self.config.hand_delay
        return self.host.settings.hand_delay if delay is None else delay

    async def set_config(self, **changes: Any) -> None:
        """Change host settings of the table (stored before anything is said; the caller holds the
        lock). A failed commit changes nothing."""
        new = self.config.model_copy(update=changes)
        host = self.host
        try:
            await host.run_db(lambda: store.update_config(host.db, table_id=self.id,
                                                          config=new.model_dump()))
        except Exception:
            log.exception("table %s: could not store its settings", self.id)
            raise ProtocolError("server_error", "the setting could not be stored; try again") from None
        self.config = new

    def cancel_next_hand(self) -> None:
        """No hand is to be dealt for now (paused): the scheduled deal and any game choice stop."""
        if self.next_hand is not None and self.next_hand is not asyncio.current_task():
            self.next_hand.cancel()
        self.next_hand = None
        self._end_choice()

    def _end_choice(self) -> None:
        """The dealer's choice is over (made, timed out, or called off): its clock stops."""
        if self.choice_task is not None and self.choice_task is not asyncio.current_task():
            self.choice_task.cancel()
        seat = self.choice_seat
        self.choice_task, self.choice_seat, self.choice_deadline = None, None, None
        meta = self.meta.get(seat) if seat is not None else None
        if meta is not None:
            self.host.send_user(meta.user_id, messages.encode(messages.turn_over(self.id, None)))

    # -------------------------------------------------------------- lookup

    @property
    def game(self) -> Game:
        """The table's game."""
        return self.table.game

    @property
    def hand(self) -> Hand | None:
        """The live hand, if one is being played."""
        hand = self.table.hand
        return hand if hand is not None and not hand.is_over and self.hand_id is not None else None

    def user_seat(self, user_id: int | None) -> int | None:
        """The table seat a (human) user holds."""
        if user_id is None:
            return None
        for seat, m in self.meta.items():
            if m.user_id == user_id and m.bot is None:
                return seat
        return None

    def hand_seat(self, table_seat: int | None) -> int | None:
        """The hand seat of a table seat dealt into the live hand."""
        if table_seat is None or self.hand is None:
            return None
        try:
            return self.table.hand_seats.index(table_seat)
        except ValueError:
            return None

    def may_watch(self, user_id: int | None, invite: str | None) -> bool:
        """The private-table rule (:func:`studpoker.server.access.may_see`): public tables,
        anyone; private, the owner, its seated players, or the invite code."""
        seated = user_id is not None and self.user_seat(user_id) is not None
        return access.may_see(private=self.private, owner_id=self.owner_id, invite_code=self.invite_code,
                              user_id=user_id, invite=invite, member=seated)

    # ----------------------------------------------------------- messages

    def state_texts(self, user_id: int | None) -> list[str]:
        """The full state of the table for one receiver (watch, reconnect)."""
        out = [messages.encode(messages.table_msg(self, user_id))]
        if self.hand is not None:
            out.append(messages.hand_text(self, self.hand_seat(self.user_seat(user_id))))
        out.extend(self.chat)
        return out

    def broadcast_table(self) -> None:
        """Everyone watching gets the table (seats, button, ...)."""
        self.host.deliver(messages.table_fanout(self))

    def broadcast_hand(self) -> None:
        """Everyone watching gets the full state of the live hand."""
        if self.hand is not None:
            fanout, self.views = messages.hand_fanout(self)
            self.host.deliver(fanout)

    def send_balances(self, balances: dict[int, int]) -> None:
        """Tell users their new balances."""
        for user_id, value in balances.items():
            self.host.send_user(user_id, messages.encode(messages.balance(value)))

    def add_chat(self, text: str) -> None:
        """Keep a chat line (encoded) for later watchers, and send it."""
        self.chat.append(text)
        while len(self.chat) > self.host.settings.chat_history:
            self.chat.popleft()
        self.host.deliver(Fanout(table=self.id, texts={messages.PUBLIC: text}))

    # -------------------------------------------------------------- presence

    def presence(self, user_id: int, connected: bool) -> None:
        """A player's connections opened or all closed: shown as ``disconnected`` on their seat."""
        changed = False
        now = time.time()
        for m in self.meta.values():
            if m.user_id != user_id or m.bot is not None:
                continue
            if connected and m.disconnected_since is not None:
                m.disconnected_since = None
                changed = True
            elif not connected and m.disconnected_since is None:
                m.disconnected_since = now
                changed = True
        if changed and not self.closed:
            self.broadcast_table()
            if not connected and self.hand is not None:
                ts = self.table.to_act_seat()
                if ts is not None and self.meta[ts].user_id == user_id:
                    self.arm(keep_start=True)

    def squatters(self, now: float) -> list[int]:
        """Seats whose players have been disconnected longer than the seat timeout."""
        limit = self.host.settings.seat_timeout
        out: list[int] = []
        if self.tournament is not None:  # tournament seats stay: their players are blinded off
            return out
        for seat, m in self.meta.items():
            player = self.table.seats[seat]
            if (m.bot is None and m.disconnected_since is not None and now - m.disconnected_since >= limit
                    and player is not None and not player.leaving):
                out.append(seat)
        return out

    # ---------------------------------------------------------------- clock

    def _away_grace(self) -> float | None:
        s = self.host.settings
        return None if s.away_grace is None else max(0.0, min(s.away_grace, s.seat_timeout))

    def arm(self, *, resume: bool = False, keep_start: bool = False) -> None:
        """Start the clock (or the bot) for whoever is to act now.

        ``resume``: the turn started at ``turn_started`` (restored from the database);
        ``keep_start``: the same turn, re-armed (the player just disconnected).
        """
        if self.timer is not None and self.timer is not asyncio.current_task():
            self.timer.cancel()
        self.timer = None
        self.timer_info = None
        hand = self.hand
        if hand is None or hand.to_act is None or self.stopped:
            self.tell_turn(None)
            return
        ts = self.table.to_act_seat()
        assert ts is not None
        meta = self.meta[ts]
        now = time.time()
        if not (resume or keep_start):
            self.turn_started = now
        started = self.turn_started
        action_time = self.config.action_time
        self.timer_info = {"seat": hand.to_act, "deadline": round(started + action_time, 3),
                           "bank_deadline": round(started + action_time + meta.time_bank, 3)}
        version = len(hand.log)
        assert self.hand_id is not None
        if meta.bot is not None and ts in self.bots:
            self.tell_turn(None)
            self.timer = self.host.spawn(self._bot_turn(self.hand_id, version, ts))
            return
        auto = _auto_showdown(hand, meta.auto_showdown)
        if auto is not None:  # nothing to decide (R3.10), or the player's own setting decides
            self.tell_turn(None)
            self.timer = self.host.spawn(self._auto_turn(self.hand_id, version, auto))
            return
        self.tell_turn((meta.user_id, self.hand_id, version))
        due = started + action_time + meta.time_bank
        grace = self._away_grace()
        if meta.disconnected_since is not None and grace is not None:
            due = min(due, max(now, meta.disconnected_since + grace))
        self.timer = self.host.spawn(self._timeout(self.hand_id, version, max(0.0, due - now)))

    async def _timeout(self, hand_id: int, version: int, delay: float) -> None:
        await asyncio.sleep(delay)
        async with self.lock:
            room = self._current()
            hand = room.hand
            if room.stopped or hand is None or room.hand_id != hand_id or len(hand.log) != version:
                return
            ts = room.table.to_act_seat()
            assert ts is not None
            meta = room.meta[ts]
            now = time.time()
            if now < room.turn_started + room.config.action_time + meta.time_bank - 0.001:
                if meta.disconnected_since is None:  # came back in time: the clock goes on
                    room.arm(keep_start=True)
                    return
                # away (R4.3 as if leaving): folded at their turn, the seat kept until the seat timeout
                await room.apply(_fold_or_default(hand), source="away")
                return
            if meta.disconnected_since is not None:  # away at the end of their clock: folded
                await room.apply(_fold_or_default(hand), source="away")
                return
            await room.apply(default_action(hand), source="timeout")  # R4.4

    def tell_turn(self, turn: tuple[int, int, int] | None) -> None:
        """Tell a player, on every connection whatever it watches, that their turn came
        (``your_turn``), and the player told before that it is over (``turn_over``)."""
        old = self.turn_sent
        if old == turn:  # the same decision (its clock armed again): nothing new to tell
            return
        if old is not None:
            self.host.send_user(old[0], messages.encode(messages.turn_over(self.id, old[1])))
        self.turn_sent = turn
        if turn is not None and self.timer_info is not None:
            self.host.send_user(turn[0], messages.encode(messages.your_turn(
                self.id, self.name, turn[1], self.timer_info["deadline"], self.timer_info["bank_deadline"])))

    async def _auto_turn(self, hand_id: int, version: int, action: Action) -> None:
        async with self.lock:
            room = self._current()
            hand = room.hand
            if room.stopped or hand is None or room.hand_id != hand_id or len(hand.log) != version:
                return
            if hand.check(action) is None:
                await room.apply(action, source="auto")

    async def _bot_turn(self, hand_id: int, version: int, ts: int) -> None:
        await asyncio.sleep(self.host.settings.bot_delay)
        hand = self.hand
        if self.stopped or hand is None or self.hand_id != hand_id or len(hand.log) != version:
            return
        bot = self.bots[ts]
        view = hand.view(hand.to_act)
        try:
            action = await asyncio.get_running_loop().run_in_executor(None, bot.act, view)
        except Exception:  # a broken bot times out like a person
            log.exception("bot %s failed", self.meta[ts].bot)
            action = None
        async with self.lock:
            room = self._current()
            hand = room.hand
            if room.stopped or hand is None or room.hand_id != hand_id or len(hand.log) != version:
                return
            if not isinstance(action, Action) or hand.check(action) is not None:
                action = default_action(hand)
            await room.apply(action, source="bot")

    def _current(self) -> Room:
        """This room, or the one that replaced it after a reload."""
        current: Room = getattr(self.host, "rooms", {}).get(self.id, self)
        return current

    # ----------------------------------------------------------------- hands

    def schedule_next_hand(self, delay: float) -> None:
        """Deal the next hand after ``delay`` seconds, if it can start then."""
        if self.next_hand is not None and not self.next_hand.done():
            return
        if self.closed or self.stopped or self.hand is not None:
            return
        self.next_hand = self.host.spawn(self._next_hand(delay))

    async def _next_hand(self, delay: float) -> None:
        if delay > 0:
            await asyncio.sleep(delay)
        async with self.lock:
            room = self._current()
            room.next_hand = None
            await room.deal_if_ready()

    async def deal_if_ready(self) -> None:
        """Deal the next hand if it can start now: not paused, enough players, and at a dealer's
        choice table the game chosen (else the dealer is asked, on the clock). The caller holds
        the lock."""
        if self.stopped or self.closed or self.hand is not None:
            return
        await self.sweep_squatters()
        if self.closing:
            await self.close_now()
            return
        if self.config.paused or not self.table.can_start():
            return
        seat = self.table.choosing()
        if seat is not None:
            meta = self.meta.get(seat)
            if meta is not None and meta.bot is None:
                self._ask_choice(seat)
                return
            self.table.choose_game(None)  # a bot deals the next game of the list
        await self.start_hand()

    def _ask_choice(self, seat: int) -> None:
        """Dealer's choice (R7.1): the dealer picks the next game within the decision clock."""
        if self.choice_seat == seat and self.choice_task is not None and not self.choice_task.done():
            return
        if self.choice_task is not None:
            self.choice_task.cancel()
        self.choice_seat = seat
        self.choice_deadline = round(time.time() + self.config.action_time, 3)
        self.choice_task = self.host.spawn(self._choice_timeout(seat, self.config.action_time))
        self.broadcast_table()
        meta = self.meta[seat]
        self.host.send_user(meta.user_id, messages.encode(messages.your_turn(
            self.id, self.name, None, self.choice_deadline, self.choice_deadline)))

    async def _choice_timeout(self, seat: int, delay: float) -> None:
        await asyncio.sleep(delay)
        async with self.lock:
            room = self._current()
            if room.stopped or room.choice_seat != seat:
                return
            room._end_choice()
            if room.table.choosing() == seat:
                game = room.table.choose_game(None)  # the clock ran out: the next game of the list
                log.info("table %s: seat %s did not choose; %s is dealt", room.id, seat, game.name)
            await room.deal_if_ready()

    async def game_chosen(self) -> None:
        """The dealer chose the next game: stop their clock and deal (the caller holds the lock)."""
        self._end_choice()
        await self.deal_if_ready()

    def retell(self, user_id: int) -> list[str]:
        """The ``your_turn`` a user is owed at this table (a connection of theirs just logged in)."""
        turn, info = self.turn_sent, self.timer_info
        if turn is not None and turn[0] == user_id and info is not None:
            return [messages.encode(messages.your_turn(self.id, self.name, turn[1], info["deadline"],
                                                       info["bank_deadline"]))]
        meta = self.meta.get(self.choice_seat) if self.choice_seat is not None else None
        if meta is not None and meta.user_id == user_id and self.choice_deadline is not None:
            return [messages.encode(messages.your_turn(self.id, self.name, None, self.choice_deadline,
                                                       self.choice_deadline))]
        return []

    async def start_hand(self) -> None:
        t = self.table
        host = self.host
        game = t.upcoming_game()
        assert game is not None
        seed = new_seed()
        commitment = deck_root(seed, joker=game.joker)  # the deck's Merkle root (fairness.py)
        prev_button = t.button
        ready = t.ready_seats()[: game.max_players]
        start = []
        for s in ready:
            p = t.seats[s]
            assert p is not None
            meta = self.meta[s]  # who plays the seat is its account, the name only its label
            start.append({"seat": s, "name": p.name, "chips": p.chips,
                          "user_id": meta.user_id if meta.bot is None else None})
        hand = t.start_hand(deck=deck_from_seed(seed, joker=game.joker), game=game)
        number = self.last_number + 1
        assert t.button is not None
        button = t.button
        stored_game = to_options(game) if t.mixed is not None else None  # R7.3: each hand's own game
        try:
            hand_id = await host.run_db(lambda: store.start_hand(
                host.db, table_id=self.id, number=number, seed=seed, commitment=commitment,
                prev_button=prev_button, button=button, dealer=hand.dealer,
                hand_seats=list(t.hand_seats), start=start, game=stored_game), play=True)
        except Exception:
            log.exception("table %s: could not store a new hand", self.id)
            await host.reload(self)
            return
        self.last_number = number
        self.hand_id, self.hand_number, self.event_idx = hand_id, number, 0
        self.seed, self.commitment = seed, commitment
        self.arm()
        self.broadcast_table()
        self.broadcast_hand()

    async def apply(self, action: Action, *, source: str) -> None:
        """Apply a checked action, commit it, then broadcast (the caller holds the lock)."""
        hand = self.hand
        assert hand is not None and self.hand_id is not None
        host = self.host
        t = self.table
        ts = t.hand_seats[action.seat]
        meta = self.meta[ts]
        hand_seats = list(t.hand_seats)
        version_from = len(hand.log)
        seat_updates: dict[int, dict[str, Any]] = {}
        if source == "player":
            used = max(0.0, time.time() - self.turn_started - self.config.action_time)
            if used > 0 or meta.timeouts:
                meta.time_bank = max(0.0, meta.time_bank - used)
                meta.timeouts = 0
                seat_updates[ts] = {"time_bank": meta.time_bank, "timeouts": 0}
        elif source in ("timeout", "away"):
            if source == "timeout":
                meta.time_bank = 0.0
            else:  # folded while away: the bank they let run is spent
                used = max(0.0, time.time() - self.turn_started - self.config.action_time)
                meta.time_bank = max(0.0, meta.time_bank - used)
            meta.timeouts += 1  # folded while away counts as a timeout: twice and they sit out (R4.4)
            values: dict[str, Any] = {"time_bank": meta.time_bank, "timeouts": meta.timeouts}
            player = t.seats[ts]
            if meta.timeouts >= host.settings.timeouts_to_sit_out and player is not None:
                player.sitting_out = True
                values["sitting_out"] = True
            seat_updates[ts] = values
        t.act(action)
        finish = self._finish_info(hand, hand_seats) if hand.is_over else None
        idx = self.event_idx
        hand_id = self.hand_id
        try:
            await host.record_event(table_id=self.id, hand_id=hand_id, idx=idx, kind="act",
                                    data=action.to_dict(), source=source, seat_updates=seat_updates,
                                    finish=finish)
        except Exception:
            log.exception("table %s: could not store an action", self.id)
            await host.reload(self)
            raise ProtocolError("server_error", "the action could not be stored; try again") from None
        self.event_idx += 1
        host.stats["actions"] += 1
        self._after_event(hand, hand_seats, version_from, finish, source=source)
        if finish is not None:
            await self.leave_after_hand()

    async def leave_after_hand(self) -> None:
        """Seats that asked to leave after the hand leave now, chips back (the caller holds the lock)."""
        for ts in [s for s, m in self.meta.items() if m.leave_after_hand]:
            if self.table.seats[ts] is None:
                continue
            try:
                await self.leave_seat(ts, note="left after the hand")
            except ProtocolError as exc:
                log.warning("table %s: seat %s could not leave after the hand: %s", self.id, ts, exc.message)

    def _after_event(self, hand: Hand, hand_seats: list[int], version_from: int,
                     finish: store.HandFinish | None, *, source: str | None = None) -> None:
        if finish is None:
            self.arm()
            self._deliver_update(hand, hand_seats, version_from, source=source)
            return
        if self.timer is not None and self.timer is not asyncio.current_task():
            self.timer.cancel()
        self.timer, self.timer_info = None, None
        self.tell_turn(None)
        for fs in finish.seats:
            if fs.removed:
                self.meta.pop(fs.seat, None)
                self.bots.pop(fs.seat, None)
            elif fs.seat in self.meta:
                self.meta[fs.seat].time_bank = fs.time_bank
        self._deliver_update(hand, hand_seats, version_from, source=source)
        self.views = {}
        self.host.deliver(messages.hand_end(self, hand, hand_seats, self.end_openings))
        self.end_openings = None
        self.hand_id, self.seed, self.commitment = None, None, None
        self.broadcast_table()
        self.send_balances(finish.balances)
        if self.tournament is not None:
            self.tournament.hand_over(self)
        else:
            self.schedule_next_hand(self.hand_delay)

    def _deliver_update(self, hand: Hand, hand_seats: list[int], version_from: int, *,
                        source: str | None = None) -> None:
        host = self.host
        fanout, self.views = messages.update_fanout(self, hand, hand_seats, version_from, self.views,
                                                    deltas_too=host.wants_deltas(self.id),
                                                    whole=host.wants_whole(self.id),
                                                    watchers=host.watching_users(self.id), source=source)
        self.host.deliver(fanout)

    def _finish_info(self, hand: Hand, hand_seats: list[int]) -> store.HandFinish:
        seats = []
        refill = self.table.hands_played % BANK_REFILL_HANDS == 0
        for hs, ts in enumerate(hand_seats):
            player = self.table.seats[ts]
            meta = self.meta[ts]
            if player is None:
                seats.append(store.FinishedSeat(seat=ts, user_id=meta.user_id, chips=hand.stacks[hs],
                                                sitting_out=True, removed=True))
            else:
                bank = meta.time_bank
                if refill and meta.bot is None:
                    bank = min(self.config.time_bank, bank + BANK_REFILL)
                seats.append(store.FinishedSeat(seat=ts, user_id=meta.user_id, chips=player.chips,
                                                sitting_out=player.sitting_out, removed=False,
                                                time_bank=bank))
        phh, phh_public = self._histories(hand, hand_seats)
        # a cash table's players' statistics (tournament chips are not a balance's: not counted)
        players = {} if self.tournament is not None else {
            hs: self.meta[ts].user_id for hs, ts in enumerate(hand_seats) if self.meta[ts].bot is None}
        return store.HandFinish(payoffs=list(hand.payoffs), seats=seats,
                                hands_played=self.table.hands_played, phh=phh, phh_public=phh_public,
                                stats=hand_stats(hand, players, table_id=self.id))

    def _histories(self, hand: Hand, hand_seats: list[int]) -> tuple[str | None, str | None]:
        from studpoker import phh

        order = phh_order(hand.dealer, hand.n)  # p1, p2, ...
        names = []
        for hs in order:
            player = self.table.seats[hand_seats[hs]]
            names.append(player.name if player is not None else f"seat {hand_seats[hs]}")
        fields = {"players": names, "table": self.id, "hand": self.hand_number,
                  "_table_seats": [hand_seats[hs] for hs in order], "_commitment": self.commitment}
        assert self.seed is not None
        seed, joker = self.seed, hand.game.joker
        out: list[str | None] = []
        for public in (False, True):
            try:
                if not public:  # every card dealt; the cards everyone saw are among them
                    dealt = open_cards(seed, dealt_cards(hand), joker=joker)
                    seen = {str(c) for c in public_cards(hand)}
                    self.end_openings = [o for o in dealt if o.card in seen]  # also for hand_end
                opened = self.end_openings if public else dealt
                fields_of = fields | {"_openings": [o.to_text() for o in opened or ()]}
                out.append(phh.write(phh.from_hand(hand, public=public, fields=fields_of)))
            except Exception:
                log.exception("table %s: no hand history", self.id)
                out.append(None)
        return out[0], out[1]

    # ------------------------------------------------------------ seats

    async def leave_seat(self, ts: int, *, note: str = "leave") -> None:
        """A seat leaves (R4.3): now between hands, else folded at its turn and cashed out when
        the hand ends. The caller holds the lock."""
        host = self.host
        t = self.table
        meta = self.meta[ts]
        player = t.seats[ts]
        assert player is not None
        if player.leaving:
            raise ProtocolError("leaving", "already leaving at the end of the hand")
        hand = self.hand
        if hand is not None and ts in t.hand_seats:
            assert self.hand_id is not None
            hand_id, idx = self.hand_id, self.event_idx
            t.leave(ts)
            try:
                await host.run_db(lambda: store.record_event(
                    host.db, table_id=self.id, hand_id=hand_id, idx=idx, kind="leave", data={"seat": ts},
                    source="player", seat_updates={ts: {"leaving": True}}, finish=None), play=True)
            except Exception:
                await host.reload(self)
                raise ProtocolError("server_error", "could not store that; try again") from None
            self.event_idx += 1
            self.broadcast_table()
            if t.to_act_seat() == ts:
                await self.apply(_fold_or_default(hand), source="leave")
            return
        chips = player.chips
        try:
            balance = await host.run_db(lambda: store.unseat(host.db, table_id=self.id, seat=ts,
                                                             user_id=meta.user_id, chips=chips, note=note))
        except store.StoreError as exc:
            raise ProtocolError("refused", str(exc)) from None
        t.leave(ts)
        self.meta.pop(ts, None)
        self.bots.pop(ts, None)
        self.send_balances({meta.user_id: balance})
        self.broadcast_table()

    async def sweep_squatters(self) -> None:
        """Unseat players disconnected longer than the seat timeout (at the end of the hand if they
        are in one). The caller holds the lock."""
        for ts in self.squatters(time.time()):
            log.info("table %s: seat %s disconnected too long, unseated", self.id, ts)
            try:
                await self.leave_seat(ts, note="seat timeout")
            except ProtocolError as exc:
                log.warning("table %s: seat %s: %s", self.id, ts, exc.message)

    async def close_now(self) -> None:
        """Cash everyone out and close the table (no hand in progress; the caller holds the lock)."""
        for ts in [i for i, p in enumerate(self.table.seats) if p is not None]:
            await self.leave_seat(ts)
        await self.host.run_db(lambda: store.close_table(self.host.db, table_id=self.id))
        self.closed = True
        self.broadcast_table()


def _auto_showdown(hand: Hand, setting: str) -> Action | None:
    """What the server plays for a player at showdown without asking (R1.9, R3.10): show when
    mucking is not offered; with the player's setting ``show``, show; with ``muck``, muck a hand
    the hands already shown beat, show any other. None: the player decides."""
    if hand.phase is not Phase.SHOWDOWN or hand.to_act is None:
        return None
    legal = hand.legal_actions()
    show = next((a for a in legal if a.kind is ActionKind.SHOW), None)
    muck = next((a for a in legal if a.kind is ActionKind.MUCK), None)
    if show is not None and muck is None:
        return show
    if show is None or muck is None or setting == "ask":
        return None
    if setting == "show":
        return show
    return muck if _beaten(hand, show) else show


def _beaten(hand: Hand, show: Action) -> bool:
    """Whether ``show``'s hand wins nothing against the hands already shown (every later player
    mucking): the engine settles a copy of the hand."""
    sim = hand.copy()
    sim.apply(show)
    while not sim.is_over:
        legal = sim.legal_actions()
        sim.apply(next((a for a in legal if a.kind is ActionKind.MUCK), legal[0]))
    return not any(seat == show.seat and amount > 0 for r in sim.results for seat, amount in r.shares)


def hand_stats(hand: Hand, players: dict[int, int], *, table_id: int = 0) -> list[HandStats]:
    """The statistics of a finished hand (:mod:`studpoker.stats`, read from the hand's log) of
    the players in ``players`` (hand seat -> user id). A hand the statistics cannot read (a game
    they do not know) gives none: never a failed commit."""
    if not players:
        return []
    from dataclasses import fields

    from studpoker.stats import Stats

    stats = Stats()
    try:
        stats.add_hand(hand, names=[str(hs) for hs in range(hand.n)])
    except Exception as exc:  # e.g. a game without a hand-history variant yet
        log.warning("table %s: no statistics for this hand: %s", table_id, exc)
        return []
    out = []
    for row in stats.players.values():
        uid = players.get(int(row.name))
        if uid is None:
            continue
        counts = {f.name: getattr(row, f.name) for f in fields(row) if f.name not in ("name", "game", "nets")}
        out.append(HandStats(user_id=uid, game=row.game, counts=counts, net=row.net))
    return out


def _fold_or_default(hand: Hand) -> Action:
    fold = next((a for a in hand.legal_actions() if a.kind is ActionKind.FOLD), None)
    return fold or default_action(hand)
