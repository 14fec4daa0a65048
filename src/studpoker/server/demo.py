"""Demo tables for ``studpoker serve --demo``: public tables with bots waiting for a player.

At start the server makes sure that the house account ``bot-house`` (a name
no one can register, and without a password, so no one can log in to it) owns
open tables at each difficulty level (easy = rule, medium = equity, hard =
search; see :data:`studpoker.bots.LEVELS`): Wall Street with two bots (rule and
equity; two search bots) and Seven Card Stud with one bot (rule, equity or
search). None has enough players to deal (Wall Street needs three, stud two), so
the bots wait and nothing is played until someone sits down; then the hands
run. Every few seconds the demo tables are tended between hands: a bot that
went broke is replaced by a fresh one, and the house's balance is topped up
with a ledger ``grant`` (so ``studpoker audit`` still balances).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI
from sqlalchemy import select

from studpoker.server.api import Services
from studpoker.server.db import TableRow, UserRow
from studpoker.server.ledger import grant
from studpoker.server.protocol import AddBotMsg, RemoveBotMsg, TableConfig
from studpoker.server.tables import ProtocolError, Room
from studpoker.server.tables.requests import Caller

__all__ = ["DEMO_OWNER", "DEMO_TABLES", "DemoTable", "enable_demo", "ensure_demo", "tend_demo"]

log = logging.getLogger("studpoker.server")

DEMO_OWNER = "bot-house"
"""The account that owns the demo tables and funds their bots."""

HOUSE_FLOAT = 50_000  # the house's balance is topped up to this


@dataclass(frozen=True, slots=True)
class DemoTable:
    """One demo table: its configuration and the bots that wait at it."""

    name: str
    config: dict[str, Any]
    bots: tuple[str, ...]
    bot_buy_in: int = 500


_STUD = {"game": "stud", "ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10}
_WALL_STREET = {"game": "wallstreet", "ante": 1, "limits": [2, 2, 4, 4, 4]}
_STUD8 = {**_STUD, "game": "stud8"}
_RAZZ = {**_STUD, "game": "razz"}
_BASEBALL = {**_STUD, "game": "baseball"}  # R8.2: a face-up 3 costs the big bet
_FOLLOW_THE_QUEEN = {**_STUD, "game": "follow_the_queen"}
_HIGH_CHICAGO = {**_STUD, "game": "high_chicago"}


def _demo(name: str, game: dict[str, Any], bots: tuple[str, ...]) -> DemoTable:
    """A demo table: ``game``'s stakes, 30 s to act, a 60 s bank, buy-ins of 100 to 1,000."""
    return DemoTable(name, {"name": name, "game": dict(game), "action_time": 30, "time_bank": 60,
                            "min_buy_in": 100, "max_buy_in": 1000}, bots)


DEMO_TABLES: tuple[DemoTable, ...] = (
    _demo("Demo: Wall Street vs bots", _WALL_STREET, ("rule", "equity")),
    _demo("Demo: Seven Card Stud vs a bot", _STUD, ("rule",)),
    _demo("Demo: Seven Card Stud, medium (equity)", _STUD, ("equity",)),
    _demo("Demo: Seven Card Stud, hard (search)", _STUD, ("search",)),
    _demo("Demo: Wall Street, hard (search)", _WALL_STREET, ("search", "search")),
    _demo("Demo: Stud Hi-Lo vs a bot", _STUD8, ("equity",)),
    _demo("Demo: Razz vs a bot", _RAZZ, ("equity",)),
    _demo("Demo: Baseball vs a bot", _BASEBALL, ("equity",)),
    _demo("Demo: Follow the Queen vs a bot", _FOLLOW_THE_QUEEN, ("equity",)),
    _demo("Demo: High Chicago vs a bot", _HIGH_CHICAGO, ("equity",)),
)


def _house(svc: Services) -> tuple[int, str]:
    """The house account (created on first use), its balance topped up."""
    with svc.db.session() as s:
        user = s.scalar(select(UserRow).where(UserRow.name == DEMO_OWNER).with_for_update())
        if user is None:
            user = UserRow(name=DEMO_OWNER, password_hash=None, guest=False, balance=0)
            s.add(user)
            s.flush()
        if user.balance < HOUSE_FLOAT // 2:
            grant(s, user, HOUSE_FLOAT - user.balance, note="demo tables")
        s.commit()
        return user.id, user.name


