"""A websocket client of the server, and remote bots built on it (``studpoker connect``).

:class:`Client` logs in over the REST API, opens the one websocket, numbers
its messages (``seq``), matches replies to requests and keeps a mirror of
every watched table and hand. :func:`play_bot` seats any bot of
:mod:`studpoker.bots` at a table and plays it like a person would: it sees
only the messages its seat receives, rebuilt into a
:class:`~studpoker.engine.hand.SeatView`.

>>> Client("http://127.0.0.1:8000").ws_url
'ws://127.0.0.1:8000/ws'
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from studpoker._extras import missing_extra

try:
    import httpx
    from websockets.asyncio.client import ClientConnection, connect
except ImportError as _exc:
    raise missing_extra(_exc, what="the studpoker client", extra="server") from _exc

from studpoker.codec import apply_view_delta, op_from_dict, view_from_dict
from studpoker.engine.actions import Action
from studpoker.engine.games import Game, from_options
from studpoker.engine.hand import SeatView
from studpoker.engine.operations import Operation

__all__ = ["Client", "ClientError", "HandMirror", "play_bot"]


class ClientError(RuntimeError):
    """The server refused a request (``code``, ``message``) or the connection broke."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


@dataclass(slots=True, kw_only=True)
class HandMirror:
    """What a client knows of one hand: the latest view and the log so far."""

    id: int
    number: int
    seats: list[int]
    commitment: str
    version: int
    view: dict[str, Any]
    log: list[dict[str, Any]]
    over: bool = False
    openings: list[dict[str, Any]] = field(default_factory=list)  # the seen cards, at hand end
    ops: list[Operation] = field(default_factory=list)

    def openings_verify(self) -> bool:
        """True if every card opened at the end was in the deck committed to at the start."""
        from studpoker.fairness import Opening, verify_opening

        try:
            return all(verify_opening(self.commitment, Opening.from_dict(o)) for o in self.openings)
        except ValueError:
            return False

    def seat_view(self, game: Game) -> SeatView:
        """The :class:`SeatView` the server sent, rebuilt (log records parsed once each)."""
        for record in self.log[len(self.ops):]:
            self.ops.append(op_from_dict(record))
        view = view_from_dict(self.view, game, [])
        return dataclasses.replace(view, log=tuple(self.ops))


@dataclass(slots=True, kw_only=True)
class TableMirror:
    """What a client knows of one table."""

    info: dict[str, Any] = field(default_factory=dict)
    hand: HandMirror | None = None
    game: Game | None = None


