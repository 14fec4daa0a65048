"""The websocket endpoint: one connection per client, every table over it.

A connection reads JSON text messages, refuses anything malformed, too
large, too fast, replayed (``seq`` not increasing) or not allowed, and hands
the rest to the :class:`~studpoker.server.rooms.Registry`. Outgoing
messages go through a bounded queue drained by a sender task, so a slow
client never holds up a table: when its queue overflows it is disconnected
(it can reconnect and ``watch`` again to get the full state).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from studpoker.server import protocol as p
from studpoker.server.auth import Auth, AuthError
from studpoker.server.config import Settings
from studpoker.server.db import Database
from studpoker.server.rooms import ProtocolError, Registry

__all__ = ["Connection", "serve_websocket"]

log = logging.getLogger("studpoker.server")


class Connection:
    """One client: its identity, replay counter, rate limiter and outbound queue."""

    def __init__(self, ws: WebSocket, settings: Settings) -> None:
        self.ws = ws
        self.settings = settings
        self.user_id: int | None = None
        self.name: str = ""
        self.last_seq = 0
        self.tokens = settings.rate_burst
        self.stamp = time.monotonic()
        self.refused_in_a_row = 0
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=settings.outbound_queue)
        self.closing = False

    def send(self, text: str) -> None:
        """Queue a message; a client too slow to keep up is disconnected."""
        if self.closing:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.closing = True
            log.warning("user %s: outbound queue full, disconnecting", self.user_id)
            with contextlib.suppress(asyncio.QueueEmpty):
                self.queue.get_nowait()
            self.queue.put_nowait(None)

    def send_msg(self, msg: dict[str, Any]) -> None:
        """Queue a message given as a dict."""
        self.send(json.dumps(msg, separators=(",", ":")))

    def error(self, reply_to: int | None, code: str, message: str,
              legal: list[dict[str, Any]] | None = None) -> None:
        """Queue an ``error`` reply."""
        msg: dict[str, Any] = {"type": "error", "reply_to": reply_to, "code": code, "message": message}
        if legal is not None:
            msg["legal"] = legal
        self.send_msg(msg)

    def take_token(self) -> bool:
        """The rate limiter: a token bucket refilled at ``rate_per_second``."""
        now = time.monotonic()
        s = self.settings
        self.tokens = min(s.rate_burst, self.tokens + (now - self.stamp) * s.rate_per_second)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    async def sender(self) -> None:
        """Drain the queue into the socket until closed."""
        while True:
            text = await self.queue.get()
            if text is None:
                with contextlib.suppress(Exception):
                    await self.ws.close(code=1008)
                return
            await self.ws.send_text(text)


async def serve_websocket(ws: WebSocket, *, db: Database, auth: Auth, manager: Registry,
                          settings: Settings) -> None:
    """Run one client connection until it closes."""
    await ws.accept()
    conn = Connection(ws, settings)
    sender = asyncio.ensure_future(conn.sender())
    try:
        while not conn.closing:
            try:
                raw = await ws.receive()
            except (WebSocketDisconnect, RuntimeError):
                break
            if raw.get("type") == "websocket.disconnect":
                break
            text = raw.get("text")
            if text is None:
                conn.error(None, "bad_message", "messages are JSON text frames")
                continue
            await _handle_text(conn, text, db=db, auth=auth, manager=manager, settings=settings)
            if conn.refused_in_a_row >= settings.rate_close_after:
                conn.closing = True
                with contextlib.suppress(Exception):
                    await ws.close(code=1008)
                break
    finally:
        manager.unregister(conn)
        if not sender.done():
            with contextlib.suppress(asyncio.QueueFull):
                conn.queue.put_nowait(None)
            try:
                await asyncio.wait_for(sender, timeout=2)
            except (TimeoutError, asyncio.CancelledError, Exception):
                sender.cancel()


async def _handle_text(conn: Connection, text: str, *, db: Database, auth: Auth, manager: Registry,
                       settings: Settings) -> None:
    if len(text) > settings.max_message_bytes or len(text.encode("utf-8")) > settings.max_message_bytes:
        conn.error(None, "too_large", f"messages are at most {settings.max_message_bytes} bytes")
        return
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    seq = data.get("seq") if isinstance(data, dict) else None
    reply_to = seq if isinstance(seq, int) and not isinstance(seq, bool) else None
    if not conn.take_token():
        conn.refused_in_a_row += 1
        conn.error(reply_to, "rate_limited", "too many messages; slow down")
        return
    conn.refused_in_a_row = 0
    if data is None:
        conn.error(None, "bad_json", "not JSON")
        return
    try:
        msg = p.CLIENT_MESSAGE.validate_python(data)
    except ValidationError as exc:
        errors = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:5])
        conn.error(reply_to, "invalid", errors[:500])
        return
    if msg.seq <= conn.last_seq:
        conn.error(msg.seq, "replayed", f"seq {msg.seq} is not above {conn.last_seq}")
        return
    conn.last_seq = msg.seq
    try:
        await _dispatch(conn, msg, db=db, auth=auth, manager=manager)
    except ProtocolError as exc:
        conn.error(msg.seq, exc.code, exc.message, exc.legal)
    except Exception:
        log.exception("while handling %s", msg.type)
        conn.error(msg.seq, "server_error", "internal error")


async def _dispatch(conn: Connection, msg: Any, *, db: Database, auth: Auth, manager: Registry) -> None:
    if isinstance(msg, p.AuthMsg):
        if conn.user_id is not None:
            raise ProtocolError("already_authenticated", "this connection is logged in")

        def lookup() -> tuple[int, str, bool, int]:
            with db.session() as s:
                user = auth.user_for_token(s, msg.token)
                return user.id, user.name, user.guest, user.balance

        try:
            uid, name, guest, balance = await manager.run_db(lookup)
        except AuthError as exc:
            raise ProtocolError("unauthorized", str(exc)) from None
        conn.user_id, conn.name = uid, name
        manager.register(conn)
        conn.send_msg({"type": "welcome", "reply_to": msg.seq,
                       "user": {"id": uid, "name": name, "guest": guest, "balance": balance}})
        return
    if isinstance(msg, p.PingMsg):
        conn.send_msg({"type": "pong", "reply_to": msg.seq, "time": time.time()})
        return
    if isinstance(msg, p.LobbyMsg):
        tables = await manager.lobby_entries(conn.user_id)
        conn.send_msg({"type": "lobby", "reply_to": msg.seq, "tables": tables})
        return
    await manager.request(conn, conn.name, msg)
    conn.send_msg({"type": "ack", "reply_to": msg.seq})
