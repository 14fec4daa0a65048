"""Finished hands replayed from the database, as one seat saw them.

A stored hand is its seed, who was dealt in and the ordered list of accepted
events (``docs/server.md``). :func:`replay` deals it again through the engine
(``studpoker.table.Table``, exactly as the server did) and records, after the
deal and after every event, ``hand.view(seat)``: what that seat could see at
that moment. The engine's views hide other players' down cards until they are
shown, so a replay holds nothing its viewer did not see at the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from studpoker import phh
from studpoker.actions import Action
from studpoker.cards import UNKNOWN
from studpoker.describe import describe_operation
from studpoker.fairness import deck_from_seed
from studpoker.games import from_options, phh_order
from studpoker.hand import Hand
from studpoker.operations import ActionTaken, CardDealt, Operation, PotAwarded, StreetStarted
from studpoker.server.db import HandEventRow, HandRow, TableRow
from studpoker.server.views import view_dict
from studpoker.table import Table

__all__ = ["Replay", "ReplayError", "describe", "replay", "seat_phh"]


class ReplayError(RuntimeError):
    """Stored rows that do not replay."""


@dataclass(frozen=True, slots=True)
class Replay:
    """A finished hand dealt again: the engine's hand, the names per hand seat and the
    steps (what ``seat`` saw after the deal and after each event)."""

    hand: Hand
    names: list[str]
    seat: int | None
    steps: list[dict[str, Any]]


def replay(table: TableRow, hand_row: HandRow, events: Sequence[HandEventRow], seat: int | None) -> Replay:
    """Deal ``hand_row`` again from its seed, replay its events through the engine and
    record ``hand.view(seat)`` after the deal and after every event."""
    game = from_options(**table.config["game"])
    t = Table(game=game, seats=table.config.get("seats") or game.max_players)
    t.button = hand_row.prev_button
    for entry in hand_row.start:
        t.sit(int(entry["seat"]), name=str(entry["name"]), chips=int(entry["chips"]))
    hand = t.start_hand(deck=deck_from_seed(hand_row.seed, joker=game.joker))
    if t.hand_seats != list(hand_row.hand_seats):
        raise ReplayError(f"hand {hand_row.id} deals to {t.hand_seats}, stored {hand_row.hand_seats}")
    names_by_seat = {int(e["seat"]): str(e["name"]) for e in hand_row.start}
    names = [names_by_seat.get(ts, f"seat {ts + 1}") for ts in t.hand_seats]
    out: list[dict[str, Any]] = []
    done = 0

    def snapshot() -> None:
        nonlocal done
        v = hand.view(seat)
        lines = [d for op in v.log[done:] if (d := describe(op, names)) is not None]
        out.append({"street": v.street, "street_name": v.street_name, "lines": lines,
                    "view": view_dict(v, log=False)})
        done = len(v.log)

    snapshot()
    for ev in events:
        if ev.kind == "act":
            t.act(Action.from_dict(ev.data))
        elif ev.kind == "leave":
            t.leave(int(ev.data["seat"]))
        else:
            raise ReplayError(f"hand {hand_row.id}: unknown event {ev.kind!r}")
        if len(hand.log) != done:
            snapshot()
    return Replay(hand=hand, names=names, seat=seat, steps=out)


_LINES = (StreetStarted, ActionTaken, PotAwarded)  # the records worth a line in a replay


def describe(op: Operation, names: Sequence[str]) -> str | None:
    """One log record in words (None: not worth a line), from :mod:`studpoker.describe`.
    Records come from a view, so they hold only cards the viewer may see."""
    return describe_operation(op, names=names) if isinstance(op, _LINES) else None


def seat_phh(rep: Replay, fields: dict[str, object]) -> str:
    """The hand as PHH text for the replay's seat: the public history, plus the seat's own
    down cards (``??`` stays for every card the seat did not see)."""
    hand, seat = rep.hand, rep.seat
    history = phh.from_hand(hand, public=True, fields=fields)
    if seat is not None:
        own = [op.card for op in hand.log
               if isinstance(op, CardDealt) and op.seat == seat and not op.face_up and op.card is not None]
        order = phh_order(hand.dealer, hand.n)
        prefix = f"d dh p{order.index(seat) + 1} "
        queue = list(own)
        actions: list[str] = []
        for line in history.actions:
            if line.startswith(prefix) and queue:
                cards = line[len(prefix):]
                pieces = [cards[i:i + 2] for i in range(0, len(cards), 2)]
                filled = [str(queue.pop(0)) if p == UNKNOWN and queue else p for p in pieces]
                line = prefix + "".join(filled)
            actions.append(line)
        history.actions = actions
    return phh.write(history)
