"""Password hashing off the server's process: argon2 holds the GIL while it runs.

A hash takes ~0.15 s of CPU and 64 MiB, and argon2-cffi does not release the
GIL meanwhile, so a hash on a thread of the server stalls the event loop (and
every table) for that long. The server runs them in a small process pool
instead (:class:`~studpoker.server.limits.HashGate`). These functions are
what the pool runs; they import nothing but argon2.

>>> from argon2 import PasswordHasher
>>> ph = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
>>> h = hash_password(ph, "correct horse")
>>> verify_password(ph, h, "correct horse"), verify_password(ph, h, "wrong")
(True, False)
"""

from __future__ import annotations

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

__all__ = ["hash_password", "ping", "verify_password"]


def hash_password(hasher: PasswordHasher, password: str) -> str:
    """The argon2id hash of ``password``."""
    return hasher.hash(password)


def verify_password(hasher: PasswordHasher, password_hash: str, password: str) -> bool:
    """True if ``password`` matches ``password_hash``."""
    try:
        return hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def ping() -> bool:
    """Nothing: starts a pool's worker ahead of the first login."""
    return True
