"""Garbage collection without long stalls of the event loop.

CPython's cyclic collector stops the process for each full collection and
traverses every object it tracks. A server with a thousand open websockets
tracks some 300,000 objects, most of them the connections' own (uvicorn,
websockets and Starlette keep a few hundred per connection), so each full
collection stalled every table 100-200 ms, a few times a minute under play:
the tail of the action latency (docs/scaling.md, "The human-pace tail").

While installed, the objects that survive a full collection are frozen
(:func:`gc.freeze`): the next full collection traverses only what was
allocated since, and takes a few milliseconds. Reference counting still frees
frozen objects that fall out of use; only cycles among them wait for the
periodic full pass (``every`` seconds: unfreeze, collect everything once).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
from typing import Any

__all__ = ["full_pass", "install", "uninstall"]

_users = 0


def _freeze_survivors(phase: str, info: dict[str, Any]) -> None:
    if phase == "stop" and info["generation"] == 2:
        gc.freeze()


def install() -> None:
    """Freeze the survivors of every full collection from now on (for every app in the process)."""
    global _users
    _users += 1
    if _users == 1:
        gc.collect()  # what start-up left behind, once, then frozen by the callback's rule
        gc.freeze()
        gc.callbacks.append(_freeze_survivors)


def uninstall() -> None:
    """Undo :func:`install` (when the last app of the process stops)."""
    global _users
    _users = max(0, _users - 1)
    if _users == 0:
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(_freeze_survivors)
        gc.unfreeze()


async def full_pass(every: float) -> None:
    """Every ``every`` seconds, collect the frozen objects too (the cycles among them)."""
    while True:
        await asyncio.sleep(every)
        gc.unfreeze()
        gc.collect()  # its survivors are frozen again by the callback
        if not _users:
            return
