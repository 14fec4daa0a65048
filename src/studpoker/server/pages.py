"""The browser client's HTTP side: card pictures, the caller's hands, replays, static files.

:func:`install` adds to a server app (``studpoker.server.create_app`` calls it):

- ``GET /svg/card/{name}.svg``: a card drawn by :mod:`studpoker.svg` (``As``, ``Jk``,
  ``back`` for a hidden card; ``?four_color=1`` for a four-colour deck), cached;
- ``GET /api/me/hands``: the caller's finished hands, newest first;
- ``GET /api/hands/{id}/replay``: a finished hand step by step, as the caller saw it
  (other players' down cards hidden unless shown);
- ``GET /api/hands/{id}/phh``: the same hand as a PHH file (the public history with
  the caller's own down cards filled in);
- ``/``: the single-page client in ``studpoker/web/static/`` (``index.html``, ES modules, CSS).

The client itself is static files only (``studpoker/web/``); see ``docs/web.md``.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from studpoker._extras import missing_extra

try:
    from fastapi import APIRouter, FastAPI, HTTPException, Response
    from fastapi.middleware.gzip import GZipMiddleware
    from fastapi.staticfiles import StaticFiles
    from sqlalchemy import select
except ImportError as _exc:
    raise missing_extra(_exc, what="the browser client", extra="server") from _exc

from studpoker import svg
from studpoker.codec import result_dict
from studpoker.engine.cards import CardError
from studpoker.engine.games import GAMES, game_info, phh_order
from studpoker.fairness import Opening, open_cards, seen_cards
from studpoker.server.api import DbId, MaybeUser, QueryInt, Svc, User
from studpoker.server.db import HandEventRow, HandRow, LedgerRow, TableRow
from studpoker.server.replay import Replay, ReplayError, replay, seat_phh
from studpoker.server.tables.api import refuse_private

__all__ = ["STATIC_DIR", "install", "router"]

STATIC_DIR = Path(__file__).resolve().parent.parent / "web" / "static"

router = APIRouter()


@lru_cache(maxsize=256)
def _card_svg(name: str, four_color: bool, wild: bool = False) -> str:
    return str(svg.card_by_name(name, size=240, four_color=four_color, wild=wild))


@router.get("/svg/card/{name}.svg", include_in_schema=False)
def card_svg(name: str, four_color: bool = False, wild: bool = False) -> Response:
    """A card drawn by :mod:`studpoker.svg`: ``As``, ``Jk`` or ``back``; ``wild``: starred (R8.1)."""
    try:
        text = _card_svg(name, four_color, wild)
    except CardError:
        raise HTTPException(404, f"no card {name!r}") from None
    return Response(text, media_type="image/svg+xml",
                    headers={"Cache-Control": "public, max-age=86400, immutable"})


def _start_names(h: HandRow) -> list[str]:
    """The labels of the hand's seats, by hand seat."""
    names = {int(e["seat"]): str(e["name"]) for e in h.start}
    return [names.get(ts, f"seat {ts + 1}") for ts in h.hand_seats]


@router.get("/api/me/hands")
def my_hands(user: User, svc: Svc, limit: QueryInt = 50,
             before: QueryInt | None = None) -> list[dict[str, Any]]:
    """The caller's finished hands, newest first (``before``: a hand id, for paging)."""
    limit = max(1, min(limit, 200))
    with svc.db.session() as s:
        table_ids = list(s.scalars(select(LedgerRow.table_id).where(
            LedgerRow.user_id == user.id, LedgerRow.kind == "buy_in",
            LedgerRow.table_id.is_not(None)).distinct()))
        if not table_ids:
            return []
        q = select(HandRow).where(HandRow.table_id.in_(table_ids), HandRow.status == "over")
        if before is not None:
            q = q.where(HandRow.id < before)
        tables = {t.id: t for t in s.scalars(select(TableRow).where(TableRow.id.in_(table_ids)))}
        out: list[dict[str, Any]] = []
        for h in s.scalars(q.order_by(HandRow.id.desc()).limit(limit * 8)):
            hs = h.seat_of(user.id)  # the caller's seat by account id, never by name
            if hs is None:
                continue
            names = _start_names(h)
            t = tables[h.table_id]
            game = (h.game or t.config["game"])["game"]  # each hand its own game (a mixed table, R7.3)
            out.append({
                "id": h.id, "table": h.table_id, "table_name": t.name, "game": game,
                "game_name": GAMES[game].title,
                "number": h.number, "players": names, "you": hs,
                "payoff": h.payoffs[hs] if h.payoffs else 0,
                "ended_at": h.ended_at.isoformat() + "Z" if h.ended_at else None,
            })
            if len(out) >= limit:
                break
        return out


