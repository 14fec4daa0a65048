"""Sit-and-go tournaments online: registration in the lobby, tables that are rooms, the books.

A tournament is registered through the REST API (``/api/tournaments``): the
buy-in moves from the balance to the tournament's prize pool (a
``tourney_buy_in`` ledger row), unregistering gives it back
(``tourney_refund``), and when every place is taken (or the creator fills the
empty places with bots, when allowed) it starts: the engine's
:class:`~studpoker.tournament.Tournament` draws the seats, and each of its
tables becomes a room of the registry (a ``tables`` row whose seats hold
tournament chips, never balance chips).

:class:`LiveTournament` runs the rounds: every table deals one hand (through
the room, like any table: commit, then broadcast), and when all of a round's
hands are over the engine places the busted players, breaks and balances the
tables; the round's result (seats, places, the engine's snapshot) is one
commit, then the next round is dealt at the level in force. When one player
is left, the prizes go to the balances (``tourney_prize`` rows) and the
tables close. A disconnected player's hands fold at their turn (the room's
away rule), so they are blinded off.

A tournament resumes from its row (the engine snapshot taken at the start of
the round) and its tables' rows: a live hand is replayed by the room as any
table's is; a table whose hand of the round is over waits; one that had not
dealt yet deals. The :class:`TournamentManager`'s keeper does that for every
running tournament that no process runs: after a restart, after a commit that
could not be stored (the tournament stops and is read again at once), and in
a cluster after the death of the process that ran it (a tournament is run,
with all its tables, by the holder of its lease ``tournament:{id}``). A
cancelled tournament (before its start, by its creator) refunds every buy-in.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from studpoker.engine.games import to_options
from studpoker.server.db import Database
from studpoker.server.protocol import TableConfig
from studpoker.server.tables import Registry
from studpoker.server.tables.room import Room, SeatMeta
from studpoker.server.tables.store import LoadedTable, load_tables
from studpoker.server.tournaments.store import (
    SeatOut,
    TournamentCreate,
    TournamentRefused,
    TournamentRow,
    check_create,
    db_cancel,
    db_create,
    db_fill,
    db_finish,
    db_list,
    db_read,
    db_register,
    db_round,
    db_start,
    db_table_of,
    db_unregister,
    db_waiting,
    fits,
    tournament_tables,
)
from studpoker.tournament import (
    Tournament,
)

__all__ = ["LiveTournament", "TournamentManager"]

log = logging.getLogger("studpoker.server")
T = TypeVar("T")


# ------------------------------------------------------------ the live tournament


@dataclass(slots=True, kw_only=True)
class LiveTournament:
    """A running tournament on this process: its engine and its rooms."""

    manager: TournamentManager
    id: int
    name: str
    engine: Tournament
    tables: dict[int, int]  # table number -> table id
    who: dict[str, tuple[int, str | None]]  # entrant -> (user id, bot)
    time_bank: float
    waiting: set[int] = field(default_factory=set)  # tables whose hand of the round is not over
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    over: bool = False

    @property
    def registry(self) -> Registry:
        return self.manager.registry

    def number(self, table_id: int) -> int | None:
        return next((n for n, t in self.tables.items() if t == table_id), None)

    # -------------------------------------------------- the room hooks

    def hand_over(self, room: Room) -> None:
        n = self.number(room.id)
        if n is None or self.over:
            return
        self.engine.tables[n] = room.table  # (a room rebuilt after a failed commit has a new table)
        self.waiting.discard(n)
        if not self.waiting:
            self.registry.spawn(self.advance(self.registry.settings.hand_delay))

    def status(self, room: Room) -> dict[str, Any]:
        e = self.engine
        away = set()
        for tid in self.tables.values():
            r = self.registry.rooms.get(tid)
            if r is None:
                continue
            for ts, m in r.meta.items():
                p = r.table.seats[ts]
                if m.bot is None and m.disconnected_since is not None and p is not None:
                    away.add(p.name)
        e.away = away
        out = e.status()
        s = e.schedule
        if s.hands_per_level is not None and e.rounds > 0:
            out["next_in"] = {"hands": s.hands_per_level - (e.rounds - 1) % s.hands_per_level}
        out.update(id=self.id, name=self.name, table=self.number(room.id), round=e.rounds,
                   status="over" if e.is_over else "running")
        return out

    # -------------------------------------------------- the rounds

    def wire(self) -> None:
        """Use the rooms' tables as the engine's (one object each) and mark the rooms."""
        for n, tid in self.tables.items():
            room = self.registry.rooms.get(tid)
            if room is not None:
                room.tournament = self
                if n in self.engine.tables:
                    self.engine.tables[n] = room.table

    async def resume(self, hands_before: dict[int, int], round_done: bool, delay: float = 0.0) -> None:
        """From the stored state (a start, a restart, another process taking over, a failed
        commit): wait for live hands, deal where the round's hand is still due."""
        self.wire()
        if round_done:
            self.registry.spawn(self.advance(delay))
            return
        due = []
        for n, tid in self.tables.items():
            room = self.registry.rooms.get(tid)
            if room is None or n not in self.engine.tables:
                continue
            if room.hand is not None:
                self.waiting.add(n)
            elif room.table.hands_played <= hands_before.get(n, 0):
                self.waiting.add(n)
                due.append(n)
        if not self.waiting:
            await self.advance(0.0)
            return
        for n in due:
            await self._deal(n)

    async def advance(self, delay: float) -> None:
        """The round is over at every table: settle it and deal the next one."""
        if delay > 0:
            await asyncio.sleep(delay)
        async with self.lock:
            if self.over or self.waiting:
                return
            try:
                await self._advance()
            except Exception:
                log.exception("tournament %s: the round could not be settled", self.id)
                self.abandon()

    def abandon(self) -> None:
        """Something could not be stored (a failed commit): stop running the tournament here and
        read it again from the database (the manager does at once), as after a restart. Its
        rooms go too: they are rebuilt from their rows."""
        if self.over:
            return
        log.warning("tournament %s: reading it again from the database", self.id)
        self.over = True
        reg = self.registry
        for tid in self.tables.values():
            room = reg.rooms.get(tid)
            if room is not None and room.tournament is self:
                reg.drop(tid)
        self.manager.forget(self)

    async def _advance(self) -> None:
        e = self.engine
        reg = self.registry
        for n, tid in self.tables.items():
            room = reg.rooms.get(tid)
            if room is not None and n in e.tables:
                e.tables[n] = room.table
        if e.rounds > 0:
            e.finish_round()
        if e.is_over:
            await self._finish()
            return
        # the next round's bookkeeping (Tournament.start_round without the deal: rooms deal)
        if e._started_at is None:
            e._started_at = e._clock()
        e.level_index = max(e.level_index, e._level_now())
        while e.level_index > 0 and not fits(e.schedule.level(e.level_index)):
            e.level_index -= 1  # past the protocol's largest stakes the level stays
        while len(e.hands_per_level) <= e.level_index:
            e.hands_per_level.append(0)
        e.rounds += 1
        game = e.game
        hands_before: dict[int, int] = {}
        for n, table in e.tables.items():
            table.game = game
            for p in table.seats:
                if p is not None:
                    p.sitting_out = False  # blinded off, never sat out: every seat is dealt
                    p.leaving = False
                    e._entries[p.name].start_stack = p.chips
            e.hands += 1
            e.hands_per_level[e.level_index] += 1
            hands_before[n] = table.hands_played
        broken = [tid for n, tid in self.tables.items() if n not in e.tables]
        seats: list[SeatOut] = []
        metas: dict[int, dict[int, SeatMeta]] = {}
        now = time.time()
        for n, table in e.tables.items():
            tid = self.tables[n]
            room = reg.rooms.get(tid)
            old = room.meta if room is not None else {}
            meta: dict[int, SeatMeta] = {}
            for ts, p in enumerate(table.seats):
                if p is None:
                    continue
                uid, bot = self.who[p.name]
                m = old.get(ts)
                if m is None or m.user_id != uid or m.bot != bot:
                    m = SeatMeta(user_id=uid, bot=bot, time_bank=0.0 if bot else self.time_bank,
                                 disconnected_since=None if bot or reg.is_connected(uid) else now)
                m.timeouts = 0
                meta[ts] = m
                seats.append(SeatOut(table_id=tid, seat=ts, name=p.name, chips=p.chips, user_id=uid, bot=bot,
                                      time_bank=m.time_bank))
            metas[n] = meta
        live = {self.tables[n]: {"config": {**(reg.rooms[self.tables[n]].config.model_dump()
                                              if self.tables[n] in reg.rooms else {}),
                                           "game": to_options(game)},
                                 "button": table.button}
                for n, table in e.tables.items()}
        state = {"engine": e.snapshot(), "tables": {str(n): t for n, t in self.tables.items()},
                 "hands_before": {str(n): h for n, h in hands_before.items()}, "round_done": False}
        places = list(e.finish)
        await reg.run_db(lambda: db_round(reg.db, tournament_id=self.id, state=state, seats=seats, live=live,
                                          broken=broken, places=places))
        moved: set[int] = set()  # humans whose table or seat changed
        for tid in broken:
            room = reg.rooms.get(tid)
            if room is not None:
                moved.update(m.user_id for m in room.meta.values() if m.bot is None)
                room.meta, room.bots = {}, {}
                room.closed = True
                room.broadcast_table()
                reg.drop(tid)
        for n in e.tables:
            room = reg.rooms.get(self.tables[n])
            if room is None:
                continue
            before = {ts: m.user_id for ts, m in room.meta.items() if m.bot is None}
            room.meta = metas[n]
            room.bots = {ts: room.bots.get(ts) or reg.make_bot(m.bot, random.getrandbits(32))
                         for ts, m in metas[n].items() if m.bot is not None}
            room.config = TableConfig.model_validate(live[self.tables[n]]["config"])
            moved.update(m.user_id for ts, m in metas[n].items()
                         if m.bot is None and before.get(ts) != m.user_id)
        for uid in sorted(moved):
            self._tell_move(uid)
        self.waiting = set(e.tables)
        for n in sorted(e.tables):
            await self._deal(n)

    def table_of(self, user_id: int) -> int | None:
        """The table id where a player sits now (None: out of the tournament)."""
        for n, tid in self.tables.items():
            room = self.registry.rooms.get(tid)
            if n in self.engine.tables and room is not None and room.user_seat(user_id) is not None:
                return tid
        return None

    def _tell_move(self, user_id: int) -> None:
        """A player's seat moved (or they were just seated): the ``tournament_table`` message."""
        import json

        current = self.table_of(user_id)
        self.registry.send_user(user_id, json.dumps({"type": "tournament_table", "tournament": self.id,
                                                     "table": current}))

    def _skip(self, n: int) -> None:
        """Table ``n`` deals no hand this round (it could not): the round may be complete."""
        self.waiting.discard(n)
        if not self.waiting:
            self.registry.spawn(self.advance(max(1.0, self.registry.settings.hand_delay)))

    async def _deal(self, n: int) -> None:
        reg = self.registry
        tid = self.tables[n]
        room = reg.rooms.get(tid)
        if room is None or self.over:
            if not self.over:
                self._skip(n)
            return
        async with room.lock:
            room = reg.rooms.get(tid, room)
            if self.over or room.hand is not None or room.stopped:
                return
            room.table = self.engine.tables[n]
            if not room.table.can_start():
                log.error("tournament %s: table %s cannot deal (%s ready)", self.id, n,
                          len(room.table.ready_seats()))
                self._skip(n)
                return
            await room.start_hand()
            current = reg.rooms.get(tid)
            if current is not None and current.hand is not None:
                # (a room rebuilt after a commit that failed to answer holds the stored deal)
                self.engine.tables[n] = current.table
                return
        self.abandon()  # the deal could not be stored: read the round again from the database

    async def _finish(self) -> None:
        e = self.engine
        reg = self.registry
        result = e.result()
        state = {"engine": e.snapshot(), "tables": {str(n): t for n, t in self.tables.items()},
                 "round_done": True}
        tables = list(self.tables.values())
        balances = await reg.run_db(lambda: db_finish(reg.db, tournament_id=self.id, state=state,
                                                      places=list(result.finish), tables=tables))
        if self.over:
            return
        self.over = True
        for tid in tables:
            room = reg.rooms.get(tid)
            if room is not None:
                room.meta, room.bots = {}, {}
                room.closed = True
                room.broadcast_table()
                reg.drop(tid)
        for uid, value in balances.items():
            from studpoker.server.tables import messages

            reg.send_user(uid, messages.encode(messages.balance(value)))
        self.manager.forget(self, over=True)
        log.info("tournament %s over: %s", self.id, [s.name for s in result.finish])


