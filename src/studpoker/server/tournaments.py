"""Sit-and-go tournaments online: registration in the lobby, tables that are rooms, the books.

A tournament is registered through the REST API (``/api/tournaments``): the
buy-in moves from the balance to the tournament's prize pool (a
``tourney_buy_in`` ledger row), unregistering gives it back
(``tourney_refund``), and when every place is taken (or the creator fills the
empty places with bots, when allowed) it starts: the engine's
:class:`~studpoker.tournament.Tournament` draws the seats, and each of its
tables becomes a room of the registry (a ``tables`` row whose seats hold
tournament chips, never balance chips).

:class:`LiveTournament` runs the rounds: every table deals one hand (through
the room, like any table: commit, then broadcast), and when all of a round's
hands are over the engine places the busted players, breaks and balances the
tables; the round's result (seats, places, the engine's snapshot) is one
commit, then the next round is dealt at the level in force. When one player
is left, the prizes go to the balances (``tourney_prize`` rows) and the
tables close. A disconnected player's hands fold at their turn (the room's
away rule), so they are blinded off.

A tournament resumes from its row (the engine snapshot taken at the start of
the round) and its tables' rows: a live hand is replayed by the room as any
table's is; a table whose hand of the round is over waits; one that had not
dealt yet deals. The :class:`TournamentManager`'s keeper does that for every
running tournament that no process runs: after a restart, after a commit that
could not be stored (the tournament stops and is read again at once), and in
a cluster after the death of the process that ran it (a tournament is run,
with all its tables, by the holder of its lease ``tournament:{id}``). A
cancelled tournament (before its start, by its creator) refunds every buy-in.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, ConfigDict, Field, field_validator
from sqlalchemy import JSON, BigInteger, DateTime, ForeignKey, Integer, String, delete, func, select, update
from sqlalchemy.orm import Mapped, Session, mapped_column

from studpoker.bots import BOT_NAMES, DEFAULT_BOT
from studpoker.games import from_options, game_info, to_options
from studpoker.server.accounts.names import display_name_problem
from studpoker.server.api import DbId, MaybeUser, User
from studpoker.server.db import Base, Database, HandRow, LedgerRow, SeatRow, TableRow, UserRow, utcnow
from studpoker.server.http import SafeJSONResponse
from studpoker.server.protocol import GameOptions, TableConfig
from studpoker.server.rooms import Registry
from studpoker.server.rooms.room import Room, SeatMeta
from studpoker.server.store import LoadedTable, load_tables
from studpoker.tournament import (
    Level,
    Schedule,
    Standing,
    Tournament,
    TournamentConfig,
    TournamentError,
)

__all__ = [
    "EntrantRow",
    "LiveTournament",
    "TournamentCreate",
    "TournamentManager",
    "TournamentRow",
    "audit_tournaments",
    "router",
]

log = logging.getLogger("studpoker.server")
T = TypeVar("T")


# ------------------------------------------------------------------ rows


class TournamentRow(Base):
    """A sit-and-go: its configuration, ``status`` (``registering``, ``running``,
    ``over``) and, once running, ``state``: ``{"engine": <Tournament.snapshot()>,
    "tables": {number: table id}}`` as of the start of the current round."""

    __tablename__ = "tournaments"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(12), index=True)
    state: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utcnow)
    started_at: Mapped[dt.datetime | None] = mapped_column(DateTime, nullable=True)
    ended_at: Mapped[dt.datetime | None] = mapped_column(DateTime, nullable=True)


class EntrantRow(Base):
    """A registered player (``user_id``) or a bot (``bot``; ``user_id`` is the creator
    who paid its buy-in and receives its prize); ``place``/``prize`` once out."""

    __tablename__ = "tournament_entrants"

    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id"), primary_key=True)
    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    place: Mapped[int | None] = mapped_column(Integer, nullable=True)
    prize: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    registered_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utcnow)


# ------------------------------------------------------------ the request


class TournamentCreate(BaseModel):
    """What ``POST /api/tournaments`` takes."""

    model_config = ConfigDict(extra="forbid")

    name: Annotated[str, Field(min_length=1, max_length=64)] = "Sit-and-go"
    game: GameOptions
    schedule: dict[str, Any] | None = None  # the --levels form: hands_per_level | minutes_per_level, levels
    players: Annotated[int, Field(ge=2, le=100)] = 6
    buy_in: Annotated[int, Field(ge=1, le=10**9)] = 100
    starting_stack: Annotated[int, Field(ge=1, le=10**9)] = 1000
    seats_per_table: Annotated[int, Field(ge=2, le=8)] | None = None
    bots_fill: bool = False
    bots: list[str] = Field(default_factory=lambda: [DEFAULT_BOT], max_length=8)
    action_time: Annotated[float, Field(ge=0.1, le=600)] = 20.0
    time_bank: Annotated[float, Field(ge=0, le=3600)] = 30.0

    @field_validator("name")
    @classmethod
    def _name(cls, name: str) -> str:
        """The rules of table names: no control, format (bidi, zero-width) or unassigned
        characters, not blank."""
        problem = display_name_problem(name)
        if problem is not None:
            raise ValueError(problem)
        return name


class TournamentRefused(ValueError):
    """A tournament request the rules refuse: ``status`` is the HTTP status."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


MAX_STAKE = 10**9  # a table's amounts are at most this (the protocol's limit)


def _fits(level: Level) -> bool:
    amounts = [level.ante, level.bring_in, level.small_bet, level.big_bet, *level.limits,
               level.market_unit or 0]
    return max(amounts) <= MAX_STAKE


def engine_config(config: dict[str, Any]) -> TournamentConfig:
    """The engine's configuration of a stored tournament configuration."""
    game = from_options(**config["game"])
    schedule = config.get("schedule")
    return TournamentConfig(
        game=game, schedule=None if schedule is None else Schedule.from_dict(schedule),
        starting_stack=int(config["starting_stack"]), buy_in=int(config["buy_in"]),
        seats_per_table=config.get("seats_per_table"))


