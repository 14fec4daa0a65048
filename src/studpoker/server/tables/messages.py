"""Pure builders of the messages a room sends: table, hand, update, hand_end, chat, lobby.

Each builder reads a :class:`~studpoker.server.tables.room.Room` and returns a
model of :mod:`studpoker.server.protocol` (or a :class:`Fanout` of encoded
models, one text per kind of viewer). Nothing here changes a room or sends
anything. Hand views come from ``hand.view(seat)`` only, so a message holds no
card its receiver may not see.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from studpoker.bots import bot_kinds
from studpoker.codec import ViewJSON, dumps, op_dict, result_dict, view_delta, view_dict
from studpoker.engine.games import GAMES, game_info, stakes_text
from studpoker.engine.hand import Hand, SeatView
from studpoker.engine.operations import Operation
from studpoker.fairness import Opening, open_cards, public_cards
from studpoker.server import access
from studpoker.server import protocol as p

if TYPE_CHECKING:
    from studpoker.server.tables.room import Room

__all__ = [
    "Fanout",
    "ack",
    "balance",
    "chat_line",
    "encode",
    "error",
    "hand_end",
    "hand_fanout",
    "hand_msg",
    "hand_text",
    "lobby_entry",
    "lobby_reply",
    "lobby_row",
    "pong",
    "table_fanout",
    "table_info",
    "table_msg",
    "turn_over",
    "update_fanout",
    "welcome",
    "your_turn",
]

PUBLIC = "public"


def encode(msg: BaseModel, *, exclude: set[str] | None = None) -> str:
    """A server message as the JSON text sent on the wire."""
    return msg.model_dump_json(exclude=exclude)


@dataclass(frozen=True, slots=True, kw_only=True)
class Fanout:
    """One message for every watcher of a table, as one encoded text per kind of viewer.

    ``by_user`` maps a user to the key of its text; everyone else gets ``texts["public"]``.
    ``deltas``: the same keys, for watchers that asked for what changed only (updates).
    A fanout is plain data, so it can cross to another process (``to_json``).
    """

    table: int
    texts: dict[str, str]
    by_user: dict[int, str] = field(default_factory=dict)
    deltas: dict[str, str] = field(default_factory=dict)

    def text_for(self, user_id: int | None, delta: bool = False) -> str:
        """The text a watcher logged in as ``user_id`` receives."""
        key = self.by_user.get(user_id, PUBLIC) if user_id is not None else PUBLIC
        if delta:
            text = self.deltas.get(key)
            if text is not None:
                return text
        return self.texts[key]

    def to_json(self) -> str:
        """The fanout as JSON (for the cluster's pub/sub)."""
        return json.dumps({"table": self.table, "texts": self.texts, "deltas": self.deltas,
                           "by_user": {str(k): v for k, v in self.by_user.items()}},
                          separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes) -> Fanout:
        """Inverse of :meth:`to_json`."""
        d = json.loads(text)
        return cls(table=int(d["table"]), texts=dict(d["texts"]), deltas=dict(d.get("deltas") or {}),
                   by_user={int(k): str(v) for k, v in d["by_user"].items()})


# ------------------------------------------------------------------ table


def _seat_info(room: Room, i: int, live: bool) -> p.SeatInfo | None:
    player = room.table.seats[i]
    meta = room.meta.get(i)
    if player is None or meta is None:
        return None
    return p.SeatInfo(seat=i, name=player.name, chips=player.chips, sitting_out=player.sitting_out,
                      leaving=player.leaving, bot=meta.bot, in_hand=live and i in room.table.hand_seats,
                      time_bank=round(meta.time_bank, 3),
                      disconnected=meta.bot is None and meta.disconnected_since is not None,
                      leave_after_hand=meta.leave_after_hand)


def shown_game(room: Room) -> Any:
    """The game the table shows: the hand's in play, else the next hand's (R7.2), else the last."""
    t = room.table
    if room.hand is None and t.mixed is not None:
        return t.upcoming_game() or t.game
    return t.game


def mixed_info(room: Room) -> dict[str, Any] | None:
    """R7.2: a mixed table's games (name, display name, stakes), the game now, the next and when,
    and who chooses (dealer's choice, with the deadline of that choice)."""
    status = room.table.mixed_status()
    mixed = room.table.mixed
    if status is None or mixed is None:
        return None
    ready = len(room.table.ready_seats())
    games = [{"game": g.name, "name": g.title, "stakes": stakes_text(g),
              "unavailable": _unavailable(g, ready)} for g in mixed.games]
    return {**status, "games": games, "choice_for": mixed.choice_for, "choice_deadline": room.choice_deadline}


def _unavailable(game: Any, ready: int) -> str | None:
    """Why a game of a mixed table cannot be dealt to the ``ready`` players now, in plain words
    (R7.2: it is skipped; a dealer's choice cannot pick it), or None when it can."""
    now = f"{ready} {'is' if ready == 1 else 'are'} ready to play"
    if ready < game.min_players:
        return f"{game.title} needs at least {game.min_players} players; {now}"
    if ready > game.max_players:
        return f"{game.title} seats at most {game.max_players} players; {now}"
    return None


def _request(r: Any) -> p.SeatRequest:
    return p.SeatRequest(id=r.id, name=r.name, seat=r.seat, buy_in=r.buy_in)


def _personal(room: Room, user_id: int | None) -> dict[str, Any]:
    """The fields of the table message that differ by receiver: ``you``, the owner's invite code
    and seat requests, a player's own request and seat settings."""
    you = room.user_seat(user_id)
    owner = access.is_owner(room.owner_id, user_id)
    own = next((r for r in room.requests.values() if r.user_id == user_id), None) if user_id else None
    meta = room.meta.get(you) if you is not None else None
    return {
        "you": you, "invite_code": room.invite_code if owner else None,
        "requests": [_request(r) for r in room.requests.values()] if owner else [],
        "your_request": None if own is None else _request(own),
        "your_settings": None if meta is None else {"leave_after_hand": meta.leave_after_hand,
                                                    "auto_showdown": meta.auto_showdown},
    }


def table_info(room: Room, user_id: int | None) -> p.TableInfo:
    """The table as ``user_id`` sees it (``you``: their seat; the owner also gets the invite code
    and the seat requests; a player their own request and seat settings)."""
    t = room.table
    live = room.hand is not None
    return p.TableInfo(
        id=room.id, name=room.name, owner=room.owner_name, config=room.config.model_dump(),
        game_info=game_info(shown_game(room)), private=room.private, closed=room.closed or room.closing,
        seats=[_seat_info(room, i, live) for i in range(len(t.seats))], button=t.button,
        hands_played=t.hands_played,
        bot_kinds=[p.BotKind(bot=str(k["bot"]), level=k["level"], label=str(k["label"]))
                   for k in bot_kinds()],
        tournament=None if room.tournament is None else room.tournament.status(room),
        paused=room.config.paused, approve_seats=room.config.approve_seats, hand_delay=room.hand_delay,
        mixed=mixed_info(room), **_personal(room, user_id))


def table_msg(room: Room, user_id: int | None) -> p.TableMsg:
    """A ``table`` message for one receiver."""
    return p.TableMsg(type="table", table=table_info(room, user_id))


def table_fanout(room: Room) -> Fanout:
    """The ``table`` message for every watcher: public, and one per seated player, the owner and
    each player waiting for a seat request."""
    public = table_msg(room, None)
    texts = {PUBLIC: encode(public)}
    by_user: dict[int, str] = {}
    users = ({m.user_id for m in room.meta.values() if m.bot is None} | {room.owner_id}
             | {r.user_id for r in room.requests.values()})
    for uid in users:
        msg = public.model_copy(update={"table": public.table.model_copy(update=_personal(room, uid))})
        key = f"u{uid}"
        texts[key] = encode(msg)
        by_user[uid] = key
    return Fanout(table=room.id, texts=texts, by_user=by_user)


def lobby_row(*, table_id: int, name: str, config: p.TableConfig, seats: int, taken: int, private: bool,
              owner: str, in_hand: bool, seated: bool = False,
              mixed: dict[str, Any] | None = None, game: Any = None) -> p.LobbyEntry:
    """One row of the lobby, from what is known of a table (in memory or in the database).
    ``game``: the game it shows now (a mixed table's, R7.2), else the table's first."""
    info = game_info(game if game is not None else config.build_game())
    if mixed is None and config.mixed is not None:  # known from the database only: its list
        mixed = {"mode": config.mixed.mode, "choice_for": config.mixed.choice_for, "game": None, "next": None,
                 "change_in": None, "choosing": None, "chooser": None,
                 "games": [{"game": g["game"], "name": GAMES[g["game"]].title} for g in config.mixed.options()
                           if g.get("game") in GAMES]}
    return p.LobbyEntry(id=table_id, name=name, game=str(info["game"]), stakes=str(info["stakes"]),
                        game_info=info, seats=seats, taken=taken, private=private, owner=owner,
                        in_hand=in_hand, seated=seated, paused=config.paused, mixed=mixed)


def lobby_entry(room: Room, user_id: int | None = None) -> p.LobbyEntry:
    """One row of the lobby for a room of this process, as ``user_id`` sees it."""
    return lobby_row(table_id=room.id, name=room.name, config=room.config, seats=len(room.table.seats),
                     taken=sum(x is not None for x in room.table.seats), private=room.private,
                     owner=room.owner_name, in_hand=room.hand is not None,
                     seated=room.user_seat(user_id) is not None, mixed=mixed_info(room),
                     game=shown_game(room))


# ------------------------------------------------------------------- hand


def _timer(room: Room) -> dict[str, Any] | None:
    return room.timer_info


Views = dict[str, tuple[SeatView, ViewJSON]]
"""The views of the last ``hand`` or ``update`` message of a live hand, by fanout key: the
baseline of the next update's deltas."""


def _hand_text(room: Room, hand: Hand, d: ViewJSON, log: str) -> str:
    """A ``hand`` message: the view ``d`` with its log (``log``, already JSON text)."""
    assert room.hand_id is not None and room.commitment is not None
    view = f'{dumps(d)[:-1]},"log":{log}}}'  # the view's fields, then its log
    return (f'{{"type":"hand","table":{room.id},"hand":{room.hand_id},"number":{room.hand_number},'
            f'"commitment":{dumps(room.commitment)},"seats":{dumps(list(room.table.hand_seats))},'
            f'"version":{len(hand.log)},"view":{view},"timer":{dumps(_timer(room))}}}')


def _shown(v: SeatView) -> frozenset[int]:
    return frozenset(p.seat for p in v.players if p.shown)


def hand_msg(room: Room, hs: int | None) -> p.HandMsg:
    """The ``hand`` message as its model (:func:`hand_text` is the same, already as text)."""
    return p.HandMsg.model_validate_json(hand_text(room, hs))


def hand_text(room: Room, hs: int | None) -> str:
    """The ``hand`` message (:class:`~studpoker.server.protocol.HandMsg`): the full state of the
    live hand as hand seat ``hs`` (None: the public) sees it."""
    hand = room.hand
    assert hand is not None
    v = hand.views((hs,))[0]
    return _hand_text(room, hand, view_dict(v, log=False), _Events(hand.log, _shown(v)).text(hs))


def _by_seat(room: Room, hand_seats: list[int]) -> dict[int, int]:
    """user -> hand seat, for the human players dealt in."""
    out: dict[int, int] = {}
    for hs, ts in enumerate(hand_seats):
        meta = room.meta.get(ts)
        if meta is not None and meta.bot is None:
            out[meta.user_id] = hs
    return out


def hand_fanout(room: Room) -> tuple[Fanout, Views]:
    """The ``hand`` message for every watcher (one text per hand seat, and the public one).
    Returns the fanout and the views it sent, by key."""
    hand = room.hand
    assert hand is not None
    by_seat = _by_seat(room, list(room.table.hand_seats))
    texts: dict[str, str] = {}
    views: Views = {}
    keys = [(PUBLIC, None), *((str(x), x) for x in sorted(set(by_seat.values())))]
    public = None
    log: _Events | None = None
    for (key, hs), v in zip(keys, hand.views([hs for _, hs in keys]), strict=True):
        d = view_dict(v, log=False, like=public)
        views[key] = (v, d)
        if public is None:
            public = (v, d)
            log = _Events(hand.log, _shown(v))
        assert log is not None
        texts[key] = _hand_text(room, hand, d, log.text(hs))
    return Fanout(table=room.id, texts=texts, by_user={u: str(hs) for u, hs in by_seat.items()}), views


def _variants(by_seat: dict[int, int], watchers: set[int | None] | None) -> list[tuple[str, int | None]]:
    """(key, hand seat) of every text to build: all, or those ``watchers`` (their users) need.
    The public view comes first: the others share its unchanged players."""
    if watchers is None:
        return [(PUBLIC, None), *((str(x), x) for x in sorted(set(by_seat.values())))]
    seats = {by_seat[u] for u in watchers if u is not None and u in by_seat}
    out: list[tuple[str, int | None]] = [(str(x), x) for x in sorted(seats)]
    if any(u is None or u not in by_seat for u in watchers):
        out.insert(0, (PUBLIC, None))
    return out


class _Events:
    """The new log records of an update as each viewer may see them (``Operation.visible_to``),
    each distinct record written once."""

    def __init__(self, ops: Sequence[Operation], shown: frozenset[int]) -> None:
        self.ops = ops
        self.shown = shown
        self.public = [op.visible_to(None, shown) for op in ops]
        self._public_json = [op_dict(op) for op in self.public]
        self._full_json: dict[int, dict[str, Any]] = {}  # by index in ops
        self._texts: dict[tuple[int, ...], str] = {}

    def text(self, hs: int | None) -> str:
        """The ``events`` of hand seat ``hs`` as JSON text."""
        if hs is None:
            return self._text(())
        own: list[int] = []
        other: list[Operation] = []
        for i, op in enumerate(self.ops):
            seen = op.visible_to(hs, self.shown)
            if seen is op and op is not self.public[i]:
                own.append(i)
            elif seen is not op and seen != self.public[i]:  # hidden otherwise than from the public
                other.append(seen)
        if other:
            return dumps([op_dict(op.visible_to(hs, self.shown)) for op in self.ops])
        return self._text(tuple(own))

    def _text(self, own: tuple[int, ...]) -> str:
        text = self._texts.get(own)
        if text is None:
            records = list(self._public_json)
            for i in own:
                full = self._full_json.get(i)
                if full is None:
                    full = self._full_json[i] = op_dict(self.ops[i])
                records[i] = full
            text = self._texts[own] = dumps(records)
        return text


# a seat's own fields (R8.5: its private wild ranks too); the rest is alike for every viewer
_SEAT_FIELDS = ("seat", "legal_actions", "legal_labels", "strength", "private_wild_ranks")


def _seat_delta(public_delta: dict[str, Any], public_before: ViewJSON, public_after: ViewJSON,
                before: ViewJSON, after: ViewJSON, own: int) -> dict[str, Any] | None:
    """A seat's ``view_delta`` from the public one: the same wherever the seat's view holds the
    public's JSON (every player but its own, before and after, as view_dict shared them, and
    the fields every viewer sees alike), plus what differs in its own fields and player.
    None when the views do not share so (then view_delta compares them in full)."""
    players = public_delta.get("players", {})
    if not isinstance(players, dict):
        return None
    for i, (p0, p1) in enumerate(zip(before["players"], after["players"], strict=True)):
        if i != own and (p0 is not public_before["players"][i] or p1 is not public_after["players"][i]):
            return None
    out = {k: v for k, v in public_delta.items() if k != "players" and k not in _SEAT_FIELDS}
    for k in _SEAT_FIELDS:
        if before.get(k) != after.get(k):
            out[k] = after.get(k)
    mine = {i: c for i, c in players.items() if i != str(own)}
    old, new = before["players"][own], after["players"][own]
    if old is not new:
        changed = {k: v for k, v in new.items() if old.get(k) != v}
        if changed:
            mine[str(own)] = changed
    if mine:
        out["players"] = mine
    return out


def update_fanout(room: Room, hand: Hand, hand_seats: list[int], version_from: int,
                  previous: Views, *, deltas_too: bool = True, whole: bool = True,
                  watchers: set[int | None] | None = None,
                  source: str | None = None) -> tuple[Fanout, Views]:
    """The ``update`` message (new log records from ``version_from`` and the view) for every
    watcher: as a delta against ``previous`` (the views of the last message, by key) when
    ``deltas_too``, and whole when ``whole`` (or when there is no previous view of that key).
    ``watchers``: the users watching (None: anyone may be), so that only the texts someone
    receives are built. Returns the fanout and the views it sent.

    Each viewer's view is ``hand.view(seat)``; what is alike in two views (the players a viewer
    sees as the public does, the records everyone sees) is written to JSON once."""
    by_seat = _by_seat(room, hand_seats)
    hand_id = room.hand_id
    assert hand_id is not None
    version = len(hand.log)
    head = (f'{{"type":"update","table":{room.id},"hand":{hand_id},"version_from":{version_from},'
            f'"version":{version},"events":')
    tail = f',"source":{dumps(source)},"timer":{dumps(_timer(room))}}}'
    texts: dict[str, str] = {}
    deltas: dict[str, str] = {}
    views: Views = {}
    events: _Events | None = None
    public: tuple[SeatView, ViewJSON] | None = None
    public_delta: dict[str, Any] | None = None
    public_before = previous.get(PUBLIC)
    variants = _variants(by_seat, watchers)
    for (key, hs), v in zip(variants, hand.views([hs for _, hs in variants]), strict=True):
        before = previous.get(key)
        like = public if hs is not None and public is not None else before
        d = view_dict(v, log=False, like=like)
        views[key] = (v, d)
        if hs is None:
            public = (v, d)
        if events is None:
            events = _Events(hand.log[version_from:], _shown(v))
        seen = events.text(hs)
        if deltas_too and before is not None:
            delta = None
            if hs is not None and public is not None and public_delta is not None and public_before:
                delta = _seat_delta(public_delta, public_before[1], public[1], before[1], d, hs)
            if delta is None:
                delta = view_delta(before[1], d)
            if hs is None:
                public_delta = delta
            deltas[key] = f'{head}{seen},"view_delta":{dumps(delta)}{tail}'
        if whole or key not in deltas:  # the view without its log (the records are the events)
            texts[key] = f'{head}{seen},"view":{dumps(d)[:-1]},"log":null}}{tail}'
    fanout = Fanout(table=room.id, texts=texts, deltas=deltas,
                    by_user={u: str(hs) for u, hs in by_seat.items() if str(hs) in views})
    return fanout, views


def hand_end(room: Room, hand: Hand, hand_seats: list[int], openings: list[Opening] | None = None) -> Fanout:
    """The ``hand_end`` message: payoffs, results, and the openings of the cards everyone saw
    (each checkable against the deck commitment; never a hidden card's, never the seed).
    ``openings``: those openings, if they were made already."""
    assert room.hand_id is not None and room.seed is not None and room.commitment is not None
    if openings is None:
        openings = open_cards(room.seed, public_cards(hand), joker=hand.game.joker)
    text = dumps({"type": "hand_end", "table": room.id, "hand": room.hand_id, "number": room.hand_number,
                  "commitment": room.commitment, "openings": [o.to_dict() for o in openings],
                  "seats": hand_seats, "payoffs": list(hand.payoffs),
                  "results": [result_dict(r) for r in hand.results]})
    return Fanout(table=room.id, texts={PUBLIC: text})


# ------------------------------------------------------------------ other


def chat_line(room_id: int, name: str, text: str) -> p.ChatOut:
    """A chat line at a table."""
    return p.ChatOut(type="chat", table=room_id, name=name, text=text, time=round(time.time(), 3))


def your_turn(table_id: int, name: str, hand: int | None, deadline: float,
              bank_deadline: float) -> p.YourTurnMsg:
    """The receiver's turn at a table (``hand`` None: the dealer's choice of the next game)."""
    return p.YourTurnMsg(type="your_turn", table=table_id, name=name, hand=hand, deadline=deadline,
                         bank_deadline=bank_deadline)


def turn_over(table_id: int, hand: int | None) -> p.TurnOverMsg:
    """The receiver's turn at a table is over."""
    return p.TurnOverMsg(type="turn_over", table=table_id, hand=hand)


def balance(value: int) -> p.BalanceMsg:
    """The receiver's balance changed."""
    return p.BalanceMsg(type="balance", balance=value)


def ack(reply_to: int) -> p.AckMsg:
    """A client message was accepted (and committed)."""
    return p.AckMsg(type="ack", reply_to=reply_to)


def error(reply_to: int | None, code: str, message: str,
          legal: list[dict[str, Any]] | None = None) -> p.ErrorMsg:
    """A client message was refused; nothing changed."""
    return p.ErrorMsg(type="error", reply_to=reply_to, code=code, message=message, legal=legal)


def welcome(reply_to: int, *, user_id: int, name: str, guest: bool, balance: int) -> p.WelcomeMsg:
    """The answer to ``auth``."""
    return p.WelcomeMsg(type="welcome", reply_to=reply_to,
                        user=p.UserInfo(id=user_id, name=name, guest=guest, balance=balance))


def pong(reply_to: int) -> p.PongMsg:
    """The answer to ``ping``."""
    return p.PongMsg(type="pong", reply_to=reply_to, time=time.time())


def lobby_reply(reply_to: int, tables: list[dict[str, Any]]) -> p.LobbyReply:
    """The answer to ``lobby``."""
    return p.LobbyReply(type="lobby", reply_to=reply_to,
                        tables=[p.LobbyEntry.model_validate(t) for t in tables])


def as_dict(msg: BaseModel) -> dict[str, Any]:
    """A model as the dict that ``encode`` writes."""
    return msg.model_dump(mode="json")
