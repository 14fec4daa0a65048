"""The JSON REST API: accounts, tables, the lobby and finished hands.

Authenticated requests carry ``Authorization: Bearer TOKEN``.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Depends, Header, HTTPException, Path, Query, Request
from sqlalchemy import select

from studpoker.bots import BOT_NAMES, DEFAULT_BOT, LEVELS, bot_kinds
from studpoker.games import GAMES, from_options, game_info
from studpoker.server.accounts.auth import Auth, AuthError
from studpoker.server.config import Settings
from studpoker.server.db import Database, HandRow, TableRow
from studpoker.server.limits import Guards, LimitExceeded
from studpoker.server.protocol import TableConfig
from studpoker.server.rooms import ProtocolError, Registry

__all__ = ["DbId", "Services", "client_ip", "close_sockets", "router"]

T = TypeVar("T")

# ids in paths and queries: anything outside a database integer is a clean 422, not a 500
DbId = Annotated[int, Path(ge=0, le=2**31 - 1)]
QueryInt = Annotated[int, Query(ge=-(2**31), le=2**31 - 1)]


@dataclass(frozen=True, slots=True, kw_only=True)
class Services:
    """What the app's routes depend on (kept on ``app.state.services``)."""

    db: Database
    auth: Auth
    manager: Registry
    settings: Settings
    guards: Guards


def close_sockets(manager: Registry, user_id: int, hashes: set[str], reason: str) -> int:
    """Close the websockets of ``user_id`` logged in with a token among ``hashes``, here and
    (in a cluster) on every other process; how many were closed here."""
    if manager.cluster is not None:
        manager.cluster.publish_kick(user_id, hashes, reason)
    return close_local_sockets(manager, user_id, hashes, reason)


def close_local_sockets(manager: Registry, user_id: int, hashes: Iterable[str], reason: str) -> int:
    """Close this process's websockets of ``user_id`` logged in with a token among ``hashes``."""
    wanted = set(hashes)
    closed = 0
    for conn in list(manager.connections.get(user_id, ())):
        if getattr(conn, "token_hash", None) in wanted:
            kick = getattr(conn, "kick", None)
            if kick is not None:
                kick("unauthorized", reason)
                closed += 1
    return closed


def services(request: Request) -> Services:
    """Dependency: the app's services."""
    svc: Services = request.app.state.services
    return svc


Svc = Annotated[Services, Depends(services)]


@dataclass(frozen=True, slots=True)
class CurrentUser:
    """The caller."""

    id: int
    name: str
    guest: bool
    balance: int
    token: str


def _bearer(authorization: str | None) -> str | None:
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[7:].strip()
    return None


def optional_user(svc: Svc, authorization: Annotated[str | None, Header()] = None) -> CurrentUser | None:
    """Dependency: the caller if a valid token is given, else None."""
    token = _bearer(authorization)
    if token is None:
        return None
    with svc.db.session() as s:
        try:
            u = svc.auth.user_for_token(s, token)
        except AuthError as exc:
            raise HTTPException(401, str(exc)) from None
        out = CurrentUser(u.id, u.name, u.guest, u.balance, token)
        s.commit()  # the token's last use
        return out


def current_user(user: Annotated[CurrentUser | None, Depends(optional_user)]) -> CurrentUser:
    """Dependency: the caller; 401 without a valid token."""
    if user is None:
        raise HTTPException(401, "log in first: Authorization: Bearer TOKEN")
    return user


User = Annotated[CurrentUser, Depends(current_user)]
MaybeUser = Annotated[CurrentUser | None, Depends(optional_user)]

router = APIRouter(prefix="/api")


def _error(exc: ProtocolError) -> HTTPException:
    status = {"forbidden": 403, "no_table": 404}.get(exc.code, 400)
    return HTTPException(status, exc.message)


@router.get("/health")
def health(svc: Svc) -> dict[str, Any]:
    """Liveness and a few counters (in a cluster, which process answered)."""
    reg = svc.manager
    out: dict[str, Any] = {"ok": True, "tables": len(reg.tables), "actions": reg.stats["actions"]}
    if reg.cluster is not None:
        out["process"] = reg.cluster.proc
    return out


def client_ip(request: Request) -> str:
    """The caller's address (as uvicorn gives it; behind a proxy, see ``--forwarded-allow-ips``)."""
    return request.client.host if request.client is not None else "?"


def too_many(exc: LimitExceeded) -> HTTPException:
    return HTTPException(429, exc.message, headers={"Retry-After": exc.retry_after_header})


async def in_db(svc: Services, fn: Callable[[], T]) -> T:
    return await svc.manager.run_db(fn)