def check_create(body: TournamentCreate) -> dict[str, Any]:
    """The stored configuration of a new tournament, or :class:`TournamentRefused`."""
    config = body.model_dump()
    try:
        schedule = config["schedule"]
        if isinstance(schedule, dict) and "levels" not in schedule:
            # the game's built-in levels at the pace asked for (the browser's form sends this)
            built_in = Schedule.default(from_options(**config["game"]).name).to_dict()
            config["schedule"] = {**schedule, "levels": built_in["levels"]}
        ec = engine_config(config)
        if body.players < ec.game.min_players:
            raise TournamentError(f"a {ec.game.name} sit-and-go needs at least "
                                  f"{ec.game.min_players} players")
        for i, level in enumerate(ec.levels.levels):
            if not _fits(level):
                raise TournamentError(f"level {i + 1}: stakes are at most {MAX_STAKE}")
            level.game(ec.game)
    except (TournamentError, ValueError, TypeError, OverflowError) as exc:
        raise TournamentRefused(400, str(exc)[:300]) from None
    unknown = [b for b in body.bots if b not in BOT_NAMES]
    if unknown or not body.bots:
        raise TournamentRefused(400, f"unknown bot {unknown[0] if unknown else ''!r}; choose from "
                                f"{', '.join(BOT_NAMES)}")
    config["game"] = to_options(ec.game)
    config["seats_per_table"] = ec.table_seats
    return config


# ------------------------------------------------------------ the books


def _pool_rows(s: Session, tournament_id: int) -> int:
    total = s.scalar(select(func.coalesce(func.sum(LedgerRow.amount), 0))
                     .where(LedgerRow.tournament_id == tournament_id)) or 0
    return -int(total)


def _tournament_tables(row: TournamentRow) -> dict[int, int]:
    tables = (row.state or {}).get("tables") or {}
    return {int(n): int(t) for n, t in tables.items()}


def audit_tournaments(s: Session) -> tuple[int, int, list[str]]:
    """``(chips in prize pools, tournament chips on tables, problems)``: each pool holds
    the buy-ins of its entrants until the prizes are paid (then nothing), the prizes add
    up to the pool, and a running tournament's tables hold every chip it started with."""
    problems: list[str] = []
    pools = 0
    table_chips = 0
    for row in s.scalars(select(TournamentRow)):
        pool = _pool_rows(s, row.id)
        pools += pool
        buy_in = int(row.config["buy_in"])
        entrants = s.scalar(select(func.count()).select_from(EntrantRow)
                            .where(EntrantRow.tournament_id == row.id)) or 0
        tables = list(_tournament_tables(row).values())
        chips = 0
        if tables:
            chips = int(s.scalar(select(func.coalesce(func.sum(SeatRow.chips), 0))
                                 .where(SeatRow.table_id.in_(tables))) or 0)
        table_chips += chips
        if row.status == "cancelled" and (pool != 0 or entrants):
            problems.append(f"tournament {row.id} is cancelled but its pool holds {pool} "
                            f"({entrants} entrants)")
        if row.status in ("registering", "running") and pool != buy_in * entrants:
            problems.append(f"tournament {row.id}: pool {pool} != buy-in {buy_in} x {entrants} entrants")
        if row.status == "running" and chips != int(row.config["starting_stack"]) * entrants:
            problems.append(f"tournament {row.id}: tables hold {chips} chips, not "
                            f"{row.config['starting_stack']} x {entrants}")
        if row.status == "over":
            paid = s.scalar(select(func.coalesce(func.sum(EntrantRow.prize), 0))
                            .where(EntrantRow.tournament_id == row.id)) or 0
            if pool != 0 or paid != buy_in * entrants:
                problems.append(f"tournament {row.id}: prizes {paid} of a pool of {buy_in * entrants}; "
                                f"{pool} left in the pool")
            if chips:
                problems.append(f"tournament {row.id} is over but its tables hold {chips} chips")
    return pools, table_chips, problems


def _lock_user(s: Session, user_id: int) -> UserRow:
    user = s.scalar(select(UserRow).where(UserRow.id == user_id).with_for_update())
    if user is None:
        raise TournamentRefused(404, f"no user {user_id}")
    return user


def _lock_tournament(s: Session, tournament_id: int) -> TournamentRow:
    row = s.scalar(select(TournamentRow).where(TournamentRow.id == tournament_id).with_for_update())
    if row is None:
        raise TournamentRefused(404, f"there is no tournament {tournament_id}")
    return row


def _entrants(s: Session, tournament_id: int) -> list[EntrantRow]:
    return list(s.scalars(select(EntrantRow).where(EntrantRow.tournament_id == tournament_id)
                          .order_by(EntrantRow.registered_at, EntrantRow.name)))


def _pay_in(s: Session, user: UserRow, row: TournamentRow, note: str) -> None:
    buy_in = int(row.config["buy_in"])
    if user.balance < buy_in:
        raise TournamentRefused(400, f"insufficient balance: {user.balance} is less than the buy-in {buy_in}")
    user.balance -= buy_in
    s.add(LedgerRow(user_id=user.id, kind="tourney_buy_in", amount=-buy_in, tournament_id=row.id,
                    note=note))


def db_create(db: Database, *, owner_id: int, config: dict[str, Any], max_open: int) -> int:
    """A new tournament open for registration (at most ``max_open`` not finished per creator);
    its id."""
    with db.session() as s:
        _lock_user(s, owner_id)
        count = s.scalar(select(func.count()).select_from(TournamentRow).where(
            TournamentRow.owner_id == owner_id, TournamentRow.status.in_(["registering", "running"]))) or 0
        if count >= max_open:
            raise TournamentRefused(400, f"at most {max_open} tournaments per creator that are not over")
        row = TournamentRow(name=config["name"], owner_id=owner_id, config=config, status="registering")
        s.add(row)
        s.commit()
        return row.id


