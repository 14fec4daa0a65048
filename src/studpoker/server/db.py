"""Persistence: SQLAlchemy 2 models and the database handle.

Every change of chips or of a hand is one transaction. The schema is created
and upgraded by the Alembic migrations in ``migrations/`` (applied by
:meth:`Database.migrate` when the server starts); the models here are the
same schema as Python classes.

URLs: ``sqlite:///path.db`` (default ``sqlite:///studpoker.db``) or
``postgresql://user@host:port/db`` (driven by psycopg 3). A PostgreSQL URL may
carry ``?schema=NAME`` to keep the tables in their own schema.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    event,
    text,
)
from sqlalchemy.engine import make_url
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

__all__ = [
    "Base",
    "Database",
    "HandEventRow",
    "HandRow",
    "LedgerRow",
    "PlayerStatsRow",
    "SeatRow",
    "TableRow",
    "TokenRow",
    "UserRow",
    "normalize_url",
    "utcnow",
]


def utcnow() -> dt.datetime:
    """The current time, UTC, without tzinfo (portable across SQLite and PostgreSQL)."""
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


def _name_key_default(context: Any) -> str:
    return str(context.get_current_parameters()["name"]).casefold()


def _name_skeleton_default(context: Any) -> str:
    from studpoker.server.accounts.names import name_skeleton

    return name_skeleton(str(context.get_current_parameters()["name"]))


class Base(DeclarativeBase):
    """Declarative base of every table."""


class UserRow(Base):
    """An account (registered or guest) and its play-money balance."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64), unique=True)
    # the name as names compare (casefolded): unique, so "Alice" and "alice" are one name
    name_key: Mapped[str] = mapped_column(String(64), unique=True, default=_name_key_default)
    # the name as look-alikes share it (names.name_skeleton): unique, so "aIice" cannot join "alice"
    # (null for an old account that already looked like an older one: migration 0004)
    name_skeleton: Mapped[str | None] = mapped_column(String(128), unique=True, nullable=True,
                                                      default=_name_skeleton_default)
    password_hash: Mapped[str | None] = mapped_column(String(255), nullable=True)
    guest: Mapped[bool] = mapped_column(Boolean, default=False)
    balance: Mapped[int] = mapped_column(BigInteger, default=0)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utcnow)


class TokenRow(Base):
    """A bearer token, stored as its SHA-256."""

    __tablename__ = "tokens"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utcnow)
    last_used_at: Mapped[dt.datetime | None] = mapped_column(DateTime, nullable=True, default=utcnow)


class LedgerRow(Base):
    """One movement of chips into or out of a balance.

    ``kind``: ``grant`` (new chips), ``buy_in`` (balance to a table seat,
    negative), ``cash_out`` (a seat's chips back to the balance, positive),
    ``tourney_buy_in`` / ``tourney_refund`` / ``tourney_prize`` (a balance to a
    tournament's prize pool and back, with ``tournament_id``).
    """

    __tablename__ = "ledger"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    kind: Mapped[str] = mapped_column(String(16))
    amount: Mapped[int] = mapped_column(BigInteger)
    table_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    note: Mapped[str] = mapped_column(String(128), default="")
    tournament_id: Mapped[int | None] = mapped_column(Integer, nullable=True)  # tourney_* rows
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utcnow)


class TableRow(Base):
    """A table: its configuration (JSON), owner, privacy and button."""

    __tablename__ = "tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    invite_code: Mapped[str | None] = mapped_column(String(64), nullable=True)
    closed: Mapped[bool] = mapped_column(Boolean, default=False)
    button: Mapped[int | None] = mapped_column(Integer, nullable=True)
    hands_played: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utcnow)
    # a tournament's table (its seats hold tournament chips; run by the tournament's process)
    tournament_id: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)


class SeatRow(Base):
    """A taken seat. ``user_id`` is the player, or for a bot the owner who funds it.

    During a hand ``chips`` keep their value from the start of the hand; they
    are settled in the transaction of the hand's last action.
    """

    __tablename__ = "seats"

    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    chips: Mapped[int] = mapped_column(BigInteger)
    sitting_out: Mapped[bool] = mapped_column(Boolean, default=False)
    leaving: Mapped[bool] = mapped_column(Boolean, default=False)
    timeouts: Mapped[int] = mapped_column(Integer, default=0)
    time_bank: Mapped[float] = mapped_column(Float, default=0.0)


class HandRow(Base):
    """One hand: its secret seed and commitment, who was dealt in, and the outcome.

    ``start``: one entry per seat dealt in, ``{"seat", "name", "chips", "user_id"}`` (the
    account that played it, null for a bot; :meth:`seat_of`)."""

    __tablename__ = "hands"
    __table_args__ = (UniqueConstraint("table_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    seed: Mapped[str] = mapped_column(String(64))
    commitment: Mapped[str] = mapped_column(String(64))
    prev_button: Mapped[int | None] = mapped_column(Integer, nullable=True)
    dealer: Mapped[int] = mapped_column(Integer)
    hand_seats: Mapped[list[int]] = mapped_column(JSON)
    start: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(8), default="live", index=True)
    payoffs: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    phh: Mapped[str | None] = mapped_column(Text, nullable=True)
    phh_public: Mapped[str | None] = mapped_column(Text, nullable=True)
    # the game options the hand was dealt at, when they differ from the table's now (tournament levels)
    game: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    started_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utcnow)
    ended_at: Mapped[dt.datetime | None] = mapped_column(DateTime, nullable=True)

    def seat_of(self, user_id: int) -> int | None:
        """The hand seat the account ``user_id`` was dealt (None: not dealt into this hand). Each
        ``start`` entry holds its player's account id (``user_id``; null for a bot): the names
        there are labels, never who played (an account may have been renamed, and its old name
        taken by another)."""
        for entry in self.start:
            if entry.get("user_id") == user_id:
                try:
                    return self.hand_seats.index(int(entry["seat"]))
                except ValueError:
                    return None
        return None


