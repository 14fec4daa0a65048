"""The books of sit-and-go tournaments: their rows, the request that creates one, and every
transaction (one function, one commit, or :class:`TournamentRefused` and nothing changed).

A registration moves the buy-in from the balance to the tournament's prize pool (a
``tourney_buy_in`` ledger row), unregistering gives it back (``tourney_refund``); the start
writes a ``tables`` row per table whose seats hold tournament chips (never balance chips); a
round's result is one commit (:func:`db_round`), the prizes another (:func:`db_finish`); a
cancelled tournament refunds every buy-in. :func:`audit_tournaments` checks the books.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, field_validator
from sqlalchemy import JSON, BigInteger, DateTime, ForeignKey, Integer, String, delete, func, select, update
from sqlalchemy.orm import Mapped, Session, mapped_column

from studpoker.bots import BOT_NAMES, DEFAULT_BOT
from studpoker.engine.games import from_options, game_info, to_options
from studpoker.server import access
from studpoker.server.accounts.names import display_name_problem
from studpoker.server.db import Base, Database, HandRow, LedgerRow, SeatRow, TableRow, UserRow, utcnow
from studpoker.server.protocol import GameOptions, TableConfig
from studpoker.tournament import (
    Level,
    Schedule,
    Standing,
    Tournament,
    TournamentConfig,
    TournamentError,
)

__all__ = ["EntrantRow", "TournamentCreate", "TournamentRefused", "TournamentRow", "audit_tournaments"]



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


def fits(level: Level) -> bool:
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
            if not fits(level):
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


def tournament_tables(row: TournamentRow) -> dict[int, int]:
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
        tables = list(tournament_tables(row).values())
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
        if any(e.bot is None and e.user_id == user_id for e in entrants):
            raise TournamentRefused(409, "you are already registered")
        label = user.name  # the engine seats entrants by a label: the account's name at registration
        if label in {e.name for e in entrants}:
            raise TournamentRefused(409, f"another entrant plays under the name {label!r}")
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
        if not access.is_owner(row.owner_id, user_id):
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
        if not access.is_owner(row.owner_id, user_id):
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
class SeatOut:
    table_id: int
    seat: int
    name: str
    chips: int
    user_id: int
    bot: str | None
    time_bank: float


def db_round(db: Database, *, tournament_id: int, state: dict[str, Any], seats: Sequence[SeatOut],
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
    tables = tournament_tables(row)
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
