"""The transactions of the server: each function is one commit (or none, on error).

They are synchronous (run on the table manager's database threads) and raise
:class:`StoreError` for a request the books do not allow (an overdraft, a
taken seat); the caller then leaves its in-memory state untouched.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import bindparam, delete, func, insert, select, update
from sqlalchemy.orm import Session

from studpoker.server.db import (
    Database,
    HandEventRow,
    HandRow,
    SeatRow,
    TableRow,
    UserRow,
    utcnow,
)
from studpoker.server.ledger import LedgerError, buy_in, cash_out
from studpoker.server.protocol import TableConfig
from studpoker.server.stats.store import HandStats, add_player_stats

__all__ = [
    "EventRow",
    "FinishedSeat",
    "HandFinish",
    "LoadedTable",
    "LobbyRow",
    "StoreError",
    "add_chips",
    "checkpoint",
    "checkpoints_apart",
    "close_table",
    "create_table",
    "insert_events",
    "load_table",
    "load_tables",
    "lobby_rows",
    "mark_closing",
    "open_table_ids",
    "record_event",
    "seat_player",
    "start_hand",
    "tournament_of",
    "unseat",
    "update_config",
    "update_seat",
    "user_name",
]


class StoreError(ValueError):
    """A request the books refuse; the message is safe to show."""


@dataclass(slots=True, kw_only=True)
class LoadedTable:
    """Everything stored about one open table."""

    row: TableRow
    owner_name: str
    seats: list[SeatRow]
    hand: HandRow | None
    events: list[HandEventRow]
    last_number: int
    dealt: list[tuple[str, int]] = field(default_factory=list)  # a mixed table's finished hands (R7)


@dataclass(frozen=True, slots=True, kw_only=True)
class FinishedSeat:
    """A seat of a finished hand: its chips now, or gone (left, R4.3: chips to the balance)."""

    seat: int
    user_id: int
    chips: int
    sitting_out: bool
    removed: bool
    time_bank: float = 0.0  # the seat's time bank after the hand (refilled every few hands)


@dataclass(slots=True, kw_only=True)
class HandFinish:
    """What the last action of a hand settles in the same transaction."""

    payoffs: list[int]
    seats: list[FinishedSeat]
    hands_played: int
    phh: str | None = None
    phh_public: str | None = None
    balances: dict[int, int] = field(default_factory=dict)  # filled in: user -> new balance
    stats: list[HandStats] = field(default_factory=list)  # the players' statistics of the hand


def _user_for_update(s: Session, user_id: int) -> UserRow:
    """The user's row, locked until the transaction ends: ``SELECT ... FOR UPDATE`` on
    PostgreSQL; on SQLite (which ignores it, and reads outside a transaction until the
    first write) a no-op write first, so that the transaction holds the database's write
    lock before it reads a balance or counts tables (no lost update, exact caps)."""
    if s.get_bind().dialect.name == "sqlite":
        s.execute(update(UserRow).where(UserRow.id == user_id).values(id=UserRow.id))
    user = s.scalar(select(UserRow).where(UserRow.id == user_id).with_for_update())
    if user is None:
        raise StoreError(f"no user {user_id}")
    return user


def _load(s: Session, row: TableRow) -> LoadedTable:
    owner = s.get(UserRow, row.owner_id)
    seats = list(s.scalars(select(SeatRow).where(SeatRow.table_id == row.id).order_by(SeatRow.seat)))
    hand = s.scalar(select(HandRow).where(HandRow.table_id == row.id, HandRow.status == "live"))
    events: list[HandEventRow] = []
    if hand is not None:
        events = list(s.scalars(select(HandEventRow).where(HandEventRow.hand_id == hand.id)
                                .order_by(HandEventRow.idx)))
    last = s.scalar(select(func.coalesce(func.max(HandRow.number), 0)).where(HandRow.table_id == row.id))
    dealt: list[tuple[str, int]] = []
    if row.config.get("mixed"):  # R7: where the rotation stands, from the games of the hands dealt
        for game, hand_seats in s.execute(select(HandRow.game, HandRow.hand_seats).where(
                HandRow.table_id == row.id, HandRow.status == "over").order_by(HandRow.number)):
            if game is not None:
                dealt.append((str(game["game"]), len(hand_seats)))
    return LoadedTable(row=row, owner_name=owner.name if owner else "?", seats=seats, hand=hand,
                       events=events, last_number=int(last or 0), dealt=dealt)


def _open(s: Session) -> Any:
    """Open tables, and closing ones (closed, but someone still seated: a hand to finish)."""
    seated = select(SeatRow.table_id).where(SeatRow.table_id == TableRow.id).exists()
    return select(TableRow).where(TableRow.closed.is_(False) | seated)


def load_tables(db: Database, ids: Sequence[int] | None = None) -> list[LoadedTable]:
    """Every open (or closing) table with its seats and live hand (``ids``: only those)."""
    with db.session() as s:
        q = _open(s)
        if ids is not None:
            q = q.where(TableRow.id.in_(list(ids)))
        rows = list(s.scalars(q.order_by(TableRow.id)))
        return [_load(s, r) for r in rows]


def open_table_ids(db: Database, *, cash_only: bool = False) -> list[int]:
    """The ids of every open (or closing) table (``cash_only``: not a tournament's)."""
    with db.session() as s:
        seated = select(SeatRow.table_id).where(SeatRow.table_id == TableRow.id).exists()
        q = select(TableRow.id).where(TableRow.closed.is_(False) | seated)
        if cash_only:
            q = q.where(TableRow.tournament_id.is_(None))
        return list(s.scalars(q.order_by(TableRow.id)))


def tournament_of(db: Database, table_id: int) -> int | None:
    """The tournament a table belongs to (None: a cash table, or no such table)."""
    with db.session() as s:
        return s.scalar(select(TableRow.tournament_id).where(TableRow.id == table_id))


@dataclass(frozen=True, slots=True, kw_only=True)
class LobbyRow:
    """What the lobby shows of a table, read from the database (a cluster's shared lobby)."""

    id: int
    name: str
    config: TableConfig
    seats: int
    taken: int
    private: bool
    owner_id: int
    owner_name: str
    players: frozenset[int]
    in_hand: bool


def lobby_rows(db: Database) -> list[LobbyRow]:
    """Every table that is open (not closing), with its seats taken and whether a hand is live."""
    with db.session() as s:
        tables = list(s.scalars(select(TableRow).where(TableRow.closed.is_(False)).order_by(TableRow.id)))
        if not tables:
            return []
        ids = [t.id for t in tables]
        owners = {u.id: u.name for u in s.scalars(select(UserRow).where(
            UserRow.id.in_({t.owner_id for t in tables})))}
        players: dict[int, set[int]] = {}
        taken: dict[int, int] = {}
        for table_id, user_id, bot in s.execute(select(SeatRow.table_id, SeatRow.user_id, SeatRow.bot)
                                                .where(SeatRow.table_id.in_(ids))):
            taken[table_id] = taken.get(table_id, 0) + 1
            if bot is None:
                players.setdefault(table_id, set()).add(user_id)
        live = set(s.scalars(select(HandRow.table_id).where(HandRow.table_id.in_(ids),
                                                            HandRow.status == "live")))
        out = []
        for t in tables:
            config = TableConfig.model_validate(t.config)
            out.append(LobbyRow(id=t.id, name=t.name, config=config, seats=config.seat_count,
                                taken=taken.get(t.id, 0), private=t.private, owner_id=t.owner_id,
                                owner_name=owners.get(t.owner_id, "?"),
                                players=frozenset(players.get(t.id, ())), in_hand=t.id in live))
        return out


def load_table(db: Database, table_id: int) -> LoadedTable:
    """One table (to rebuild it after a failed commit)."""
    with db.session() as s:
        row = s.get(TableRow, table_id)
        if row is None:
            raise StoreError(f"no table {table_id}")
        return _load(s, row)


def create_table(db: Database, *, owner_id: int, name: str, config: dict[str, Any], private: bool,
                 invite_code: str | None, max_per_owner: int) -> LoadedTable:
    """A new open table (the owner's row is locked while counting: the cap holds under
    concurrent creation on PostgreSQL; SQLite writes one transaction at a time)."""
    with db.session() as s:
        _user_for_update(s, owner_id)
        count = s.scalar(select(func.count()).select_from(TableRow)
                         .where(TableRow.owner_id == owner_id, TableRow.closed.is_(False))) or 0
        if count >= max_per_owner:
            raise StoreError(f"at most {max_per_owner} open tables per owner")
        row = TableRow(name=name, owner_id=owner_id, config=config, private=private,
                       invite_code=invite_code, closed=False, button=None, hands_played=0)
        s.add(row)
        s.commit()
        return _load(s, row)


def seat_player(db: Database, *, table_id: int, seat: int, user_id: int, bot: str | None, name: str | None,
                chips: int, time_bank: float) -> tuple[int, str]:
    """Buy in: balance -> a new seat. Returns the funder's new balance and the seat's name: a
    bot's ``name``; a player's, the account's name now (read under the account's lock, so a
    rename is either refused for this seat or seen by it)."""
    with db.session() as s:
        user = _user_for_update(s, user_id)
        if bot is None:
            name = user.name
        assert name is not None
        if s.get(SeatRow, (table_id, seat)) is not None:
            raise StoreError(f"seat {seat} is taken")
        try:
            buy_in(s, user, chips, table_id=table_id, seat=seat, note=f"bot {bot}" if bot else "")
        except LedgerError as exc:
            raise StoreError(str(exc)) from None
        s.add(SeatRow(table_id=table_id, seat=seat, user_id=user_id, bot=bot, name=name, chips=chips,
                      sitting_out=False, leaving=False, timeouts=0, time_bank=time_bank))
        s.commit()
        return user.balance, name


def user_name(db: Database, user_id: int) -> str | None:
    """An account's name now (None: no such account): what a chat line is signed with."""
    with db.session() as s:
        return s.scalar(select(UserRow.name).where(UserRow.id == user_id))


def add_chips(db: Database, *, table_id: int, seat: int, user_id: int, amount: int,
              sitting_out: bool) -> int:
    """Balance -> an existing seat, between hands (R4.2). Returns the new balance."""
    with db.session() as s:
        user = _user_for_update(s, user_id)
        row = s.get(SeatRow, (table_id, seat))
        if row is None:
            raise StoreError(f"seat {seat} is empty")
        try:
            buy_in(s, user, amount, table_id=table_id, seat=seat, note="add chips")
        except LedgerError as exc:
            raise StoreError(str(exc)) from None
        row.chips += amount
        row.sitting_out = sitting_out
        s.commit()
        return user.balance


def unseat(db: Database, *, table_id: int, seat: int, user_id: int, chips: int, note: str = "leave") -> int:
    """A seat's chips back to the balance and the seat freed. Returns the new balance."""
    with db.session() as s:
        user = _user_for_update(s, user_id)
        row = s.get(SeatRow, (table_id, seat))
        if row is None:
            raise StoreError(f"seat {seat} is empty")
        if row.chips != chips:
            raise StoreError(f"seat {seat} holds {row.chips} chips, not {chips}")
        cash_out(s, user, chips, table_id=table_id, seat=seat, note=note)
        s.delete(row)
        s.commit()
        return user.balance


def update_seat(db: Database, *, table_id: int, seat: int, **values: Any) -> None:
    """Set flags of a seat (sitting_out, leaving, timeouts, time_bank)."""
    with db.session() as s:
        s.execute(update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat).values(**values))
        s.commit()


