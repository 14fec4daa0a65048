"""The routes of player statistics: a player's profile, the leaderboard, all my hands as one file.

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

from typing import Any

from fastapi import APIRouter, HTTPException, Response

from studpoker.engine.games import GAMES
from studpoker.server.api import Svc, User
from studpoker.server.stats.store import all_hands_of, leaderboard, profile

__all__ = ["router"]

router = APIRouter(prefix="/api")

_GAMES = tuple(GAMES)


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
    text = all_hands_of(svc.db, user.id)
    return Response(text, media_type="text/plain; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{user.name}-hands.phhs"'})

