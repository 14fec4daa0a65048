"""From stored rows back to a live :class:`~studpoker.table.Table` (restart, audit).

A live hand is stored as its seed, the seats dealt in with their chips at the
start, the button before it, and the ordered list of accepted events. To
rebuild it the table is set up as it was when the hand started, the hand is
dealt again from the seed's deck through ``Table.start_hand`` and every event
is replayed through ``Table.act`` / ``Table.leave``: the engine itself
recomputes the state, nothing is re-implemented here.
"""

from __future__ import annotations

from collections.abc import Sequence

from studpoker.actions import Action
from studpoker.fairness import deck_from_seed
from studpoker.games import from_options
from studpoker.server.db import HandEventRow, HandRow, SeatRow, TableRow
from studpoker.table import Table

__all__ = ["RestoreError", "restore_table"]


class RestoreError(RuntimeError):
    """Stored rows that do not replay to the state they describe."""


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
) -> Table:
    """The table (and its live hand, if ``hand_row`` is one) as the rows describe it."""
    config = table_row.config
    game = from_options(**config["game"])
    table = Table(game=game, seats=config.get("seats") or game.max_players)
    if hand_row is None or hand_row.status != "live":
        for row in seat_rows:
            _seat_up(table, row)
        table.button = table_row.button
        table.hands_played = table_row.hands_played
        return table
    table.button = hand_row.prev_button
    for entry in hand_row.start:
        table.sit(int(entry["seat"]), name=str(entry["name"]), chips=int(entry["chips"]))
    hand = table.start_hand(deck=deck_from_seed(hand_row.seed, joker=game.joker))
    if table.hand_seats != list(hand_row.hand_seats) or hand.dealer != hand_row.dealer:
        raise RestoreError(
            f"hand {hand_row.id}: dealt to {table.hand_seats} (dealer {hand.dealer}), "
            f"stored {hand_row.hand_seats} (dealer {hand_row.dealer})"
        )
    for ev in events:
        if ev.kind == "act":
            table.act(Action.from_dict(ev.data))
        elif ev.kind == "leave":
            table.leave(int(ev.data["seat"]))
        else:
            raise RestoreError(f"hand {hand_row.id}: unknown event kind {ev.kind!r}")
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
