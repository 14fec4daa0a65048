"""The REST routes of tournaments (``/api/tournaments``): thin over the
:class:`~studpoker.server.tournaments.runtime.TournamentManager` of the app."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request

from studpoker.server.api import DbId, MaybeUser, User
from studpoker.server.http import SafeJSONResponse
from studpoker.server.tournaments.runtime import TournamentManager
from studpoker.server.tournaments.store import TournamentCreate, TournamentRefused, db_list

__all__ = ["refused_response", "router"]



# ------------------------------------------------------------ REST


def _manager(request: Request) -> TournamentManager:
    manager: TournamentManager = request.app.state.tournaments
    return manager


Manager = Annotated[TournamentManager, Depends(_manager)]
router = APIRouter(prefix="/api/tournaments")


async def refused_response(_request: Request, exc: Exception) -> SafeJSONResponse:
    """The app's answer to a :class:`TournamentRefused` from any route: its status and reason."""
    assert isinstance(exc, TournamentRefused)
    return SafeJSONResponse({"detail": exc.message}, status_code=exc.status)


@router.get("")
async def list_tournaments(user: MaybeUser, manager: Manager) -> list[dict[str, Any]]:
    """Every tournament, newest first."""
    return await manager.run_db(lambda: db_list(manager.db, user.id if user else None))


@router.post("", status_code=201)
async def create_tournament(body: TournamentCreate, user: User, manager: Manager) -> dict[str, Any]:
    """A new sit-and-go, open for registration (the creator is not registered by it)."""
    return await manager.create(user.id, body)


@router.get("/{tournament_id}")
async def get_tournament(tournament_id: DbId, user: MaybeUser, manager: Manager) -> dict[str, Any]:
    """One tournament: entrants, tables, places."""
    return await manager.get(tournament_id, user.id if user else None)


@router.post("/{tournament_id}/register")
async def register(tournament_id: DbId, user: User, manager: Manager) -> dict[str, Any]:
    """Take a place (the buy-in goes to the prize pool); the tournament starts when full."""
    return await manager.register(tournament_id, user.id)


@router.post("/{tournament_id}/unregister")
async def unregister(tournament_id: DbId, user: User, manager: Manager) -> dict[str, Any]:
    """Give the place back before the start (the buy-in comes back)."""
    return await manager.unregister(tournament_id, user.id)


@router.post("/{tournament_id}/cancel")
async def cancel(tournament_id: DbId, user: User, manager: Manager) -> dict[str, Any]:
    """Creator only, before the start: the tournament is cancelled and every buy-in refunded."""
    return await manager.cancel(tournament_id, user.id)


@router.post("/{tournament_id}/fill")
async def fill(tournament_id: DbId, user: User, manager: Manager) -> dict[str, Any]:
    """Creator only, when bots are allowed: bots take the empty places and it starts."""
    return await manager.fill(tournament_id, user.id)