class HandEventRow(Base):
    """One accepted event of a live hand, in order: an action or a leave (R4.3)."""

    __tablename__ = "hand_events"
    __table_args__ = (UniqueConstraint("hand_id", "idx"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    hand_id: Mapped[int] = mapped_column(ForeignKey("hands.id"), index=True)
    idx: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(8))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    source: Mapped[str] = mapped_column(String(8), default="player")
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utcnow)


class PlayerStatsRow(Base):
    """A player's statistics in one game, kept up to date as hands end (docs/stats.md): the
    counters of :class:`studpoker.stats.PlayerStats` (``counts``), hands and net chips (columns,
    for the leaderboard), and the chart of net chips over hands, a point every ``chart_step``
    hands (at most ``CHART_POINTS`` points: the step doubles as hands add up)."""

    __tablename__ = "player_stats"
    __table_args__ = (Index("ix_player_stats_game_net", "game", "net"),)

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(16), primary_key=True)
    hands: Mapped[int] = mapped_column(Integer, default=0)
    net: Mapped[int] = mapped_column(BigInteger, default=0)
    counts: Mapped[dict[str, Any]] = mapped_column(JSON)
    chart: Mapped[list[int]] = mapped_column(JSON)
    chart_step: Mapped[int] = mapped_column(Integer, default=1)


def normalize_url(url: str) -> tuple[str, str | None]:
    """``(sqlalchemy_url, schema)``: PostgreSQL URLs get the psycopg 3 driver."""
    u = make_url(url)
    schema: str | None = None
    if u.get_backend_name() == "postgresql":
        query = dict(u.query)
        raw = query.pop("schema", None)
        schema = raw if isinstance(raw, str) else None
        u = u.set(drivername="postgresql+psycopg", query=query)
    return u.render_as_string(hide_password=False), schema


class Database:
    """An engine, a session factory, and the migrations.

    >>> db = Database("sqlite://")
    >>> db.migrate()
    >>> with db.session() as s:
    ...     s.query(UserRow).count()
    0
    """

    def __init__(self, url: str = "sqlite:///studpoker.db", *, echo: bool = False) -> None:
        self.url = url
        sa_url, self.schema = normalize_url(url)
        self.is_sqlite = sa_url.startswith("sqlite")
        kwargs: dict[str, Any] = {"echo": echo}
        if self.is_sqlite:
            kwargs["connect_args"] = {"check_same_thread": False}
            if sa_url in ("sqlite://", "sqlite:///:memory:"):
                from sqlalchemy.pool import StaticPool

                kwargs["poolclass"] = StaticPool
        else:
            kwargs["pool_pre_ping"] = True
            kwargs["pool_size"] = 8
        self.engine: Engine = create_engine(sa_url, **kwargs)
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        elif self.schema:
            schema = self.schema
            event.listen(self.engine, "connect", lambda c, _r: _pg_search_path(c, schema))
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)

    def session(self) -> Session:
        """A new ORM session (use as a context manager; commit explicitly)."""
        return self._sessions()

    def migrate(self) -> None:
        """Create or upgrade the schema to the newest Alembic revision.

        On PostgreSQL the whole of it (the schema, the migrations) runs in one transaction
        holding an advisory lock of the schema: processes of a cluster starting at once on
        a fresh database migrate one after the other, and the later ones find the schema at
        its newest revision. (SQLite: a file has one writer at a time anyway.)
        """
        from alembic import command
        from alembic.config import Config

        cfg = Config()
        cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
        with self.engine.begin() as conn:
            if not self.is_sqlite:
                conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": self._migration_lock_key()})
            if self.schema:
                conn.execute(text(f'CREATE SCHEMA IF NOT EXISTS "{self.schema}"'))
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")

    def _migration_lock_key(self) -> int:
        """The advisory lock taken while migrating: one per schema (a signed 64-bit number)."""
        import hashlib

        digest = hashlib.sha256(f"studpoker migrations {self.schema or ''}".encode()).digest()
        return int.from_bytes(digest[:8], "big", signed=True)

    def dispose(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    # WAL + synchronous=NORMAL: a commit survives the process being killed
    # (SIGKILL); only an OS crash or power loss can lose the last commits.
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.close()


def _pg_search_path(dbapi_conn: Any, schema: str) -> None:
    cur = dbapi_conn.cursor()
    cur.execute(f'SET search_path TO "{schema}"')
    cur.close()
    dbapi_conn.commit()