def update_config(db: Database, *, table_id: int, config: dict[str, Any]) -> None:
    """Store a table's configuration after its host changed a setting (pause, approvals, delay)."""
    with db.session() as s:
        s.execute(update(TableRow).where(TableRow.id == table_id).values(config=config))
        s.commit()


def mark_closing(db: Database, *, table_id: int) -> None:
    """The owner closed a table during a hand: stored at once, so that after a restart the
    table only finishes that hand, cashes everyone out and deals no other."""
    with db.session() as s:
        s.execute(update(TableRow).where(TableRow.id == table_id).values(closed=True))
        s.commit()


def close_table(db: Database, *, table_id: int) -> None:
    """Mark a table closed (its seats must be empty)."""
    with db.session() as s:
        if s.scalar(select(func.count()).select_from(SeatRow).where(SeatRow.table_id == table_id)):
            raise StoreError("the table still has players")
        s.execute(update(TableRow).where(TableRow.id == table_id).values(closed=True))
        s.commit()


def checkpoints_apart(db: Database) -> bool:
    """Whether the server checkpoints the database itself (:func:`checkpoint`): a SQLite file."""
    return db.is_sqlite and db.engine.url.database not in (None, "", ":memory:")


def checkpoint(db: Database) -> None:
    """Copy SQLite's write-ahead log into the database file, passively: it never waits for a
    reader or a writer (commits go on meanwhile), and a commit then finds the log short, so it
    never has the copy, and its wait on the disk, to do itself (SQLite's automatic checkpoint,
    at 1,000 pages of log)."""
    with db.engine.connect() as conn:
        conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")


