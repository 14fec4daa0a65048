"""Limits against abuse: sliding-window counters, the password-hash gate, JSON depth, the
worker pool of uploads (:mod:`studpoker.server.work`).

The counters of failed logins, new accounts, guests, uploads and replays live in the memory of
the server process, or, in a cluster (``--redis``), in Redis, so that they
count every process's requests together (:class:`RedisWindows`); the hash
gate, the upload workers and the websockets per address are each process's own
(docs/server.md, "Limits").

>>> w = SlidingWindow(limit=2, window=10.0)
>>> w.hit("a", now=0.0), w.hit("a", now=1.0), w.hit("a", now=2.0)
(0.0, 0.0, 8.0)
>>> w.hit("a", now=10.5)
0.0
>>> too_deep('{"a": [1, [2, {"b": "[[[["}]]]}', 4), too_deep('[[[[]]]]', 3)
(False, True)
"""

from __future__ import annotations

import asyncio
import logging
import math
import secrets
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from studpoker.server.config import Settings
from studpoker.server.work import WorkPool

if TYPE_CHECKING:
    from argon2 import PasswordHasher

__all__ = ["Guards", "HashGate", "LimitExceeded", "LocalWindows", "RedisWindows", "SlidingWindow", "Windows",
           "too_deep"]

T = TypeVar("T")
log = logging.getLogger("studpoker.server")


class LimitExceeded(Exception):
    """A request over a limit; ``retry_after`` in seconds (HTTP 429 + ``Retry-After``)."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.message = message
        self.retry_after = retry_after

    @property
    def retry_after_header(self) -> str:
        """Whole seconds, at least 1."""
        return str(max(1, math.ceil(self.retry_after)))


class SlidingWindow:
    """At most ``limit`` events per key in any ``window`` seconds (a log of event times).

    ``max_keys`` bounds the memory: the keys least recently hit are forgotten first.
    """

    def __init__(self, *, limit: int, window: float, max_keys: int = 100_000) -> None:
        self.limit = limit
        self.window = window
        self.max_keys = max_keys
        self._log: OrderedDict[str, deque[float]] = OrderedDict()

    def _times(self, key: str, now: float) -> deque[float]:
        times = self._log.get(key)
        if times is None:
            times = deque()
            self._log[key] = times
            while len(self._log) > self.max_keys:
                self._log.popitem(last=False)
        else:
            self._log.move_to_end(key)
        while times and now - times[0] >= self.window:
            times.popleft()
        return times

    def wait(self, key: str, *, now: float | None = None) -> float:
        """Seconds until ``key`` may have one more event (0: now)."""
        now = time.monotonic() if now is None else now
        times = self._times(key, now)
        if len(times) < self.limit:
            return 0.0
        return max(0.001, times[len(times) - self.limit] + self.window - now)

    def hit(self, key: str, *, now: float | None = None) -> float:
        """Record an event if allowed; returns 0 then, else the seconds to wait (nothing recorded)."""
        now = time.monotonic() if now is None else now
        wait = self.wait(key, now=now)
        if wait == 0.0:
            self._log[key].append(now)
        return wait

    def forget_one(self, key: str) -> None:
        """Take back the newest event of ``key`` (a login attempt that succeeded)."""
        times = self._log.get(key)
        if times:
            times.pop()

    def check(self, key: str, what: str, *, now: float | None = None) -> None:
        """:meth:`hit`, raising :class:`LimitExceeded` when over the limit."""
        wait = self.hit(key, now=now)
        if wait:
            raise LimitExceeded(f"too many {what}; try again in {math.ceil(wait)} s", wait)


class HashGate:
    """Runs password hashes, at most ``concurrency`` at once, off the event loop.

    A request that cannot get a place within ``wait`` seconds is refused
    (:class:`LimitExceeded`) instead of queueing, and so is one that finds
    ``2 * concurrency`` requests already waiting (at once): a flood of logins
    then costs a bounded amount of memory (argon2 takes 64 MiB per hash) and
    CPU, and is answered fast. With
    ``processes=True`` (the default) the hashes run in worker processes
    (:class:`~studpoker.server.accounts.hashing.HashWorkers`), because argon2 holds the
    GIL: on a thread of the server it would stall the event loop for each hash.
    """

    def __init__(self, *, concurrency: int, wait: float, processes: bool = True) -> None:
        from studpoker.server.accounts.hashing import HashWorkers

        self.concurrency = max(1, concurrency)
        self.wait = wait
        self.workers = HashWorkers(self.concurrency) if processes else None
        self._semaphore: asyncio.Semaphore | None = None
        self.waiting = 0
        self._threads = ThreadPoolExecutor(max_workers=self.concurrency, thread_name_prefix="studpoker-hash")

    async def start(self) -> None:
        """Start a worker in the background now rather than on the first login."""
        if self.workers is not None:
            fut = asyncio.get_running_loop().run_in_executor(self._threads, self.workers.ping)
            fut.add_done_callback(lambda f: f.cancelled() or f.exception())

    async def _run(self, fn: Callable[[], T], wait: float | None) -> T:
        if self._semaphore is None:
            self._semaphore = asyncio.Semaphore(self.concurrency)
        sem = self._semaphore
        busy = LimitExceeded("the server is busy checking passwords; try again shortly", 1.0)
        if sem.locked() and wait is None and self.waiting >= 2 * self.concurrency:
            raise busy
        self.waiting += 1
        try:
            await asyncio.wait_for(sem.acquire(), self.wait if wait is None else wait)
        except TimeoutError:
            raise busy from None
        finally:
            self.waiting -= 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._threads, fn)
        finally:
            sem.release()

    async def hash(self, hasher: PasswordHasher, password: str, *, wait: float | None = None) -> str:
        """The argon2 hash of a new password."""
        from studpoker.server.accounts.hashing import hash_password

        workers = self.workers
        if workers is not None:
            return await self._run(lambda: workers.hash(hasher, password), wait)
        return await self._run(lambda: hash_password(hasher, password), wait)

    async def verify(self, hasher: PasswordHasher, password_hash: str, password: str, *,
                     wait: float | None = None) -> bool:
        """True if the password matches the hash."""
        from studpoker.server.accounts.hashing import verify_password

        workers = self.workers
        if workers is not None:
            return await self._run(lambda: workers.verify(hasher, password_hash, password), wait)
        return await self._run(lambda: verify_password(hasher, password_hash, password), wait)

    def shutdown(self) -> None:
        """Stop the hash workers."""
        if self.workers is not None:
            self.workers.close()
        self._threads.shutdown(wait=False, cancel_futures=True)


def too_deep(text: str, limit: int) -> bool:
    """True if the JSON text nests brackets deeper than ``limit`` (checked before parsing:
    ``json.loads`` recurses once per level and raises RecursionError past ~1,000)."""
    if text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    in_string = False
    escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return True
        elif ch in "]}":
            depth -= 1
    return False


# One event counted in several windows at once, or in none: (window name, key) pairs.
Hits = Sequence[tuple[str, str]]


class Windows(Protocol):
    """Named sliding windows (``login_ip``, ``login_name``, ``registrations``, ``guests``,
    ``uploads``, ``replays``)."""

    async def hit(self, hits: Hits) -> tuple[float, str]:
        """Record one event under each ``(window, key)`` if every window allows it: ``(0, id)``;
        else nothing is recorded and the seconds to wait come back (``(wait, "")``)."""
        ...

    async def forget(self, hits: Hits, event: str) -> None:
        """Take back an event :meth:`hit` recorded (a login that succeeded is no failure)."""
        ...


class LocalWindows:
    """The windows in this process's memory (a server of one process)."""

    def __init__(self, windows: dict[str, SlidingWindow]) -> None:
        self.windows = windows

    async def hit(self, hits: Hits) -> tuple[float, str]:
        now = time.monotonic()
        wait = max((self.windows[name].wait(key, now=now) for name, key in hits), default=0.0)
        if wait:
            return wait, ""
        for name, key in hits:
            self.windows[name].hit(key, now=now)
        return 0.0, "local"

    async def forget(self, hits: Hits, event: str) -> None:
        for name, key in hits:
            self.windows[name].forget_one(key)


