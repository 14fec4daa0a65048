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
* ``POST /api/import/replay``: ``{"phh": one hand's PHH text}`` (at most
  :data:`MAX_REPLAY_CHARS` characters, 413 beyond); answer: the hand step by step
  (``names``, ``you``, ``game_info``, ``config``, ``steps``, ``results``,
  ``payoffs``, ...), in the shape of ``GET /api/hands/{id}/replay``. Each step costs
  the same however long the hand: the state without the log, and the log's new records.

Both read and replay in a worker process (:mod:`studpoker.server.work`: a few at once,
a few more waiting, any other refused with 503 and ``Retry-After``; one running past the
time limit stopped with 413), never on the server's event loop, and both are counted
per address (``uploads_per_ip``, ``replays_per_ip``: 429 with ``Retry-After`` over the
limit), so that uploads cannot slow the tables.
"""

from __future__ import annotations

import io
from typing import Any

from fastapi import APIRouter, HTTPException, Request, Response
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, ValidationError

from studpoker import history, phh
from studpoker.codec import result_dict, view_dict
from studpoker.engine.actions import ActionKind, IllegalAction
from studpoker.engine.games import GAMES, game_info, to_options
from studpoker.engine.operations import ActionTaken, CardDealt, CommunityCardDealt, MarketDealt
from studpoker.server.api import Svc, client_ip, too_many
from studpoker.server.http import SafeJSONResponse
from studpoker.server.limits import LimitExceeded
from studpoker.server.replay import describe
from studpoker.server.work import Job, WorkRefused

__all__ = ["MAX_IMPORT_BYTES", "MAX_LISTED", "MAX_REPLAY_CHARS", "import_answer", "replay_answer",
           "replay_steps", "router"]

MAX_IMPORT_BYTES = 4 * 1024 * 1024
"""The largest upload (4 MiB: about 3,000 hands)."""
MAX_LISTED = 1000
"""Hands listed in one answer (all are counted)."""
MAX_REPLAY_CHARS = 200_000
"""The longest PHH text replayed (a hand of some 11,000 actions)."""
_MAX_REPLAY_BYTES = 8 * MAX_REPLAY_CHARS  # its JSON body (escapes take up to 6 bytes a character)
_CLI = "import it with the command line (studpoker import)"
_CLI_REPLAY = "replay it with the command line (studpoker replay --step)"

router = APIRouter(prefix="/api")


async def _body(request: Request, limit: int, too_large: str) -> bytes:
    """The request's body, read up to ``limit`` bytes (413 with ``too_large`` beyond)."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise HTTPException(413, too_large)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise HTTPException(413, too_large)
        chunks.append(chunk)
    return b"".join(chunks)


def _json(status: int, content: Any) -> tuple[int, bytes]:
    return status, bytes(SafeJSONResponse(content).body)


async def _in_worker(svc: Svc, fn: Job, *args: Any, too_long: str) -> Response:
    """``fn(*args)`` in a worker process, its ``(status, JSON)`` as the answer."""
    try:
        status, body = await svc.guards.work.run(fn, *args)
    except WorkRefused as exc:
        message = f"{exc.message}: {too_long}" if exc.status == 413 else exc.message
        raise HTTPException(exc.status, message, headers=exc.headers) from None
    return Response(body, status_code=status, media_type="application/json")


def _import(raw: bytes, room: str) -> dict[str, Any]:
    summary = history.Summary()
    hands: list[dict[str, Any]] = []
    try:
        for result in history.read(io.BytesIO(raw), room=room, name="upload", seen=set()):
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


def import_answer(raw: bytes, room: str) -> tuple[int, bytes]:
    """``POST /api/import``'s status and JSON body (run in a worker process)."""
    try:
        return _json(200, _import(raw, room))
    except HTTPException as exc:
        return _json(exc.status_code, {"detail": exc.detail})


@router.post("/import")
async def import_history(request: Request, svc: Svc, room: str = "auto") -> Response:
    """Import an uploaded room's text hand history (see the module doc)."""
    try:
        await svc.guards.new_upload(client_ip(request))
    except LimitExceeded as exc:
        raise too_many(exc) from None
    raw = await _body(request, MAX_IMPORT_BYTES,
                      f"the file is larger than {MAX_IMPORT_BYTES // (1024 * 1024)} MiB: {_CLI}")
    if not raw.strip():
        raise HTTPException(400, "the file is empty")
    return await _in_worker(svc, import_answer, raw, room, too_long=_CLI)


class ReplayRequest(BaseModel):
    """One imported hand to replay: its PHH text."""

    phh: str


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
        # the state without the log, and only the records new since the last step: each step
        # costs the same however long the hand (a view with its log filters the whole log again)
        nonlocal shown
        view = hand.views((you,))[0]
        seen = frozenset(p.seat for p in view.players if p.shown)
        lines = [text for op in hand.log[shown:]
                 if (text := describe(op.visible_to(you, seen), names)) is not None]
        steps.append({"street": view.street, "street_name": view.street_name, "lines": lines,
                      "view": view_dict(view, log=False)})
        shown = len(hand.log)

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


def replay_answer(text: str) -> tuple[int, bytes]:
    """``POST /api/import/replay``'s status and JSON body (run in a worker process)."""
    if "\n" not in text:
        text += "\n"  # text, never a file name (phh.read reads a one-line string without "=" as one)
    try:
        return _json(200, replay_steps(phh.read_one(text)))
    except phh.PHHError as exc:
        return _json(400, {"detail": f"the hand does not replay: {exc}"})


@router.post("/import/replay")
async def replay_imported(request: Request, svc: Svc) -> Response:
    """One imported hand step by step (see the module doc)."""
    try:
        await svc.guards.new_replay(client_ip(request))
    except LimitExceeded as exc:
        raise too_many(exc) from None
    too_large = f"the hand is longer than {MAX_REPLAY_CHARS:,} characters: {_CLI_REPLAY}"
    raw = await _body(request, _MAX_REPLAY_BYTES, too_large)
    try:
        body = ReplayRequest.model_validate_json(raw)
    except ValidationError as exc:
        raise RequestValidationError(exc.errors()) from None
    if len(body.phh) > MAX_REPLAY_CHARS:
        raise HTTPException(413, too_large)
    return await _in_worker(svc, replay_answer, body.phh, too_long=_CLI_REPLAY)
