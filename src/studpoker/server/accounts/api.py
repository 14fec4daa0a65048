"""The REST routes of accounts: register, log in, guests, nicknames, passwords, log out, ``/me``.

Authenticated requests carry ``Authorization: Bearer TOKEN``; the transactions are
:class:`~studpoker.server.accounts.auth.Auth`'s.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Body, HTTPException, Request
from pydantic import BaseModel, Field
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from studpoker.server.accounts.auth import AuthError, NameTaken, check_password, token_hash
from studpoker.server.accounts.names import account_name_problem, name_key
from studpoker.server.api import CurrentUser, Services, Svc, User, client_ip, close_sockets, in_db, too_many
from studpoker.server.db import LedgerRow, SeatRow, UserRow
from studpoker.server.limits import LimitExceeded

__all__ = ["router"]

router = APIRouter(prefix="/api")


class Credentials(BaseModel):
    """Name and password."""

    name: str = Field(max_length=64)
    password: str = Field(max_length=256)


def _user_json(u: UserRow | CurrentUser) -> dict[str, Any]:
    return {"id": u.id, "name": u.name, "guest": u.guest, "balance": u.balance}


async def _password_of(svc: Services, request: Request, name: str, password: str) -> int | None:
    """The account id of ``name`` if ``password`` is its password, else None. Every try
    counts against the failed-login limits of the address and the name (429 with
    ``Retry-After``), and the hash is checked even for an unknown name (the same cost)."""
    ip, key = client_ip(request), name_key(name)
    try:
        attempt = await svc.guards.login_attempt(ip, key)
    except LimitExceeded as exc:
        raise too_many(exc) from None

    def stored() -> tuple[int | None, str | None]:
        with svc.db.session() as s:
            return svc.auth.stored_hash(s, name)

    uid, password_hash = await in_db(svc, stored)
    try:
        ok = await svc.guards.hashes.verify(svc.auth.hasher, svc.auth.hash_to_check(password_hash),
                                            password)
    except LimitExceeded as exc:
        raise too_many(exc) from None
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
        raise too_many(exc) from None

    def check() -> None:
        with svc.db.session() as s:
            svc.auth.check_new_account(s, body.name, body.password)

    try:
        await in_db(svc, check)
        password_hash = await svc.guards.hashes.hash(svc.auth.hasher, body.password, wait=30.0)
    except NameTaken as exc:
        raise HTTPException(409, str(exc)) from None
    except AuthError as exc:
        raise HTTPException(400, str(exc)) from None
    except LimitExceeded as exc:
        raise too_many(exc) from None

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
        return await in_db(svc, create)
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

    return await in_db(svc, issue)


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
        raise too_many(exc) from None

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
        return await in_db(svc, create)
    except NameTaken as exc:
        raise HTTPException(409, str(exc)) from None
    except AuthError as exc:
        raise HTTPException(400, str(exc)) from None


async def _refuse_while_waiting(svc: Services, user_id: int, name: str) -> None:
    """409 while the account waits for a seat at any table (of any process of a cluster)."""
    waiting = await svc.manager.seat_requests_anywhere(user_id)
    if waiting:
        raise HTTPException(409, _waiting(name, waiting[0]))


def _waiting(name: str, table_id: int) -> str:
    return (f"{name} is waiting for a seat at table {table_id}: the seat request keeps that name "
            "until the host answers it")


def _rename(svc: Services, s: Any, row: UserRow, name: str) -> None:
    """A guest's new nickname: refused (409) while it holds a seat, and once it has played (its
    hands are labelled with its name); the routes refuse it first while it waits for a seat
    (:func:`_refuse_while_waiting`). The caller holds the account's row locked: a seat taken
    meanwhile is either seen here or takes the new name."""
    if name == row.name:
        return
    seat = s.execute(select(SeatRow.table_id, SeatRow.seat).where(
        SeatRow.user_id == row.id, SeatRow.bot.is_(None)).limit(1)).first()
    if seat is not None:
        raise HTTPException(409, f"{row.name} has a seat at table {seat[0]}: a seated player keeps "
                            "its name")
    if s.scalar(select(LedgerRow.id).where(LedgerRow.user_id == row.id,
                                           LedgerRow.kind.in_(("buy_in", "tourney_buy_in"))).limit(1)):
        raise HTTPException(409, f"{row.name} has played already: the hands keep that name")
    svc.auth.rename(s, row, name)


async def _change_user(svc: Services, user_id: int, name: str | None,
                       change: Callable[[Any, UserRow], None]) -> dict[str, Any]:
    """Apply ``change(session, row)`` to the user's row in one transaction: a name taken
    meanwhile is 409, a rule of names broken 400; the user's websockets speak the new name."""

    def run() -> dict[str, Any]:
        with svc.db.session() as s:
            # the row locked (PostgreSQL) as a buy-in locks it: a seat and a rename never cross
            row = s.scalar(select(UserRow).where(UserRow.id == user_id).with_for_update())
            if row is None:  # pragma: no cover - deleted meanwhile
                raise HTTPException(401, "no such account")
            try:
                change(s, row)
                s.commit()
            except IntegrityError:
                s.rollback()
                raise NameTaken(f"the name {name!r} is taken") from None
            return _user_json(row)

    try:
        out = await in_db(svc, run)
    except NameTaken as exc:
        raise HTTPException(409, str(exc)) from None
    except AuthError as exc:
        raise HTTPException(400, str(exc)) from None
    svc.manager.renamed(user_id, str(out["name"]))  # shown on every process
    return out


@router.post("/me/name")
async def guest_name(body: Nickname, user: User, svc: Svc) -> dict[str, Any]:
    """A guest picks (or changes) its nickname, before its first hand (409 after it: the hands
    are stored under the name); the rules of account names (400), not taken (409)."""
    if not user.guest:
        raise HTTPException(400, "an account keeps its name")

    if body.name != user.name:
        await _refuse_while_waiting(svc, user.id, user.name)

    def rename(s: Any, row: UserRow) -> None:
        _rename(svc, s, row, body.name)

    return await _change_user(svc, user.id, body.name, rename)


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
        raise too_many(exc) from None

    if body.name is not None and body.name != user.name:
        await _refuse_while_waiting(svc, user.id, user.name)

    def upgrade(s: Any, row: UserRow) -> None:
        if body.name is not None:
            _rename(svc, s, row, body.name)
        svc.auth.set_password(row, password_hash)
        row.guest = False

    return await _change_user(svc, user.id, body.name, upgrade)


@router.post("/logout")
async def logout(user: User, svc: Svc) -> dict[str, Any]:
    """Forget the token; websockets logged in with it are closed."""
    def revoke() -> None:
        with svc.db.session() as s:
            svc.auth.revoke(s, user.token)
            s.commit()

    await in_db(svc, revoke)
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
        raise too_many(exc) from None

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

    out, revoked = await in_db(svc, change)
    close_sockets(svc.manager, user.id, set(revoked), "the password changed")
    return out


@router.get("/me")
def me(user: User) -> dict[str, Any]:
    """The caller's account and balance."""
    return _user_json(user)

