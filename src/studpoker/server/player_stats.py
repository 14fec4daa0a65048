"""Player statistics online: a player's profile, the leaderboard, all my hands as one file.

Computed with :mod:`studpoker.stats` from the full PHH history the server
stores with every finished hand (``hands.phh``), so online numbers mean
exactly what ``studpoker stats`` and ``docs/stats.md`` say.

Routes (JSON unless said otherwise):

* ``GET /api/players/{name}/stats``: ``{"name", "games": [stats row per game],
  "chart": {game: [chips after each hand, from 0]}}``; ``?game=stud`` keeps one
  game. A seat's statistics popup reads ``hands``, ``vpip`` and ``af`` here.
* ``GET /api/leaderboard?game=stud&min_hands=20&limit=50``: accounts (not
  bots) with at least ``min_hands`` hands in the game, by net chips:
  ``[{"rank", "name", "hands", "net", "per100", "vpip", "af"}, ...]``.
* ``GET /api/me/hands.phhs``: every finished hand of the caller as one
  ``.phhs`` file, each hand as the caller saw it (other players' down cards
  that were never shown are ``??``; :func:`studpoker.phh.for_viewer`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from fastapi import APIRouter, HTTPException, Response
from sqlalchemy import select

from studpoker import phh
from studpoker.fairness import keep_seen_openings
from studpoker.games import GAMES
from studpoker.server.api import Svc, User
from studpoker.server.db import Database, HandRow, UserRow
from studpoker.stats import Stats, StatsError

__all__ = ["all_hands_of", "hands_of", "leaderboard", "profile", "router"]

router = APIRouter(prefix="/api")

_GAMES = tuple(GAMES)


def _names(h: HandRow) -> list[str]:
    return [str(e["name"]) for e in h.start]


def hands_of(db: Database, name: str) -> Iterator[HandRow]:
    """The finished hands in which ``name`` was dealt in, oldest first: at any table, cash or
    tournament. The one definition of a player's hands, for the profile and the leaderboard alike
    (:func:`leaderboard` reads every finished hand; this one the hands whose players hold the name)."""
    with db.session() as s:
        if s.scalars(select(UserRow.id).where(UserRow.name == name)).first() is None:
            return
        ids = [hid for hid, start in s.execute(select(HandRow.id, HandRow.start).where(
            HandRow.status == "over", HandRow.phh.is_not(None)).order_by(HandRow.id))
            if any(str(e.get("name")) == name for e in start)]
        for lo in range(0, len(ids), 500):
            for h in s.scalars(select(HandRow).where(HandRow.id.in_(ids[lo:lo + 500])).order_by(HandRow.id)):
                if h.phh and name in _names(h):
                    yield h


def _all_stats(db: Database) -> Stats:
    stats = Stats()
    with db.session() as s:
        for text in s.scalars(select(HandRow.phh).where(HandRow.status == "over",
                                                         HandRow.phh.is_not(None))
                              .order_by(HandRow.id)):
            if text:
                stats.add_text(text, source="hand")
    return stats


def profile(db: Database, name: str, *, game: str | None = None) -> dict[str, Any]:
    """``name``'s statistics per game and chips over hands (KeyError: no such player)."""
    with db.session() as s:
        if s.scalars(select(UserRow.id).where(UserRow.name == name)).first() is None:
            raise KeyError(name)
    stats = Stats()
    for h in hands_of(db, name):
        assert h.phh is not None
        try:
            stats.add_text(h.phh, source=f"hand {h.id}")
        except StatsError:
            continue  # a history that does not read is left out, never a failed page
    rows = [r for r in stats.rows(player=name) if game is None or r.game == game]
    chart: dict[str, list[int]] = {}
    for r in rows:
        total, points = 0, [0]
        for x in r.nets:
            total += x
            points.append(total)
        chart[r.game] = points
    # each row with its game's display name (the browser keeps no table of names)
    games = [{**r.to_dict(), "game_name": GAMES[r.game].title} for r in rows]
    return {"name": name, "games": games, "chart": chart}


def leaderboard(db: Database, *, game: str, min_hands: int = 20, limit: int = 50) -> list[dict[str, Any]]:
    """Accounts ranked by net chips in ``game`` (bots and players under ``min_hands`` left out)."""
    with db.session() as s:
        accounts = set(s.scalars(select(UserRow.name)))
    rows = [r for r in _all_stats(db).rows() if r.game == game and r.name in accounts
            and r.hands >= min_hands]
    rows.sort(key=lambda r: (-r.net, r.name))
    return [{"rank": i + 1, "name": r.name, "hands": r.hands, "net": r.net, "per100": r.per100,
             "vpip": r.vpip, "af": r.af()} for i, r in enumerate(rows[:limit])]


def all_hands_of(db: Database, name: str) -> str:
    """Every finished hand of ``name`` as one ``.phhs`` text, as that player saw it."""
    out: list[phh.HandHistory] = []
    for h in hands_of(db, name):
        assert h.phh is not None
        history = phh.read_one(h.phh)
        players = history.players or []
        if name not in players:
            continue
        mine = phh.for_viewer(history, players.index(name))
        keep_seen_openings(mine)  # the full history opens every card: keep the viewer's only
        mine.name = f"t{h.table_id}h{h.number}"
        out.append(mine)
    return phh.write_all(out)


@router.get("/players/{name}/stats")
def player_stats(name: str, svc: Svc, game: str | None = None) -> dict[str, Any]:
    """A player's profile: statistics by game and the chart of chips over hands."""
    if game is not None and game not in _GAMES:
        raise HTTPException(400, f"unknown game {game!r}: {', '.join(_GAMES)}")
    try:
        return profile(svc.db, name, game=game)
    except KeyError:
        raise HTTPException(404, f"no player {name!r}") from None


@router.get("/leaderboard")
def leaderboard_route(svc: Svc, game: str = "stud", min_hands: int = 20,
                      limit: int = 50) -> list[dict[str, Any]]:
    """Accounts by net chips in one game."""
    if game not in _GAMES:
        raise HTTPException(400, f"unknown game {game!r}: {', '.join(_GAMES)}")
    if min_hands < 0 or not 1 <= limit <= 500:
        raise HTTPException(400, "min_hands must be >= 0 and limit 1 to 500")
    return leaderboard(svc.db, game=game, min_hands=min_hands, limit=limit)


@router.get("/me/hands.phhs")
def my_hands_file(user: User, svc: Svc) -> Response:
    """All the caller's finished hands as one ``.phhs`` file (others' unshown cards ``??``)."""
    text = all_hands_of(svc.db, user.name)
    return Response(text, media_type="text/plain; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{user.name}-hands.phhs"'})