def db_register(db: Database, *, tournament_id: int, user_id: int) -> tuple[int, bool]:
    """Take a place: buy-in from the balance to the pool. ``(new balance, now full)``."""
    with db.session() as s:
        row = _lock_tournament(s, tournament_id)
        user = _lock_user(s, user_id)
        entrants = _entrants(s, row.id)
        if any(e.bot is None and e.user_id == user_id for e in entrants) or \
                any(e.name == user.name for e in entrants):
            raise TournamentRefused(409, "you are already registered")
        if row.status != "registering":
            raise TournamentRefused(409, f"the tournament is full ({row.config['players']} players) and "
                                    f"has started (status {row.status}): registration is closed")
        if len(entrants) >= int(row.config["players"]):
            raise TournamentRefused(409, f"the tournament is full ({row.config['players']} players)")
        _pay_in(s, user, row, "register")
        s.add(EntrantRow(tournament_id=row.id, name=user.name, user_id=user_id, bot=None))
        s.commit()
        return user.balance, len(entrants) + 1 >= int(row.config["players"])


def db_unregister(db: Database, *, tournament_id: int, user_id: int) -> int:
    """Give the place back before the start: the buy-in returns. The new balance."""
    with db.session() as s:
        row = _lock_tournament(s, tournament_id)
        user = _lock_user(s, user_id)
        if row.status != "registering":
            raise TournamentRefused(409, "the tournament has started: unregistering is no longer possible")
        entry = next((e for e in _entrants(s, row.id) if e.bot is None and e.user_id == user_id), None)
        if entry is None:
            raise TournamentRefused(409, "you are not registered")
        buy_in = int(row.config["buy_in"])
        user.balance += buy_in
        s.add(LedgerRow(user_id=user.id, kind="tourney_refund", amount=buy_in, tournament_id=row.id,
                        note="unregister"))
        s.delete(entry)
        s.commit()
        return user.balance


def db_cancel(db: Database, *, tournament_id: int, user_id: int) -> dict[int, int]:
    """The creator cancels a tournament that has not started (one nobody fills, or that cannot
    start): every buy-in goes back where it came from (``tourney_refund``; a bot's to the
    creator who paid it). ``{user: new balance}``."""
    with db.session() as s:
        row = _lock_tournament(s, tournament_id)
        if row.owner_id != user_id:
            raise TournamentRefused(403, "only the tournament's creator may cancel it")
        if row.status != "registering":
            raise TournamentRefused(409, f"the tournament is {row.status}: only one that has not started "
                                    "can be cancelled")
        buy_in = int(row.config["buy_in"])
        entrants = _entrants(s, row.id)
        balances: dict[int, int] = {}
        for uid in sorted({e.user_id for e in entrants}):
            user = _lock_user(s, uid)
            for e in (x for x in entrants if x.user_id == uid):
                user.balance += buy_in
                s.add(LedgerRow(user_id=uid, kind="tourney_refund", amount=buy_in, tournament_id=row.id,
                                note=f"cancelled: {e.name}"))
                s.delete(e)
            balances[uid] = user.balance
        row.status = "cancelled"
        row.ended_at = utcnow()
        s.commit()
        return balances


def db_fill(db: Database, *, tournament_id: int, user_id: int) -> int:
    """The creator fills every empty place with bots (their buy-ins from the creator's
    balance). The creator's new balance."""
    with db.session() as s:
        row = _lock_tournament(s, tournament_id)
        if row.owner_id != user_id:
            raise TournamentRefused(403, "only the tournament's creator may fill it with bots")
        if not row.config.get("bots_fill"):
            raise TournamentRefused(400, "the creator did not allow bots in this tournament")
        if row.status != "registering":
            raise TournamentRefused(409, "the tournament has started")
        user = _lock_user(s, user_id)
        entrants = _entrants(s, row.id)
        names = {e.name for e in entrants}
        bots = list(row.config.get("bots") or [DEFAULT_BOT])
        missing = int(row.config["players"]) - len(entrants)
        if missing <= 0:
            raise TournamentRefused(409, "the tournament is full")
        if user.balance < missing * int(row.config["buy_in"]):
            raise TournamentRefused(400, f"insufficient balance: {missing} bots cost "
                                    f"{missing * int(row.config['buy_in'])}, the balance is {user.balance}")
        i = 0
        added = 0
        while added < missing:
            i += 1
            bot = bots[added % len(bots)]
            name = f"bot-{bot}-{i}"
            if name in names:
                continue
            _pay_in(s, user, row, f"bot {name}")
            s.add(EntrantRow(tournament_id=row.id, name=name, user_id=user_id, bot=bot))
            names.add(name)
            added += 1
        s.commit()
        return user.balance


def _table_name(row: TournamentRow, number: int) -> str:
    """A tournament table's name: the tournament's (any character the name rules refuse, as an
    older server may have stored it, left out), its id and the table's number."""
    name = "".join(ch for ch in row.name if display_name_problem(ch) is None or ch == " ").strip()
    suffix = f" #{row.id} table {number}"
    return (name[: 64 - len(suffix)] + suffix).strip()


def _table_config(row: TournamentRow, number: int, engine: Tournament) -> dict[str, Any]:
    cfg = row.config
    chips = min(MAX_STAKE, max(1, int(cfg["starting_stack"]) * engine.entrants))
    return TableConfig(
        name=_table_name(row, number), game=to_options(engine.game),
        seats=engine.config.table_seats, action_time=cfg["action_time"], time_bank=cfg["time_bank"],
        min_buy_in=1, max_buy_in=chips).model_dump()


def db_start(db: Database, *, tournament_id: int, seed: int) -> tuple[Tournament, dict[int, int],
                                                                    dict[str, tuple[int, str | None]]]:
    """Seat a full tournament: the engine draws the seats; a table row per table, its seats
    holding the starting stacks. ``(engine, {number: table id}, {name: (user, bot)})``."""
    with db.session() as s:
        row = _lock_tournament(s, tournament_id)
        if row.status != "registering":
            raise TournamentRefused(409, "the tournament has started")
        entrants = _entrants(s, row.id)
        if len(entrants) != int(row.config["players"]):
            raise TournamentRefused(409, f"{len(entrants)} of {row.config['players']} places are taken")
        engine = Tournament(config=engine_config(row.config), players=[e.name for e in entrants],
                            seed=seed)
        who = {e.name: (e.user_id, e.bot) for e in entrants}
        tables: dict[int, int] = {}
        for number, table in engine.tables.items():
            t = TableRow(name=_table_name(row, number), owner_id=row.owner_id,
                         config=_table_config(row, number, engine), private=False, invite_code=None,
                         closed=False, button=table.button, hands_played=0, tournament_id=row.id)
            s.add(t)
            s.flush()
            tables[number] = t.id
            for seat, p in enumerate(table.seats):
                if p is not None:
                    uid, bot = who[p.name]
                    s.add(SeatRow(table_id=t.id, seat=seat, user_id=uid, bot=bot, name=p.name,
                                  chips=p.chips, sitting_out=False, leaving=False, timeouts=0,
                                  time_bank=0.0 if bot else float(row.config["time_bank"])))
        row.status = "running"
        row.started_at = utcnow()
        row.state = {"engine": engine.snapshot(), "tables": {str(n): t for n, t in tables.items()},
                     "round_done": True}
        s.commit()
        return engine, tables, who