def start_hand(db: Database, *, table_id: int, number: int, seed: str, commitment: str,
               prev_button: int | None, button: int, dealer: int, hand_seats: Sequence[int],
               start: list[dict[str, Any]], game: dict[str, Any] | None = None) -> int:
    """Store a new live hand (and the table's new button). Returns the hand id. ``game``: the
    options of the game it is dealt at when they are not the table's (a mixed table, R7.3)."""
    with db.session() as s:
        hand = HandRow(table_id=table_id, number=number, seed=seed, commitment=commitment,
                       prev_button=prev_button, dealer=dealer, hand_seats=list(hand_seats), start=start,
                       status="live")
        if game is not None:  # (never a JSON null: "no game of its own" is SQL NULL, as queries expect)
            hand.game = game
        s.add(hand)
        s.execute(update(TableRow).where(TableRow.id == table_id).values(button=button))
        s.commit()
        return hand.id


_INSERT_EVENT = insert(HandEventRow)
_EVENT_SQL = "INSERT INTO hand_events (hand_id, idx, kind, data, source, created_at) VALUES ({})"


@dataclass(frozen=True, slots=True, kw_only=True)
class EventRow:
    """One accepted event of a live hand that settles nothing else (most actions)."""

    hand_id: int
    idx: int
    kind: str
    data: dict[str, Any]
    source: str


