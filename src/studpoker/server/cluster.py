"""Several server processes, one room: table leases, forwarding and fan-out through Redis.

``studpoker serve --db postgresql://... --redis redis://HOST:6379/0`` started any
number of times (any ports, any machines, one PostgreSQL, one Redis) forms one
room, in the way of lichess: the state is in the database, the live state of
a table is owned by one process at a time, and messages travel through Redis
pub/sub.

- **Leases.** A table is run by the process holding ``{prefix}:lease:{table}``
  (a Redis key with a time to live, renewed every ``heartbeat`` seconds); a
  tournament by the holder of ``{prefix}:lease:tournament:{id}``, with its
  tables. A process takes the lease of each table it creates, of every open
  cash table whose lease lapsed, and at once of those of a dead process (no
  listener on its channel: Redis drops a killed process's connection): it
  then rebuilds the table from the database (:mod:`studpoker.server.replay`),
  live hand and clock included.
- **Forwarding.** A request for a table owned elsewhere is published on the
  owner's channel ``{prefix}:p:{process}``; the owner runs it
  (:mod:`studpoker.server.tables.requests`) and publishes the result on the
  caller's process channel. A request nobody received, or whose process died
  before answering, goes where the lease moves (see :meth:`RedisCluster._ask`).
- **Fan-out.** The owner publishes every message of a table (a
  :class:`~studpoker.server.tables.messages.Fanout`) on ``{prefix}:t:{table}``;
  each process with a connection watching the table subscribes to it and
  delivers the right text to each watcher. Messages for a user (balances) go
  on ``{prefix}:u``; who is connected where on ``{prefix}:presence``.

All of one process's publications go through one connection in order, so a
forwarded ``watch`` answer (the full state) arrives before any later update of
the table. The lobby and balances are read from the database, which every
process shares.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from studpoker.server import access
from studpoker.server import protocol as p
from studpoker.server.tables import messages, requests, store
from studpoker.server.tables.messages import Fanout
from studpoker.server.tables.requests import Caller, Result
from studpoker.server.tables.room import ProtocolError

if TYPE_CHECKING:
    from redis.asyncio import Redis
    from redis.asyncio.client import PubSub

    from studpoker.server.tables.registry import Registry

__all__ = ["ClusterConfig", "RedisCluster"]

log = logging.getLogger("studpoker.cluster")

_RENEW = """
local out = {}
for i, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then
    redis.call('PEXPIRE', key, ARGV[2])
    out[i] = 1
  else
    out[i] = 0
  end
end
return out
"""

_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""

# a lease held by a dead process: ours if it still names that process
_STEAL = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
  return 1
end
return 0
"""

# requests that may be sent again to a table's new process when the old one died before answering:
# they are pinned to a state (act), or the same twice (watch, sit_out, close_table ...); others
# (add_chips, add_bot, chat) are answered ``unavailable`` instead: they might have been done
_SAFE_AGAIN = frozenset({"watch", "unwatch", "act", "sit", "leave", "sit_out", "sit_in", "remove_bot",
                         "close_table"})