@dataclass(frozen=True, slots=True, kw_only=True)
class _SeatOut:
    table_id: int
    seat: int
    name: str
    chips: int
    user_id: int
    bot: str | None
    time_bank: float


def db_round(db: Database, *, tournament_id: int, state: dict[str, Any], seats: Sequence[_SeatOut],
             live: dict[int, dict[str, Any]], broken: Sequence[int], places: Sequence[Standing]) -> None:
    """A round's result and the next round's start in one commit: the seats after busts and
    moves, each live table's stakes, broken tables closed, places so far, the snapshot."""
    with db.session() as s:
        row = _lock_tournament(s, tournament_id)
        ids = list(live) + list(broken)
        _stamp_hands(s, ids)
        s.execute(delete(SeatRow).where(SeatRow.table_id.in_(ids)))
        for so in seats:
            s.add(SeatRow(table_id=so.table_id, seat=so.seat, user_id=so.user_id, bot=so.bot, name=so.name,
                          chips=so.chips, sitting_out=False, leaving=False, timeouts=0,
                          time_bank=so.time_bank))
        for table_id, values in live.items():
            s.execute(update(TableRow).where(TableRow.id == table_id).values(**values))
        if broken:
            s.execute(update(TableRow).where(TableRow.id.in_(list(broken))).values(closed=True))
        _set_places(s, tournament_id, places)
        row.state = state
        s.commit()


def _stamp_hands(s: Session, table_ids: Sequence[int]) -> None:
    """The hands played so far at these tables keep the stakes they were dealt at (the tables'
    stakes are about to change with the level)."""
    for t in s.scalars(select(TableRow).where(TableRow.id.in_(list(table_ids)))):
        s.execute(update(HandRow).where(HandRow.table_id == t.id, HandRow.game.is_(None))
                  .values(game=t.config["game"]))


def _set_places(s: Session, tournament_id: int, places: Sequence[Standing]) -> None:
    for st in places:
        s.execute(update(EntrantRow).where(EntrantRow.tournament_id == tournament_id,
                                           EntrantRow.name == st.name)
                  .values(place=st.place, prize=st.prize))


def db_finish(db: Database, *, tournament_id: int, state: dict[str, Any], places: Sequence[Standing],
              tables: Sequence[int]) -> dict[int, int]:
    """The end: prizes from the pool to the balances (a bot's to its creator), the tables
    emptied and closed. ``{user: new balance}``."""
    with db.session() as s:
        row = _lock_tournament(s, tournament_id)
        if row.status != "running":
            raise TournamentRefused(409, f"tournament {tournament_id} is {row.status}")
        who = {e.name: e for e in _entrants(s, tournament_id)}
        balances: dict[int, int] = {}
        for st in places:
            if st.prize:
                user = _lock_user(s, who[st.name].user_id)
                user.balance += st.prize
                s.add(LedgerRow(user_id=user.id, kind="tourney_prize", amount=st.prize,
                                tournament_id=tournament_id, note=f"place {st.place}: {st.name}"))
                balances[user.id] = user.balance
        _set_places(s, tournament_id, places)
        _stamp_hands(s, tables)
        s.execute(delete(SeatRow).where(SeatRow.table_id.in_(list(tables))))
        s.execute(update(TableRow).where(TableRow.id.in_(list(tables))).values(closed=True))
        row.status = "over"
        row.ended_at = utcnow()
        row.state = state
        s.commit()
        return balances


def tournament_json(row: TournamentRow, entrants: Sequence[EntrantRow],
                    user_id: int | None) -> dict[str, Any]:
    """A tournament as the lobby and ``GET /api/tournaments/{id}`` show it."""
    cfg = row.config
    ec = engine_config(cfg)
    tables = _tournament_tables(row)
    standings = sorted((e for e in entrants if e.place is not None), key=lambda e: (e.place or 0, e.name))
    return {
        "id": row.id, "name": row.name, "status": row.status, "game": cfg["game"]["game"],
        "game_info": game_info(ec.levels.level(0).game(ec.game)),
        "stakes": ec.levels.level(0).describe(), "players": cfg["players"],
        "registered": len(entrants), "buy_in": cfg["buy_in"], "starting_stack": cfg["starting_stack"],
        "prize_pool": cfg["buy_in"] * len(entrants), "bots_fill": bool(cfg.get("bots_fill")),
        "seats_per_table": cfg["seats_per_table"], "schedule": ec.levels.to_dict(),
        "owner_id": row.owner_id, "entrants": [e.name for e in entrants],
        "registered_you": user_id is not None and any(e.bot is None and e.user_id == user_id
                                                      for e in entrants),
        "tables": [tables[n] for n in sorted(tables)],
        "places": [{"name": e.name, "place": e.place, "prize": e.prize} for e in standings],
        "created_at": row.created_at.isoformat() + "Z",
    }


def db_list(db: Database, user_id: int | None, tournament_id: int | None = None) -> list[dict[str, Any]]:
    """Tournaments, newest first (registering and running ones, and the last finished)."""
    with db.session() as s:
        q = select(TournamentRow)
        if tournament_id is not None:
            q = q.where(TournamentRow.id == tournament_id)
        rows = list(s.scalars(q.order_by(TournamentRow.id.desc()).limit(100)))
        return [tournament_json(r, _entrants(s, r.id), user_id) for r in rows]


