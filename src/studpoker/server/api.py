"""The JSON REST API: accounts, tables, the lobby and finished hands.

Authenticated requests carry ``Authorization: Bearer TOKEN``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, HTTPException, Request
from pydantic import BaseModel, Field
from sqlalchemy import select

from studpoker.bots import BOT_NAMES, DEFAULT_BOT, LEVELS
from studpoker.games import GAMES, from_options, game_info
from studpoker.server.auth import Auth, AuthError
from studpoker.server.config import Settings
from studpoker.server.db import Database, HandRow, TableRow, UserRow
from studpoker.server.protocol import TableConfig
from studpoker.server.rooms import ProtocolError, Registry

__all__ = ["Services", "router"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Services:
    """What the app's routes depend on (kept on ``app.state.services``)."""

    db: Database
    auth: Auth
    manager: Registry
    settings: Settings


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
        except AuthError:
            raise HTTPException(401, "invalid token") from None
        return CurrentUser(u.id, u.name, u.guest, u.balance, token)


def current_user(user: Annotated[CurrentUser | None, Depends(optional_user)]) -> CurrentUser:
    """Dependency: the caller; 401 without a valid token."""
    if user is None:
        raise HTTPException(401, "log in first: Authorization: Bearer TOKEN")
    return user


User = Annotated[CurrentUser, Depends(current_user)]
MaybeUser = Annotated[CurrentUser | None, Depends(optional_user)]

router = APIRouter(prefix="/api")


class Credentials(BaseModel):
    """Name and password."""

    name: str = Field(max_length=64)
    password: str = Field(max_length=256)


def _user_json(u: UserRow | CurrentUser) -> dict[str, Any]:
    return {"id": u.id, "name": u.name, "guest": u.guest, "balance": u.balance}


def _error(exc: ProtocolError) -> HTTPException:
    status = {"forbidden": 403, "no_table": 404}.get(exc.code, 400)
    return HTTPException(status, exc.message)


@router.get("/health")
def health(svc: Svc) -> dict[str, Any]:
    """Liveness and a few counters."""
    return {"ok": True, "tables": len(svc.manager.tables), "actions": svc.manager.stats["actions"]}


@router.post("/register")
def register(body: Credentials, svc: Svc) -> dict[str, Any]:
    """A new account; returns a token."""
    with svc.db.session() as s:
        try:
            user = svc.auth.register(s, body.name, body.password)
        except AuthError as exc:
            raise HTTPException(400, str(exc)) from None
        token = svc.auth.issue_token(s, user)
        s.commit()
        return {"token": token, "user": _user_json(user)}


@router.post("/login")
def login(body: Credentials, svc: Svc) -> dict[str, Any]:
    """A token for an existing account."""
    with svc.db.session() as s:
        try:
            user = svc.auth.login(s, body.name, body.password)
        except AuthError as exc:
            raise HTTPException(401, str(exc)) from None
        token = svc.auth.issue_token(s, user)
        s.commit()
        return {"token": token, "user": _user_json(user)}


@router.post("/guest")
def guest(svc: Svc) -> dict[str, Any]:
    """A guest account with play money; returns a token."""
    with svc.db.session() as s:
        user = svc.auth.guest(s)
        token = svc.auth.issue_token(s, user)
        s.commit()
        return {"token": token, "user": _user_json(user)}


@router.post("/logout")
def logout(user: User, svc: Svc) -> dict[str, Any]:
    """Forget the token."""
    with svc.db.session() as s:
        svc.auth.revoke(s, user.token)
        s.commit()
    return {"ok": True}


@router.get("/me")
def me(user: User) -> dict[str, Any]:
    """The caller's account and balance."""
    return _user_json(user)


@router.get("/games")
def games() -> dict[str, Any]:
    """What a client offers when creating a table: each game's ``game_info`` at its
    default stakes (seat limits, market prices, options), the bot kinds (weakest first)
    and the difficulty levels (level -> bot)."""
    return {"games": [game_info(from_options(name)) for name in GAMES], "bots": list(BOT_NAMES),
            "default_bot": DEFAULT_BOT, "levels": dict(LEVELS)}


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
async def get_table(table_id: int, user: MaybeUser, svc: Svc, invite: str | None = None) -> dict[str, Any]:
    """A table as a watcher sees it."""
    try:
        return await svc.manager.table_info(table_id, user.id if user else None, invite)
    except ProtocolError as exc:
        raise _error(exc) from None


@router.delete("/tables/{table_id}")
async def close_table(table_id: int, user: User, svc: Svc) -> dict[str, Any]:
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
    return invite is not None and table.invite_code is not None and invite == table.invite_code


def _hand_json(h: HandRow) -> dict[str, Any]:
    over = h.status == "over"
    return {
        "id": h.id, "table": h.table_id, "number": h.number, "status": h.status,
        "commitment": h.commitment, "seed": h.seed if over else None, "seats": h.hand_seats,
        "dealer": h.dealer, "start": h.start, "payoffs": h.payoffs,
        "started_at": h.started_at.isoformat() + "Z",
        "ended_at": h.ended_at.isoformat() + "Z" if h.ended_at else None,
    }


@router.get("/tables/{table_id}/hands")
def table_hands(table_id: int, user: MaybeUser, svc: Svc, invite: str | None = None,
                limit: int = 50, before: int | None = None) -> list[dict[str, Any]]:
    """The table's hands, newest first (seeds only of finished hands)."""
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
def hand(hand_id: int, user: MaybeUser, svc: Svc, invite: str | None = None) -> dict[str, Any]:
    """One hand: commitment, and once it is over its seed and public hand history (PHH)."""
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
        return out