class _Gone(Exception):
    """The process a request went to is gone (or no longer runs the table) without answering."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ClusterConfig:
    """Where the cluster meets and how fast it notices a dead process. Times in seconds."""

    redis_url: str
    prefix: str = "studpoker"
    heartbeat: float = 1.0  # leases renewed, orphans looked for, this often
    lease_ttl: float = 5.0  # a lease not renewed for this long lapses
    forward_timeout: float = 10.0


class RedisCluster:
    """This process's link to the others (implements ``tables.registry.Cluster``)."""

    def __init__(self, config: ClusterConfig) -> None:
        self.config = config
        self.proc = secrets.token_hex(6)
        self.prefix = config.prefix
        self.reg: Registry | None = None
        self.redis: Redis | None = None
        self.pub: Redis | None = None
        self.pubsub: PubSub | None = None
        # what to publish, in order; a callback gets how many processes received it
        self._outbox: asyncio.Queue[tuple[str, str, Callable[[int], None] | None]] = asyncio.Queue()
        self._pending: dict[str, tuple[asyncio.Future[Any], Callable[[Any], None] | None]] = {}
        self._follow: dict[int, int] = {}  # table -> local watchers (and pending watches)
        self._followers: dict[int, set[str]] = {}  # table run here -> other processes following it
        self._remote: dict[int, set[str]] = {}  # user -> other processes where they are connected
        self._online: set[int] = set()  # users connected here
        self._tasks: list[asyncio.Task[Any]] = []
        self._claiming: set[int] = set()
        self._orphans: set[int] = set()  # open tables without a lease at the last scan
        self._held: set[str] = set()  # other leases held here (``tournament:{id}``)
        self._dead: dict[str, None] = {}  # processes known dead (oldest first)
        self.lost_hook: Callable[[str], None] | None = None  # told of a lease this process lost
        self.stats = {"forwarded": 0, "published": 0, "received": 0, "taken_over": 0}

    # -------------------------------------------------------------- keys

    def _k(self, *parts: object) -> str:
        return ":".join([self.prefix, *map(str, parts)])

    def _proc_channel(self, proc: str) -> str:
        return self._k("p", proc)

    def _table_channel(self, table_id: int) -> str:
        return self._k("t", table_id)

    # ------------------------------------------------------------ start/stop

    async def start(self, registry: Registry) -> None:
        """Connect, announce this process, take free leases and start the loops."""
        from redis.asyncio import Redis

        self.reg = registry
        self.redis = Redis.from_url(self.config.redis_url, decode_responses=True)
        self.pub = Redis.from_url(self.config.redis_url, decode_responses=True, single_connection_client=True)
        await self.redis.ping()
        self.pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self.pubsub.subscribe(self._proc_channel(self.proc), self._k("u"), self._k("presence"),
                                    self._k("follow"))
        await self._beat()
        await self._load_presence()
        self._tasks = [asyncio.ensure_future(self._reader()), asyncio.ensure_future(self._publisher()),
                       asyncio.ensure_future(self._heartbeat())]
        await self._claim_orphans()
        log.info("cluster %s: process %s joined", self.prefix, self.proc)

    async def stop(self) -> None:
        """Release this process's leases (others take the tables at once) and disconnect."""
        reg = self.reg
        if self.redis is not None and reg is not None:
            with contextlib.suppress(Exception):
                for table_id in list(reg.rooms):
                    await self.redis.eval(_RELEASE, 1, self._k("lease", table_id), self.proc)
                await self.redis.delete(self._k("proc", self.proc), self._k("online", self.proc))
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(BaseException):
                await task
        for client in (self.pubsub, self.pub, self.redis):
            if client is not None:
                with contextlib.suppress(Exception):
                    await client.aclose()

    # ------------------------------------------------------------- leases

    async def claim(self, table_id: int) -> bool:
        """Take the lease of a table (True: taken, or already ours)."""
        assert self.redis is not None
        key = self._k("lease", table_id)
        ttl = int(self.config.lease_ttl * 1000)
        if await self.redis.set(key, self.proc, nx=True, px=ttl):
            return True
        owner = await self.redis.get(key)
        return bool(owner == self.proc)

    async def owner(self, table_id: int) -> str | None:
        """The process holding a table's lease."""
        assert self.redis is not None
        value = await self.redis.get(self._k("lease", table_id))
        return str(value) if value is not None else None

    async def is_dead(self, proc: str) -> bool:
        """Whether a process is gone: nobody listens on its channel any more (Redis drops a
        killed process's connection, and with it its subscriptions, at once), seen twice 0.5 s
        apart (not a connection being made again: a live process's reader subscribes again
        within 0.1 s of losing its connection)."""
        if proc == self.proc:
            return False
        if proc in self._dead:  # a process id is never used again: dead once, dead for good
            return True
        assert self.redis is not None
        channel = self._proc_channel(proc)
        for look in range(2):
            counts = dict(await self.redis.pubsub_numsub(channel))
            if counts.get(channel, 0):
                return False
            if look == 0:
                await asyncio.sleep(0.5)
        self._dead[proc] = None
        while len(self._dead) > 1000:
            self._dead.pop(next(iter(self._dead)))
        return True

    async def dead_among(self, procs: Collection[str]) -> set[str]:
        """The processes among ``procs`` that are gone (one round trip when all are alive)."""
        assert self.redis is not None
        others = sorted({q for q in procs if q != self.proc})
        if not others:
            return set()
        counts = dict(await self.redis.pubsub_numsub(*[self._proc_channel(q) for q in others]))
        silent = [q for q in others if not counts.get(self._proc_channel(q), 0)]
        return {q for q in silent if await self.is_dead(q)}

    async def _take(self, key: str) -> bool:
        """Take a lease: a free one, one already ours, or one a dead process held."""
        assert self.redis is not None
        ttl = int(self.config.lease_ttl * 1000)
        if await self.redis.set(key, self.proc, nx=True, px=ttl):
            return True
        holder = await self.redis.get(key)
        if holder is None:
            return bool(await self.redis.set(key, self.proc, nx=True, px=ttl))
        if holder == self.proc:
            return True
        if await self.is_dead(str(holder)):
            taken = bool(await self.redis.eval(_STEAL, 1, key, str(holder), self.proc, ttl))
            if taken:
                self.stats["taken_over"] += 1
                log.info("cluster: process %s took %s from dead process %s", self.proc, key, holder)
            return taken
        return False

    async def take_table(self, table_id: int) -> bool:
        """Take a table's lease (free, ours, or a dead process's) without running it yet: a
        tournament takes its tables so."""
        return await self._take(self._k("lease", table_id))

    async def hold(self, name: str) -> bool:
        """Take and keep (renewed with the tables') the lease ``{prefix}:lease:{name}``, e.g.
        ``tournament:7``: free, already ours, or a dead process's."""
        if await self._take(self._k("lease", name)):
            self._held.add(name)
            return True
        return False

    async def holder(self, name: str) -> str | None:
        """The process holding the lease ``name``."""
        return (await self.holders([name]))[0]

    async def holders(self, names: Sequence[str]) -> list[str | None]:
        """The processes holding the leases ``names`` (one round trip)."""
        assert self.redis is not None
        if not names:
            return []
        values = await self.redis.mget([self._k("lease", n) for n in names])
        return [str(v) if v is not None else None for v in values]

    async def let_go(self, name: str) -> None:
        """Give up the lease ``name``."""
        self._held.discard(name)
        if self.redis is not None:
            await self.redis.eval(_RELEASE, 1, self._k("lease", name), self.proc)

    async def _adopt(self, table_id: int) -> bool:
        """Take a cash table whose lease lapsed or whose process died: lease, then rebuild it from
        the database. (A tournament's tables go with the tournament: not taken here.)"""
        reg = self.reg
        assert reg is not None
        if table_id in reg.rooms or table_id in self._claiming:
            return table_id in reg.rooms
        self._claiming.add(table_id)
        try:
            if await reg.run_db(lambda: store.tournament_of(reg.db, table_id)) is not None:
                return False
            if not await self._take(self._k("lease", table_id)):
                return False
            loaded = await reg.run_db(lambda: store.load_tables(reg.db, [table_id]))
            if not loaded:
                await self._release(table_id)
                return False
            if table_id in reg.rooms:
                return True
            assert self.redis is not None
            followers = await self.redis.smembers(self._k("followers", table_id))
            self._followers[table_id] = {str(x) for x in followers if x != self.proc}
            room = reg.adopt(loaded[0])
            log.info("cluster: process %s took table %s", self.proc, table_id)
            room.broadcast_table()
            room.broadcast_hand()
            return True
        finally:
            self._claiming.discard(table_id)

    async def _release(self, table_id: int) -> None:
        assert self.redis is not None
        await self.redis.eval(_RELEASE, 1, self._k("lease", table_id), self.proc)

    async def _beat(self) -> None:
        assert self.redis is not None
        ttl = int(self.config.lease_ttl * 1000)
        await self.redis.set(self._k("proc", self.proc), str(time.time()), px=ttl)
        reg = self.reg
        names: list[str] = [str(i) for i in (reg.rooms if reg is not None else ())] + sorted(self._held)
        if not names:
            return
        try:  # never in the way of the leases
            await self._renew_seat_requests()
        except Exception:
            log.exception("cluster: the seat requests could not be renewed")
        kept = await self.redis.eval(
            _RENEW, len(names), *[self._k("lease", n) for n in names], self.proc, ttl)
        for name, ok in zip(names, kept, strict=True):
            if ok:
                continue
            log.warning("cluster: process %s lost the lease %s", self.proc, name)
            if name.isdigit():
                if reg is not None and int(name) in reg.rooms:
                    reg.drop(int(name))
                name = f"table:{name}"
            else:
                self._held.discard(name)
            if self.lost_hook is not None:
                self.lost_hook(name)

    async def _claim_orphans(self) -> None:
        """Take the cash tables nobody runs: those whose process died (its channel lost its
        listener: at once, as seen by the heartbeat) and those whose lease lapsed."""
        reg = self.reg
        assert reg is not None and self.redis is not None
        ids = [i for i in await reg.run_db(lambda: store.open_table_ids(reg.db, cash_only=True))
               if i not in reg.rooms]
        if not ids:
            self._orphans = set()
            return
        owners = await self.redis.mget([self._k("lease", i) for i in ids])
        orphans = {i for i, owner in zip(ids, owners, strict=True) if owner is None}
        held = {i: str(owner) for i, owner in zip(ids, owners, strict=True)
                if owner is not None and owner != self.proc}
        dead = await self.dead_among(held.values())
        for table_id in sorted(i for i, q in held.items() if q in dead):
            await self._adopt(table_id)
        # a table is taken only when it had no lease on two scans in a row: a table just created
        # elsewhere gets its lease a moment after its row
        for table_id in sorted(orphans & self._orphans):
            await self._adopt(table_id)
        self._orphans = orphans

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(self.config.heartbeat)
            try:
                await self._beat()
                await self._reap_presence()
                await self._claim_orphans()
                reg = self.reg
                if reg is not None:  # closed tables leave the cluster's books
                    for table_id in [i for i, r in reg.rooms.items() if r.closed]:
                        reg.drop(table_id)
                        await self._release(table_id)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("cluster heartbeat")

    # ----------------------------------------------------------- presence

    def presence(self, user_id: int, connected: bool) -> None:
        """A user's first connection here opened, or its last one closed."""
        if connected:
            self._online.add(user_id)
        else:
            self._online.discard(user_id)
        self._send(self._k("presence"), json.dumps({"from": self.proc, "user": user_id, "on": connected}))
        self._spawn(self._store_presence(user_id, connected))

    async def _store_presence(self, user_id: int, connected: bool) -> None:
        assert self.redis is not None
        key = self._k("online", self.proc)
        if connected:
            await self.redis.sadd(key, str(user_id))
        else:
            await self.redis.srem(key, str(user_id))

    async def _load_presence(self) -> None:
        assert self.redis is not None
        async for key in self.redis.scan_iter(match=self._k("online", "*")):
            proc = str(key).rsplit(":", 1)[-1]
            if proc == self.proc or not await self.redis.exists(self._k("proc", proc)):
                continue
            for uid in await self.redis.smembers(key):
                self._remote.setdefault(int(uid), set()).add(proc)

    async def _reap_presence(self) -> None:
        """Users of processes that died are disconnected."""
        assert self.redis is not None
        procs = sorted({q for ps in [*self._remote.values(), *self._followers.values()] for q in ps})
        if not procs:
            return
        alive = await self.redis.mget([self._k("proc", q) for q in procs])
        dead = {q for q, a in zip(procs, alive, strict=True) if a is None}
        if not dead:
            return
        for followers in self._followers.values():
            followers -= dead
        reg = self.reg
        for uid in list(self._remote):
            ps = self._remote[uid]
            if ps & dead:
                ps -= dead
                if not ps:
                    del self._remote[uid]
                if reg is not None:
                    reg.presence(uid, reg.is_connected(uid))

    def is_connected(self, user_id: int) -> bool:
        """Whether a user has a connection on another (live) process."""
        return bool(self._remote.get(user_id))

    # -------------------------------------------------------------- fan-out

    def follow(self, table_id: int) -> None:
        """Receive the table's messages from its owner (and tell the owner so)."""
        n = self._follow.get(table_id, 0)
        self._follow[table_id] = n + 1
        if n == 0:
            self._announce(table_id, True)

    def unfollow(self, table_id: int) -> None:
        """Stop receiving the table's messages."""
        n = self._follow.get(table_id, 0) - 1
        if n > 0:
            self._follow[table_id] = n
            return
        self._follow.pop(table_id, None)
        self._announce(table_id, False)

    def _announce(self, table_id: int, on: bool) -> None:
        # the notice is queued at once, so it reaches the owner before any request sent after it
        self._send(self._k("follow"), json.dumps({"from": self.proc, "table": table_id, "on": on}))
        self._spawn(self._subscribe(table_id, on))

    async def _subscribe(self, table_id: int, on: bool) -> None:
        assert self.pubsub is not None and self.redis is not None
        key = self._k("followers", table_id)
        if on:
            await self.pubsub.subscribe(self._table_channel(table_id))
            await self.redis.sadd(key, self.proc)
        else:
            await self.pubsub.unsubscribe(self._table_channel(table_id))
            await self.redis.srem(key, self.proc)

    def is_followed(self, table_id: int) -> bool:
        """Whether another process follows a table run here."""
        return bool(self._followers.get(table_id))

    def publish_fanout(self, fanout: Fanout) -> None:
        """A table's message for the watchers on other processes (if any process follows it)."""
        if self._followers.get(fanout.table):
            self._send(self._table_channel(fanout.table), self.proc + "|" + fanout.to_json())

    def publish_kick(self, user_id: int, hashes: set[str], reason: str) -> None:
        """Logout or a password change: the other processes close the user's websockets
        logged in with one of these (revoked) tokens."""
        self._send(self._k("u"), json.dumps({"from": self.proc, "user": user_id, "kick": sorted(hashes),
                                             "reason": reason}))

    def note_seat_request(self, table_id: int, user_id: int, waiting: bool) -> None:
        """A seat request of a table run here, made (``waiting``) or answered: kept in
        ``{prefix}:asks:{user}`` (a sorted set of table ids scored by when the entry lapses,
        renewed with the leases: the requests of a dead process lapse with them)."""
        self._spawn(self._note_seat_request(table_id, user_id, waiting))

    async def _note_seat_request(self, table_id: int, user_id: int, waiting: bool) -> None:
        assert self.redis is not None
        key = self._k("asks", user_id)
        if waiting:
            await self.redis.zadd(key, {str(table_id): self._lapse()})
            await self.redis.pexpire(key, int(self.config.lease_ttl * 2000))
        else:
            await self.redis.zrem(key, str(table_id))

    def _lapse(self) -> float:
        return (time.time() + self.config.lease_ttl) * 1000

    async def seat_requests(self, user_id: int) -> list[int]:
        """The tables of the cluster where the account waits for a seat."""
        assert self.redis is not None
        members = await self.redis.zrangebyscore(self._k("asks", user_id), time.time() * 1000, "+inf")
        return sorted(int(str(m)) for m in members)

    async def _renew_seat_requests(self) -> None:
        reg = self.reg
        assert self.redis is not None and reg is not None
        asks = [(r.user_id, room.id) for room in reg.rooms.values() if not room.closed
                for r in room.requests.values()]
        if not asks:
            return
        lapse, ttl = self._lapse(), int(self.config.lease_ttl * 2000)
        async with self.redis.pipeline(transaction=False) as pipe:
            for user_id, table_id in asks:
                pipe.zadd(self._k("asks", user_id), {str(table_id): lapse})
                pipe.pexpire(self._k("asks", user_id), ttl)
            await pipe.execute()

    def publish_renamed(self, user_id: int, name: str) -> None:
        """An account's new name, for the other processes' connections and rooms."""
        self._send(self._k("u"), json.dumps({"from": self.proc, "user": user_id, "renamed": name}))

    def publish_user(self, user_id: int, text: str) -> None:
        """A message for a user's connections on other processes."""
        self._send(self._k("u"), json.dumps({"from": self.proc, "user": user_id, "text": text}))

    def _send(self, channel: str, data: str, received: Callable[[int], None] | None = None) -> None:
        self._outbox.put_nowait((channel, data, received))

    async def _publisher(self) -> None:
        """Publish in order, batching whatever queued up meanwhile into one round trip."""
        assert self.pub is not None
        while True:
            first = await self._outbox.get()
            batch = [first]
            while not self._outbox.empty() and len(batch) < 500:
                batch.append(self._outbox.get_nowait())
            try:
                async with self.pub.pipeline(transaction=False) as pipe:
                    for channel, data, _ in batch:
                        pipe.publish(channel, data)
                    counts = await pipe.execute()
                self.stats["published"] += len(batch)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("cluster: publishing %d messages failed", len(batch))
                counts = [None] * len(batch)
            for (_, _, received), count in zip(batch, counts, strict=True):
                if received is not None and isinstance(count, int):
                    received(count)

    # ------------------------------------------------------------ forwarding

    async def forward(self, table_id: int, caller: Caller, msg: p.TableRequest,
                      on_result: Callable[[Result], None] | None = None) -> Result:
        """Run a request on the process owning the table (taking the table if nobody does)."""
        payload = {"kind": "call", "caller": caller.to_dict(), "msg": msg.model_dump(mode="json")}
        watching = isinstance(msg, (p.WatchMsg, p.SitMsg))
        if watching:  # follow the table before the owner answers: no later update is missed
            self.follow(table_id)
        try:
            data = await self._ask(table_id, payload,
                                   None if on_result is None else lambda d: on_result(Result.from_dict(d)))
        finally:
            if watching:
                self.unfollow(table_id)
        if isinstance(data, Result):
            return data
        return Result.from_dict(data)

    async def table_info(self, table_id: int, user_id: int | None, invite: str | None) -> dict[str, Any]:
        """A table's info, from the process that owns it."""
        data = await self._ask(table_id, {"kind": "info", "user": user_id, "invite": invite}, None)
        assert isinstance(data, dict)
        return data

    async def _ask(self, table_id: int, payload: dict[str, Any],
                   on_result: Callable[[Any], None] | None) -> Any:
        """Run a request where the table lives: here, or on the process holding its lease.

        The lease is looked at again whenever the owner does not answer: a request sent to a
        process that died (nobody received it, or nobody listens on its channel any more) goes to
        the table's next process as soon as the lease moves (this one, if it is a cash table: it
        takes the table at once). A request the dead process may have carried out before dying
        is sent again only if doing it twice is harmless (:data:`_SAFE_AGAIN`)."""
        reg = self.reg
        assert reg is not None
        deadline = time.monotonic() + self.config.forward_timeout
        again = payload["kind"] == "info" or payload["msg"]["type"] in _SAFE_AGAIN
        gone: set[str] = set()
        while True:
            if table_id in reg.rooms:  # ours (now): run it here
                return await self._local(table_id, payload, on_result)
            owner = await self.owner(table_id)
            if owner is not None and owner != self.proc and owner not in gone:
                try:
                    return await self._request(owner, table_id, payload, on_result, deadline)
                except _Gone as exc:
                    why = exc.args[0] if exc.args else "unsent"
                    if why == "moved":  # alive, but not running the table (any more): ask again
                        await asyncio.sleep(0.05)
                        continue
                    gone.add(owner)
                    if why == "received" and not again:
                        raise ProtocolError("unavailable", "the table's server stopped before answering: "
                                            "look at the table before trying again") from None
                    continue
            if owner is None or owner in gone:
                if await self._adopt(table_id):  # a cash table: run here (a dead owner's lease is taken)
                    continue
                if owner is None and not await self._exists(table_id):
                    raise ProtocolError("no_table", f"there is no open table {table_id}")
            if time.monotonic() > deadline:
                raise ProtocolError("unavailable", "the table is moving to another server; try again")
            await asyncio.sleep(0.05)

    async def _request(self, owner: str, table_id: int, payload: dict[str, Any],
                       on_result: Callable[[Any], None] | None, deadline: float) -> Any:
        """Send a request to the process ``owner`` and wait for its answer; :class:`_Gone` if it
        will never come: ``"unsent"`` (nobody received it: the process is gone), ``"received"``
        (the process died after receiving it), ``"moved"`` (it does not run the table)."""
        rid = secrets.token_hex(8)
        fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._pending[rid] = (fut, on_result)

        def received(count: int) -> None:
            if count == 0 and not fut.done():  # no process listens on the owner's channel: it is gone
                fut.set_exception(_Gone("unsent"))

        self._send(self._proc_channel(owner), json.dumps(
            {"type": "req", "id": rid, "from": self.proc, "table": table_id, **payload}), received)
        self.stats["forwarded"] += 1
        try:
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise ProtocolError("unavailable", "the table's server did not answer; try again")
                try:
                    return await asyncio.wait_for(asyncio.shield(fut), min(0.5, left))
                except TimeoutError:
                    if await self.is_dead(owner):
                        raise _Gone("received") from None
        finally:
            self._pending.pop(rid, None)
            if not fut.done():
                fut.cancel()

    async def _exists(self, table_id: int) -> bool:
        reg = self.reg
        assert reg is not None
        return table_id in await reg.run_db(lambda: store.open_table_ids(reg.db))

    async def _local(self, table_id: int, payload: dict[str, Any],
                     on_result: Callable[[Any], None] | None) -> Any:
        reg = self.reg
        assert reg is not None
        if payload["kind"] == "info":
            room = reg.get(table_id)
            if not room.may_watch(payload["user"], payload["invite"]):
                raise ProtocolError("forbidden", access.PRIVATE)
            return messages.table_info(room, payload["user"]).model_dump(mode="json")
        caller = Caller(user_id=payload["caller"]["user_id"], name=payload["caller"]["name"])
        msg = p.TABLE_REQUEST.validate_python(payload["msg"])
        result = await requests.handle(reg, caller, msg)
        if on_result is not None:
            on_result(result.to_dict())
        return result

    async def _serve(self, req: dict[str, Any]) -> None:
        """Run a request forwarded by another process and send the answer back."""
        reply: dict[str, Any] = {"type": "rep", "id": req["id"]}
        try:
            reg = self.reg
            assert reg is not None
            if req["table"] not in reg.rooms:  # not run here (any more): the caller asks the new owner
                raise ProtocolError("moved", "the table moved to another server")
            result = await self._local(req["table"], req, None)
            reply["ok"] = True
            reply["data"] = result.to_dict() if isinstance(result, Result) else result
        except ProtocolError as exc:
            reply.update(ok=False, code=exc.code, message=exc.message, legal=exc.legal)
        except Exception:
            log.exception("cluster: forwarded request failed")
            reply.update(ok=False, code="server_error", message="internal error", legal=None)
        self._send(self._proc_channel(req["from"]), json.dumps(reply))

    def _answer(self, rep: dict[str, Any]) -> None:
        entry = self._pending.get(rep["id"])
        if entry is None:
            return
        fut, on_result = entry
        if fut.done():
            return
        if rep["ok"]:
            if on_result is not None:  # before any later message of the table is delivered
                try:
                    on_result(rep["data"])
                except Exception as exc:
                    fut.set_exception(exc)
                    return
            fut.set_result(rep["data"])
        elif rep["code"] == "moved":  # that process did not run it: safe to send it where the table is
            fut.set_exception(_Gone("moved"))
        else:
            fut.set_exception(ProtocolError(rep["code"], rep["message"], rep.get("legal")))

    # ---------------------------------------------------------------- reader

    async def _reader(self) -> None:
        assert self.pubsub is not None
        table_prefix = self._k("t", "")
        while True:
            try:
                msg = await self.pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("cluster: reading Redis")
                await asyncio.sleep(0.1)  # then get_message connects (and subscribes) again
                continue
            if msg is None or msg.get("type") != "message":
                continue
            self.stats["received"] += 1
            try:
                self._dispatch(str(msg["channel"]), str(msg["data"]), table_prefix)
            except Exception:
                log.exception("cluster: bad message on %s", msg.get("channel"))

    def _dispatch(self, channel: str, data: str, table_prefix: str) -> None:
        reg = self.reg
        assert reg is not None
        if channel.startswith(table_prefix):
            sender, _, body = data.partition("|")
            if sender != self.proc:
                reg.deliver_local(Fanout.from_json(body))
            return
        d = json.loads(data)
        if channel == self._k("u"):
            if d["from"] == self.proc:
                return
            if "kick" in d:
                from studpoker.server.api import close_local_sockets

                close_local_sockets(reg, int(d["user"]), [str(h) for h in d["kick"]], str(d["reason"]))
            elif "renamed" in d:
                reg.renamed_local(int(d["user"]), str(d["renamed"]))
            else:
                reg.send_user_local(int(d["user"]), str(d["text"]))
        elif channel == self._k("follow"):
            if d["from"] != self.proc and int(d["table"]) in reg.rooms:
                followers = self._followers.setdefault(int(d["table"]), set())
                if d["on"]:
                    followers.add(str(d["from"]))
                else:
                    followers.discard(str(d["from"]))
        elif channel == self._k("presence"):
            if d["from"] == self.proc:
                return
            uid = int(d["user"])
            before = reg.is_connected(uid)
            if d["on"]:
                self._remote.setdefault(uid, set()).add(d["from"])
            else:
                ps = self._remote.get(uid)
                if ps is not None:
                    ps.discard(d["from"])
                    if not ps:
                        del self._remote[uid]
            after = reg.is_connected(uid)
            if before != after:
                reg.presence(uid, after)
        elif d.get("type") == "req":
            self._spawn(self._serve(d))
        elif d.get("type") == "rep":
            self._answer(d)

    # ------------------------------------------------------------ plumbing

    def _spawn(self, coro: Any) -> None:
        assert self.reg is not None
        self.reg.spawn(coro)

    async def lobby(self, user_id: int | None) -> list[dict[str, Any]]:
        """Every open table of the cluster a user may see (read from the shared database)."""
        reg = self.reg
        assert reg is not None
        rows = await reg.run_db(lambda: store.lobby_rows(reg.db))
        out = []
        for r in rows:
            if not access.may_list(private=r.private, owner_id=r.owner_id, user_id=user_id,
                                   member=user_id in r.players):
                continue
            out.append(messages.lobby_row(table_id=r.id, name=r.name, config=r.config, seats=r.seats,
                                          taken=r.taken, private=r.private, owner=r.owner_name,
                                          in_hand=r.in_hand, seated=user_id in r.players
                                          ).model_dump(mode="json"))
        return out