def db_waiting(db: Database) -> tuple[list[int], list[int]]:
    """``(full tournaments that have not started, running tournaments)``, by id."""
    with db.session() as s:
        rows = [(int(tid), str(status), dict(config)) for tid, status, config in s.execute(
            select(TournamentRow.id, TournamentRow.status, TournamentRow.config)
            .where(TournamentRow.status.in_(["registering", "running"])).order_by(TournamentRow.id))]
        registering = [tid for tid, status, _ in rows if status == "registering"]
        counts: dict[int, int] = {}
        if registering:
            for tid, count in s.execute(select(EntrantRow.tournament_id, func.count())
                                        .where(EntrantRow.tournament_id.in_(registering))
                                        .group_by(EntrantRow.tournament_id)):
                counts[int(tid)] = int(count)
        full = [tid for tid, status, config in rows
                if status == "registering" and counts.get(tid, 0) >= int(config["players"])]
        return full, [tid for tid, status, _ in rows if status == "running"]


def db_read(db: Database, tournament_id: int) -> tuple[TournamentRow | None, list[EntrantRow]]:
    """A tournament's row and entrants."""
    with db.session() as s:
        row = s.get(TournamentRow, tournament_id)
        return row, (_entrants(s, tournament_id) if row is not None else [])


def db_table_of(db: Database, tournament_id: int, user_id: int) -> int | None:
    """The open table of a tournament where a player's seat is stored (None: out, or not seated)."""
    with db.session() as s:
        return s.scalar(select(SeatRow.table_id).join(TableRow, TableRow.id == SeatRow.table_id).where(
            TableRow.tournament_id == tournament_id, TableRow.closed.is_(False), SeatRow.user_id == user_id,
            SeatRow.bot.is_(None)).limit(1))


# ------------------------------------------------------------ the live tournament


