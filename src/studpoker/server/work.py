"""CPU-heavy requests off the server's process: worker processes, a cap, a queue, a time limit.

Reading an uploaded hand history (up to 4 MiB: seconds of CPU) or replaying a long
hand step by step is pure Python, and pure Python holds the GIL: on a thread of the
server it slows the event loop (every table, every login) for as long as it runs,
and forty of them at once would also take every thread of the pool that the
synchronous routes and dependencies share. So such a job runs in a worker process
(``python -m studpoker.server.work``, at a lower CPU priority than the server), and

- at most ``workers`` jobs run at once; at most ``queue`` more wait for a worker,
  each at most ``wait`` seconds; any other is refused at once
  (:class:`WorkRefused`: 503 with ``Retry-After`` and the reason);
- a job that runs longer than ``time_limit`` seconds is stopped (its worker is killed
  and replaced) and refused (413: the input is too large to be handled here).

A job is a module-level function of picklable arguments returning ``(status, body)``:
an HTTP status and the JSON body, rendered in the worker, so that even the answer's
encoding costs the event loop nothing. The protocol on the worker's stdin and stdout
is a frame per request and per answer: 8 bytes of length (big-endian), then a pickle
(both ends are this program); an empty frame comes first, when the job starts (a new
worker imports its module first: that is not counted against the time limit).

>>> pool = WorkPool(workers=1, queue=1, wait=5.0, time_limit=30.0)
>>> import asyncio
>>> asyncio.run(pool.run(echo, b"hand"))
(200, b'hand')
>>> pool.shutdown()
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import math
import os
import pickle
import select
import subprocess
import sys
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import IO, Any

__all__ = ["Job", "WorkPool", "WorkRefused", "echo", "main"]

Job = Callable[..., tuple[int, bytes]]
_STARTUP = 120.0  # seconds a new worker may take to import a job's module (not counted as the job's)


class WorkRefused(Exception):
    """A job not run (the workers are busy: 503) or stopped (over the time limit: 413)."""

    def __init__(self, status: int, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after

    @property
    def headers(self) -> dict[str, str] | None:
        """``Retry-After`` (whole seconds, at least 1) when asking again may work."""
        if self.retry_after is None:
            return None
        return {"Retry-After": str(max(1, math.ceil(self.retry_after)))}


def echo(data: bytes) -> tuple[int, bytes]:
    """A job that answers its input (to check a worker)."""
    return 200, data


def _write_frame(stream: IO[bytes], payload: bytes) -> None:
    stream.write(len(payload).to_bytes(8, "big") + payload)
    stream.flush()


def _read_exact(stream: IO[bytes], n: int) -> bytes:
    parts: list[bytes] = []
    while n > 0:
        part = stream.read(n)
        if not part:
            raise EOFError("the stream ended")
        parts.append(part)
        n -= len(part)
    return b"".join(parts)


def _read_frame(stream: IO[bytes]) -> bytes:
    return _read_exact(stream, int.from_bytes(_read_exact(stream, 8), "big"))


def main() -> None:
    """The worker: a request frame in, an answer frame out, until stdin closes. It runs at a
    lower CPU priority than the server, so that the tables come first."""
    with contextlib.suppress(OSError, AttributeError):
        os.nice(10)
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # a stray print must not break the frames
    while True:
        try:
            module, name, args = pickle.loads(_read_frame(stdin))
        except EOFError:
            return
        try:
            fn = getattr(importlib.import_module(module), name)
            _write_frame(stdout, b"")  # started: the time limit runs from here
            answer: tuple[str, Any] = ("ok", fn(*args))
        except Exception as exc:  # the job's bug: reported, the worker lives on
            answer = ("error", f"{type(exc).__name__}: {exc}")
        _write_frame(stdout, pickle.dumps(answer))


class _Worker:
    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "studpoker.server.work"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)

    def call(self, fn: Job, args: tuple[Any, ...], time_limit: float) -> tuple[int, bytes]:
        """Run the job; TimeoutError past ``time_limit`` (the worker is then to be killed)."""
        stdin, stdout = self.proc.stdin, self.proc.stdout
        assert stdin is not None and stdout is not None
        _write_frame(stdin, pickle.dumps((fn.__module__, fn.__qualname__, args)))
        frame = b""
        for limit in (_STARTUP, time_limit):  # the worker started (its imports done), then the job
            ready, _, _ = select.select([stdout], [], [], limit)
            if not ready:
                raise TimeoutError
            frame = _read_frame(stdout)
            if frame:
                break  # the job failed before it started
        kind, value = pickle.loads(frame)
        if kind != "ok":
            raise RuntimeError(f"a worker's job failed: {value}")
        status, body = value
        return int(status), bytes(body)

    def kill(self) -> None:
        with contextlib.suppress(OSError):
            self.proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(5)

    def close(self) -> None:
        if self.proc.poll() is None:
            if self.proc.stdin is not None:
                with contextlib.suppress(OSError):
                    self.proc.stdin.close()
            try:
                self.proc.wait(2)
            except subprocess.TimeoutExpired:
                self.kill()


class WorkPool:
    """Jobs in up to ``workers`` worker processes, started on first use (see the module doc)."""

    def __init__(self, *, workers: int, queue: int, wait: float, time_limit: float) -> None:
        self.workers = max(1, workers)
        self.queue = max(0, queue)
        self.wait = wait
        self.time_limit = time_limit
        self.running = 0  # jobs in a worker now
        self.waiting = 0  # jobs waiting for one
        self._slots: asyncio.Semaphore | None = None
        self._idle: list[_Worker] = []
        self._all: list[_Worker] = []
        self._lock = threading.Lock()
        self._closed = False
        self._threads = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="studpoker-work")

    def _busy(self, why: str) -> WorkRefused:
        return WorkRefused(503, f"the server is busy with other uploads ({why}); try again shortly",
                           retry_after=max(1.0, min(self.wait, 10.0)))

    async def run(self, fn: Job, *args: Any) -> tuple[int, bytes]:
        """``fn(*args)`` in a worker: ``(status, body)``. :class:`WorkRefused` if the workers
        are busy or the job runs past the time limit."""
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.workers)
        slots = self._slots
        if slots.locked() and self.waiting >= self.queue:
            raise self._busy(f"{self.running} running, {self.waiting} waiting")
        self.waiting += 1
        try:
            await asyncio.wait_for(slots.acquire(), self.wait)
        except TimeoutError:
            raise self._busy(f"none finished within {self.wait:g} s") from None
        finally:
            self.waiting -= 1
        loop = asyncio.get_running_loop()
        self.running += 1

        def done(_: Future[tuple[int, bytes]]) -> None:  # the worker is free (even if the caller left)
            def free() -> None:
                self.running -= 1
                slots.release()

            loop.call_soon_threadsafe(free)

        try:
            job = self._threads.submit(self._call, fn, args)
        except RuntimeError:  # shut down
            self.running -= 1
            slots.release()
            raise self._busy("the server is stopping") from None
        job.add_done_callback(done)
        return await asyncio.wrap_future(job)

    def _call(self, fn: Job, args: tuple[Any, ...]) -> tuple[int, bytes]:
        with self._lock:
            if self._closed:
                raise WorkRefused(503, "the server is stopping", retry_after=1.0)
            worker = self._idle.pop() if self._idle else None
            if worker is None:
                worker = _Worker()
                self._all.append(worker)
        try:
            answer = worker.call(fn, args, self.time_limit)
        except TimeoutError:
            self._drop(worker)
            raise WorkRefused(413, f"stopped after {self.time_limit:g} s: too large to be handled "
                                   "here") from None
        except (OSError, EOFError, pickle.UnpicklingError):
            self._drop(worker)
            raise RuntimeError("a worker process died") from None
        with self._lock:
            if self._closed:
                worker.close()
            else:
                self._idle.append(worker)
        return answer

    def _drop(self, worker: _Worker) -> None:
        worker.kill()
        with self._lock:
            if worker in self._all:
                self._all.remove(worker)

    @property
    def pids(self) -> list[int]:
        """The worker processes' ids."""
        with self._lock:
            return [w.proc.pid for w in self._all]

    def shutdown(self) -> None:
        """Stop the workers (a job under way is cut off)."""
        with self._lock:
            self._closed = True
            idle = set(map(id, self._idle))
            workers, self._all, self._idle = self._all, [], []
        for w in workers:
            if id(w) in idle:
                w.close()
            else:
                w.kill()  # in the middle of a job
        self._threads.shutdown(wait=False, cancel_futures=True)


if __name__ == "__main__":
    main()