def _demo_tables(svc: Services, owner_id: int) -> dict[str, Room]:
    """The demo tables run by this process."""
    return {lt.name: lt for lt in svc.manager.tables.values()
            if lt.owner_id == owner_id and not lt.closed and not lt.closing}


def _stored_demo_tables(svc: Services, owner_id: int) -> dict[str, int]:
    """Every open demo table (in a cluster, other processes may run some of them)."""
    with svc.db.session() as s:
        rows = s.execute(select(TableRow.name, TableRow.id).where(
            TableRow.owner_id == owner_id, TableRow.closed.is_(False)))
        return {str(name): int(tid) for name, tid in rows}


async def _seat_bots(svc: Services, owner_id: int, lt: Room, spec: DemoTable) -> None:
    manager = svc.manager
    house = Caller(user_id=owner_id, name=DEMO_OWNER)
    # between hands only: a bot that went broke is replaced, missing bots come back
    if lt.hand is not None:
        return
    for seat, meta in list(lt.meta.items()):
        player = lt.table.seats[seat]
        if meta.bot is not None and player is not None and player.chips < lt.config.min_buy_in:
            await manager.call(house, RemoveBotMsg(type="remove_bot", seq=1, table=lt.id, seat=seat))
    lt = manager.get(lt.id)
    have = sum(1 for m in lt.meta.values() if m.bot is not None)
    humans = sum(1 for m in lt.meta.values() if m.bot is None)
    free = sum(p is None for p in lt.table.seats)
    for bot in spec.bots[have:]:
        if free - 1 < 1 and humans == 0:  # always leave a seat for a person
            break
        await manager.call(house, AddBotMsg(type="add_bot", seq=1, table=lt.id, bot=bot,
                                            buy_in=spec.bot_buy_in))
        free -= 1


async def ensure_demo(svc: Services) -> list[int]:
    """Create the demo tables if missing and seat their bots; returns their ids."""
    owner_id, owner_name = await svc.manager.run_db(lambda: _house(svc))
    tables = _demo_tables(svc, owner_id)
    stored = await svc.manager.run_db(lambda: _stored_demo_tables(svc, owner_id))
    ids = []
    for spec in DEMO_TABLES:
        lt = tables.get(spec.name)
        if lt is None and spec.name in stored:  # run by another process of the cluster
            ids.append(stored[spec.name])
            continue
        if lt is None:
            config = TableConfig.model_validate(spec.config)
            info = await svc.manager.create_table(owner_id, owner_name, config)
            lt = svc.manager.get(int(info["id"]))
        await _seat_bots(svc, owner_id, lt, spec)
        ids.append(lt.id)
    return ids


async def tend_demo(svc: Services, period: float = 5.0) -> None:
    """Keep the demo tables playable, forever (cancel to stop)."""
    while True:
        await asyncio.sleep(period)
        try:
            owner_id, _ = await svc.manager.run_db(lambda: _house(svc))
            tables = _demo_tables(svc, owner_id)
            for spec in DEMO_TABLES:
                lt = tables.get(spec.name)
                if lt is not None:
                    await _seat_bots(svc, owner_id, lt, spec)
        except ProtocolError as exc:  # e.g. a seat just taken: try again next time
            log.info("demo tables: %s", exc.message)
        except Exception:
            log.exception("demo tables")


def enable_demo(app: FastAPI) -> None:
    """Run :func:`ensure_demo` when ``app`` starts, and :func:`tend_demo` while it runs."""
    inner = app.router.lifespan_context

    @asynccontextmanager
    async def lifespan(a: Any) -> AsyncIterator[None]:
        async with inner(a):  # the app's own lifespan keeps no state
            svc: Services = app.state.services
            ids = await ensure_demo(svc)
            log.info("demo tables ready: %s", ", ".join(map(str, ids)))
            task = asyncio.ensure_future(tend_demo(svc))
            try:
                yield
            finally:
                task.cancel()

    app.router.lifespan_context = lifespan