class Client:
    """One websocket connection (plus REST calls) to a studpoker server."""

    def __init__(self, base_url: str, *, token: str | None = None, record: bool = False,
                 delta: bool = False) -> None:
        self.base_url = base_url.rstrip("/")
        scheme, rest = self.base_url.split("://", 1)
        self.ws_url = ("wss" if scheme == "https" else "ws") + "://" + rest + "/ws"
        self.token = token
        self.user: dict[str, Any] = {}
        self.ws: ClientConnection | None = None
        self.seq = 0
        self.tables: dict[int, TableMirror] = {}
        self.pending: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.record = record
        self.received: list[dict[str, Any]] = []
        self.listeners: list[Callable[[dict[str, Any]], None]] = []
        self.reader: asyncio.Task[None] | None = None
        self.closed = asyncio.Event() if _has_loop() else None
        self.balance: int | None = None
        self._resyncs: set[asyncio.Task[int]] = set()
        self.delta = delta  # ask for updates as deltas of the view
        self.traffic: dict[str, int] = {}  # messages received, by type
        self.traffic_bytes: dict[str, int] = {}  # their bytes, by type

    # ------------------------------------------------------------- REST

    async def _post(self, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        async with httpx.AsyncClient(base_url=self.base_url, timeout=30) as http:
            r = await http.post(path, json=body, headers=headers)
        if r.status_code >= 400:
            raise ClientError(str(r.status_code), r.text)
        data: dict[str, Any] = r.json()
        return data

    async def get(self, path: str) -> Any:
        """A GET on the REST API (with the token)."""
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        async with httpx.AsyncClient(base_url=self.base_url, timeout=30) as http:
            r = await http.get(path, headers=headers)
        if r.status_code >= 400:
            raise ClientError(str(r.status_code), r.text)
        return r.json()

    async def guest(self) -> dict[str, Any]:
        """Log in as a new guest."""
        data = await self._post("/api/guest")
        self.token, self.user = data["token"], data["user"]
        return self.user

    async def register(self, name: str, password: str) -> dict[str, Any]:
        """Create an account and log in."""
        data = await self._post("/api/register", {"name": name, "password": password})
        self.token, self.user = data["token"], data["user"]
        return self.user

    async def login(self, name: str, password: str) -> dict[str, Any]:
        """Log in."""
        data = await self._post("/api/login", {"name": name, "password": password})
        self.token, self.user = data["token"], data["user"]
        return self.user

    async def create_table(self, config: dict[str, Any]) -> dict[str, Any]:
        """Create a table (``POST /api/tables``)."""
        return await self._post("/api/tables", config)

    # -------------------------------------------------------- websocket

    async def connect(self) -> None:
        """Open the websocket and, with a token, authenticate."""
        self.closed = asyncio.Event()
        self.ws = await connect(self.ws_url, max_size=2**22, open_timeout=30, ping_interval=None,
                                compression=None)
        self.reader = asyncio.ensure_future(self._read())
        if self.token:
            reply = await self.request({"type": "auth", "token": self.token})
            self.user = reply["user"]
            self.balance = self.user["balance"]

    async def close(self) -> None:
        """Close the websocket."""
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(self.reader, 5)

    def watch_msg(self, table_id: int, invite: str | None = None) -> dict[str, Any]:
        """The ``watch`` message of this client for a table."""
        msg: dict[str, Any] = {"type": "watch", "table": table_id, "invite": invite}
        if self.delta:
            msg["delta"] = True
        return msg

    async def send(self, msg: dict[str, Any]) -> int:
        """Send a message with the next ``seq``; returns it."""
        assert self.ws is not None, "connect() first"
        self.seq += 1
        await self.ws.send(json.dumps({**msg, "seq": self.seq}))
        return self.seq

    async def request(self, msg: dict[str, Any], *, timeout: float = 30) -> dict[str, Any]:
        """Send and wait for the reply (``ack``, ``welcome``, ...); raise on ``error``."""
        assert self.ws is not None, "connect() first"
        self.seq += 1
        seq = self.seq
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.pending[seq] = fut
        await self.ws.send(json.dumps({**msg, "seq": seq}))
        try:
            reply = await asyncio.wait_for(fut, timeout)
        finally:
            self.pending.pop(seq, None)
        if reply.get("type") == "error":
            raise ClientError(reply["code"], reply["message"])
        return reply

    async def _read(self) -> None:
        assert self.ws is not None
        try:
            async for raw in self.ws:
                msg = json.loads(raw)
                kind = str(msg.get("type"))
                self.traffic[kind] = self.traffic.get(kind, 0) + 1
                size = len(raw.encode()) if isinstance(raw, str) else len(raw)
                self.traffic_bytes[kind] = self.traffic_bytes.get(kind, 0) + size
                if self.record:
                    self.received.append(msg)
                self._handle(msg)
        except Exception:  # connection lost: pending requests fail below
            pass
        finally:
            for fut in self.pending.values():
                if not fut.done():
                    fut.set_exception(ClientError("closed", "connection closed"))
            if self.closed is not None:
                self.closed.set()

    def _handle(self, msg: dict[str, Any]) -> None:
        kind = msg.get("type")
        reply_to = msg.get("reply_to")
        if reply_to is not None and reply_to in self.pending and not self.pending[reply_to].done():
            self.pending[reply_to].set_result(msg)
        if kind == "table":
            info = msg["table"]
            mirror = self.tables.setdefault(info["id"], TableMirror())
            mirror.info = info
            # the game the table shows: a mixed table's changes from hand to hand (R7)
            options = (info.get("game_info") or {}).get("options") or info["config"]["game"]
            if mirror.game is None or mirror.game.options() != options:
                mirror.game = from_options(**options)
        elif kind == "hand":
            mirror = self.tables.setdefault(msg["table"], TableMirror())
            mirror.hand = HandMirror(id=msg["hand"], number=msg["number"], seats=msg["seats"],
                                     commitment=msg["commitment"], version=msg["version"],
                                     view=msg["view"], log=list(msg["view"].get("log") or []))
        elif kind == "update":
            mirror = self.tables.setdefault(msg["table"], TableMirror())
            hand = mirror.hand
            if hand is not None and hand.id == msg["hand"] and hand.version == msg["version_from"]:
                hand.log.extend(msg["events"])
                hand.version = msg["version"]
                if "view_delta" in msg:
                    hand.view = apply_view_delta(hand.view, msg["view_delta"])
                else:
                    hand.view = msg["view"]
            else:  # a gap (should not happen on one connection): ask for the full state
                mirror.hand = None
                task = asyncio.ensure_future(self.send(self.watch_msg(msg["table"])))
                self._resyncs.add(task)
                task.add_done_callback(self._resyncs.discard)
        elif kind == "hand_end":
            mirror = self.tables.setdefault(msg["table"], TableMirror())
            if mirror.hand is not None and mirror.hand.id == msg["hand"]:
                mirror.hand.over = True
                mirror.hand.openings = list(msg.get("openings") or [])
        elif kind == "balance":
            self.balance = msg["balance"]
        for listener in list(self.listeners):
            listener(msg)

    def my_turn(self, table_id: int) -> tuple[HandMirror, int] | None:
        """``(hand, my hand seat)`` when this client is to act at the table."""
        mirror = self.tables.get(table_id)
        if mirror is None or mirror.hand is None or mirror.hand.over:
            return None
        you = mirror.info.get("you")
        hand = mirror.hand
        if you is None or you not in hand.seats:
            return None
        hs = hand.seats.index(you)
        view = hand.view
        if view.get("to_act") == hs and view.get("seat") == hs and view.get("legal_actions"):
            return hand, hs
        return None

    async def act(self, table_id: int, hand: HandMirror, action: Action) -> dict[str, Any]:
        """Send a decision for the hand as this client last saw it."""
        return await self.request({
            "type": "act", "table": table_id, "hand": hand.id, "version": hand.version,
            "action": {"kind": action.kind.value, "amount": action.amount, "slot": action.slot},
        })


def _has_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


async def play_bot(
    client: Client,
    table_id: int,
    bot: Any,
    *,
    buy_in: int | None = None,
    seat: int | None = None,
    invite: str | None = None,
    hands: int | None = None,
    think: Callable[[], float] | None = None,
    on_action: Callable[[float], None] | None = None,
    stop: asyncio.Event | None = None,
) -> int:
    """Seat ``bot`` at ``table_id`` and play until ``hands`` hands ended (or forever).

    ``think()`` gives a delay before each decision; ``on_action(latency)`` is
    told how long each accepted action took (send to reply). Returns the
    number of hands seen to the end.
    """
    await client.request(client.watch_msg(table_id, invite))
    mirror = client.tables[table_id]
    if buy_in is None:
        buy_in = int(mirror.info["config"]["max_buy_in"])
    if mirror.info.get("you") is None:
        await client.request({"type": "sit", "table": table_id, "seat": seat, "buy_in": buy_in,
                              "invite": invite})
    wake = asyncio.Event()
    ended = 0

    def listener(msg: dict[str, Any]) -> None:
        nonlocal ended
        kind = msg.get("type")
        if kind == "update":  # most messages: the bot wakes only when it is its turn
            if msg.get("table") == table_id and client.my_turn(table_id) is not None:
                wake.set()
        elif msg.get("table") == table_id or kind in ("table", "error"):
            wake.set()
        if kind == "hand_end" and msg.get("table") == table_id:
            ended += 1

    client.listeners.append(listener)
    try:
        while hands is None or ended < hands:
            if stop is not None and stop.is_set():
                break
            if client.closed is not None and client.closed.is_set():
                raise ClientError("closed", "connection closed")
            turn = client.my_turn(table_id)
            if turn is None:
                wake.clear()
                if client.my_turn(table_id) is None:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(wake.wait(), 1.0)
                    await _top_up(client, table_id, buy_in)
                continue
            hand, _hs = turn
            game = client.tables[table_id].game
            assert game is not None
            view = hand.seat_view(game)
            if think is not None:
                await asyncio.sleep(think())
                if client.my_turn(table_id) is None or client.tables[table_id].hand is not hand:
                    continue
            action = bot.act(view)
            started = time.perf_counter()
            try:
                await client.act(table_id, hand, action)
            except ClientError as exc:
                if exc.code in ("stale", "illegal"):
                    await asyncio.sleep(0.01)
                    continue
                if exc.code == "rate_limited":
                    await asyncio.sleep(0.25)
                    continue
                raise
            if on_action is not None:
                on_action(time.perf_counter() - started)
            wake.clear()
    finally:
        client.listeners.remove(listener)
    return ended


async def _top_up(client: Client, table_id: int, buy_in: int) -> None:
    """A busted seat (sitting out with no chips, R4.2) adds chips between hands."""
    mirror = client.tables[table_id]
    you = mirror.info.get("you")
    if you is None:
        return
    seat = mirror.info["seats"][you]
    if seat is None or seat["in_hand"]:
        return
    try:
        if seat["chips"] == 0:
            await client.request({"type": "add_chips", "table": table_id, "amount": buy_in})
        if seat["sitting_out"]:
            await client.request({"type": "sit_in", "table": table_id})
    except ClientError:
        pass
