"""Limits against abuse: sliding-window counters, the password-hash gate, JSON depth.

All of them live in the memory of one server process (docs/server.md, "Limits").

>>> w = SlidingWindow(limit=2, window=10.0)
>>> w.hit("a", now=0.0), w.hit("a", now=1.0), w.hit("a", now=2.0)
(0.0, 0.0, 8.0)
>>> w.hit("a", now=10.5)
0.0
>>> too_deep('{"a": [1, [2, {"b": "[[[["}]]]}', 3), too_deep('[[[[]]]]', 3)
(False, True)
"""

from __future__ import annotations

import asyncio
import math
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

from studpoker.server.config import Settings

if TYPE_CHECKING:
    from argon2 import PasswordHasher

__all__ = ["Guards", "HashGate", "LimitExceeded", "SlidingWindow", "too_deep"]

T = TypeVar("T")


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
    (:class:`~studpoker.server.hashing.HashWorkers`), because argon2 holds the
    GIL: on a thread of the server it would stall the event loop for each hash.
    """

    def __init__(self, *, concurrency: int, wait: float, processes: bool = True) -> None:
        from studpoker.server.hashing import HashWorkers

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
        from studpoker.server.hashing import hash_password

        workers = self.workers
        if workers is not None:
            return await self._run(lambda: workers.hash(hasher, password), wait)
        return await self._run(lambda: hash_password(hasher, password), wait)

    async def verify(self, hasher: PasswordHasher, password_hash: str, password: str, *,
                     wait: float | None = None) -> bool:
        """True if the password matches the hash."""
        from studpoker.server.hashing import verify_password

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


@dataclass(slots=True, kw_only=True)
class Guards:
    """The limits of one server (built from its :class:`~studpoker.server.config.Settings`)."""

    settings: Settings
    login_ip: SlidingWindow
    login_name: SlidingWindow
    registrations: SlidingWindow
    guests: SlidingWindow
    hashes: HashGate
    sockets_by_ip: dict[str, int] = field(default_factory=dict)

    @classmethod
    def from_settings(cls, settings: Settings) -> Guards:
        """The limits ``settings`` describe."""
        s = settings
        return cls(
            settings=s,
            login_ip=SlidingWindow(limit=s.login_failures_per_ip, window=s.login_window),
            login_name=SlidingWindow(limit=s.login_failures_per_name, window=s.login_window),
            registrations=SlidingWindow(limit=s.registrations_per_ip, window=s.registration_window),
            guests=SlidingWindow(limit=s.guests_per_ip, window=s.guest_window),
            hashes=HashGate(concurrency=s.hash_concurrency, wait=s.hash_wait, processes=s.hash_processes),
        )

    def login_attempt(self, ip: str, key: str) -> None:
        """Count a login try against its address and its name (known or not) before any hash;
        :class:`LimitExceeded` if either has failed too often lately."""
        now = time.monotonic()
        wait = max(self.login_ip.wait(ip, now=now), self.login_name.wait(key, now=now))
        if wait:
            raise LimitExceeded(f"too many failed logins; try again in {math.ceil(wait)} s", wait)
        self.login_ip.hit(ip, now=now)
        self.login_name.hit(key, now=now)

    def login_succeeded(self, ip: str, key: str) -> None:
        """A try that succeeded is not a failure: take it back."""
        self.login_ip.forget_one(ip)
        self.login_name.forget_one(key)

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
