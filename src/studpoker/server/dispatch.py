"""Handlers by message class: a typed registry ``{message class: handler of that class}``.

A client message is parsed into its pydantic model (:mod:`studpoker.server.protocol`) once,
and then dispatched by the model's class to the handler registered for it, which takes that
model type. :mod:`studpoker.server.ws` dispatches the connection's messages (auth, ping,
lobby, and every table request) with one; :mod:`studpoker.server.tables.requests` the table
requests with another.

>>> from studpoker.server import protocol as p
>>> pings: Dispatch[list[str], None, str] = Dispatch("example")
>>> @pings.on(p.PingMsg)
... async def _ping(log: list[str], _: None, msg: p.PingMsg) -> str:
...     return f"pong {msg.seq}"
>>> import asyncio
>>> asyncio.run(pings([], None, p.PingMsg(type="ping", seq=7)))
'pong 7'
>>> p.PingMsg in pings, p.LobbyMsg in pings
(True, False)
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

__all__ = ["Dispatch", "Handler"]

A = TypeVar("A")
B = TypeVar("B")
R = TypeVar("R")
M = TypeVar("M", bound=BaseModel)

Handler = Callable[[A, B, M], Awaitable[R]]
"""A handler of messages of class ``M``."""


class Dispatch(Generic[A, B, R]):
    """Handlers ``(a, b, message) -> R`` by message class: each is registered for the class it
    takes (:meth:`on`, :meth:`add`), so that a handler only ever sees its own model."""

    def __init__(self, name: str) -> None:
        self.name = name
        # each value takes exactly its key's class (add checks it); the registry stores them alike
        self._handlers: dict[type[BaseModel], Callable[[A, B, Any], Awaitable[R]]] = {}

    def add(self, kind: type[M], handler: Callable[[A, B, M], Awaitable[R]]) -> None:
        """Register ``handler`` for messages of class ``kind`` (once per class)."""
        if kind in self._handlers:
            raise ValueError(f"{self.name}: {kind.__name__} has a handler already")
        self._handlers[kind] = handler

    def on(self, kind: type[M]) -> Callable[[Handler[A, B, M, R]], Handler[A, B, M, R]]:
        """Decorator form of :meth:`add`."""
        def register(handler: Handler[A, B, M, R]) -> Handler[A, B, M, R]:
            self.add(kind, handler)
            return handler

        return register

    def __contains__(self, kind: object) -> bool:
        return kind in self._handlers

    def handler(self, kind: type[M]) -> Handler[A, B, M, R]:
        """The handler registered for ``kind`` (KeyError: none)."""
        return self._handlers[kind]

    def kinds(self) -> frozenset[type[BaseModel]]:
        """The message classes with a handler."""
        return frozenset(self._handlers)

    async def __call__(self, a: A, b: B, msg: BaseModel) -> R:
        """Run the handler of ``msg``'s class (LookupError: none is registered)."""
        handler = self._handlers.get(type(msg))
        if handler is None:
            raise LookupError(f"{self.name}: no handler for {type(msg).__name__}")
        return await handler(a, b, msg)