@dataclass(slots=True, kw_only=True)
class LiveTournament:
    """A running tournament on this process: its engine and its rooms."""

    manager: TournamentManager
    id: int
    name: str
    engine: Tournament
    tables: dict[int, int]  # table number -> table id
    who: dict[str, tuple[int, str | None]]  # entrant -> (user id, bot)
    time_bank: float
    waiting: set[int] = field(default_factory=set)  # tables whose hand of the round is not over
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    over: bool = False

    @property
    def registry(self) -> Registry:
        return self.manager.registry

    def number(self, table_id: int) -> int | None:
        return next((n for n, t in self.tables.items() if t == table_id), None)

    # -------------------------------------------------- the room hooks

    def hand_over(self, room: Room) -> None:
        n = self.number(room.id)
        if n is None or self.over:
            return
        self.engine.tables[n] = room.table  # (a room rebuilt after a failed commit has a new table)
        self.waiting.discard(n)
        if not self.waiting:
            self.registry.spawn(self.advance(self.registry.settings.hand_delay))

    def status(self, room: Room) -> dict[str, Any]:
        e = self.engine
        away = set()
        for tid in self.tables.values():
            r = self.registry.rooms.get(tid)
            if r is None:
                continue
            for ts, m in r.meta.items():
                p = r.table.seats[ts]
                if m.bot is None and m.disconnected_since is not None and p is not None:
                    away.add(p.name)
        e.away = away
        out = e.status()
        s = e.schedule
        if s.hands_per_level is not None and e.rounds > 0:
            out["next_in"] = {"hands": s.hands_per_level - (e.rounds - 1) % s.hands_per_level}
        out.update(id=self.id, name=self.name, table=self.number(room.id), round=e.rounds,
                   status="over" if e.is_over else "running")
        return out

    # -------------------------------------------------- the rounds

    def wire(self) -> None:
        """Use the rooms' tables as the engine's (one object each) and mark the rooms."""
        for n, tid in self.tables.items():
            room = self.registry.rooms.get(tid)
            if room is not None:
                room.tournament = self
                if n in self.engine.tables:
                    self.engine.tables[n] = room.table

    async def resume(self, hands_before: dict[int, int], round_done: bool, delay: float = 0.0) -> None:
        """From the stored state (a start, a restart, another process taking over, a failed
        commit): wait for live hands, deal where the round's hand is still due."""
        self.wire()
        if round_done:
            self.registry.spawn(self.advance(delay))
            return
        due = []
        for n, tid in self.tables.items():
            room = self.registry.rooms.get(tid)
            if room is None or n not in self.engine.tables:
                continue
            if room.hand is not None:
                self.waiting.add(n)
            elif room.table.hands_played <= hands_before.get(n, 0):
                self.waiting.add(n)
                due.append(n)
        if not self.waiting:
            await self.advance(0.0)
            return
        for n in due:
            await self._deal(n)

    async def advance(self, delay: float) -> None:
        """The round is over at every table: settle it and deal the next one."""
        if delay > 0:
            await asyncio.sleep(delay)
        async with self.lock:
            if self.over or self.waiting:
                return
            try:
                await self._advance()
            except Exception:
                log.exception("tournament %s: the round could not be settled", self.id)
                self.abandon()

    def abandon(self) -> None:
        """Something could not be stored (a failed commit): stop running the tournament here and
        read it again from the database (the manager does at once), as after a restart. Its
        rooms go too: they are rebuilt from their rows."""
        if self.over:
            return
        log.warning("tournament %s: reading it again from the database", self.id)
        self.over = True
        reg = self.registry
        for tid in self.tables.values():
            room = reg.rooms.get(tid)
            if room is not None and room.tournament is self:
                reg.drop(tid)
        self.manager.forget(self)

    async def _advance(self) -> None:
        e = self.engine
        reg = self.registry
        for n, tid in self.tables.items():
            room = reg.rooms.get(tid)
            if room is not None and n in e.tables:
                e.tables[n] = room.table
        if e.rounds > 0:
            e.finish_round()
        if e.is_over:
            await self._finish()
            return
        # the next round's bookkeeping (Tournament.start_round without the deal: rooms deal)
        if e._started_at is None:
            e._started_at = e._clock()
        e.level_index = max(e.level_index, e._level_now())
        while e.level_index > 0 and not _fits(e.schedule.level(e.level_index)):
            e.level_index -= 1  # past the protocol's largest stakes the level stays
        while len(e.hands_per_level) <= e.level_index:
            e.hands_per_level.append(0)
        e.rounds += 1
        game = e.game
        hands_before: dict[int, int] = {}
        for n, table in e.tables.items():
            table.game = game
            for p in table.seats:
                if p is not None:
                    p.sitting_out = False  # blinded off, never sat out: every seat is dealt
                    p.leaving = False
                    e._entries[p.name].start_stack = p.chips
            e.hands += 1
            e.hands_per_level[e.level_index] += 1
            hands_before[n] = table.hands_played
        broken = [tid for n, tid in self.tables.items() if n not in e.tables]
        seats: list[_SeatOut] = []
        metas: dict[int, dict[int, SeatMeta]] = {}
        now = time.time()
        for n, table in e.tables.items():
            tid = self.tables[n]
            room = reg.rooms.get(tid)
            old = room.meta if room is not None else {}
            meta: dict[int, SeatMeta] = {}
            for ts, p in enumerate(table.seats):
                if p is None:
                    continue
                uid, bot = self.who[p.name]
                m = old.get(ts)
                if m is None or m.user_id != uid or m.bot != bot:
                    m = SeatMeta(user_id=uid, bot=bot, time_bank=0.0 if bot else self.time_bank,
                                 disconnected_since=None if bot or reg.is_connected(uid) else now)
                m.timeouts = 0
                meta[ts] = m
                seats.append(_SeatOut(table_id=tid, seat=ts, name=p.name, chips=p.chips, user_id=uid, bot=bot,
                                      time_bank=m.time_bank))
            metas[n] = meta
        live = {self.tables[n]: {"config": {**(reg.rooms[self.tables[n]].config.model_dump()
                                              if self.tables[n] in reg.rooms else {}),
                                           "game": to_options(game)},
                                 "button": table.button}
                for n, table in e.tables.items()}
        state = {"engine": e.snapshot(), "tables": {str(n): t for n, t in self.tables.items()},
                 "hands_before": {str(n): h for n, h in hands_before.items()}, "round_done": False}
        places = list(e.finish)
        await reg.run_db(lambda: db_round(reg.db, tournament_id=self.id, state=state, seats=seats, live=live,
                                          broken=broken, places=places))
        moved: set[int] = set()  # humans whose table or seat changed
        for tid in broken:
            room = reg.rooms.get(tid)
            if room is not None:
                moved.update(m.user_id for m in room.meta.values() if m.bot is None)
                room.meta, room.bots = {}, {}
                room.closed = True
                room.broadcast_table()
                reg.drop(tid)
        for n in e.tables:
            room = reg.rooms.get(self.tables[n])
            if room is None:
                continue
            before = {ts: m.user_id for ts, m in room.meta.items() if m.bot is None}
            room.meta = metas[n]
            room.bots = {ts: room.bots.get(ts) or reg.make_bot(m.bot, random.getrandbits(32))
                         for ts, m in metas[n].items() if m.bot is not None}
            room.config = TableConfig.model_validate(live[self.tables[n]]["config"])
            moved.update(m.user_id for ts, m in metas[n].items()
                         if m.bot is None and before.get(ts) != m.user_id)
        for uid in sorted(moved):
            self._tell_move(uid)
        self.waiting = set(e.tables)
        for n in sorted(e.tables):
            await self._deal(n)

    def table_of(self, user_id: int) -> int | None:
        """The table id where a player sits now (None: out of the tournament)."""
        for n, tid in self.tables.items():
            room = self.registry.rooms.get(tid)
            if n in self.engine.tables and room is not None and room.user_seat(user_id) is not None:
                return tid
        return None

    def _tell_move(self, user_id: int) -> None:
        """A player's seat moved (or they were just seated): the ``tournament_table`` message."""
        import json

        current = self.table_of(user_id)
        self.registry.send_user(user_id, json.dumps({"type": "tournament_table", "tournament": self.id,
                                                     "table": current}))

    def _skip(self, n: int) -> None:
        """Table ``n`` deals no hand this round (it could not): the round may be complete."""
        self.waiting.discard(n)
        if not self.waiting:
            self.registry.spawn(self.advance(max(1.0, self.registry.settings.hand_delay)))

    async def _deal(self, n: int) -> None:
        reg = self.registry
        tid = self.tables[n]
        room = reg.rooms.get(tid)
        if room is None or self.over:
            if not self.over:
                self._skip(n)
            return
        async with room.lock:
            room = reg.rooms.get(tid, room)
            if self.over or room.hand is not None or room.stopped:
                return
            room.table = self.engine.tables[n]
            if not room.table.can_start():
                log.error("tournament %s: table %s cannot deal (%s ready)", self.id, n,
                          len(room.table.ready_seats()))
                self._skip(n)
                return
            await room._start_hand()
            current = reg.rooms.get(tid)
            if current is not None and current.hand is not None:
                # (a room rebuilt after a commit that failed to answer holds the stored deal)
                self.engine.tables[n] = current.table
                return
        self.abandon()  # the deal could not be stored: read the round again from the database

    async def _finish(self) -> None:
        e = self.engine
        reg = self.registry
        result = e.result()
        state = {"engine": e.snapshot(), "tables": {str(n): t for n, t in self.tables.items()},
                 "round_done": True}
        tables = list(self.tables.values())
        balances = await reg.run_db(lambda: db_finish(reg.db, tournament_id=self.id, state=state,
                                                      places=list(result.finish), tables=tables))
        if self.over:
            return
        self.over = True
        for tid in tables:
            room = reg.rooms.get(tid)
            if room is not None:
                room.meta, room.bots = {}, {}
                room.closed = True
                room.broadcast_table()
                reg.drop(tid)
        for uid, value in balances.items():
            from studpoker.server.rooms import messages

            reg.send_user(uid, messages.encode(messages.balance(value)))
        self.manager.forget(self, over=True)
        log.info("tournament %s over: %s", self.id, [s.name for s in result.finish])


# ------------------------------------------------------------ the manager


