"""What every REST route shares: the app's :class:`Services`, the caller (``Authorization:
Bearer TOKEN``: :data:`User`, :data:`MaybeUser`), ids in paths, the limits' 429; and the routes of
no one feature, ``/api/health`` and ``/api/games``.

The features' routes: :mod:`~studpoker.server.accounts.api` (accounts),
:mod:`~studpoker.server.tables.api` (tables, the lobby, finished hands),
:mod:`~studpoker.server.tournaments.api` and :mod:`~studpoker.server.stats.api`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Depends, Header, HTTPException, Path, Query, Request

from studpoker.bots import BOT_NAMES, DEFAULT_BOT, LEVELS, bot_kinds
from studpoker.engine.games import GAMES, from_options, game_info
from studpoker.server.accounts.auth import Auth, AuthError
from studpoker.server.config import Settings
from studpoker.server.db import Database
from studpoker.server.limits import Guards, LimitExceeded
from studpoker.server.tables import Registry

__all__ = ["DbId", "MaybeUser", "QueryInt", "Services", "Svc", "User", "client_ip", "close_sockets", "in_db",
           "router", "too_many"]

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