def insert_events(db: Database, rows: Sequence[EventRow]) -> None:
    """Event rows of several tables in one transaction (a group commit), on a pooled connection
    of the driver itself: the rows ``_INSERT_EVENT`` writes (JSON text, the timestamp as
    SQLAlchemy stores it), without building a statement per row."""
    now = utcnow()
    raw = db.engine.raw_connection()
    try:
        cur = raw.cursor()
        if db.is_sqlite:  # qmark; SQLAlchemy's SQLite DateTime text
            stamp: Any = f"{now:%Y-%m-%d %H:%M:%S.%f}"
            sql = _EVENT_SQL.format("?, ?, ?, ?, ?, ?")
        else:  # psycopg: format
            stamp = now
            sql = _EVENT_SQL.format("%s, %s, %s, %s, %s, %s")
        params = [(r.hand_id, r.idx, r.kind, json.dumps(r.data), r.source, stamp) for r in rows]
        if len(params) == 1:
            cur.execute(sql, params[0])
        else:
            cur.executemany(sql, params)
        cur.close()
        raw.commit()
    finally:
        raw.close()  # back to the pool (rolled back there if the commit did not happen)


_SEAT_UPDATES: dict[tuple[str, ...], Any] = {}


def _seat_update(keys: tuple[str, ...]) -> Any:
    stmt = _SEAT_UPDATES.get(keys)
    if stmt is None:
        stmt = (update(SeatRow).where(SeatRow.table_id == bindparam("t_table"),
                                      SeatRow.seat == bindparam("t_seat"))
                .values({k: bindparam(k) for k in keys}))
        _SEAT_UPDATES[keys] = stmt
    return stmt


