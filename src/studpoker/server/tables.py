"""The live tables: in-memory :class:`~studpoker.table.Table` objects driven by messages.

One :class:`LiveTable` per open table holds a ``Table`` of the engine, the
seats' owners, the watchers and the decision clock. Every request on a table
runs under the table's lock in this order:

1. check it against the engine (``hand.check``) and the seat's owner;
2. apply it to the in-memory ``Table``;
3. commit it (``store``: the event row, and whatever it settles) on a
   database thread, awaiting the commit;
4. only then broadcast the result, each watcher getting ``hand.view`` of its
   own seat (observers and players not in the hand: the public view).

If a commit fails the table is rebuilt from the database (the request is
then as if never made). A restarted server rebuilds each table the same way:
``state.restore_table`` replays the stored events of its live hand.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from studpoker.actions import Action, ActionKind
from studpoker.bots import bot_kinds
from studpoker.fairness import commitment as commit_seed
from studpoker.fairness import deck_from_seed, new_seed
from studpoker.games import Game, game_info, phh_order
from studpoker.hand import Hand
from studpoker.server import store
from studpoker.server.config import Settings
from studpoker.server.db import Database
from studpoker.server.protocol import TableConfig
from studpoker.server.state import restore_table
from studpoker.server.views import op_dict, view_dict
from studpoker.table import Table, TableError, default_action

__all__ = ["LiveTable", "Outbox", "ProtocolError", "SeatMeta", "TableManager"]

log = logging.getLogger("studpoker.server")
T = TypeVar("T")


class ProtocolError(Exception):
    """A refused request: ``code`` for programs, ``message`` for people."""

    def __init__(self, code: str, message: str, legal: list[dict[str, Any]] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.legal = legal


class Outbox(Protocol):
    """Where messages for one client go (a websocket connection)."""

    user_id: int | None

    def send(self, text: str) -> None:
        """Queue one JSON text message; never blocks."""
        ...


def _dumps(msg: dict[str, Any]) -> str:
    return json.dumps(msg, separators=(",", ":"))


@dataclass(slots=True, kw_only=True)
class SeatMeta:
    """Who a seat belongs to, beyond the engine's ``Seat``."""

    user_id: int  # the player, or the owner who funds a bot
    bot: str | None = None
    time_bank: float = 0.0
    timeouts: int = 0


@dataclass(slots=True, kw_only=True)
class LiveTable:
    """One open table in memory."""

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
    watchers: set[Outbox] = field(default_factory=set)
    bots: dict[int, Any] = field(default_factory=dict)
    timer: asyncio.Task[None] | None = None
    timer_info: dict[str, Any] | None = None
    turn_started: float = 0.0
    next_hand: asyncio.Task[None] | None = None
    chat: deque[dict[str, Any]] = field(default_factory=deque)
    chat_times: dict[int, deque[float]] = field(default_factory=dict)
    closing: bool = False
    closed: bool = False

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


