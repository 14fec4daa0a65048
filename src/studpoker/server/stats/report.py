"""The caller's report (:mod:`studpoker.report`) from the hands played here and the hands imported.

Routes (the filters ``game``, ``room``, ``since``, ``until`` (days, ``YYYY-MM-DD``) and
``table`` as in ``studpoker stats --report``; a bad value is a 400 naming the field):

* ``GET /api/me/report?game=&room=&since=&until=&table=``: the report of the caller's
  finished hands at cash tables (found by account id, never by name; the newest
  :data:`MAX_REPORT_HANDS`), as ``studpoker stats --report --json`` prints it, plus
  ``png``: the results picture (:func:`studpoker.report.results_png`, base64) and
  ``truncated``. Each biggest win and loss has the stored hand's ``hand_id`` (its replay:
  ``#/hand/{hand_id}``). A played hand's room is ``studpoker``, its table the table's name.
* ``POST /api/me/report``: the same, the filters in the JSON body with ``imported``: PHH
  texts of imported hands (what ``POST /api/import`` answered, at most
  :data:`MAX_IMPORTED` of :data:`MAX_IMPORTED_CHARS` characters each), counted with the
  played ones (a hand without ``_hero`` is left out); an imported biggest hand carries
  ``imported``: its place in that list.
* ``GET /api/me/report.png?...``: the picture alone (``image/png``), the same bytes.
"""

from __future__ import annotations

import base64
import collections
from typing import Any

from fastapi import APIRouter, HTTPException, Response
from pydantic import BaseModel, Field
from sqlalchemy import select

from studpoker import phh
from studpoker.engine.games import phh_order
from studpoker.report import Filters, Report, ReportBuilder, ReportError, results_png
from studpoker.server.api import Svc, User
from studpoker.server.db import Database, HandRow, LedgerRow, TableRow
from studpoker.stats import StatsError, tables_of_text

__all__ = ["MAX_IMPORTED", "MAX_IMPORTED_CHARS", "MAX_REPORT_HANDS", "build_report", "router"]

MAX_REPORT_HANDS = 5000
"""Played hands a report reads at most: the newest ones."""
MAX_IMPORTED = 1000
"""Imported hands a report takes at most (``POST /api/import`` lists as many)."""
MAX_IMPORTED_CHARS = 200_000
"""The longest imported hand's PHH text."""

router = APIRouter(prefix="/api")


class ReportRequest(BaseModel):
    """``POST /api/me/report``: the filters and the imported hands' PHH texts."""

    game: str | None = Field(default=None, max_length=64)
    room: str | None = Field(default=None, max_length=64)
    since: str | None = Field(default=None, max_length=32)
    until: str | None = Field(default=None, max_length=32)
    table: str | None = Field(default=None, max_length=128)
    imported: list[str] = Field(default_factory=list, max_length=MAX_IMPORTED)


def _filters(*, game: str | None, room: str | None, since: str | None, until: str | None,
             table: str | None) -> Filters:
    try:
        return Filters.parse(game=game, room=room, since=since, until=until, table=table)
    except ReportError as exc:
        raise HTTPException(400, str(exc)) from None


def _played(db: Database, user_id: int) -> tuple[list[tuple[HandRow, str]], bool]:
    """The caller's newest finished hands (oldest first), each with its table's name."""
    with db.session() as s:
        table_ids = list(s.scalars(select(LedgerRow.table_id).where(
            LedgerRow.user_id == user_id, LedgerRow.kind == "buy_in",
            LedgerRow.table_id.is_not(None)).distinct()))
        if not table_ids:
            return [], False
        names = {t.id: t.name for t in s.scalars(select(TableRow).where(TableRow.id.in_(table_ids)))}
        q = (select(HandRow).where(HandRow.table_id.in_(table_ids), HandRow.status == "over",
                                   HandRow.phh.is_not(None)).order_by(HandRow.id.desc()))
        kept: collections.deque[tuple[HandRow, str]] = collections.deque()
        truncated = False
        for h in s.scalars(q.limit(4 * MAX_REPORT_HANDS)):
            if h.seat_of(user_id) is None:
                continue
            if len(kept) >= MAX_REPORT_HANDS:
                truncated = True
                break
            s.expunge(h)
            kept.appendleft((h, names.get(h.table_id, str(h.table_id))))
        return list(kept), truncated


def build_report(db: Database, user_id: int, filters: Filters,
                 imported: list[str] | None = None) -> tuple[Report, bool]:
    """The report of the account's played hands and the ``imported`` PHH texts; whether the
    played hands were cut to :data:`MAX_REPORT_HANDS`. A played hand's hero is the seat of the
    account, found by its id."""
    builder = ReportBuilder(None, filters, skip_unnamed=True)  # an import may have no hero
    hands, truncated = _played(db, user_id)
    for h, table_name in hands:
        hs = h.seat_of(user_id)
        assert h.phh is not None and hs is not None
        history = phh.read_one(h.phh)
        order = phh_order(h.dealer, len(h.hand_seats))
        players = history.players or []
        if hs not in order or len(players) != len(order):
            continue
        hero = players[order.index(hs)]
        for table in tables_of_text(h.phh, source=f"hand {h.id}"):
            table.data["table"] = table_name
            builder.add_table(table, hero=hero, hand_id=h.id, when=h.ended_at or h.started_at)
    for i, text in enumerate(imported or []):
        if len(text) > MAX_IMPORTED_CHARS:
            raise HTTPException(400, f"imported[{i}]: longer than {MAX_IMPORTED_CHARS} characters")
        try:
            builder.add_text(text, source="imported", imported=i)
        except (StatsError, ReportError, phh.PHHError) as exc:
            raise HTTPException(400, f"imported[{i}]: {exc}") from None
    return builder.report(), truncated


def _answer(rep: Report, truncated: bool) -> dict[str, Any]:
    return {**rep.to_dict(), "truncated": truncated,
            "png": base64.b64encode(results_png(rep)).decode("ascii")}


@router.get("/me/report")
def my_report(user: User, svc: Svc, game: str | None = None, room: str | None = None,
              since: str | None = None, until: str | None = None,
              table: str | None = None) -> dict[str, Any]:
    """The caller's report of the hands played here (see the module doc)."""
    filters = _filters(game=game, room=room, since=since, until=until, table=table)
    return _answer(*build_report(svc.db, user.id, filters))


@router.post("/me/report")
def my_report_with_imports(body: ReportRequest, user: User, svc: Svc) -> dict[str, Any]:
    """The caller's report of the hands played here and the imported ones."""
    filters = _filters(game=body.game, room=body.room, since=body.since, until=body.until,
                       table=body.table)
    return _answer(*build_report(svc.db, user.id, filters, body.imported))


@router.get("/me/report.png")
def my_report_png(user: User, svc: Svc, game: str | None = None, room: str | None = None,
                  since: str | None = None, until: str | None = None,
                  table: str | None = None) -> Response:
    """The results picture of the caller's report (the same bytes as ``png``)."""
    filters = _filters(game=game, room=room, since=since, until=until, table=table)
    rep, _ = build_report(svc.db, user.id, filters)
    return Response(results_png(rep), media_type="image/png")
