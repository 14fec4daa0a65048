"""Player statistics online: a player's profile, the leaderboard, all my hands as one file.

The statistics are :mod:`studpoker.stats`'s (so online numbers mean exactly
what ``studpoker stats`` and ``docs/stats.md`` say), kept up to date as hands
end: the transaction that stores a hand's last action adds its statistics,
read from the hand's log, to each of its players' rows (``player_stats``:
the counters per player and game, net chips and a bounded chart). A profile
or the leaderboard reads those rows only, so it costs the same with a million
stored hands as with ten, and both show the same numbers: one definition, the
hands a player (an account, not a bot) was dealt into at cash tables
(tournament hands are played with tournament chips, not a balance's).

Routes (JSON unless said otherwise):

* ``GET /api/players/{name}/stats``: ``{"name", "games": [stats row per game],
  "chart": {game: [net chips after each hand, from 0]}, "chart_step": {game: n}}``
  (a point every ``n`` hands: 1 until a player has more than 1,000 hands in the
  game, then doubling); ``?game=stud`` keeps one game. A seat's statistics popup
  reads ``hands``, ``vpip`` and ``af`` here.
* ``GET /api/leaderboard?game=stud&min_hands=20&limit=50``: accounts with at
  least ``min_hands`` hands in the game, by net chips:
  ``[{"rank", "name", "hands", "net", "per100", "vpip", "af"}, ...]``.
* ``GET /api/me/hands.phhs``: every finished hand of the caller as one
  ``.phhs`` file, each hand as the caller saw it (other players' down cards
  that were never shown are ``??``; :func:`studpoker.phh.for_viewer`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields
from typing import Any

from fastapi import APIRouter, HTTPException, Response
from sqlalchemy import select

from studpoker import phh
from studpoker.fairness import keep_seen_openings
from studpoker.games import GAMES
from studpoker.server.api import Svc, User
from studpoker.server.db import Database, HandRow, LedgerRow, PlayerStatsRow, UserRow
from studpoker.stats import PlayerStats

__all__ = ["all_hands_of", "hands_of", "leaderboard", "profile", "router", "stats_of_row"]

router = APIRouter(prefix="/api")

_GAMES = tuple(GAMES)


def _names(h: HandRow) -> list[str]:
    return [str(e["name"]) for e in h.start]


def hands_of(db: Database, name: str) -> Iterator[HandRow]:
    """The finished hands in which ``name`` was dealt in, oldest first."""
    with db.session() as s:
        user = s.scalars(select(UserRow).where(UserRow.name == name)).first()
        if user is None:
            return
        table_ids = list(s.scalars(select(LedgerRow.table_id).where(
            LedgerRow.user_id == user.id, LedgerRow.kind == "buy_in",
            LedgerRow.table_id.is_not(None)).distinct()))
        if not table_ids:
            return
        q = (select(HandRow).where(HandRow.table_id.in_(table_ids), HandRow.status == "over")
             .order_by(HandRow.id))
        for h in s.scalars(q):
            if h.phh and name in _names(h):
                yield h


def stats_of_row(row: PlayerStatsRow, name: str) -> PlayerStats:
    """A stored row as :class:`studpoker.stats.PlayerStats` (the counters it knows)."""
    stats = PlayerStats(name=name, game=row.game)
    known = {f.name for f in fields(stats)}
    for key, value in (row.counts or {}).items():
        if key in known and key not in ("name", "game", "nets"):
            setattr(stats, key, value)
    return stats


def profile(db: Database, name: str, *, game: str | None = None) -> dict[str, Any]:
    """``name``'s statistics per game and chips over hands (KeyError: no such player)."""
    with db.session() as s:
        uid = s.scalars(select(UserRow.id).where(UserRow.name == name)).first()
        if uid is None:
            raise KeyError(name)
        q = select(PlayerStatsRow).where(PlayerStatsRow.user_id == uid)
        if game is not None:
            q = q.where(PlayerStatsRow.game == game)
        rows = list(s.scalars(q.order_by(PlayerStatsRow.game)))
    games, chart, steps = [], {}, {}
    for row in rows:
        stats = stats_of_row(row, name)
        # each row with its game's display name (the browser keeps no table of names)
        title = GAMES[row.game].title if row.game in GAMES else row.game
        games.append({**stats.to_dict(), "game_name": title})
        points = list(row.chart or [0])
        if row.hands % row.chart_step:  # the chart ends at the net chips now
            points.append(row.net)
        chart[row.game] = points
        steps[row.game] = row.chart_step
    return {"name": name, "games": games, "chart": chart, "chart_step": steps}


def leaderboard(db: Database, *, game: str, min_hands: int = 20, limit: int = 50) -> list[dict[str, Any]]:
    """Accounts ranked by net chips in ``game`` (players under ``min_hands`` left out)."""
    with db.session() as s:
        rows = s.execute(select(PlayerStatsRow, UserRow.name)
                         .join(UserRow, UserRow.id == PlayerStatsRow.user_id)
                         .where(PlayerStatsRow.game == game, PlayerStatsRow.hands >= min_hands)
                         .order_by(PlayerStatsRow.net.desc(), UserRow.name).limit(limit)).all()
    out = []
    for i, (row, name) in enumerate(rows):
        st = stats_of_row(row, name)
        out.append({"rank": i + 1, "name": name, "hands": st.hands, "net": st.net, "per100": st.per100,
                    "vpip": st.vpip, "af": st.af()})
    return out


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