class TournamentManager:
    """The tournaments of a server: registration, starts, and the running ones.

    A running tournament is run by one process (with its tables): the one holding its lease
    (``tournament:{id}``, in a cluster) or the only one. A keeper looks every second (and at
    once when asked) for tournaments that need a process: a full one that has not started
    (it is started), and a running one that nobody runs (after a restart, its process's death,
    or a commit that failed): it is read from the database and goes on where it stood.
    """

    def __init__(self, registry: Registry) -> None:
        self.registry = registry
        self.live: dict[int, LiveTournament] = {}
        self._by_table: dict[int, LiveTournament] = {}
        self._unleased: set[int] = set()  # running tournaments without a lease at the last look
        self._wake: asyncio.Event | None = None
        self.lock = asyncio.Lock()
        self.period = 1.0
        registry.room_hook = self._hook

    @property
    def db(self) -> Database:
        return self.registry.db

    async def run_db(self, fn: Callable[[], T]) -> T:
        return await self.registry.run_db(fn)

    def _hook(self, room: Room) -> None:
        live = self._by_table.get(room.id)
        if live is not None:
            room.tournament = live

    def _live(self, row: TournamentRow, engine: Tournament, tables: dict[int, int],
              who: dict[str, tuple[int, str | None]]) -> LiveTournament:
        live = LiveTournament(manager=self, id=row.id, name=row.name, engine=engine, tables=tables,
                              who=who, time_bank=float(row.config["time_bank"]))
        self.live[row.id] = live
        for tid in tables.values():
            self._by_table[tid] = live
        return live

    def forget(self, live: LiveTournament, *, over: bool = False) -> None:
        """A tournament no longer runs here (``over``, or abandoned: the keeper takes it again)."""
        if self.live.get(live.id) is live:
            del self.live[live.id]
        for tid in live.tables.values():
            if self._by_table.get(tid) is live:
                del self._by_table[tid]
        cluster = self.registry.cluster
        if over and cluster is not None:
            self.registry.spawn(cluster.let_go(f"tournament:{live.id}"))
        if not over:
            self.wake()

    def lost(self, name: str) -> None:
        """The cluster took a lease from this process (it did not renew it in time): a tournament
        run here, or one of its tables, stops here (whoever holds the lease now runs it)."""
        kind, _, number = name.partition(":")
        live = (self.live.get(int(number)) if kind == "tournament" else
                self._by_table.get(int(number)) if kind == "table" else None)
        if live is not None:
            live.abandon()

    # -------------------------------------------------------------- the keeper

    def wake(self) -> None:
        """Look for tournaments that need a process now rather than at the next beat."""
        if self._wake is not None:
            self._wake.set()

    async def start(self) -> None:
        """At the server's start: take up the tournaments that need a process, then keep looking."""
        self._wake = asyncio.Event()
        cluster = self.registry.cluster
        if cluster is not None:
            cluster.lost_hook = self.lost
        try:
            await self.sweep()
        except Exception:
            log.exception("tournaments: the first look failed")
        self.registry.spawn(self._keeper())

    async def _keeper(self) -> None:
        assert self._wake is not None
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.period)
            self._wake.clear()
            try:
                await self.sweep()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("tournaments: looking for tournaments to run")

    async def sweep(self) -> None:
        """Start the full tournaments that have not started; run the running ones nobody runs."""
        full, running = await self.run_db(lambda: db_waiting(self.db))
        for tid in full:
            try:
                async with self.lock:
                    await self._start(tid)
            except TournamentRefused:
                pass
            except Exception:
                log.exception("tournament %s: could not start", tid)
        cluster = self.registry.cluster
        unleased: set[int] = set()
        idle = [tid for tid in running if tid not in self.live]
        holders: list[str | None] = [None] * len(idle)
        dead: set[str] = set()
        if cluster is not None and idle:
            holders = await cluster.holders([f"tournament:{tid}" for tid in idle])
            dead = await cluster.dead_among([h for h in holders if h is not None])
        for tid, holder in zip(idle, holders, strict=True):
            if cluster is not None:
                if holder is None:
                    unleased.add(tid)
                    if tid not in self._unleased:  # a starting process takes it a moment after its row
                        continue
                elif holder != cluster.proc and holder not in dead:
                    continue
            try:
                await self.adopt(tid)
            except Exception:
                log.exception("tournament %s: could not be taken up", tid)
        self._unleased = unleased

    async def adopt(self, tournament_id: int, *, delay: float = 0.0, tell: bool = False) -> None:
        """Run a running tournament here, from its rows (engine snapshot, tables, live hands)."""
        async with self.lock:
            await self._adopt(tournament_id, delay=delay, tell=tell)

    async def _adopt(self, tournament_id: int, *, delay: float = 0.0, tell: bool = False) -> None:
        if tournament_id in self.live:
            return
        reg = self.registry
        cluster = reg.cluster
        if cluster is not None and not await cluster.hold(f"tournament:{tournament_id}"):
            return
        row, entrants = await self.run_db(lambda: db_read(self.db, tournament_id))
        if row is None or row.status != "running" or row.state is None:
            return
        tables = _tournament_tables(row)
        engine = Tournament.restore(row.state["engine"])
        playing = [tid for n, tid in tables.items() if n in engine.tables]
        if cluster is not None:  # the tables go with the tournament (a dead owner's leases are taken)
            deadline = time.monotonic() + 15.0
            while not all([await cluster.take_table(tid) for tid in playing]):
                if time.monotonic() > deadline:
                    log.warning("tournament %s: its tables are held elsewhere", tournament_id)
                    return
                await asyncio.sleep(0.2)
        for tid in tables.values():
            reg.drop(tid)  # rooms of an abandoned run go: rebuilt from their rows below
        who = {e.name: (e.user_id, e.bot) for e in entrants}
        live = self._live(row, engine, tables, who)
        try:
            loaded: list[LoadedTable] = await self.run_db(lambda: load_tables(self.db, playing))
        except Exception:
            self.forget(live)
            raise
        for data in loaded:
            reg.adopt(data)
        log.info("tournament %s: running here from round %s", tournament_id, engine.rounds)
        hands_before = {int(n): int(h) for n, h in (row.state.get("hands_before") or {}).items()}
        if tell:
            live.wire()
            for uid in sorted({u for u, bot in who.values() if bot is None}):
                live._tell_move(uid)
        await live.resume(hands_before, bool(row.state.get("round_done")), delay)

    # -------------------------------------------------------------- requests

    async def create(self, owner_id: int, body: TournamentCreate) -> dict[str, Any]:
        config = check_create(body)
        limit = self.registry.settings.max_tables_per_owner
        tid = await self.run_db(lambda: db_create(self.db, owner_id=owner_id, config=config, max_open=limit))
        return (await self.get(tid, owner_id))

    async def get(self, tournament_id: int, user_id: int | None) -> dict[str, Any]:
        rows = await self.run_db(lambda: db_list(self.db, user_id, tournament_id))
        if not rows:
            raise TournamentRefused(404, f"there is no tournament {tournament_id}")
        out = rows[0]
        live = self.live.get(tournament_id)
        if user_id is None:
            out["your_table"] = None
        elif live is not None:
            out["your_table"] = live.table_of(user_id)
        else:  # run by another process (or not yet): where the player's seat is stored
            out["your_table"] = await self.run_db(lambda: db_table_of(self.db, tournament_id, user_id))
        return out

    async def _start_soon(self, tournament_id: int) -> None:
        """Start a full tournament now; if that fails, the keeper starts it (the registration
        that filled it stands)."""
        try:
            async with self.lock:
                await self._start(tournament_id)
        except TournamentRefused:
            pass
        except Exception:
            log.exception("tournament %s: could not start now; the keeper will", tournament_id)
            self.wake()

    async def register(self, tournament_id: int, user_id: int) -> dict[str, Any]:
        balance, full = await self.run_db(lambda: db_register(self.db, tournament_id=tournament_id,
                                                              user_id=user_id))
        if full:
            await self._start_soon(tournament_id)
        out = await self.get(tournament_id, user_id)
        out["balance"] = balance
        return out

    async def unregister(self, tournament_id: int, user_id: int) -> dict[str, Any]:
        balance = await self.run_db(lambda: db_unregister(self.db, tournament_id=tournament_id,
                                                          user_id=user_id))
        out = await self.get(tournament_id, user_id)
        out["balance"] = balance
        return out

    async def fill(self, tournament_id: int, user_id: int) -> dict[str, Any]:
        balance = await self.run_db(lambda: db_fill(self.db, tournament_id=tournament_id, user_id=user_id))
        await self._start_soon(tournament_id)
        out = await self.get(tournament_id, user_id)
        out["balance"] = balance
        return out

    async def cancel(self, tournament_id: int, user_id: int) -> dict[str, Any]:
        balances = await self.run_db(lambda: db_cancel(self.db, tournament_id=tournament_id,
                                                       user_id=user_id))
        from studpoker.server.rooms import messages

        for uid, value in balances.items():
            self.registry.send_user(uid, messages.encode(messages.balance(value)))
        out = await self.get(tournament_id, user_id)
        out["balance"] = balances.get(user_id)
        return out

    async def _start(self, tournament_id: int) -> None:
        """Seat a full tournament and run it here (the caller holds the lock). In a cluster the
        process that takes the tournament's lease first starts it."""
        cluster = self.registry.cluster
        if cluster is not None and not await cluster.hold(f"tournament:{tournament_id}"):
            return
        seed = random.SystemRandom().getrandbits(63)
        try:
            await self.run_db(lambda: db_start(self.db, tournament_id=tournament_id, seed=seed))
        except TournamentRefused:
            if cluster is not None:
                await cluster.let_go(f"tournament:{tournament_id}")
            raise
        await self._adopt(tournament_id, delay=self.registry.settings.start_delay, tell=True)


