"""A table back from stored rows: restart, failover, the audit and hand replays.

A hand is stored as its seed, the seats dealt in with their chips at the
start, the button before it, and the ordered list of accepted events. To
rebuild it the table is set up as it was when the hand started, the hand is
dealt again from the seed's deck through ``Table.start_hand`` and every event
is replayed through ``Table.act`` / ``Table.leave``: the engine itself
recomputes the state, nothing is re-implemented here.

:func:`replay_hand` is that one walk over the rows; :func:`restore_table`
(a live table, after a restart or on another process) and :func:`replay`
(a finished hand step by step, as one seat saw it) are built on it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from studpoker import phh
from studpoker.codec import view_dict
from studpoker.describe import describe_operation
from studpoker.engine.actions import Action
from studpoker.engine.cards import UNKNOWN
from studpoker.engine.games import from_options, phh_order
from studpoker.engine.hand import Hand
from studpoker.engine.operations import ActionTaken, CardDealt, Operation, PotAwarded, StreetStarted
from studpoker.engine.table import Table
from studpoker.fairness import deck_from_seed
from studpoker.server.db import HandEventRow, HandRow, SeatRow, TableRow

__all__ = [
    "Replay",
    "ReplayError",
    "RestoreError",
    "describe",
    "empty_table",
    "replay",
    "replay_hand",
    "restore_table",
    "seat_phh",
]


class ReplayError(RuntimeError):
    """Stored rows that do not replay to the state they describe."""


RestoreError = ReplayError  # the name used by the restart path


def empty_table(config: dict[str, Any], dealt: Sequence[tuple[Any, ...]] = ()) -> Table:
    """A table of the stored configuration, with nobody seated; a mixed table (R7) stands where
    the hands ``dealt`` (each one's game and number of players, oldest first, and for a dealer's
    choice by orbit its seats and button: ``Table.restore_rotation``) left its rotation."""
    game = from_options(**config["game"])
    raw = config.get("mixed")
    if raw is None:
        return Table(game=game, seats=config.get("seats") or game.max_players)
    from studpoker.server.protocol import MixedConfig

    mixed = MixedConfig.model_validate(raw).build()
    table = Table(game=game, seats=config.get("seats"), mixed=mixed)
    if dealt:
        table.restore_rotation(dealt)
    return table


def replay_hand(table_row: TableRow, hand_row: HandRow, events: Sequence[HandEventRow], *,
                after: Callable[[Table, Hand], None] | None = None,
                dealt: Sequence[tuple[Any, ...]] = ()) -> Table:
    """Deal ``hand_row`` again from its seed and replay ``events`` through the engine.

    ``after(table, hand)`` is called after the deal and after every event. The
    returned table holds only the players dealt in (as they were at the start).
    The hand is dealt at its own game (``hands.game``: a tournament level's stakes, a mixed
    table's game of that hand, R7.3); ``dealt``: the hands before it (a mixed table's rotation).
    """
    table = empty_table(table_row.config, dealt)
    table.button = hand_row.prev_button
    for entry in hand_row.start:
        table.sit(int(entry["seat"]), name=str(entry["name"]), chips=int(entry["chips"]))
    game = from_options(**hand_row.game) if hand_row.game is not None else table.game
    hand = table.start_hand(deck=deck_from_seed(hand_row.seed, joker=game.joker), game=game)
    if table.hand_seats != list(hand_row.hand_seats) or hand.dealer != hand_row.dealer:
        raise ReplayError(
            f"hand {hand_row.id}: dealt to {table.hand_seats} (dealer {hand.dealer}), "
            f"stored {hand_row.hand_seats} (dealer {hand_row.dealer})"
        )
    if after is not None:
        after(table, hand)
    for ev in events:
        if ev.kind == "act":
            table.act(Action.from_dict(ev.data))
        elif ev.kind == "leave":
            table.leave(int(ev.data["seat"]))
        else:
            raise ReplayError(f"hand {hand_row.id}: unknown event kind {ev.kind!r}")
        if after is not None:
            after(table, hand)
    return table


def _seat_up(table: Table, row: SeatRow) -> None:
    table.sit(row.seat, name=row.name, chips=row.chips)
    player = table.seats[row.seat]
    assert player is not None
    player.sitting_out = row.sitting_out or row.chips == 0


def restore_table(
    table_row: TableRow,
    seat_rows: Sequence[SeatRow],
    hand_row: HandRow | None,
    events: Sequence[HandEventRow],
    dealt: Sequence[tuple[Any, ...]] = (),
) -> Table:
    """The table (and its live hand, if ``hand_row`` is one) as the rows describe it;
    ``dealt``: a mixed table's finished hands (game, players), oldest first (R7)."""
    if hand_row is None or hand_row.status != "live":
        table = empty_table(table_row.config, dealt)
        for row in seat_rows:
            _seat_up(table, row)
        table.button = table_row.button
        table.hands_played = table_row.hands_played
        return table
    table = replay_hand(table_row, hand_row, events, dealt=dealt)
    in_hand = set(table.hand_seats)
    for row in seat_rows:
        if row.seat in in_hand:
            player = table.seats[row.seat]
            if player is not None:
                player.sitting_out = row.sitting_out
        else:
            _seat_up(table, row)
    table.hands_played = table_row.hands_played
    return table


# ------------------------------------------------------------ replays of finished hands


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
    record ``hand.view(seat)`` after the deal and after every event that changed the log.

    The engine's views hide other players' down cards until they are shown, so a
    replay holds nothing its viewer did not see at the table.
    """
    names_by_seat = {int(e["seat"]): str(e["name"]) for e in hand_row.start}
    names = [names_by_seat.get(ts, f"seat {ts + 1}") for ts in hand_row.hand_seats]
    out: list[dict[str, Any]] = []
    done = -1

    def snapshot(_table: Table, hand: Hand) -> None:
        nonlocal done
        if len(hand.log) == done:
            return
        v = hand.view(seat)
        lines = [d for op in v.log[max(done, 0):] if (d := describe(op, names)) is not None]
        out.append({"street": v.street, "street_name": v.street_name, "lines": lines,
                    "view": view_dict(v, log=False)})
        done = len(v.log)

    t = replay_hand(table, hand_row, events, after=snapshot)
    assert t.hand is not None
    return Replay(hand=t.hand, names=names, seat=seat, steps=out)


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
