"""Password hashing off the server's process: argon2 holds the GIL while it runs.

A hash takes ~0.15 s of CPU and 64 MiB, and argon2-cffi does not release the
GIL meanwhile, so a hash on a thread of the server would stall the event loop
(and every table) that long. The server runs hashes in worker processes
instead: ``python -m studpoker.server.accounts.hashing`` reads one JSON request per
line on stdin and answers one JSON line on stdout. :class:`HashWorkers` keeps
a few of them and calls them from threads (waiting on a pipe releases the GIL).

>>> from argon2 import PasswordHasher
>>> ph = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
>>> h = hash_password(ph, "correct horse")
>>> verify_password(ph, h, "correct horse"), verify_password(ph, h, "wrong")
(True, False)
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import subprocess
import sys
import threading
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

__all__ = ["HashWorkers", "hash_password", "main", "verify_password"]


def hash_password(hasher: PasswordHasher, password: str) -> str:
    """The argon2id hash of ``password``."""
    return hasher.hash(password)


def verify_password(hasher: PasswordHasher, password_hash: str, password: str) -> bool:
    """True if ``password`` matches ``password_hash`` (False for anything malformed)."""
    try:
        return hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError, UnicodeError, ValueError):
        return False


def _params(hasher: PasswordHasher) -> dict[str, int]:
    return {"time_cost": hasher.time_cost, "memory_cost": hasher.memory_cost,
            "parallelism": hasher.parallelism, "hash_len": hasher.hash_len, "salt_len": hasher.salt_len}


def _answer(request: dict[str, Any]) -> dict[str, Any]:
    op = request.get("op")
    if op == "ping":
        return {"ok": True}
    hasher = PasswordHasher(**request["params"])
    if op == "hash":
        return {"ok": True, "result": hash_password(hasher, request["password"])}
    if op == "verify":
        return {"ok": True, "result": verify_password(hasher, request["hash"], request["password"])}
    return {"ok": False, "error": f"unknown op {op!r}"}


def main() -> None:
    """The worker: one JSON request per line in, one JSON answer per line out. It runs at a
    lower CPU priority than the server, so that hashes yield to the tables."""
    with contextlib.suppress(OSError, AttributeError):
        os.nice(10)
    for line in sys.stdin:
        try:
            out = _answer(json.loads(line))
        except Exception as exc:  # a bad request answers an error; the worker lives on
            out = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()


class _Worker:
    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "studpoker.server.accounts.hashing"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def call(self, request: dict[str, Any]) -> Any:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the password-hash worker died")
        answer = json.loads(line)
        if not answer.get("ok"):
            raise ValueError(answer.get("error", "hash worker error"))
        return answer.get("result")

    def close(self) -> None:
        if self.proc.poll() is None:
            if self.proc.stdin is not None:
                self.proc.stdin.close()
            try:
                self.proc.wait(2)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(2)


class HashWorkers:
    """``size`` worker processes; :meth:`hash` and :meth:`verify` block the calling thread
    (not the GIL) until a worker answers. A worker that dies is replaced."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._idle: queue.Queue[_Worker] = queue.Queue()
        self._all: list[_Worker] = []
        self._lock = threading.Lock()
        self._closed = False

    def _take(self) -> _Worker:
        with self._lock:
            if self._closed:
                raise RuntimeError("the hash workers are stopped")
            if self._idle.empty() and len(self._all) < self.size:
                w = _Worker()
                self._all.append(w)
                return w
        return self._idle.get()

    def _call(self, request: dict[str, Any]) -> Any:
        w = self._take()
        try:
            result = w.call(request)
        except (OSError, RuntimeError):
            with self._lock:
                self._all.remove(w)
            w.close()
            raise
        self._idle.put(w)
        return result

    def ping(self) -> bool:
        """Start a worker (and check it answers)."""
        self._call({"op": "ping"})
        return True

    def hash(self, hasher: PasswordHasher, password: str) -> str:
        """:func:`hash_password` in a worker."""
        return str(self._call({"op": "hash", "params": _params(hasher), "password": password}))

    def verify(self, hasher: PasswordHasher, password_hash: str, password: str) -> bool:
        """:func:`verify_password` in a worker."""
        return bool(self._call({"op": "verify", "params": _params(hasher), "hash": password_hash,
                                "password": password}))

    @property
    def pids(self) -> list[int]:
        """The workers' process ids."""
        return [w.proc.pid for w in self._all]

    def close(self) -> None:
        """Stop every worker."""
        with self._lock:
            self._closed = True
            workers, self._all = self._all, []
        for w in workers:
            w.close()


if __name__ == "__main__":
    main()
