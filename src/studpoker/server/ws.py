"""The websocket endpoint: one connection per client, every table over it.

A connection reads JSON text messages, refuses anything malformed, too
large, nested too deep, too fast, replayed (``seq`` not increasing) or not
allowed, and hands the rest to the :class:`~studpoker.server.tables.Registry`.
Every frame counts against the rate limit, binary and oversized ones too; a
connection that keeps flooding is closed (1008), and so is one that neither
logs in nor watches a table for ``ws_idle_timeout`` seconds. Logout and
password changes close the connections of the revoked tokens (``kick``), and a
connection whose token expires unused is closed at its expiry (its own
messages are uses that renew it). Outgoing
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
from dataclasses import dataclass
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from studpoker.server import protocol as p
from studpoker.server.accounts.auth import Auth, AuthError, token_hash
from studpoker.server.config import Settings
from studpoker.server.db import Database
from studpoker.server.dispatch import Dispatch
from studpoker.server.limits import Guards, too_deep
from studpoker.server.tables import ProtocolError, Registry, messages

__all__ = ["HANDLERS", "Connection", "Server", "serve_websocket"]

log = logging.getLogger("studpoker.server")


class Connection:
    """One client: its identity, replay counter, rate limiter and outbound queue."""

    def __init__(self, ws: WebSocket, settings: Settings, *, ip: str = "?") -> None:
        self.ws = ws
        self.settings = settings
        self.ip = ip
        self.user_id: int | None = None
        self.name: str = ""
        self.token_hash: str | None = None  # of the token it logged in with (logout closes it)
        self.token_expires: float | None = None  # Unix time that token expires unless used again
        self.token_written: float = 0.0  # Unix time its last use was stored
        self.token_used: float = 0.0  # Unix time of the socket's last message (a use of the token)
        self.logged_deep = False
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
        reply = messages.error(reply_to, code, message, legal)
        self.send(messages.encode(reply, exclude=None if legal is not None else {"legal"}))

    def kick(self, code: str, message: str, reply_to: int | None = None) -> None:
        """Send a last ``error`` and close the connection (1008): logout, password change, limits."""
        if self.closing:
            return
        self.error(reply_to, code, message)
        self.closing = True
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)

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
        """Drain the queue into the socket until closed. A client gone mid-send (a reset, a
        vanished network) ends it quietly: the reader sees the disconnect and cleans up."""
        while True:
            text = await self.queue.get()
            if text is None:
                with contextlib.suppress(Exception):
                    await self.ws.close(code=1008)
                return
            try:
                await self.ws.send_text(text)
            except Exception:  # WebSocketDisconnect, ClientDisconnected, a closed transport ...
                self.closing = True
                return


def _seq_of(text: str | None, settings: Settings) -> int | None:
    """The ``seq`` of a refused message, to name it in the reply (if it is small, sane JSON)."""
    if text is None or len(text) > settings.max_message_bytes or too_deep(text, settings.max_json_depth):
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    seq = data.get("seq") if isinstance(data, dict) else None
    return seq if isinstance(seq, int) and not isinstance(seq, bool) else None


def _watching(conn: Connection, manager: Registry) -> bool:
    return any(conn in conns for conns in manager.watchers.values())


async def serve_websocket(ws: WebSocket, *, db: Database, auth: Auth, manager: Registry,
                          settings: Settings, guards: Guards | None = None) -> None:
    """Run one client connection until it closes."""
    ip = ws.client.host if ws.client is not None else "?"
    await ws.accept()
    if guards is not None and not guards.socket_opened(ip):
        with contextlib.suppress(Exception):
            await ws.send_text(json.dumps({"type": "error", "reply_to": None, "code": "too_many_connections",
                                           "message": "too many connections from this address"}))
            await ws.close(code=1008)
        return
    conn = Connection(ws, settings, ip=ip)
    sender = asyncio.ensure_future(conn.sender())
    try:
        while not conn.closing:
            # a connection that has not logged in and watches nothing must speak now and then
            idle = None if conn.user_id is not None or _watching(conn, manager) else settings.ws_idle_timeout
            wait, token_due = idle, False
            if conn.token_expires is not None:  # ... and one logged in re-checks its token when it expires
                left = max(0.0, conn.token_expires - time.time() + 0.01)
                if wait is None or left < wait:
                    wait, token_due = left, True
            try:
                raw = await asyncio.wait_for(ws.receive(), wait)
            except TimeoutError:
                if token_due:
                    if await _keep_token(conn, db=db, auth=auth, manager=manager, used=False):
                        continue
                    break
                conn.kick("idle", f"closed after {wait:g} s without logging in or watching a table")
                break
            except (WebSocketDisconnect, RuntimeError):
                break
            if raw.get("type") == "websocket.disconnect":
                break
            # every frame counts against the rate limit, whatever it holds
            if not conn.take_token():
                conn.refused_in_a_row += 1
                conn.error(_seq_of(raw.get("text"), settings), "rate_limited", "too many messages; slow down")
            else:
                conn.refused_in_a_row = 0
                text = raw.get("text")
                if not await _keep_token(conn, db=db, auth=auth, manager=manager, used=True):
                    break  # its token expired or was revoked: closed before anything else is done
                if text is None:
                    conn.error(None, "bad_message", "messages are JSON text frames")
                else:
                    await _handle_text(conn, text, db=db, auth=auth, manager=manager, settings=settings)
            if conn.refused_in_a_row >= settings.rate_close_after:
                conn.closing = True
                with contextlib.suppress(Exception):
                    await ws.close(code=1008)
                break
    finally:
        if guards is not None:
            guards.socket_closed(ip)
        manager.unregister(conn)
        if not sender.done():
            with contextlib.suppress(asyncio.QueueFull):
                conn.queue.put_nowait(None)
        try:  # awaited even when done: its outcome is always retrieved (no "never retrieved" traceback)
            await asyncio.wait_for(sender, timeout=2)
        except (TimeoutError, asyncio.CancelledError, Exception):
            sender.cancel()


async def _keep_token(conn: Connection, *, db: Database, auth: Auth, manager: Registry, used: bool) -> bool:
    """A logged-in socket's token is still good (False: it expired or was revoked, and the socket
    is being closed with ``unauthorized``). The socket's messages are uses of its token, which
    renew it (stored at most every ``auth.renew_every`` seconds, as for REST calls); once its
    known expiry has passed, the token is looked up again (another use may have renewed it)."""
    expires, token = conn.token_expires, conn.token_hash
    if expires is None or token is None:
        return True
    now = time.time()
    if used:
        conn.token_used = now
    store = conn.token_used > conn.token_written  # a use of the socket not stored yet
    if now < expires and not (store and now - conn.token_written >= auth.renew_every):
        return True

    def check() -> float | None:
        with db.session() as s:
            out = auth.token_expiry(s, token, used=store)
            s.commit()
            return out

    try:
        conn.token_expires = await manager.run_db(check)
    except AuthError as exc:
        conn.kick("unauthorized", str(exc))
        return False
    if store:
        conn.token_written = now
    return True


async def _handle_text(conn: Connection, text: str, *, db: Database, auth: Auth, manager: Registry,
                       settings: Settings) -> None:
    if len(text) > settings.max_message_bytes or len(text.encode("utf-8", "surrogatepass")) > \
            settings.max_message_bytes:
        conn.error(None, "too_large", f"messages are at most {settings.max_message_bytes} bytes")
        return
    if too_deep(text, settings.max_json_depth):
        if not conn.logged_deep:  # one line per connection, however often it tries
            conn.logged_deep = True
            log.warning("user %s from %s: a message nested deeper than %s levels (refused)",
                        conn.user_id, conn.ip, settings.max_json_depth)
        conn.error(None, "bad_message", f"messages nest at most {settings.max_json_depth} levels")
        return
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        conn.error(None, "bad_json", "not JSON")
        return
    seq = data.get("seq") if isinstance(data, dict) else None
    reply_to = seq if isinstance(seq, int) and not isinstance(seq, bool) else None
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
        await HANDLERS(conn, Server(db, auth, manager), msg)
    except ProtocolError as exc:
        conn.error(msg.seq, exc.code, exc.message, exc.legal)
    except Exception:
        log.exception("while handling %s", msg.type)
        conn.error(msg.seq, "server_error", "internal error")


@dataclass(frozen=True, slots=True)
class Server:
    """What a connection's handlers use: the database, the accounts, the registry of tables."""

    db: Database
    auth: Auth
    manager: Registry


