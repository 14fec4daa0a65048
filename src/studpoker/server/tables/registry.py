"""Which tables live in this process, the connections it holds, and the lobby.

The :class:`Registry` is the server's one entry point to tables: the REST
API and the websocket call it, it routes each table request to the room that
owns the table (:func:`call`: here, or through the cluster to the process that
owns it) and it delivers every room's messages to the connections watching.

Without a cluster (one process, ``studpoker serve`` without ``--redis``) every
open table lives here. With one (:mod:`studpoker.server.cluster`), a table
lives on the process that holds its lease; the others forward requests to it
and receive its messages through Redis.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import logging
import time
from collections.abc import Callable, Collection, Coroutine, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol, TypeVar

from studpoker.server import access
from studpoker.server import protocol as p
from studpoker.server.config import Settings
from studpoker.server.db import Database
from studpoker.server.protocol import TableConfig
from studpoker.server.tables import messages, requests, store
from studpoker.server.tables.messages import Fanout
from studpoker.server.tables.requests import Caller, Result
from studpoker.server.tables.room import ProtocolError, Room

__all__ = ["Cluster", "Outbox", "ProtocolError", "Registry"]

log = logging.getLogger("studpoker.server")
T = TypeVar("T")

GROUP_COMMIT = 500  # event rows in one transaction at most


class Outbox(Protocol):
    """Where messages for one client go (a websocket connection)."""

    user_id: int | None

    def send(self, text: str) -> None:
        """Queue one JSON text message; never blocks."""
        ...


class Cluster(Protocol):
    """The other processes of a room (:class:`studpoker.server.cluster.RedisCluster`)."""

    async def start(self, registry: Registry) -> None:
        """Join the cluster: take tables whose lease is free, follow the channels."""
        ...

    async def stop(self) -> None:
        """Leave the cluster (the leases lapse)."""
        ...

    proc: str
    """This process's id in the cluster."""

    async def claim(self, table_id: int) -> bool:
        """Take the lease of a new table (True: it is this process's)."""
        ...

    async def owner(self, table_id: int) -> str | None:
        """The process holding a table's lease."""
        ...

    lost_hook: Callable[[str], None] | None
    """Told of a lease this process lost (``table:{id}``, ``tournament:{id}``)."""

    async def is_dead(self, proc: str) -> bool:
        """Whether a process of the cluster is gone."""
        ...

    async def take_table(self, table_id: int) -> bool:
        """Take a table's lease (free, ours, or a dead process's) without running it yet."""
        ...

    async def hold(self, name: str) -> bool:
        """Take and keep a named lease (``tournament:{id}``)."""
        ...

    async def holders(self, names: Sequence[str]) -> list[str | None]:
        """The processes holding named leases."""
        ...

    async def dead_among(self, procs: Collection[str]) -> set[str]:
        """The processes among ``procs`` that are gone."""
        ...

    async def let_go(self, name: str) -> None:
        """Give up a named lease."""
        ...

    def presence(self, user_id: int, connected: bool) -> None:
        """A user's first connection here opened, or its last one closed."""
        ...

    def is_connected(self, user_id: int) -> bool:
        """Whether a user has a connection on another process."""
        ...

    def follow(self, table_id: int) -> None:
        """Receive the table's messages (a connection here watches it)."""
        ...

    def unfollow(self, table_id: int) -> None:
        """Stop receiving the table's messages."""
        ...

    def publish_fanout(self, fanout: Fanout) -> None:
        """A room's message for watchers on the other processes."""
        ...

    def is_followed(self, table_id: int) -> bool:
        """Whether another process follows a table run here."""
        ...

    def publish_user(self, user_id: int, text: str) -> None:
        """A message for a user's connections on the other processes."""
        ...

    def publish_kick(self, user_id: int, hashes: set[str], reason: str) -> None:
        """The other processes close the user's websockets logged in with these tokens."""
        ...

    def publish_renamed(self, user_id: int, name: str) -> None:
        """The other processes show the account's new name (:meth:`Registry.renamed_local`)."""
        ...

    def note_seat_request(self, table_id: int, user_id: int, waiting: bool) -> None:
        """A seat request of a table run here was made (``waiting``) or answered."""
        ...

    async def seat_requests(self, user_id: int) -> list[int]:
        """The tables of the cluster where the account waits for a seat (from Redis)."""
        ...

    async def forward(self, table_id: int, caller: Caller, msg: p.TableRequest,
                      on_result: Callable[[Result], None] | None = None) -> Result:
        """Run a request on the process that owns the table; ``on_result`` runs as soon as the
        answer arrives, before any later message of the table is delivered."""
        ...

    async def table_info(self, table_id: int, user_id: int | None, invite: str | None) -> dict[str, Any]:
        """A table's info from the process that owns it."""
        ...

    async def lobby(self, user_id: int | None) -> list[dict[str, Any]]:
        """Every open table a user may see."""
        ...