# ------------------------------------------------------------ the manager


class TournamentManager:
    """The tournaments of a server: registration, starts, and the running ones.

    A running tournament is run by one process (with its tables): the one holding its lease
    (``tournament:{id}``, in a cluster) or the only one. A keeper looks every second (and at
    once when asked) for tournaments that need a process: a full one that has not started
    (it is started), and a running one that nobody runs (after a restart, its process's death,
    or a commit that failed): it is read from the database and goes on where it stood.
    """

    def __init__(self, registry: Registry) -> None:
        self.registry = registry
        self.live: dict[int, LiveTournament] = {}
        self._by_table: dict[int, LiveTournament] = {}
        self._unleased: set[int] = set()  # running tournaments without a lease at the last look
        self._wake: asyncio.Event | None = None
        self.lock = asyncio.Lock()
        self.period = 1.0
        registry.room_hook = self._hook

    @property
    def db(self) -> Database:
        return self.registry.db

    async def run_db(self, fn: Callable[[], T]) -> T:
        return await self.registry.run_db(fn)

    def _hook(self, room: Room) -> None:
        live = self._by_table.get(room.id)
        if live is not None:
            room.tournament = live

    def _live(self, row: TournamentRow, engine: Tournament, tables: dict[int, int],
              who: dict[str, tuple[int, str | None]]) -> LiveTournament:
        live = LiveTournament(manager=self, id=row.id, name=row.name, engine=engine, tables=tables,
                              who=who, time_bank=float(row.config["time_bank"]))
        self.live[row.id] = live
        for tid in tables.values():
            self._by_table[tid] = live
        return live

    def forget(self, live: LiveTournament, *, over: bool = False) -> None:
        """A tournament no longer runs here (``over``, or abandoned: the keeper takes it again)."""
        if self.live.get(live.id) is live:
            del self.live[live.id]
        for tid in live.tables.values():
            if self._by_table.get(tid) is live:
                del self._by_table[tid]
        cluster = self.registry.cluster
        if over and cluster is not None:
            self.registry.spawn(cluster.let_go(f"tournament:{live.id}"))
        if not over:
            self.wake()

    def lost(self, name: str) -> None:
        """The cluster took a lease from this process (it did not renew it in time): a tournament
        run here, or one of its tables, stops here (whoever holds the lease now runs it)."""
        kind, _, number = name.partition(":")
        live = (self.live.get(int(number)) if kind == "tournament" else
                self._by_table.get(int(number)) if kind == "table" else None)
        if live is not None:
            live.abandon()

    # -------------------------------------------------------------- the keeper

    def wake(self) -> None:
        """Look for tournaments that need a process now rather than at the next beat."""
        if self._wake is not None:
            self._wake.set()

    async def start(self) -> None:
        """At the server's start: take up the tournaments that need a process, then keep looking."""
        self._wake = asyncio.Event()
        cluster = self.registry.cluster
        if cluster is not None:
            cluster.lost_hook = self.lost
        try:
            await self.sweep()
        except Exception:
            log.exception("tournaments: the first look failed")
        self.registry.spawn(self._keeper())

    async def _keeper(self) -> None:
        assert self._wake is not None
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.period)
            self._wake.clear()
            try:
                await self.sweep()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("tournaments: looking for tournaments to run")

    async def sweep(self) -> None:
        """Start the full tournaments that have not started; run the running ones nobody runs."""
        full, running = await self.run_db(lambda: db_waiting(self.db))
        for tid in full:
            try:
                async with self.lock:
                    await self._start(tid)
            except TournamentRefused:
                pass
            except Exception:
                log.exception("tournament %s: could not start", tid)
        cluster = self.registry.cluster
        unleased: set[int] = set()
        idle = [tid for tid in running if tid not in self.live]
        holders: list[str | None] = [None] * len(idle)
        dead: set[str] = set()
        if cluster is not None and idle:
            holders = await cluster.holders([f"tournament:{tid}" for tid in idle])
            dead = await cluster.dead_among([h for h in holders if h is not None])
        for tid, holder in zip(idle, holders, strict=True):
            if cluster is not None:
                if holder is None:
                    unleased.add(tid)
                    if tid not in self._unleased:  # a starting process takes it a moment after its row
                        continue
                elif holder != cluster.proc and holder not in dead:
                    continue
            try:
                await self.adopt(tid)
            except Exception:
                log.exception("tournament %s: could not be taken up", tid)
        self._unleased = unleased

    async def adopt(self, tournament_id: int, *, delay: float = 0.0, tell: bool = False) -> None:
        """Run a running tournament here, from its rows (engine snapshot, tables, live hands)."""
        async with self.lock:
            await self._adopt(tournament_id, delay=delay, tell=tell)

    async def _adopt(self, tournament_id: int, *, delay: float = 0.0, tell: bool = False) -> None:
        if tournament_id in self.live:
            return
        reg = self.registry
        cluster = reg.cluster
        if cluster is not None and not await cluster.hold(f"tournament:{tournament_id}"):
            return
        row, entrants = await self.run_db(lambda: db_read(self.db, tournament_id))
        if row is None or row.status != "running" or row.state is None:
            return
        tables = tournament_tables(row)
        engine = Tournament.restore(row.state["engine"])
        playing = [tid for n, tid in tables.items() if n in engine.tables]
        if cluster is not None:  # the tables go with the tournament (a dead owner's leases are taken)
            deadline = time.monotonic() + 15.0
            while not all([await cluster.take_table(tid) for tid in playing]):
                if time.monotonic() > deadline:
                    log.warning("tournament %s: its tables are held elsewhere", tournament_id)
                    return
                await asyncio.sleep(0.2)
        for tid in tables.values():
            reg.drop(tid)  # rooms of an abandoned run go: rebuilt from their rows below
        who = {e.name: (e.user_id, e.bot) for e in entrants}
        live = self._live(row, engine, tables, who)
        try:
            loaded: list[LoadedTable] = await self.run_db(lambda: load_tables(self.db, playing))
        except Exception:
            self.forget(live)
            raise
        for data in loaded:
            reg.adopt(data)
        log.info("tournament %s: running here from round %s", tournament_id, engine.rounds)
        hands_before = {int(n): int(h) for n, h in (row.state.get("hands_before") or {}).items()}
        if tell:
            live.wire()
            for uid in sorted({u for u, bot in who.values() if bot is None}):
                live._tell_move(uid)
        await live.resume(hands_before, bool(row.state.get("round_done")), delay)

    # -------------------------------------------------------------- requests

    async def create(self, owner_id: int, body: TournamentCreate) -> dict[str, Any]:
        config = check_create(body)
        limit = self.registry.settings.max_tables_per_owner
        tid = await self.run_db(lambda: db_create(self.db, owner_id=owner_id, config=config, max_open=limit))
        return (await self.get(tid, owner_id))

    async def get(self, tournament_id: int, user_id: int | None) -> dict[str, Any]:
        rows = await self.run_db(lambda: db_list(self.db, user_id, tournament_id))
        if not rows:
            raise TournamentRefused(404, f"there is no tournament {tournament_id}")
        out = rows[0]
        live = self.live.get(tournament_id)
        if user_id is None:
            out["your_table"] = None
        elif live is not None:
            out["your_table"] = live.table_of(user_id)
        else:  # run by another process (or not yet): where the player's seat is stored
            out["your_table"] = await self.run_db(lambda: db_table_of(self.db, tournament_id, user_id))
        return out

    async def _start_soon(self, tournament_id: int) -> None:
        """Start a full tournament now; if that fails, the keeper starts it (the registration
        that filled it stands)."""
        try:
            async with self.lock:
                await self._start(tournament_id)
        except TournamentRefused:
            pass
        except Exception:
            log.exception("tournament %s: could not start now; the keeper will", tournament_id)
            self.wake()

    async def register(self, tournament_id: int, user_id: int) -> dict[str, Any]:
        balance, full = await self.run_db(lambda: db_register(self.db, tournament_id=tournament_id,
                                                              user_id=user_id))
        if full:
            await self._start_soon(tournament_id)
        out = await self.get(tournament_id, user_id)
        out["balance"] = balance
        return out

    async def unregister(self, tournament_id: int, user_id: int) -> dict[str, Any]:
        balance = await self.run_db(lambda: db_unregister(self.db, tournament_id=tournament_id,
                                                          user_id=user_id))
        out = await self.get(tournament_id, user_id)
        out["balance"] = balance
        return out

    async def fill(self, tournament_id: int, user_id: int) -> dict[str, Any]:
        balance = await self.run_db(lambda: db_fill(self.db, tournament_id=tournament_id, user_id=user_id))
        await self._start_soon(tournament_id)
        out = await self.get(tournament_id, user_id)
        out["balance"] = balance
        return out

    async def cancel(self, tournament_id: int, user_id: int) -> dict[str, Any]:
        balances = await self.run_db(lambda: db_cancel(self.db, tournament_id=tournament_id,
                                                       user_id=user_id))
        from studpoker.server.tables import messages

        for uid, value in balances.items():
            self.registry.send_user(uid, messages.encode(messages.balance(value)))
        out = await self.get(tournament_id, user_id)
        out["balance"] = balances.get(user_id)
        return out

    async def _start(self, tournament_id: int) -> None:
        """Seat a full tournament and run it here (the caller holds the lock). In a cluster the
        process that takes the tournament's lease first starts it."""
        cluster = self.registry.cluster
        if cluster is not None and not await cluster.hold(f"tournament:{tournament_id}"):
            return
        seed = random.SystemRandom().getrandbits(63)
        try:
            await self.run_db(lambda: db_start(self.db, tournament_id=tournament_id, seed=seed))
        except TournamentRefused:
            if cluster is not None:
                await cluster.let_go(f"tournament:{tournament_id}")
            raise
        await self._adopt(tournament_id, delay=self.registry.settings.start_delay, tell=True)