def _load_replay(hand_id: int, user: Any, svc: Any, invite: str | None) -> tuple[Replay, HandRow, TableRow]:
    with svc.db.session() as s:
        h = s.get(HandRow, hand_id)
        if h is None:
            raise HTTPException(404, "no such hand")
        table = s.get(TableRow, h.table_id)
        assert table is not None
        seat = h.seat_of(user.id) if user is not None else None
        refuse_private(svc, table, user, invite, member=seat is not None)  # dealt into the hand
        if h.status != "over":
            raise HTTPException(409, "the hand is still being played")
        events = list(s.scalars(select(HandEventRow).where(HandEventRow.hand_id == h.id)
                                .order_by(HandEventRow.idx)))
        try:
            rep = replay(table, h, events, seat)
        except (ReplayError, ValueError) as exc:
            raise HTTPException(500, f"the hand does not replay: {exc}") from None
        return rep, h, table


def _openings(rep: Replay, h: HandRow) -> list[Opening]:
    """The deck openings of the cards the replay's viewer saw (never a hidden card's)."""
    return open_cards(h.seed, seen_cards(rep.hand, rep.seat), joker=rep.hand.game.joker)


@router.get("/api/hands/{hand_id}/replay")
def hand_replay(hand_id: DbId, user: MaybeUser, svc: Svc, invite: str | None = None) -> dict[str, Any]:
    """A finished hand step by step as the caller saw it (the public view for non-players)."""
    rep, h, table = _load_replay(hand_id, user, svc, invite)
    return {
        "id": h.id, "table": h.table_id, "table_name": table.name, "number": h.number,
        "config": table.config, "game_info": game_info(rep.hand.game), "seats": h.hand_seats,
        "names": rep.names, "you": rep.seat,
        "commitment": h.commitment, "openings": [o.to_dict() for o in _openings(rep, h)],
        "payoffs": h.payoffs,
        "results": [result_dict(r) for r in rep.hand.results], "steps": rep.steps,
    }


@router.get("/api/hands/{hand_id}/phh")
def hand_phh(hand_id: DbId, user: MaybeUser, svc: Svc, invite: str | None = None) -> Response:
    """The hand as a PHH file: the public history with the caller's own down cards."""
    rep, h, _ = _load_replay(hand_id, user, svc, invite)
    hand = rep.hand
    order = phh_order(hand.dealer, hand.n)
    fields: dict[str, object] = {
        "players": [rep.names[hs] for hs in order], "table": h.table_id, "hand": h.number,
        "_table_seats": [h.hand_seats[hs] for hs in order], "_commitment": h.commitment,
        "_openings": [o.to_text() for o in _openings(rep, h)],
    }
    text = seat_phh(rep, fields)
    filename = f"table{h.table_id}-hand{h.number}.phh"
    return Response(text, media_type="text/plain; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


class _ClientFiles(StaticFiles):
    """The client's files with a cache policy: browsers keep them and revalidate each use with
    ``ETag``/``Last-Modified`` (a 304 without a body), so a new version is picked up at once."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = "no-cache"
        return response


def install(app: FastAPI) -> None:
    """Add the card pictures, the replay API and the client at ``/`` (after every other route),
    and gzip for every HTTP answer over 500 bytes (the client's modules, the API's JSON)."""
    app.add_middleware(GZipMiddleware, minimum_size=500)
    app.include_router(router)
    app.mount("/", _ClientFiles(directory=STATIC_DIR, html=True), name="web")
