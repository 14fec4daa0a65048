"""Rooms' text hand histories uploaded from the browser: imported and replayed.

The browser's "Your hands" page sends a file's bytes; the server reads it with
:mod:`studpoker.history` (the same code as ``studpoker import``) and answers
with the hands imported (each as PHH text) and the hands refused (each with its
reason and the house option that would cover it). The replayer then asks for
one hand's steps, as the hero of the file saw them.

Routes (JSON):

* ``POST /api/import?room=auto``: the body is the file (any encoding the
  importer reads), at most :data:`MAX_IMPORT_BYTES` (413 beyond); ``room``:
  ``pokerstars``, ``fulltilt``, ``acr`` or ``auto``. Answer: the counts of
  :class:`studpoker.history.Summary` (``rooms``, ``imported``, ``replayed``,
  ``refused``, ``refusals``) and ``hands``: ``[{"index", "room", "hand", "table",
  "game", "game_name", "players", "hero", "payoff", "phh"}]`` (at most
  :data:`MAX_LISTED`; ``listed`` says how many). A file with no hand of the room
  is a 400 with the reason.
* ``POST /api/import/replay``: ``{"phh": one hand's PHH text}``; answer: the hand
  step by step (``names``, ``you``, ``game_info``, ``config``, ``steps``,
  ``results``, ``payoffs``, ...), in the shape of ``GET /api/hands/{id}/replay``.
"""

from __future__ import annotations

import io
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from studpoker import history, phh
from studpoker.codec import result_dict, view_dict
from studpoker.engine.actions import ActionKind, IllegalAction
from studpoker.engine.games import GAMES, game_info, to_options
from studpoker.engine.operations import ActionTaken, CardDealt, CommunityCardDealt, MarketDealt
from studpoker.server.replay import describe

__all__ = ["MAX_IMPORT_BYTES", "MAX_LISTED", "replay_steps", "router"]

MAX_IMPORT_BYTES = 4 * 1024 * 1024
"""The largest upload (4 MiB: about 3,000 hands)."""
MAX_LISTED = 1000
"""Hands listed in one answer (all are counted)."""

router = APIRouter(prefix="/api")


async def _body(request: Request) -> bytes:
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_IMPORT_BYTES:
        raise HTTPException(413, f"the file is larger than {MAX_IMPORT_BYTES // (1024 * 1024)} MiB: "
                                 "import it with the command line (studpoker import)")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_IMPORT_BYTES:
            raise HTTPException(413, f"the file is larger than {MAX_IMPORT_BYTES // (1024 * 1024)} "
                                     "MiB: import it with the command line (studpoker import)")
        chunks.append(chunk)
    return b"".join(chunks)


def _import(raw: bytes, room: str) -> dict[str, Any]:
    summary = history.Summary()
    hands: list[dict[str, Any]] = []
    try:
        for result in history.read(io.BytesIO(raw), room=room, name="upload"):
            summary.add(result)
            if not isinstance(result, history.Imported) or len(hands) >= MAX_LISTED:
                continue
            h = result.history
            hero = h.fields.get("_hero")
            players = list(h.players or [])
            payoff = None
            if isinstance(hero, str) and hero in players and h.finishing_stacks is not None:
                p = players.index(hero)
                payoff = h.finishing_stacks[p] - h.starting_stacks[p]
            game = phh.VARIANT_GAMES.get(h.variant, h.variant)
            hands.append({
                "index": len(hands), "room": result.room, "hand": result.hand_id,
                "table": None if h.table is None else str(h.table), "game": game,
                "game_name": GAMES[game].title if game in GAMES else game, "players": players,
                "hero": hero if isinstance(hero, str) else None, "payoff": payoff,
                "phh": phh.write(h),
            })
    except history.HistoryError as exc:
        raise HTTPException(400, exc.reason) from None
    return {**summary.to_dict(), "hands": hands, "listed": len(hands)}


@router.post("/import")
async def import_history(request: Request, room: str = "auto") -> dict[str, Any]:
    """Import an uploaded room's text hand history (see the module doc)."""
    raw = await _body(request)
    if not raw.strip():
        raise HTTPException(400, "the file is empty")
    return await run_in_threadpool(_import, raw, room)


class ReplayRequest(BaseModel):
    """One imported hand to replay: its PHH text."""

    phh: str = Field(max_length=200_000)


def replay_steps(h: phh.HandHistory) -> dict[str, Any]:
    """A PHH hand step by step as its hero (``_hero``) saw it, or as the public saw it:
    the view after the deal and after every decision (``GET /api/hands/{id}/replay``'s shape).
    Raises :class:`studpoker.phh.PHHError` when the hand does not replay."""
    result = phh.replay_result(h)
    done = result.hand
    n = done.n
    names = [(h.players or [])[result.player(s)] if h.players else f"p{result.player(s) + 1}"
             for s in range(n)]
    hero = h.fields.get("_hero")
    you = names.index(hero) if isinstance(hero, str) and hero in names else None
    deck = [op.card for op in done.log
            if isinstance(op, CardDealt | CommunityCardDealt | MarketDealt) and op.card is not None]
    hand = done.game.deal(stacks=list(done.starting_stacks), dealer=done.dealer, deck=deck)
    steps: list[dict[str, Any]] = []
    shown = 0

    def snapshot() -> None:
        nonlocal shown
        view = hand.view(you)
        lines = [text for op in view.log[shown:] if (text := describe(op, names)) is not None]
        steps.append({"street": view.street, "street_name": view.street_name, "lines": lines,
                      "view": view_dict(view, log=False)})
        shown = len(view.log)

    snapshot()
    for op in done.log:
        if not isinstance(op, ActionTaken):
            continue
        action = op.action
        try:
            hand.apply(action)
        except IllegalAction:
            if action.kind is not ActionKind.FOLD or action.seat not in done.left:
                raise
            hand.leave(action.seat)  # R4.3: the player had left the table
            hand.apply(action)
        snapshot()
    return {
        "id": None, "table": h.table, "table_name": str(h.table) if h.table is not None else "",
        "number": h.hand, "room": h.fields.get("_room"), "config": {"game": to_options(done.game)},
        "game_info": game_info(done.game), "seats": list(range(n)), "names": names, "you": you,
        "commitment": "", "openings": [], "payoffs": list(done.payoffs),
        "results": [result_dict(r) for r in done.results], "steps": steps,
    }


@router.post("/import/replay")
def replay_imported(body: ReplayRequest) -> dict[str, Any]:
    """One imported hand step by step (see the module doc)."""
    try:
        return replay_steps(phh.read_one(body.phh))
    except phh.PHHError as exc:
        raise HTTPException(400, f"the hand does not replay: {exc}") from None
