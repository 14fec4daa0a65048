"""The JSON REST API: accounts, tables, the lobby and finished hands.

Authenticated requests carry ``Authorization: Bearer TOKEN``.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Body, Depends, Header, HTTPException, Path, Query, Request
from pydantic import BaseModel, Field
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from studpoker.bots import BOT_NAMES, DEFAULT_BOT, LEVELS, bot_kinds
from studpoker.games import GAMES, from_options, game_info
from studpoker.server.auth import Auth, AuthError, NameTaken, check_password, token_hash
from studpoker.server.config import Settings
from studpoker.server.db import Database, HandRow, LedgerRow, TableRow, UserRow
from studpoker.server.limits import Guards, LimitExceeded
from studpoker.server.names import account_name_problem, name_key
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
    """Liveness and a few counters (in a cluster, which process answered)."""
    reg = svc.manager
    out: dict[str, Any] = {"ok": True, "tables": len(reg.tables), "actions": reg.stats["actions"]}
    if reg.cluster is not None:
        out["process"] = reg.cluster.proc
    return out


def client_ip(request: Request) -> str:
    """The caller's address (as uvicorn gives it; behind a proxy, see ``--forwarded-allow-ips``)."""
    return request.client.host if request.client is not None else "?"


def _too_many(exc: LimitExceeded) -> HTTPException:
    return HTTPException(429, exc.message, headers={"Retry-After": exc.retry_after_header})


async def _in_db(svc: Services, fn: Callable[[], T]) -> T:
    return await svc.manager.run_db(fn)


async def _password_of(svc: Services, request: Request, name: str, password: str) -> int | None:
    """The account id of ``name`` if ``password`` is its password, else None. Every try
    counts against the failed-login limits of the address and the name (429 with
    ``Retry-After``), and the hash is checked even for an unknown name (the same cost)."""
    ip, key = client_ip(request), name_key(name)
    try:
        attempt = await svc.guards.login_attempt(ip, key)
    except LimitExceeded as exc:
        raise _too_many(exc) from None

    def stored() -> tuple[int | None, str | None]:
        with svc.db.session() as s:
            return svc.auth.stored_hash(s, name)

    uid, password_hash = await _in_db(svc, stored)
    try:
        ok = await svc.guards.hashes.verify(svc.auth.hasher, svc.auth.hash_to_check(password_hash),
                                            password)
    except LimitExceeded as exc:
        raise _too_many(exc) from None
    if not ok or uid is None or password_hash is None:
        return None
    await svc.guards.login_succeeded(ip, key, attempt)
    return uid


@router.post("/register")
async def register(body: Credentials, request: Request, svc: Svc) -> dict[str, Any]:
    """A new account; returns a token. 409 if the name (in any case) is taken."""
    problem = account_name_problem(body.name)
    if problem is not None:
        raise HTTPException(400, problem)
    try:
        check_password(body.password)
    except AuthError as exc:
        raise HTTPException(400, str(exc)) from None
    try:
        await svc.guards.new_account(client_ip(request))
    except LimitExceeded as exc:
        raise _too_many(exc) from None

    def check() -> None:
        with svc.db.session() as s:
            svc.auth.check_new_account(s, body.name, body.password)

    try:
        await _in_db(svc, check)
        password_hash = await svc.guards.hashes.hash(svc.auth.hasher, body.password, wait=30.0)
    except NameTaken as exc:
        raise HTTPException(409, str(exc)) from None
    except AuthError as exc:
        raise HTTPException(400, str(exc)) from None
    except LimitExceeded as exc:
        raise _too_many(exc) from None

    def create() -> dict[str, Any]:
        with svc.db.session() as s:
            try:
                user = svc.auth.create_account(s, body.name, password_hash)
                token = svc.auth.issue_token(s, user)
                s.commit()
            except IntegrityError:
                s.rollback()
                raise NameTaken(f"the name {body.name!r} is taken") from None
            return {"token": token, "user": _user_json(user)}

    try:
        return await _in_db(svc, create)
    except NameTaken as exc:
        raise HTTPException(409, str(exc)) from None