@router.get("/games")
def games() -> dict[str, Any]:
    """What a client offers when creating a table: each game's ``game_info`` at its
    default stakes (seat limits, market prices, options), the bot kinds (weakest first),
    the difficulty levels (level -> bot) and ``bot_kinds``: the bots with their levels
    and menu labels, levels first (as in the table message)."""
    return {"games": [game_info(from_options(name)) for name in GAMES], "bots": list(BOT_NAMES),
            "default_bot": DEFAULT_BOT, "levels": dict(LEVELS), "bot_kinds": bot_kinds()}


@router.get("/tables")
async def list_tables(user: MaybeUser, svc: Svc) -> list[dict[str, Any]]:
    """The lobby."""
    return await svc.manager.lobby_entries(user.id if user else None)


@router.post("/tables", status_code=201)
async def create_table(config: TableConfig, user: User, svc: Svc) -> dict[str, Any]:
    """Create a table; the caller owns it. A private table gets an invite code."""
    try:
        return await svc.manager.create_table(user.id, user.name, config)
    except ProtocolError as exc:
        raise _error(exc) from None


@router.get("/tables/{table_id}")
async def get_table(table_id: DbId, user: MaybeUser, svc: Svc, invite: str | None = None) -> dict[str, Any]:
    """A table as a watcher sees it."""
    try:
        return await svc.manager.table_info(table_id, user.id if user else None, invite)
    except ProtocolError as exc:
        raise _error(exc) from None


@router.delete("/tables/{table_id}")
async def close_table(table_id: DbId, user: User, svc: Svc) -> dict[str, Any]:
    """Owner only: close the table (after the hand in progress)."""
    try:
        await svc.manager.close_table(user.id, table_id, user.name)
    except ProtocolError as exc:
        raise _error(exc) from None
    return {"ok": True}


def _may_see_history(svc: Services, table: TableRow, user: CurrentUser | None, invite: str | None) -> bool:
    if not table.private:
        return True
    if user is not None and user.id == table.owner_id:
        return True
    lt = svc.manager.tables.get(table.id)
    if lt is not None and svc.manager.may_watch(lt, user.id if user else None, invite):
        return True
    return invite is not None and table.invite_code is not None and secrets.compare_digest(
        invite.encode("utf-8", "surrogatepass"), table.invite_code.encode("utf-8"))


def _hand_json(h: HandRow) -> dict[str, Any]:
    return {
        "id": h.id, "table": h.table_id, "number": h.number, "status": h.status,
        "commitment": h.commitment, "seats": h.hand_seats,
        "dealer": h.dealer, "start": h.start, "payoffs": h.payoffs,
        "started_at": h.started_at.isoformat() + "Z",
        "ended_at": h.ended_at.isoformat() + "Z" if h.ended_at else None,
    }


@router.get("/tables/{table_id}/hands")
def table_hands(table_id: DbId, user: MaybeUser, svc: Svc, invite: str | None = None,
                limit: QueryInt = 50, before: QueryInt | None = None) -> list[dict[str, Any]]:
    """The table's hands, newest first (with their deck commitments)."""
    with svc.db.session() as s:
        table = s.get(TableRow, table_id)
        if table is None:
            raise HTTPException(404, "no such table")
        if not _may_see_history(svc, table, user, invite):
            raise HTTPException(403, "this table is private: an invite code is needed")
        q = select(HandRow).where(HandRow.table_id == table_id)
        if before is not None:
            q = q.where(HandRow.number < before)
        rows = s.scalars(q.order_by(HandRow.number.desc()).limit(max(1, min(limit, 200))))
        return [_hand_json(h) for h in rows]


@router.get("/hands/{hand_id}")
def hand(hand_id: DbId, user: MaybeUser, svc: Svc, invite: str | None = None) -> dict[str, Any]:
    """One hand: its deck commitment, and once it is over its public hand history (PHH) and the
    openings of the cards everyone saw."""
    with svc.db.session() as s:
        h = s.get(HandRow, hand_id)
        if h is None:
            raise HTTPException(404, "no such hand")
        table = s.get(TableRow, h.table_id)
        assert table is not None
        if not _may_see_history(svc, table, user, invite):
            raise HTTPException(403, "this table is private: an invite code is needed")
        out = _hand_json(h)
        out["game"] = h.game or table.config["game"]
        out["phh"] = h.phh_public if h.status == "over" else None
        out["openings"] = _public_openings(h.phh_public) if h.status == "over" else None
        return out


def _public_openings(text: str | None) -> list[dict[str, Any]] | None:
    """The deck openings of the public history (the cards everyone saw)."""
    if text is None:
        return None
    import tomllib

    from studpoker.fairness import Opening

    try:
        raw = tomllib.loads(text).get("_openings")  # a PHH file is TOML
    except tomllib.TOMLDecodeError:
        return None
    if not isinstance(raw, list):
        return None
    return [Opening.from_text(str(x)).to_dict() for x in raw]