class TableManager:
    """All live tables of a server, and the database threads that persist them."""

    def __init__(self, db: Database, settings: Settings, *,
                 bot_factory: Callable[[str, int | None], Any] | None = None) -> None:
        self.db = db
        self.settings = settings
        self.tables: dict[int, LiveTable] = {}
        self.connections: dict[int, set[Outbox]] = {}
        # SQLite commits are local and take well under a millisecond: they run on the event
        # loop itself (a thread hop costs more under the GIL). PostgreSQL waits on the network:
        # its commits run on database threads.
        threads = settings.db_threads if settings.db_threads >= 0 else (0 if db.is_sqlite else 4)
        self.executor = (ThreadPoolExecutor(max_workers=threads, thread_name_prefix="studpoker-db")
                         if threads else None)
        self._bot_factory = bot_factory
        self._tasks: set[asyncio.Task[Any]] = set()
        self.stats = {"actions": 0}

    # ---------------------------------------------------------- plumbing

    async def run_db(self, fn: Callable[[], T]) -> T:
        """Run a blocking database call (on a database thread, if the manager has them)."""
        if self.executor is None:
            return fn()
        return await asyncio.get_running_loop().run_in_executor(self.executor, fn)

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task: asyncio.Task[Any] = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("table task failed", exc_info=task.exception())

    def make_bot(self, name: str, seed: int | None = None) -> Any:
        """A bot by name (``studpoker.bots.make_bot``)."""
        if self._bot_factory is not None:
            return self._bot_factory(name, seed)
        from studpoker import bots

        return bots.make_bot(name, seed=seed)

    def register(self, conn: Outbox) -> None:
        """A connection logged in."""
        if conn.user_id is not None:
            self.connections.setdefault(conn.user_id, set()).add(conn)

    def unregister(self, conn: Outbox) -> None:
        """A connection closed: it stops watching everything."""
        if conn.user_id is not None:
            conns = self.connections.get(conn.user_id)
            if conns is not None:
                conns.discard(conn)
                if not conns:
                    del self.connections[conn.user_id]
        for lt in self.tables.values():
            lt.watchers.discard(conn)

    def send_user(self, user_id: int, msg: dict[str, Any]) -> None:
        """Send to every connection of a user."""
        text = _dumps(msg)
        for conn in self.connections.get(user_id, ()):
            conn.send(text)

    def _balances(self, balances: dict[int, int]) -> None:
        for user_id, balance in balances.items():
            self.send_user(user_id, {"type": "balance", "balance": balance})

    # ----------------------------------------------------------- startup

    async def start(self) -> None:
        """Load every open table; resume live hands where they stood."""
        loaded = await self.run_db(lambda: store.load_tables(self.db))
        for lt_data in loaded:
            lt = self._build(lt_data)
            self.tables[lt.id] = lt
            if lt.hand is not None:
                log.info("table %s: resuming hand %s at event %s", lt.id, lt.hand_id, lt.event_idx)
                self._arm(lt)
            else:
                self._schedule_next_hand(lt, self.settings.start_delay)

    async def stop(self) -> None:
        """Stop every timer (the state is in the database already)."""
        for lt in self.tables.values():
            for task in (lt.timer, lt.next_hand):
                if task is not None:
                    task.cancel()
        for task in list(self._tasks):
            task.cancel()
        if self.executor is not None:
            self.executor.shutdown(wait=True)

    def _build(self, data: store.LoadedTable, old: LiveTable | None = None) -> LiveTable:
        row = data.row
        config = TableConfig.model_validate(row.config)
        table = restore_table(row, data.seats, data.hand, data.events)
        meta = {r.seat: SeatMeta(user_id=r.user_id, bot=r.bot, time_bank=r.time_bank, timeouts=r.timeouts)
                for r in data.seats}
        lt = LiveTable(id=row.id, name=row.name, owner_id=row.owner_id, owner_name=data.owner_name,
                       config=config, private=row.private, invite_code=row.invite_code, table=table,
                       meta=meta, last_number=data.last_number)
        if data.hand is not None:
            lt.hand_id = data.hand.id
            lt.hand_number = data.hand.number
            lt.seed = data.hand.seed
            lt.commitment = data.hand.commitment
            lt.event_idx = len(data.events)
        if old is not None:
            lt.lock = old.lock
            lt.watchers = old.watchers
            lt.chat = old.chat
            lt.chat_times = old.chat_times
            lt.bots = {s: b for s, b in old.bots.items() if s in meta and meta[s].bot}
        for seat, m in meta.items():
            if m.bot and seat not in lt.bots:
                lt.bots[seat] = self.make_bot(m.bot, None)
        return lt

    async def _reload(self, lt: LiveTable) -> LiveTable:
        """Rebuild a table from the database after a failed commit."""
        if lt.timer is not None and lt.timer is not asyncio.current_task():
            lt.timer.cancel()
        data = await self.run_db(lambda: store.load_table(self.db, lt.id))
        new = self._build(data, old=lt)
        self.tables[lt.id] = new
        if new.hand is not None:
            self._arm(new)
        self._broadcast_table(new)
        self._broadcast_full_hand(new)
        return new

    # ------------------------------------------------------------ lookup

    def get(self, table_id: int) -> LiveTable:
        """A live table, or a ``no_table`` error."""
        lt = self.tables.get(table_id)
        if lt is None or lt.closed:
            raise ProtocolError("no_table", f"there is no open table {table_id}")
        return lt

    def may_watch(self, lt: LiveTable, user_id: int | None, invite: str | None) -> bool:
        """Public tables: anyone; private: the owner, its players, or the invite code."""
        if not lt.private:
            return True
        if user_id is not None and (user_id == lt.owner_id or lt.user_seat(user_id) is not None):
            return True
        return invite is not None and lt.invite_code is not None and secrets.compare_digest(
            invite, lt.invite_code)

    # ------------------------------------------------------- serializing

    def table_info(self, lt: LiveTable, user_id: int | None) -> dict[str, Any]:
        """The ``table`` of a ``table`` message for ``user_id``."""
        t = lt.table
        live = lt.hand is not None
        seats: list[dict[str, Any] | None] = []
        for i, p in enumerate(t.seats):
            m = lt.meta.get(i)
            if p is None or m is None:
                seats.append(None)
                continue
            seats.append({"seat": i, "name": p.name, "chips": p.chips, "sitting_out": p.sitting_out,
                          "leaving": p.leaving, "bot": m.bot, "in_hand": live and i in t.hand_seats,
                          "time_bank": round(m.time_bank, 3)})
        return {
            "id": lt.id, "name": lt.name, "owner": lt.owner_name,
            "config": lt.config.model_dump(), "game_info": game_info(lt.game), "private": lt.private,
            "invite_code": lt.invite_code if user_id == lt.owner_id else None,
            "closed": lt.closed or lt.closing, "seats": seats, "button": t.button,
            "hands_played": t.hands_played, "you": lt.user_seat(user_id),
            "bot_kinds": bot_kinds(),
        }

    def lobby_entry(self, lt: LiveTable) -> dict[str, Any]:
        """One row of the lobby."""
        info = game_info(lt.game)
        return {"id": lt.id, "name": lt.name, "game": lt.game.name, "stakes": info["stakes"],
                "game_info": info,
                "seats": len(lt.table.seats), "taken": sum(p is not None for p in lt.table.seats),
                "private": lt.private, "owner": lt.owner_name, "in_hand": lt.hand is not None}

    def lobby(self, user_id: int | None) -> list[dict[str, Any]]:
        """Open tables a user may see: public ones, and private ones they own or play at."""
        return [self.lobby_entry(lt) for lt in sorted(self.tables.values(), key=lambda t: t.id)
                if not lt.closed and (not lt.private or self.may_watch(lt, user_id, None))]

    def _viewer_seat(self, lt: LiveTable, conn: Outbox) -> int | None:
        return lt.hand_seat(lt.user_seat(conn.user_id))

    def _hand_msg(self, lt: LiveTable, hs: int | None) -> dict[str, Any]:
        hand = lt.hand
        assert hand is not None and lt.hand_id is not None and lt.commitment is not None
        v = hand.view(hs)
        return {"type": "hand", "table": lt.id, "hand": lt.hand_id, "number": lt.hand_number,
                "commitment": lt.commitment, "seats": list(lt.table.hand_seats), "version": len(v.log),
                "view": view_dict(v, log=True), "timer": lt.timer_info}

    def send_state(self, lt: LiveTable, conn: Outbox) -> None:
        """The full state of a table to one connection (watch, reconnect)."""
        msg = {"type": "table", "table": self.table_info(lt, conn.user_id)}
        conn.send(_dumps(msg))
        if lt.hand is not None:
            conn.send(_dumps(self._hand_msg(lt, self._viewer_seat(lt, conn))))
        for line in lt.chat:
            conn.send(_dumps(line))

    def _broadcast_table(self, lt: LiveTable) -> None:
        for conn in list(lt.watchers):
            conn.send(_dumps({"type": "table", "table": self.table_info(lt, conn.user_id)}))

    def _broadcast_full_hand(self, lt: LiveTable) -> None:
        if lt.hand is None:
            return
        cache: dict[int | None, str] = {}
        for conn in list(lt.watchers):
            hs = self._viewer_seat(lt, conn)
            if hs not in cache:
                cache[hs] = _dumps(self._hand_msg(lt, hs))
            conn.send(cache[hs])

    def _broadcast_update(self, lt: LiveTable, hand: Hand, hand_seats: list[int], version_from: int) -> None:
        cache: dict[int | None, str] = {}
        for conn in list(lt.watchers):
            ts = lt.user_seat(conn.user_id)
            hs = hand_seats.index(ts) if ts is not None and ts in hand_seats else None
            text = cache.get(hs)
            if text is None:
                v = hand.view(hs)
                text = _dumps({
                    "type": "update", "table": lt.id, "hand": lt.hand_id, "version_from": version_from,
                    "version": len(v.log), "events": [op_dict(op) for op in v.log[version_from:]],
                    "view": view_dict(v, log=False), "timer": lt.timer_info,
                })
                cache[hs] = text
            conn.send(text)

    # ------------------------------------------------------- the clock

    def _arm(self, lt: LiveTable) -> None:
        """Start the clock (or the bot) for whoever is to act now."""
        if lt.timer is not None and lt.timer is not asyncio.current_task():
            lt.timer.cancel()
        lt.timer = None
        lt.timer_info = None
        hand = lt.hand
        if hand is None or hand.to_act is None:
            return
        ts = lt.table.to_act_seat()
        assert ts is not None
        meta = lt.meta[ts]
        now = time.time()
        lt.turn_started = now
        action_time = lt.config.action_time
        lt.timer_info = {"seat": hand.to_act, "deadline": round(now + action_time, 3),
                         "bank_deadline": round(now + action_time + meta.time_bank, 3)}
        version = len(hand.log)
        assert lt.hand_id is not None
        if meta.bot is not None and ts in lt.bots:
            lt.timer = self._spawn(self._bot_turn(lt, lt.hand_id, version, ts))
        else:
            lt.timer = self._spawn(self._timeout(lt, lt.hand_id, version, action_time + meta.time_bank))

    async def _timeout(self, lt: LiveTable, hand_id: int, version: int, delay: float) -> None:
        await asyncio.sleep(delay)
        async with lt.lock:
            lt = self.tables.get(lt.id, lt)
            hand = lt.hand
            if hand is None or lt.hand_id != hand_id or len(hand.log) != version:
                return
            await self._apply(lt, default_action(hand), source="timeout")  # R4.4

    async def _bot_turn(self, lt: LiveTable, hand_id: int, version: int, ts: int) -> None:
        await asyncio.sleep(self.settings.bot_delay)
        hand = lt.hand
        if hand is None or lt.hand_id != hand_id or len(hand.log) != version:
            return
        bot = lt.bots[ts]
        view = hand.view(hand.to_act)
        try:
            action = await asyncio.get_running_loop().run_in_executor(None, bot.act, view)
        except Exception:  # a broken bot times out like a person
            log.exception("bot %s failed", lt.meta[ts].bot)
            action = None
        async with lt.lock:
            lt = self.tables.get(lt.id, lt)
            hand = lt.hand
            if hand is None or lt.hand_id != hand_id or len(hand.log) != version:
                return
            if not isinstance(action, Action) or hand.check(action) is not None:
                action = default_action(hand)
            await self._apply(lt, action, source="bot")

    # -------------------------------------------------------- the hand

    def _schedule_next_hand(self, lt: LiveTable, delay: float) -> None:
        if lt.next_hand is not None and not lt.next_hand.done():
            return
        if lt.closed or lt.hand is not None:
            return
        lt.next_hand = self._spawn(self._next_hand(lt, delay))

    async def _next_hand(self, lt: LiveTable, delay: float) -> None:
        if delay > 0:
            await asyncio.sleep(delay)
        async with lt.lock:
            lt = self.tables.get(lt.id, lt)
            lt.next_hand = None
            if lt.closing:
                await self._close_now(lt)
                return
            if lt.closed or lt.hand is not None or not lt.table.can_start():
                return
            await self._start_hand(lt)

    async def _start_hand(self, lt: LiveTable) -> None:
        t = lt.table
        seed = new_seed()
        commitment = commit_seed(seed)
        prev_button = t.button
        ready = t.ready_seats()[: t.game.max_players]
        start = []
        for s in ready:
            p = t.seats[s]
            assert p is not None
            start.append({"seat": s, "name": p.name, "chips": p.chips})
        hand = t.start_hand(deck=deck_from_seed(seed, joker=t.game.joker))
        number = lt.last_number + 1
        assert t.button is not None
        button = t.button
        try:
            hand_id = await self.run_db(lambda: store.start_hand(
                self.db, table_id=lt.id, number=number, seed=seed, commitment=commitment,
                prev_button=prev_button, button=button, dealer=hand.dealer,
                hand_seats=list(t.hand_seats), start=start))
        except Exception:
            log.exception("table %s: could not store a new hand", lt.id)
            await self._reload(lt)
            return
        lt.last_number = number
        lt.hand_id, lt.hand_number, lt.event_idx = hand_id, number, 0
        lt.seed, lt.commitment = seed, commitment
        self._arm(lt)
        self._broadcast_table(lt)
        self._broadcast_full_hand(lt)

    async def _apply(self, lt: LiveTable, action: Action, *, source: str) -> None:
        """Apply a checked action, commit it, then broadcast (caller holds the lock)."""
        hand = lt.hand
        assert hand is not None and lt.hand_id is not None
        t = lt.table
        ts = t.hand_seats[action.seat]
        meta = lt.meta[ts]
        hand_seats = list(t.hand_seats)
        version_from = len(hand.log)
        seat_updates: dict[int, dict[str, Any]] = {}
        if source == "player":
            used = max(0.0, time.time() - lt.turn_started - lt.config.action_time)
            if used > 0 or meta.timeouts:
                meta.time_bank = max(0.0, meta.time_bank - used)
                meta.timeouts = 0
                seat_updates[ts] = {"time_bank": meta.time_bank, "timeouts": 0}
        elif source == "timeout":
            meta.time_bank = 0.0
            meta.timeouts += 1
            values: dict[str, Any] = {"time_bank": 0.0, "timeouts": meta.timeouts}
            player = t.seats[ts]
            if meta.timeouts >= self.settings.timeouts_to_sit_out and player is not None:
                player.sitting_out = True
                values["sitting_out"] = True
            seat_updates[ts] = values
        t.act(action)
        finish = self._finish_info(lt, hand, hand_seats) if hand.is_over else None
        idx = lt.event_idx
        hand_id = lt.hand_id
        try:
            await self.run_db(lambda: store.record_event(
                self.db, table_id=lt.id, hand_id=hand_id, idx=idx, kind="act", data=action.to_dict(),
                source=source, seat_updates=seat_updates, finish=finish))
        except Exception:
            log.exception("table %s: could not store an action", lt.id)
            await self._reload(lt)
            raise ProtocolError("server_error", "the action could not be stored; try again") from None
        lt.event_idx += 1
        self.stats["actions"] += 1
        self._after_event(lt, hand, hand_seats, version_from, finish)

    def _after_event(self, lt: LiveTable, hand: Hand, hand_seats: list[int], version_from: int,
                     finish: store.HandFinish | None) -> None:
        if finish is None:
            self._arm(lt)
            self._broadcast_update(lt, hand, hand_seats, version_from)
            return
        if lt.timer is not None and lt.timer is not asyncio.current_task():
            lt.timer.cancel()
        lt.timer, lt.timer_info = None, None
        for fs in finish.seats:
            if fs.removed:
                lt.meta.pop(fs.seat, None)
                lt.bots.pop(fs.seat, None)
        self._broadcast_update(lt, hand, hand_seats, version_from)
        end = {"type": "hand_end", "table": lt.id, "hand": lt.hand_id, "number": lt.hand_number,
               "seed": lt.seed, "commitment": lt.commitment, "seats": hand_seats,
               "payoffs": list(hand.payoffs), "results": [r.to_dict() for r in hand.results]}
        text = _dumps(end)
        for conn in list(lt.watchers):
            conn.send(text)
        lt.hand_id, lt.seed, lt.commitment = None, None, None
        self._broadcast_table(lt)
        self._balances(finish.balances)
        self._schedule_next_hand(lt, self.settings.hand_delay)

    def _finish_info(self, lt: LiveTable, hand: Hand, hand_seats: list[int]) -> store.HandFinish:
        seats = []
        for hs, ts in enumerate(hand_seats):
            player = lt.table.seats[ts]
            meta = lt.meta[ts]
            if player is None:
                seats.append(store.FinishedSeat(seat=ts, user_id=meta.user_id, chips=hand.stacks[hs],
                                                sitting_out=True, removed=True))
            else:
                seats.append(store.FinishedSeat(seat=ts, user_id=meta.user_id, chips=player.chips,
                                                sitting_out=player.sitting_out, removed=False))
        phh, phh_public = self._histories(lt, hand, hand_seats)
        return store.HandFinish(payoffs=list(hand.payoffs), seats=seats,
                                hands_played=lt.table.hands_played, phh=phh, phh_public=phh_public)

    def _histories(self, lt: LiveTable, hand: Hand, hand_seats: list[int]) -> tuple[str | None, str | None]:
        from studpoker import phh

        order = phh_order(hand.dealer, hand.n)  # p1, p2, ...
        names = []
        for hs in order:
            player = lt.table.seats[hand_seats[hs]]
            names.append(player.name if player is not None else f"seat {hand_seats[hs]}")
        fields = {"players": names, "table": lt.id, "hand": lt.hand_number,
                  "_table_seats": [hand_seats[hs] for hs in order],
                  "_seed": lt.seed, "_commitment": lt.commitment}
        out: list[str | None] = []
        for public in (False, True):
            try:
                out.append(phh.write(phh.from_hand(hand, public=public, fields=fields)))
            except Exception:
                log.exception("table %s: no hand history", lt.id)
                out.append(None)
        return out[0], out[1]

    # ------------------------------------------------------- requests

    async def act(self, user_id: int, table_id: int, hand_id: int, version: int, kind: ActionKind,
                  amount: int, slot: int, seat: int | None) -> None:
        """A player's decision (R1.12: refused with the reason, nothing changes)."""
        lt = self.get(table_id)
        async with lt.lock:
            lt = self.get(table_id)
            ts = lt.user_seat(user_id)
            if ts is None:
                raise ProtocolError("not_seated", "you have no seat at this table")
            hand = lt.hand
            if hand is None or lt.hand_id != hand_id:
                raise ProtocolError("stale", f"hand {hand_id} is not the hand in progress")
            hs = lt.hand_seat(ts)
            if hs is None:
                raise ProtocolError("not_in_hand", "you are not dealt into this hand")
            if seat is not None and seat != hs:
                raise ProtocolError("forbidden", f"you play hand seat {hs}, not {seat}")
            if version != len(hand.log):
                raise ProtocolError("stale", f"the hand is at version {len(hand.log)}, not {version}")
            action = Action(seat=hs, kind=kind, amount=amount, slot=slot)
            reason = hand.check(action)
            if reason is not None:
                legal = [a.to_dict() for a in hand.legal_actions()] if hand.to_act == hs else []
                raise ProtocolError("illegal", reason, legal)
            await self._apply(lt, action, source="player")

    async def watch(self, conn: Outbox, table_id: int, invite: str | None) -> None:
        """Follow a table and get its full state."""
        lt = self.get(table_id)
        if not self.may_watch(lt, conn.user_id, invite):
            raise ProtocolError("forbidden", "this table is private: an invite code is needed")
        lt.watchers.add(conn)
        self.send_state(lt, conn)

    def unwatch(self, conn: Outbox, table_id: int) -> None:
        """Stop following a table."""
        self.get(table_id).watchers.discard(conn)

    def _free_seat(self, lt: LiveTable, seat: int | None) -> int:
        t = lt.table
        if seat is None:
            for i, p in enumerate(t.seats):
                if p is None:
                    return i
            raise ProtocolError("table_full", "every seat is taken")
        if not 0 <= seat < len(t.seats):
            raise ProtocolError("bad_seat", f"there is no seat {seat}")
        if t.seats[seat] is not None:
            raise ProtocolError("seat_taken", f"seat {seat} is taken")
        return seat

    def _check_buy_in(self, lt: LiveTable, amount: int) -> None:
        c = lt.config
        if not c.min_buy_in <= amount <= c.max_buy_in:
            raise ProtocolError("bad_buy_in", f"the buy-in is {c.min_buy_in} to {c.max_buy_in}")

    async def sit(self, conn: Outbox, name: str, table_id: int, seat: int | None, amount: int,
                  invite: str | None) -> int:
        """Take a seat with a buy-in from the balance; returns the seat."""
        user_id = conn.user_id
        assert user_id is not None
        lt = self.get(table_id)
        if not self.may_watch(lt, user_id, invite):
            raise ProtocolError("forbidden", "this table is private: an invite code is needed")
        async with lt.lock:
            lt = self.get(table_id)
            if lt.closing:
                raise ProtocolError("closing", "the table is closing")
            if lt.user_seat(user_id) is not None:
                raise ProtocolError("already_seated", "you already have a seat here")
            self._check_buy_in(lt, amount)
            s = self._free_seat(lt, seat)
            bank = lt.config.time_bank
            try:
                balance = await self.run_db(lambda: store.seat_player(
                    self.db, table_id=lt.id, seat=s, user_id=user_id, bot=None, name=name, chips=amount,
                    time_bank=bank))
            except store.StoreError as exc:
                raise ProtocolError("refused", str(exc)) from None
            lt.table.sit(s, name=name, chips=amount)
            lt.meta[s] = SeatMeta(user_id=user_id, time_bank=bank)
            lt.watchers.add(conn)
            self._balances({user_id: balance})
            self._broadcast_table(lt)
            if lt.hand is not None:
                conn.send(_dumps(self._hand_msg(lt, None)))
            self._schedule_next_hand(lt, self.settings.start_delay)
            return s

    async def add_bot(self, user_id: int, table_id: int, bot_name: str, seat: int | None, amount: int) -> int:
        """Owner only: seat a server-side bot funded from the owner's balance."""
        lt = self.get(table_id)
        if user_id != lt.owner_id:
            raise ProtocolError("forbidden", "only the table's owner may add bots")
        try:
            bot = self.make_bot(bot_name, secrets.randbits(32))
        except Exception as exc:
            raise ProtocolError("bad_bot", f"no bot {bot_name!r}: {exc}") from None
        async with lt.lock:
            lt = self.get(table_id)
            if lt.closing:
                raise ProtocolError("closing", "the table is closing")
            self._check_buy_in(lt, amount)
            s = self._free_seat(lt, seat)
            name = f"bot-{bot_name}-{s}"
            try:
                balance = await self.run_db(lambda: store.seat_player(
                    self.db, table_id=lt.id, seat=s, user_id=user_id, bot=bot_name, name=name, chips=amount,
                    time_bank=0.0))
            except store.StoreError as exc:
                raise ProtocolError("refused", str(exc)) from None
            lt.table.sit(s, name=name, chips=amount)
            lt.meta[s] = SeatMeta(user_id=user_id, bot=bot_name)
            lt.bots[s] = bot
            self._balances({user_id: balance})
            self._broadcast_table(lt)
            self._schedule_next_hand(lt, self.settings.start_delay)
            return s

    async def add_chips(self, user_id: int, table_id: int, amount: int) -> None:
        """More chips from the balance, between hands only (R4.2)."""
        lt = self.get(table_id)
        async with lt.lock:
            lt = self.get(table_id)
            ts = lt.user_seat(user_id)
            if ts is None:
                raise ProtocolError("not_seated", "you have no seat at this table")
            player = lt.table.seats[ts]
            assert player is not None
            if lt.hand is not None and ts in lt.table.hand_seats:
                raise ProtocolError("in_hand", "chips can be added only between hands (R4.2)")
            if player.chips + amount > lt.config.max_buy_in:
                raise ProtocolError("bad_buy_in", f"at most {lt.config.max_buy_in} chips on the table")
            sitting_out = player.sitting_out and player.chips > 0
            try:
                balance = await self.run_db(lambda: store.add_chips(
                    self.db, table_id=lt.id, seat=ts, user_id=user_id, amount=amount,
                    sitting_out=sitting_out))
            except store.StoreError as exc:
                raise ProtocolError("refused", str(exc)) from None
            lt.table.add_chips(ts, amount)
            player.sitting_out = sitting_out
            self._balances({user_id: balance})
            self._broadcast_table(lt)
            self._schedule_next_hand(lt, self.settings.start_delay)

    async def sit_out(self, user_id: int, table_id: int, out: bool) -> None:
        """Sit out from the next hand, or come back (R4.3)."""
        lt = self.get(table_id)
        async with lt.lock:
            lt = self.get(table_id)
            ts = lt.user_seat(user_id)
            if ts is None:
                raise ProtocolError("not_seated", "you have no seat at this table")
            try:
                lt.table.sit_out(ts, out)
            except TableError as exc:
                raise ProtocolError("refused", str(exc)) from None
            meta = lt.meta[ts]
            meta.timeouts = 0
            try:
                await self.run_db(lambda: store.update_seat(self.db, table_id=lt.id, seat=ts, sitting_out=out,
                                                            timeouts=0))
            except Exception:
                await self._reload(lt)
                raise ProtocolError("server_error", "could not store that; try again") from None
            self._broadcast_table(lt)
            if not out:
                self._schedule_next_hand(lt, self.settings.start_delay)

    async def leave(self, user_id: int, table_id: int) -> None:
        """Leave the seat (R4.3)."""
        lt = self.get(table_id)
        async with lt.lock:
            lt = self.get(table_id)
            ts = lt.user_seat(user_id)
            if ts is None:
                raise ProtocolError("not_seated", "you have no seat at this table")
            await self._leave(lt, ts)

    async def remove_bot(self, user_id: int, table_id: int, seat: int) -> None:
        """Owner only: a bot leaves (R4.3); its chips go back to the owner."""
        lt = self.get(table_id)
        if user_id != lt.owner_id:
            raise ProtocolError("forbidden", "only the table's owner may remove bots")
        async with lt.lock:
            lt = self.get(table_id)
            meta = lt.meta.get(seat)
            if meta is None or meta.bot is None:
                raise ProtocolError("bad_seat", f"seat {seat} holds no bot")
            await self._leave(lt, seat)

    async def _leave(self, lt: LiveTable, ts: int) -> None:
        t = lt.table
        meta = lt.meta[ts]
        player = t.seats[ts]
        assert player is not None
        if player.leaving:
            raise ProtocolError("leaving", "already leaving at the end of the hand")
        hand = lt.hand
        if hand is not None and ts in t.hand_seats:
            # R4.3: folded when their turn comes, chips leave when the hand ends
            assert lt.hand_id is not None
            hand_id, idx = lt.hand_id, lt.event_idx
            hand_seats = list(t.hand_seats)
            version_from = len(hand.log)
            t.leave(ts)
            try:
                await self.run_db(lambda: store.record_event(
                    self.db, table_id=lt.id, hand_id=hand_id, idx=idx, kind="leave", data={"seat": ts},
                    source="player", seat_updates={ts: {"leaving": True}}, finish=None))
            except Exception:
                await self._reload(lt)
                raise ProtocolError("server_error", "could not store that; try again") from None
            lt.event_idx += 1
            self._broadcast_table(lt)
            if t.to_act_seat() == ts:
                legal = hand.legal_actions()
                fold = next((a for a in legal if a.kind is ActionKind.FOLD), None)
                await self._apply(lt, fold or default_action(hand), source="leave")
            elif len(hand.log) != version_from:  # pragma: no cover - leave applies nothing by itself
                self._broadcast_update(lt, hand, hand_seats, version_from)
            return
        chips = player.chips
        try:
            balance = await self.run_db(lambda: store.unseat(self.db, table_id=lt.id, seat=ts,
                                                             user_id=meta.user_id, chips=chips))
        except store.StoreError as exc:
            raise ProtocolError("refused", str(exc)) from None
        t.leave(ts)
        lt.meta.pop(ts, None)
        lt.bots.pop(ts, None)
        self._balances({meta.user_id: balance})
        self._broadcast_table(lt)

    async def chat(self, user_id: int, name: str, table_id: int, text: str) -> None:
        """A chat line (limited per user: ``chat_per_window`` lines per ``chat_window``)."""
        lt = self.get(table_id)
        if not any(getattr(c, "user_id", None) == user_id for c in lt.watchers):
            raise ProtocolError("not_watching", "watch the table to chat there")
        now = time.monotonic()
        times = lt.chat_times.setdefault(user_id, deque())
        while times and now - times[0] > self.settings.chat_window:
            times.popleft()
        if len(times) >= self.settings.chat_per_window:
            raise ProtocolError("rate_limited", "too many chat lines; wait a little")
        times.append(now)
        line = {"type": "chat", "table": lt.id, "name": name, "text": text, "time": round(time.time(), 3)}
        lt.chat.append(line)
        while len(lt.chat) > self.settings.chat_history:
            lt.chat.popleft()
        encoded = _dumps(line)
        for conn in list(lt.watchers):
            conn.send(encoded)

    async def create_table(self, owner_id: int, owner_name: str, config: TableConfig) -> LiveTable:
        """A new table owned by ``owner_id``."""
        invite = secrets.token_urlsafe(9) if config.private else None
        try:
            data = await self.run_db(lambda: store.create_table(
                self.db, owner_id=owner_id, name=config.name, config=config.model_dump(),
                private=config.private, invite_code=invite, max_per_owner=self.settings.max_tables_per_owner))
        except store.StoreError as exc:
            raise ProtocolError("refused", str(exc)) from None
        lt = self._build(data)
        self.tables[lt.id] = lt
        return lt

    async def close_table(self, user_id: int, table_id: int) -> None:
        """Owner only: close now, or after the hand in progress."""
        lt = self.get(table_id)
        if user_id != lt.owner_id:
            raise ProtocolError("forbidden", "only the table's owner may close it")
        async with lt.lock:
            lt = self.get(table_id)
            lt.closing = True
            if lt.hand is None:
                await self._close_now(lt)
            else:
                self._broadcast_table(lt)

    async def _close_now(self, lt: LiveTable) -> None:
        for ts in [i for i, p in enumerate(lt.table.seats) if p is not None]:
            await self._leave(lt, ts)
        await self.run_db(lambda: store.close_table(self.db, table_id=lt.id))
        lt.closed = True
        self._broadcast_table(lt)
        lt.watchers.clear()