HANDLERS: Dispatch[Connection, Server, None] = Dispatch("websocket messages")
"""Every client message by its class (:data:`studpoker.server.protocol.ClientMessage`): auth,
ping and lobby here, every table request (:data:`~studpoker.server.protocol.TableRequest`)
routed to its table."""


@HANDLERS.on(p.AuthMsg)
async def _auth(conn: Connection, srv: Server, msg: p.AuthMsg) -> None:
    if conn.user_id is not None:
        raise ProtocolError("already_authenticated", "this connection is logged in")

    hashed = token_hash(msg.token)
    db, auth, manager = srv.db, srv.auth, srv.manager

    def lookup() -> tuple[int, str, bool, int, float | None]:
        with db.session() as s:
            user = auth.user_for_token(s, msg.token)
            out = user.id, user.name, user.guest, user.balance, auth.token_expiry(s, hashed, used=False)
            s.commit()  # the token's last use
            return out

    try:
        uid, name, guest, balance, expires = await manager.run_db(lookup)
    except AuthError as exc:
        raise ProtocolError("unauthorized", str(exc)) from None
    if len(manager.connections.get(uid, ())) >= conn.settings.sockets_per_user:
        conn.kick("too_many_connections",
                  f"at most {conn.settings.sockets_per_user} connections per account", msg.seq)
        return
    conn.user_id, conn.name = uid, name
    conn.token_hash = hashed
    conn.token_expires = expires
    conn.token_written = conn.token_used = time.time()
    manager.register(conn)
    conn.send(messages.encode(messages.welcome(msg.seq, user_id=uid, name=name, guest=guest,
                                               balance=balance)))


@HANDLERS.on(p.PingMsg)
async def _ping(conn: Connection, _srv: Server, msg: p.PingMsg) -> None:
    conn.send(messages.encode(messages.pong(msg.seq)))


@HANDLERS.on(p.LobbyMsg)
async def _lobby(conn: Connection, srv: Server, msg: p.LobbyMsg) -> None:
    tables = await srv.manager.lobby_entries(conn.user_id)
    conn.send(messages.encode(messages.lobby_reply(msg.seq, tables)))


async def _table_request(conn: Connection, srv: Server, msg: p.TableRequest) -> None:
    """A request of one table: routed to the process that runs it, acknowledged once done."""
    manager = srv.manager
    if isinstance(msg, p.WatchMsg):
        cap = conn.settings.watchers_per_table
        here = manager.watchers.get(msg.table, set())
        if conn not in here and len(here) >= cap:
            raise ProtocolError("too_many_watchers", f"table {msg.table} has {cap} watchers already")
    await manager.request(conn, conn.name, msg)
    conn.send(messages.encode(messages.ack(msg.seq)))


for _kind in p.TABLE_REQUESTS:
    HANDLERS.add(_kind, _table_request)
