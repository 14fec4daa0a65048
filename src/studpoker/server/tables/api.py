"""The REST routes of tables: the lobby, creating and closing a table, a table's info, its hands.

Thin over the :class:`~studpoker.server.tables.registry.Registry`; who may see a private
table is :mod:`studpoker.server.access`'s rule.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request
from sqlalchemy import select

from studpoker.server import access
from studpoker.server.api import CurrentUser, DbId, MaybeUser, QueryInt, Services, Svc, User
from studpoker.server.db import HandRow, TableRow
from studpoker.server.protocol import TableConfig
from studpoker.server.tables.room import ProtocolError

__all__ = ["may_see_history", "refuse_private", "router"]

router = APIRouter(prefix="/api")


def _error(exc: ProtocolError) -> HTTPException:
    status = {"forbidden": 403, "no_table": 404}.get(exc.code, 400)
    return HTTPException(status, exc.message)


@router.get("/tables")
async def list_tables(user: MaybeUser, svc: Svc) -> list[dict[str, Any]]:
    """The lobby."""
    return await svc.manager.lobby_entries(user.id if user else None)


def _with_invite_url(info: dict[str, Any], request: Request) -> dict[str, Any]:
    """The owner's ``invite_url`` next to the invite code: the link to send friends, on the public
    URL (``--public-url``; without one, the address this request came to)."""
    if info.get("invite_code"):
        fallback = str(request.base_url).rstrip("/")
        site = request.app.state.site
        info["invite_url"] = site.invite_url(info["id"], info["invite_code"], fallback=fallback)
    return info


@router.post("/tables", status_code=201)
async def create_table(config: TableConfig, user: User, svc: Svc, request: Request) -> dict[str, Any]:
    """Create a table; the caller owns it. A private table gets an invite code (and its link)."""
    try:
        return _with_invite_url(await svc.manager.create_table(user.id, user.name, config), request)
    except ProtocolError as exc:
        raise _error(exc) from None


@router.get("/tables/{table_id}")
async def get_table(table_id: DbId, user: MaybeUser, svc: Svc, request: Request,
                    invite: str | None = None) -> dict[str, Any]:
    """A table as a watcher sees it (its owner: the invite code and link too)."""
    try:
        info = await svc.manager.table_info(table_id, user.id if user else None, invite)
        return _with_invite_url(info, request)
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


def may_see_history(svc: Services, table: TableRow, user: CurrentUser | None, invite: str | None, *,
                    member: bool = False) -> bool:
    """The private-table rule (:func:`studpoker.server.access.may_see`) for a stored table's
    history: its members are its seated players (at its live room) and ``member`` (played
    there, or dealt into the hand asked for)."""
    uid = user.id if user is not None else None
    room = svc.manager.tables.get(table.id)
    seated = uid is not None and room is not None and room.user_seat(uid) is not None
    return access.may_see(private=table.private, owner_id=table.owner_id, invite_code=table.invite_code,
                          user_id=uid, invite=invite, member=member or seated)


def refuse_private(svc: Services, table: TableRow, user: CurrentUser | None, invite: str | None, *,
                   member: bool = False) -> None:
    """403 unless :func:`may_see_history`."""
    if not may_see_history(svc, table, user, invite, member=member):
        raise HTTPException(403, access.PRIVATE)


def _hand_json(h: HandRow) -> dict[str, Any]:
    return {
        "id": h.id, "table": h.table_id, "number": h.number, "status": h.status,
        "commitment": h.commitment, "seats": h.hand_seats,
        "dealer": h.dealer, "payoffs": h.payoffs,
        # the seats dealt in with their chips and names (their accounts stay on the server)
        "start": [{k: v for k, v in e.items() if k != "user_id"} for e in h.start],
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
        refuse_private(svc, table, user, invite)
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
        refuse_private(svc, table, user, invite)
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
