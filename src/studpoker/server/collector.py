"""Garbage collection without long stalls of the event loop.

CPython's cyclic collector stops the process for each full collection and
traverses every object it tracks. A server with a thousand open websockets
tracks some 300,000 objects, most of them the connections' own (uvicorn,
websockets and Starlette keep a few hundred per connection), so each full
collection stalled every table 100-200 ms, a few times a minute under play:
the tail of the action latency (docs/scaling.md, "The human-pace tail").

While installed, the objects that survive a collection of the middle
generation (or a full one) are frozen (:func:`gc.freeze`): they are the
long-lived ones (connections, tables, the games' memos), and a full collection
then has almost nothing to traverse. Freezing only the survivors of full
collections was not enough: with 1,000 clients each full collection still
traversed the 80,000-110,000 objects promoted since the last one, 50-120 ms
on this machine (docs/scaling.md, "Where the human-pace tail went").
Reference counting still frees frozen objects that fall out of use; only
cycles among them wait for the periodic full pass (``every`` seconds:
unfreeze, collect everything once). Garbage cycles almost always die young,
in the first two generations, which still run as usual.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
from typing import Any

__all__ = ["full_pass", "install", "uninstall"]

_users = 0


def _freeze_survivors(phase: str, info: dict[str, Any]) -> None:
    if phase == "stop" and info["generation"] >= 1:
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