# ------------------------------------------------------------ REST


def _manager(request: Request) -> TournamentManager:
    manager: TournamentManager = request.app.state.tournaments
    return manager


Manager = Annotated[TournamentManager, Depends(_manager)]
router = APIRouter(prefix="/api/tournaments")


async def refused_response(_request: Request, exc: Exception) -> SafeJSONResponse:
    """The app's answer to a :class:`TournamentRefused` from any route: its status and reason."""
    assert isinstance(exc, TournamentRefused)
    return SafeJSONResponse({"detail": exc.message}, status_code=exc.status)


@router.get("")
async def list_tournaments(user: MaybeUser, manager: Manager) -> list[dict[str, Any]]:
    """Every tournament, newest first."""
    return await manager.run_db(lambda: db_list(manager.db, user.id if user else None))


@router.post("", status_code=201)
async def create_tournament(body: TournamentCreate, user: User, manager: Manager) -> dict[str, Any]:
    """A new sit-and-go, open for registration (the creator is not registered by it)."""
    return await manager.create(user.id, body)


@router.get("/{tournament_id}")
async def get_tournament(tournament_id: DbId, user: MaybeUser, manager: Manager) -> dict[str, Any]:
    """One tournament: entrants, tables, places."""
    return await manager.get(tournament_id, user.id if user else None)


@router.post("/{tournament_id}/register")
async def register(tournament_id: DbId, user: User, manager: Manager) -> dict[str, Any]:
    """Take a place (the buy-in goes to the prize pool); the tournament starts when full."""
    return await manager.register(tournament_id, user.id)


@router.post("/{tournament_id}/unregister")
async def unregister(tournament_id: DbId, user: User, manager: Manager) -> dict[str, Any]:
    """Give the place back before the start (the buy-in comes back)."""
    return await manager.unregister(tournament_id, user.id)


@router.post("/{tournament_id}/cancel")
async def cancel(tournament_id: DbId, user: User, manager: Manager) -> dict[str, Any]:
    """Creator only, before the start: the tournament is cancelled and every buy-in refunded."""
    return await manager.cancel(tournament_id, user.id)


@router.post("/{tournament_id}/fill")
async def fill(tournament_id: DbId, user: User, manager: Manager) -> dict[str, Any]:
    """Creator only, when bots are allowed: bots take the empty places and it starts."""
    return await manager.fill(tournament_id, user.id)
