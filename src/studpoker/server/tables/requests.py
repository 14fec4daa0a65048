"""The requests a client makes of a table, one function each: watch, sit, act, chat, leave ...

Each function runs on the process that owns the table (the registry routes a
request there, forwarding it through the cluster when another process owns
it), takes the :class:`Caller` and the validated message of
:mod:`studpoker.server.protocol`, checks it, and changes the room under its
lock (:class:`~studpoker.server.tables.room.Room` applies, commits, then
broadcasts). A refused request raises ``ProtocolError`` and changes nothing.

What the caller's own connection must receive besides the broadcasts (the
full state on ``watch``) comes back as a :class:`Result`: plain data, so that
it can travel back to the process that holds the connection.
"""

from __future__ import annotations

import secrets
import time
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from studpoker.engine.actions import Action
from studpoker.engine.games import GameError
from studpoker.engine.table import TableError
from studpoker.server import access
from studpoker.server import protocol as p
from studpoker.server.dispatch import Dispatch
from studpoker.server.tables import messages, store
from studpoker.server.tables.room import ProtocolError, Room, SeatMeta, SeatRequestEntry

if TYPE_CHECKING:
    from studpoker.server.tables.registry import Registry

__all__ = ["HANDLERS", "Caller", "Result", "handle"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Caller:
    """Who makes a request: a logged-in user (or an anonymous watcher: ``user_id`` None)."""

    user_id: int | None
    name: str = ""

    def to_dict(self) -> dict[str, Any]:
        """As JSON (to forward a request)."""
        return {"user_id": self.user_id, "name": self.name}


@dataclass(slots=True, kw_only=True)
class Result:
    """What a request gives back to the caller's connection.

    ``texts``: messages for that connection alone (sent before anything later);
    ``watch``: the connection now follows the table; ``unwatch``: it stops.
    """

    texts: list[str] = field(default_factory=list)
    watch: bool = False
    unwatch: bool = False
    value: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """As JSON (to send a forwarded request's result back)."""
        return {"texts": self.texts, "watch": self.watch, "unwatch": self.unwatch, "value": self.value}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Result:
        """Inverse of :meth:`to_dict`."""
        return cls(texts=list(d["texts"]), watch=bool(d["watch"]), unwatch=bool(d["unwatch"]),
                   value=d.get("value"))


def _user(caller: Caller) -> int:
    if caller.user_id is None:
        raise ProtocolError("unauthorized", "send auth first")
    return caller.user_id


def _seat_of(room: Room, user_id: int) -> int:
    ts = room.user_seat(user_id)
    if ts is None:
        raise ProtocolError("not_seated", "you have no seat at this table")
    return ts


def _open(reg: Registry, table_id: int) -> Room:
    room = reg.get(table_id)
    if room.closing:
        raise ProtocolError("closing", "the table is closing")
    return room


def _free_seat(room: Room, seat: int | None) -> int:
    t = room.table
    if seat is None:
        for i, x in enumerate(t.seats):
            if x is None:
                return i
        raise ProtocolError("table_full", "every seat is taken")
    if not 0 <= seat < len(t.seats):
        raise ProtocolError("bad_seat", f"there is no seat {seat}")
    if t.seats[seat] is not None:
        raise ProtocolError("seat_taken", f"seat {seat} is taken")
    return seat


def _check_buy_in(room: Room, amount: int) -> None:
    c = room.config
    if not c.min_buy_in <= amount <= c.max_buy_in:
        raise ProtocolError("bad_buy_in", f"the buy-in is {c.min_buy_in} to {c.max_buy_in}")


# ---------------------------------------------------------------- the requests


async def watch(reg: Registry, caller: Caller, msg: p.WatchMsg) -> Result:
    """Follow a table and get its full state (also the way to reconnect)."""
    room = reg.get(msg.table)
    if not room.may_watch(caller.user_id, msg.invite):
        raise ProtocolError("forbidden", access.PRIVATE)
    return Result(texts=room.state_texts(caller.user_id), watch=True)


async def unwatch(reg: Registry, caller: Caller, msg: p.UnwatchMsg) -> Result:
    """Stop following a table."""
    reg.get(msg.table)
    return Result(unwatch=True)


async def sit(reg: Registry, caller: Caller, msg: p.SitMsg) -> Result:
    """Take a seat with a buy-in from the balance; the caller then watches the table."""
    user_id = _user(caller)
    room = reg.get(msg.table)
    if not room.may_watch(user_id, msg.invite):
        raise ProtocolError("forbidden", access.PRIVATE)
    async with room.lock:
        room = _open(reg, msg.table)
        if room.user_seat(user_id) is not None:
            raise ProtocolError("already_seated", "you already have a seat here")
        _check_buy_in(room, msg.buy_in)
        s = _free_seat(room, msg.seat)
        if room.config.approve_seats and not access.is_owner(room.owner_id, user_id):
            # the host approves each seat: the request waits (its buy-in is taken on approval),
            # labelled with the account's name now
            label = await reg.run_db(lambda: store.user_name(reg.db, user_id)) or caller.name
            for old in [r for r in room.requests.values() if r.user_id == user_id]:
                del room.requests[old.id]
            room.request_seq += 1
            room.requests[room.request_seq] = SeatRequestEntry(
                id=room.request_seq, user_id=user_id, name=label, seat=msg.seat, buy_in=msg.buy_in)
            reg.note_seat_request(room.id, user_id, True)
            room.broadcast_table()
            return Result(texts=[messages.encode(messages.table_msg(room, user_id))], watch=True)
        s = await _seat(reg, room, user_id, s, msg.buy_in)
        texts = [messages.encode(messages.table_msg(room, user_id))]
        if room.hand is not None:
            texts.append(messages.encode(messages.hand_msg(room, None)))
        return Result(texts=texts, watch=True, value=s)


async def _seat(reg: Registry, room: Room, user_id: int, s: int, buy_in: int) -> int:
    """Seat a player: the buy-in from their balance to seat ``s`` (the caller holds the lock).
    The seat is the account's; its name is the account's name as the database has it now."""
    bank = room.config.time_bank
    try:
        balance, name = await reg.run_db(lambda: store.seat_player(
            reg.db, table_id=room.id, seat=s, user_id=user_id, bot=None, name=None,
            chips=buy_in, time_bank=bank))
    except store.StoreError as exc:
        raise ProtocolError("refused", str(exc)) from None
    room.table.sit(s, name=name, chips=buy_in)
    room.meta[s] = SeatMeta(user_id=user_id, time_bank=bank,
                            disconnected_since=None if reg.is_connected(user_id) else time.time())
    room.send_balances({user_id: balance})
    room.broadcast_table()
    room.schedule_next_hand(reg.settings.start_delay)
    return s


async def act(reg: Registry, caller: Caller, msg: p.ActMsg) -> Result:
    """A player's decision (R1.12: refused with the reason, nothing changes)."""
    user_id = _user(caller)
    room = reg.get(msg.table)
    async with room.lock:
        room = reg.get(msg.table)
        ts = _seat_of(room, user_id)
        hand = room.hand
        if hand is None or room.hand_id != msg.hand:
            raise ProtocolError("stale", f"hand {msg.hand} is not the hand in progress")
        hs = room.hand_seat(ts)
        if hs is None:
            raise ProtocolError("not_in_hand", "you are not dealt into this hand")
        a = msg.action
        if a.seat is not None and a.seat != hs:
            raise ProtocolError("forbidden", f"you play hand seat {hs}, not {a.seat}")
        if msg.version != len(hand.log):
            raise ProtocolError("stale", f"the hand is at version {len(hand.log)}, not {msg.version}")
        action = Action(seat=hs, kind=a.action_kind, amount=a.amount, slot=a.slot)
        reason = hand.check(action)
        if reason is not None:
            legal = [x.to_dict() for x in hand.legal_actions()] if hand.to_act == hs else []
            raise ProtocolError("illegal", reason, legal)
        await room.apply(action, source="player")
    return Result()


async def add_bot(reg: Registry, caller: Caller, msg: p.AddBotMsg) -> Result:
    """Owner only: seat a server-side bot funded from the owner's balance."""
    user_id = _user(caller)
    room = reg.get(msg.table)
    if not access.is_owner(room.owner_id, user_id):
        raise ProtocolError("forbidden", "only the table's owner may add bots")
    try:
        bot = reg.make_bot(msg.bot, secrets.randbits(32))
    except Exception as exc:
        raise ProtocolError("bad_bot", f"no bot {msg.bot!r}: {exc}") from None
    async with room.lock:
        room = _open(reg, msg.table)
        _check_buy_in(room, msg.buy_in)
        s = _free_seat(room, msg.seat)
        name = f"bot-{msg.bot}-{s}"
        try:
            balance, _ = await reg.run_db(lambda: store.seat_player(
                reg.db, table_id=room.id, seat=s, user_id=user_id, bot=msg.bot, name=name, chips=msg.buy_in,
                time_bank=0.0))
        except store.StoreError as exc:
            raise ProtocolError("refused", str(exc)) from None
        room.table.sit(s, name=name, chips=msg.buy_in)
        room.meta[s] = SeatMeta(user_id=user_id, bot=msg.bot)
        room.bots[s] = bot
        room.send_balances({user_id: balance})
        room.broadcast_table()
        room.schedule_next_hand(reg.settings.start_delay)
        return Result(value=s)


async def add_chips(reg: Registry, caller: Caller, msg: p.AddChipsMsg) -> Result:
    """More chips from the balance, between hands only (R4.2)."""
    user_id = _user(caller)
    room = reg.get(msg.table)
    async with room.lock:
        room = reg.get(msg.table)
        ts = _seat_of(room, user_id)
        player = room.table.seats[ts]
        assert player is not None
        if room.hand is not None and ts in room.table.hand_seats:
            raise ProtocolError("in_hand", "chips can be added only between hands (R4.2)")
        if player.chips + msg.amount > room.config.max_buy_in:
            raise ProtocolError("bad_buy_in", f"at most {room.config.max_buy_in} chips on the table")
        sitting_out = player.sitting_out and player.chips > 0
        try:
            balance = await reg.run_db(lambda: store.add_chips(
                reg.db, table_id=room.id, seat=ts, user_id=user_id, amount=msg.amount,
                sitting_out=sitting_out))
        except store.StoreError as exc:
            raise ProtocolError("refused", str(exc)) from None
        room.table.add_chips(ts, msg.amount)
        player.sitting_out = sitting_out
        room.send_balances({user_id: balance})
        room.broadcast_table()
        room.schedule_next_hand(reg.settings.start_delay)
    return Result()


async def _sit_out(reg: Registry, caller: Caller, table_id: int, out: bool) -> Result:
    user_id = _user(caller)
    room = reg.get(table_id)
    async with room.lock:
        room = reg.get(table_id)
        ts = _seat_of(room, user_id)
        try:
            room.table.sit_out(ts, out)
        except TableError as exc:
            raise ProtocolError("refused", str(exc)) from None
        room.meta[ts].timeouts = 0
        try:
            await reg.run_db(lambda: store.update_seat(reg.db, table_id=room.id, seat=ts, sitting_out=out,
                                                       timeouts=0))
        except Exception:
            await reg.reload(room)
            raise ProtocolError("server_error", "could not store that; try again") from None
        room.broadcast_table()
        if not out:
            room.schedule_next_hand(reg.settings.start_delay)
    return Result()


async def sit_out(reg: Registry, caller: Caller, msg: p.SitOutMsg) -> Result:
    """Sit out from the next hand (R4.3)."""
    return await _sit_out(reg, caller, msg.table, True)


async def sit_in(reg: Registry, caller: Caller, msg: p.SitInMsg) -> Result:
    """Come back from sitting out."""
    return await _sit_out(reg, caller, msg.table, False)


async def leave(reg: Registry, caller: Caller, msg: p.LeaveMsg) -> Result:
    """Leave the seat (R4.3): chips back now, or when the hand ends."""
    user_id = _user(caller)
    room = reg.get(msg.table)
    async with room.lock:
        room = reg.get(msg.table)
        await room.leave_seat(_seat_of(room, user_id))
    return Result()


async def remove_bot(reg: Registry, caller: Caller, msg: p.RemoveBotMsg) -> Result:
    """Owner only: a bot leaves (R4.3); its chips go back to the owner."""
    user_id = _user(caller)
    room = reg.get(msg.table)
    if not access.is_owner(room.owner_id, user_id):
        raise ProtocolError("forbidden", "only the table's owner may remove bots")
    async with room.lock:
        room = reg.get(msg.table)
        meta = room.meta.get(msg.seat)
        if meta is None or meta.bot is None:
            raise ProtocolError("bad_seat", f"seat {msg.seat} holds no bot")
        await room.leave_seat(msg.seat)
    return Result()


async def chat(reg: Registry, caller: Caller, msg: p.ChatMsg) -> Result:
    """A chat line (limited per user: ``chat_per_window`` lines per ``chat_window``).

    Only watchers may chat; the process holding the connection checks that before
    the request gets here.
    """
    user_id = _user(caller)
    room = reg.get(msg.table)
    now = time.monotonic()
    times = room.chat_times.setdefault(user_id, deque())
    while times and now - times[0] > reg.settings.chat_window:
        times.popleft()
    if len(times) >= reg.settings.chat_per_window:
        raise ProtocolError("rate_limited", "too many chat lines; wait a little")
    times.append(now)
    # signed by the account as it is named now (a rename at another process may still be on its way)
    name = await reg.run_db(lambda: store.user_name(reg.db, user_id)) or caller.name
    room.add_chat(messages.encode(messages.chat_line(room.id, name, msg.text)))
    return Result()


async def close_table(reg: Registry, caller: Caller, msg: p.CloseTableMsg) -> Result:
    """Owner only: close now, or after the hand in progress (stored before the answer either way)."""
    user_id = _user(caller)
    room = reg.get(msg.table)
    if not access.is_owner(room.owner_id, user_id):
        raise ProtocolError("forbidden", "only the table's owner may close it")
    async with room.lock:
        room = reg.get(msg.table)
        if room.hand is None:
            room.closing = True
            await room.close_now()
        elif not room.closing:
            await reg.run_db(lambda: store.mark_closing(reg.db, table_id=room.id))
            room.closing = True
            room.broadcast_table()
    return Result()


# ------------------------------------------------------------ the host's controls


def _host(room: Room, user_id: int, what: str) -> None:
    if not access.is_owner(room.owner_id, user_id):
        raise ProtocolError("forbidden", f"only the table's host may {what}")


async def pause(reg: Registry, caller: Caller, msg: p.PauseMsg) -> Result:
    """Host only: no new hand is dealt (the hand in progress is played out)."""
    user_id = _user(caller)
    _host(reg.get(msg.table), user_id, "pause the table")
    async with reg.get(msg.table).lock:
        room = _open(reg, msg.table)
        if room.config.paused:
            raise ProtocolError("refused", "the table is paused already")
        await room.set_config(paused=True)
        room.cancel_next_hand()
        room.broadcast_table()
    return Result()


async def resume(reg: Registry, caller: Caller, msg: p.ResumeMsg) -> Result:
    """Host only: deal hands again."""
    user_id = _user(caller)
    _host(reg.get(msg.table), user_id, "resume the table")
    async with reg.get(msg.table).lock:
        room = _open(reg, msg.table)
        if not room.config.paused:
            raise ProtocolError("refused", "the table is not paused")
        await room.set_config(paused=False)
        room.broadcast_table()
        room.schedule_next_hand(reg.settings.start_delay)
    return Result()


async def table_settings(reg: Registry, caller: Caller, msg: p.TableSettingsMsg) -> Result:
    """Host only: seat approvals (private tables) and the delay between hands."""
    user_id = _user(caller)
    _host(reg.get(msg.table), user_id, "change the table's settings")
    if msg.approve_seats is None and msg.hand_delay is None:
        raise ProtocolError("invalid", "nothing to change: give approve_seats or hand_delay")
    async with reg.get(msg.table).lock:
        room = _open(reg, msg.table)
        changes: dict[str, Any] = {}
        if msg.approve_seats is not None:
            if msg.approve_seats and not room.private:
                raise ProtocolError("refused", "approving seats is for private tables")
            changes["approve_seats"] = msg.approve_seats
        if msg.hand_delay is not None:
            changes["hand_delay"] = msg.hand_delay
        await room.set_config(**changes)
        room.broadcast_table()
    return Result()


def _request_of(room: Room, request_id: int) -> SeatRequestEntry:
    req = room.requests.get(request_id)
    if req is None:
        raise ProtocolError("no_request", f"there is no seat request {request_id}")
    return req


async def approve_seat(reg: Registry, caller: Caller, msg: p.ApproveSeatMsg) -> Result:
    """Host only: seat a player who asked (the seat asked for, or else the first free one)."""
    user_id = _user(caller)
    _host(reg.get(msg.table), user_id, "approve seats")
    async with reg.get(msg.table).lock:
        room = _open(reg, msg.table)
        req = _request_of(room, msg.request)
        if room.user_seat(req.user_id) is not None:
            del room.requests[req.id]
            reg.note_seat_request(room.id, req.user_id, False)
            room.broadcast_table()
            raise ProtocolError("already_seated", f"{req.name} has a seat here already")
        free = req.seat if req.seat is not None and room.table.seats[req.seat] is None else None
        s = _free_seat(room, free)
        await _seat(reg, room, req.user_id, s, req.buy_in)  # refused: the request stays
        del room.requests[req.id]
        reg.note_seat_request(room.id, req.user_id, False)
        room.broadcast_table()
    return Result(value=s)


async def deny_seat(reg: Registry, caller: Caller, msg: p.DenySeatMsg) -> Result:
    """Host only: turn a seat request down."""
    user_id = _user(caller)
    _host(reg.get(msg.table), user_id, "turn seat requests down")
    async with reg.get(msg.table).lock:
        room = reg.get(msg.table)
        req = _request_of(room, msg.request)
        del room.requests[req.id]
        reg.note_seat_request(room.id, req.user_id, False)
        room.broadcast_table()
    return Result()


async def remove_player(reg: Registry, caller: Caller, msg: p.RemovePlayerMsg) -> Result:
    """Host only: a player or bot leaves between hands; the chips go back to the balance."""
    user_id = _user(caller)
    _host(reg.get(msg.table), user_id, "remove players")
    async with reg.get(msg.table).lock:
        room = reg.get(msg.table)
        if msg.seat >= len(room.table.seats) or room.table.seats[msg.seat] is None:
            raise ProtocolError("bad_seat", f"seat {msg.seat} is empty")
        if room.hand is not None and msg.seat in room.table.hand_seats:
            raise ProtocolError("in_hand", "a player in the hand can be removed only between hands")
        await room.leave_seat(msg.seat, note="removed by the host")
    return Result()


async def seat_settings(reg: Registry, caller: Caller, msg: p.SeatSettingsMsg) -> Result:
    """A player's own settings: leave after this hand, automatic show or muck at showdown."""
    user_id = _user(caller)
    if msg.leave_after_hand is None and msg.auto_showdown is None:
        raise ProtocolError("invalid", "nothing to change: give leave_after_hand or auto_showdown")
    room = reg.get(msg.table)
    async with room.lock:
        room = reg.get(msg.table)
        ts = _seat_of(room, user_id)
        meta = room.meta[ts]
        player = room.table.seats[ts]
        assert player is not None
        if msg.leave_after_hand is not None and room.tournament is not None:
            raise ProtocolError("tournament", "leaving is not possible at a tournament table")
        if msg.auto_showdown is not None:
            meta.auto_showdown = msg.auto_showdown
        if msg.leave_after_hand and (room.hand is None or ts not in room.table.hand_seats):
            await room.leave_seat(ts)  # no hand of theirs in play: they leave now
            return Result()
        if msg.leave_after_hand is not None and msg.leave_after_hand != meta.leave_after_hand:
            # sitting out meanwhile (stored: after a restart they are dealt no other hand)
            if msg.leave_after_hand:
                meta.sat_out_before = player.sitting_out
                out = True
            else:
                out = meta.sat_out_before or player.chips == 0
            try:
                await reg.run_db(lambda: store.update_seat(reg.db, table_id=room.id, seat=ts,
                                                           sitting_out=out))
            except Exception:
                await reg.reload(room)
                raise ProtocolError("server_error", "could not store that; try again") from None
            player.sitting_out = out
            meta.leave_after_hand = msg.leave_after_hand
        room.broadcast_table()
    return Result()


async def choose_game(reg: Registry, caller: Caller, msg: p.ChooseGameMsg) -> Result:
    """Dealer's choice (R7.1): the dealer picks the next round's game; the hand is dealt."""
    user_id = _user(caller)
    room = reg.get(msg.table)
    async with room.lock:
        room = _open(reg, msg.table)
        mixed = room.table.mixed
        if mixed is None or mixed.mode != "dealers_choice":
            raise ProtocolError("refused", "this table is not a dealer's choice table")
        seat = room.table.choosing()
        if seat is None or room.choice_seat != seat:
            raise ProtocolError("refused", "no game is to be chosen now")
        if room.meta[seat].user_id != user_id or room.meta[seat].bot is not None:
            raise ProtocolError("forbidden", "the dealer chooses the game")
        try:
            room.table.choose_game(msg.game)
        except (TableError, GameError) as exc:
            raise ProtocolError("refused", str(exc)) from None
        await room.game_chosen()
    return Result()


HANDLERS: Dispatch[Registry, Caller, Result] = Dispatch("table requests")
"""Every table request by its message class: each handler takes its own model."""
HANDLERS.add(p.WatchMsg, watch)
HANDLERS.add(p.UnwatchMsg, unwatch)
HANDLERS.add(p.SitMsg, sit)
HANDLERS.add(p.ActMsg, act)
HANDLERS.add(p.AddBotMsg, add_bot)
HANDLERS.add(p.AddChipsMsg, add_chips)
HANDLERS.add(p.SitOutMsg, sit_out)
HANDLERS.add(p.SitInMsg, sit_in)
HANDLERS.add(p.LeaveMsg, leave)
HANDLERS.add(p.RemoveBotMsg, remove_bot)
HANDLERS.add(p.ChatMsg, chat)
HANDLERS.add(p.CloseTableMsg, close_table)
HANDLERS.add(p.PauseMsg, pause)
HANDLERS.add(p.ResumeMsg, resume)
HANDLERS.add(p.TableSettingsMsg, table_settings)
HANDLERS.add(p.ApproveSeatMsg, approve_seat)
HANDLERS.add(p.DenySeatMsg, deny_seat)
HANDLERS.add(p.RemovePlayerMsg, remove_player)
HANDLERS.add(p.SeatSettingsMsg, seat_settings)
HANDLERS.add(p.ChooseGameMsg, choose_game)


async def handle(reg: Registry, caller: Caller, msg: p.TableRequest) -> Result:
    """Run one table request on this process (its owner): the access checks of
    :mod:`studpoker.server.access`, then the handler of the message's class."""
    if caller.user_id is None and type(msg) not in access.ANONYMOUS_OK:
        raise ProtocolError("unauthorized", "send auth first")
    room = reg.rooms.get(msg.table)
    if room is not None and room.tournament is not None:
        refusal = access.tournament_refusal(msg)
        if refusal is not None:
            raise ProtocolError("tournament", refusal)
    return await HANDLERS(reg, caller, msg)