# Every window of one event, checked and recorded at once (Redis runs a script atomically), on the
# Redis server's clock: KEYS are the windows' sorted sets (event id -> time in ms), ARGV their
# (limit, window in ms) pairs, then the event's id. Returns the milliseconds to wait (0: recorded).
_HIT = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local wait = 0
for i = 1, #KEYS do
  local limit = tonumber(ARGV[2 * i - 1])
  local window = tonumber(ARGV[2 * i])
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now - window)
  local count = redis.call('ZCARD', KEYS[i])
  if count >= limit then
    local first = redis.call('ZRANGE', KEYS[i], count - limit, count - limit, 'WITHSCORES')
    wait = math.max(wait, tonumber(first[2]) + window - now, 1)
  end
end
if wait > 0 then return wait end
for i = 1, #KEYS do
  redis.call('ZADD', KEYS[i], now, ARGV[2 * #KEYS + 1])
  redis.call('PEXPIRE', KEYS[i], ARGV[2 * i])
end
return 0
"""


class RedisWindows:
    """The windows in Redis, shared by every process of a cluster: ``{prefix}:limit:{window}:{key}``
    is a sorted set of the events in the window. If Redis cannot be reached, the process counts
    in its own memory meanwhile (``fallback``) rather than refusing everyone."""

    def __init__(self, windows: dict[str, SlidingWindow], *, redis_url: str, prefix: str) -> None:
        self.windows = windows
        self.fallback = LocalWindows(windows)
        self.redis_url = redis_url
        self.prefix = prefix
        self._redis: Any = None

    def _client(self) -> Any:
        if self._redis is None:
            from redis.asyncio import Redis

            self._redis = Redis.from_url(self.redis_url, decode_responses=True, socket_timeout=5.0)
        return self._redis

    def _key(self, name: str, key: str) -> str:
        return f"{self.prefix}:limit:{name}:{key}"

    async def hit(self, hits: Hits) -> tuple[float, str]:
        event = secrets.token_hex(8)
        args: list[Any] = []
        for name, _ in hits:
            w = self.windows[name]
            args += [w.limit, max(1, int(w.window * 1000))]
        try:
            keys = [self._key(n, k) for n, k in hits]
            waited = await self._client().eval(_HIT, len(hits), *keys, *args, event)
        except Exception:
            log.warning("limits: Redis unreachable; counting in this process meanwhile", exc_info=True)
            return await self.fallback.hit(hits)
        wait = int(waited) / 1000
        return (wait, "") if wait > 0 else (0.0, event)

    async def forget(self, hits: Hits, event: str) -> None:
        if event == "local":
            await self.fallback.forget(hits, event)
            return
        try:
            async with self._client().pipeline(transaction=False) as pipe:
                for name, key in hits:
                    pipe.zrem(self._key(name, key), event)
                await pipe.execute()
        except Exception:
            log.warning("limits: Redis unreachable", exc_info=True)

    async def close(self) -> None:
        """Disconnect from Redis."""
        if self._redis is not None:
            await self._redis.aclose()
            self._redis = None


@dataclass(slots=True, kw_only=True)
class Guards:
    """The limits of one server (built from its :class:`~studpoker.server.config.Settings`)."""

    settings: Settings
    windows: Windows
    hashes: HashGate
    work: WorkPool  # uploads read and hands replayed, in worker processes
    sockets_by_ip: dict[str, int] = field(default_factory=dict)

    @classmethod
    def from_settings(cls, settings: Settings, *, redis_url: str | None = None,
                      prefix: str = "studpoker") -> Guards:
        """The limits ``settings`` describe; with ``redis_url`` (a cluster) the windows are
        counted in Redis, across every process."""
        s = settings
        windows = {
            "login_ip": SlidingWindow(limit=s.login_failures_per_ip, window=s.login_window),
            "login_name": SlidingWindow(limit=s.login_failures_per_name, window=s.login_window),
            "registrations": SlidingWindow(limit=s.registrations_per_ip, window=s.registration_window),
            "guests": SlidingWindow(limit=s.guests_per_ip, window=s.guest_window),
            "uploads": SlidingWindow(limit=s.uploads_per_ip, window=s.upload_window),
            "replays": SlidingWindow(limit=s.replays_per_ip, window=s.replay_window),
        }
        counted: Windows = (LocalWindows(windows) if redis_url is None
                            else RedisWindows(windows, redis_url=redis_url, prefix=prefix))
        hashes = HashGate(concurrency=s.hash_concurrency, wait=s.hash_wait, processes=s.hash_processes)
        work = WorkPool(workers=s.import_workers, queue=s.import_queue, wait=s.import_wait,
                        time_limit=s.import_time_limit)
        return cls(settings=s, windows=counted, hashes=hashes, work=work)

    async def login_attempt(self, ip: str, key: str) -> str:
        """Count a login try against its address and its name (known or not) before any hash;
        :class:`LimitExceeded` if either has failed too often lately. The try's id (for
        :meth:`login_succeeded`)."""
        wait, event = await self.windows.hit([("login_ip", ip), ("login_name", key)])
        if wait:
            raise LimitExceeded(f"too many failed logins; try again in {math.ceil(wait)} s", wait)
        return event

    async def login_succeeded(self, ip: str, key: str, event: str) -> None:
        """A try that succeeded is not a failure: take it back."""
        await self.windows.forget([("login_ip", ip), ("login_name", key)], event)

    async def new_account(self, ip: str) -> None:
        """Count a registration of an address (:class:`LimitExceeded` over the limit)."""
        await self._count("registrations", ip, "new accounts from this address")

    async def new_guest(self, ip: str) -> None:
        """Count a guest of an address (:class:`LimitExceeded` over the limit)."""
        await self._count("guests", ip, "guests from this address")

    async def new_upload(self, ip: str) -> None:
        """Count a hand history uploaded from an address (:class:`LimitExceeded` over the limit)."""
        await self._count("uploads", ip, "uploads from this address")

    async def new_replay(self, ip: str) -> None:
        """Count an imported hand replayed for an address (:class:`LimitExceeded` over the limit)."""
        await self._count("replays", ip, "replays from this address")

    async def _count(self, window: str, key: str, what: str) -> None:
        wait, _ = await self.windows.hit([(window, key)])
        if wait:
            raise LimitExceeded(f"too many {what}; try again in {math.ceil(wait)} s", wait)

    async def close(self) -> None:
        """Let go of Redis (if the windows are there)."""
        if isinstance(self.windows, RedisWindows):
            await self.windows.close()

    def socket_opened(self, ip: str) -> bool:
        """Count a websocket of an address; False (not counted) if it has too many open."""
        n = self.sockets_by_ip.get(ip, 0)
        if n >= self.settings.sockets_per_ip:
            return False
        self.sockets_by_ip[ip] = n + 1
        return True

    def socket_closed(self, ip: str) -> None:
        """A websocket counted by :meth:`socket_opened` closed."""
        n = self.sockets_by_ip.get(ip, 0) - 1
        if n > 0:
            self.sockets_by_ip[ip] = n
        else:
            self.sockets_by_ip.pop(ip, None)