@router.post("/login")
async def login(body: Credentials, request: Request, svc: Svc) -> dict[str, Any]:
    """A token for an existing account. Failed tries are limited per address and per name
    (429 with ``Retry-After``)."""
    uid = await _password_of(svc, request, body.name, body.password)
    if uid is None:
        raise HTTPException(401, "wrong name or password")
    user_id = uid

    def issue() -> dict[str, Any]:
        with svc.db.session() as s:
            user = s.get(UserRow, user_id)
            if user is None:  # pragma: no cover - deleted meanwhile
                raise HTTPException(401, "wrong name or password")
            token = svc.auth.issue_token(s, user)
            s.commit()
            return {"token": token, "user": _user_json(user)}

    return await _in_db(svc, issue)


class Nickname(BaseModel):
    """A name for a guest (the rules of account names)."""

    name: str = Field(max_length=64)


@router.post("/guest")
async def guest(request: Request, svc: Svc,
                body: Annotated[Nickname | None, Body()] = None) -> dict[str, Any]:
    """A guest account with play money; returns a token (at most ``guests_per_ip`` per address
    in any ``guest_window`` seconds: 429). ``{"name": "ann"}`` picks its nickname (the rules of
    account names: 400; taken: 409), else it is ``guest-`` and eight hex digits."""
    name = body.name if body is not None else None
    if name is not None and (problem := account_name_problem(name)) is not None:
        raise HTTPException(400, problem)
    try:
        await svc.guards.new_guest(client_ip(request))
    except LimitExceeded as exc:
        raise _too_many(exc) from None

    def create() -> dict[str, Any]:
        with svc.db.session() as s:
            try:
                user = svc.auth.guest(s, name)
                token = svc.auth.issue_token(s, user)
                s.commit()
            except IntegrityError:
                s.rollback()
                raise NameTaken(f"the name {name!r} is taken") from None
            return {"token": token, "user": _user_json(user)}

    try:
        return await _in_db(svc, create)
    except NameTaken as exc:
        raise HTTPException(409, str(exc)) from None
    except AuthError as exc:
        raise HTTPException(400, str(exc)) from None


def _rename(svc: Services, s: Any, row: UserRow, name: str) -> None:
    """A guest's new nickname: only before it has played (its hands are stored under its name)."""
    if name == row.name:
        return
    if s.scalar(select(LedgerRow.id).where(LedgerRow.user_id == row.id,
                                           LedgerRow.kind.in_(("buy_in", "tourney_buy_in"))).limit(1)):
        raise HTTPException(409, f"{row.name} has played already: the hands keep that name")
    svc.auth.check_name(s, name, user_id=row.id)
    row.name = name
    row.name_key = name_key(name)


def _renamed(svc: Services, user_id: int, name: str) -> None:
    """The websockets of this process logged in as the user speak with the new name."""
    for conn in svc.manager.connections.get(user_id, ()):
        if hasattr(conn, "name"):
            conn.name = name


@router.post("/me/name")
async def guest_name(body: Nickname, user: User, svc: Svc) -> dict[str, Any]:
    """A guest picks (or changes) its nickname, before its first hand (409 after it: the hands
    are stored under the name); the rules of account names (400), not taken (409)."""
    if not user.guest:
        raise HTTPException(400, "an account keeps its name")

    def rename() -> dict[str, Any]:
        with svc.db.session() as s:
            row = s.get(UserRow, user.id)
            if row is None:  # pragma: no cover - deleted meanwhile
                raise HTTPException(401, "no such account")
            try:
                _rename(svc, s, row, body.name)
                s.commit()
            except IntegrityError:
                s.rollback()
                raise NameTaken(f"the name {body.name!r} is taken") from None
            return _user_json(row)

    try:
        out = await _in_db(svc, rename)
    except NameTaken as exc:
        raise HTTPException(409, str(exc)) from None
    except AuthError as exc:
        raise HTTPException(400, str(exc)) from None
    _renamed(svc, user.id, str(out["name"]))
    return out