def record_event(db: Database, *, table_id: int, hand_id: int, idx: int, kind: str, data: dict[str, Any],
                 source: str, seat_updates: dict[int, dict[str, Any]],
                 finish: HandFinish | None) -> None:
    """One accepted event of a live hand, with what it settles, in one transaction.

    The common case (an action that ends nothing) is one row of :func:`insert_events`
    (the server commits those of several tables together); the rest runs on cached Core
    statements.
    """
    if finish is None and not any(seat_updates.values()):
        insert_events(db, [EventRow(hand_id=hand_id, idx=idx, kind=kind, data=data, source=source)])
        return
    if finish is None:
        with db.engine.begin() as conn:
            conn.execute(_INSERT_EVENT, {"hand_id": hand_id, "idx": idx, "kind": kind, "data": data,
                                         "source": source, "created_at": utcnow()})
            for seat, values in seat_updates.items():
                if values:
                    keys = tuple(sorted(values))
                    conn.execute(_seat_update(keys), {"t_table": table_id, "t_seat": seat, **values})
        return
    with db.session() as s:
        conn = s.connection()
        conn.execute(_INSERT_EVENT, {"hand_id": hand_id, "idx": idx, "kind": kind, "data": data,
                                     "source": source, "created_at": utcnow()})
        for seat, values in seat_updates.items():
            if values:
                conn.execute(_seat_update(tuple(sorted(values))),
                             {"t_table": table_id, "t_seat": seat, **values})
        _finish(s, table_id, hand_id, finish)
        s.commit()


# The statements of a hand's end, built once and run on the session's connection (no ORM
# bookkeeping for rows the session does not hold).
_END_HAND = (update(HandRow).where(HandRow.id == bindparam("h_id"))
             .values({k: bindparam(k) for k in ("status", "payoffs", "phh", "phh_public", "ended_at")}))
_END_SEAT = _seat_update(("chips", "leaving", "sitting_out", "time_bank"))
_HANDS_PLAYED = (update(TableRow).where(TableRow.id == bindparam("t_id"))
                 .values(hands_played=bindparam("hands_played")))


def _finish(s: Session, table_id: int, hand_id: int, finish: HandFinish) -> None:
    conn = s.connection()
    conn.execute(_END_HAND, {"h_id": hand_id, "status": "over", "payoffs": finish.payoffs, "phh": finish.phh,
                             "phh_public": finish.phh_public, "ended_at": utcnow()})
    kept = []
    for fs in finish.seats:
        if fs.removed:
            user = _user_for_update(s, fs.user_id)
            cash_out(s, user, fs.chips, table_id=table_id, seat=fs.seat, note="left during a hand")
            s.execute(delete(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == fs.seat))
            finish.balances[fs.user_id] = user.balance
        else:
            kept.append({"t_table": table_id, "t_seat": fs.seat, "chips": fs.chips, "leaving": False,
                         "sitting_out": fs.sitting_out, "time_bank": fs.time_bank})
    if kept:
        conn.execute(_END_SEAT, kept)
    conn.execute(_HANDS_PLAYED, {"t_id": table_id, "hands_played": finish.hands_played})
    add_player_stats(s, finish.stats)