class Registry:
    """The rooms of this process, its connections and the database threads that persist them."""

    def __init__(self, db: Database, settings: Settings, *,
                 bot_factory: Callable[[str, int | None], Any] | None = None,
                 cluster: Cluster | None = None) -> None:
        self.db = db
        self.settings = settings
        self.rooms: dict[int, Room] = {}
        self.connections: dict[int, set[Outbox]] = {}  # user -> its connections here
        self.watchers: dict[int, set[Outbox]] = {}  # table -> connections here that follow it
        self.delta_watchers: dict[int, set[Outbox]] = {}  # ... of which want updates as deltas
        # SQLite commits are local and take well under a millisecond: they run on the event
        # loop itself (a thread hop costs more under the GIL). PostgreSQL waits on the network:
        # its commits run on database threads, in three lines that never wait for one another
        # (docs/scaling.md): the group commits of plain events (most actions: one thread), the
        # rest of play (a hand dealt or settled, a leave: two threads), and everything else
        # (logins, seats, REST, sweeps: ``db_threads``). Before, an action could wait seconds
        # behind a burst of logins and seats, or of hands dealt, in one shared line.
        threads = settings.db_threads if settings.db_threads >= 0 else (0 if db.is_sqlite else 4)
        self.executor = (ThreadPoolExecutor(max_workers=threads, thread_name_prefix="studpoker-db")
                         if threads else None)
        self.play_executor = (ThreadPoolExecutor(max_workers=2, thread_name_prefix="studpoker-play")
                              if threads else None)
        self.event_executor = (ThreadPoolExecutor(max_workers=1, thread_name_prefix="studpoker-events")
                               if threads else None)
        self._bot_factory = bot_factory
        self._tasks: set[asyncio.Task[Any]] = set()
        self._events: list[tuple[store.EventRow, asyncio.Future[None]]] = []  # waiting for a group commit
        self._writing = False
        self.stats = {"actions": 0}
        self.cluster = cluster
        # called on every room adopted here, before it starts (tournaments mark their tables)
        self.room_hook: Callable[[Room], None] | None = None

    @property
    def tables(self) -> dict[int, Room]:
        """The rooms of this process by table id."""
        return self.rooms

    # ---------------------------------------------------------- plumbing

    async def run_db(self, fn: Callable[[], T], *, play: bool = False, events: bool = False) -> T:
        """Run a blocking database call (on a database thread, if there are any; ``play``: a
        transaction of a hand in play, on the threads of play; ``events``: a group commit of
        plain events, on their own thread). Every call goes through here, one seam for all."""
        executor = self.event_executor if events else self.play_executor if play else self.executor
        if executor is None:
            return fn()
        return await asyncio.get_running_loop().run_in_executor(executor, fn)

    async def record_event(self, *, table_id: int, hand_id: int, idx: int, kind: str, data: dict[str, Any],
                           source: str, seat_updates: dict[int, dict[str, Any]],
                           finish: store.HandFinish | None) -> None:
        """Commit an accepted event (:func:`store.record_event`). The events that settle nothing
        else, from every table, are committed together: one transaction for all those that arrive
        while the previous one is written (a group commit), each answered once it is stored."""
        if finish is not None or any(seat_updates.values()):
            await self.run_db(lambda: store.record_event(
                self.db, table_id=table_id, hand_id=hand_id, idx=idx, kind=kind, data=data, source=source,
                seat_updates=seat_updates, finish=finish), play=True)
            return
        stored: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._events.append((store.EventRow(hand_id=hand_id, idx=idx, kind=kind, data=data, source=source),
                             stored))
        if not self._writing:
            self._writing = True
            self.spawn(self._write_events())
        await stored

    async def _write_events(self) -> None:
        try:
            while self._events:
                await asyncio.sleep(0)  # the events of this turn of the loop join the group
                group, self._events = self._events[:GROUP_COMMIT], self._events[GROUP_COMMIT:]
                rows = [row for row, _ in group]
                try:
                    await self.run_db(functools.partial(store.insert_events, self.db, rows), events=True)
                except Exception as exc:
                    for _, stored in group:
                        if not stored.done():
                            stored.set_exception(exc)
                else:
                    for _, stored in group:
                        if not stored.done():
                            stored.set_result(None)
        finally:
            self._writing = False

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run a background task; its failure is logged."""
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

    # ------------------------------------------------------- connections

    def register(self, conn: Outbox) -> None:
        """A connection logged in."""
        uid = conn.user_id
        if uid is None:
            return
        first = uid not in self.connections
        self.connections.setdefault(uid, set()).add(conn)
        if first:
            if self.cluster is not None:
                self.cluster.presence(uid, True)
            self.presence(uid, True)
        for room in self.rooms.values():  # a turn that is theirs now, told on this connection too
            for text in room.retell(uid):
                conn.send(text)

    def unregister(self, conn: Outbox) -> None:
        """A connection closed: it stops watching everything."""
        for table_id in [t for t, conns in self.watchers.items() if conn in conns]:
            self.remove_watcher(conn, table_id)
        uid = conn.user_id
        if uid is None:
            return
        conns = self.connections.get(uid)
        if conns is None:
            return
        conns.discard(conn)
        if not conns:
            del self.connections[uid]
            if self.cluster is not None:
                self.cluster.presence(uid, False)
            self.presence(uid, self.is_connected(uid))

    def presence(self, user_id: int, connected: bool) -> None:
        """Tell this process's rooms that a user is (dis)connected."""
        for room in self.rooms.values():
            if room.user_seat(user_id) is not None:
                room.presence(user_id, connected)

    def is_connected(self, user_id: int) -> bool:
        """Whether the user has a connection here or on another process."""
        if user_id in self.connections:
            return True
        return self.cluster is not None and self.cluster.is_connected(user_id)

    def wants_deltas(self, table_id: int) -> bool:
        """Whether a watcher here asked for deltas, or another process follows the table (its
        watchers may have)."""
        if table_id in self.delta_watchers:
            return True
        return self.cluster is not None and self.cluster.is_followed(table_id)

    def wants_whole(self, table_id: int) -> bool:
        """Whether a watcher here asked for whole views (did not ask for deltas), or another
        process follows the table (its watchers may have)."""
        if len(self.watchers.get(table_id, ())) > len(self.delta_watchers.get(table_id, ())):
            return True
        return self.cluster is not None and self.cluster.is_followed(table_id)

    def watching_users(self, table_id: int) -> set[int | None] | None:
        """The users of the connections here watching a table; None if other processes follow
        it too (their watchers are not known here)."""
        if self.cluster is not None and self.cluster.is_followed(table_id):
            return None
        return {c.user_id for c in self.watchers.get(table_id, ())}

    def add_watcher(self, conn: Outbox, table_id: int) -> None:
        """A connection follows a table."""
        conns = self.watchers.setdefault(table_id, set())
        if not conns and self.cluster is not None:
            self.cluster.follow(table_id)
        conns.add(conn)

    def remove_watcher(self, conn: Outbox, table_id: int) -> None:
        """A connection stops following a table."""
        deltas = self.delta_watchers.get(table_id)
        if deltas is not None:
            deltas.discard(conn)
            if not deltas:
                del self.delta_watchers[table_id]
        conns = self.watchers.get(table_id)
        if conns is None:
            return
        conns.discard(conn)
        if not conns:
            del self.watchers[table_id]
            if self.cluster is not None:
                self.cluster.unfollow(table_id)

    def is_watching(self, user_id: int, table_id: int) -> bool:
        """Whether a connection of ``user_id`` here follows the table."""
        return any(c.user_id == user_id for c in self.watchers.get(table_id, ()))

    def deliver(self, fanout: Fanout) -> None:
        """A room's message to every watcher, here and (through the cluster) elsewhere."""
        self.deliver_local(fanout)
        if self.cluster is not None:
            self.cluster.publish_fanout(fanout)

    def deliver_local(self, fanout: Fanout) -> None:
        """A room's message to the watchers connected to this process."""
        deltas = self.delta_watchers.get(fanout.table, ()) if fanout.deltas else ()
        for conn in list(self.watchers.get(fanout.table, ())):
            conn.send(fanout.text_for(conn.user_id, conn in deltas))

    def send_user(self, user_id: int, text: str) -> None:
        """A message to every connection of a user, here and elsewhere."""
        self.send_user_local(user_id, text)
        if self.cluster is not None:
            self.cluster.publish_user(user_id, text)

    def send_user_local(self, user_id: int, text: str) -> None:
        """A message to the user's connections on this process."""
        for conn in self.connections.get(user_id, ()):
            conn.send(text)

    # ---------------------------------------------------------- accounts

    def seat_requests_of(self, user_id: int) -> list[int]:
        """The tables of this process where the account waits for the host to approve a seat."""
        return sorted(room.id for room in self.rooms.values()
                      if not room.closed and any(r.user_id == user_id for r in room.requests.values()))

    def note_seat_request(self, table_id: int, user_id: int, waiting: bool) -> None:
        """A seat request was made (``waiting``) or answered at a table run here: the other
        processes of a cluster learn of it (a rename asked there is refused meanwhile)."""
        if self.cluster is not None:
            self.cluster.note_seat_request(table_id, user_id, waiting)

    async def seat_requests_anywhere(self, user_id: int) -> list[int]:
        """The tables where the account waits for a seat: this process's, and in a cluster every
        process's (should Redis be unreachable: this process's only)."""
        tables = set(self.seat_requests_of(user_id))
        if self.cluster is not None:
            try:
                tables.update(await self.cluster.seat_requests(user_id))
            except Exception:
                log.exception("the seat requests of user %s could not be read", user_id)
        return sorted(tables)

    def renamed(self, user_id: int, name: str) -> None:
        """An account has a new name: it is shown on every process (:meth:`renamed_local`)."""
        self.renamed_local(user_id, name)
        if self.cluster is not None:
            self.cluster.publish_renamed(user_id, name)

    def renamed_local(self, user_id: int, name: str) -> None:
        """An account's new name on this process: its connections speak (chat) with it, and the
        rooms show it on its seat requests and as the host of its tables. Who is who is the
        account id: only the labels change."""
        for conn in self.connections.get(user_id, ()):
            if hasattr(conn, "name"):
                conn.name = name
        for room in self.rooms.values():
            changed = False
            for rid, req in list(room.requests.items()):
                if req.user_id == user_id and req.name != name:
                    room.requests[rid] = dataclasses.replace(req, name=name)
                    changed = True
            if room.owner_id == user_id and room.owner_name != name:
                room.owner_name = name
                changed = True
            if changed and not room.closed:
                room.broadcast_table()

    # ----------------------------------------------------------- rooms

    async def start(self) -> None:
        """Load every open table (a cluster: none; they are taken by lease) and start them."""
        if self.cluster is not None:
            await self.cluster.start(self)
        else:
            loaded = await self.run_db(lambda: store.load_tables(self.db))
            for data in loaded:
                if data.row.tournament_id is None:  # a tournament's tables go with it (tournaments.py)
                    self.adopt(data)
        self.spawn(self._sweep())
        if store.checkpoints_apart(self.db):
            self.spawn(self._checkpoints())

    def adopt(self, data: store.LoadedTable) -> Room:
        """Run a table here, from its stored rows; resume its live hand."""
        room = Room.from_rows(self, data)
        if self.room_hook is not None:
            self.room_hook(room)
        self.rooms[room.id] = room
        room.start(self.settings.start_delay)
        return room

    def drop(self, table_id: int) -> None:
        """Stop running a table here (closed, or its lease went to another process)."""
        room = self.rooms.pop(table_id, None)
        if room is not None:
            room.stop()

    async def stop(self) -> None:
        """Stop every timer (the state is in the database already)."""
        for room in self.rooms.values():
            room.stop()
        for task in list(self._tasks):
            task.cancel()
        if self.cluster is not None:
            await self.cluster.stop()
        for executor in (self.event_executor, self.play_executor, self.executor):
            if executor is not None:
                executor.shutdown(wait=True)

    async def reload(self, room: Room) -> Room:
        """Rebuild a room from the database after a failed commit (the caller holds its lock).

        The commit may have failed, or have succeeded with its answer lost: the rows say which.
        Reading them is retried until it works (the database may be away for a while). A hand
        whose last action turns out stored is over: the table goes on to the next hand (a
        tournament's: the round goes on)."""
        room.stop()
        delay = 0.05
        while True:
            if self.cluster is not None:
                try:
                    owner = await self.cluster.owner(room.id)
                except Exception:
                    log.exception("table %s: the lease could not be read", room.id)
                    owner = self.cluster.proc
                if owner != self.cluster.proc:
                    self.drop(room.id)  # its lease went to another process meanwhile: it runs the table now
                    if self.cluster.lost_hook is not None:
                        self.cluster.lost_hook(f"table:{room.id}")
                    return room
            try:
                data = await self.run_db(lambda: store.load_table(self.db, room.id))
                break
            except Exception:
                log.exception("table %s: could not be read again; retrying", room.id)
                if self.rooms.get(room.id) is not room:  # dropped meanwhile
                    return room
                await asyncio.sleep(delay)
                delay = min(1.0, delay * 2)
        new = Room.from_rows(self, data, old=room)
        if self.rooms.get(room.id) is not room:  # dropped (or replaced) meanwhile
            return room
        self.rooms[room.id] = new
        if new.hand is not None:
            new.arm(resume=True)
        new.broadcast_table()
        new.broadcast_hand()
        if new.hand is None and new.tournament is not None:
            if room.hand_id is not None:  # the hand's last action was stored after all
                new.tournament.hand_over(new)
        elif new.hand is None:
            new.schedule_next_hand(self.settings.hand_delay if room.hand_id is not None
                                   else self.settings.start_delay)
        return new

    def get(self, table_id: int) -> Room:
        """A table that lives here, or a ``no_table`` error."""
        room = self.rooms.get(table_id)
        if room is None or room.closed:
            raise ProtocolError("no_table", f"there is no open table {table_id}")
        return room

    async def _checkpoints(self) -> None:
        """SQLite: copy the write-ahead log into the database file twice a second, on a thread
        (the copy waits on the disk; done by a commit on the event loop, it stalled every table)."""
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(0.5)
            try:
                await loop.run_in_executor(None, store.checkpoint, self.db)
            except Exception:
                log.exception("SQLite checkpoint")

    async def _sweep(self) -> None:
        """Unseat squatters: players disconnected longer than the seat timeout."""
        period = max(0.05, min(1.0, self.settings.seat_timeout / 4))
        while True:
            await asyncio.sleep(period)
            now = time.time()
            for room in list(self.rooms.values()):
                if room.closed or not room.squatters(now):
                    continue
                try:
                    async with room.lock:
                        current = self.rooms.get(room.id)
                        if current is not None and not current.closed:
                            await current.sweep_squatters()
                except Exception:
                    log.exception("table %s: seat timeout sweep", room.id)

    # ---------------------------------------------------------- requests

    async def call(self, caller: Caller, msg: p.TableRequest,
                   on_result: Callable[[Result], None] | None = None) -> Result:
        """Run a table request where its table lives (here, or forwarded to its owner);
        ``on_result(result)`` runs before any later message of the table is delivered."""
        table_id: int = msg.table
        if table_id in self.rooms or self.cluster is None:
            result = await requests.handle(self, caller, msg)
            if on_result is not None:
                on_result(result)
            return result
        return await self.cluster.forward(table_id, caller, msg, on_result)

    async def request(self, conn: Outbox, name: str, msg: p.TableRequest) -> Result:
        """A table request from a connection here: routed, then its result applied to the connection."""
        if isinstance(msg, p.ChatMsg) and (conn.user_id is None
                                           or not self.is_watching(conn.user_id, msg.table)):
            raise ProtocolError("not_watching", "watch the table to chat there")

        def apply(result: Result) -> None:
            if result.unwatch:
                self.remove_watcher(conn, msg.table)
            if result.watch:
                already = conn in self.watchers.get(msg.table, ())
                self.add_watcher(conn, msg.table)
                if isinstance(msg, p.WatchMsg):
                    if msg.delta:
                        self.delta_watchers.setdefault(msg.table, set()).add(conn)
                    elif msg.table in self.delta_watchers:
                        self.delta_watchers[msg.table].discard(conn)
                if isinstance(msg, p.SitMsg) and already:
                    return
            for text in result.texts:
                conn.send(text)

        return await self.call(Caller(user_id=conn.user_id, name=name), msg, apply)

    # ------------------------------------------------------ tables, lobby

    async def create_table(self, owner_id: int, owner_name: str, config: TableConfig) -> dict[str, Any]:
        """A new table owned by ``owner_id``, run by this process; returns its info for the owner."""
        import secrets

        invite = secrets.token_urlsafe(9) if config.private else None
        try:
            data = await self.run_db(lambda: store.create_table(
                self.db, owner_id=owner_id, name=config.name, config=config.model_dump(),
                private=config.private, invite_code=invite, max_per_owner=self.settings.max_tables_per_owner))
        except store.StoreError as exc:
            raise ProtocolError("refused", str(exc)) from None
        if self.cluster is not None and not await self.cluster.claim(data.row.id):
            # another process took the brand-new table first: it runs it
            return await self.table_info(data.row.id, owner_id, None)
        room = self.adopt(data)
        return messages.table_info(room, owner_id).model_dump(mode="json")

    async def table_info(self, table_id: int, user_id: int | None, invite: str | None) -> dict[str, Any]:
        """A table as ``user_id`` sees it (``forbidden`` for a private table without the invite)."""
        if table_id not in self.rooms and self.cluster is not None:
            return await self.cluster.table_info(table_id, user_id, invite)
        room = self.get(table_id)
        if not room.may_watch(user_id, invite):
            raise ProtocolError("forbidden", access.PRIVATE)
        return messages.table_info(room, user_id).model_dump(mode="json")

    async def close_table(self, user_id: int, table_id: int, name: str = "") -> None:
        """Owner only: close now, or after the hand in progress (stored before this returns)."""
        from studpoker.server.protocol import CloseTableMsg

        await self.call(Caller(user_id=user_id, name=name), CloseTableMsg(type="close_table", seq=1,
                                                                            table=table_id))

    async def lobby_entries(self, user_id: int | None) -> list[dict[str, Any]]:
        """Open tables a user may see (every process's, in a cluster)."""
        if self.cluster is not None:
            return await self.cluster.lobby(user_id)
        return self.lobby(user_id)

    def lobby(self, user_id: int | None) -> list[dict[str, Any]]:
        """Open tables of this process a user may see: public ones, and private ones they own or
        play at."""
        return [messages.lobby_entry(r, user_id).model_dump(mode="json")
                for r in sorted(self.rooms.values(), key=lambda r: r.id)
                if not r.closed and access.may_list(
                    private=r.private, owner_id=r.owner_id, user_id=user_id,
                    member=user_id is not None and r.user_seat(user_id) is not None)]