class Upgrade(BaseModel):
    """A password for a guest turning into an account (and a name, if it changes)."""

    password: str = Field(max_length=256)
    name: str | None = Field(default=None, max_length=64)


@router.post("/me/account")
async def guest_to_account(body: Upgrade, user: User, svc: Svc) -> dict[str, Any]:
    """A guest becomes an account with a password, keeping its balance, seats and hands (and its
    name, even a ``guest-...`` one it played under; a new one only before its first hand). Logs in
    with that name and password from then on."""
    if not user.guest:
        raise HTTPException(400, "this is an account already")
    try:
        check_password(body.password)
    except AuthError as exc:
        raise HTTPException(400, str(exc)) from None
    if body.name is not None and body.name != user.name and (problem := account_name_problem(body.name)):
        raise HTTPException(400, problem)
    try:
        password_hash = await svc.guards.hashes.hash(svc.auth.hasher, body.password, wait=30.0)
    except LimitExceeded as exc:
        raise _too_many(exc) from None

    def upgrade() -> dict[str, Any]:
        with svc.db.session() as s:
            row = s.get(UserRow, user.id)
            if row is None:  # pragma: no cover - deleted meanwhile
                raise HTTPException(401, "no such account")
            try:
                if body.name is not None:
                    _rename(svc, s, row, body.name)
                svc.auth.set_password(row, password_hash)
                row.guest = False
                s.commit()
            except IntegrityError:
                s.rollback()
                raise NameTaken(f"the name {body.name!r} is taken") from None
            return _user_json(row)

    try:
        out = await _in_db(svc, upgrade)
    except NameTaken as exc:
        raise HTTPException(409, str(exc)) from None
    except AuthError as exc:
        raise HTTPException(400, str(exc)) from None
    _renamed(svc, user.id, str(out["name"]))
    return out


@router.post("/logout")
async def logout(user: User, svc: Svc) -> dict[str, Any]:
    """Forget the token; websockets logged in with it are closed."""
    def revoke() -> None:
        with svc.db.session() as s:
            svc.auth.revoke(s, user.token)
            s.commit()

    await _in_db(svc, revoke)
    close_sockets(svc.manager, user.id, {token_hash(user.token)}, "logged out")
    return {"ok": True}


class PasswordChange(BaseModel):
    """The current password and the new one."""

    password: str = Field(max_length=256)
    new_password: str = Field(max_length=256)


@router.post("/password")
async def change_password(body: PasswordChange, request: Request, user: User, svc: Svc) -> dict[str, Any]:
    """Change the password: every token of the account is revoked (and its websockets
    closed); returns a new token."""
    if user.guest:
        raise HTTPException(400, "a guest has no password")
    try:
        check_password(body.new_password)
    except AuthError as exc:
        raise HTTPException(400, str(exc)) from None
    if await _password_of(svc, request, user.name, body.password) is None:
        raise HTTPException(403, "wrong password")
    try:
        new_hash = await svc.guards.hashes.hash(svc.auth.hasher, body.new_password, wait=30.0)
    except LimitExceeded as exc:
        raise _too_many(exc) from None

    def change() -> tuple[dict[str, Any], list[str]]:
        with svc.db.session() as s:
            row = s.get(UserRow, user.id)
            if row is None:  # pragma: no cover - deleted meanwhile
                raise HTTPException(401, "no such account")
            svc.auth.set_password(row, new_hash)
            revoked = svc.auth.revoke_all(s, user.id)
            token = svc.auth.issue_token(s, row)
            s.commit()
            return {"token": token, "user": _user_json(row)}, revoked

    out, revoked = await _in_db(svc, change)
    close_sockets(svc.manager, user.id, set(revoked), "the password changed")
    return out


@router.get("/me")
def me(user: User) -> dict[str, Any]:
    """The caller's account and balance."""
    return _user_json(user)


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
